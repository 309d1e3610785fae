// swift-tools-version:6.0
// Rotation Lab — simulate and show how UIKit decides an iOS app's interface orientation.
//
// Layout tells the architecture:
//   CIntl                gettext and setlocale from the C library, for the translated texts
//   RotationCore         pure simulation (FoundationEssentials and gettext only): orientations, scenarios, the simulator
//   CCairo               Cairo and PangoCairo as a system library (no GTK)
//   RotationRender       draws any step with Cairo: tree, device mockup, masks, call order; exports
//   CBuildConfig         the build's version, application id, profile and data folder (meson sets them)
//   RotationResources    what build this is, and where the bundled scenarios and UI files are
//   CXml                 libxml2's streaming reader as a system library, for storyboards and xibs
//   CTreeSitter…         tree-sitter's C runtime and its Swift and Objective-C grammars, vendored from
//                        PyPI's source distributions by scripts/vendor-tree-sitter (docs/tree-sitter.md)
//   RotationSyntax       Swift and Objective-C source as syntax trees (values), through tree-sitter
//   RotationImport       the user's Xcode files (project, Info.plist, storyboards, code) into a scenario and a report
//   RotationCommandLine  the headless `rotation-lab` commands (trace, validate, export, compare, …)
//   CGtk                 GTK 3 as a system library, with a shim for macros and variadic calls
//   RotationLabApp       the thin GTK shell: clicks become events, steps are shown via the renderer
//   rotation-lab         the executable: the window with no command, else the command line
//   rotation-lab-bench   the benchmarks (release build): speed figures with their bounds
import PackageDescription

let package = Package(
  name: "RotationLab",
  products: [
    .executable(name: "rotation-lab", targets: ["rotation-lab"]),
    .executable(name: "rotation-lab-bench", targets: ["rotation-lab-bench"]),
    .library(name: "RotationCore", targets: ["RotationCore"]),
  ],
  targets: [
    .systemLibrary(name: "CIntl"),
    .target(name: "RotationCore", dependencies: ["CIntl", "RotationSyntax"]),
    .systemLibrary(
      name: "CCairo",
      pkgConfig: "pangocairo",
      providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]
    ),
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    .target(name: "RotationRender", dependencies: ["RotationCore", "CCairo", "CZlib"]),
    .systemLibrary(name: "CBuildConfig"),
    .target(name: "RotationResources", dependencies: ["RotationCore", "CBuildConfig"]),
    .systemLibrary(name: "CXml", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
    // lib.c includes the runtime's other C files (a unity build), as tree-sitter builds itself.
    .target(
      name: "CTreeSitter",
      exclude: ["LICENSE", "VERSION", "src/unicode/LICENSE", "src/unicode/ICU_SHA", "src/unicode/README.md"],
      sources: ["src/lib.c"],
      cSettings: [
        .headerSearchPath("src"), .define("_POSIX_C_SOURCE", to: "200112L"), .define("_DEFAULT_SOURCE"),
      ]
    ),
    .target(
      name: "CTreeSitterSwift", exclude: ["LICENSE", "VERSION"], sources: ["src/parser.c", "src/scanner.c"],
      cSettings: [.headerSearchPath("src")]),
    .target(
      name: "CTreeSitterObjC", exclude: ["LICENSE", "VERSION"], sources: ["src/parser.c"],
      cSettings: [.headerSearchPath("src")]),
    .target(name: "RotationSyntax", dependencies: ["CTreeSitter", "CTreeSitterSwift", "CTreeSitterObjC"]),
    .target(name: "RotationImport", dependencies: ["RotationCore", "RotationSyntax", "CXml"]),
    .target(
      name: "RotationCommandLine",
      dependencies: ["RotationCore", "RotationRender", "RotationResources", "RotationImport"]),
    .systemLibrary(
      name: "CGtk",
      pkgConfig: "gtk+-3.0",
      providers: [.apt(["libgtk-3-dev"])]
    ),
    .target(
      name: "RotationLabApp",
      dependencies: ["RotationCore", "RotationRender", "RotationResources", "RotationImport", "CGtk"]),
    .executableTarget(
      name: "rotation-lab", dependencies: ["RotationCommandLine", "RotationLabApp", "RotationResources"]),
    .target(
      name: "RotationBench", dependencies: ["RotationCore", "RotationRender", "RotationImport", "CCairo"]),
    .executableTarget(name: "rotation-lab-bench", dependencies: ["RotationBench"]),
    .testTarget(
      name: "RotationCoreTests",
      dependencies: ["RotationCore"],
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "RotationRenderTests",
      dependencies: ["RotationRender", "RotationCore", "CCairo"],
      exclude: ["__Snapshots__"]
    ),
    .testTarget(
      name: "RotationImportTests",
      dependencies: ["RotationImport", "RotationCore"],
      exclude: ["Fixtures"]
    ),
    .testTarget(name: "RotationSyntaxTests", dependencies: ["RotationSyntax"]),
    .testTarget(name: "RotationLabAppTests", dependencies: ["RotationLabApp", "RotationCore", "CGtk"]),
    .testTarget(
      name: "RotationCommandLineTests",
      // rotation-lab: the binary the tests run.
      dependencies: [
        "RotationCommandLine", "RotationCore", "RotationRender", "RotationResources", "rotation-lab",
      ],
      exclude: ["__Snapshots__"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
