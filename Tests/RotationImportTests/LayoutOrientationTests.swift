import RotationCore
import Testing

@testable import RotationImport

/// Issue #30: Flutter's layout orientation in a Dart `if` (`orientation == Orientation.portrait`,
/// a local set from it), and the auto_orientation package read from `pubspec.lock`.
@Suite struct LayoutOrientationTests {
  /// `source` read as a Flutter app's `lib/page.dart` with auto_orientation 2.2.1: its methods.
  func methods(_ source: String) -> [String: [Action]] {
    var scenario = Scenario(
      title: "t", system: SystemConfig(version: SystemVersion("17.0")!, idiom: .phone, homeButton: false),
      device: DeviceConfig(orientation: .portrait, orientationLock: false), app: AppConfig(), classes: [],
      window: Node(className: "FlutterViewController"), steps: [.launch])
    scenario.app.framework = Framework(name: .flutter, version: PackageVersion("3.22.0")!)
    scenario.app.plugins = [PluginUse(name: "auto_orientation", version: PackageVersion("2.2.1")!)]
    var report = ImportReport()
    let file = "import 'package:auto_orientation/auto_orientation.dart';\n" + source
    ScriptImport.read([("lib/page.dart", Array(file.utf8))], into: &scenario, report: &report)
    return Dictionary(uniqueKeysWithValues: scenario.app.methods.map { ($0.name, $0.actions) })
  }

  func mode(_ name: String) -> Action {
    .plugin(PluginCall(plugin: "auto_orientation", call: "AutoOrientation." + name))
  }

  let portrait = Condition.interface([.portrait, .portraitUpsideDown])

