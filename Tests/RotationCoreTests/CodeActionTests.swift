import Foundation
import RotationCore
import Testing

/// Methods and hooks that are the app's own code (docs/rules.md#code-actions): what the code does to
/// UIKit and to its state is performed by the simulation's rules, in order. Each is a pattern of
/// public projects written here in a spelling of its own; the orientations expected are UIKit's,
/// read from docs/rules.md, not from this program's output.
@Suite struct CodeActionTests {
  static let phone13 = "\"system\": {\"version\": \"13.0\", \"idiom\": \"phone\", \"homeButton\": true}"
  static let phone16 = "\"system\": {\"version\": \"16.0\", \"idiom\": \"phone\", \"homeButton\": false}"
  static let plist = "\"infoPlist\": [\"portrait\", \"landscapeLeft\", \"landscapeRight\"]"

  static func code(_ source: String, _ language: String = "swift") -> String {
    CodeAnswerTests.code(source, language)
  }

  /// The stored lock of the app delegate set in a button's method, then the KVC forcing and an
  /// attempt: the player turns (iOS 13), and the step's state holds the new lock.
  @Test func aMethodSetsTheLockForcesTheDeviceAndTurns() throws {
    let body = """
      AppDelegate.orientationLock = .landscape
      UIDevice.current.setValue(UIInterfaceOrientation.landscapeRight.rawValue, forKey: "orientation")
      UIViewController.attemptRotationToDeviceOrientation()
      """
    let steps = try run(
      """
      \(Self.phone13),
      "app": {\(Self.plist), "state": {"orientationLock": {"mask": "portrait"}},
              "supportedInterfaceOrientationsForWindow": {"read": "orientationLock"}},
      "classes": {"PlayerVC": {"kind": "view", "methods": {"enterFullScreen": [\(Self.code(body))]}}},
      "window": {"root": {"class": "PlayerVC"}},
      "steps": ["launch", {"call": "enterFullScreen", "on": "PlayerVC"}]
      """)
    #expect(steps[1].interfaceOrientation == .landscapeRight)
    #expect(steps[1].deviceOrientation == .landscapeLeft)
    #expect(steps[1].state.values["orientationLock"] == .mask(.landscape))
    #expect(!steps[1].calls(to: "-[UIDevice setValue:forKey:]").isEmpty)
  }

  /// Objective-C: a controller made, given a property and a full-screen style, then presented; its
  /// own code answers from that property, so the presentation turns the interface to landscape.
  @Test func aMadeControllerIsPresentedWithWhatTheCodeSetOnIt() throws {
    let present = """
      PlayerVC *vc = [[PlayerVC alloc] init];
      vc.isFullScreen = YES;
      vc.modalPresentationStyle = UIModalPresentationFullScreen;
      [self presentViewController:vc animated:YES completion:nil];
      """
    let supported =
      "return self.isFullScreen ? UIInterfaceOrientationMaskLandscapeRight : UIInterfaceOrientationMaskPortrait;"
    let made = try scenario(
      """
      \(Self.phone13), "app": {\(Self.plist)},
      "classes": {
        "HomeVC": {"kind": "view", "supportedInterfaceOrientations": "portrait", "methods": {"play": [\(Self.code(present, "objc"))]}},
        "PlayerVC": {"kind": "view", "properties": {"isFullScreen": false},
                     "supportedInterfaceOrientations": \(Self.code(supported, "objc"))}
      },
      "window": {"root": {"class": "HomeVC"}},
      "steps": ["launch", {"call": "play", "on": "HomeVC"}]
      """)
    let steps = Simulator.run(made)
    #expect(steps[1].interfaceOrientation == .landscapeRight)
    let top = try #require(steps[1].state.tree.topController)
    #expect(steps[1].state.tree[top].className == "PlayerVC")
    #expect(steps[1].state.tree[top].properties["isFullScreen"] == .bool(true))
    // `trace --json` shows the tree the code built: the made controller presented over the root.
    let text = JSONTrace.render(steps, scenario: made)
    let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let last = try #require((document["steps"] as? [[String: Any]])?.last)
    let window = try #require((last["windows"] as? [[String: Any]])?.first)
    #expect((window["root"] as? [String: Any])?["class"] as? String == "HomeVC")
    let presented = try #require((window["presented"] as? [[String: Any]])?.first)
    #expect(presented["class"] as? String == "PlayerVC" && presented["style"] as? String == "fullScreen")
    #expect((presented["properties"] as? [String: Any])?["isFullScreen"] as? Bool == true)
  }

  /// iOS 16: a geometry request through the view's window scene, with an error handler.
  @Test func aGeometryRequestInCodeTurnsTheInterfaceOnIOS16() throws {
    let body = """
      guard let scene = view.window?.windowScene else { return }
      scene.requestGeometryUpdate(.iOS(interfaceOrientations: .landscapeRight)) { error in
        print(error)
      }
      """
    let steps = try run(
      """
      \(Self.phone16), "app": {\(Self.plist)},
      "classes": {"PlayerVC": {"kind": "view", "methods": {"rotate": [\(Self.code(body))]}}},
      "window": {"root": {"class": "PlayerVC"}},
      "steps": ["launch", {"call": "rotate", "on": "PlayerVC"}]
      """)
    #expect(steps[1].interfaceOrientation == .landscapeRight)
  }

