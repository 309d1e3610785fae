import Foundation
import RotationCore
import Testing

@testable import RotationImport

/// The app as it runs, imported: two projects written for these tests (MotionSwiftApp,
/// MotionObjCApp) hold the patterns of public projects whose import did not turn where the app
/// turns — a stored mask the app delegate returns and a helper that sets it, a property the
/// presenter sets, buttons that present and push, conditions on the transition and the device, an
/// observer, forcing in viewDidLoad through an own method and an NSInvocation, tabs added through
/// the app's own wrapper method, methods of one base name. Each flow's orientations are read from
/// the fixture's code by hand (the comments say why), not recorded from the import.
@Suite struct AppInMotionTests {
  static let projects = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/Projects")

  func imported(_ name: String) throws -> Scenario {
    let result = try AppImport.load(path: Self.projects.appendingPathComponent(name).path)
    // Through the file format, as `rotation-lab import` writes it.
    return try ScenarioDecoder.decode(text: ScenarioEncoder.text(result.scenario))
  }

  /// The interface orientation after each step of `events` (scenario-file forms).
  func orientations(_ scenario: Scenario, _ events: [String]) throws -> [InterfaceOrientation] {
    var scenario = scenario
    scenario.steps = try events.map { try ScenarioDecoder.event(text: $0, in: scenario) }
    return Simulator.run(scenario).map(\.interfaceOrientation)
  }

  @Test func theSwiftPlayerTurnsWithTheStoredLockAndBack() throws {
    let app = try imported("MotionSwiftApp")
    // HomeViewController locks portrait; playTapped unlocks, sets the player's own mask to
    // landscape and presents it full screen; its viewWillAppear locks landscape and turns the
    // device to UIInterfaceOrientation.landscapeRight's raw value (device landscapeLeft, interface
    // landscapeRight); the close button dismisses it: viewWillDisappear (isBeingDismissed) locks
    // portrait, and the home screen returned to decides again under that lock.
    let flow = try orientations(
      app,
      [
        #""launch""#, #"{"rotateDevice": "landscapeLeft"}"#, #"{"rotateDevice": "portrait"}"#,
        #"{"call": "playTapped", "on": "HomeViewController"}"#, #"{"rotateDevice": "landscapeRight"}"#,
        #"{"call": "closeTapped", "on": "PlayerViewController"}"#,
      ])
    #expect(flow == [.portrait, .portrait, .portrait, .landscapeRight, .landscapeLeft, .portrait])
  }

