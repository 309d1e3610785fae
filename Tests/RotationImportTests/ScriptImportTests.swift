import RotationCore
import Testing

@testable import RotationImport

/// What the Dart and JavaScript reader reports instead of modelling (issue #30), file by file.
@Suite struct ScriptImportTests {
  /// `files` read into a React Native app with react-native-orientation-locker 1.7.0 and
  /// expo-screen-orientation 6.4.1, or a Flutter app: the methods and the report.
  func read(_ files: [String: String], flutter: Bool = false) -> (methods: [Method], report: String) {
    var scenario = Scenario(
      title: "t", system: SystemConfig(version: SystemVersion("17.0")!, idiom: .phone, homeButton: false),
      device: DeviceConfig(orientation: .portrait, orientationLock: false), app: AppConfig(), classes: [],
      window: Node(className: "UIViewController"), steps: [.launch])
    if flutter {
      scenario.app.framework = Framework(name: .flutter, version: PackageVersion("3.22.0")!)
    } else {
      scenario.app.plugins = [
        PluginUse(name: "react-native-orientation-locker", version: PackageVersion("1.7.0")!),
        PluginUse(name: "expo-screen-orientation", version: PackageVersion("6.4.1")!),
      ]
    }
    var report = ImportReport()
    ScriptImport.read(
      files.sorted { $0.key < $1.key }.map { ($0.key, Array($0.value.utf8)) }, into: &scenario,
      report: &report)
    return (scenario.app.methods, report.text)
  }

  @Test func nearNamesLooseArgumentsAndTopLevelCallsAreReportedNotModelled() {
    let (methods, report) = read([
      "src/a.js": """
      import Orientation from 'react-native-orientation-locker';
      import * as ScreenOrientation from 'expo-screen-orientation';
      import RNOrientation from 'react-native-orientation';
      Orientation.lockToPortrait();
      export function go(mode) {
        Orientation.lockToLandscapes();
        ScreenOrientation.lockAsync(mode === 'wide' ? 5 : 3);
        RNOrientation.lockToLandscape();
      }
      """
    ])
    #expect(methods.isEmpty)
    #expect(
      report.contains("src/a.js:4: Orientation.lockToPortrait() runs when the file loads, in no function"))
    #expect(
      report.contains(
        "src/a.js:6: Orientation.lockToLandscapes() is not a function of react-native-orientation-locker"))
    #expect(
      report.contains(
        "src/a.js:7: ScreenOrientation.lockAsync(): its argument mode === 'wide' ? 5 : 3 is not a literal"))
    #expect(
      report.contains(
        "src/a.js: imports react-native-orientation, an orientation package the model does not know"))
  }

  /// A parameter passed on two levels reaches the plugin; `this.` resolves inside the class, a
  /// method called on an object resolves to the one class that has it.
  @Test func argumentsFlowThroughFunctionsAndMembersResolve() {
    let (methods, _) = read(
      [
        "lib/a.dart": """
        class Rotator {
          Future<void> to(List<DeviceOrientation> o) => SystemChrome.setPreferredOrientations(o);
          void wide() { this.only([DeviceOrientation.landscapeLeft]); }
          void only(List<DeviceOrientation> these) { to(these); }
        }
        class _PageState extends State<Page> {
          final rotator = Rotator();
          void initState() { rotator.wide(); }
        }
        """
      ], flutter: true)
    let byName = Dictionary(uniqueKeysWithValues: methods.map { ($0.name, $0.actions) })
    #expect(
      byName["Rotator.wide"] == [.call("Rotator.only", on: nil, args: [.array([.string("landscapeLeft")])])])
    #expect(byName["Rotator.only"] == [.call("Rotator.to", on: nil, args: [.object([("arg", .number(0))])])])
    #expect(byName["_PageState.initState"] == [.call("Rotator.wide", on: nil)])
    #expect(
      byName["Rotator.to"] == [
        .plugin(
          PluginCall(
            plugin: "flutter", call: "SystemChrome.setPreferredOrientations",
            args: [.object([("arg", .number(0))])]))
      ])
    // Run: the literal passes through both functions to the engine.
    var scenario = Scenario(
      title: "t", system: SystemConfig(version: SystemVersion("17.0")!, idiom: .phone, homeButton: false),
      device: DeviceConfig(orientation: .portrait, orientationLock: false), app: AppConfig(), classes: [],
      window: Node(className: "FlutterViewController"),
      steps: [.launch, .call("_PageState.initState", on: nil)])
    scenario.app.framework = Framework(name: .flutter, version: PackageVersion("3.22.0")!)
    scenario.app.methods = methods
    let loaded = try? ScenarioDecoder.decode(text: ScenarioEncoder.text(scenario))
    #expect(loaded.map { Simulator.run($0)[1].interfaceOrientation } == .landscapeLeft)
  }

  /// A colon with no return type after a parameter list (`function f(): {`, `(a): => 1`) is read
  /// without a crash (a range past its end was formed).
  @Test func aColonWithoutAReturnTypeIsRead() {
    let (methods, _) = read(["src/a.ts": "function f(): {\n}\nconst g = (a): => 1;\n"])
    #expect(methods.isEmpty)
    #expect(read(["src/b.js": "{ Orientation.lockToPortrait() }"]).methods.isEmpty)
  }
}
