import RotationCore
import Testing

/// One test (or more) per rule of `../shared/docs/orientation-rules.md`, sections 1–5 and 7.
/// Each scenario is built so that a model that breaks the rule gives a different answer.
@Suite struct OrientationRulesTests {
  static let phone = "\"system\": {\"version\": \"13.0\", \"idiom\": \"phone\", \"homeButton\": true}"
  static let phoneNoHome = "\"system\": {\"version\": \"13.0\", \"idiom\": \"phone\", \"homeButton\": false}"
  static let pad = "\"system\": {\"version\": \"13.0\", \"idiom\": \"pad\"}"
  static let fourPlist =
    "\"infoPlist\": [\"portrait\", \"portraitUpsideDown\", \"landscapeLeft\", \"landscapeRight\"]"

  // MARK: - Section 1: two kinds of orientation

  @Test func deviceLandscapeMapsToTheOppositeInterfaceLandscape() {
    #expect(DeviceOrientation.landscapeLeft.interfaceOrientation == .landscapeRight)
    #expect(DeviceOrientation.landscapeRight.interfaceOrientation == .landscapeLeft)
    #expect(DeviceOrientation.portrait.interfaceOrientation == .portrait)
    #expect(DeviceOrientation.portraitUpsideDown.interfaceOrientation == .portraitUpsideDown)
    #expect(InterfaceOrientation.landscapeLeft.rawValue == DeviceOrientation.landscapeRight.rawValue)
    #expect(InterfaceOrientation.landscapeRight.rawValue == DeviceOrientation.landscapeLeft.rawValue)
  }

  @Test func flatAndUnknownDeviceOrientationsNeverRotateTheInterface() throws {
    for flat in [DeviceOrientation.faceUp, .faceDown, .unknown] {
      #expect(flat.interfaceOrientation == nil)
    }
    let steps = try run(
      """
      \(Self.phone), "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]},
      "classes": {"VC": {"kind": "view", "supportedInterfaceOrientations": "all"}},
      "window": {"root": {"class": "VC"}},
      "steps": ["launch", {"rotateDevice": "faceUp"}, {"rotateDevice": "faceDown"}]
      """)
    #expect(steps[1].interfaceOrientation == .portrait)
    #expect(steps[1].calls.isEmpty)
    #expect(steps[1].notifications == ["UIDeviceOrientationDidChangeNotification"])
    #expect(steps[2].interfaceOrientation == .portrait)
  }

  @Test func maskRawValuesAreUIKits() throws {
    #expect(OrientationMask.portrait.rawValue == 2)
    #expect(OrientationMask.portraitUpsideDown.rawValue == 4)
    #expect(OrientationMask.landscapeRight.rawValue == 8)
    #expect(OrientationMask.landscapeLeft.rawValue == 16)
    #expect(OrientationMask.landscape.rawValue == 24)
    #expect(OrientationMask.allButUpsideDown.rawValue == 26)
    #expect(OrientationMask.all.rawValue == 30)
    // The classic bug: UIInterfaceOrientationPortraitUpsideDown (2) equals MaskPortrait (2).
    #expect(InterfaceOrientation.portraitUpsideDown.rawValue == OrientationMask.portrait.rawValue)
    #expect(try OrientationMask(name: "allButUpsideDown") == [.portrait, .landscapeLeft, .landscapeRight])
  }

  // MARK: - Section 2: where the supported set comes from

