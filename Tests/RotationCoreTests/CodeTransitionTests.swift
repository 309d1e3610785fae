import RotationCore
import Testing

/// What the app's code learns from the transition it runs in and the objects UIKit makes around it
/// (docs/rules.md#code-actions): `isMovingFromParent` in a pop, `prepare(for:sender:)` before a
/// segue, a navigation subclass made with its root, a window subclass's controller property, iOS
/// 26's lock refresh, and an Objective-C selector of another arity. Patterns of public projects
/// written here in spellings of their own; the orientations expected are UIKit's.
@Suite struct CodeTransitionTests: CodeScenarioFixtures {
  /// The player forces portrait only when it is popped (`isMovingFromParent`), not when another
  /// screen is pushed over it.
  @Test func isMovingFromParentIsTrueOnlyForThePoppedController() throws {
    let leave = """
      super.viewWillDisappear(animated)
      if isMovingFromParent {
        UIDevice.current.setValue(UIInterfaceOrientation.portrait.rawValue, forKey: "orientation")
      }
      """
    for (last, expected) in [
      ("\"pop\"", InterfaceOrientation.portrait), ("{\"push\": \"InfoVC\"}", .landscapeRight),
    ] {
      let steps = try run(
        """
        \(Self.phone15), "device": {"orientation": "landscapeLeft"}, "app": {\(Self.plist)},
        "classes": {"ListVC": {"kind": "view"}, "InfoVC": {"kind": "view"},
                    "PlayerVC": {"kind": "view", "viewWillDisappear:": [\(Self.code(leave, parameters: ["animated"]))]}},
        "window": {"root": {"class": "UINavigationController", "stack": [{"class": "ListVC"}, {"class": "PlayerVC"}]}},
        "steps": ["launch", \(last)]
        """)
      #expect(steps[0].interfaceOrientation == .landscapeRight)
      #expect(steps[1].interfaceOrientation == expected, "\(last)")
    }
  }

  /// `prepare(for:sender:)` runs before the segue's presentation: it sets the destination's style
  /// and a property its mask reads, so the page sheet of the storyboard becomes a full-screen,
  /// landscape player.
  @Test func prepareForSegueSetsUpTheDestinationBeforeItIsShown() throws {
    let prepare = """
      if segue.identifier == "play", let player = segue.destination as? PlayerVC {
        player.wide = true
        player.modalPresentationStyle = .fullScreen
      }
      """
    let steps = try run(
      """
      \(Self.phone15), "app": {\(Self.plist)},
      "classes": {
        "FeedVC": {"kind": "view", "supportedInterfaceOrientations": "portrait",
                   "methods": {"playTapped": [\(Self.code(#"performSegue(withIdentifier: "play", sender: nil)"#))]}},
        "PlayerVC": {"kind": "view", "properties": {"wide": false},
                     "supportedInterfaceOrientations": {"if": "wide", "then": "landscapeRight", "else": "portrait"}}
      },
      "window": {"root": {"class": "FeedVC"}},
      "storyboards": {"Main": {"scenes": {}, "segues": {"play": {"present": "PlayerVC", "style": "pageSheet"}}}},
      "functions": {"FeedVC.prepare": \(Self.code(prepare, parameters: ["segue", "sender"]))},
      "steps": ["launch", {"call": "playTapped", "on": "FeedVC"}]
      """)
    let top = try #require(steps[1].state.tree.topController)
    #expect(steps[1].state.tree[top].className == "PlayerVC")
    #expect(steps[1].state.tree[top].properties["wide"] == .bool(true))
    #expect(steps[1].interfaceOrientation == .landscapeRight)
  }

  /// An app's navigation subclass made with its root (`GalleryNavigation(rootViewController:)`) is
  /// presented with that root on its stack; a window subclass's controller property (`page`) is
  /// the window's root.
  @Test func aNavigationSubclassKeepsItsRootAndAWindowsControllerPropertyIsItsRoot() throws {
    let open = """
      let gallery = GalleryNavigation(rootViewController: PhotoVC())
      gallery.modalPresentationStyle = .fullScreen
      present(gallery, animated: true)
      """
    let full = "stage?.page.wide = true\nstage?.makeKeyAndVisible()"
    let steps = try run(
      """
      \(Self.phone15), "app": {\(Self.plist)},
      "classes": {
        "HomeVC": {"kind": "view", "supportedInterfaceOrientations": "portrait",
                   "methods": {"openGallery": [\(Self.code(open))], "openStage": [\(Self.code(full))]}},
        "GalleryNavigation": {"kind": "navigation", "supportedInterfaceOrientations": {"forwardTo": "top"}},
        "PhotoVC": {"kind": "view", "supportedInterfaceOrientations": "landscapeLeft"},
        "StageVC": {"kind": "view", "properties": {"wide": false},
                    "supportedInterfaceOrientations": {"if": "wide", "then": "landscapeLeft", "else": "portrait"}}
      },
      "window": {"root": {"class": "HomeVC"}},
      "windows": [{"name": "stage", "root": {"class": "StageVC"}, "hidden": true, "class": "StageWindow"}],
      "functions": {"StageWindow.page": {"code": "rootViewController", "language": "swift", "stored": true}},
      "steps": ["launch", {"call": "openGallery", "on": "HomeVC"}, "dismiss", {"call": "openStage", "on": "HomeVC"}]
      """)
    let top = try #require(steps[1].state.tree.topController)
    #expect(steps[1].state.tree[top].className == "PhotoVC")
    #expect(steps[1].interfaceOrientation == .landscapeLeft)
    #expect(steps[3].state.tree.windows[1].hidden == false)
    #expect(steps[3].interfaceOrientation == .landscapeLeft)
  }

