import Testing

@testable import RotationCore

/// Issue #28: each kind of edit the catalogue lacked, from the public thread that found it. Each
/// scenario is the thread's app with the reporter's wish as its expectations; `fix` must find the
/// thread's fix among its first three, with code that says so and a reason that cites a rule.
@Suite struct FixThreadTests {
  func expectFound(_ body: String, _ title: String, code: String) throws {
    try expectFound(try scenario(body), title, code: code)
  }

  /// A bundled scenario (the thread's app, its expectations what the reporter saw) on the wish.
  func expectFound(bundled name: String, wish: [RotationCore.Expectation], _ title: String, code: String)
    throws
  {
    var app = try bundledScenario(name)
    app.expectations = wish
    try expectFound(app, title, code: code)
  }

  func expectFound(_ app: Scenario, _ title: String, code: String) throws {
    let fixes = Array(FixSearch.search(app).fixes.prefix(3))
    let titles = fixes.map { $0.edits.map(\.title).joined(separator: " + ") }
    let fix = try #require(fixes.first { $0.edits.count == 1 && $0.edits[0].title == title }, "\(titles)")
    #expect(fix.edits[0].swift.contains(code) || fix.edits[0].objectiveC.contains(code))
    #expect(fix.edits[0].rule != nil && !fix.edits[0].why.isEmpty)
  }

  /// SJVideoPlayer#128 (2019, iOS 12): UIKit's own tab bar and navigation controllers, a portrait list and a player page that must turn; the thread's fix is categories forwarding to selectedViewController and topViewController.
  @Test func aTabBarOfNavigationControllersGetsCategoriesOnBoth() throws {
    try expectFound(
      bundled: "video-player-tab-bar-of-navigation-controllers.json",
      wish: [
        RotationCore.Expectation(step: 2, interface: [.portrait]),
        RotationCore.Expectation(step: 5, interface: [.landscapeRight]),
      ],
      "Add categories on UITabBarController and UINavigationController that forward to the shown child",
      code: "extension UINavigationController")
  }