  /// A parameter of the same name as a layout local elsewhere is the caller's argument; a
  /// parameter compared with `Orientation.landscape` in a named method too; in the builder the
  /// orientation it is given is the layout's; `isPortrait == false` is the local, negated.
  @Test func parametersStayArgumentsAndLocalsKeepTheirScope() {
    let read = methods(
      """
      class Page {
        Widget build(BuildContext context) => OrientationBuilder(builder: (context, orientation) {
          final isPortrait = orientation == Orientation.portrait;
          if (orientation == Orientation.landscape) { AutoOrientation.portraitUpMode(); }
          return IconButton(onPressed: () {
            if (isPortrait == false) { AutoOrientation.portraitUpMode(); }
          });
        });
        void setFull(bool isPortrait) {
          if (isPortrait) { AutoOrientation.landscapeRightMode(); }
        }
        void lockTo(Orientation orientation) {
          if (orientation == Orientation.landscape) { AutoOrientation.landscapeAutoMode(forceSensor: true); }
        }
        void elsewhere() {
          if (isPortrait) { AutoOrientation.portraitDownMode(); }
        }
      }
      """)
    #expect(
      read["Page.build.builder"] == [
        .when(.interface([.landscapeLeft, .landscapeRight]), then: [mode("portraitUpMode")], else: [])
      ])
    #expect(
      read["Page.build.builder.onPressed"] == [
        .when(.not(portrait), then: [mode("portraitUpMode")], else: [])
      ])
    #expect(
      read["Page.setFull"] == [.when(.argument(0, .bool(true)), then: [mode("landscapeRightMode")], else: [])]
    )
    // `forceSensor:` is Android's: the call is modelled without it.
    #expect(
      read["Page.lockTo"] == [
        .when(.argument(0, .string("landscape")), then: [mode("landscapeAutoMode")], else: [])
      ])
    // Outside the builder the local is not known: a field of that name, an app flag.
    #expect(
      read["Page.elsewhere"] == [.when(.flag("isPortrait"), then: [mode("portraitDownMode")], else: [])])
  }

  /// A local assigned again is no longer the layout's test: what it holds then is not read.
  @Test func aReassignedLocalIsNoLongerTheLayout() {
    let read = methods(
      """
      void toggle(Orientation orientation) {
        var wide = MediaQuery.of(context).orientation == Orientation.landscape;
        wide = _forced;
        if (wide) { AutoOrientation.portraitUpMode(); }
      }
      """)
    #expect(read["toggle"] == [.when(.flag("wide"), then: [mode("portraitUpMode")], else: [])])
  }

  /// The window's shape: `width > height` from React Native's `useWindowDimensions()` (kept in a
  /// local) and Flutter's `MediaQuery.of(context).size`, either way round.
  @Test func theWindowsShapeIsTheLayoutsOrientation() {
    let landscape = Condition.interface([.landscapeLeft, .landscapeRight])
    var scenario = Scenario(
      title: "t", system: SystemConfig(version: SystemVersion("17.0")!, idiom: .phone, homeButton: false),
      device: DeviceConfig(orientation: .portrait, orientationLock: false), app: AppConfig(), classes: [],
      window: Node(className: "UIViewController"), steps: [.launch])
    scenario.app.framework = Framework(name: .reactNative, version: PackageVersion("0.74.5")!)
    scenario.app.plugins = [
      PluginUse(name: "react-native-orientation-locker", version: PackageVersion("1.7.0")!)
    ]
    var report = ImportReport()
    let js = """
      import Orientation from 'react-native-orientation-locker';
      export default function Player() {
        const { width, height } = useWindowDimensions();
        const isLandscape = width > height;
        const toggle = () => {
          if (isLandscape) { Orientation.lockToPortrait(); } else { Orientation.lockToLandscapeLeft(); }
        };
        const tall = () => {
          if (height >= width) { Orientation.lockToLandscapeRight(); }
        };
        const fit = (uri) => Image.getSize(uri, (width, height) => {
          if (width > height) { Orientation.lockToLandscapeLeft(); }
        });
      }
      """
    ScriptImport.read([("src/Player.js", Array(js.utf8))], into: &scenario, report: &report)
    let read = Dictionary(uniqueKeysWithValues: scenario.app.methods.map { ($0.name, $0.actions) })
    func lock(_ name: String) -> Action {
      .plugin(PluginCall(plugin: "react-native-orientation-locker", call: name))
    }
    #expect(
      read["Player.toggle"] == [
        .when(landscape, then: [lock("lockToPortrait")], else: [lock("lockToLandscapeLeft")])
      ])
    #expect(read["Player.tall"] == [.when(portrait, then: [lock("lockToLandscapeRight")], else: [])])
    // The image's own width and height (the callback's parameters): not the window's, not read.
    #expect(report.text.contains("the condition width > height is not read"))
    let dart = methods(
      """
      class Page {
        void toggle(BuildContext context) {
          if (MediaQuery.of(context).size.width > MediaQuery.of(context).size.height) {
            AutoOrientation.portraitUpMode();
          }
        }
      }
      """)
    #expect(dart["Page.toggle"] == [.when(landscape, then: [mode("portraitUpMode")], else: [])])
  }

  /// `pubspec.lock` with Windows line endings and a git dependency's `description:` block: the
  /// versions under `packages:`, and the Flutter SDK's lower bound.
  @Test func pubspecLockIsReadWithEitherLineEnding() {
    let lock = """
      packages:
        auto_orientation:
          dependency: "direct main"
          description:
            path: "."
            ref: HEAD
            resolved-ref: d2b65a6
            url: "https://github.com/bytepark/auto_orientation.git"
          source: git
          version: "2.2.1"
        flutter:
          dependency: "direct main"
          description: flutter
          source: sdk
          version: "0.0.0"
      sdks:
        dart: ">=3.3.0 <4.0.0"
        flutter: ">=3.22.0"

      """.replacingOccurrences(of: "\n", with: "\r\n")
    #expect(FrameworkImport.pubVersions(lock) == ["auto_orientation": "2.2.1", "flutter": "0.0.0"])
    #expect(FrameworkImport.flutterVersion(lock) == PackageVersion("3.22.0"))
  }
}
