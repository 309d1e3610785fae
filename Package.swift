// swift-tools-version:6.0
// Rotation Lab — simulate and show how UIKit decides an iOS app's interface orientation.
//
// Layout tells the architecture:
//   RotationCore         pure simulation (Foundation only): orientations, scenarios, the simulator
//   RotationCommandLine  the headless `rotation-lab` commands (trace, validate)
//   rotation-lab         the executable: a thin entry point
import PackageDescription

let package = Package(
  name: "RotationLab",
  products: [
    .executable(name: "rotation-lab", targets: ["rotation-lab"]),
    .library(name: "RotationCore", targets: ["RotationCore"]),
  ],
  targets: [
    .target(name: "RotationCore"),
    .target(name: "RotationCommandLine", dependencies: ["RotationCore"]),
    .executableTarget(name: "rotation-lab", dependencies: ["RotationCommandLine"]),
    .testTarget(
      name: "RotationCoreTests",
      dependencies: ["RotationCore"],
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "RotationCommandLineTests",
      dependencies: ["RotationCommandLine", "RotationCore", "rotation-lab"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
