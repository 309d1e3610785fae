import RotationCore
import Testing

/// One test (or more) per rule of docs/rules.md, sections 1–5 and 7; each names its rule's anchor.
/// Each scenario is built so that a model that breaks the rule gives a different answer.
@Suite struct OrientationRulesTests {
  static let phone = "\"system\": {\"version\": \"13.0\", \"idiom\": \"phone\", \"homeButton\": true}"
  static let phoneNoHome = "\"system\": {\"version\": \"13.0\", \"idiom\": \"phone\", \"homeButton\": false}"
  static let pad = "\"system\": {\"version\": \"13.0\", \"idiom\": \"pad\"}"
  static let fourPlist =
    "\"infoPlist\": [\"portrait\", \"portraitUpsideDown\", \"landscapeLeft\", \"landscapeRight\"]"

  // MARK: - docs/rules.md#orientations: two kinds of orientation

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

  // MARK: - docs/rules.md#masks: where the supported set comes from

  /// docs/rules.md#app-mask
  @Test func theDelegateMethodReplacesInfoPlist() throws {
    let steps = try run(
      """
      \(Self.phone), "app": {"infoPlist": ["portrait"], "supportedInterfaceOrientationsForWindow": "allButUpsideDown"},
      "classes": {"VC": {"kind": "view"}}, "window": {"root": {"class": "VC"}},
      "steps": ["launch", {"rotateDevice": "landscapeLeft"}]
      """)
    #expect(steps[1].interfaceOrientation == .landscapeRight)
    #expect(steps[1].masks?.app == .allButUpsideDown)
    #expect(steps[1].masks?.appSource.text.contains("supportedInterfaceOrientationsForWindow") == true)
    #expect(
      steps[1].allSignatures.first == "-[AppDelegate application:supportedInterfaceOrientationsForWindow:]")
  }

  /// docs/rules.md#app-mask
  @Test func withoutTheDelegateMethodInfoPlistDecides() throws {
    let steps = try run(
      """
      \(Self.phone), "app": {"infoPlist": ["portrait"]},
      "classes": {"VC": {"kind": "view"}}, "window": {"root": {"class": "VC"}},
      "steps": ["launch", {"rotateDevice": "landscapeLeft"}]
      """)
    #expect(steps[1].interfaceOrientation == .portrait)
    #expect(steps[1].masks?.appSource.text == "Info.plist")
    #expect(steps[1].calls.allSatisfy { $0.kind != .appDelegate })
  }

  /// docs/rules.md#app-mask-default
  @Test func withoutTheKeyTheIdiomDecides() throws {
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

  /// docs/rules.md#default-supported
  @Test func controllerDefaultsDependOnTheIdiom() throws {
    func turn(_ system: String) throws -> Step {
      try run(
        """
        \(system), "app": {\(Self.fourPlist)}, "classes": {"VC": {"kind": "view"}},
        "window": {"root": {"class": "VC"}}, "steps": ["launch", {"rotateDevice": "portraitUpsideDown"}]
        """)[1]
    }
    let phoneStep = try turn(Self.phone)
    #expect(phoneStep.masks?.controller == .allButUpsideDown)
    #expect(phoneStep.masks?.controllerSource.text == "UIKit default")
    #expect(phoneStep.interfaceOrientation == .portrait)
    #expect(phoneStep.calls(to: "-[VC supportedInterfaceOrientations]").first?.overridden == false)
    let padStep = try turn(Self.pad)
    #expect(padStep.masks?.controller == .all)
    #expect(padStep.interfaceOrientation == .portraitUpsideDown)
  }

  /// docs/rules.md#device-mask
  @Test func aPhoneWithoutAHomeButtonIsNeverUpsideDown() throws {
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

  /// docs/rules.md#no-common-orientation
  @Test func anEmptyIntersectionRaisesWhileShouldAutorotateIsYes() throws {
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

  /// docs/rules.md#exception-texts: iOS 6 and 7 name no class (Ejecta#236, 2013; BubbleWrap#394, 2014).
  @Test func olderSystemsOmitTheClassName() throws {
    let steps = try run(
      """
      "system": {"version": "7.0"}, "app": {"supportedInterfaceOrientationsForWindow": "portrait"},
      "classes": {"VC": {"kind": "view", "supportedInterfaceOrientations": "landscape"}},
      "window": {"root": {"class": "VC"}}
      """)
    #expect(
      steps[0].exception?.reason
        == "Supported orientations has no common orientation with the application, and shouldAutorotate is returning YES"
    )
  }

  /// docs/rules.md#no-common-orientation
  @Test func noExceptionWhenShouldAutorotateIsNo() throws {
    let steps = try run(
      """
      \(Self.phone), "app": {"supportedInterfaceOrientationsForWindow": "portrait"},
      "classes": {"VC": {"kind": "view", "shouldAutorotate": false, "supportedInterfaceOrientations": "landscape"}},
      "window": {"root": {"class": "VC"}}, "steps": ["launch", {"rotateDevice": "landscapeLeft"}]
      """)
    #expect(steps.allSatisfy { $0.exception == nil && $0.status == .ran })
    #expect(steps[1].interfaceOrientation == .portrait)
  }

  /// docs/rules.md#preferred-not-supported
  @Test func aPreferredOrientationOutsideTheSupportedSetRaises() throws {
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
    // WMPlayer#95 (May 2017, iOS 10): the newer text already, portrait first, landscapeLeft before
    // landscapeRight (UIKit's order, not the mask's bits); iOS 9 still printed the old one.
    func reason(_ version: String, supported: String) throws -> String? {
      try run(
        """
        "system": {"version": "\(version)", "idiom": "phone", "homeButton": true}, "app": {\(Self.fourPlist)},
        "classes": {"Root": {"kind": "view"},
          "Player": {"kind": "view", "supportedInterfaceOrientations": "\(supported)",
                     "preferredInterfaceOrientationForPresentation": "portraitUpsideDown"}},
        "window": {"root": {"class": "Root"}}, "steps": ["launch", {"present": "Player", "style": "fullScreen"}]
        """)[1].exception?.reason
    }
    #expect(
      try reason("10.3", supported: "allButUpsideDown")
        == "preferredInterfaceOrientationForPresentation 'portraitUpsideDown' must match a supported interface orientation: 'portrait, landscapeLeft, landscapeRight'!"
    )
    #expect(
      try reason("9.3", supported: "allButUpsideDown")
        == "preferredInterfaceOrientationForPresentation must return a supported interface orientation!")
  }

  /// docs/rules.md#device-turn-to-current (UIKitCore 18.2, `UIWindow
  /// -_updateToNotificationProvidedInterfaceOrientation:animated:`): before iOS 16 a turn back to
  /// the orientation the interface kept asks nobody; from iOS 16 the scene's own path runs.
  @Test func aTurnToTheOrientationTheInterfaceHasAsksNobody() throws {
    func steps(_ version: String) throws -> [Step] {
      try run(
        """
        "system": {"version": "\(version)", "idiom": "phone", "homeButton": true}, "app": {\(Self.fourPlist)},
        "classes": {"Root": {"kind": "view", "supportedInterfaceOrientations": "portrait"}},
        "window": {"root": {"class": "Root"}},
        "steps": ["launch", {"rotateDevice": "landscapeLeft"}, {"rotateDevice": "faceUp"}, {"rotateDevice": "portrait"}]
        """)
    }
    let old = try steps("12.0")
    #expect(!old[1].calls(to: "-[Root shouldAutorotate]").isEmpty)
    #expect(old[3].calls.isEmpty)
    #expect(old[3].interfaceOrientation == .portrait)
    #expect(old[3].reason.text.contains("the orientation the interface already has"))
    #expect(old[3].notifications == ["UIDeviceOrientationDidChangeNotification"])
    #expect(try !steps("17.0")[3].reason.text.contains("the orientation the interface already has"))
  }

  /// docs/rules.md#exception-texts, Appboy/appboy-ios-sdk#145 (iOS 11): UIKit lists every supported
  /// orientation as 'portrait, landscapeLeft, landscapeRight, portraitUpsideDown', upside down last.
  @Test func theSupportedOrientationsAreListedWithUpsideDownLast() throws {
    #expect(OrientationMask.all.uikitList == "portrait, landscapeLeft, landscapeRight, portraitUpsideDown")
    let steps = try run(
      """
      "system": {"version": "11.0", "idiom": "phone", "homeButton": true}, "app": {\(Self.fourPlist)},
      "classes": {"Root": {"kind": "view"},
        "Player": {"kind": "view",
                   "supportedInterfaceOrientations": ["portraitUpsideDown", "landscapeLeft", "portrait"],
                   "preferredInterfaceOrientationForPresentation": "landscapeRight"}},
      "window": {"root": {"class": "Root"}}, "steps": ["launch", {"present": "Player", "style": "fullScreen"}]
      """)
    #expect(
      steps[1].exception?.reason
        == "preferredInterfaceOrientationForPresentation 'landscapeRight' must match a supported interface orientation: 'portrait, landscapeLeft, portraitUpsideDown'!"
    )
  }

  /// docs/rules.md#preferred-only-when-overridden
  @Test func withoutAPreferenceUIKitPicksAndDoesNotAsk() throws {
    let steps = try run(
      """
      \(Self.phone), "app": {\(Self.fourPlist)},
      "classes": {"Root": {"kind": "view", "supportedInterfaceOrientations": "portrait"}, "Sheet": {"kind": "view"}},
      "window": {"root": {"class": "Root"}},
      "steps": ["launch", {"rotateDevice": "landscapeLeft"}, {"present": "Sheet", "style": "fullScreen"}]
      """)
    #expect(steps[1].interfaceOrientation == .portrait, "the portrait-only root held portrait")
    #expect(steps[2].calls(to: "-[Sheet preferredInterfaceOrientationForPresentation]").isEmpty)
    // The device's orientation, which the presented controller allows, not the current portrait.
    #expect(steps[2].interfaceOrientation == .landscapeRight)
    #expect(steps[2].reason.text.contains("states no preferred orientation"))
  }

  /// docs/rules.md#preferred-only-when-overridden: the most common flow of all.
  @Test func aPortraitAppPresentsALandscapePlayerAndComesBack() throws {
    for version in ["12.0", "15.0", "16.0", "17.0"] {
      let steps = try run(
        """
        "system": {"version": "\(version)", "idiom": "phone", "homeButton": false},
        "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]},
        "classes": {"NavVC": {"kind": "navigation", "supportedInterfaceOrientations": "portrait"},
                    "ListVC": {"kind": "view"},
                    "PlayerVC": {"kind": "view", "supportedInterfaceOrientations": "landscape"}},
        "window": {"root": {"class": "NavVC", "stack": [{"class": "ListVC"}]}},
        "steps": ["launch", {"present": "PlayerVC", "style": "fullScreen"}, "dismiss"]
        """)
      #expect(steps.allSatisfy { $0.exception == nil }, "iOS \(version): \(steps.map(\.reason))")
      #expect(steps[1].interfaceOrientation.isLandscape, "iOS \(version)")
      #expect(steps[2].interfaceOrientation == .portrait, "iOS \(version)")
      #expect(steps[2].calls(to: "-[NavVC preferredInterfaceOrientationForPresentation]").isEmpty)
    }
  }

  /// docs/rules.md#preferred-not-supported: the iOS 17 boundary is the model's choice.
  @Test func fromIOS17ARefusedPreferenceIsLoggedNotRaised() throws {
    let scenario = { (version: String) in
      """
      "system": {"version": "\(version)", "idiom": "phone", "homeButton": true}, "app": {\(Self.fourPlist)},
      "classes": {"Root": {"kind": "view"},
                  "Player": {"kind": "view", "supportedInterfaceOrientations": "landscape",
                             "preferredInterfaceOrientationForPresentation": "portrait"}},
      "window": {"root": {"class": "Root"}}, "steps": ["launch", {"present": "Player", "style": "fullScreen"}]
      """
    }
    let old = try run(scenario("16.0"))
    #expect(old[1].exception?.name == "UIApplicationInvalidInterfaceOrientation")
    let new = try run(scenario("17.0"))
    #expect(new[1].exception == nil)
    #expect(new[1].interfaceOrientation.isLandscape)
    #expect(
      new[1].console.map(\.text).contains(
        "[Orientation] preferredInterfaceOrientationForPresentation 'portrait' must match a supported interface "
          + "orientation: 'landscapeLeft, landscapeRight'!"))
    #expect(new[1].reason.text.contains("UIKit refuses its preference"))
  }

  // MARK: - docs/rules.md#deciding: which controller decides

  static let navigation = """
    \(phone), "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]},
    "classes": {
      "Nav": {"kind": "navigation", "supportedInterfaceOrientations": "allButUpsideDown"},
      "PortraitPage": {"kind": "view", "shouldAutorotate": true, "supportedInterfaceOrientations": "portrait"}},
    "window": {"root": {"class": "Nav", "stack": [{"class": "PortraitPage"}]}}
    """

  /// docs/rules.md#containers-ignore-children
  @Test func containersDoNotConsultTheirChildren() throws {
    let steps = try run(Self.navigation + ", \"steps\": [\"launch\", {\"rotateDevice\": \"landscapeLeft\"}]")
    #expect(steps[1].interfaceOrientation == .landscapeRight)
    #expect(!steps[1].calls.contains { $0.receiver == "PortraitPage" && $0.kind == .orientation })
    #expect(steps[1].masks?.controllerClass == "Nav")
    // At launch the top child's mask is asked, but the answer is ignored (openradar 14080208),
    // and its shouldAutorotate is never called.
    let launchAsk = try #require(steps[0].calls(to: "-[PortraitPage supportedInterfaceOrientations]").first)
    #expect(launchAsk.note?.text.contains("ignored") == true)
    #expect(steps[0].calls(to: "-[PortraitPage shouldAutorotate]").isEmpty)
  }

  /// docs/rules.md#forwarding
  @Test func forwardingNestsTheChildsAnswers() throws {
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
    #expect(rotation.masks?.controllerSource.text == "forwarded to selectedViewController Nav")
  }

  /// docs/rules.md#visible-view-controller
  @Test func visibleIncludesAPresentedSheetButTopDoesNot() throws {
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

  /// docs/rules.md#full-screen-takes-over
  @Test func aFullScreenPresentationTakesOverAndASheetDoesNot() throws {
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
}
