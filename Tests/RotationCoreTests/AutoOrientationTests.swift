import RotationCore
import Testing

/// Issue #30: the pub package auto_orientation, per version, as its native code and its Dart side
/// run (bytepark/auto_orientation: `AutoOrientationPlugin.m` to 2.2.x, `AutoOrientationPlugin.swift`
/// from 2.3.0, `lib/auto_orientation.dart`; docs/rules.md#plugins). It keeps no mask: Flutter's
/// engine answers with its own.
@Suite struct AutoOrientationTests {
  func steps(version: String, system: String, _ calls: [String], engine: String = "3.22.0") throws -> [Step] {
    let list = calls.map { #"{"plugin": "auto_orientation", "call": "AutoOrientation.\#($0)"}"# }
    return try run(
      """
      "system": {"version": "\(system)", "idiom": "phone", "homeButton": false},
      "app": {"framework": {"name": "flutter", "version": "\(engine)"},
              "plugins": [{"name": "auto_orientation", "version": "\(version)"}],
              "infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]},
      "classes": {},
      "window": {"root": {"class": "FlutterViewController"}},
      "steps": ["launch", \(list.joined(separator: ", "))]
      """)
  }

  func kvc(_ step: Step) -> [String] {
    step.calls.filter { $0.method == .setDeviceOrientationThroughKVC }.compactMap { $0.note?.text }
  }

  func methods(_ step: Step) -> [UIKitMethod] { step.calls.compactMap(\.method) }

  /// 1.0.1: `handleMethodCall:result:` only writes UIDevice through KVC. `setLandscapeRight` writes
  /// UIInterfaceOrientationLandscapeRight (3), which UIDevice reads as landscapeLeft: iOS 15 turns
  /// the interface to landscapeRight; iOS 16 and later only log the write, and nothing turns.
  @Test func theFirstVersionsOnlyWriteUIDevice() throws {
    let old = try steps(version: "1.0.1", system: "15.0", ["landscapeRightMode", "portraitUpMode"])
    #expect(old[1].calls.first?.signature == "-[AutoOrientationPlugin handleMethodCall:result:]")
    #expect(old[1].calls.first?.note?.text == "auto_orientation 1.0.1 · setLandscapeRight")
    #expect(kvc(old[1]) == [#"@(UIDeviceOrientationLandscapeLeft) forKey:@"orientation""#])
    #expect(!methods(old[1]).contains(.attemptRotationToDeviceOrientation))
    #expect(old[1].interfaceOrientation == .landscapeRight)
    #expect(old[2].interfaceOrientation == .portrait)
    let modern = try steps(version: "1.0.1", system: "17.0", ["landscapeRightMode"])
    #expect(modern[1].interfaceOrientation == .portrait)
    // The modes 1.0.2 brought are not in 1.0.1: said, nothing runs.
    let missing = try steps(version: "1.0.1", system: "15.0", ["landscapeAutoMode"])
    #expect(
      missing[1].reason.text.contains("does not know auto_orientation's AutoOrientation.landscapeAutoMode"))
    // 0.0.x had only `landscapeMode` and `portraitMode`: the single modes came with 1.0.0.
    let first = try steps(version: "0.0.2", system: "15.0", ["landscapeRightMode"])[1]
    #expect(first.reason.text.contains("does not know auto_orientation's AutoOrientation.landscapeRightMode"))
    #expect(first.interfaceOrientation == .portrait)
  }

