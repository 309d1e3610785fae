import Foundation
import RotationCore
import Testing

/// Several windows: the front-most visible window drives the orientation, the app delegate is asked
/// per window, and tree events go to the key window (docs/rules.md#driving-window,
/// docs/rules.md#window-show-hide).
@Suite struct WindowTests {
  static let player = """
    "system": {"version": "15.0", "idiom": "phone", "homeButton": true},
    "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"],
            "supportedInterfaceOrientationsForWindow": {"ifWindow": "player", "then": "allButUpsideDown", "else": "portrait"}},
    "classes": {"Home": {"kind": "view"}, "PlayerVC": {"kind": "view", "supportedInterfaceOrientations": "landscape"},
                "Nav": {"kind": "navigation"}},
    "window": {"root": {"class": "Nav", "stack": [{"class": "Home"}]}},
    "windows": [{"name": "player", "root": {"class": "UINavigationController", "stack": [{"class": "PlayerVC"}]}, "hidden": true},
                {"name": "behind", "root": {"class": "UIViewController"}, "level": -1, "hidden": true}]
    """

  /// docs/rules.md#driving-window: a window shown in front drives; hiding it hands back to the main window.
  @Test func aWindowShownInFrontDrivesAndHidingItHandsBack() throws {
    let steps = try run(
      """
      \(Self.player),
      "steps": ["launch", {"rotateDevice": "landscapeLeft"}, {"showWindow": "player"}, {"hideWindow": "player"}]
      """)
    #expect(steps[1].interfaceOrientation == .portrait)
    #expect(steps[2].interfaceOrientation == .landscapeRight)
    #expect(steps[2].masks?.controllerClass == "UINavigationController")
    // The delegate is asked about the window that drives, and answers for it.
    let asked = try #require(
      steps[2].calls(to: "-[AppDelegate application:supportedInterfaceOrientationsForWindow:]").first)
    #expect(asked.note?.text == "window: player")
    #expect(asked.answer == "allButUpsideDown")
    #expect(steps[2].calls(to: "-[PlayerVC viewWillAppear:]").count == 1)
    #expect(steps[3].interfaceOrientation == .portrait)
    #expect(steps[3].calls(to: "-[PlayerVC viewDidDisappear:]").count == 1)
    #expect(steps[3].reason.text.contains("window main drives the orientation again"))
  }

  /// A window at a lower level stays behind the main one: showing it asks nothing.
  @Test func aWindowBehindDoesNotDrive() throws {
    let steps = try run(
      """
      \(Self.player),
      "steps": ["launch", {"rotateDevice": "landscapeLeft"}, {"showWindow": "behind"}]
      """)
    #expect(steps[2].interfaceOrientation == .portrait)
    #expect(steps[2].calls(to: "-[AppDelegate application:supportedInterfaceOrientationsForWindow:]").isEmpty)
    #expect(steps[2].reason.text.contains("still drives the orientation"))
  }

  /// Tree events go to the key window; `"window"` sends one to another.
  @Test func treeEventsGoToTheKeyWindowUnlessTheyNameOne() throws {
    let steps = try run(
      """
      \(Self.player),
      "steps": ["launch", {"makeKeyAndVisible": "player"}, {"push": "Home"}, {"push": "Home", "window": "main"},
                {"pop": true, "window": "player"}]
      """)
    func stack(_ step: Step, _ window: String) -> [String] {
      let tree = step.state.tree
      let root = tree.windows[tree.window(named: window)!].root
      return tree[root].children.map { tree[$0].className }
    }
    #expect(stack(steps[2], "player") == ["PlayerVC", "Home"])
    #expect(stack(steps[2], "main") == ["Home"])
    #expect(stack(steps[3], "main") == ["Home", "Home"])
    #expect(stack(steps[4], "player") == ["PlayerVC"])
    #expect(steps[4].event.label == "pop in window player")
  }

  /// Windows are refused with the path when they are malformed or named twice.
  @Test func malformedWindowsAreRefusedWithTheirPath() throws {
    let cases: [(String, String, String)] = [
      (
        #""windows": [{"name": "main", "root": {"class": "Home"}}]"#, "windows[0].name",
        "\"main\" is the window"
      ),
      (
        #""windows": [{"name": "a", "root": {"class": "Home"}}, {"name": "a", "root": {"class": "Home"}}]"#,
        "windows[1].name", "already declared"
      ),
      (#""windows": [{"name": "a"}]"#, "windows[0].root", "missing"),
      (
        #""windows": [{"name": "a", "root": {"class": "Home"}, "level": "high"}]"#, "windows[0].level",
        "\"statusBar\""
      ),
      (
        #""steps": ["launch", {"showWindow": "palyer"}]"#, "steps[1].showWindow",
        "no window is named \"palyer\""
      ),
      (
        #""steps": ["launch", {"push": "Home", "window": "x"}]"#, "steps[1].window",
        "no window is named \"x\""
      ),
    ]
    for (extra, path, message) in cases {
      do {
        _ = try scenario(
          """
          "classes": {"Home": {"kind": "view"}}, "window": {"root": {"class": "Home"}}, \(extra)
          """)
        Issue.record("accepted: \(extra)")
      } catch let error as ScenarioError {
        #expect(error.path == path, "\(extra)")
        #expect(error.message.contains(message), "\(error.message)")
      }
    }
  }

  /// A scenario with windows and window-dependent answers survives save and load.
  @Test func windowsSurviveSaveAndLoad() throws {
    let original = try scenario(
      """
      \(Self.player),
      "steps": ["launch", {"makeKeyAndVisible": "player"}, {"dismiss": true, "window": "main"}, {"hideWindow": "player"}]
      """)
    let reloaded = try ScenarioDecoder.decode(text: ScenarioEncoder.text(original))
    #expect(reloaded == original)
    #expect(reloaded.windows.map(\.name) == ["player", "behind"])
    #expect(reloaded.windows[1].level == -1)
  }

  /// A presentation in a window that does not drive decides nothing; after makeKeyAndVisible the
  /// step's state sends tree events to the new key window.
  @Test func aPresentationInAWindowThatDoesNotDriveDecidesNothing() throws {
    let steps = try run(
      """
      \(Self.player),
      "steps": ["launch", {"showWindow": "player"}, {"present": "PlayerVC", "style": "fullScreen", "window": "main"},
                {"makeKeyAndVisible": "player"}]
      """)
    #expect(steps[2].interfaceOrientation == steps[1].interfaceOrientation)
    #expect(steps[2].calls(to: "-[PlayerVC supportedInterfaceOrientations]").isEmpty)
    #expect(steps[2].reason.text.contains("which does not drive the orientation"))
    let tree = steps[3].state.tree
    #expect(tree.current == tree.window(named: "player"))
  }

  /// Only the app delegate's answer may depend on the window.
  @Test func ifWindowIsRefusedOutsideTheAppDelegate() throws {
    #expect(throws: ScenarioError.self) {
      try scenario(
        """
        "classes": {"Home": {"kind": "view", "supportedInterfaceOrientations": {"ifWindow": "main", "then": "all", "else": "portrait"}}},
        "window": {"root": {"class": "Home"}}
        """)
    }
  }

  /// `window.rootIf`: the root an app picks at launch by a flag (`if loggedIn { Home } else { Login
  /// }`): the flag's first value launches `root`, YES launches `rootIf.root`; the file keeps both, and
  /// the main window's tree edits reach the root that launches.
  @Test func aRootChosenAtLaunchByAFlag() throws {
    let text = """
      {"format": "rotation-lab.scenario/1", "title": "t",
       "system": {"version": "15.0", "idiom": "phone", "homeButton": true},
       "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"], "flags": {"loggedIn": false}},
       "classes": {"Login": {"kind": "view", "supportedInterfaceOrientations": "portrait"},
                   "Home": {"kind": "view", "supportedInterfaceOrientations": "allButUpsideDown"}},
       "window": {"root": {"class": "Login"}, "rootIf": {"flag": "loggedIn", "root": {"class": "Home"}}},
       "steps": ["launch", {"rotateDevice": "landscapeLeft"}]}
      """
    var scenario = try ScenarioDecoder.decode(text: text)
    #expect(Simulator.run(scenario).map(\.interfaceOrientation) == [.portrait, .portrait])
    #expect(try ScenarioDecoder.decode(text: ScenarioEncoder.text(scenario)) == scenario)
    scenario.app.flags = [Flag(name: "loggedIn", value: true)]
    let steps = Simulator.run(scenario)
    #expect(steps.map(\.interfaceOrientation) == [.portrait, .landscapeRight])
    #expect(steps[1].masks?.controllerClass == "Home")
    #expect(scenario.node(at: NodePath())?.className == "Home")
    #expect(scenario.uses(ofClass: "Login") == ["the tree of window main"])
    // The flag must be one of app.flags.
    #expect {
      try ScenarioDecoder.decode(
        text: text.replacingOccurrences(of: "\"flag\": \"loggedIn\"", with: "\"flag\": \"nope\""))
    } throws: { error in
      (error as? ScenarioError)?.path == "window.rootIf.flag"
    }
  }

  /// docs/rules.md#window-own-orientation (UIKitCore 18.2, `-[UIWindow
  /// _windowOwnsInterfaceOrientationTransform]`): a landscape player window over a portrait-only
  /// tab bar window. On iOS 16 the tab bar window keeps portrait (its controllers learn of no change
  /// of size, the tree says it keeps portrait); on iOS 15 it turns with the interface.
  @Test func fromIOS16AWindowThatDoesNotDriveKeepsItsOwnOrientation() throws {
    var scenario = try ScenarioDecoder.decode(
      text: """
        {"format": "rotation-lab.scenario/1", "title": "portrait window under a player",
         "system": {"version": "16.0", "idiom": "phone", "homeButton": false},
         "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]},
         "classes": {"MainTabBarController": {"kind": "tabBar", "supportedInterfaceOrientations": "portrait"},
                     "FeedViewController": {"kind": "view"},
                     "PlayerRotationViewController": {"kind": "view", "supportedInterfaceOrientations": "landscape"}},
         "window": {"root": {"class": "MainTabBarController", "tabs": [{"class": "FeedViewController"}]}},
         "windows": [{"name": "fullscreen", "root": {"class": "PlayerRotationViewController"}, "hidden": true}],
         "steps": ["launch", {"rotateDevice": "landscapeLeft"}, {"makeKeyAndVisible": "fullscreen"},
                   {"hideWindow": "fullscreen"}]}
        """)
    let modern = Simulator.run(scenario)
    let feedTurns = "-[FeedViewController viewWillTransitionToSize:withTransitionCoordinator:]"
    #expect(modern[2].interfaceOrientation == .landscapeRight)
    #expect(modern[2].calls(to: feedTurns).isEmpty)
    #expect(modern[2].state.tree.windows[0].ownOrientation == .portrait)
    #expect(modern[2].reason.rules.contains(Rule("window-own-orientation")))
    let tree = TreeSnapshot(step: modern[2], scenario: scenario)
    #expect(tree.nodes.contains { $0.edge.label.hasSuffix("keeps portrait") })
    // Back to driving: the scene turns to the portrait it kept; still no change of size for it.
    #expect(modern[3].interfaceOrientation == .portrait)
    #expect(modern[3].calls(to: feedTurns).isEmpty)
    #expect(modern[3].state.tree.windows[0].ownOrientation == nil)
    scenario.system.version = SystemVersion("15.0")!
    let classic = Simulator.run(scenario)
    #expect(classic[2].interfaceOrientation == .landscapeRight)
    #expect(classic[2].calls(to: feedTurns).count == 1)
    #expect(classic[2].state.tree.windows[0].ownOrientation == nil)
  }

  /// SJVideoPlayer#572 (iOS 16) as its reporter saw it: the app allows landscape for some pages, so
  /// the tab bar window under the player supports landscape and answers shouldAutorotate NO, which
  /// iOS 16 no longer asks; the player window turns the scene and the tab bar window turns with it,
  /// its navigation controller learning of the new size (the navigation bar out of step with the
  /// tab bar). With a portrait-only tab bar controller it would keep portrait.
  @Test func aWindowUnderAPlayerThatSupportsLandscapeTurnsWithItOnIOS16() throws {
    let scenario = try bundledScenario("ios16-player-window-turns-the-tab-bar-window-too.json")
    let steps = Simulator.run(scenario)
    #expect(steps[2].interfaceOrientation == .landscapeRight)
    #expect(
      steps[2].calls(to: "-[FeedNavigationController viewWillTransitionToSize:withTransitionCoordinator:]")
        .count == 1)
    #expect(steps[2].calls(to: "-[MainTabBarController shouldAutorotate]").isEmpty)
    #expect(steps[2].state.tree.windows[0].ownOrientation == nil)
    #expect(
      steps[2].reason.text.contains("Window main does not drive, but its controllers support landscapeRight"))
    var portraitOnly = scenario
    portraitOnly.classes = portraitOnly.classes.map { spec in
      var spec = spec
      if spec.name == "MainTabBarController" {
        spec.supportedInterfaceOrientations = .value(.literal(.portrait))
      }
      return spec
    }
    let kept = Simulator.run(portraitOnly)
    #expect(
      kept[2].calls(to: "-[FeedNavigationController viewWillTransitionToSize:withTransitionCoordinator:]")
        .isEmpty)
    #expect(kept[2].state.tree.windows[0].ownOrientation == .portrait)
  }

  /// docs/rules.md#ios8-hidden-window-drives, openradar 19592583: a portrait-only app creates a
  /// hidden HUD window at alert level whose root allows landscape. On iOS 8 the device's turn turns
  /// the app (the HUD's root decides); on iOS 9, as on 7, the main window decides and it stays.
  @Test func onIOS8AHiddenWindowsRootDecides() throws {
    func steps(_ version: String) throws -> [Step] {
      try run(
        """
        "system": {"version": "\(version)", "idiom": "phone", "homeButton": true},
        "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]},
        "classes": {"Home": {"kind": "view", "supportedInterfaceOrientations": "portrait"},
                    "HUDViewController": {"kind": "view"}},
        "window": {"root": {"class": "Home"}},
        "windows": [{"name": "hud", "level": "alert", "root": {"class": "HUDViewController"}, "hidden": true}],
        "steps": ["launch", {"rotateDevice": "landscapeLeft"}, {"showWindow": "hud"}]
        """)
    }
    let eight = try steps("8.0")
    #expect(eight[1].interfaceOrientation == .landscapeRight)
    #expect(eight[1].masks?.controllerClass == "HUDViewController")
    #expect(eight[2].reason.rules.contains(Rule("ios8-hidden-window-drives")))
    for version in ["7.0", "9.0"] {
      let other = try steps(version)
      #expect(other[1].interfaceOrientation == .portrait)
      #expect(other[1].masks?.controllerClass == "Home")
    }
  }
}
