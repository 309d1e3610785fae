import RotationCore
import Testing

/// The bundled scenarios built from public reports: each tells the story its report tells.
@Suite struct ReportScenarioTests {
  /// MMDrawerController#252: the drawer ignores its portrait center; forwarding to the center fixes it.
  @Test func aSideMenuTurnsUntilItForwardsToItsCenter() throws {
    let broken = Simulator.run(try bundledScenario("container-drawer-ignores-center.json"))
    #expect(broken[1].interfaceOrientation == .landscapeRight)
    #expect(broken[1].calls(to: "-[FeedViewController supportedInterfaceOrientations]").isEmpty)
    let fixed = Simulator.run(try bundledScenario("container-drawer-forwards-to-center.json"))
    #expect(fixed[1].interfaceOrientation == .portrait)
    #expect(fixed[1].calls(to: "-[FeedViewController supportedInterfaceOrientations]").first?.depth == 2)
    // The pushed video page turns at the next device turn.
    #expect(fixed[4].interfaceOrientation == .landscapeRight)
  }

  /// romaonthego/RESideMenu#127 (iOS 7): a portrait-only list and a landscape-capable page in a
  /// navigation controller that forwards, under RESideMenu, "was not re-orienting when I popped the
  /// second view" until the menu answered its content's supported orientations. With that fix the
  /// list is back in charge: the pop itself decides nothing (docs/rules.md#no-push-pop, seed 004;
  /// the report does not say the pop turned), and the next device turn brings it to portrait, after
  /// which landscape is refused. Without it, the menu's default mask lets the list turn sideways.
  @Test func aSideMenuThatAnswersItsContentsMaskGivesTheListItsPortraitBack() throws {
    func steps(forwarding: Bool) throws -> [Step] {
      let menu =
        forwarding
        ? #", "supportedInterfaceOrientations": {"forwardTo": "child", "index": -1}"# : ""
      return try run(
        """
        "system": {"version": "7.1", "idiom": "phone", "homeButton": true},
        "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]},
        "classes": {"RESideMenu": {"kind": "container", "shouldAutorotate": {"forwardTo": "child", "index": -1}\(menu)},
                    "MenuViewController": {"kind": "view"},
                    "ContentNavigationController": {"kind": "navigation", "shouldAutorotate": {"forwardTo": "top"},
                                                    "supportedInterfaceOrientations": {"forwardTo": "top"}},
                    "ListViewController": {"kind": "view", "supportedInterfaceOrientations": "portrait"},
                    "DetailViewController": {"kind": "view", "supportedInterfaceOrientations": "allButUpsideDown"}},
        "window": {"root": {"class": "RESideMenu", "children": [{"class": "MenuViewController"},
          {"class": "ContentNavigationController", "stack": [{"class": "ListViewController"}]}]}},
        "steps": ["launch", {"push": "DetailViewController"}, {"rotateDevice": "landscapeLeft"}, "pop",
                  {"rotateDevice": "portrait"}, {"rotateDevice": "landscapeLeft"}]
        """)
    }
    let fixed = try steps(forwarding: true)
    #expect(
      fixed.map(\.interfaceOrientation) == [
        .portrait, .portrait, .landscapeRight, .landscapeRight, .portrait, .portrait,
      ])
    #expect(fixed[3].reason.rules.contains(Rule("no-push-pop")))
    #expect(fixed[5].calls(to: "-[ListViewController supportedInterfaceOrientations]").count == 1)
    let broken = try steps(forwarding: false)
    #expect(broken[5].interfaceOrientation == .landscapeRight)
    #expect(broken[5].calls(to: "-[ListViewController supportedInterfaceOrientations]").isEmpty)
  }

  /// Pocket iOS #211: only the reader turns; after pop My List stays landscape until KVC forces it back.
  @Test func theReaderTurnsAndKVCBringsMyListBack() throws {
    let steps = Simulator.run(try bundledScenario("split-view-reader-stays-landscape.json"))
    #expect(steps[2].interfaceOrientation == .landscapeRight)
    #expect(steps[2].calls(to: "-[ReaderViewController supportedInterfaceOrientations]").first?.depth == 3)
    #expect(steps[3].interfaceOrientation == .portrait)
    #expect(steps[3].calls(to: "-[UIDevice setValue:forKey:]").count == 1)
  }

  /// malcolmteas.com: the page view's delegate answers; the portrait photo page is not asked.
  @Test func aPageViewsPageIsNotAsked() throws {
    let steps = Simulator.run(try bundledScenario("page-view-pages-are-not-asked.json"))
    #expect(steps[1].interfaceOrientation == .landscapeRight)
    #expect(steps[1].calls(to: "-[PhotoViewController supportedInterfaceOrientations]").isEmpty)
    #expect(
      steps[1].calls(to: "-[GalleryDataSource pageViewControllerSupportedInterfaceOrientations:]").count == 1)
  }

  /// PSTAlertController#21: the alert decides with the portrait sheet's mask and crashes the landscape app.
  @Test func anAlertOverAPortraitSheetCrashes() throws {
    let steps = Simulator.run(try bundledScenario("alert-over-a-portrait-screen.json"))
    #expect(steps[1].status == .ran)
    #expect(steps[2].status == .exception)
    #expect(steps[2].exception?.reason.contains("[UIAlertController shouldAutorotate]") == true)
    // The app terminates while presenting the alert: the tree holds it, presented.
    let tree = steps[2].state.tree
    #expect(tree.presentations.last.map { tree[$0.controller].className } == "UIAlertController")
  }

  /// Instabug-iOS#90 (docs/rules.md#entering-child-checked).
  @Test func thePhotoPickerCrashesALandscapeOnlyApp() throws {
    let steps = Simulator.run(try bundledScenario("photo-picker-in-a-landscape-app.json"))
    #expect(
      steps[1].exception?.reason
        == "Supported orientations has no common orientation with the application, and "
        + "[PUUIAlbumListViewController shouldAutorotate] is returning YES")
  }

  /// BubbleWrap#394: a popover never decides, so a landscape picker cannot turn the portrait screen.
  @Test func aPopoverNeverDecides() throws {
    let steps = Simulator.run(try bundledScenario("popover-on-ipad-never-decides.json"))
    #expect(steps.map(\.interfaceOrientation) == [.portrait, .portrait, .portrait, .portrait])
    #expect(steps[1].calls(to: "-[PickerViewController supportedInterfaceOrientations]").isEmpty)
  }

  /// Swift-YouTube-Player#107: the video window turns, the main window stays portrait.
  @Test func aSecondWindowTurnsWhileTheMainOneStaysPortrait() throws {
    let steps = Simulator.run(try bundledScenario("second-window-video-player.json"))
    #expect(steps[1].interfaceOrientation == .portrait)
    #expect(steps[2].interfaceOrientation == .landscapeRight)
    #expect(steps[4].interfaceOrientation == .landscapeLeft)
    #expect(steps[5].interfaceOrientation == .portrait)
  }

  /// react-native-orientation-locker#241: KVC only logs on iOS 16, a request alone fails, the fix turns.
  @Test func anOrientationPluginNeedsTheIOS16Way() throws {
    let steps = Simulator.run(try bundledScenario("plugin-lock-to-landscape-ios16.json"))
    #expect(steps[1].interfaceOrientation == .portrait)
    #expect(steps[1].console.contains { $0.text.contains("BUG IN CLIENT OF UIKIT") })
    #expect(steps[2].error?.code == 101)
    #expect(steps[2].interfaceOrientation == .portrait)
    #expect(steps[3].interfaceOrientation.isLandscape)
    #expect(steps[3].error == nil)
  }

  /// SJVideoPlayer#128: UIKit's own tab bar and navigation controllers answer for the portrait list,
  /// which is never asked, so it turns.
  @Test func aTabBarOfNavigationControllersTurnsItsPortraitList() throws {
    let steps = Simulator.run(try bundledScenario("video-player-tab-bar-of-navigation-controllers.json"))
    #expect(steps[1].interfaceOrientation == .landscapeRight)
    #expect(steps[1].calls(to: "-[HomeViewController supportedInterfaceOrientations]").isEmpty)
  }

  /// ZFPlayer#548: the alert answers with its host's landscape mask while the app allows portrait only.
  @Test func anAlertOverTheFullScreenPlayerCrashes() throws {
    let steps = Simulator.run(try bundledScenario("alert-over-full-screen-player-crashes.json"))
    #expect(
      steps[2].exception?.reason.contains("[UIAlertController shouldAutorotate] is returning YES") == true)
  }

  /// capacitor-screen-orientation#13: unlock widens the mask, but nothing decides until the device turns.
  @Test func anUnlockOnIOS15LeavesTheAppLandscapeUntilTheDeviceTurns() throws {
    var scenario = try bundledScenario("capacitor-unlock-stays-landscape-ios15.json")
    let steps = Simulator.run(scenario)
    #expect(steps[4].interfaceOrientation == .landscapeRight)
    #expect(!steps[4].calls.contains { $0.kind == .orientation || $0.kind == .appDelegate })
    // The next device turns count the new mask.
    scenario.steps += [.rotateDevice(.landscapeLeft), .rotateDevice(.portrait)]
    #expect(Simulator.run(scenario)[6].interfaceOrientation == .portrait)
  }

  /// Swiftfin#102: the player's lock outlives the player; the library cannot turn to portrait.
  @Test func aLockVariableLeftByThePlayerKeepsTheLibraryLandscape() throws {
    let steps = Simulator.run(try bundledScenario("lock-variable-not-restored.json"))
    #expect(steps[3].interfaceOrientation == .landscapeLeft)
    #expect(steps[3].state.values["orientationLock"] == .mask(.landscape))
  }

  /// flick-video-player#257, Player_Flutter#116: the engine asks the scene before refreshing, so the
  /// request fails against the portrait cache with UIKit's text, and the refresh turns it anyway.
  @Test func flutterGoingFullScreenLogs101AndStillTurns() throws {
    let steps = Simulator.run(try bundledScenario("flutter-landscape-request-fails-101.json"))
    let error = try #require(steps[2].error)
    #expect(
      error.description
        == #"Error Domain=UISceneErrorDomain Code=101 "None of the requested orientations are supported by the view controller. Requested: landscapeRight; Supported: portrait""#
    )
    #expect(!error.deliveredLater)
    #expect(steps[2].interfaceOrientation == .landscapeRight)
    #expect(
      steps[2].calls.first?.signature == "-[FlutterPlatformPlugin setSystemChromePreferredOrientations:]")
  }
}