  /// 1.0.2 to 2.2.0: the Dart side first calls `SystemChrome.setPreferredOrientations` with the
  /// mode's list, not awaited, so Flutter's steps come first, beside the channel's method; then KVC
  /// and the attempt. On iOS 17 the engine's request is what turns the app.
  @Test func fromVersion1Point0Point2TheDartSideSetsFlutter() throws {
    let step = try steps(version: "2.2.0", system: "17.0", ["landscapeRightMode"])[1]
    let receivers = step.calls.filter { $0.depth == 0 }.map(\.signature)
    #expect(
      receivers == [
        "-[FlutterPlatformPlugin setSystemChromePreferredOrientations:]",
        "-[AutoOrientationPlugin handleMethodCall:result:]",
      ])
    #expect(step.state.values["_orientationPreferences"] == .mask([.landscapeRight]))
    #expect(methods(step).contains(.setDeviceOrientationThroughKVC))
    let write = try #require(methods(step).lastIndex(of: .setDeviceOrientationThroughKVC))
    #expect(write < (methods(step).lastIndex(of: .attemptRotationToDeviceOrientation) ?? -1))
    #expect(step.interfaceOrientation == .landscapeRight)
    // 2.2.1 dropped the Dart call ("fix double rotation"): on iOS 17 nothing turns.
    let fixed = try steps(version: "2.2.1", system: "17.0", ["landscapeRightMode"])[1]
    #expect(!fixed.calls.contains { $0.signature.hasPrefix("-[FlutterPlatformPlugin") })
    #expect(fixed.interfaceOrientation == .portrait)
  }

  /// `fullAutoMode` (`setAuto`) writes portrait up to 2.2.1 and Unknown from the Swift plugin
  /// (2.2.2's "Fix All Modes" was never published on its own). `setScreenOrientationUser`, from
  /// 2.0.1, writes nothing in the Objective-C plugin: only the attempt.
  @Test func fullAutoWritesUnknownOnlyInTheSwiftPlugin() throws {
    let before = try steps(version: "2.2.1", system: "15.0", ["fullAutoMode"])[1]
    #expect(kvc(before) == [#"@(UIDeviceOrientationPortrait) forKey:@"orientation""#])
    let after = try steps(version: "2.3.1", system: "15.0", ["fullAutoMode"])[1]
    #expect(kvc(after) == [#"@(UIDeviceOrientationUnknown) forKey:@"orientation""#])
    let user = try steps(version: "2.0.1", system: "15.0", ["setScreenOrientationUser"])[1]
    #expect(kvc(user).isEmpty)
    #expect(methods(user).contains(.attemptRotationToDeviceOrientation))
    let older = try steps(version: "2.0.0", system: "15.0", ["setScreenOrientationUser"])[1]
    #expect(!methods(older).contains(.attemptRotationToDeviceOrientation))
  }

  /// From 2.3.0 on iOS 16: a geometry request for the mode's mask on the first scene, then the
  /// attempt — the request turns the app. Below iOS 16, 2.3.0 passed the enum itself to KVC (2.3.1:
  /// "Fix for iOS < 16"): the model writes nothing, so only 2.3.1 turns an iOS 15 device.
  @Test func from2Point3OnIOS16TheSceneIsAsked() throws {
    let step = try steps(version: "2.3.1", system: "17.0", ["landscapeLeftMode", "portraitUpMode"])
    let request = try #require(methods(step[1]).firstIndex(of: .requestGeometryUpdate))
    let attempt = try #require(methods(step[1]).firstIndex(of: .attemptRotationToDeviceOrientation))
    #expect(request < attempt)
    #expect(!methods(step[1]).contains(.setDeviceOrientationThroughKVC))
    #expect(step[1].interfaceOrientation == .landscapeLeft)
    #expect(step[2].interfaceOrientation == .portrait)
    let broken = try steps(version: "2.3.0", system: "15.0", ["landscapeLeftMode"])[1]
    #expect(kvc(broken).isEmpty)
    #expect(broken.interfaceOrientation == .portrait)
    let mended = try steps(version: "2.3.1", system: "15.0", ["landscapeLeftMode"])[1]
    #expect(mended.interfaceOrientation == .landscapeLeft)
  }

  /// A pub package needs a Flutter app, and it keeps no mask for an app delegate to return: both
  /// are refused with the path and the reason; adding it in the editor to a React Native app too.
  @Test func itIsAFlutterPackageWithoutAMask() throws {
    let notFlutter = #expect(throws: ScenarioError.self) {
      try scenario(
        #"""
        "app": {"framework": {"name": "react-native", "version": "0.72.0"},
                "plugins": [{"name": "auto_orientation", "version": "2.3.1"}]},
        "classes": {"V": {"kind": "view"}}, "window": {"root": {"class": "V"}}, "steps": ["launch"]
        """#)
    }
    #expect(notFlutter?.path == "app.plugins[0].name")
    #expect(notFlutter?.message.contains("flutter") == true)
    let noMask = #expect(throws: ScenarioError.self) {
      try scenario(
        #"""
        "app": {"framework": {"name": "flutter", "version": "3.22.0"},
                "plugins": [{"name": "auto_orientation", "version": "2.3.1"}],
                "supportedInterfaceOrientationsForWindow": {"plugin": "auto_orientation"}},
        "classes": {}, "window": {"root": {"class": "FlutterViewController"}}, "steps": ["launch"]
        """#)
    }
    #expect(noMask?.path == "app.supportedInterfaceOrientationsForWindow.plugin")
    var app = try scenario(
      #"""
      "app": {"framework": {"name": "react-native", "version": "0.72.0"}},
      "classes": {"V": {"kind": "view"}}, "window": {"root": {"class": "V"}}, "steps": ["launch"]
      """#)
    #expect(throws: EditError.self) {
      try app.setPlugin("auto_orientation", version: PackageVersion("2.3.1")!)
    }
    try app.setFramework(Framework(name: .flutter, version: PackageVersion("3.22.0")!))
    try app.setPlugin("auto_orientation", version: PackageVersion("2.3.1")!)
    #expect(try ScenarioDecoder.decode(text: ScenarioEncoder.text(app)) == app)
    #expect(app.app.state.map(\.name) == [PluginCatalog.flutterMaskState])
    // Switching the framework away from Flutter would leave a file that does not load: refused.
    #expect(throws: EditError.self) {
      try app.setFramework(Framework(name: .reactNative, version: PackageVersion("0.72.0")!))
    }
    #expect(app.app.framework?.name == .flutter)
  }
}
