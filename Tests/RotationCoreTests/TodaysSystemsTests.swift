import RotationCore
import Testing

/// iOS 18.4 to 26 (issue #27): the UIScene life cycle's launch line and finding, and
/// `UIRequiresFullScreenIgnoredStartingWithVersion`, which iPadOS reads from 26.2.
@Suite struct TodaysSystemsTests {
  func system(_ version: String, app extra: String = "", idiom: String = "phone") throws -> Scenario {
    try scenario(
      """
        "title": "t",
         "system": {"version": "\(version)", "idiom": "\(idiom)", "homeButton": false},
         "app": {"infoPlist": ["portrait", "portraitUpsideDown", "landscapeLeft", "landscapeRight"]\(extra)},
         "classes": {"V": {"kind": "view", "supportedInterfaceOrientations": "portrait"}},
         "window": {"root": {"class": "V"}}, "steps": ["launch", {"rotateDevice": "landscapeLeft"}]
      """)
  }

  /// docs/rules.md#scene-lifecycle: TN3187's texts, by version; none before 18.4 or with scenes.
  @Test func anAppWithoutScenesIsToldAtLaunchFromIOS18Point4() throws {
    let noScenes = #", "sceneLifecycle": false"#
    func console(_ version: String, _ extra: String) throws -> [String] {
      Simulator.run(try system(version, app: extra))[0].console.map(\.text)
    }
    #expect(try console("18.3", noScenes).allSatisfy { !$0.contains("UIScene") })
    #expect(
      try console("18.4", noScenes).contains(
        "[UIKit App Config] This process does not adopt UIScene lifecycle. This will become an assert in a future version."
      ))
    #expect(
      try console("26.0", noScenes).contains(
        "[UIKit App Config] `UIScene` lifecycle will soon be required. Failure to adopt will result in an assert in the future."
      ))
    #expect(try console("26.0", "").allSatisfy { !$0.contains("UIScene") })
    let findings = Diagnosis.findings(try system("26.0", app: noScenes))
    #expect(findings.contains { $0.rule == "scene-lifecycle" && $0.severity == .warning })
    let adopted = Diagnosis.findings(try system("26.0"))
    #expect(!adopted.contains { $0.rule == "scene-lifecycle" })
  }

  /// docs/rules.md#requires-full-screen-ignored: an iPad app listing all four orientations that
  /// requires full screen is asked (its portrait-only root keeps it portrait) until the version the
  /// new key names, read from 26.2; then it multitasks and the interface follows the device.
  @Test func requiresFullScreenIsIgnoredFromTheVersionTheKeyNamesFrom26Point2() throws {
    let keys = #", "requiresFullScreen": true, "requiresFullScreenIgnoredStartingWithVersion": "26""#
    func last(_ version: String) throws -> InterfaceOrientation {
      Simulator.run(try system(version, app: keys, idiom: "pad")).last!.interfaceOrientation
    }
    #expect(try last("18.0") == .portrait)
    #expect(try last("26.1") == .portrait)  // the key is read from 26.2
    #expect(try last("26.2") == .landscapeRight)
    let written = try system("26.2", app: keys, idiom: "pad")
    #expect(try ScenarioDecoder.decode(text: ScenarioEncoder.text(written)) == written)
    #expect(throws: ScenarioError.self) {
      try system("26.2", app: #", "requiresFullScreenIgnoredStartingWithVersion": "20""#, idiom: "pad")
    }
  }

  /// TN3192's driving game on iPadOS 26: a multitasking app (all four orientations) follows the
  /// device until it prefers a locked orientation while driving; with full-screen apps the system
  /// grants the lock and the device's turns leave the interface; released, the next turn counts.
  /// In a window (windowedApps) the lock is not granted.
  static func game(windowing: String, version: String = "26.0") -> String {
    """
    {"format": "rotation-lab.scenario/1", "title": "driving",
     "system": {"version": "\(version)", "idiom": "pad", "homeButton": false\(windowing.isEmpty ? "" : ", \"windowing\": \"\(windowing)\"")},
     "app": {"infoPlist": ["portrait", "portraitUpsideDown", "landscapeLeft", "landscapeRight"], "flags": {"driving": false}},
     "classes": {"Nav": {"kind": "navigation", "childViewControllerForInterfaceOrientationLock": {"forwardTo": "top"}},
                 "GameVC": {"kind": "view", "prefersInterfaceOrientationLocked": {"if": "driving", "then": true, "else": false},
                            "methods": {"startDriving": [{"setFlag": "driving", "to": true}, "setNeedsUpdateOfPrefersInterfaceOrientationLocked"],
                                        "stopDriving": [{"setFlag": "driving", "to": false}, "setNeedsUpdateOfPrefersInterfaceOrientationLocked"]}}},
     "window": {"root": {"class": "Nav", "stack": [{"class": "GameVC"}]}},
     "steps": ["launch", {"rotateDevice": "landscapeLeft"}, {"call": "startDriving", "on": "GameVC"}, {"rotateDevice": "portrait"},
               {"call": "stopDriving", "on": "GameVC"}, {"rotateDevice": "landscapeRight"}]}
    """
  }

  @Test func theDrivingGameLocksItsOrientationWhileDriving() throws {
    let steps = Simulator.run(try ScenarioDecoder.decode(text: Self.game(windowing: "fullScreenApps")))
    #expect(
      steps.map(\.interfaceOrientation) == [
        .portrait, .landscapeRight, .landscapeRight, .landscapeRight, .landscapeRight, .landscapeLeft,
      ])
    #expect(steps.map(\.interfaceOrientationLocked) == [false, false, true, true, false, false])
    // The navigation controller hands the question to its top (childViewControllerForInterfaceOrientationLock).
    #expect(steps[2].calls(to: "-[GameVC prefersInterfaceOrientationLocked]").first?.answer == "YES")
    #expect(
      TextTrace.render(steps, scenario: try ScenarioDecoder.decode(text: Self.game(windowing: "")))
        .contains("effectiveGeometry.isInterfaceOrientationLocked: YES"))
  }

  /// capacitor-plugins#2493 (iPadOS 26, windowed apps): the plugin's lock gives the app a floating
  /// window of the requested shape on a screen that keeps its orientation, and locking back keeps
  /// it floating; with full-screen apps the same app multitasks and the request fails with 101.
  @Test func withAppsInWindowsARequestReshapesTheWindow() throws {
    var scenario = try bundledScenario("ipados26-windowed-lock-reshapes-the-window.json")
    let steps = Simulator.run(scenario)
    #expect(steps.map(\.sceneWindow) == [.fullScreen, .landscapeWindow, .portraitWindow])
    #expect(steps.map(\.interfaceOrientation) == [.portrait, .portrait, .portrait])
    #expect(steps[1].error == nil)
    #expect(steps[1].reason.rules.contains(Rule("windowed-request-reshapes")))
    #expect(Check.results(scenario, steps: steps).allSatisfy { $0.held })
    let written = ScenarioEncoder.text(scenario)
    #expect(try ScenarioDecoder.decode(text: written) == scenario)
    scenario.system.windowing = .fullScreenApps
    let full = Simulator.run(scenario)
    #expect(full[1].error?.code == 101)
    #expect(full[1].sceneWindow == .fullScreen)
    #expect(Check.results(scenario, steps: full).filter { !$0.held }.count == 2)
    // A window the person left unmaximised starts as a window of the screen's shape.
    scenario.system.windowing = .stageManager
    scenario.system.sceneFillsScreen = nil
    #expect(Simulator.run(scenario)[0].sceneWindow == .portraitWindow)
    let wrong = written.replacingOccurrences(
      of: #""sceneWindow": "landscapeWindow""#, with: #""sceneWindow": "floating""#)
    #expect {
      try ScenarioDecoder.decode(text: wrong)
    } throws: { error in
      let error = error as? ScenarioError
      return error?.path == "expect[1].sceneWindow" && error?.message.contains("\"landscapeWindow\"") == true
    }
  }

  /// docs/rules.md#orientation-lock-preference, UIKitCore 26.1: a presentation and a dismissal
  /// re-check the preference as they start (`_setPresentedStatusBarViewController:…`), so a
  /// full-screen player that prefers the lock gets it without calling anything, and loses it as it
  /// is dismissed; a tab switch re-checks too (`transitionFromViewController:…`).
  @Test func aPresentationADismissalAndATabSwitchAskForTheLockAgain() throws {
    let steps = try run(
      """
      "system": {"version": "26.1", "idiom": "pad", "homeButton": false, "windowing": "fullScreenApps"},
      "app": {"infoPlist": ["portrait", "portraitUpsideDown", "landscapeLeft", "landscapeRight"]},
      "classes": {"Tabs": {"kind": "tabBar", "childViewControllerForInterfaceOrientationLock": {"forwardTo": "selected"}},
                  "Home": {"kind": "view"}, "Map": {"kind": "view", "prefersInterfaceOrientationLocked": true},
                  "Player": {"kind": "view", "prefersInterfaceOrientationLocked": true}},
      "window": {"root": {"class": "Tabs", "tabs": [{"class": "Home"}, {"class": "Map"}]}},
      "steps": ["launch", {"rotateDevice": "landscapeLeft"}, {"present": "Player", "style": "fullScreen"},
                {"rotateDevice": "portrait"}, "dismiss", {"rotateDevice": "portrait"}, {"selectTab": 1},
                {"rotateDevice": "landscapeLeft"}]
      """)
    #expect(steps.map(\.interfaceOrientationLocked) == [false, false, true, true, false, false, true, true])
    // Released as the dismissal starts, the multitasking app follows the device again.
    #expect(
      steps.map(\.interfaceOrientation) == [
        .portrait, .landscapeRight, .landscapeRight, .landscapeRight, .portrait, .portrait, .portrait,
        .portrait,
      ])
    #expect(steps[2].calls(to: "-[Player prefersInterfaceOrientationLocked]").first?.answer == "YES")
    #expect(steps[2].reason.text.contains("When the presentation starts, UIKit asks again"))
    #expect(steps[4].calls(to: "-[Home prefersInterfaceOrientationLocked]").first?.answer == "NO")
    #expect(steps[6].calls(to: "-[Map prefersInterfaceOrientationLocked]").first?.answer == "YES")
    // Nothing changed, nothing published: the same preference again says nothing.
    #expect(!steps[5].reason.text.contains("UIKit asks again"))
  }

  @Test func inAWindowTheLockIsNotGrantedAndBefore26TheMethodIsMissing() throws {
    let windowed = Simulator.run(try ScenarioDecoder.decode(text: Self.game(windowing: "windowedApps")))
    #expect(windowed.map(\.interfaceOrientationLocked) == [false, false, false, false, false, false])
    #expect(windowed[3].interfaceOrientation == .portrait)
    #expect(windowed[2].reason.text.contains("the system does not grant it"))
    let old = Simulator.run(try ScenarioDecoder.decode(text: Self.game(windowing: "", version: "18.0")))
    #expect(old[2].exception?.name == "NSInvalidArgumentException")
    #expect(old[2].interfaceOrientationLocked == nil)
    // windowing is iPadOS 26's: refused elsewhere, with its path.
    #expect {
      try ScenarioDecoder.decode(text: Self.game(windowing: "stageManager", version: "18.0"))
    } throws: { error in
      (error as? ScenarioError)?.path == "system.windowing"
    }
    let written = try ScenarioDecoder.decode(text: Self.game(windowing: "stageManager"))
    #expect(try ScenarioDecoder.decode(text: ScenarioEncoder.text(written)) == written)
  }

  /// The three bundled stories of issue #27, each against its source: TN3192's driving game, the
  /// landscape game whose UIRequiresFullScreen 26.2 ignores (asked on 26.1, following the device on
  /// 26.2), and TN3187's app without scenes (the launch line and the finding).
  @Test func theBundledStoriesOfTodaysSystems() throws {
    let game = Simulator.run(try bundledScenario("ipados26-driving-game-locks.json"))
    #expect(game.map(\.interfaceOrientationLocked) == [false, false, true, true, false, false])
    var full = try bundledScenario("ipados26-landscape-game-requires-full-screen.json")
    #expect(Simulator.run(full).map(\.interfaceOrientation) == [.landscapeRight, .portrait])
    full.system.version = SystemVersion("26.1")!
    let honoured = Simulator.run(full)
    #expect(honoured.map(\.interfaceOrientation) == [.landscapeRight, .landscapeRight])
    // Asked at launch on 26.1 (the rotation then reads the scene's cache), never on 26.2.
    #expect(!honoured[0].calls(to: "-[GameViewController supportedInterfaceOrientations]").isEmpty)
    let noScenes = try bundledScenario("ios26-app-without-scenes.json")
    let launched = Simulator.run(noScenes)[0]
    #expect(launched.console.contains { $0.text.contains("`UIScene` lifecycle will soon be required") })
    #expect(Diagnosis.findings(noScenes).contains { $0.rule == "scene-lifecycle" })
  }

  /// docs/rules.md#view-will-transition and #rotation-callbacks-before-ios8: a portrait-only presenter
  /// under a full-screen player gets viewWillTransitionToSize: when the player turns (iOS 9, Spots#286);
  /// iOS 7 sends the three rotation callbacks, to what is in the window only, for a 180° turn too.
  @Test func aCoveredPresenterGetsTheTransitionAndIOS7GetsTheRotationCallbacks() throws {
    func steps(_ version: String) throws -> [Step] {
      try run(
        """
            "title": "t",
             "system": {"version": "\(version)", "idiom": "phone", "homeButton": true},
             "app": {"infoPlist": ["portrait", "portraitUpsideDown", "landscapeLeft", "landscapeRight"]},
             "classes": {"Home": {"kind": "view", "supportedInterfaceOrientations": "portrait"},
                         "Player": {"kind": "view", "supportedInterfaceOrientations": "all"}},
             "window": {"root": {"class": "Home"}},
             "steps": ["launch", {"present": "Player", "style": "fullScreen"}, {"rotateDevice": "landscapeLeft"},
                       {"rotateDevice": "landscapeRight"}]
        """)
    }
    let nine = try steps("9.0")
    #expect(nine[2].calls(to: "-[Home viewWillTransitionToSize:withTransitionCoordinator:]").count == 1)
    #expect(nine[2].calls(to: "-[Player viewWillTransitionToSize:withTransitionCoordinator:]").count == 1)
    // A 180° turn changes no size.
    #expect(nine[3].calls(to: "-[Player viewWillTransitionToSize:withTransitionCoordinator:]").isEmpty)
    let seven = try steps("7.0")
    #expect(seven[2].calls(to: "-[Player viewWillTransitionToSize:withTransitionCoordinator:]").isEmpty)
    let order = seven[2].calls.filter { $0.receiver == "Player" && $0.selector.contains("Rotat") }.map(
      \.selector)
    #expect(
      order == [
        "willRotateToInterfaceOrientation:duration:", "willAnimateRotationToInterfaceOrientation:duration:",
        "didRotateFromInterfaceOrientation:",
      ])
    #expect(seven[2].calls(to: "-[Home willRotateToInterfaceOrientation:duration:]").isEmpty)
    #expect(seven[3].calls(to: "-[Player didRotateFromInterfaceOrientation:]").count == 1)  // 180° too
  }

  /// docs/rules.md#turn-reentry: attemptRotationToDeviceOrientation called from
  /// viewWillTransitionToSize: decides inside the turn and does not start it again (it recursed to the
  /// depth limit before).
  @Test func attemptRotationInsideTheTurnDoesNotTurnAgain() throws {
    let steps = try run(
      """
        "title": "t",
         "system": {"version": "13.0", "idiom": "phone", "homeButton": true},
         "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]},
         "classes": {"V": {"kind": "view", "viewWillTransitionToSize:withTransitionCoordinator:": ["attemptRotationToDeviceOrientation"]}},
         "window": {"root": {"class": "V"}}, "steps": ["launch", {"rotateDevice": "landscapeLeft"}]
      """)
    #expect(steps[1].limit == nil)
    #expect(steps[1].interfaceOrientation == .landscapeRight)
    #expect(steps[1].calls(to: "-[V viewWillTransitionToSize:withTransitionCoordinator:]").count == 1)
    #expect(steps[1].reason.text.contains("UIKit is already turning the interface to landscapeRight"))
  }

  /// docs/rules.md#orientation-lock-preference: a full-screen presentation's preference counts before
  /// the root's (UIKitCore 26.1 `_effectiveInterfaceOrientationLockViewController`); and diagnose
  /// points a multitasking iPad app on 26 at the lock rather than the deprecated key.
  @Test func aFullScreenPresentationsPreferenceCountsAndDiagnoseNamesTheLock() throws {
    let app = try scenario(
      """
        "title": "t",
         "system": {"version": "26.0", "idiom": "pad", "homeButton": false},
         "app": {"infoPlist": ["portrait", "portraitUpsideDown", "landscapeLeft", "landscapeRight"]},
         "classes": {"Home": {"kind": "view", "prefersInterfaceOrientationLocked": false,
                              "supportedInterfaceOrientations": "portrait"},
                     "Camera": {"kind": "view", "prefersInterfaceOrientationLocked": true}},
         "window": {"root": {"class": "Home"}},
         "steps": ["launch", {"present": "Camera", "style": "fullScreen"}, {"setNeedsUpdateOfPrefersInterfaceOrientationLocked": "Home"},
                   {"rotateDevice": "landscapeLeft"}, "dismiss", "setNeedsUpdateOfPrefersInterfaceOrientationLocked",
                   {"rotateDevice": "landscapeRight"}]
      """)
    let steps = Simulator.run(app)
    #expect(steps[2].calls(to: "-[Camera prefersInterfaceOrientationLocked]").first?.answer == "YES")
    #expect(steps[2].calls(to: "-[Home prefersInterfaceOrientationLocked]").isEmpty)
    #expect(steps[3].interfaceOrientation == .portrait)  // locked while the camera is up
    #expect(steps[5].interfaceOrientationLocked == false)  // Home's own preference again
    #expect(steps[6].interfaceOrientation == .landscapeLeft)
    let findings = Diagnosis.findings(app)
    #expect(findings.contains { $0.rule == "orientation-lock-preference" && $0.message.contains("Home") })
  }

  /// docs/rules.md#lock-toggle, openradar 25614825 variation C: over an upright phone, a controller
  /// presented in landscape (it prefers landscape, supports portrait) turns to portrait when the lock
  /// goes on, although UIDevice already said portrait; dismissing it returns to portrait.
  @Test func theLockTurnsALandscapePresentationOverAnUprightPhoneToPortrait() throws {
    let steps = try run(
      """
        "title": "25614825 C",
         "system": {"version": "9.0", "idiom": "phone", "homeButton": true},
         "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]},
         "classes": {"VC": {"kind": "view"},
                     "LVC": {"kind": "view", "preferredInterfaceOrientationForPresentation": "landscapeRight"}},
         "window": {"root": {"class": "VC"}},
         "steps": ["launch", {"present": "LVC", "style": "fullScreen"}, {"setOrientationLock": true}, "dismiss"]
      """)
    #expect(steps.map(\.interfaceOrientation) == [.portrait, .landscapeRight, .portrait, .portrait])
    #expect(steps[2].reason.text.contains("the lock makes UIKit decide again"))
  }

  /// docs/rules.md#dismiss-flat, openradar 25614825 variation A: the phone flat on the desk, a
  /// controller presented in landscape; dismissing it returns the presenter to portrait, where the
  /// interface was before (the presenter allows landscape too, so the model kept landscape before).
  @Test func aDismissalWhileTheDeviceLiesFlatReturnsToTheStartingOrientation() throws {
    let steps = try run(
      """
        "title": "25614825 A",
         "system": {"version": "9.0", "idiom": "phone", "homeButton": true},
         "device": {"orientation": "portrait"},
         "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]},
         "classes": {"VC": {"kind": "view"},
                     "LVC": {"kind": "view", "preferredInterfaceOrientationForPresentation": "landscapeRight"}},
         "window": {"root": {"class": "VC"}},
         "steps": ["launch", {"rotateDevice": "faceUp"}, {"present": "LVC", "style": "fullScreen"}, "dismiss"]
      """)
    #expect(steps.map(\.interfaceOrientation) == [.portrait, .portrait, .landscapeRight, .portrait])
    #expect(steps[3].reason.text.contains("where it was when the presentation began"))
  }

  /// docs/rules.md#custom-dismissal, openradar 22401547 case 1 (iOS 9): a portrait-only presenter,
  /// a controller that allows every orientation presented with a custom presentation, the device
  /// turned to landscape, the controller dismissed: the presenter stays landscape. From iOS 16 UIKit
  /// refreshes on dismissal (UIKitCore 18.2) and the presenter turns back to portrait.
  @Test func aCustomPresentationsDismissalLeavesThePresenterSidewaysBeforeIOS16() throws {
    func steps(_ version: String) throws -> [Step] {
      try run(
        """
          "title": "22401547",
           "system": {"version": "\(version)", "idiom": "phone", "homeButton": true},
           "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]},
           "classes": {"A": {"kind": "view", "supportedInterfaceOrientations": "portrait"},
                       "C": {"kind": "view", "supportedInterfaceOrientations": "allButUpsideDown"}},
           "window": {"root": {"class": "A"}},
           "steps": ["launch", {"present": "C", "style": "custom"}, {"rotateDevice": "landscapeLeft"}, "dismiss"]
        """)
    }
    let nine = try steps("9.0")
    #expect(nine[2].interfaceOrientation == .landscapeRight)
    #expect(nine[3].interfaceOrientation == .landscapeRight)
    #expect(nine[3].reason.rules.contains(Rule("custom-dismissal")))
    #expect(try steps("17.0")[3].interfaceOrientation == .portrait)
    // A full-screen presentation's dismissal turns back on iOS 9 (docs/rules.md#dismiss-decides).
    let fullScreen = try run(
      """
        "title": "full screen",
         "system": {"version": "9.0", "idiom": "phone", "homeButton": true},
         "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]},
         "classes": {"A": {"kind": "view", "supportedInterfaceOrientations": "portrait"},
                     "C": {"kind": "view", "supportedInterfaceOrientations": "allButUpsideDown"}},
         "window": {"root": {"class": "A"}},
         "steps": ["launch", {"present": "C", "style": "fullScreen"}, {"rotateDevice": "landscapeLeft"}, "dismiss"]
      """)
    #expect(fullScreen[3].interfaceOrientation == .portrait)
  }

  /// docs/rules.md#no-common-at-launch, mattneub's `bk2ch06p253orientationsPermitted3`: the app
  /// delegate says landscape, the root portrait. iOS 12 terminates at launch; iOS 13 launches, and a
  /// presentation with the same mismatch still raises.
  @Test func fromIOS13TheLaunchDoesNotRaiseForNoCommonOrientation() throws {
    func steps(_ version: String) throws -> [Step] {
      try run(
        """
          "title": "orientationsPermitted3",
           "system": {"version": "\(version)", "idiom": "phone", "homeButton": true},
           "app": {"infoPlist": ["landscapeRight", "landscapeLeft", "portrait"],
                   "supportedInterfaceOrientationsForWindow": "landscape"},
           "classes": {"ViewController": {"kind": "view", "supportedInterfaceOrientations": "portrait"}},
           "window": {"root": {"class": "ViewController"}},
           "steps": ["launch", {"present": "ViewController", "style": "fullScreen"}]
        """)
    }
    let twelve = try steps("12.0")
    #expect(twelve[0].exception?.name == "UIApplicationInvalidInterfaceOrientation")
    let thirteen = try steps("13.0")
    #expect(thirteen[0].status == .ran && thirteen[0].exception == nil)
    #expect(thirteen[0].reason.rules.contains(Rule("no-common-at-launch")))
    #expect(thirteen[1].exception?.name == "UIApplicationInvalidInterfaceOrientation")
  }

  /// TN3192 (UISceneSizeRestrictions for an app that needs a size, the lock only full screen): the
  /// landscape game on 26.2, wished to stay landscape. Full screen, `fix` offers the lock with the
  /// size restriction in its code; in a window, `diagnose` says no lock is granted there and names
  /// UISceneSizeRestrictions.
  @Test func aLandscapeGameOn26GetsTheLockWithASizeRestriction() throws {
    var game = try bundledScenario("ipados26-landscape-game-requires-full-screen.json")
    game.expectations = [Expectation(step: 2, interface: [.landscapeRight])]
    let lock = try #require(
      FixSearch.search(game).fixes.flatMap(\.edits).first {
        $0.title.contains("prefersInterfaceOrientationLocked")
      })
    #expect(lock.swift.contains("windowScene.sizeRestrictions?.minimumSize"))
    #expect(lock.objectiveC.contains("windowScene.sizeRestrictions.minimumSize"))
    game.system.windowing = .windowedApps
    let findings = Diagnosis.findings(game)
    #expect(
      findings.contains {
        $0.rule == "orientation-lock-preference" && $0.message.contains("UISceneSizeRestrictions")
      })
  }
}