  /// iOS 16: a property set, then `setNeedsUpdateOfSupportedInterfaceOrientations` sent to the main
  /// queue: the block runs after the method's own statements and the interface follows the device
  /// (already sideways). Without the block, the cached answer keeps it portrait.
  @Test(arguments: [true, false]) func aBlockOnTheMainQueueRunsAfterTheMethod(withUpdate: Bool) throws {
    // The block is sent before the assignment: run at once, it would see the old value.
    let update =
      withUpdate ? "DispatchQueue.main.async { self.setNeedsUpdateOfSupportedInterfaceOrientations() }" : ""
    let body = update + "\nisLandscapeAllowed = true"
    let steps = try run(
      """
      \(Self.phone16), "app": {\(Self.plist)},
      "classes": {"VC": {"kind": "view", "properties": {"isLandscapeAllowed": false},
        "supportedInterfaceOrientations": \(CodeAnswerTests.code("isLandscapeAllowed ? .allButUpsideDown : .portrait")),
        "methods": {"unlock": [\(Self.code(body))]}}},
      "window": {"root": {"class": "VC"}},
      "steps": ["launch", {"rotateDevice": "landscapeLeft"}, {"call": "unlock", "on": "VC"}]
      """)
    #expect(steps[1].interfaceOrientation == .portrait)
    #expect(steps[2].interfaceOrientation == (withUpdate ? .landscapeRight : .portrait))
  }

  /// Objective-C's `@available`: on iOS 16 the geometry request made with the preferences object,
  /// before it the KVC forcing with a boxed number and an attempt. Each system takes its branch.
  @Test(arguments: ["15.0", "16.0"]) func objectiveCsAvailableTakesTheSystemsBranch(version: String) throws {
    let body = """
      if (@available(iOS 16.0, *)) {
        UIWindowScene *scene = (UIWindowScene *)[[[UIApplication sharedApplication].connectedScenes allObjects] firstObject];
        UIWindowSceneGeometryPreferencesIOS *preferences = [[UIWindowSceneGeometryPreferencesIOS alloc] initWithInterfaceOrientations:UIInterfaceOrientationMaskLandscapeRight];
        [scene requestGeometryUpdateWithPreferences:preferences errorHandler:^(NSError * _Nonnull error) { NSLog(@"%@", error); }];
      } else {
        [[UIDevice currentDevice] setValue:[NSNumber numberWithInteger:UIInterfaceOrientationLandscapeRight] forKey:@"orientation"];
        [UIViewController attemptRotationToDeviceOrientation];
      }
      """
    let steps = try run(
      """
      "system": {"version": "\(version)", "idiom": "phone", "homeButton": false}, "app": {\(Self.plist)},
      "classes": {"PlayerVC": {"kind": "view", "methods": {"rotate": [\(Self.code(body, "objc"))]}}},
      "window": {"root": {"class": "PlayerVC"}},
      "steps": ["launch", {"call": "rotate", "on": "PlayerVC"}]
      """)
    #expect(steps[1].interfaceOrientation == .landscapeRight)
    let modern = version == "16.0"
    #expect(steps[1].calls(to: "-[UIDevice setValue:forKey:]").isEmpty == modern)
    #expect(steps[1].calls.contains { $0.selector.hasPrefix("requestGeometryUpdate") } == modern)
  }

  /// `view.bounds` turns with the interface: a `shouldAutorotate` that allows turning only from a
  /// tall view lets the phone turn to landscape and never back (iOS 13 asks before turning).
  @Test func theViewsBoundsTurnWithTheInterface() throws {
    let steps = try run(
      """
      \(Self.phone13), "app": {\(Self.plist)},
      "classes": {"VC": {"kind": "view",
        "shouldAutorotate": \(Self.code("return view.bounds.size.width < view.bounds.size.height"))}},
      "window": {"root": {"class": "VC"}},
      "steps": ["launch", {"rotateDevice": "landscapeLeft"}, {"rotateDevice": "portrait"}]
      """)
    #expect(steps.map(\.interfaceOrientation) == [.portrait, .landscapeRight, .landscapeRight])
  }

  /// A message to nil does nothing (`presentedViewController?.dismiss` with nothing presented), and
  /// `dismiss` sent to something that is no controller (a progress HUD's class) is not UIKit's.
  @Test func dismissingNothingDismissesNothing() throws {
    let body = """
      presentedViewController?.dismiss(animated: true)
      SVProgressHUD.dismiss()
      """
    let steps = try run(
      """
      \(Self.phone13), "app": {\(Self.plist)},
      "classes": {"HomeVC": {"kind": "view"}, "SheetVC": {"kind": "view", "methods": {"close": [\(Self.code(body))]}}},
      "window": {"root": {"class": "HomeVC"}},
      "steps": ["launch", {"present": "SheetVC", "style": "fullScreen"}, {"call": "close", "on": "SheetVC"}]
      """)
    let top = try #require(steps[2].state.tree.topController)
    #expect(steps[2].state.tree[top].className == "SheetVC")
  }