  @Test func theSwiftDetailTurnsWhileShownAndStaysAfterPop() throws {
    var app = try imported("MotionSwiftApp")
    // detailTapped pushes DetailViewController, whose viewWillAppear unlocks; a pop does not make
    // UIKit decide, and viewWillDisappear (isMovingFromParent) locks portrait for the next turn.
    let events = [
      #""launch""#, #"{"call": "detailTapped", "on": "HomeViewController"}"#,
      #"{"rotateDevice": "landscapeLeft"}"#,
      #"{"rotateDevice": "portrait"}"#, #"{"rotateDevice": "landscapeLeft"}"#, #""pop""#,
      #"{"rotateDevice": "portrait"}"#,
      #"{"rotateDevice": "landscapeLeft"}"#,
    ]
    #expect(
      try orientations(app, events) == [
        .portrait, .portrait, .landscapeRight, .portrait, .landscapeRight, .landscapeRight, .portrait,
        .portrait,
      ])
    // The observer of UIDeviceOrientationDidChangeNotification records whether the device is
    // sideways while the detail screen exists; once popped, it is gone and records nothing.
    app.steps = try events.map { try ScenarioDecoder.event(text: $0, in: app) }
    let zoomed = Simulator.run(app).map { $0.state.flags["isZoomed"] }
    #expect(zoomed == [false, false, true, false, true, true, true, true])
  }

  @Test func methodsOfOneBaseNameAreTwoAndATappedRowPushes() throws {
    let app = try imported("MotionSwiftApp")
    let home = try #require(app.classes.first { $0.name == "HomeViewController" })
    // tableView(_:numberOfRowsInSection:) does nothing the model sees; tableView(_:didSelectRowAt:)
    // keeps its labels and pushes the detail screen.
    #expect(home.method(named: "tableView_didSelectRowAt") != nil)
    #expect(home.method(named: "tableView") == nil)
    #expect(
      try orientations(
        app,
        [
          #""launch""#, #"{"call": "tableView_didSelectRowAt", "on": "HomeViewController"}"#,
          #"{"rotateDevice": "landscapeLeft"}"#,
        ]) == [.portrait, .portrait, .landscapeRight])
  }

  @Test func theObjectiveCPlayerForcesInViewDidLoadAndTurnsBackOnPop() throws {
    let app = try imported("MotionObjCApp")
    // The launch sets the app delegate's mask to portrait. openPlayer pushes PlayerViewController,
    // whose viewDidLoad calls rotateTo: with UIInterfaceOrientationLandscapeRight: the mask becomes
    // landscape and an NSInvocation of setOrientation: turns the device to raw value 3 (device
    // landscapeLeft, interface landscapeRight). The tab bar forwards to its navigation controller,
    // whose category forwards to the top. Popping (isMovingFromParentViewController) sets portrait
    // and forces the device portrait.
    #expect(
      app.window
        == Node(
          className: "MainTabBarController",
          tabs: [
            Node(className: "UINavigationController", stack: [Node(className: "HomeViewController")]),
            Node(className: "UINavigationController", stack: [Node(className: "SettingsViewController")]),
          ]))
    let flow = try orientations(
      app,
      [
        #""launch""#, #"{"rotateDevice": "landscapeLeft"}"#, #"{"rotateDevice": "portrait"}"#,
        #"{"call": "openPlayer", "on": "HomeViewController"}"#, #"{"rotateDevice": "landscapeRight"}"#,
        #""pop""#,
      ])
    #expect(flow == [.portrait, .portrait, .portrait, .landscapeRight, .landscapeLeft, .portrait])
    #expect(
      try orientations(app, [#""launch""#, #"{"selectTab": 1}"#, #"{"rotateDevice": "landscapeLeft"}"#])
        == [.portrait, .portrait, .portrait])
  }

  @Test func theReportSaysWhereEachFactOfTheFlowsCameFrom() throws {
    let result = try AppImport.load(path: Self.projects.appendingPathComponent("MotionSwiftApp").path)
    let text = result.report.text
    for line in [
      "MotionSwiftApp/AppDelegate.swift:8: orientationLock is the app's state (mask), portrait at launch",
      "MotionSwiftApp/Screens.swift:30: PlayerViewController.allowedOrientations is each instance's own (mask), portrait when it is made",
      "MotionSwiftApp/AppUtility.swift:11: AppUtility.lockOrientation(_:andRotateTo:) is followed where it is called, with the call's arguments",
      "MotionSwiftApp/Screens.swift:9: HomeViewController method playTapped: set orientationLock = allButUpsideDown, present PlayerViewController (fullScreen)",
    ] {
      #expect(text.contains(line), "missing: \(line)")
    }
    // Said once, not once per caller.
    #expect(text.components(separatedBy: "AppUtility.lockOrientation(_:) is followed").count == 2)
    // The delegate's answer replaces Info.plist: no "(the Info.plist list still applies)".
    #expect(!text.contains("still applies"))
  }

  // MARK: - PatternsSwiftApp: one screen per pattern

  @Test func aPlayerThePresenterLetsTurnAndItsLockButton() throws {
    let app = try imported("PatternsSwiftApp")
    // openPlayer sets the new player's own allowsRotation before presenting it full screen; the
    // app delegate allows turning while the controller on top answers canRotate() YES (the player
    // does, the home screen does not). The lock button toggles the button's selected state and
    // turns allowsRotation off (then on); closing while landscape forces portrait and dismisses.
    let flow = try orientations(
      app,
      [
        #""launch""#, #"{"call": "openPlayer", "on": "HomeViewController"}"#,
        #"{"rotateDevice": "landscapeLeft"}"#,
        #"{"call": "lockTapped", "on": "PlayerViewController"}"#, #"{"rotateDevice": "portrait"}"#,
        #"{"call": "lockTapped", "on": "PlayerViewController"}"#, #"{"rotateDevice": "landscapeLeft"}"#,
        #"{"call": "closeTapped", "on": "PlayerViewController"}"#,
      ])
    #expect(
      flow == [
        .portrait, .portrait, .landscapeRight, .landscapeRight, .landscapeRight, .landscapeRight,
        .landscapeRight,
        .portrait,
      ])
  }

  @Test func aNavigationControllerThatLetsOnlyThePhotoTurnAnswersAsThePhotoDoes() throws {
    let app = try imported("PatternsSwiftApp")
    // GalleryNavigationController answers YES and the photo's landscape only while the photo is
    // its top (`if topViewController is PhotoViewController { return topViewController?.… }`),
    // else NO and portrait; a pop decides nothing, and back on the gallery NO refuses the turn.
    let flow = try orientations(
      app,
      [
        #""launch""#, #"{"call": "openGallery", "on": "HomeViewController"}"#,
        #"{"rotateDevice": "landscapeLeft"}"#,
        #"{"rotateDevice": "portrait"}"#, #"{"call": "openPhoto", "on": "GalleryViewController"}"#,
        #"{"rotateDevice": "landscapeLeft"}"#, #""pop""#, #"{"rotateDevice": "portrait"}"#,
      ])
    #expect(
      flow == [
        .portrait, .portrait, .portrait, .portrait, .portrait, .landscapeRight, .landscapeRight,
        .landscapeRight,
      ])
  }

  @Test func aControllerThatMakesItselfItsNavigationControllersDelegateAnswersForIt() throws {
    let app = try imported("PatternsSwiftApp")
    // The map's viewDidLoad sets `navigationController?.delegate = self`, after the presentation
    // has decided (portrait); from then on UIKit's navigation controller, which does not override,
    // asks its delegate: landscape.
    let flow = try orientations(
      app,
      [
        #""launch""#, #"{"call": "openMap", "on": "HomeViewController"}"#,
        #"{"rotateDevice": "landscapeLeft"}"#,
        #"{"rotateDevice": "portrait"}"#,
      ])
    #expect(flow == [.portrait, .portrait, .landscapeRight, .landscapeRight])
    // What the map's refresh button does depends on the system and on what the model cannot know.
    let map = try #require(app.classes.first { $0.name == "MapViewController" })
    #expect(
      map.method(named: "refreshTapped")?.actions.first
        == .when(
          .available(SystemVersion("16.0")!),
          then: [.setNeedsUpdateOfSupportedInterfaceOrientations("MapViewController")],
          else: [.attemptRotationToDeviceOrientation]))
    #expect(app.app.flags.map(\.name) == ["downloaderIsFinished"])
  }
}

