import Foundation
import RotationCore
import Testing

/// The structures real apps have — custom containers, split and page views, alerts, the other
/// presentation styles — held to what UIKitCore 18.2 does (docs/rules.md, sections 5 and 8).
@Suite struct RealAppRulesTests {
  static let phone = "\"system\": {\"version\": \"13.0\", \"idiom\": \"phone\", \"homeButton\": true}"
  static let phone16 = "\"system\": {\"version\": \"16.0\", \"idiom\": \"phone\", \"homeButton\": false}"
  static let pad = "\"system\": {\"version\": \"13.0\", \"idiom\": \"pad\"}"
  static let three = "\"app\": {\"infoPlist\": [\"portrait\", \"landscapeLeft\", \"landscapeRight\"]}"

  // MARK: - docs/rules.md#containers-ignore-children, docs/rules.md#forwarding

  /// A custom container that does not forward decides with UIKit's default; its children are not asked.
  @Test func aCustomContainerDoesNotAskItsChildren() throws {
    let steps = try run(
      """
      \(Self.phone), \(Self.three),
      "classes": {"Player": {"kind": "container"}, "Video": {"kind": "view", "supportedInterfaceOrientations": "portrait"}},
      "window": {"root": {"class": "Player", "children": [{"class": "Video"}, {"class": "UIViewController"}]}},
      "steps": ["launch", {"rotateDevice": "landscapeLeft"}]
      """)
    #expect(steps[1].interfaceOrientation == .landscapeRight)
    #expect(steps[1].calls(to: "-[Video supportedInterfaceOrientations]").isEmpty)
    // Both children's views are in the window: both appeared at launch.
    #expect(steps[0].calls(to: "-[Video viewWillAppear:]").count == 1)
    #expect(steps[0].allSignatures.contains("-[UIViewController viewWillAppear:]"))
  }

