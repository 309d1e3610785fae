import RotationCore
import Testing

/// docs/rules.md section 4, continued: shouldAutorotate's gate, a child turning its parent, the
/// dismissals of iOS 8 and later, and the tab bar controller and its delegate.
extension OrientationRulesTests {
  /// docs/rules.md#should-autorotate-gate
  @Test func shouldAutorotateNoBlocksRotationAndIgnoresTheMask() throws {
    let steps = try run(
      """
      \(Self.phone), "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]},
      "classes": {"VC": {"kind": "view", "shouldAutorotate": false, "supportedInterfaceOrientations": "all"}},
      "window": {"root": {"class": "VC"}}, "steps": ["launch", {"rotateDevice": "landscapeLeft"}]
      """)
    #expect(steps[1].interfaceOrientation == .portrait)
    #expect(steps[1].reason.text.contains("VC returned NO from shouldAutorotate"))
  }

  /// docs/rules.md#child-turns-parent
  @Test func aChildCanTurnAParentThatReturnedNoAndItCannotTurnBack() throws {
    // Seed 001, the video call (docs/rules.md#child-turns-parent).
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

  /// docs/rules.md#child-turns-parent, from iOS 8: LeaderBoy/PlayerView (iOS 13), whose portrait-only
  /// presenter returns NO and expects portrait back when its full-screen landscape player is dismissed
  /// with the phone still sideways; UIKitCore's dismissal asks no shouldAutorotate.
  @Test func fromIOS8AFullScreenDismissalTurnsBackWithoutAskingShouldAutorotate() throws {
    let steps = try run(
      """
      \(Self.phone), "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]},
      "classes": {"Home": {"kind": "view", "shouldAutorotate": false, "supportedInterfaceOrientations": "portrait"},
                  "Player": {"kind": "view", "supportedInterfaceOrientations": "landscapeRight",
                             "preferredInterfaceOrientationForPresentation": "landscapeRight"}},
      "window": {"root": {"class": "Home"}},
      "steps": ["launch", {"rotateDevice": "landscapeLeft"}, {"present": "Player", "style": "fullScreen"}, "dismiss"]
      """)
    #expect(steps[1].interfaceOrientation == .portrait)  // Home refuses the turn
    #expect(steps[2].interfaceOrientation == .landscapeRight)
    #expect(steps[3].interfaceOrientation == .portrait)
    // The device asked for landscape (refused at step 1), which Home does not support: UIKit asks
    // shouldAutorotate only to choose where to start, and its NO blocks nothing.
    #expect(steps[3].calls(to: "-[Home shouldAutorotate]").count == 1)
    #expect(steps[3].reason.text.contains("NO does not block the dismissal's turn"))
  }

  /// docs/rules.md#child-turns-parent, iOS 8 to 15 (UIKitCore 18.2's pre-16 branch of
  /// `_adjustOrientationIfNecessaryInWindow:…`): where a dismissal to a presenter that returns NO
  /// leaves the interface depends on the device, the presenter's preferred orientation and its mask.
  @Test func fromIOS8ADismissalToAPresenterThatSaysNoFollowsThePresentationController() throws {
    func last(_ home: String, device: String, player: String = "landscapeRight") throws -> Step {
      try run(
        """
        \(Self.phone), "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]},
        "classes": {"Home": {"kind": "view", "shouldAutorotate": false\(home)},
                    "Player": {"kind": "view", "supportedInterfaceOrientations": "\(player)",
                               "preferredInterfaceOrientationForPresentation": "landscapeRight"}},
        "window": {"root": {"class": "Home"}},
        "steps": ["launch", {"present": "Player", "style": "fullScreen"}, {"rotateDevice": "\(device)"}, "dismiss"]
        """
      ).last!
    }
    // The device agrees with the sideways interface and Home supports it: NO keeps it there.
    let stays = try last(#", "supportedInterfaceOrientations": "allButUpsideDown""#, device: "landscapeLeft")
    #expect(stays.interfaceOrientation == .landscapeRight)
    #expect(stays.calls(to: "-[Home shouldAutorotate]").count == 1)
    // An overridden preferred orientation that Home supports wins, and shouldAutorotate is not asked.
    let prefers = try last(
      #", "supportedInterfaceOrientations": "allButUpsideDown", "preferredInterfaceOrientationForPresentation": "portrait""#,
      device: "landscapeLeft")
    #expect(prefers.interfaceOrientation == .portrait)
    #expect(prefers.calls(to: "-[Home shouldAutorotate]").isEmpty)
    // The device stayed upright while the player held landscape: the window goes back to the
    // orientation the device asked for, whatever NO says.
    let back = try last(
      #", "supportedInterfaceOrientations": "allButUpsideDown""#, device: "portrait",
      player: "allButUpsideDown")
    #expect(back.interfaceOrientation == .portrait)
    #expect(back.calls(to: "-[Home shouldAutorotate]").isEmpty)
    #expect(back.reason.text.contains("the orientation the device last asked for"))
  }

  /// docs/rules.md#tab-bar-like-navigation
  @Test func aTabBarControllerDecidesLikeANavigationController() throws {
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

  /// docs/rules.md#container-delegates
  @Test func aTabBarDelegateAnswersWhenTheControllerDoesNotOverride() throws {
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
}
