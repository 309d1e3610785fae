import RotationCore
import Testing

/// `FixSearch` finds, among its first three, the fix each public report's thread found, for the wish
/// its reporter had, and proves each fix by replay.
@Suite struct FixTests {
  func firstTitles(_ scenario: Scenario, _ count: Int = 3) -> [String] {
    FixSearch.search(scenario).fixes.prefix(count).map { $0.edits.map(\.title).joined(separator: " + ") }
  }

  /// Seed 001: the dismissed video call must not crash; the article's fix is a preferred orientation
  /// the controller supports.
  @Test func aDismissedPlayerThatCrashesGetsAPreferredOrientationItSupports() throws {
    var scenario = try bundledScenario("seed001-fix-without-preferred.json")
    scenario.expectations = [Expectation(step: 4, exception: .some(nil))]
    let titles = firstTitles(scenario)
    #expect(
      titles.contains("Make CallListVC prefer portrait, one of the orientations it supports"), "\(titles)")
  }

  /// capacitor-plugins#100 / the stale cache: the request must succeed; the fix is setNeedsUpdate….
  @Test func aRequestRefusedByTheStaleCacheGetsSetNeedsUpdate() throws {
    var scenario = try bundledScenario("ios16-request-fails-stale-cache.json")
    scenario.expectations = [Expectation(step: 3, interface: [.landscapeRight], error: .some(nil))]
    #expect(
      firstTitles(scenario).first
        == "Call setNeedsUpdateOfSupportedInterfaceOrientations right after changing what a controller supports"
    )
  }

  /// An iPad app in multitasking ignores its portrait-only screen: UIRequiresFullScreen.
  @Test func aMultitaskingIPadGetsUIRequiresFullScreen() throws {
    var scenario = try bundledScenario("ipad-multitasking.json")
    scenario.expectations = [Expectation(step: 2, interface: [.portrait])]
    #expect(firstTitles(scenario) == ["Opt out of iPad multitasking with UIRequiresFullScreen"])
  }

  /// The same app on iPadOS 26 (TN3192): UIRequiresFullScreen is deprecated, so the fix that comes
  /// first is the lock preference, proven by replay (the device's turn leaves the interface portrait).
  /// Issue #28, safer ranking: a fix that also turns a step no expectation mentions (the app
  /// allowing landscape everywhere turns steps 2 and 3 too) is ranked after the one that changes only what
  /// the wish asks (the app's mask following the flag the code sets), and says which step it changes.
  @Test func aFixThatChangesAnUnmentionedStepIsRankedLastAndSaysSo() throws {
    let scenario = try scenario(
      """
      "system": {"version": "13.0", "idiom": "phone", "homeButton": true},
      "app": {"infoPlist": ["portrait"], "supportedInterfaceOrientationsForWindow": "portrait", "flags": {"full": false}},
      "classes": {"V": {"kind": "view"}}, "window": {"root": {"class": "V"}},
      "steps": ["launch", {"rotateDevice": "landscapeLeft"}, {"setFlag": "full", "to": true},
                {"rotateDevice": "portrait"}, {"rotateDevice": "landscapeRight"}],
      "expect": [{"step": 5, "interface": "landscapeLeft"}]
      """)
    let fixes = FixSearch.search(scenario).fixes
    let titles = fixes.map { $0.edits.map(\.title).joined(separator: " + ") }
    let follows = try #require(
      titles.firstIndex { $0.hasPrefix("Make the app delegate's answer follow full") })
    let everywhere = try #require(
      titles.firstIndex { $0.hasPrefix("Let the app delegate allow allButUpsideDown") })
    #expect(follows < everywhere, "\(titles)")
    #expect(fixes[follows].unmentionedChanges.isEmpty)
    #expect(fixes[everywhere].unmentionedChanges == [2, 3])  // turned at 2, still sideways at 3
    #expect(fixes[follows].edits[0].rule == Rule("app-mask") && !fixes[follows].edits[0].why.isEmpty)
  }

  @Test func aMultitaskingIPadOn26GetsTheLockPreferenceFirst() throws {
    var scenario = try bundledScenario("ipad-multitasking.json")
    scenario.system.version = SystemVersion("26.0")!
    scenario.steps = Array(scenario.steps.prefix(2))
    scenario.expectations = [Expectation(step: 2, interface: [.portrait])]
    let titles = firstTitles(scenario)
    #expect(
      titles.first
        == "Make PortraitOnlyViewController prefer a locked orientation on iPadOS 26 (prefersInterfaceOrientationLocked)",
      "\(titles)")
    #expect(titles.contains("Opt out of iPad multitasking with UIRequiresFullScreen"))
  }

  /// A split view that ignores its children (Pocket iOS #211): forward to the primary column.
  @Test func aSplitViewThatIgnoresItsChildrenForwards() throws {
    var scenario = try bundledScenario("split-view-reader-stays-landscape.json")
    scenario.updateClass("RootSplitViewController") { $0.supportedInterfaceOrientations = nil }
    // My List must stay portrait when the device turns; the reader must turn.
    scenario.steps = [
      .launch, .rotateDevice(.landscapeLeft), .rotateDevice(.portrait),
      .push(Node(className: "ReaderViewController")),
      .rotateDevice(.landscapeLeft),
    ]
    scenario.expectations = [
      Expectation(step: 2, interface: [.portrait]), Expectation(step: 5, interface: [.landscapeRight]),
    ]
    let first = try #require(FixSearch.search(scenario).fixes.first)
    let titles = first.edits.map(\.title)
    #expect(
      titles == [
        "Forward RootSplitViewController's supportedInterfaceOrientations to viewControllerForColumn:primary"
      ])
    // Proven by replay: the fixed scenario holds.
    let held = Check.run(first.scenario).allSatisfy { $0.held }
    #expect(held)
  }

  /// A side menu that does not forward (MMDrawerController#252): the center's own orientations must
  /// decide, which takes forwarding at both levels.
  @Test func aContainerThatDoesNotForwardGetsForwardingAtBothLevels() throws {
    var scenario = try bundledScenario("container-drawer-forwards-to-center.json")
    scenario.updateClass("DrawerController") { $0.supportedInterfaceOrientations = nil }
    scenario.updateClass("CenterNavigationController") { $0.supportedInterfaceOrientations = nil }
    scenario.expectations = [
      Expectation(step: 2, interface: [.portrait]), Expectation(step: 5, interface: [.landscapeRight]),
    ]
    let titles = firstTitles(scenario)
    #expect(
      titles.first
        == "Forward DrawerController's supportedInterfaceOrientations to childViewControllers[-1] + "
        + "Forward CenterNavigationController's supportedInterfaceOrientations to topViewController",
      "\(titles)")
  }

  /// An orientation plugin on iOS 16 must turn: KVC replaced, or the refresh added.
  @Test func anOrientationPluginOnIOS16GetsTheIOS16Calls() throws {
    var scenario = try bundledScenario("plugin-lock-to-landscape-ios16.json")
    scenario.expectations = [Expectation(step: 2, interface: [.landscapeLeft, .landscapeRight])]
    let titles = firstTitles(scenario)
    #expect(
      titles.contains(
        "Replace the KVC forcing with setNeedsUpdateOfSupportedInterfaceOrientations and requestGeometryUpdate"
      ))
  }

  /// Instabug-iOS#90: the photo picker's album list is Apple's (external); Apple's workaround is to
  /// allow all orientations in the app delegate and limit the app's own controllers.
  @Test func thePhotoPickerCrashGetsApplesWorkaroundNotAnEditOfApplesClass() throws {
    var scenario = try bundledScenario("photo-picker-in-a-landscape-app.json")
    scenario.expectations = [Expectation(step: 2, exception: .some(nil))]
    let titles = firstTitles(scenario)
    #expect(
      titles.first
        == "Let the app delegate allow allButUpsideDown (each controller's own supportedInterfaceOrientations then limits it)",
      "\(titles)")
    #expect(!titles.contains { $0.contains("PUUIAlbumListViewController") })
  }

  /// An alert over a portrait-only sheet in a landscape-only app (PSTAlertController#21): the thread
  /// found no fix. Issue #28's remedy for an alert that crashes a landscape app comes first: a
  /// category on UIAlertController answering the app's own orientations (UIKit's class cannot be
  /// edited); then the sheet given the app's orientations, which the alert answers with.
  @Test func anAlertOverAPortraitSheetGetsACategoryOrTheSheetALandscapeMask() throws {
    var scenario = try bundledScenario("alert-over-a-portrait-screen.json")
    scenario.expectations = [Expectation(step: 3, exception: .some(nil))]
    let titles = firstTitles(scenario)
    #expect(titles.first == "Add a category on UIAlertController that supports landscape", "\(titles)")
    #expect(titles.contains("Make LoginViewController support landscape"), "\(titles)")
    let category = try #require(FixSearch.search(scenario).fixes.first?.edits.first)
    #expect(category.swift.contains("extension UIAlertController"))
    #expect(category.objectiveC.contains("@implementation UIAlertController (Rotation)"))
  }

  /// Issue #28: the bundled scenarios whose source has a fix, on the wish the source states; the
  /// source's fix is among the first three.
  static let sourceFixes: [(scenario: String, wish: RotationCore.Expectation, fix: String)] = [
    // Seed 001: the parent returns YES (and limits its mask), so it can turn back after the call.
    (
      "seed001-video-call-parent-returns-no.json", Expectation(step: 5, interface: [.portrait]),
      "Return YES from OrientationController's shouldAutorotate"
    ),
    // Seed 001: the portrait page is asked once the navigation controller forwards.
    (
      "seed001-navigation-without-forwarding.json", Expectation(step: 2, interface: [.portrait]),
      "Forward PlainNavigationController's supportedInterfaceOrientations to topViewController"
    ),
    // Seed 004: attemptRotationToDeviceOrientation as the portrait page reappears.
    (
      "seed004-landscape-after-pop.json", Expectation(step: 4, interface: [.portrait]),
      "Call attemptRotationToDeviceOrientation in ListViewController's viewDidAppear:"
    ),
    // malcolmteas.com: the page view forwards to its page.
    (
      "page-view-pages-are-not-asked.json", Expectation(step: 2, interface: [.portrait]),
      "Forward GalleryPageViewController's supportedInterfaceOrientations to viewControllers.firstObject"
    ),
  ]

  @Test(arguments: sourceFixes.map(\.scenario))
  func aBundledScenariosSourceFixIsAmongTheFirstThree(_ name: String) throws {
    let entry = try #require(Self.sourceFixes.first { $0.scenario == name })
    var scenario = try bundledScenario(name)
    scenario.expectations = [entry.wish]
    if name == "seed004-landscape-after-pop.json" { scenario.steps = Array(scenario.steps.prefix(4)) }
    #expect(firstTitles(scenario).contains(entry.fix), "\(firstTitles(scenario))")
  }

  @Test func aScenarioThatHoldsNeedsNothingAndTheSearchIsDeterministic() throws {
    let holding = FixSearch.search(try bundledScenario("seed000-present.json"))
    #expect(holding.alreadyHolds && holding.fixes.isEmpty)
    var scenario = try bundledScenario("seed001-fix-without-preferred.json")
    scenario.expectations = [Expectation(step: 4, exception: .some(nil))]
    #expect(firstTitles(scenario, 10) == firstTitles(scenario, 10))
    // Without expectations the goal is a run without exceptions and errors.
    scenario.expectations = []
    let outcome = FixSearch.search(scenario)
    #expect(outcome.goal == "no exception and no error in any step")
    #expect(!outcome.fixes.isEmpty)
    #expect(outcome.tried <= outcome.budget)
  }

  /// An external class's code is never rewritten by a fix.
  @Test func aFixNeverEditsAFramework() throws {
    let scenario = try scenario(
      """
      "system": {"version": "16.0", "idiom": "phone", "homeButton": false},
      "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"], "flags": {"wide": false}},
      "classes": {"Home": {"kind": "view", "supportedInterfaceOrientations": {"if": "wide", "then": "allButUpsideDown", "else": "portrait"},
                           "methods": {"goWide": [{"setFlag": "wide", "to": true}, {"requestGeometryUpdate": "landscape"}]}},
                  "Kit": {"kind": "view", "external": true, "viewDidAppear:": [{"setFlag": "wide", "to": false}]}},
      "window": {"root": {"class": "Home"}},
      "steps": ["launch", {"call": "goWide"}],
      "expect": [{"step": 2, "interface": ["landscapeLeft", "landscapeRight"], "error": null}]
      """)
    let outcome = FixSearch.search(scenario)
    let first = try #require(outcome.fixes.first)
    #expect(
      first.edits.map(\.title).first?.hasPrefix("Call setNeedsUpdateOfSupportedInterfaceOrientations") == true
    )
    // Kit's hook is untouched by the fix that inserts setNeedsUpdate after each setFlag.
    let kit = try #require(first.scenario.classes.first { $0.name == "Kit" })
    #expect(kit.hook(.viewDidAppear) == [.setFlag("wide", false)])
  }
}