  /// ZFPlayer#548 (2018): an alert presented over the full-screen player crashed a portrait-only app
  /// with [UIAlertController shouldAutorotate]; the thread's fix, confirmed by the maintainer, is a
  /// category on UIAlertController returning portrait, and it comes first.
  @Test func anAlertOverTheFullScreenPlayerGetsACategoryOnUIAlertController() throws {
    var app = try bundledScenario("alert-over-full-screen-player-crashes.json")
    app.expectations = [RotationCore.Expectation(step: 3, exception: .some(nil))]
    let first = try #require(FixSearch.search(app).fixes.first)
    #expect(first.edits.map(\.title) == ["Add a category on UIAlertController that supports portrait"])
    #expect(first.edits[0].objectiveC.contains("@implementation UIAlertController (Rotation)"))
    // Whatever the app's Info.plist lists, portrait is offered (the thread's answer).
    app.app.infoPlist = [.portrait, .landscapeLeft, .landscapeRight]
    #expect(
      FixCatalogue.edits(app).contains {
        $0.title == "Add a category on UIAlertController that supports portrait"
      })
  }

  /// Swift-YouTube-Player#107 (2017, iOS 10): a portrait app whose full-screen web video plays in a window of its own; the thread's fix answers per window in application(_:supportedInterfaceOrientationsFor:).
  @Test func aPlayerWindowGetsTheAppDelegatesAnswerPerWindow() throws {
    try expectFound(
      #"""
      "title": "Swift-YouTube-Player#107", "system": {"version": "10.0", "idiom": "phone", "homeButton": true}, "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"], "supportedInterfaceOrientationsForWindow": "portrait"}, "classes": {"FeedViewController": {"kind": "view"}, "AVFullScreenViewController": {"kind": "view", "supportedInterfaceOrientations": "allButUpsideDown", "external": true}}, "window": {"root": {"class": "UINavigationController", "stack": [{"class": "FeedViewController"}]}}, "windows": [{"name": "video", "root": {"class": "AVFullScreenViewController"}, "hidden": true}], "steps": ["launch", {"rotateDevice": "landscapeLeft"}, {"makeKeyAndVisible": "video"}, {"rotateDevice": "portrait"}, {"rotateDevice": "landscapeRight"}], "expect": [{"step": 2, "interface": "portrait"}, {"step": 5, "interface": "landscapeLeft"}]
      """#, "Let the app delegate allow allButUpsideDown for the window video only",
      code: "supportedInterfaceOrientationsFor window")
  }

  /// capawesome-team/capacitor-screen-orientation#13, fixed by PR #14 (2022, iOS 15): after unlock() the app stayed landscape until attemptRotationToDeviceOrientation was called.
  @Test func anUnlockBeforeIOS16GetsAttemptRotation() throws {
    try expectFound(
      bundled: "capacitor-unlock-stays-landscape-ios15.json",
      wish: [
        RotationCore.Expectation(step: 4, interface: [.landscapeRight]),
        RotationCore.Expectation(step: 5, interface: [.portrait]),
      ],
      "Call attemptRotationToDeviceOrientation right after the code changes what the app allows",
      code: "attemptRotationToDeviceOrientation()")
  }

  /// Pocket/pocket-ios#211 (iOS 15): plain UIKit tab bar and navigation controllers; the fix answers tabBarControllerSupportedInterfaceOrientations: with the selected controller's mask.
  @Test func uikitsTabAndNavigationControllersGetTheAppDelegateAsTheirDelegate() throws {
    try expectFound(
      #"""
      "title": "Pocket#211", "system": {"version": "15.0", "idiom": "phone", "homeButton": false}, "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]}, "classes": {"MyListViewController": {"kind": "view", "supportedInterfaceOrientations": "portrait"}, "ReaderViewController": {"kind": "view", "supportedInterfaceOrientations": "allButUpsideDown"}}, "window": {"root": {"class": "UITabBarController", "tabs": [{"class": "UINavigationController", "stack": [{"class": "MyListViewController"}]}]}}, "steps": ["launch", {"rotateDevice": "landscapeLeft"}, {"rotateDevice": "portrait"}, {"push": "ReaderViewController"}, {"rotateDevice": "landscapeLeft"}], "expect": [{"step": 2, "interface": "portrait"}, {"step": 5, "interface": "landscapeRight"}]
      """#,
      "Make the app delegate each UITabBarController's delegate, answering tabBarControllerSupportedInterfaceOrientations:",
      code: "func tabBarControllerSupportedInterfaceOrientations")
  }

  /// sberrevoets/SDCAlertView#226 (2017): the library's alert turned a portrait-only screen; the fix returns presentingViewController's supportedInterfaceOrientations.
  @Test func anAlertLibrarysControllerForwardsToItsPresenter() throws {
    try expectFound(
      #"""
      "title": "SDCAlertView#226", "system": {"version": "11.0", "idiom": "phone", "homeButton": true}, "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]}, "classes": {"LoginViewController": {"kind": "view", "supportedInterfaceOrientations": "portrait"}, "AlertController": {"kind": "view"}}, "window": {"root": {"class": "LoginViewController"}}, "steps": ["launch", {"present": "AlertController", "style": "overFullScreen"}, {"rotateDevice": "landscapeLeft"}], "expect": [{"step": 3, "interface": "portrait"}]
      """#, "Make AlertController answer with its presenter's supportedInterfaceOrientations",
      code: "presentingViewController?.supportedInterfaceOrientations")
  }

  /// jellyfin/Swiftfin#102, fixed by PR #119 (iOS 14.6): AppDelegate.orientationLock, set to landscape by the player, left the library stuck in landscape; the fix restores it in the player's viewWillDisappear.
  @Test func aLockVariableSetByThePlayerIsRestoredAsItDisappears() throws {
    try expectFound(
      bundled: "lock-variable-not-restored.json",
      wish: [
        RotationCore.Expectation(step: 2, interface: [.landscapeLeft, .landscapeRight]),
        RotationCore.Expectation(step: 4, interface: [.portrait]),
      ],
      "Set orientationLock to landscape in VideoPlayerViewController's viewWillAppear: and back to allButUpsideDown in its viewWillDisappear:",
      code: "AppDelegate.orientationLock = .allButUpsideDown")
  }

  /// jairobjunior/labs.jairobjunior.com.DeviceRotationOnlyOneViewController#1, fixed by PR #2 (Swift 3,
  /// iOS 10): the window question kept its Swift 2 name, UIKit never called it, and every screen
  /// turned with the Info.plist list. `diagnose` names the method; the first fix renames it.
  @Test func aWindowQuestionUnderASwift2NameIsFoundAndRenamed() throws {
    let app = try scenario(
      #"""
      "system": {"version": "10.0", "idiom": "phone", "homeButton": true},
      "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"],
              "unhooked": {"method": "application(application:supportedInterfaceOrientationsForWindow:)",
                           "answer": {"if": {"topIs": "RotatableViewController"}, "then": "allButUpsideDown", "else": "portrait"}}},
      "classes": {"HomeViewController": {"kind": "view"}, "RotatableViewController": {"kind": "view"}},
      "window": {"root": {"class": "UINavigationController", "stack": [{"class": "HomeViewController"}]}},
      "steps": ["launch", {"rotateDevice": "landscapeLeft"}],
      "expect": [{"step": 2, "interface": "portrait"}]
      """#)
    #expect(Simulator.run(app)[1].interfaceOrientation == .landscapeRight)  // the bug: every screen turns
    let finding = try #require(Diagnosis.findings(app).first { $0.rule == "unhooked-delegate-method" })
    #expect(finding.message.contains("application(application:supportedInterfaceOrientationsForWindow:)"))
    let first = try #require(FixSearch.search(app).fixes.first)
    #expect(
      first.edits.map(\.title) == [
        "Rename the app delegate's application(application:supportedInterfaceOrientationsForWindow:) to application(_:supportedInterfaceOrientationsFor:) so UIKit calls it"
      ])
    // The file keeps the unhooked method through save and load.
    #expect(try ScenarioDecoder.decode(text: ScenarioEncoder.text(app)).app.unhooked == app.app.unhooked)
  }

  /// 0xCUB3/wBlock#559 (2026, iOS 15 and later): a "Lock Portrait Orientation" setting, a flag that
  /// means a lock, not a permission; the PR makes the app delegate return portrait while it is on.
  @Test func aFlagThatMeansALockGetsTheLockReading() throws {
    try expectFound(
      #"""
      "title": "wBlock#559", "system": {"version": "15.0", "idiom": "phone", "homeButton": false}, "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"], "flags": {"lockPortrait": false}, "supportedInterfaceOrientationsForWindow": "allButUpsideDown"}, "classes": {"SettingsViewController": {"kind": "view"}}, "window": {"root": {"class": "SettingsViewController"}}, "steps": ["launch", {"rotateDevice": "landscapeLeft"}, {"rotateDevice": "portrait"}, {"setFlag": "lockPortrait", "to": true}, {"rotateDevice": "landscapeLeft"}], "expect": [{"step": 2, "interface": "landscapeRight"}, {"step": 5, "interface": "portrait"}]
      """#,
      "Make the app delegate's answer follow lockPortrait as a lock: portrait while it is YES, allButUpsideDown otherwise",
      code: "lockPortrait ? .portrait : .allButUpsideDown")
  }

  /// yamill/react-native-orientation, `Orientation.m` (before iOS 16): `lockToPortrait` narrows the
  /// mask the app delegate returns and then forces the device to portrait through KVC; without the
  /// forcing, an app held sideways stays sideways. The plugin's own remedy is among the first three.
  @Test func aLockToPortraitWithoutForcingGetsTheDeviceForcedBack() throws {
    try expectFound(
      #"""
      "title": "react-native-orientation lockToPortrait", "system": {"version": "14.0", "idiom": "phone", "homeButton": false}, "device": {"orientation": "landscapeLeft"}, "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"], "state": {"orientationMask": {"mask": "allButUpsideDown"}}, "supportedInterfaceOrientationsForWindow": {"read": "orientationMask"}, "methods": {"lockToPortrait": [{"set": "orientationMask", "to": "portrait"}]}}, "classes": {"RootViewController": {"kind": "view"}}, "window": {"root": {"class": "RootViewController"}}, "steps": ["launch", {"call": "lockToPortrait"}], "expect": [{"step": 1, "interface": "landscapeRight"}, {"step": 2, "interface": "portrait"}]
      """#, "Force the device back to portrait right after the code changes what the app allows",
      code: "setValue(UIInterfaceOrientation.portrait.rawValue, forKey: \"orientation\")")
  }

  /// flutter/flutter#13238 (2017, iOS 10/11, the phone upright): setPreferredOrientations to
  /// landscape does not turn the app "until you physically rotate the device", the engine's
  /// attemptRotationToDeviceOrientation "is unfortunately not enough". The thread's fix, the engine
  /// forcing the device after the attempt (PR #12295, relanded as #13170 in Flutter 1.12.13), comes
  /// first; the same app on 1.12.13 turns.
  @Test func aFlutterAppWhoseAttemptIsNotEnoughGetsTheEngineThatForces() throws {
    let app = try scenario(
      #"""
      "title": "flutter#13238", "system": {"version": "11.0", "idiom": "phone", "homeButton": true},
      "app": {"framework": {"name": "flutter", "version": "0.0.20"},
              "infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]},
      "classes": {}, "window": {"root": {"class": "FlutterViewController"}},
      "steps": ["launch", {"plugin": "flutter", "call": "SystemChrome.setPreferredOrientations", "args": [["DeviceOrientation.landscapeLeft"]]}],
      "expect": [{"step": 2, "interface": "landscapeLeft"}]
      """#)
    #expect(Simulator.run(app)[1].interfaceOrientation == .portrait)
    let first = try #require(FixSearch.search(app).fixes.first)
    #expect(
      first.edits.map(\.title) == [
        "Upgrade Flutter to 1.12.13, whose engine forces the device after attemptRotationToDeviceOrientation"
      ])
    #expect(first.edits[0].swift.contains("1.12.13"))
  }

  /// renzifeng/ZFPlayer#1355 (iOS 16, "横屏后瞬间又变回竖屏": landscape, then at once portrait again):
  /// the app delegate answers one value for every window (the thread's apps returned a global flag's
  /// mask), which leaves the player's ZFLandscapeWindow nothing in landscape; the thread's
  /// confirmed fix answers per window, `.landscape` for the player's window, and comes first.
  @Test func thePlayersOwnWindowGetsTheAppDelegatesLandscapeAnswer() throws {
    let app = try scenario(
      #"""
      "title": "ZFPlayer#1355", "system": {"version": "16.0", "idiom": "phone", "homeButton": false},
      "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"], "supportedInterfaceOrientationsForWindow": "portrait"},
      "classes": {"PlayerViewController": {"kind": "view", "methods": {
                    "enterFullScreen": [{"makeKeyAndVisible": "zfLandscape"}, {"requestGeometryUpdate": "landscapeRight"}],
                    "exitFullScreen": [{"requestGeometryUpdate": "portrait"}, {"hideWindow": "zfLandscape"}]}},
                  "ZFLandscapeViewController": {"kind": "view", "external": true, "supportedInterfaceOrientations": "landscape", "shouldAutorotate": false}},
      "window": {"root": {"class": "PlayerViewController"}},
      "windows": [{"name": "zfLandscape", "root": {"class": "ZFLandscapeViewController"}, "hidden": true}],
      "steps": ["launch", {"call": "enterFullScreen", "on": "PlayerViewController"}, {"call": "exitFullScreen", "on": "PlayerViewController"}],
      "expect": [{"step": 2, "interface": "landscapeRight", "error": null}, {"step": 3, "interface": "portrait"}]
      """#)
    #expect(Simulator.run(app)[1].interfaceOrientation == .portrait)
    let first = try #require(FixSearch.search(app).fixes.first)
    #expect(
      first.edits.map(\.title) == ["Let the app delegate allow landscape for the window zfLandscape only"])
    #expect(first.edits[0].swift.contains("if window === zfLandscapeWindow { return .landscape }"))
  }

  /// capawesome-team/capacitor-screen-orientation#13 with the plugin's 1.1.2 code: lock forces UIDevice,
  /// stores the mask and attempts; unlock writes unknown and widens the mask. With the phone upright
  /// the app stays landscape after unlock. PR #14, which closed the thread, saves UIDevice's
  /// orientation before the forcing and writes it back after the attempt, and attempts in the
  /// unlock; it comes first, before forcing portrait (which would turn a phone held sideways).
  @Test func anUnlockAfterAForcedLockGetsTheDeviceWrittenBackThenAnAttempt() throws {
    let app = try scenario(
      #"""
      "title": "capacitor-screen-orientation#13", "system": {"version": "15.0", "idiom": "phone", "homeButton": false},
      "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"],
              "state": {"supportedOrientations": {"mask": "all"}},
              "supportedInterfaceOrientationsForWindow": {"read": "supportedOrientations"},
              "methods": {"lock": [{"setDeviceOrientation": "landscapeLeft"}, {"set": "supportedOrientations", "to": "landscape"}, "attemptRotationToDeviceOrientation"],
                          "unlock": [{"setDeviceOrientation": "unknown"}, {"set": "supportedOrientations", "to": "all"}]}},
      "classes": {"BridgeViewController": {"kind": "view"}}, "window": {"root": {"class": "BridgeViewController"}},
      "steps": ["launch", {"call": "lock"}, {"call": "unlock"}],
      "expect": [{"step": 2, "interface": "landscapeRight"}, {"step": 3, "interface": "portrait"}]
      """#)
    #expect(Simulator.run(app).map(\.interfaceOrientation) == [.portrait, .landscapeRight, .landscapeRight])
    let first = try #require(FixSearch.search(app).fixes.first)
    #expect(
      first.edits.map(\.title) == [
        "Write UIDevice's own orientation back after the lock's forced turn, and attempt rotation in the unlock"
      ])
    var fixed = app
    first.edits[0].apply(&fixed)
    let steps = Simulator.run(fixed)
    #expect(steps[1].deviceOrientation == .portrait)
    #expect(steps[2].interfaceOrientation == .portrait)
    // Written and read back as a file.
    #expect(try ScenarioDecoder.decode(text: ScenarioEncoder.text(fixed)) == fixed)
  }

  /// capacitor-screen-orientation#13 with the plugin's own calls (iOS 15): after `unlock()` the app
  /// stays landscape with the phone upright; the remedy the thread arrived at for apps on older
  /// versions is to lock back to portrait before unlocking. The same for an Expo unlock.
  @Test func anUnlockThatLeavesTheAppSidewaysGetsALockToPortraitFirst() throws {
    try expectFound(
      #"""
      "title": "capacitor-screen-orientation#13", "system": {"version": "15.0", "idiom": "phone", "homeButton": false},
      "app": {"framework": {"name": "capacitor", "version": "5.5.1"},
              "plugins": [{"name": "@capacitor/screen-orientation", "version": "5.0.6"}],
              "infoPlist": ["portrait", "landscapeLeft", "landscapeRight"],
              "methods": {"PlayerPage.ionViewWillLeave": [{"plugin": "@capacitor/screen-orientation", "call": "unlock"}]}},
      "classes": {}, "window": {"root": {"class": "CAPBridgeViewController"}},
      "steps": ["launch", {"plugin": "@capacitor/screen-orientation", "call": "lock", "args": [{"orientation": "landscape"}]},
                {"call": "PlayerPage.ionViewWillLeave"}],
      "expect": [{"step": 3, "interface": "portrait"}]
      """#, "Lock @capacitor/screen-orientation back to portrait before its unlock",
      code: "ScreenOrientation.lock({ orientation: 'portrait' })")
    try expectFound(
      #"""
      "title": "expo unlock", "system": {"version": "15.0", "idiom": "phone", "homeButton": false},
      "app": {"plugins": [{"name": "expo-screen-orientation", "version": "6.4.1"}],
              "infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]},
      "classes": {}, "window": {"root": {"class": "ScreenOrientationViewController"}},
      "steps": ["launch", {"plugin": "expo-screen-orientation", "call": "lockAsync", "args": ["LANDSCAPE"]},
                {"plugin": "expo-screen-orientation", "call": "unlockAsync"}],
      "expect": [{"step": 3, "interface": "portrait"}]
      """#, "Lock expo-screen-orientation back to portrait before its unlockAsync",
      code: "OrientationLock.PORTRAIT_UP")
  }
}