  @Test func rule1TheDelegateMethodReplacesInfoPlist() throws {
    let steps = try run(
      """
      \(Self.phone), "app": {"infoPlist": ["portrait"], "supportedInterfaceOrientationsForWindow": "allButUpsideDown"},
      "classes": {"VC": {"kind": "view"}}, "window": {"root": {"class": "VC"}},
      "steps": ["launch", {"rotateDevice": "landscapeLeft"}]
      """)
    #expect(steps[1].interfaceOrientation == .landscapeRight)
    #expect(steps[1].masks?.app == .allButUpsideDown)
    #expect(steps[1].masks?.appSource.contains("supportedInterfaceOrientationsForWindow") == true)
    #expect(
      steps[1].allSignatures.first == "-[AppDelegate application:supportedInterfaceOrientationsForWindow:]")
  }

  @Test func rule1WithoutTheDelegateMethodInfoPlistDecides() throws {
    let steps = try run(
      """
      \(Self.phone), "app": {"infoPlist": ["portrait"]},
      "classes": {"VC": {"kind": "view"}}, "window": {"root": {"class": "VC"}},
      "steps": ["launch", {"rotateDevice": "landscapeLeft"}]
      """)
    #expect(steps[1].interfaceOrientation == .portrait)
    #expect(steps[1].masks?.appSource == "Info.plist")
    #expect(steps[1].calls.allSatisfy { $0.kind != .appDelegate })
  }

  @Test func rule1WithoutTheKeyTheIdiomDecides() throws {
    func upsideDown(_ system: String) throws -> InterfaceOrientation {
      try run(
        """
        \(system), "classes": {"VC": {"kind": "view", "supportedInterfaceOrientations": "all"}},
        "window": {"root": {"class": "VC"}}, "steps": ["launch", {"rotateDevice": "portraitUpsideDown"}]
        """
      )[1].interfaceOrientation
    }
    #expect(try upsideDown(Self.phone) == .portrait)
    #expect(try upsideDown(Self.pad) == .portraitUpsideDown)
  }

  @Test func rule2ControllerDefaultsDependOnTheIdiom() throws {
    func turn(_ system: String) throws -> Step {
      try run(
        """
        \(system), "app": {\(Self.fourPlist)}, "classes": {"VC": {"kind": "view"}},
        "window": {"root": {"class": "VC"}}, "steps": ["launch", {"rotateDevice": "portraitUpsideDown"}]
        """)[1]
    }
    let phoneStep = try turn(Self.phone)
    #expect(phoneStep.masks?.controller == .allButUpsideDown)
    #expect(phoneStep.masks?.controllerSource == "UIKit default")
    #expect(phoneStep.interfaceOrientation == .portrait)
    #expect(phoneStep.calls(to: "-[VC supportedInterfaceOrientations]").first?.overridden == false)
    let padStep = try turn(Self.pad)
    #expect(padStep.masks?.controller == .all)
    #expect(padStep.interfaceOrientation == .portraitUpsideDown)
  }

  @Test func rule3APhoneWithoutAHomeButtonIsNeverUpsideDown() throws {
    func upsideDown(_ system: String) throws -> Step {
      try run(
        """
        \(system), "app": {\(Self.fourPlist)},
        "classes": {"VC": {"kind": "view", "supportedInterfaceOrientations": "all"}},
        "window": {"root": {"class": "VC"}}, "steps": ["launch", {"rotateDevice": "portraitUpsideDown"}]
        """)[1]
    }
    let noHome = try upsideDown(Self.phoneNoHome)
    #expect(noHome.masks?.device == .allButUpsideDown)
    #expect(noHome.interfaceOrientation == .portrait)
    #expect(try upsideDown(Self.phone).interfaceOrientation == .portraitUpsideDown)
  }

  @Test func rule4AnEmptyIntersectionRaisesWhileShouldAutorotateIsYes() throws {
    let steps = Simulator.run(try bundledScenario("seed004-empty-intersection.json"))
    let exception = try #require(steps[0].exception)
    #expect(exception.name == "UIApplicationInvalidInterfaceOrientation")
    #expect(
      exception.reason
        == "Supported orientations has no common orientation with the application, and [LandscapeGameViewController shouldAutorotate] is returning YES"
    )
    #expect(steps[0].status == .exception)
    #expect(steps[1].status == .notRun)
    #expect(steps[1].calls.isEmpty)
  }

  @Test func rule4OlderSystemsOmitTheClassName() throws {
    let steps = try run(
      """
      "system": {"version": "7.0"}, "app": {"supportedInterfaceOrientationsForWindow": "portrait"},
      "classes": {"VC": {"kind": "view", "supportedInterfaceOrientations": "landscape"}},
      "window": {"root": {"class": "VC"}}
      """)
    #expect(
      steps[0].exception?.reason == "Supported orientations has no common orientation with the application")
  }

  @Test func rule4NoExceptionWhenShouldAutorotateIsNo() throws {
    let steps = try run(
      """
      \(Self.phone), "app": {"supportedInterfaceOrientationsForWindow": "portrait"},
      "classes": {"VC": {"kind": "view", "shouldAutorotate": false, "supportedInterfaceOrientations": "landscape"}},
      "window": {"root": {"class": "VC"}}, "steps": ["launch", {"rotateDevice": "landscapeLeft"}]
      """)
    #expect(steps.allSatisfy { $0.exception == nil && $0.status == .ran })
    #expect(steps[1].interfaceOrientation == .portrait)
  }

  @Test func rule5APreferredOrientationOutsideTheSupportedSetRaises() throws {
    let steps = try run(
      """
      \(Self.phone), "app": {\(Self.fourPlist)},
      "classes": {
        "Root": {"kind": "view"},
        "Player": {"kind": "view", "supportedInterfaceOrientations": "landscape",
                   "preferredInterfaceOrientationForPresentation": "portrait"}},
      "window": {"root": {"class": "Root"}},
      "steps": ["launch", {"present": "Player", "style": "fullScreen"}]
      """)
    #expect(steps[1].exception?.name == "UIApplicationInvalidInterfaceOrientation")
    #expect(
      steps[1].exception?.reason
        == "preferredInterfaceOrientationForPresentation 'portrait' must match a supported interface orientation: 'landscapeLeft, landscapeRight'!"
    )
  }

  @Test func rule5WithoutAnOverrideTheStatusBarOrientationIsPreferred() throws {
    let steps = try run(
      """
      \(Self.phone), "app": {\(Self.fourPlist)},
      "classes": {"Root": {"kind": "view"}, "Sheet": {"kind": "view"}},
      "window": {"root": {"class": "Root"}},
      "steps": ["launch", {"rotateDevice": "landscapeLeft"}, {"present": "Sheet", "style": "fullScreen"}]
      """)
    let preferred = steps[2].calls(to: "-[Sheet preferredInterfaceOrientationForPresentation]")
    #expect(preferred.first?.answer == "landscapeRight")
    #expect(preferred.first?.overridden == false)
    #expect(steps[2].interfaceOrientation == .landscapeRight)
  }

  // MARK: - Section 3: which controller decides

  static let navigation = """
    \(phone), "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]},
    "classes": {
      "Nav": {"kind": "navigation", "supportedInterfaceOrientations": "allButUpsideDown"},
      "PortraitPage": {"kind": "view", "shouldAutorotate": true, "supportedInterfaceOrientations": "portrait"}},
    "window": {"root": {"class": "Nav", "stack": [{"class": "PortraitPage"}]}}
    """

  @Test func rule6ContainersDoNotConsultTheirChildren() throws {
    let steps = try run(Self.navigation + ", \"steps\": [\"launch\", {\"rotateDevice\": \"landscapeLeft\"}]")
    #expect(steps[1].interfaceOrientation == .landscapeRight)
    #expect(!steps[1].calls.contains { $0.receiver == "PortraitPage" && $0.kind == .orientation })
    #expect(steps[1].masks?.controllerClass == "Nav")
    // At launch the top child's mask is asked, but the answer is ignored (openradar 14080208),
    // and its shouldAutorotate is never called.
    let launchAsk = try #require(steps[0].calls(to: "-[PortraitPage supportedInterfaceOrientations]").first)
    #expect(launchAsk.note?.contains("ignored") == true)
    #expect(steps[0].calls(to: "-[PortraitPage shouldAutorotate]").isEmpty)
  }

  @Test func rule7ForwardingNestsTheChildsAnswers() throws {
    let steps = try run(
      """
      \(Self.phone), "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]},
      "classes": {
        "Tabs": {"kind": "tabBar", "supportedInterfaceOrientations": {"forwardTo": "selected"},
                 "shouldAutorotate": {"forwardTo": "selected"}},
        "Nav": {"kind": "navigation", "supportedInterfaceOrientations": {"forwardTo": "top"},
                "shouldAutorotate": {"forwardTo": "top"}},
        "Page": {"kind": "view", "supportedInterfaceOrientations": "portrait"}},
      "window": {"root": {"class": "Tabs", "tabs": [{"class": "Nav", "stack": [{"class": "Page"}]}]}},
      "steps": ["launch", {"rotateDevice": "landscapeLeft"}]
      """)
    let rotation = steps[1]
    #expect(rotation.interfaceOrientation == .portrait)
    let supported = rotation.calls.filter { $0.selector == "supportedInterfaceOrientations" }
    #expect(supported.map(\.receiver) == ["Tabs", "Nav", "Page"])
    #expect(supported.map(\.depth) == [0, 1, 2])
    #expect(supported.map(\.answer) == ["portrait", "portrait", "portrait"])
    let should = rotation.calls.filter { $0.selector == "shouldAutorotate" }
    #expect(should.map(\.receiver) == ["Tabs", "Nav", "Page"])
    #expect(should.last?.overridden == false)
    #expect(rotation.masks?.controllerSource == "forwarded to selectedViewController Nav")
  }

  @Test func rule7VisibleIncludesAPresentedSheetButTopDoesNot() throws {
    func rotateUnderSheet(_ target: String) throws -> Step {
      try run(
        """
        \(Self.phone), "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]},
        "classes": {
          "Nav": {"kind": "navigation", "supportedInterfaceOrientations": {"forwardTo": "\(target)"}},
          "Page": {"kind": "view", "supportedInterfaceOrientations": "allButUpsideDown"},
          "Sheet": {"kind": "view", "supportedInterfaceOrientations": "portrait"}},
        "window": {"root": {"class": "Nav", "stack": [{"class": "Page"}]}},
        "steps": ["launch", {"present": "Sheet", "style": "pageSheet"}, {"rotateDevice": "landscapeLeft"}]
        """)[2]
    }
    #expect(try rotateUnderSheet("visible").interfaceOrientation == .portrait)
    #expect(try rotateUnderSheet("top").interfaceOrientation == .landscapeRight)
  }

  @Test func rule8AFullScreenPresentationTakesOverAndASheetDoesNot() throws {
    func present(_ style: String, version: String = "13.0") throws -> Step {
      try run(
        """
        "system": {"version": "\(version)"}, "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]},
        "classes": {
          "Nav": {"kind": "navigation", "supportedInterfaceOrientations": "portrait"},
          "Page": {"kind": "view"},
          "Player": {"kind": "view", "supportedInterfaceOrientations": "landscape",
                     "preferredInterfaceOrientationForPresentation": "landscapeRight"}},
        "window": {"root": {"class": "Nav", "stack": [{"class": "Page"}]}},
        "steps": ["launch", {"present": "Player", "style": "\(style)"}]
        """)[1]
    }
    let full = try present("fullScreen")
    #expect(full.interfaceOrientation == .landscapeRight)
    #expect(full.masks?.controllerClass == "Player")
    #expect(try present("overFullScreen").interfaceOrientation == .landscapeRight)
    let sheet = try present("pageSheet")
    #expect(sheet.interfaceOrientation == .portrait)
    #expect(sheet.masks?.controllerClass == "Nav")
    #expect(sheet.calls(to: "-[Player supportedInterfaceOrientations]").isEmpty)
    // Before iOS 13 an iPhone shows sheets full screen.
    #expect(try present("formSheet", version: "12.0").interfaceOrientation == .landscapeRight)
  }

  @Test func rule9ShouldAutorotateNoBlocksRotationAndIgnoresTheMask() throws {
    let steps = try run(
      """
      \(Self.phone), "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]},
      "classes": {"VC": {"kind": "view", "shouldAutorotate": false, "supportedInterfaceOrientations": "all"}},
      "window": {"root": {"class": "VC"}}, "steps": ["launch", {"rotateDevice": "landscapeLeft"}]
      """)
    #expect(steps[1].interfaceOrientation == .portrait)
    #expect(steps[1].reason.contains("VC returned NO from shouldAutorotate"))
  }

  @Test func rule9AChildCanTurnAParentThatReturnedNoAndItCannotTurnBack() throws {
    // Seed 001, the video call.
    let steps = Simulator.run(try bundledScenario("seed001-video-call-parent-returns-no.json"))
    #expect(steps[2].interfaceOrientation == .landscapeRight)  // the call turns with the device
    #expect(steps[3].interfaceOrientation == .landscapeRight)  // back on the parent: still landscape
    #expect(steps[4].interfaceOrientation == .landscapeRight)  // the device turns back; the parent does not
    #expect(steps[4].deviceOrientation == .portrait)
    let fixed = Simulator.run(try bundledScenario("seed001-video-call-fixed.json"))
    #expect(fixed[3].interfaceOrientation == .portrait)
    #expect(
      fixed[3].calls(to: "-[CallListVC preferredInterfaceOrientationForPresentation]").first?.answer
        == "portrait")
    #expect(fixed[4].interfaceOrientation == .portrait)
  }

  @Test func rule10ATabBarControllerDecidesLikeANavigationController() throws {
    let steps = try run(
      """
      \(Self.phone), "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]},
      "classes": {"Tabs": {"kind": "tabBar", "supportedInterfaceOrientations": "portrait"},
                  "Landscape": {"kind": "view", "supportedInterfaceOrientations": "landscape"}},
      "window": {"root": {"class": "Tabs", "tabs": [{"class": "Landscape"}]}},
      "steps": ["launch", {"rotateDevice": "landscapeLeft"}]
      """)
    #expect(steps[1].interfaceOrientation == .portrait)
    #expect(steps[1].calls(to: "-[Landscape supportedInterfaceOrientations]").isEmpty)
  }

  @Test func rule10ATabBarDelegateAnswersWhenTheControllerDoesNotOverride() throws {
    let steps = try run(
      """
      \(Self.phone), "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]},
      "classes": {"Tabs": {"kind": "tabBar", "delegate": {"class": "TabsDelegate", "supportedInterfaceOrientations": "portrait"}},
                  "Page": {"kind": "view"}},
      "window": {"root": {"class": "Tabs", "tabs": [{"class": "Page"}]}},
      "steps": ["launch", {"rotateDevice": "landscapeLeft"}]
      """)
    #expect(steps[1].interfaceOrientation == .portrait)
    let delegateCall = try #require(
      steps[1].calls(to: "-[TabsDelegate tabBarControllerSupportedInterfaceOrientations:]").first)
    #expect(delegateCall.depth == 1)
    #expect(delegateCall.answer == "portrait")
  }

  // MARK: - Section 4: when the decision is made

  @Test func rule11DismissDecidesAgainAndChecksThePreferredOrientation() throws {
    let steps = Simulator.run(try bundledScenario("seed001-fix-without-preferred.json"))
    #expect(steps[3].status == .exception)
    #expect(
      steps[3].exception?.reason
        == "preferredInterfaceOrientationForPresentation 'landscapeRight' must match a supported interface orientation: 'portrait'!"
    )
    #expect(steps[4].status == .notRun)
  }

  @Test func rule12PushAndPopDoNotRotate() throws {
    let steps = Simulator.run(try bundledScenario("seed004-landscape-after-pop.json"))
    #expect(steps[2].interfaceOrientation == .landscapeRight)
    let pop = steps[3]
    #expect(pop.interfaceOrientation == .landscapeRight)
    #expect(!pop.calls.contains { $0.kind == .orientation || $0.kind == .appDelegate })
    #expect(pop.reason.contains("would now allow only portrait"))
    // attemptRotationToDeviceOrientation makes UIKit ask, and the page returns to portrait.
    #expect(steps[4].interfaceOrientation == .portrait)
  }

  @Test func rule13AttemptRotationUsesTheCurrentDeviceOrientation() throws {
    let steps = Simulator.run(try bundledScenario("seed003-visible-selected-attempt.json"))
    #expect(steps[1].interfaceOrientation == .portrait)
    #expect(steps[2].interfaceOrientation == .portrait)  // setting the flag alone asks nothing
    #expect(steps[2].calls.isEmpty)
    #expect(steps[3].interfaceOrientation == .landscapeRight)
    #expect(steps[3].allSignatures.first == "+[UIViewController attemptRotationToDeviceOrientation]")
    // It cannot turn to an orientation the device is not in.
    let stuck = try run(
      """
      \(Self.phone), "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]},
      "classes": {"VC": {"kind": "view"}}, "window": {"root": {"class": "VC"}},
      "steps": ["launch", "attemptRotationToDeviceOrientation"]
      """)
    #expect(stuck[1].interfaceOrientation == .portrait)
  }

  @Test func rule14KVCForcingDecidesAndRepeatingAValueDoesNothing() throws {
    let body = """
      \(Self.phone), "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]},
      "classes": {"VC": {"kind": "view"}}, "window": {"root": {"class": "VC"}},
      "steps": ["launch", {"setDeviceOrientation": "landscapeRight"}, {"rotateDevice": "portrait"},
                {"setDeviceOrientation": "portrait"}, {"setDeviceOrientation": "faceDown"},
                {"setDeviceOrientation": "portrait"}]
      """
    let steps = try run(body)
    #expect(steps[1].interfaceOrientation == .landscapeLeft)
    #expect(steps[1].physicalOrientation == .portrait)
    #expect(steps[1].deviceOrientation == .landscapeRight)
    #expect(steps[2].interfaceOrientation == .portrait)
    // Already portrait: no notification, nobody asked.
    #expect(steps[3].notifications.isEmpty)
    #expect(!steps[3].calls.contains { $0.kind == .orientation })
    // The seeds' trick: faceDown first, then the target, posts and decides again.
    #expect(steps[5].notifications.first == "UIDeviceOrientationDidChangeNotification")
    #expect(steps[5].calls.contains { $0.kind == .orientation })
  }

  @Test func rule15TheOrientationLockReadsPortraitAndPostsNothing() throws {
    let steps = Simulator.run(try bundledScenario("seed004-orientation-lock.json"))
    let locked = steps[1]
    #expect(locked.physicalOrientation == .landscapeLeft)
    #expect(locked.deviceOrientation == .portrait)
    #expect(locked.interfaceOrientation == .portrait)
    #expect(locked.notifications.isEmpty)
    #expect(locked.calls.isEmpty)
    let unlocked = steps[2]
    #expect(unlocked.deviceOrientation == .landscapeLeft)
    #expect(unlocked.interfaceOrientation == .landscapeRight)
    #expect(steps[3].interfaceOrientation == .portrait)
  }

  @Test func rule16TheLaunchScreenFollowsInfoPlistAndSnapsToItsFirstEntry() throws {
    let steps = try run(
      """
      \(Self.phone), "device": {"orientation": "portrait"},
      "app": {"infoPlist": ["landscapeRight", "landscapeLeft"], "supportedInterfaceOrientationsForWindow": "all"},
      "classes": {"Game": {"kind": "view", "supportedInterfaceOrientations": "landscape"}},
      "window": {"root": {"class": "Game"}}
      """)
    #expect(steps[0].interfaceOrientation == .landscapeRight)
    #expect(steps[0].reason.hasPrefix("The launch screen showed landscapeRight (from Info.plist)"))
    let deviceAllowed = try run(
      """
      \(Self.phone), "device": {"orientation": "landscapeRight"},
      "app": {"infoPlist": ["landscapeRight", "landscapeLeft"]},
      "classes": {"Game": {"kind": "view", "supportedInterfaceOrientations": "landscape"}},
      "window": {"root": {"class": "Game"}}
      """)
    #expect(deviceAllowed[0].interfaceOrientation == .landscapeLeft)
  }

  // MARK: - Section 7: notifications

  @Test func notificationsFollowTheDeviceAndTheStatusBar() throws {
    let steps = try run(
      """
      \(Self.phone), "app": {\(Self.fourPlist)},
      "classes": {"VC": {"kind": "view", "supportedInterfaceOrientations": "all",
                         "viewWillTransitionToSize:withTransitionCoordinator:": []}},
      "window": {"root": {"class": "VC"}},
      "steps": ["launch", {"rotateDevice": "landscapeLeft"}, {"rotateDevice": "landscapeRight"},
                {"setOrientationLock": true}, {"rotateDevice": "portraitUpsideDown"}]
      """)
    #expect(
      steps[1].notifications == [
        "UIDeviceOrientationDidChangeNotification", "UIApplicationWillChangeStatusBarOrientationNotification",
        "UIApplicationDidChangeStatusBarOrientationNotification",
      ])
    #expect(steps[1].calls(to: "-[VC viewWillTransitionToSize:withTransitionCoordinator:]").count == 1)
    // A 180° turn changes the status bar but not the size.
    #expect(steps[2].notifications.count == 3)
    #expect(steps[2].calls(to: "-[VC viewWillTransitionToSize:withTransitionCoordinator:]").isEmpty)
    // Locked: no device notification for a turn of the hardware.
    #expect(steps[4].notifications.isEmpty)
  }
}
