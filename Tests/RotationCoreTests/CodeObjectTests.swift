import RotationCore
import Testing

/// The objects beyond controllers that the app's code reaches (docs/rules.md#code-actions): a
/// second window held in a property, storyboard scenes, stored properties' initial values, and
/// arguments typed by their parameters. Each is a pattern of public projects written here in a
/// spelling of its own; the orientations expected are UIKit's, read from docs/rules.md.
@Suite struct CodeObjectTests: CodeScenarioFixtures {
  /// A full-screen button that flips a flag, shows the window its property holds when that window
  /// is not key, and forces the device through a helper whose parameter is a `UIDeviceOrientation`
  /// (so `.landscapeRight` is the device's, raw value 4); the second tap hides the window again.
  @Test func aWindowHeldInAPropertyIsShownAndTheHelpersArgumentIsTheDevicesOrientation() throws {
    let tap = """
      showing.toggle()
      if showing {
        if !(playerWindow?.isKeyWindow ?? true) {
          playerWindow?.makeKeyAndVisible()
        }
      } else {
        playerWindow?.isHidden = true
      }
      turn(showing ? .landscapeRight : .portrait)
      """
    let turn = """
      {"code": "UIDevice.current.setValue(to.rawValue, forKey: \\"orientation\\")\\nUIViewController.attemptRotationToDeviceOrientation()",
       "language": "swift", "parameters": ["to"], "parameterTypes": ["UIDeviceOrientation"]}
      """
    let steps = try run(
      """
      \(Self.phone13), "app": {\(Self.plist), "flags": {"showing": false}},
      "classes": {
        "HomeVC": {"kind": "view", "supportedInterfaceOrientations": "portrait",
                   "methods": {"tapFull": [\(Self.code(tap))]}},
        "PlayerVC": {"kind": "view", "supportedInterfaceOrientations": "landscape"}
      },
      "window": {"root": {"class": "HomeVC"}},
      "windows": [{"name": "player", "root": {"class": "PlayerVC"}, "hidden": true}],
      "functions": {"HomeVC.turn": \(turn)},
      "steps": ["launch", {"call": "tapFull", "on": "HomeVC"}, {"call": "tapFull", "on": "HomeVC"}]
      """)
    // The player's window is in front; the device reports landscapeRight, which maps to the
    // interface's landscapeLeft (docs/rules.md#device-to-interface).
    #expect(steps[1].state.tree.windows[1].hidden == false)
    #expect(steps[1].deviceOrientation == .landscapeRight)
    #expect(steps[1].interfaceOrientation == .landscapeLeft)
    #expect(steps[2].state.tree.windows[1].hidden == true)
    #expect(steps[2].interfaceOrientation == .portrait)
  }

  /// A window subclass's property named after its root's class (`fullWindow?.playerViewController`)
  /// is that root: the code sets it up, then shows the window, whose root now asks for landscape.
  @Test func aWindowsPropertyNamedAfterItsRootIsTheRoot() throws {
    let tap = """
      fullWindow?.playerViewController.wide = true
      fullWindow?.makeKeyAndVisible()
      """
    let steps = try run(
      """
      \(Self.phone13), "app": {\(Self.plist)},
      "classes": {
        "HomeVC": {"kind": "view", "supportedInterfaceOrientations": "portrait", "methods": {"tapFull": [\(Self.code(tap))]}},
        "PlayerViewController": {"kind": "view", "properties": {"wide": false},
                                 "supportedInterfaceOrientations": {"if": "wide", "then": "landscape", "else": "portrait"}}
      },
      "window": {"root": {"class": "HomeVC"}},
      "windows": [{"name": "full", "root": {"class": "PlayerViewController"}, "hidden": true}],
      "steps": ["launch", {"call": "tapFull", "on": "HomeVC"}]
      """)
    #expect(steps[1].state.tree.windows[1].hidden == false)
    #expect(steps[1].interfaceOrientation.isLandscape)
  }