@Suite struct PrepareForSegueTests {
  func settings(_ source: String, _ language: SourceLanguage) -> [String] {
    let tokens = SourceLexer(Array(source.utf8), language: language).tokens
    return CodeSegues.settings(tokens, language: language).map {
      "\($0.identifier ?? "*") \($0.destination).\($0.name) = \(CodeStatements.text($0.value))"
    }
  }

  @Test func thePlayerTheSegueShowsIsNotFullScreenAndStaysPortrait() throws {
    let app = try AppInMotionTests().imported("StoryboardSwiftApp")
    // FeedViewController.playWindowedTapped performs "showPlayerWindowed" (full screen), and its
    // prepare(for:sender:) sets the player's isFullScreen to false: the player's mask switches
    // over it (`isFullScreen ? .landscape : .portrait`), so it is presented portrait and refuses
    // the turn. Without prepare's setting the player asks for landscape only, which the app's
    // portrait has nothing in common with: UIKit raises UIApplicationInvalidInterfaceOrientation.
    var scenario = app
    scenario.steps = try [
      #""launch""#, #"{"call": "playWindowedTapped", "on": "FeedViewController"}"#,
      #"{"rotateDevice": "landscapeLeft"}"#,
    ].map { try ScenarioDecoder.event(text: $0, in: scenario) }
    let steps = Simulator.run(scenario)
    #expect(steps.map(\.interfaceOrientation) == [.portrait, .portrait, .portrait])
    #expect(steps.map(\.status) == [.ran, .ran, .ran])
    // The button's segue (seg-00-005) has no identifier and the player keeps its default.
    let player = try #require(app.classes.first { $0.name == "PlayerViewController" })
    #expect(player.properties == [StateVariable(name: "isFullScreen", value: .bool(true))])
    #expect(!app.classes.contains { $0.methods.contains { $0.name.hasPrefix("prepare") } })
    // The storyboard's segue says pageSheet; prepare's `segue.destination.modalPresentationStyle
    // = .fullScreen` wins, as it does in UIKit (the presentation has not begun).
    let feed = try #require(app.classes.first { $0.name == "FeedViewController" })
    var shown = Node(className: "PlayerViewController")
    shown.properties = [StateVariable(name: "isFullScreen", value: .bool(false))]
    #expect(feed.method(named: "playWindowedTapped")?.actions == [.present(shown, style: .fullScreen)])
    // The button's segue (no identifier) gets prepare's unconditional style too: a method named
    // after it runs it as the app does; the segue the code performs by identifier gets none.
    #expect(
      feed.method(named: "showPlayerViewController")?.actions == [
        .present(Node(className: "PlayerViewController"), style: .fullScreen)
      ])
    #expect(feed.method(named: "showPlayerWindowed") == nil)
  }

  @Test func anObjectiveCPrepareWithANavigationControllerInBetween() {
    let source = """
      if ([segue.identifier isEqualToString:@"showVideo"]) {
          UINavigationController *nav = segue.destinationViewController;
          VideoViewController *video = (VideoViewController *)nav.topViewController;
          video.allowsRotation = YES;
      } else {
          OtherViewController *other = segue.destinationViewController;
          other.locked = NO;
      }
      """
    #expect(
      settings(source, .objectiveC) == [
        "showVideo VideoViewController.allowsRotation = YES", "* OtherViewController.locked = NO",
      ])
  }

  @Test func aPrepareNestedDeeperThanCodeIsIsReadToItsDepthWithoutFailing() {
    // Twelve levels of `if` are read; the thirteenth's setting is not (and a thousand levels, as a
    // fuzzer writes them, end the same way instead of exhausting the stack).
    func nested(_ levels: Int) -> String {
      String(repeating: "if ok {\n", count: levels) + "(segue.destination as? PlayerVC)?.mask = .portrait\n"
        + String(repeating: "}\n", count: levels)
    }
    #expect(settings(nested(12), .swift) == ["* PlayerVC.mask = .portrait"])
    #expect(settings(nested(13), .swift) == [])
    #expect(settings(nested(1000), .swift) == [])
  }

  @Test func aSwitchOverTheIdentifierAndAGuard() {
    let source = """
      switch segue.identifier {
      case "landscape":
        let vc = segue.destination as! PlayerVC
        vc.mask = .landscape
      case "portrait":
        (segue.destination as? PlayerVC)?.mask = .portrait
      default:
        break
      }
      guard segue.identifier == "gallery", let gallery = segue.destination as? GalleryVC else { return }
      gallery.canTurn = true
      segue.destination.modalPresentationStyle = .overFullScreen
      """
    #expect(
      settings(source, .swift) == [
        "landscape PlayerVC.mask = .landscape", "portrait PlayerVC.mask = .portrait",
        "gallery GalleryVC.canTurn = true", "gallery .modalPresentationStyle = .overFullScreen",
      ])
  }
}