  /// Whether an object is nil, as state: the player the method makes is kept on the controller;
  /// before it is made, `player == nil` holds (an optional's default), so the screen stays portrait,
  /// and after it the screen turns. Asking changes nothing: the answer's own assignment is not kept.
  @Test func anObjectKeptByTheCodeIsStateItsAnswerReads() throws {
    let answer = """
      if player == nil { lastAsked = 1; return .portrait }
      return .allButUpsideDown
      """
    let steps = try run(
      """
      \(Self.phone13), "app": {\(Self.plist)},
      "classes": {"PlayerVC": {"kind": "view",
        "supportedInterfaceOrientations": \(CodeAnswerTests.code(answer)),
        "methods": {"play": [\(Self.code("player = AVPlayer(url: url)"))]}}},
      "window": {"root": {"class": "PlayerVC"}},
      "steps": ["launch", {"rotateDevice": "landscapeLeft"}, {"rotateDevice": "portrait"},
                {"call": "play", "on": "PlayerVC"}, {"rotateDevice": "landscapeLeft"}]
      """)
    #expect(
      steps.map(\.interfaceOrientation) == [.portrait, .portrait, .portrait, .portrait, .landscapeRight])
    let asked = steps[1].calls(to: "-[PlayerVC supportedInterfaceOrientations]").first?.note?.text ?? ""
    #expect(asked.contains("player is not known here: taken as nil") && asked.contains("not kept"))
  }

  /// The forcing trick through `NSInvocation` (the seeds' era) and through
  /// `performSelector:withObject:`: both reach UIDevice's setter as the KVC trick does, and the
  /// device (then the interface, iOS 13) turns.
  @Test(arguments: [true, false]) func theInvocationTrickForcesTheDevice(invocation: Bool) throws {
    let body =
      invocation
      ? """
      SEL selector = NSSelectorFromString(@"setOrientation:");
      NSInvocation *call = [NSInvocation invocationWithMethodSignature:[UIDevice instanceMethodSignatureForSelector:selector]];
      [call setSelector:selector];
      [call setTarget:[UIDevice currentDevice]];
      int value = UIInterfaceOrientationLandscapeRight;
      [call setArgument:&value atIndex:2];
      [call invoke];
      """
      : "[[UIDevice currentDevice] performSelector:@selector(setOrientation:) withObject:@(UIInterfaceOrientationLandscapeRight)];"
    let steps = try run(
      """
      \(Self.phone13), "app": {\(Self.plist)},
      "classes": {"PlayerVC": {"kind": "view", "methods": {"rotate": [\(Self.code(body, "objc"))]}}},
      "window": {"root": {"class": "PlayerVC"}},
      "steps": ["launch", {"call": "rotate", "on": "PlayerVC"}]
      """)
    #expect(steps[1].deviceOrientation == .landscapeLeft)
    #expect(steps[1].interfaceOrientation == .landscapeRight)
  }

  /// Swift's `else` (a node of its own in the grammar) runs when the condition does not hold: a
  /// getter and a method each take their `else` branch, in both the `if` and the `guard` forms.
  @Test func swiftsElseBranchRuns() throws {
    let answer = "if locked { return .portrait } else { return .landscapeLeft }"
    let method = """
      guard locked else {
        UIDevice.current.setValue(UIDeviceOrientation.landscapeRight.rawValue, forKey: "orientation")
        return
      }
      """
    let steps = try run(
      """
      \(Self.phone13), "app": {\(Self.plist), "flags": {"locked": false}},
      "classes": {"VC": {"kind": "view", "supportedInterfaceOrientations": \(Self.code(answer)),
                         "methods": {"force": [\(Self.code(method))]}}},
      "window": {"root": {"class": "VC"}},
      "steps": ["launch", {"call": "force", "on": "VC"}]
      """)
    #expect(steps[1].deviceOrientation == .landscapeRight)
    #expect(steps[1].interfaceOrientation == .landscapeLeft)
  }

  /// A method that loops without end stops at the budget with a message in the console; the
  /// session goes on to the next step.
  @Test func aMethodThatNeverEndsIsStoppedAndTheSessionGoesOn() throws {
    let steps = try run(
      """
      \(Self.phone13), "app": {\(Self.plist)},
      "classes": {"VC": {"kind": "view", "methods": {"spin": [\(Self.code("while true { }"))]}}},
      "window": {"root": {"class": "VC"}},
      "steps": ["launch", {"call": "spin", "on": "VC"}, {"rotateDevice": "landscapeLeft"}]
      """)
    #expect(steps[1].console.contains { $0.text.contains("stopped after") })
    #expect(steps[2].interfaceOrientation == .landscapeRight)
  }
}
