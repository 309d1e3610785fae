import RotationCore
import Testing

/// docs/rules.md sections 5 and 7: when UIKit decides, and the notifications it posts.
extension OrientationRulesTests {
  // MARK: - docs/rules.md#when-uikit-decides: when the decision is made

  /// docs/rules.md#dismiss-decides
  @Test func dismissDecidesAgainAndChecksThePreferredOrientation() throws {
    let steps = Simulator.run(try bundledScenario("seed001-fix-without-preferred.json"))
    #expect(steps[3].status == .exception)
    // Seed 001 is an iOS 7 story: the text of that time names no orientation (docs/rules.md#exception-texts,
    // IDMPhotoBrowser#31, iOS 7, 2013).
    #expect(
      steps[3].exception?.reason
        == "preferredInterfaceOrientationForPresentation must return a supported interface orientation!")
    // The step's reason names the fix after UIKit's own text.
    #expect(steps[3].reason.text.contains("Fix: return one of portrait from OrientationController's"))
    #expect(steps[4].status == .notRun)
  }

  /// docs/rules.md#turn-or-stay: a step that turns and turns back says both, in order.
  @Test func aStepThatTurnsTwiceSaysEachTurn() throws {
    let steps = try run(
      """
      \(Self.phone), "app": {\(Self.fourPlist)},
      "classes": {"V": {"kind": "view", "supportedInterfaceOrientations": "allButUpsideDown",
        "methods": {"wobble": [{"setDeviceOrientation": "landscapeLeft"}, {"setDeviceOrientation": "portrait"}]}}},
      "window": {"root": {"class": "V"}}, "steps": ["launch", {"call": "wobble"}]
      """)
    let reason = steps[1].reason.text
    let first = try #require(reason.range(of: "the interface turns to landscapeRight"), "\(reason)")
    let then = try #require(reason.range(of: " Then: "), "\(reason)")
    let second = try #require(reason.range(of: "the interface turns to portrait"), "\(reason)")
    #expect(first.lowerBound < then.lowerBound && then.lowerBound < second.lowerBound)
    #expect(steps[1].interfaceOrientation == .portrait)
  }

  /// docs/rules.md#no-push-pop: the revealed controller is on top in its viewWillAppear:, so its
  /// own forcing there is judged by its answers, not by the popped controller's.
  @Test func aPopRevealsTheNewTopBeforeItsViewWillAppear() throws {
    let steps = try run(
      """
      \(Self.phone), "app": {\(Self.fourPlist)},
      "classes": {"Nav": {"kind": "navigation", "supportedInterfaceOrientations": {"forwardTo": "top"},
                          "shouldAutorotate": {"forwardTo": "top"}},
        "Wide": {"kind": "view", "supportedInterfaceOrientations": "landscape",
                 "viewWillAppear:": [{"setDeviceOrientation": "landscapeLeft"}, "attemptRotationToDeviceOrientation"]},
        "Tall": {"kind": "view", "supportedInterfaceOrientations": "portrait"}},
      "window": {"root": {"class": "Nav", "stack": [{"class": "Wide"}, {"class": "Tall"}]}},
      "steps": ["launch", {"setDeviceOrientation": "portrait"}, "pop"]
      """)
    #expect(steps[2].interfaceOrientation == .landscapeRight)
    #expect(steps[2].calls(to: "-[Tall supportedInterfaceOrientations]").isEmpty)
  }

  /// docs/rules.md#no-push-pop
  @Test func pushAndPopDoNotRotate() throws {
    let steps = Simulator.run(try bundledScenario("seed004-landscape-after-pop.json"))
    #expect(steps[2].interfaceOrientation == .landscapeRight)
    let pop = steps[3]
    #expect(pop.interfaceOrientation == .landscapeRight)
    #expect(!pop.calls.contains { $0.kind == .orientation || $0.kind == .appDelegate })
    #expect(pop.reason.text.contains("would now allow only portrait"))
    // attemptRotationToDeviceOrientation makes UIKit ask, and the page returns to portrait.
    #expect(steps[4].interfaceOrientation == .portrait)
  }

  /// docs/rules.md#attempt-rotation
  @Test func attemptRotationUsesTheCurrentDeviceOrientation() throws {
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

  /// docs/rules.md#attempt-rotation, flutter/flutter#13238 as the engine then ran it: the root's mask
  /// becomes landscape-only with the phone upright, and neither the new mask alone nor the engine's
  /// attemptRotationToDeviceOrientation after it turns the interface ("is unfortunately not
  /// enough"): it stays portrait until the device turns. A root that prefers an orientation it
  /// allows is turned to it (seed 004's list).
  @Test func aNewMaskWithoutADecisionWaitsForTheDeviceAsFlutterSaw() throws {
    let body = """
      "system": {"version": "12.0", "idiom": "phone", "homeButton": true},
      "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"], "flags": {"landscapeOnly": false}},
      "classes": {"FlutterViewController": {"kind": "view",
        "supportedInterfaceOrientations": {"if": "landscapeOnly", "then": "landscape", "else": "portrait"},
        "methods": {"setPreferredOrientations": [{"setFlag": "landscapeOnly", "to": true}], "forced": [{"setFlag": "landscapeOnly", "to": true}, "attemptRotationToDeviceOrientation"]}}},
      "window": {"root": {"class": "FlutterViewController"}},
      """
    let waiting = try run(
      body + #""steps": ["launch", {"call": "setPreferredOrientations"}, {"rotateDevice": "landscapeLeft"}]"#)
    #expect(waiting.map(\.interfaceOrientation) == [.portrait, .portrait, .landscapeRight])
    #expect(waiting[1].calls.allSatisfy { $0.selector != "supportedInterfaceOrientations" })
    let attempted = try run(
      body + #""steps": ["launch", {"call": "forced"}, {"rotateDevice": "landscapeLeft"}]"#)
    #expect(attempted.map(\.interfaceOrientation) == [.portrait, .portrait, .landscapeRight])
    #expect(attempted[1].reason.text.contains("the attempt finds nowhere to turn"))
    let preferring = body.replacingOccurrences(
      of: #""kind": "view","#,
      with: #""kind": "view", "preferredInterfaceOrientationForPresentation": "landscapeLeft","#)
    let turned = try run(preferring + #""steps": ["launch", {"call": "forced"}]"#)
    #expect(turned[1].interfaceOrientation == .landscapeLeft)
  }

  /// docs/rules.md#kvc-forcing
  @Test func kvcForcingDecidesAndRepeatingAValueDoesNothing() throws {
    let body = """
      \(Self.phone), "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]},
      "classes": {"VC": {"kind": "view"}}, "window": {"root": {"class": "VC"}},
      "steps": ["launch", {"setDeviceOrientation": "landscapeRight"}, {"rotateDevice": "portrait"},
                {"setDeviceOrientation": "portrait"}, {"setDeviceOrientation": "faceDown"},
                {"setDeviceOrientation": "landscapeLeft"}, {"setDeviceOrientation": "faceDown"},
                {"setDeviceOrientation": "landscapeLeft"}]
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
    #expect(steps[5].interfaceOrientation == .landscapeRight)
    // The trick to the orientation the interface already has posts, and asks nobody
    // (docs/rules.md#device-turn-to-current).
    #expect(steps[7].notifications.first == "UIDeviceOrientationDidChangeNotification")
    #expect(!steps[7].calls.contains { $0.kind == .orientation })
  }

  /// docs/rules.md#orientation-lock
  @Test func theOrientationLockReadsPortraitAndPostsNothing() throws {
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

  /// docs/rules.md#launch-screen
  @Test func theLaunchScreenFollowsInfoPlistAndSnapsToItsFirstEntry() throws {
    let steps = try run(
      """
      \(Self.phone), "device": {"orientation": "portrait"},
      "app": {"infoPlist": ["landscapeRight", "landscapeLeft"], "supportedInterfaceOrientationsForWindow": "all"},
      "classes": {"Game": {"kind": "view", "supportedInterfaceOrientations": "landscape"}},
      "window": {"root": {"class": "Game"}}
      """)
    #expect(steps[0].interfaceOrientation == .landscapeRight)
    #expect(steps[0].reason.text.hasPrefix("The launch screen showed landscapeRight (from Info.plist)"))
    let deviceAllowed = try run(
      """
      \(Self.phone), "device": {"orientation": "landscapeRight"},
      "app": {"infoPlist": ["landscapeRight", "landscapeLeft"]},
      "classes": {"Game": {"kind": "view", "supportedInterfaceOrientations": "landscape"}},
      "window": {"root": {"class": "Game"}}
      """)
    #expect(deviceAllowed[0].interfaceOrientation == .landscapeLeft)
  }

  // MARK: - docs/rules.md#notifications

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