@Suite struct PerInstanceStateTests {
  @Test func aPropertyEachInstanceKeepsIsNoFlagInAnotherClassesCode() throws {
    // Found by the fuzzer: MapViewController assigns a name that is PlayerViewController's
    // per-instance property (a presenter sets it), and reads it in an answer. The import made a
    // setFlag and a condition on a flag it never declared, and its scenario did not load.
    let source = """
      import UIKit
      class HomeViewController: UIViewController {
        @IBAction func openPlayer(_ sender: UIButton) {
          let player = PlayerViewController()
          player.allowsRotation = true
          present(player, animated: true)
        }
      }
      class PlayerViewController: UIViewController {
        var allowsRotation = false
        override var shouldAutorotate: Bool { allowsRotation }
      }
      class MapViewController: UIViewController {
        override var shouldAutorotate: Bool { allowsRotation }
        @IBAction func lockTapped(_ sender: UIButton) {
          allowsRotation = false
        }
      }
      """
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "per-instance-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("App.swift")
    try Data(source.utf8).write(to: file)
    let scenario = try AppImport.load(path: file.path).scenario
    // Map's answer reads the name, which Map does not keep: there the app's flag answers, so it
    // is declared (NO at launch). Map's tap, which the readers find nothing in, is kept as the
    // app's code, run when the tap's method is called (CodeActionTests runs such assignments).
    #expect(scenario.app.flags == [Flag(name: "allowsRotation", value: false)])
    let map = try #require(scenario.classes.first { $0.name == "MapViewController" })
    guard case .code(let body)? = map.method(named: "lockTapped")?.actions.first else {
      Issue.record("lockTapped is not kept as code")
      return
    }
    #expect(body.source.contains("allowsRotation = false") && body.parameters == ["sender"])
    let player = try #require(scenario.classes.first { $0.name == "PlayerViewController" })
    #expect(player.properties == [StateVariable(name: "allowsRotation", value: .bool(false))])
  }
}
