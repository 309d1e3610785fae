import Foundation
import RotationCore
import RotationImport
import Testing

/// Issue #30: the cross-platform fixture apps (Fixtures/CrossPlatform, written for these tests,
/// each with the ModernApp Xcode project copied into its `ios/`), imported from their Dart or
/// JavaScript, then run through the user flows written down from their code and the plugins'
/// native source (docs/rules.md#plugins), on iOS 15 and on iOS 17.
@Suite struct CrossPlatformFlowTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  /// The fixture app `name` imported as `rotation-lab import` does, through a saved file.
  func imported(_ name: String, adding extra: [String: String] = [:], project: String = "ios") throws -> (
    scenario: Scenario, report: String
  ) {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
    // The scratch copy goes when the import is read: a test leaves nothing behind in /tmp.
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.copyItem(
      at: Self.fixtures.appendingPathComponent("CrossPlatform/\(name)"), to: root)
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent(project), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: Self.fixtures.appendingPathComponent("ModernApp/ModernApp.xcodeproj"),
      to: root.appendingPathComponent(project + "/ModernApp.xcodeproj"))
    for (path, text) in extra { try Data(text.utf8).write(to: root.appendingPathComponent(path)) }
    let result = try AppImport.load(path: root.path)
    return (try ScenarioDecoder.decode(text: ScenarioEncoder.text(result.scenario)), result.report.text)
  }

  /// The scenario an import hands the window is the one its file loads as: the framework's mask
  /// state is there without a save (the window once ran the toggle's portrait against a mask of
  /// every orientation, as the engine's `_orientationPreferences` was only injected on loading).
  @Test func theImportedScenarioIsTheOneItsFileLoadsAs() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("direct-\(UUID().uuidString)")
    try FileManager.default.copyItem(
      at: Self.fixtures.appendingPathComponent("CrossPlatform/FlutterPlayer"), to: root)
    try FileManager.default.copyItem(
      at: Self.fixtures.appendingPathComponent("ModernApp/ModernApp.xcodeproj"),
      to: root.appendingPathComponent("ios/ModernApp.xcodeproj"))
    var direct = try AppImport.load(path: root.path).scenario
    #expect(direct == (try ScenarioDecoder.decode(text: ScenarioEncoder.text(direct))))
    direct.steps = [
      .launch, call("_MoviePageState.toggleFullScreen"), call("_MoviePageState.toggleFullScreen"),
    ]
    let answer = Simulator.run(direct)[2].calls.last {
      $0.signature == "-[FlutterViewController supportedInterfaceOrientations]"
    }
    #expect(answer?.answer == "portrait")
  }

  /// The interface after each step of `steps` (after the launch) on iOS `version`.
  func flow(_ app: Scenario, _ version: String, _ steps: [Action]) -> [InterfaceOrientation] {
    var scenario = app
    scenario.system.version = SystemVersion(version)!
    scenario.steps = [.launch] + steps
    let run = Simulator.run(scenario)
    for step in run { #expect(step.status == .ran, "\(step.event.label): \(step.reason.text)") }
    return run.dropFirst().map(\.interfaceOrientation)
  }

  func call(_ name: String) -> Action { .call(name, on: nil) }

  /// Flutter 3.22: the player page locks landscape in initState through a service with a constant
  /// list, restores portrait in dispose; a double tap passes a literal list through a parameter.
  /// iOS 15: the engine attempts rotation and writes the first allowed orientation (landscapeLeft)
  /// through KVC; iOS 17: it requests the mask's geometry, then refreshes.
  @Test func aFlutterPlayerTurnsWhereTheAppDoes() throws {
    let (app, report) = try imported("FlutterPlayer")
    #expect(app.window.className == "FlutterViewController")
    #expect(app.classes.first { $0.name == "FlutterViewController" }?.origin == PluginCatalog.engineOrigin)
    let names = Set(app.app.methods.map(\.name))
    #expect(
      names.isSuperset(of: [
        "main", "OrientationService.landscape", "OrientationService.portrait", "OrientationService.only",
        "_PlayerPageState.initState", "_PlayerPageState.dispose", "_PlayerPageState.build.onDoubleTap",
        "_GalleryPageState.openViewer",
      ]))
    #expect(!names.contains("_GalleryPageState.closeViewer"))  // a look-alike only
    #expect(
      app.app.methods.first { $0.name == "OrientationService.only" }?.actions == [
        .plugin(
          PluginCall(
            plugin: "flutter", call: "SystemChrome.setPreferredOrientations",
            args: [.object([("arg", .number(0))])]))
      ])
    for version in ["15.0", "17.0"] {
      let played = flow(
        app, version, [call("main"), call("_PlayerPageState.initState"), call("_PlayerPageState.dispose")])
      #expect(played[0] == .portrait)
      #expect(version == "15.0" ? played[1] == .landscapeLeft : played[1].isLandscape)
      #expect(played[2] == .portrait)
      // Held as shown, unlocked by the double tap, then turned upright: the page follows the hand.
      let tapped = flow(
        app, version,
        [
          call("main"), call("_PlayerPageState.initState"), .rotateDevice(.landscapeRight),
          call("_PlayerPageState.build.onDoubleTap"), .rotateDevice(.portrait),
          call("_PlayerPageState.dispose"),
        ])
      #expect(tapped == [.portrait, tapped[1], .landscapeLeft, .landscapeLeft, .portrait, .portrait])
      // The viewer asks for landscapeRight, then both sides: it stays on the right.
      #expect(
        flow(app, version, [call("main"), call("_GalleryPageState.openViewer")]) == [
          .portrait, .landscapeRight,
        ])
    }
    #expect(
      report.contains("lib/pages/gallery_page.dart:22: DeviceOrientation.portraitUp alone does nothing"))
    #expect(
      report.contains(
        "lib/pages/player_page.dart:22: SystemChrome.setPreferredOrientations() is commented out"))
    #expect(
      report.contains(
        "lib/pages/gallery_page.dart:17: SystemChrome.setPreferredOrientations() is not awaited"))
    // A call inside a string is no call.
    #expect(!report.contains("gallery_page.dart:14"))
  }

  /// auto_orientation (2.2.1 in the lockfile, then 2.3.1): the full-screen button turns the
  /// phone the way the layout's orientation says — `final isPortrait = orientation ==
  /// Orientation.portrait` in an OrientationBuilder, or MediaQuery's orientation — so the second
  /// tap turns back only where the first one turned. 2.2.1 writes UIDevice, then attempts: iOS 15
  /// turns, iOS 17 logs the write and stays portrait, and each tap asks for landscape again. 2.3.1 asks
  /// the scene on iOS 17 and turns there too.
  @Test func anAutoOrientationButtonTurnsWhereTheLayoutSays() throws {
    let (app, report) = try imported("AutoOrientationPlayer")
    #expect(app.window.className == "FlutterViewController")
    #expect(app.app.plugins == [PluginUse(name: "auto_orientation", version: PackageVersion("2.2.1")!)])
    #expect(report.contains("orientation plugin auto_orientation 2.2.1"))
    #expect(!report.contains("which the manifest does not declare"))
    let tap = call("_VideoPageState.build.builder.onPressed")
    let layout = Condition.interface([.portrait, .portraitUpsideDown])
    #expect(
      app.app.methods.first { $0.name == "_VideoPageState.build.builder.onPressed" }?.actions == [
        .when(
          layout,
          then: [.plugin(PluginCall(plugin: "auto_orientation", call: "AutoOrientation.landscapeRightMode"))],
          else: [.plugin(PluginCall(plugin: "auto_orientation", call: "AutoOrientation.portraitUpMode"))])
      ])
    #expect(app.app.flags.isEmpty)
    #expect(
      report.contains(
        "lib/video_page.dart:30: this if tests the layout's orientation: its first branch runs while the interface is portrait or portraitUpsideDown"
      ))
    // `!= Orientation.landscape`: the first branch runs while the interface is not landscape.
    #expect(
      report.contains(
        "lib/video_page.dart:48: this if tests the layout's orientation: its first branch runs while the interface is portrait or portraitUpsideDown"
      ))
    #expect(flow(app, "15.0", [tap, tap, tap]) == [.landscapeRight, .portrait, .landscapeRight])
    #expect(flow(app, "17.0", [tap, tap]) == [.portrait, .portrait])
    // MediaQuery's `!= Orientation.landscape`: the same test, negated.
    let toggle = call("TrailerPage.toggle")
    #expect(flow(app, "15.0", [toggle, toggle]) == [.landscapeLeft, .portrait])
    #expect(flow(app, "15.0", [tap, call("_VideoPageState.dispose")]) == [.landscapeRight, .portrait])
    var upgraded = app
    upgraded.app.plugins = [PluginUse(name: "auto_orientation", version: PackageVersion("2.3.1")!)]
    #expect(flow(upgraded, "17.0", [tap, tap]) == [.landscapeRight, .portrait])
  }

  /// React Native's own `<Modal>`, with no orientation plugin: a hook's value
  /// (`useState<boolean>`) shows a landscape-only Modal imported as `NativeModal`
  /// (RCTModalHostViewController presented full screen, answering both landscapes), a button flips
  /// it; a class component's nested `setState`, with a callback after it, shows one that lists no
  /// orientations (portrait, React Native's default on an iPhone). react-native-paper's `Modal` is
  /// not React Native's; a Modal shown by a prop, and another component's state of the same name,
  /// show nothing here; a computed list is reported. iOS 15 and 17 alike: the presentation turns
  /// the app, the dismissal turns it back.
  @Test func aReactNativeModalTurnsWhereTheAppDoes() throws {
    let (app, report) = try imported("ModalPlayer")
    let modal = try #require(app.classes.first { $0.name == "RCTModalHostViewController" })
    #expect(modal.supportedInterfaceOrientations == .value(.read("_rctModalSupportedOrientations")))
    #expect(app.app.flags.map(\.name).sorted() == ["fullScreen", "shown"])
    #expect(app.app.flags.allSatisfy { !$0.value })
    let names = Set(app.app.methods.map(\.name))
    #expect(!names.contains("TrailerScreen.onPress2"))  // react-native-paper's Modal
    #expect(!names.contains("Tooltip.grow"))  // its own state, shown by no Modal of React Native's
    #expect(!names.contains("GalleryScreen.fitToImage"))  // an image's size is not the window's
    for version in ["15.0", "17.0"] {
      let played = flow(
        app, version,
        [call("TrailerScreen.open"), call("TrailerScreen.open"), call("TrailerScreen.onPress3")])
      #expect(played[0].isLandscape)
      #expect(played[1] == played[0])  // already shown: React Native presents nothing again
      #expect(played[2] == .portrait)
      #expect(
        flow(app, version, [call("TrailerScreen.open"), call("TrailerScreen.onRequestClose")]).last
          == .portrait)
      let flipped = flow(app, version, [call("TrailerScreen.onPress"), call("TrailerScreen.onPress")])
      #expect(flipped[0].isLandscape && flipped[1] == .portrait)
      // Held sideways, the viewer (no list: portrait) turns the app upright while it shows.
      let viewer = flow(
        app, version,
        [.rotateDevice(.landscapeLeft), call("GalleryScreen.showViewer"), call("GalleryScreen.hideViewer")])
      #expect(viewer == [.landscapeRight, .portrait, .landscapeRight])
    }
    #expect(
      report.contains(
        "src/screens/TrailerScreen.tsx:22: a React Native Modal shown by fullScreen: RCTModalHostViewController is presented (fullScreen) answering landscape"
      ))
    #expect(report.contains("src/screens/GalleryScreen.js:34: a React Native Modal shown by shown"))
    #expect(report.contains("(overFullScreen) answering portrait"))
    #expect(
      report.contains(
        "src/screens/GalleryScreen.js:37: a React Native Modal with supportedOrientations a value the import cannot read"
      ))
    #expect(
      report.contains(
        "src/components/Tooltip.js:11: a React Native Modal shown by open, answering allButUpsideDown: no function read sets open"
      ))
  }

  /// react-native-orientation-locker 1.7.0 with the app delegate's hook: a class component, a
  /// JSX callback, a service object and an effect with its cleanup. lockToLandscapeLeft names the
  /// device's side: the interface turns to landscapeRight.
  @Test func aReactNativePlayerTurnsWhereTheAppDoes() throws {
    let (app, report) = try imported("LockerPlayer")
    #expect(app.app.supportedInterfaceOrientationsForWindow == .read("_orientationMask"))
    for version in ["15.0", "17.0"] {
      let played = flow(
        app, version,
        [
          call("HomeScreen.componentDidMount"), call("HomeScreen.render.onPress"),
          call("VideoScreen.useEffect"),
          call("VideoScreen.useEffect.cleanup"),
        ])
      #expect(played[0] == .portrait)
      #expect(played[1].isLandscape)
      #expect(played[2] == .landscapeRight)
      #expect(played[3] == .portrait)
      #expect(
        flow(app, version, [call("PlayerService.landscape"), call("PlayerService.portrait")])[1] == .portrait)
    }
    #expect(report.contains("src/screens/HomeScreen.js:18: Orientation.lockToLandscape is named, not called"))
    #expect(
      report.contains("src/screens/HomeScreen.js:17: Orientation.unlockAllOrientations() is commented out"))
    #expect(!report.contains("VideoScreen calls"))  // the component does not call its effect itself
  }

  /// expo-screen-orientation 6.4.1: the root is Expo's ScreenOrientationViewController; a focus
  /// effect through a top-level function, named imports with an alias. Before iOS 16 the registry
  /// writes the mask's first orientation through KVC (landscapeLeft); from 16 it requests, then
  /// refreshes.
  @Test func anExpoPlayerTurnsWhereTheAppDoes() throws {
    let (app, report) = try imported("ExpoPlayer")
    #expect(app.window.className == "ScreenOrientationViewController")
    // SDK 49's ExpoAppDelegate forwards the window question to the plugin's subscriber.
    #expect(app.app.supportedInterfaceOrientationsForWindow == .read("_screenOrientationMask"))
    #expect(report.contains("ExpoAppDelegate answers application:supportedInterfaceOrientationsForWindow:"))
    for version in ["15.0", "17.0"] {
      let played = flow(
        app, version, [call("PlayerScreen.useFocusEffect"), call("PlayerScreen.useFocusEffect.cleanup")])
      #expect(version == "15.0" ? played[0] == .landscapeLeft : played[0].isLandscape)
      #expect(played[1] == .portrait)
    }
    #expect(flow(app, "15.0", [call("Preview.peekLandscape")]) == [.landscapeLeft])
    #expect(report.contains("app/preview.tsx:6: lockAsync() is not awaited and unlockAsync() follows it"))
  }

  /// `EXDefaultScreenOrientationMask` (written by Expo's config plugin from `initialOrientation`)
  /// is what Expo's root controller answers until a lock: the app launches in landscape with the
  /// phone upright, and a lock to portrait still turns it.
  @Test func exposDefaultMaskInTheInfoPlistIsTheMaskAtLaunch() throws {
    let plist = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0"><dict>
        <key>EXDefaultScreenOrientationMask</key><string>UIInterfaceOrientationMaskLandscape</string>
        <key>UISupportedInterfaceOrientations</key>
        <array><string>UIInterfaceOrientationPortrait</string><string>UIInterfaceOrientationLandscapeLeft</string>
        <string>UIInterfaceOrientationLandscapeRight</string></array>
      </dict></plist>
      """
    let (app, report) = try imported("ExpoPlayer", adding: ["ios/ExpoPlayer/Info.plist": plist])
    #expect(report.contains("EXDefaultScreenOrientationMask UIInterfaceOrientationMaskLandscape"))
    for version in ["15.0", "17.0"] {
      var launched = app
      launched.system.version = SystemVersion(version)!
      #expect(Simulator.run(launched)[0].interfaceOrientation.isLandscape)
      #expect(flow(app, version, [call("PlayerScreen.useFocusEffect.cleanup")]) == [.portrait])
    }
    let (plain, _) = try imported("ExpoPlayer")
    #expect(Simulator.run(plain)[0].interfaceOrientation == .portrait)
  }

  /// @capacitor/screen-orientation 5.0.6 (its 'landscape' is interface landscapeLeft): the page
  /// locks on enter and unlocks on leave. On iOS 15 unlock only attempts rotation and the device
  /// still reads the KVC's landscape: the app stays sideways (capacitor-plugins#13); on iOS 17 the
  /// refresh and the request for all orientations bring the upright phone's portrait back. The
  /// built bundle in www/ is not read: the source is in src/.
  @Test func aCapacitorPlayerTurnsWhereTheAppDoes() throws {
    let (app, report) = try imported("CapacitorPlayer")
    #expect(app.window.className == "CAPBridgeViewController")
    let enterLeave = [call("PlayerPage.ionViewWillEnter"), call("PlayerPage.ionViewWillLeave")]
    #expect(flow(app, "15.0", enterLeave) == [.landscapeLeft, .landscapeLeft])
    #expect(flow(app, "17.0", enterLeave) == [.landscapeLeft, .portrait])
    #expect(!report.contains("www/"))
    #expect(
      Set(app.app.methods.map(\.name)) == ["PlayerPage.ionViewWillEnter", "PlayerPage.ionViewWillLeave"])
  }

  /// Branches (issue #30's corpus: a full-screen toggle that set both orientations in a row):
  /// the Bool the toggle flips in `setState` picks the branch; `DeviceOrientation.values` is every
  /// orientation; a catch block, an Android-only branch, an unknown orientation package and a
  /// second class of the same name are reported, not run.
  @Test func aFlutterToggleTakesOneBranchAndWhatCannotRunIsSaid() throws {
    let (app, report) = try imported("FlutterPlayer")
    #expect(app.app.flags.first { $0.name == "_isFullScreen" }?.value == false)
    for version in ["15.0", "17.0"] {
      let toggled = flow(
        app, version,
        [call("main"), call("_MoviePageState.toggleFullScreen"), call("_MoviePageState.toggleFullScreen")])
      #expect(toggled == [.portrait, .landscapeRight, .portrait])
    }
    let all: [JSONValue] = ["portraitUp", "landscapeLeft", "portraitDown", "landscapeRight"].map(
      JSONValue.string)
    #expect(
      app.app.methods.first { $0.name == "_MoviePageState.release" }?.actions == [
        .plugin(
          PluginCall(plugin: "flutter", call: "SystemChrome.setPreferredOrientations", args: [.array(all)]))
      ])
    #expect(
      report.contains(
        "lib/pages/movie_page.dart:26: SystemChrome.setPreferredOrientations() is in a catch block"))
    // The `orientation` package's call posts the engine's own notification: run as SystemChrome's.
    #expect(
      app.app.methods.first { $0.name == "_TrailerPageState.enter" }?.actions == [
        .plugin(
          PluginCall(
            plugin: "flutter", call: "SystemChrome.setPreferredOrientations",
            args: [.array([.string("landscapeLeft")])]))
      ])
    #expect(
      report.contains("OrientationPlugin.forceOrientation() is not a function of flutter the model knows"))
    #expect(!report.contains("imports orientation,"))
    // auto_orientation is modelled, but this app's lockfile does not list it.
    #expect(report.contains("imports auto_orientation, which the manifest does not declare"))
    // The toggle's two branches never run one after the other: no un-awaited report between them.
    #expect(!report.contains("lib/pages/movie_page.dart:16:"))
    #expect(
      report.contains(
        "lib/widgets/legacy_player_page.dart:6: _PlayerPageState.initState is also the name of a function in lib/pages/player_page.dart"
      ))
  }

  /// A Flow-typed class component: the parameter an `if … else if … else` compares picks the
  /// lock; `onShow: () => void;` is a type, not a function; an Android-only branch runs nothing on
  /// iOS; a component made by `React.memo` names its functions; a local module is no package.
  @Test func reactNativeBranchesOnArgumentsAndFlowTypesAreRead() throws {
    let (app, report) = try imported("LockerPlayer")
    let names = Set(app.app.methods.map(\.name))
    #expect(names.isSuperset(of: ["ChartScreen.setFullScreen", "ChartScreen.onShow", "Wrapped.rotate"]))
    #expect(!names.contains("ChartScreen.onShow2") && !names.contains("ChartScreen.Function"))
    #expect(app.app.methods.first { $0.name == "ChartScreen.onShow" }?.actions == [])
    for version in ["15.0", "17.0"] {
      func full(_ mode: String) -> Action {
        .call("ChartScreen.setFullScreen", on: nil, args: [.string(mode)])
      }
      #expect(flow(app, version, [full("landscape"), full("portrait")]) == [.landscapeLeft, .portrait])
      let rotate = { (wide: Bool) in Action.call("Wrapped.rotate", on: nil, args: [.bool(wide)]) }
      #expect(flow(app, version, [rotate(true), rotate(false)]) == [.landscapeRight, .portrait])
    }
    #expect(!report.contains("@/lib/orientationAnalytics"))
    #expect(
      report.contains(
        "src/screens/ChartScreen.js:31: a React Native Modal answering landscapeRight: when it shows is not read (its visible value is not a state the code sets)"
      ))
  }

  /// An Ionic app on Capacitor with cordova-plugin-screen-orientation through the
  /// @awesome-cordova-plugins wrapper, its Xcode project in ios/App (the manifests two folders up):
  /// the injected plugin is read, `platform.is('hybrid')` holds on an iPhone, and the plugin's mask
  /// is the bridge controller's. 3.0.2 has no iOS 16 code: on iOS 17 its KVC does nothing; on
  /// iOS 15 unlock writes the orientation kept at the lock back (portrait) and attempts.
  @Test func anIonicCordovaVideoPageTurnsWhereTheAppDoes() throws {
    let (app, _) = try imported("IonicCordova", project: "ios/App")
    #expect(app.window.className == "CAPBridgeViewController")
    #expect(app.app.plugins.map(\.name) == ["cordova-plugin-screen-orientation"])
    let enterLeave = [call("VideoPage.ionViewDidEnter"), call("VideoPage.ionViewDidLeave")]
    #expect(flow(app, "15.0", enterLeave) == [.landscapeLeft, .portrait])
    #expect(flow(app, "17.0", enterLeave) == [.portrait, .portrait])
  }
}
