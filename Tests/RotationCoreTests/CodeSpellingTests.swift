import RotationCore
import Testing

/// Spellings real apps use for the same meaning, each run as Swift or Objective-C would run it
/// (docs/rules.md#code-actions): the "canRotate" selector test, type patterns in a `switch`, a
/// singleton's accessor, a tap's sender with state of its own, a gesture handler's phases. Written
/// here in spellings of their own; the orientations expected are UIKit's, read from docs/rules.md.
@Suite struct CodeSpellingTests: CodeScenarioFixtures {
  /// The app delegate's answer asks the controller on top whether it `responds(to:
  /// Selector(("canRotate")))`, or switches over it with `case is` / `case let … as`: with the player
  /// on top the app allows landscape, so the device's turn turns the interface; on the list it
  /// does not.
  @Test(arguments: ["selector", "is", "as"]) func theAppDelegateAsksWhoIsOnTop(spelling: String) throws {
    let answer =
      switch spelling {
      case "selector":
        """
        guard let top = (window?.rootViewController as? UINavigationController)?.topViewController else { return .portrait }
        return top.responds(to: Selector(("canRotate"))) ? .allButUpsideDown : .portrait
        """
      case "is":
        """
        switch (window?.rootViewController as? UINavigationController)?.topViewController {
        case is MovieVC: return .allButUpsideDown
        default: return .portrait
        }
        """
      default:
        """
        switch (window?.rootViewController as? UINavigationController)?.topViewController {
        case let movie as MovieVC where movie.isViewLoaded: return .allButUpsideDown
        default: return .portrait
        }
        """
      }
    for (pushes, expected) in [(true, InterfaceOrientation.landscapeRight), (false, .portrait)] {
      let steps = try run(
        """
        \(Self.phone15),
        "app": {\(Self.plist), "supportedInterfaceOrientationsForWindow": \(Self.code(answer, parameters: ["application", "window"]))},
        "classes": {"ListVC": {"kind": "view"},
                    "MovieVC": {"kind": "view", "methods": {"canRotate": [\(Self.code("// marker"))]}}},
        "window": {"root": {"class": "UINavigationController", "stack": [{"class": "ListVC"}]}},
        "steps": ["launch", \(pushes ? "{\"push\": \"MovieVC\"}" : "{\"push\": \"ListVC\"}"), {"rotateDevice": "landscapeLeft"}]
        """)
      #expect(steps[2].interfaceOrientation == expected, "\(spelling), pushed the movie: \(pushes)")
    }
  }

  /// `[AppDelegate sharedDelegate].allowRotation = YES`: a singleton's accessor on the app
  /// delegate's class is the app delegate, so the lock it sets is the one the window answer reads.
  @Test func aSingletonAccessorOnTheAppDelegatesClassIsTheAppDelegate() throws {
    let tap = """
      [AppDelegate sharedDelegate].allowRotation = YES;
      [[UIDevice currentDevice] setValue:@(UIInterfaceOrientationLandscapeRight) forKey:@"orientation"];
      [UIViewController attemptRotationToDeviceOrientation];
      """
    let steps = try run(
      """
      \(Self.phone15),
      "app": {\(Self.plist), "flags": {"allowRotation": false},
              "supportedInterfaceOrientationsForWindow": {"if": "allowRotation", "then": "landscapeRight", "else": "portrait"}},
      "classes": {"VC": {"kind": "view", "methods": {"full": [\(Self.code(tap, "objc"))]}}},
      "window": {"root": {"class": "VC"}},
      "steps": ["launch", {"call": "full", "on": "VC"}]
      """)
    #expect(steps[1].state.flags["allowRotation"] == true)
    #expect(steps[1].interfaceOrientation == .landscapeRight)
  }

  /// A tap's method flips its button's `selected` and turns by it: the first tap forces landscape,
  /// the second portrait again (the button keeps its state between taps).
  @Test func aTapsSenderKeepsItsStateBetweenTaps() throws {
    let tap = """
      sender.selected = !sender.isSelected;
      UIInterfaceOrientation to = sender.selected ? UIInterfaceOrientationLandscapeRight : UIInterfaceOrientationPortrait;
      [[UIDevice currentDevice] setValue:@(to) forKey:@"orientation"];
      """
    let steps = try run(
      """
      \(Self.phone15), "app": {\(Self.plist)},
      "classes": {"VC": {"kind": "view", "methods": {"toggleFull": [\(Self.code(tap, "objc", parameters: ["sender"]))]}}},
      "window": {"root": {"class": "VC"}},
      "steps": ["launch", {"call": "toggleFull", "on": "VC"}, {"call": "toggleFull", "on": "VC"}]
      """)
    #expect(steps[1].interfaceOrientation == .landscapeRight)
    #expect(steps[2].interfaceOrientation == .portrait)
  }

  /// A pan handler called as a step is the whole gesture: it runs for `.began`, `.changed` and
  /// `.ended`, so the code under `.ended` (dismissing the landscape player) runs too.
  @Test func aGestureHandlerRunsThroughItsPhases() throws {
    let pan = """
      switch gesture.state {
      case .began: AppDelegate.lock = .portrait
      case .ended: dismiss(animated: true)
      default: break
      }
      """
    let handler = Self.typed(Self.code(pan, parameters: ["gesture"]), ["UIPanGestureRecognizer"])
    let steps = try run(
      """
      \(Self.phone15),
      "app": {\(Self.plist), "state": {"lock": {"mask": "landscapeRight"}}, "supportedInterfaceOrientationsForWindow": {"read": "lock"}},
      "classes": {"HomeVC": {"kind": "view"},
                  "PlayerVC": {"kind": "view", "methods": {"pan": [\(handler)]}}},
      "window": {"root": {"class": "HomeVC"}},
      "steps": ["launch", {"present": "PlayerVC", "style": "fullScreen"}, {"call": "pan", "on": "PlayerVC"}]
      """)
    #expect(steps[2].state.values["lock"] == .mask(.portrait))
    let top = try #require(steps[2].state.tree.topController)
    #expect(steps[2].state.tree[top].className == "HomeVC")
    #expect(steps[2].interfaceOrientation == .portrait)
  }
}
