import RotationCore
import Testing

/// Issue #30: plugin calls run as their native code does, per plugin version, read from the
/// plugins' sources (docs/rules.md#plugins): react-native-orientation-locker's `Orientation.m` and
/// the Flutter engine's `FlutterViewController.mm` / `FlutterPlatformPlugin.mm`.
@Suite struct PluginTests {
  /// A React Native app with the locker; `hooked`: its app delegate returns the plugin's mask.
  func reactNative(version: String, system: String, steps: String, hooked: Bool = true) throws -> [Step] {
    let hook = #", "supportedInterfaceOrientationsForWindow": {"plugin": "react-native-orientation-locker"}"#
    return try run(
      """
      "system": {"version": "\(system)", "idiom": "phone", "homeButton": false},
      "app": {"framework": {"name": "react-native", "version": "0.72.0"},
              "plugins": [{"name": "react-native-orientation-locker", "version": "\(version)"}],
              "infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]\(hooked ? hook : "")},
      "classes": {"RootViewController": {"kind": "view"}},
      "window": {"root": {"class": "RootViewController"}},
      "steps": ["launch", \(steps)]
      """)
  }

  func call(_ function: String) -> String {
    #"{"plugin": "react-native-orientation-locker", "call": "\#(function)"}"#
  }

  /// The KVC writes of a step, as `UIDeviceOrientation…` names, in order.
  func kvc(_ step: Step) -> [String] {
    step.calls.filter { $0.method == .setDeviceOrientationThroughKVC }.compactMap { $0.note?.text }
  }

  /// `Orientation.m` before 1.6.0: the mask, KVC Unknown, KVC the new orientation, KVC the device's
  /// own back ("restore device orientation"), then attemptRotationToDeviceOrientation; 1.6.0 drops
  /// the restore (PR #225). "Left" is the device's: lockToLandscapeLeft stores the LandscapeRight
  /// mask and writes 3, which UIDevice reads as landscapeLeft.
  @Test func beforeIOS16TheLockerWritesUIDeviceThenAttempts() throws {
    let old = try reactNative(version: "1.5.0", system: "15.0", steps: call("lockToLandscapeLeft"))[1]
    #expect(old.calls.first?.signature == "-[Orientation lockToLandscapeLeft]")
    #expect(kvc(old).count == 3)
    #expect(kvc(old).first?.contains("UIDeviceOrientationUnknown") == true)
    #expect(kvc(old).dropFirst().first?.contains("UIDeviceOrientationLandscapeLeft") == true)
    #expect(kvc(old).last?.contains("UIDeviceOrientationPortrait") == true)
    #expect(old.calls.contains { $0.method == .attemptRotationToDeviceOrientation })
    #expect(old.interfaceOrientation == .landscapeRight)
    #expect(old.state.values["_orientationMask"] == .mask([.landscapeRight]))
    let newer = try reactNative(version: "1.6.0", system: "15.0", steps: call("lockToLandscapeLeft"))[1]
    #expect(kvc(newer).count == 2)
    // The app delegate returns the plugin's mask: unlocking lets the next device turn count.
    let unlock = try reactNative(
      version: "1.6.0", system: "15.0",
      steps: call("lockToPortrait") + ", " + call("unlockAllOrientations")
        + #", {"rotateDevice": "landscapeLeft"}"#)
    #expect(unlock[3].interfaceOrientation == .landscapeRight)
  }

  /// wonday/react-native-orientation-locker#112 (iOS 11.1, 1.1.8) as its reporter saw it:
  /// lockToLandscapeLeft turns the app "to the landscape and then changed back to the original one".
  /// Their app delegate did not return the plugin's mask (the README's step; #205's reporter had
  /// the same symptom and "the changes in the AppDelegate were missing"), so the plugin's restore
  /// write of the device's own orientation turns the interface back to portrait; with the hook the
  /// stored mask holds it in landscape.
  @Test func withoutTheAppDelegateHookTheLockersRestoreTurnsTheAppBack() throws {
    let unhooked = try reactNative(
      version: "1.1.8", system: "11.1", steps: call("lockToLandscapeLeft"), hooked: false)[1]
    #expect(kvc(unhooked).last?.contains("UIDeviceOrientationPortrait") == true)
    #expect(unhooked.interfaceOrientation == .portrait)
    #expect(unhooked.reason.text.contains("turns to landscapeRight"))
    let hooked = try reactNative(version: "1.1.8", system: "11.1", steps: call("lockToLandscapeLeft"))[1]
    #expect(hooked.interfaceOrientation == .landscapeRight)
  }

  /// 1.7.0 (PR #294) on iOS 16: the mask, a geometry request on the first scene, then the attempt;
  /// no KVC and no setNeedsUpdateOfSupportedInterfaceOrientations. Below iOS 16 the KVC path stays.
  @Test func fromVersion1Point7OnIOS16TheLockerRequestsGeometry() throws {
    let step = try reactNative(version: "1.7.0", system: "16.0", steps: call("lockToLandscapeRight"))[1]
    let methods = step.calls.compactMap(\.method)
    #expect(!methods.contains(.setDeviceOrientationThroughKVC))
    #expect(!methods.contains(.setNeedsUpdateOfSupportedInterfaceOrientations))
    let request = try #require(methods.firstIndex(of: .requestGeometryUpdate))
    let attempt = try #require(methods.firstIndex(of: .attemptRotationToDeviceOrientation))
    #expect(request < attempt)
    #expect(
      step.calls.first { $0.method == .requestGeometryUpdate }?.note?.text
        == "interfaceOrientations: landscapeLeft")
    let below = try reactNative(version: "1.7.0", system: "15.0", steps: call("lockToLandscapeRight"))[1]
    #expect(kvc(below).count == 2)
  }