  /// A controller made from a storyboard scene by its identifier (Objective-C) or the storyboard's
  /// initial controller (Swift), presented full screen: the scene's landscape screen turns the
  /// interface. An identifier no storyboard has makes nothing, said in the console.
  @Test(arguments: ["objc", "swift", "missing"]) func aStoryboardSceneIsMadeAndPresented(spelling: String)
    throws
  {
    let body: String
    switch spelling {
    case "objc":
      body = """
        UIStoryboard *board = [UIStoryboard storyboardWithName:@"Player" bundle:nil];
        UIViewController *vc = [board instantiateViewControllerWithIdentifier:@"VideoScene"];
        vc.modalPresentationStyle = UIModalPresentationFullScreen;
        [self presentViewController:vc animated:YES completion:nil];
        """
    case "swift":
      body = """
        guard let next = UIStoryboard(name: "Player", bundle: .main).instantiateInitialViewController() else { return }
        next.modalPresentationStyle = .fullScreen
        present(next, animated: true)
        """
    default:
      body = """
        let vc = storyboard!.instantiateViewController(withIdentifier: "Nowhere")
        vc.modalPresentationStyle = .fullScreen
        present(vc, animated: true)
        """
    }
    let steps = try run(
      """
      \(Self.phone13), "app": {\(Self.plist)},
      "classes": {
        "HomeVC": {"kind": "view", "supportedInterfaceOrientations": "portrait",
                   "methods": {"play": [\(Self.code(body, spelling == "objc" ? "objc" : "swift"))]}},
        "VideoVC": {"kind": "view", "supportedInterfaceOrientations": "landscapeRight"}
      },
      "window": {"root": {"class": "HomeVC"}},
      "storyboards": {"Player": {"initial": {"class": "VideoVC"}, "scenes": {"VideoScene": {"class": "VideoVC"}}}},
      "steps": ["launch", {"call": "play", "on": "HomeVC"}]
      """)
    let top = try #require(steps[1].state.tree.topController)
    if spelling == "missing" {
      #expect(steps[1].state.tree[top].className == "HomeVC")
      #expect(steps[1].interfaceOrientation == .portrait)
      #expect(steps[1].console.contains { $0.text.contains("\"Nowhere\"") })
    } else {
      #expect(steps[1].state.tree[top].className == "VideoVC")
      #expect(steps[1].interfaceOrientation == .landscapeRight)
    }
  }

  /// A stored property's initial value (`let player = VideoVC()`) is made once per instance: the
  /// first tap sets it up and presents it; the second dismisses that same controller. An optional
  /// stored without a value starts as nil.
  @Test func aStoredPropertysControllerIsMadeOnceAndDismissedLater() throws {
    let open = """
      if lastError == nil {
        player.modalPresentationStyle = .fullScreen
        present(player, animated: true)
      }
      """
    let steps = try run(
      """
      \(Self.phone13), "app": {\(Self.plist)},
      "classes": {
        "HomeVC": {"kind": "view", "supportedInterfaceOrientations": "portrait",
                   "methods": {"open": [\(Self.code(open))], "close": [\(Self.code("player.dismiss(animated: true)"))]}},
        "VideoVC": {"kind": "view", "supportedInterfaceOrientations": "landscapeLeft"}
      },
      "window": {"root": {"class": "HomeVC"}},
      "functions": {
        "HomeVC.player": {"code": "VideoVC()", "language": "swift", "stored": true},
        "HomeVC.lastError": {"code": "nil", "language": "swift", "stored": true}
      },
      "steps": ["launch", {"call": "open", "on": "HomeVC"}, {"call": "close", "on": "HomeVC"}]
      """)
    let shown = try #require(steps[1].state.tree.topController)
    #expect(steps[1].state.tree[shown].className == "VideoVC")
    #expect(steps[1].interfaceOrientation == .landscapeLeft)
    let back = try #require(steps[2].state.tree.topController)
    #expect(steps[2].state.tree[back].className == "HomeVC")
    #expect(steps[2].interfaceOrientation == .portrait)
  }

  /// The scenario keeps the new parts as written: storyboards, stored functions and parameter types
  /// survive a save and load; a parameter type that is not an orientation type is refused with its
  /// path.
  @Test func storyboardsAndStoredFunctionsRoundTripAndBadTypesAreRefused() throws {
    let text = """
      {"format": "rotation-lab.scenario/1", \(Self.phone13), "app": {\(Self.plist)},
       "classes": {"VideoVC": {"kind": "view"}}, "window": {"root": {"class": "VideoVC"}},
       "storyboards": {"Main": {"scenes": {"Video": {"class": "VideoVC"}}}},
       "functions": {"VideoVC.turn": {"code": "x", "language": "swift", "parameters": ["o"], "parameterTypes": ["UIInterfaceOrientation"]},
                     "VideoVC.cached": {"code": "nil", "language": "swift", "stored": true}},
       "steps": ["launch"]}
      """
    let scenario = try ScenarioDecoder.decode(text: text)
    #expect(scenario.storyboards.first?.scenes.first?.identifier == "Video")
    #expect(scenario.functions.first { $0.name == "VideoVC.cached" }?.body.stored == true)
    #expect(try ScenarioDecoder.decode(text: ScenarioEncoder.text(scenario)) == scenario)
    let bad = text.replacingOccurrences(of: "\"UIInterfaceOrientation\"", with: "\"CGSize\"")
    #expect {
      try ScenarioDecoder.decode(text: bad)
    } throws: { error in
      (error as? ScenarioError)?.path == "functions.VideoVC.turn.parameterTypes[0]"
    }
  }
}
