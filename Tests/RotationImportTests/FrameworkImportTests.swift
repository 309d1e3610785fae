import Foundation
import RotationCore
import RotationImport
import Testing

/// Issue #30: a React Native or Flutter project folder — its `ios/` Xcode project (the ModernApp
/// fixture, written for these tests) beside the manifests a real project has — imports with its
/// framework, its orientation plugin and version, and the app delegate's hook or its absence.
@Suite final class FrameworkImportTests {
  /// The scratch folders this test made, removed when it ends (a suite class's `deinit` runs after
  /// each test): a test leaves nothing behind in /tmp.
  private var made: [URL] = []

  deinit { for folder in made { try? FileManager.default.removeItem(at: folder) } }

  static let modernApp = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/ModernApp/ModernApp.xcodeproj")

  /// A project folder with `files` (relative path → text) and the Xcode project under `ios/`.
  func project(_ files: [String: String]) throws -> String {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("rn-\(UUID().uuidString)")
    let ios = root.appendingPathComponent("ios")
    try FileManager.default.createDirectory(at: ios, withIntermediateDirectories: true)
    made.append(root)
    try FileManager.default.copyItem(
      at: Self.modernApp, to: ios.appendingPathComponent("ModernApp.xcodeproj"))
    for (path, text) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    return root.path
  }

  static let packageJSON = #"""
    {"name": "player", "dependencies": {"react-native": "0.72.4", "react-native-orientation-locker": "^1.5.0"}}
    """#
  static let packageLock = #"""
    {"lockfileVersion": 3, "packages": {"": {"name": "player"},
      "node_modules/react-native": {"version": "0.72.4"},
      "node_modules/react-native-orientation-locker": {"version": "1.6.0"}}}
    """#
  static let hookedDelegate = """
    #import "AppDelegate.h"
    #import "Orientation.h"
    @implementation AppDelegate
    - (UIInterfaceOrientationMask)application:(UIApplication *)application supportedInterfaceOrientationsForWindow:(UIWindow *)window {
      return [Orientation getOrientation];
    }
    @end
    """

  /// The lockfile's resolved version wins over the range in package.json; the hook makes the app
  /// delegate return the plugin's mask, so a lock call turns the imported app.
  @Test func aReactNativeProjectBringsItsPluginAndItsHook() throws {
    let folder = try project([
      "package.json": Self.packageJSON, "package-lock.json": Self.packageLock,
      "ios/Player/AppDelegate.mm": Self.hookedDelegate,
    ])
    let result = try AppImport.load(path: folder)
    var app = try ScenarioDecoder.decode(text: ScenarioEncoder.text(result.scenario))
    #expect(app.app.framework == Framework(name: .reactNative, version: PackageVersion("0.72.4")!))
    #expect(
      app.app.plugins == [
        PluginUse(name: "react-native-orientation-locker", version: PackageVersion("1.6.0")!)
      ])
    #expect(app.app.supportedInterfaceOrientationsForWindow == .read("_orientationMask"))
    #expect(result.report.text.contains("the app delegate returns [Orientation getOrientation]"))
    app.steps = [
      .launch, .plugin(PluginCall(plugin: "react-native-orientation-locker", call: "lockToLandscapeLeft")),
    ]
    #expect(Simulator.run(app)[1].interfaceOrientation == .landscapeRight)
  }

  /// Without the README's AppDelegate step the import says so: the classic bug.
  @Test func aMissingHookIsReported() throws {
    let yarn = """
      react-native-orientation-locker@^1.7.0:
        version "1.7.0"
        resolved "https://registry.yarnpkg.com/react-native-orientation-locker/-/react-native-orientation-locker-1.7.0.tgz"

      "react-native@0.73.2":
        version "0.73.2"
      """
    let folder = try project([
      "package.json":
        #"{"dependencies": {"react-native": "0.73.2", "react-native-orientation-locker": "^1.7.0"}}"#,
      "yarn.lock": yarn,
    ])
    let result = try AppImport.load(path: folder)
    #expect(result.scenario.app.plugins.first?.version == PackageVersion("1.7.0"))
    #expect(result.scenario.app.supportedInterfaceOrientationsForWindow == nil)
    #expect(result.report.text.contains("the app delegate does not return [Orientation getOrientation]"))
    #expect(Diagnosis.findings(result.scenario).contains { $0.rule == "plugins" })
  }

  /// A Flutter project: pubspec.lock's `sdks: flutter:` lower bound is the framework's version.
  @Test func aFlutterProjectIsRecognisedFromPubspecLock() throws {
    let lock = """
      packages:
        flutter:
          dependency: "direct main"
          description: flutter
          source: sdk
          version: "0.0.0"
      sdks:
        dart: ">=3.3.0 <4.0.0"
        flutter: ">=3.22.0"
      """
    let result = try AppImport.load(path: try project(["pubspec.lock": lock]))
    #expect(result.scenario.app.framework == Framework(name: .flutter, version: PackageVersion("3.22.0")!))
    #expect(result.report.text.contains("a flutter app, version 3.22.0"))
  }

  /// Without an npm lockfile, `ios/Podfile.lock` gives the versions CocoaPods installed, not the
  /// lowest the package.json ranges allow (a corpus app pinned `^1.3.1` and ran 1.5.0).
  @Test func podfileLockGivesTheInstalledVersionsWithoutAnNpmLockfile() throws {
    let pods = """
      PODS:
        - React-Core (0.64.1):
          - React-Core/Default (= 0.64.1)
        - react-native-orientation-locker (1.5.0):
          - React-Core

      DEPENDENCIES:
        - react-native-orientation-locker (from `../node_modules/react-native-orientation-locker`)
      """
    let folder = try project([
      "package.json":
        #"{"dependencies": {"react-native": "^0.64.0", "react-native-orientation-locker": "^1.3.1"}}"#,
      "ios/Podfile.lock": pods,
    ])
    let result = try AppImport.load(path: folder)
    #expect(
      result.scenario.app.framework == Framework(name: .reactNative, version: PackageVersion("0.64.1")!))
    #expect(result.scenario.app.plugins.first?.version == PackageVersion("1.5.0"))
  }
}
