import RotationCore
import Testing

/// The seeds' stories, held against the bundled scenarios that reproduce them.
@Suite struct BundledScenarioTests {
  @Test func seed001APortraitPageInAPlainNavigationControllerStillTurns() throws {
    // "发现这个函数只在视图被显示的时候调用了一次，当你旋转设备的时候，这个函数根本没有被调用".
    let steps = Simulator.run(try bundledScenario("seed001-navigation-without-forwarding.json"))
    #expect(steps[0].calls(to: "-[CallListVC supportedInterfaceOrientations]").count == 1)
    #expect(steps[1].calls(to: "-[CallListVC supportedInterfaceOrientations]").isEmpty)
    #expect(steps[1].interfaceOrientation == .landscapeRight)
  }

  @Test func seed002ForcingThePreferredOrientationInViewDidAppear() throws {
    let steps = Simulator.run(try bundledScenario("seed002-tab-navigation-forwarding.json"))
    let push = steps[1]
    // The preferred interface orientation landscapeRight (raw 3) is passed as device orientation 3,
    // landscapeLeft, which maps back to interface landscapeRight.
    #expect(
      push.calls(to: "-[VideoViewController preferredInterfaceOrientationForPresentation]").first?.answer
        == "landscapeRight")
    #expect(push.deviceOrientation == .landscapeLeft)
    #expect(push.interfaceOrientation == .landscapeRight)
    let asked = push.calls.filter { $0.selector == "supportedInterfaceOrientations" }.map(\.receiver)
    #expect(asked == ["TabBarController", "NavigationController", "VideoViewController"])
    #expect(steps[3].interfaceOrientation == .portrait)  // pop: HomeViewController forces portrait back
    #expect(steps[4].interfaceOrientation == .portrait)
  }

  @Test func seed003ASheetPresentedOverTheStackIsTheVisibleController() throws {
    let steps = Simulator.run(try bundledScenario("seed003-visible-selected-attempt.json"))
    let underSheet = steps[6]
    #expect(
      underSheet.calls(to: "-[SettingsSheetController supportedInterfaceOrientations]").first?.depth == 2)
    #expect(underSheet.interfaceOrientation == .portrait)
    #expect(steps[8].interfaceOrientation == .landscapeRight)
  }

  @Test func seed004DefaultMasksDifferBetweenIPhoneAndIPad() throws {
    let phone = Simulator.run(try bundledScenario("seed004-default-masks-iphone.json"))
    let pad = Simulator.run(try bundledScenario("seed004-default-masks-ipad.json"))
    #expect(phone[2].interfaceOrientation == .landscapeRight)
    #expect(pad[2].interfaceOrientation == .portraitUpsideDown)
    #expect(phone[2].masks?.intersection == .allButUpsideDown)
    #expect(pad[2].masks?.intersection == .all)
  }
}