  func flutter(version: String, system: String, orientations: String, launch: String = "portrait") throws
    -> [Step]
  {
    try run(
      """
      "system": {"version": "\(system)", "idiom": "phone", "homeButton": false},
      "device": {"orientation": "\(launch)"},
      "app": {"framework": {"name": "flutter", "version": "\(version)"},
              "infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]},
      "classes": {},
      "window": {"root": {"class": "FlutterViewController"}},
      "steps": ["launch", {"plugin": "flutter", "call": "SystemChrome.setPreferredOrientations", "args": [\(orientations)]}]
      """)
  }

  /// `FlutterPlatformPlugin.mm` maps each Dart name to the mask bit of the same name (no swap); the
  /// engine's FlutterViewController answers with the stored mask. From 3.7.11 / 3.10 on iOS 16
  /// (engine #38230): always a request for every scene, then setNeedsUpdate on the controller.
  @Test func flutterFrom3Point10OnIOS16RequestsThenRefreshes() throws {
    let step = try flutter(version: "3.22.0", system: "17.0", orientations: #"["landscapeLeft"]"#)[1]
    #expect(step.state.values["_orientationPreferences"] == .mask([.landscapeLeft]))
    let methods = step.calls.compactMap(\.method)
    let request = try #require(methods.firstIndex(of: .requestGeometryUpdate))
    let refresh = try #require(methods.firstIndex(of: .setNeedsUpdateOfSupportedInterfaceOrientations))
    #expect(request < refresh)
    #expect(step.interfaceOrientation == .landscapeLeft)
    #expect(step.calls.contains { $0.signature == "-[FlutterViewController supportedInterfaceOrientations]" })
  }

  /// Before iOS 16 (and on the engines before 3.7), only when the interface is outside the new
  /// mask: attemptRotationToDeviceOrientation, then KVC to the first allowed of portrait, upside
  /// down, landscapeLeft, landscapeRight (engine #13170, Flutter 1.12.13). The same mask again does
  /// nothing at all.
  @Test func flutterBeforeIOS16AttemptsThenForces() throws {
    let step = try flutter(
      version: "3.3.10", system: "15.0", orientations: #"["landscapeRight", "landscapeLeft"]"#)[1]
    let methods = step.calls.compactMap(\.method)
    #expect(
      methods.firstIndex(of: .attemptRotationToDeviceOrientation)! < methods.firstIndex(
        of: .setDeviceOrientationThroughKVC)!)
    // The raw value 4 of interface landscapeLeft, which UIDevice reads as landscapeRight.
    #expect(kvc(step).first?.contains("UIDeviceOrientationLandscapeRight") == true)
    #expect(step.interfaceOrientation == .landscapeLeft)
    let allowed = try flutter(
      version: "3.3.10", system: "15.0", orientations: #"["portraitUp", "landscapeLeft"]"#)[1]
    #expect(!allowed.calls.contains { $0.method == .setDeviceOrientationThroughKVC })
    let same = try flutter(version: "3.22.0", system: "17.0", orientations: "[]")[1]
    #expect(same.calls.count == 1)  // the channel call only: the mask is already all
  }

  /// A plugin the scenario does not declare, an unknown function and an unknown package are refused
  /// with their path; a file keeps the plugin's vocabulary through save and load.
  @Test func pluginsAreCheckedAndSurviveSaveAndLoad() throws {
    #expect(throws: ScenarioError.self) {
      try scenario(
        #"""
        "app": {"infoPlist": ["portrait"]}, "classes": {"V": {"kind": "view"}}, "window": {"root": {"class": "V"}},
        "steps": ["launch", {"plugin": "react-native-orientation-locker", "call": "lockToPortrait"}]
        """#)
    }
    do {
      _ = try scenario(
        #"""
        "app": {"plugins": [{"name": "react-native-orientation-locker", "version": "1.7.0"}]},
        "classes": {"V": {"kind": "view"}}, "window": {"root": {"class": "V"}},
        "steps": ["launch", {"plugin": "react-native-orientation-locker", "call": "lockToSideways"}]
        """#)
      Issue.record("an unknown function was accepted")
    } catch let error as ScenarioError {
      #expect(error.path == "steps[1].call")
    }
    #expect(throws: ScenarioError.self) {
      try scenario(
        #"""
        "app": {"plugins": [{"name": "react-native-screen-turner", "version": "1.0"}]},
        "classes": {"V": {"kind": "view"}}, "window": {"root": {"class": "V"}}
        """#)
    }
    let app = try scenario(
      #"""
      "app": {"framework": {"name": "flutter", "version": "3.22.0"}, "infoPlist": ["portrait"]},
      "classes": {}, "window": {"root": {"class": "FlutterViewController"}},
      "steps": ["launch", {"plugin": "flutter", "call": "SystemChrome.setPreferredOrientations", "args": [["portraitUp"]]}]
      """#)
    let text = ScenarioEncoder.text(app)
    #expect(!text.contains("_orientationPreferences"))
    #expect(try ScenarioDecoder.decode(text: text) == app)
  }

  /// The plugin's README asks the app delegate to return `[Orientation getOrientation]`; without that
  /// hook lockToPortrait changes nothing UIKit asks, and the app turns with the device. `diagnose`
  /// says so and the first fix is the hook.
  @Test func aMissingAppDelegateHookIsFoundAndHooked() throws {
    let app = try scenario(
      #"""
      "system": {"version": "15.0", "idiom": "phone", "homeButton": false},
      "app": {"framework": {"name": "react-native", "version": "0.72.0"},
              "plugins": [{"name": "react-native-orientation-locker", "version": "1.7.0"}],
              "infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]},
      "classes": {"RootViewController": {"kind": "view"}},
      "window": {"root": {"class": "RootViewController"}},
      "steps": ["launch", {"plugin": "react-native-orientation-locker", "call": "lockToPortrait"},
                {"rotateDevice": "landscapeLeft"}],
      "expect": [{"step": 3, "interface": "portrait"}]
      """#)
    #expect(Simulator.run(app)[2].interfaceOrientation == .landscapeRight)  // the lock changes nothing
    #expect(
      Diagnosis.findings(app).contains { $0.rule == "plugins" && $0.message.contains("getOrientation") })
    let first = try #require(FixSearch.search(app).fixes.first?.edits.first)
    #expect(
      first.title == "Return react-native-orientation-locker's mask from the app delegate, as its README says"
    )
    #expect(first.objectiveC.contains("[Orientation getOrientation]"))
  }

  func web(_ plugin: String, version: String, system: String, call: String, controller: String) throws -> Step
  {
    try run(
      """
      "system": {"version": "\(system)", "idiom": "phone", "homeButton": false},
      "app": {"plugins": [{"name": "\(plugin)", "version": "\(version)"}],
              "infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]},
      "classes": {}, "window": {"root": {"class": "\(controller)"}},
      "steps": ["launch", \(call)]
      """)[1]
  }

  func order(_ step: Step) -> [UIKitMethod] {
    step.calls.compactMap(\.method).filter {
      [
        .requestGeometryUpdate, .setNeedsUpdateOfSupportedInterfaceOrientations,
        .setDeviceOrientationThroughKVC,
        .attemptRotationToDeviceOrientation,
      ].contains($0)
    }
  }

  /// expo-screen-orientation (ScreenOrientationModule/Registry): from 6.0 on iOS 16 a request, then a
  /// refresh of Expo's root controller; before 6.0 KVC to the first allowed of portrait,
  /// landscapeLeft, landscapeRight, upside down, then the attempt. No left/right swap.
  @Test func expoRequestsThenRefreshesFrom6AndForcedBefore() throws {
    let lock = #"{"plugin": "expo-screen-orientation", "call": "lockAsync", "args": ["LANDSCAPE_LEFT"]}"#
    let modern = try web(
      "expo-screen-orientation", version: "6.4.1", system: "17.0", call: lock,
      controller: "ScreenOrientationViewController")
    #expect(order(modern) == [.requestGeometryUpdate, .setNeedsUpdateOfSupportedInterfaceOrientations])
    #expect(modern.interfaceOrientation == .landscapeLeft)
    let old = try web(
      "expo-screen-orientation", version: "5.1.1", system: "15.0",
      call: #"{"plugin": "expo-screen-orientation", "call": "lockAsync", "args": ["LANDSCAPE"]}"#,
      controller: "ScreenOrientationViewController")
    #expect(order(old) == [.setDeviceOrientationThroughKVC, .attemptRotationToDeviceOrientation])
    #expect(old.interfaceOrientation == .landscapeLeft)
  }

  /// @capacitor/screen-orientation: on iOS 16 a refresh of CAPBridgeViewController, then the request
  /// (the order capacitor-plugins#2100's 101 comes from); 'landscape' is landscapeLeft in 5.0.0 and
  /// landscapeRight from 5.0.8 / 6.0.1 (#2049, #2086).
  @Test func capacitorRefreshesThenRequestsAndFixedItsLandscapeIn6Point0Point1() throws {
    let lock =
      #"{"plugin": "@capacitor/screen-orientation", "call": "lock", "args": [{"orientation": "landscape"}]}"#
    let fixed = try web(
      "@capacitor/screen-orientation", version: "6.0.1", system: "17.0", call: lock,
      controller: "CAPBridgeViewController")
    #expect(order(fixed) == [.setNeedsUpdateOfSupportedInterfaceOrientations, .requestGeometryUpdate])
    #expect(fixed.interfaceOrientation == .landscapeRight)
    let swapped = try web(
      "@capacitor/screen-orientation", version: "5.0.0", system: "17.0", call: lock,
      controller: "CAPBridgeViewController")
    #expect(swapped.interfaceOrientation == .landscapeLeft)
    // The fix swapped 'landscape-secondary' too; 4.1 knew neither 'landscape' nor 'any', and every
    // value it does not know ('natural' included) is portrait (`fromOrientationTypeToInt`).
    func turned(_ version: String, _ type: String) throws -> InterfaceOrientation {
      try web(
        "@capacitor/screen-orientation", version: version, system: "17.0",
        call: lock.replacingOccurrences(of: "\"landscape\"", with: "\"\(type)\""),
        controller: "CAPBridgeViewController"
      ).interfaceOrientation
    }
    #expect(try turned("5.0.6", "landscape-secondary") == .landscapeRight)
    #expect(try turned("6.0.1", "landscape-secondary") == .landscapeLeft)
    #expect(try turned("5.0.6", "landscape-primary") == .landscapeLeft)
    #expect(try turned("4.1.0", "landscape") == .portrait)
    #expect(try turned("4.1.0", "landscape-primary") == .landscapeLeft)
  }

  /// cordova-plugin-screen-orientation: 3.0.2 only writes UIDevice through KVC, which iOS 16 ignores,
  /// so the app stays portrait; 3.0.3 (PR #107) requests landscapeLeft, then refreshes.
  @Test func cordovaBefore3Point0Point3DoesNotTurnOnIOS16() throws {
    let lock = #"{"plugin": "cordova-plugin-screen-orientation", "call": "lock", "args": ["landscape"]}"#
    let old = try web(
      "cordova-plugin-screen-orientation", version: "3.0.2", system: "16.0", call: lock,
      controller: "CDVViewController")
    #expect(order(old) == [.setDeviceOrientationThroughKVC])
    #expect(old.interfaceOrientation == .portrait)
    let fixed = try web(
      "cordova-plugin-screen-orientation", version: "3.0.3", system: "16.0", call: lock,
      controller: "CDVViewController")
    #expect(order(fixed) == [.requestGeometryUpdate, .setNeedsUpdateOfSupportedInterfaceOrientations])
    #expect(fixed.interfaceOrientation == .landscapeLeft)
  }

  /// Editing the plugins as the inspector does: a plugin brings its mask and controller and takes
  /// them away, and one the app still calls cannot be removed.
  @Test func pluginsAreAddedAndRemovedWithTheirStateAndController() throws {
    var app = try scenario(
      #"""
      "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]},
      "classes": {"V": {"kind": "view"}}, "window": {"root": {"class": "V"}}, "steps": ["launch"]
      """#)
    try app.setPlugin("@capacitor/screen-orientation", version: PackageVersion("6.0.1")!)
    #expect(app.app.state.contains { $0.name == "_bridgeSupportedOrientations" })
    #expect(app.classes.contains { $0.name == "CAPBridgeViewController" })
    #expect(try ScenarioDecoder.decode(text: ScenarioEncoder.text(app)) == app)
    try app.removePlugin("@capacitor/screen-orientation")
    #expect(!app.app.state.contains { $0.name == "_bridgeSupportedOrientations" })
    #expect(!app.classes.contains { $0.name == "CAPBridgeViewController" })
    try app.setFramework(Framework(name: .flutter, version: PackageVersion("3.22.0")!))
    app.steps.append(
      .plugin(
        PluginCall(plugin: "flutter", call: "SystemChrome.setPreferredOrientations", args: [.array([])])))
    #expect(throws: EditError.self) { try app.setFramework(nil) }
  }

  /// Expo's `EXDefaultScreenOrientationMask` on the plugin's entry is its root controller's mask
  /// until a lock, and survives save and load; on another plugin it is refused with its path.
  @Test func exposDefaultMaskIsTheMaskAtLaunchAndOnlyExposKey() throws {
    let body = #"""
      "app": {"plugins": [{"name": "expo-screen-orientation", "version": "6.4.1",
                           "EXDefaultScreenOrientationMask": "landscape"}],
              "infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]},
      "classes": {}, "window": {"root": {"class": "ScreenOrientationViewController"}}, "steps": ["launch"]
      """#
    let loaded = try scenario(body)
    #expect(loaded.app.plugins.first?.defaultMask == .landscape)
    #expect(try ScenarioDecoder.decode(text: ScenarioEncoder.text(loaded)) == loaded)
    #expect(Simulator.run(loaded)[0].interfaceOrientation.isLandscape)
    let error = #expect(throws: ScenarioError.self) {
      try scenario(
        body.replacingOccurrences(of: "expo-screen-orientation", with: "react-native-orientation-locker")
          .replacingOccurrences(of: "6.4.1", with: "1.7.0"))
    }
    #expect(error?.path == "app.plugins[0].EXDefaultScreenOrientationMask")
  }
}