  /// `{"forwardTo": "child", "index": -1}` asks the last child, nested under the container.
  /// docs/rules.md#container-delegates: the app delegate made the root navigation controller's
  /// delegate at launch (`nav.delegate = self`) answers for it, with `app.asDelegate`; a navigation
  /// controller presented later has no delegate and answers as UIKit's.
  @Test func theAppDelegateAsTheRootNavigationControllersDelegate() throws {
    let text = """
      {"format": "rotation-lab.scenario/1", "title": "t",
       "system": {"version": "15.0", "idiom": "phone", "homeButton": true},
       "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"], "asDelegate": {"supportedInterfaceOrientations": "portrait"}},
       "classes": {"Home": {"kind": "view"}},
       "window": {"root": {"class": "UINavigationController", "delegate": "AppDelegate", "stack": [{"class": "Home"}]}},
       "steps": ["launch", {"rotateDevice": "landscapeLeft"}, {"present": "UINavigationController", "stack": [{"class": "Home"}], "style": "fullScreen"}, {"rotateDevice": "landscapeRight"}]}
      """
    let scenario = try ScenarioDecoder.decode(text: text)
    let steps = Simulator.run(scenario)
    // The presented navigation controller decides as it comes (UIKit's defaults): it turns at once.
    #expect(steps.map(\.interfaceOrientation) == [.portrait, .portrait, .landscapeRight, .landscapeLeft])
    #expect(
      steps[1].calls(to: "-[AppDelegate navigationControllerSupportedInterfaceOrientations:]").first?.answer
        == "portrait")
    #expect(try ScenarioDecoder.decode(text: ScenarioEncoder.text(scenario)) == scenario)
    // Only the app delegate, and only with its answers, can be named.
    #expect {
      try ScenarioDecoder.decode(
        text: text.replacingOccurrences(of: "\"delegate\": \"AppDelegate\"", with: "\"delegate\": \"Home\""))
    } throws: { error in
      (error as? ScenarioError)?.path == "window.root.delegate"
    }
  }

  @Test func aContainerForwardsToTheChildItNames() throws {
    let steps = try run(
      """
      \(Self.phone), \(Self.three),
      "classes": {"Player": {"kind": "container", "supportedInterfaceOrientations": {"forwardTo": "child", "index": -1}},
                  "Menu": {"kind": "view"}, "Video": {"kind": "view", "supportedInterfaceOrientations": "portrait"}},
      "window": {"root": {"class": "Player", "children": [{"class": "Menu"}, {"class": "Video"}]}},
      "steps": ["launch", {"rotateDevice": "landscapeLeft"}]
      """)
    #expect(steps[1].interfaceOrientation == .portrait)
    let forwarded = try #require(steps[1].calls(to: "-[Video supportedInterfaceOrientations]").first)
    #expect(forwarded.depth == 1)
    #expect(
      steps[1].calls(to: "-[Player supportedInterfaceOrientations]").first?.note?.text.contains(
        "childViewControllers[-1]") == true)
    #expect(steps[1].calls(to: "-[Menu supportedInterfaceOrientations]").isEmpty)
  }

  /// A forward to a child the container does not have raises as the Objective-C subscript does.
  @Test func aForwardToAMissingChildRaisesNSRangeException() throws {
    let steps = try run(
      """
      \(Self.phone), \(Self.three),
      "classes": {"Player": {"kind": "container", "supportedInterfaceOrientations": {"forwardTo": "child", "index": 2}},
                  "Video": {"kind": "view"}},
      "window": {"root": {"class": "Player", "children": [{"class": "Video"}]}},
      "steps": ["launch"]
      """)
    #expect(steps[0].status == .exception)
    #expect(steps[0].exception?.name == "NSRangeException")
    #expect(steps[0].exception?.reason.contains("index 2 beyond bounds [0 .. 0]") == true)
  }

  // MARK: - docs/rules.md#split-and-page-views

  /// A split view asks its delegate, never its columns; without a delegate it has UIKit's default.
  @Test func aSplitViewAsksItsDelegateNotItsColumns() throws {
    let body = """
      \(Self.pad), "app": {"infoPlist": ["portrait", "portraitUpsideDown", "landscapeLeft", "landscapeRight"], "requiresFullScreen": true},
      "classes": {"Split": {"kind": "splitView"DELEGATE}, "List": {"kind": "view", "supportedInterfaceOrientations": "portrait"},
                  "Detail": {"kind": "view", "supportedInterfaceOrientations": "portrait"}},
      "window": {"root": {"class": "Split", "primary": {"class": "List"}, "secondary": {"class": "Detail"}}},
      "steps": ["launch", {"rotateDevice": "landscapeLeft"}]
      """
    let plain = try run(body.replacingOccurrences(of: "DELEGATE", with: ""))
    #expect(plain[1].interfaceOrientation == .landscapeRight)
    #expect(plain[1].calls(to: "-[List supportedInterfaceOrientations]").isEmpty)
    #expect(plain[1].calls(to: "-[Detail supportedInterfaceOrientations]").isEmpty)
    let delegated = try run(
      body.replacingOccurrences(
        of: "DELEGATE",
        with:
          ", \"delegate\": {\"class\": \"SplitDelegate\", \"supportedInterfaceOrientations\": \"portrait\"}"))
    #expect(delegated[1].interfaceOrientation == .portrait)
    let call = try #require(
      delegated[1].calls(to: "-[SplitDelegate splitViewControllerSupportedInterfaceOrientations:]").first)
    #expect(call.depth == 1)
  }

  /// A page view subclass can forward to its current page; a plain one asks its delegate.
  @Test func aPageViewForwardsToItsCurrentPageOnlyWhenTold() throws {
    let steps = try run(
      """
      \(Self.phone), \(Self.three),
      "classes": {"Pages": {"kind": "pageView", "supportedInterfaceOrientations": {"forwardTo": "current"}},
                  "Photo": {"kind": "view", "supportedInterfaceOrientations": "portrait"}, "Map": {"kind": "view"}},
      "window": {"root": {"class": "Pages", "pages": [{"class": "Map"}, {"class": "Photo"}], "current": 1}},
      "steps": ["launch", {"rotateDevice": "landscapeLeft"}]
      """)
    #expect(steps[1].interfaceOrientation == .portrait)
    #expect(steps[1].calls(to: "-[Photo supportedInterfaceOrientations]").count == 1)
    // Only the current page is in the window.
    #expect(steps[0].calls(to: "-[Map viewWillAppear:]").isEmpty)
  }

  // MARK: - docs/rules.md#alert-defers-to-presenter, docs/rules.md#alert-presentation

  /// A plain UIAlertController decides (its presentation is custom) with its presenter's mask.
  @Test func anAlertAnswersWithItsPresentersMask() throws {
    let steps = try run(
      """
      \(Self.phone), \(Self.three), "device": {"orientation": "landscapeLeft"},
      "classes": {"Home": {"kind": "view", "supportedInterfaceOrientations": "portrait"}},
      "window": {"root": {"class": "Home"}},
      "steps": ["launch", {"present": "UIAlertController", "style": "pageSheet"}, {"rotateDevice": "portrait"},
                {"rotateDevice": "landscapeLeft"}]
      """)
    #expect(steps[1].interfaceOrientation == .portrait)
    #expect(steps[1].masks?.controllerClass == "UIAlertController")
    let alertCall = try #require(
      steps[1].calls(to: "-[UIAlertController supportedInterfaceOrientations]").first)
    #expect(!alertCall.overridden)
    #expect(alertCall.note?.text.contains("presentingViewController") == true)
    #expect(steps[1].calls(to: "-[Home supportedInterfaceOrientations]").contains { $0.depth == 1 })
    #expect(steps[1].reason.text.contains("ignores the style it is given (pageSheet)"))
    #expect(steps[3].interfaceOrientation == .portrait)
  }

  /// An alert subclass that overrides its mask answers for itself.
  @Test func anAlertSubclassThatOverridesAnswersItself() throws {
    let steps = try run(
      """
      \(Self.phone), \(Self.three), "device": {"orientation": "landscapeLeft"},
      "classes": {"Home": {"kind": "view", "supportedInterfaceOrientations": "portrait"},
                  "LandscapeAlert": {"kind": "alert", "supportedInterfaceOrientations": "landscape"}},
      "window": {"root": {"class": "Home"}},
      "steps": ["launch", {"present": "LandscapeAlert"}]
      """)
    #expect(steps[1].interfaceOrientation == .landscapeRight)
    #expect(steps[1].calls(to: "-[Home supportedInterfaceOrientations]").allSatisfy { $0.depth == 0 })
  }

  // MARK: - docs/rules.md#presentation-styles

  /// Popovers and current-context presentations never decide; a custom presentation does.
  @Test func whichStylesDecide() throws {
    func interface(after style: String, idiom: String) throws -> InterfaceOrientation {
      let steps = try run(
        """
        "system": {"version": "13.0", "idiom": "\(idiom)"}, \(Self.three),
        "classes": {"Home": {"kind": "view", "supportedInterfaceOrientations": "portrait"},
                    "Player": {"kind": "view", "supportedInterfaceOrientations": "landscapeRight"}},
        "window": {"root": {"class": "Home"}},
        "steps": ["launch", {"present": "Player", "style": "\(style)"}]
        """)
      return steps[1].interfaceOrientation
    }
    for idiom in ["phone", "pad"] {
      for style in ["popover", "currentContext", "overCurrentContext", "automatic", "pageSheet"] {
        #expect(try interface(after: style, idiom: idiom) == .portrait, "\(style) on \(idiom)")
      }
      for style in ["custom", "fullScreen", "overFullScreen"] {
        #expect(try interface(after: style, idiom: idiom) == .landscapeRight, "\(style) on \(idiom)")
      }
    }
  }

  /// A current-context presentation removes the presenter's views; an over-current-context one keeps them.
  @Test func currentContextRemovesThePresentersViews() throws {
    func disappeared(_ style: String) throws -> Bool {
      let steps = try run(
        """
        \(Self.phone), \(Self.three),
        "classes": {"Home": {"kind": "view", "viewDidDisappear:": []}, "Sheet": {"kind": "view"}},
        "window": {"root": {"class": "Home"}},
        "steps": ["launch", {"present": "Sheet", "style": "\(style)"}]
        """)
      return !steps[1].calls(to: "-[Home viewDidDisappear:]").isEmpty
    }
    #expect(try disappeared("currentContext"))
    #expect(try !disappeared("overCurrentContext"))
  }

  // MARK: - docs/rules.md#refresh-after-transition

  /// From iOS 16, the end of a sheet's presentation refreshes the supported orientations; before, nothing.
  @Test func iOS16RefreshesWhenASheetIsPresented() throws {
    func steps(_ system: String) throws -> [Step] {
      try run(
        """
        \(system), "device": {"orientation": "landscapeLeft"},
        "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"], "flags": {"wide": false}},
        "classes": {"Home": {"kind": "view", "supportedInterfaceOrientations": {"if": "wide", "then": "allButUpsideDown", "else": "portrait"}},
                    "Sheet": {"kind": "view"}},
        "window": {"root": {"class": "Home"}},
        "steps": ["launch", {"setFlag": "wide", "to": true}, {"present": "Sheet", "style": "pageSheet"}]
        """)
    }
    let modern = try steps(Self.phone16)
    #expect(modern[2].interfaceOrientation == .landscapeRight)
    #expect(modern[2].allSignatures.contains("-[Home setNeedsUpdateOfSupportedInterfaceOrientations]"))
    #expect(modern[2].reason.rules.contains(Rule("refresh-after-transition")))
    let classic = try steps(Self.phone)
    #expect(classic[2].interfaceOrientation == .portrait)
    #expect(classic[2].calls(to: "-[Home supportedInterfaceOrientations]").isEmpty)
  }

  /// From iOS 16, a tab switch refreshes the supported orientations; before, it changes nothing.
  @Test func iOS16RefreshesWhenATabIsSelected() throws {
    func steps(_ system: String) throws -> [Step] {
      try run(
        """
        \(system), "device": {"orientation": "landscapeLeft"},
        "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"], "flags": {"wide": false}},
        "classes": {"Tabs": {"kind": "tabBar", "supportedInterfaceOrientations": {"if": "wide", "then": "allButUpsideDown", "else": "portrait"}},
                    "A": {"kind": "view"}, "B": {"kind": "view"}},
        "window": {"root": {"class": "Tabs", "tabs": [{"class": "A"}, {"class": "B"}]}},
        "steps": ["launch", {"setFlag": "wide", "to": true}, {"selectTab": 1}]
        """)
    }
    let modern = try steps(Self.phone16)
    #expect(modern[2].interfaceOrientation == .landscapeRight)
    #expect(modern[2].allSignatures.contains("-[Tabs setNeedsUpdateOfSupportedInterfaceOrientations]"))
    #expect(modern[2].reason.rules.contains(Rule("tab-switch-refreshes")))
    let classic = try steps(Self.phone)
    #expect(classic[2].interfaceOrientation == .portrait)
  }

  // MARK: - docs/rules.md#no-common-orientation

  /// UIKit's check is app ∩ controller: a mask the device cannot show raises nothing.
  @Test func theExceptionLeavesTheDeviceOut() throws {
    let steps = try run(
      """
      "system": {"version": "13.0", "idiom": "phone", "homeButton": false},
      "app": {"infoPlist": ["portrait", "portraitUpsideDown"]},
      "classes": {"Upside": {"kind": "view", "supportedInterfaceOrientations": "portraitUpsideDown"}},
      "window": {"root": {"class": "Upside"}},
      "steps": ["launch", {"rotateDevice": "portraitUpsideDown"}]
      """)
    #expect(steps.allSatisfy { $0.status == .ran })
    #expect(steps[1].reason.text.contains("cannot show"))
  }

  /// On iOS 16+ shouldAutorotate is asked only when nothing is in common, and NO then prevents the crash.
  @Test func iOS16AsksShouldAutorotateOnlyToChooseWhetherToRaise() throws {
    // Presented, not at launch: from iOS 13 the launch raises nothing (docs/rules.md#no-common-at-launch).
    func launch(_ should: String) throws -> Step {
      try run(
        """
        \(Self.phone16), "app": {"infoPlist": ["portrait"]},
        "classes": {"Home": {"kind": "view"},
                    "Player": {"kind": "view", "supportedInterfaceOrientations": "landscape", "shouldAutorotate": \(should)}},
        "window": {"root": {"class": "Home"}}, "steps": ["launch", {"present": "Player", "style": "fullScreen"}]
        """)[1]
    }
    let no = try launch("false")
    #expect(no.status == .ran)
    #expect(no.calls(to: "-[Player shouldAutorotate]").count == 1)
    let yes = try launch("true")
    #expect(yes.status == .exception)
    #expect(yes.exception?.name == "UIApplicationInvalidInterfaceOrientation")
    // With something in common, iOS 16 never calls it.
    let fine = try run(
      """
      \(Self.phone16), "app": {"infoPlist": ["portrait", "landscapeRight"]},
      "classes": {"Player": {"kind": "view", "supportedInterfaceOrientations": "landscape", "shouldAutorotate": true}},
      "window": {"root": {"class": "Player"}}, "steps": ["launch"]
      """)[0]
    #expect(fine.calls(to: "-[Player shouldAutorotate]").isEmpty)
  }

  // MARK: - docs/rules.md#entering-child-checked

  /// A presented container whose shown child has nothing in common with the app raises for the child.
  @Test func aChildEnteringTheWindowRaisesForItself() throws {
    func present(_ childMask: String) throws -> Step {
      try run(
        """
        \(Self.phone), "device": {"orientation": "landscapeLeft"}, "app": {"infoPlist": ["landscapeLeft", "landscapeRight"]},
        "classes": {"Map": {"kind": "view", "supportedInterfaceOrientations": "landscape"},
                    "Albums": {"kind": "view", "supportedInterfaceOrientations": \(childMask)}},
        "window": {"root": {"class": "Map"}},
        "steps": ["launch", {"present": "UINavigationController", "style": "fullScreen", "stack": [{"class": "Albums"}]}]
        """)[1]
    }
    let crash = try present("\"portrait\"")
    #expect(crash.status == .exception)
    #expect(crash.exception?.reason.contains("[Albums shouldAutorotate] is returning YES") == true)
    let fine = try present("\"allButUpsideDown\"")
    #expect(fine.status == .ran)
    #expect(
      fine.calls(to: "-[Albums supportedInterfaceOrientations]").first?.note?.text.contains("answer ignored")
        == true)
  }

  // MARK: - docs/rules.md#geometry-request-checks

  /// Another platform's preferences fail with error 100; an empty request does nothing at all.
  @Test func geometryRequestsUIKitRefusesBeforeLookingAtTheMasks() throws {
    let steps = try run(
      """
      \(Self.phone16), \(Self.three),
      "classes": {"Home": {"kind": "view"}}, "window": {"root": {"class": "Home"}},
      "steps": ["launch", {"requestGeometryUpdate": "landscape", "preferences": "macOS"},
                {"requestGeometryUpdate": []}, {"requestGeometryUpdate": "landscape"}]
      """)
    #expect(steps[1].error?.code == 100)
    #expect(steps[1].error?.description == "Error Domain=UISceneErrorDomain Code=100 \"(null)\"")
    #expect(steps[1].interfaceOrientation == .portrait)
    #expect(steps[2].error == nil)
    #expect(steps[2].interfaceOrientation == .portrait)
    #expect(steps[2].reason.text.contains("does nothing"))
    // The same request with iOS preferences turns.
    #expect(steps[3].interfaceOrientation.isLandscape)
  }

  // MARK: - UIKit's own classes

  /// UIKit's classes are used undeclared, with UIKit's behaviour; declaring one is refused.
  @Test func uikitClassesNeedNoDeclaration() throws {
    let steps = try run(
      """
      \(Self.phone), \(Self.three), "classes": {},
      "window": {"root": {"class": "UITabBarController", "tabs": [{"class": "UINavigationController", "stack": [{"class": "UIViewController"}]}]}},
      "steps": ["launch", {"rotateDevice": "landscapeLeft"}, {"push": "UIViewController"}]
      """)
    #expect(steps[1].interfaceOrientation == .landscapeRight)
    #expect(steps[2].status == .ran)
    #expect(steps[1].calls.allSatisfy { !$0.overridden })
    #expect(throws: ScenarioError.self) {
      try scenario(
        """
        "classes": {"UINavigationController": {"kind": "navigation"}},
        "window": {"root": {"class": "UINavigationController"}}, "steps": ["launch"]
        """)
    }
  }

  /// An alert whose presenter forwards back to it (visibleViewController) gets UIKit's default, not
  /// an endless loop (UIKit's recursion guard).
  @Test func anAlertDeferralThatComesBackStopsAtUIKitsGuard() throws {
    let steps = try run(
      """
      \(Self.phone), \(Self.three),
      "classes": {"Nav": {"kind": "navigation", "supportedInterfaceOrientations": {"forwardTo": "visible"}},
                  "Home": {"kind": "view", "supportedInterfaceOrientations": "portrait"}},
      "window": {"root": {"class": "Nav", "stack": [{"class": "Home"}]}},
      "steps": ["launch", {"present": "UIAlertController"}, {"rotateDevice": "landscapeLeft"}]
      """)
    #expect(steps.allSatisfy { $0.limit == nil && $0.status == .ran })
    let alert = try #require(steps[2].calls(to: "-[UIAlertController supportedInterfaceOrientations]").first)
    #expect(alert.note?.text.contains("recursion guard") == true)
  }

  /// UIKit's own UINavigationController cannot be pushed either.
  @Test func pushingUIKitsNavigationControllerRaises() throws {
    let steps = try run(
      """
      \(Self.phone), "classes": {}, "window": {"root": {"class": "UINavigationController", "stack": [{"class": "UIViewController"}]}},
      "steps": ["launch", {"push": "UINavigationController"}]
      """)
    #expect(steps[1].exception?.reason == "Pushing a navigation controller is not supported")
  }

  /// On iOS 16, NO from shouldAutorotate with nothing in common raises nothing and the interface stays;
  /// YES raises, and the table says UIKit asked.
  @Test func iOS16ShouldAutorotateNOWithNothingInCommonKeepsTheInterface() throws {
    func present(_ should: Bool) throws -> Step {
      try run(
        """
        \(Self.phone16), "app": {"infoPlist": ["portrait", "landscapeLeft"]},
        "classes": {"Home": {"kind": "view"}, "Upside": {"kind": "view", "supportedInterfaceOrientations": "landscapeRight",
                    "preferredInterfaceOrientationForPresentation": "landscapeRight", "shouldAutorotate": \(should)}},
        "window": {"root": {"class": "Home"}}, "steps": ["launch", {"present": "Upside", "style": "fullScreen"}]
        """)[1]
    }
    let no = try present(false)
    #expect(no.status == .ran)
    #expect(no.interfaceOrientation == .portrait)
    let yes = try present(true)
    #expect(yes.status == .exception)
    #expect(yes.masks?.shouldAutorotateCalled == true)
  }
}