  /// `popToRootViewController` pops every controller above the root (the player two levels up goes
  /// too); assigning `selectedViewController` selects that tab; a presentation's completion block
  /// runs once it is done (here it forces the device).
  @Test func popToRootSelectedViewControllerAndCompletionBlocksDoWhatUIKitDoes() throws {
    let show = """
      present(AlertVC(), animated: true) {
        UIDevice.current.setValue(UIInterfaceOrientation.landscapeRight.rawValue, forKey: "orientation")
      }
      """
    let steps = try run(
      """
      \(Self.phone15), "app": {\(Self.plist)},
      "classes": {"ListVC": {"kind": "view", "supportedInterfaceOrientations": "portrait"},
                  "DetailVC": {"kind": "view", "methods": {"show": [\(Self.code(show))]}},
                  "AlertVC": {"kind": "view"},
                  "PlayerVC": {"kind": "view", "methods": {"home": [\(Self.code("navigationController?.popToRootViewController(animated: true)"))]}},
                  "Tabs": {"kind": "tabBar", "methods": {"second": [\(Self.code("selectedViewController = viewControllers?.last"))]}}},
      "window": {"root": {"class": "Tabs", "tabs": [
        {"class": "UINavigationController", "stack": [{"class": "ListVC"}, {"class": "DetailVC"}, {"class": "PlayerVC"}]},
        {"class": "DetailVC"}]}},
      "steps": ["launch", {"call": "home", "on": "PlayerVC"}, {"call": "second", "on": "Tabs"}, {"call": "show", "on": "DetailVC"}]
      """)
    let tabs = steps[1].state.tree.windows[0].root
    let nav = try #require(steps[1].state.tree[tabs].children.first)
    #expect(steps[1].state.tree[nav].children.count == 1)
    #expect(steps[2].state.tree[tabs].selected == 1)
    #expect(steps[3].deviceOrientation == .landscapeLeft)
    #expect(steps[3].calls.contains { $0.selector.contains("setValue") })
  }

  /// iOS 26: the driving game's code sets its flag and refreshes the lock preference; the
  /// device's turn is then refused.
  @Test func theLockPreferenceRefreshInCodeLocksTheOrientation() throws {
    let start = "isDriving = true\nsetNeedsUpdateOfPrefersInterfaceOrientationLocked()"
    let steps = try run(
      """
      "system": {"version": "26.0", "idiom": "pad", "homeButton": false},
      "app": {"infoPlist": ["portrait", "portraitUpsideDown", "landscapeLeft", "landscapeRight"]},
      "classes": {"GameVC": {"kind": "view", "properties": {"isDriving": false},
                             "prefersInterfaceOrientationLocked": {"read": "isDriving"},
                             "methods": {"startDriving": [\(Self.code(start))]}}},
      "window": {"root": {"class": "GameVC"}},
      "steps": ["launch", {"rotateDevice": "landscapeLeft"}, {"call": "startDriving", "on": "GameVC"}, {"rotateDevice": "portrait"}]
      """)
    #expect(
      steps.map(\.interfaceOrientation) == [.portrait, .landscapeRight, .landscapeRight, .landscapeRight])
  }

  /// Objective-C: the app's `addChildViewController:title:` calls UIKit's `addChildViewController:`
  /// inside it — another selector, not itself — and the run goes on to the forcing after it.
  @Test func anObjectiveCSelectorOfAnotherArityIsAnotherMethod() throws {
    let add = """
      UINavigationController *nav = [[UINavigationController alloc] initWithRootViewController:child];
      [self addChildViewController:nav];
      [[UIDevice currentDevice] setValue:@(UIInterfaceOrientationLandscapeRight) forKey:@"orientation"];
      """
    let steps = try run(
      """
      \(Self.phone15), "app": {\(Self.plist)},
      "classes": {"TabsVC": {"kind": "view", "methods": {
        "addChildViewController": [\(Self.code(add, "objc", parameters: ["child", "title"]))],
        "setUp": [\(Self.code(#"[self addChildViewController:[UIViewController new] title:@"Home"];"#, "objc"))]}}},
      "window": {"root": {"class": "TabsVC"}},
      "steps": ["launch", {"call": "setUp", "on": "TabsVC"}]
      """)
    #expect(!steps[1].console.contains { $0.text.contains("nested deeper") })
    #expect(steps[1].interfaceOrientation == .landscapeRight)
  }
}
