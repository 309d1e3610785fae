import FoundationEssentials

#if canImport(RotationCore)
  import RotationCore
#endif

/// What an Expo app's native side does without a line of the app's own: its root controller, the
/// app delegate's forwarding, and the mask at launch (docs/rules.md#plugins).
extension FrameworkImport {
  /// Expo's `EXDefaultScreenOrientationMask` (the Info.plist string its config plugin writes from
  /// `initialOrientation`): the mask Expo's root controller answers until a lock, so the app's
  /// mask at launch (docs/rules.md#plugins).
  static func expoDefaultMask(
    _ plists: [SourceFolder.Found], into scenario: inout Scenario, report: inout ImportReport
  ) {
    struct Keys: Decodable { var EXDefaultScreenOrientationMask: String? }
    let expo = PluginCatalog.expoScreenOrientation
    guard scenario.app.plugins.contains(where: { $0.name == expo.name }) else { return }
    for plist in plists where !PathName.last(plist.path).hasPrefix("GoogleService") {
      guard let bytes = try? SourceFolder.read(plist.path, shown: plist.shown, kind: "Info.plist"),
        let keys = try? PropertyListDecoder().decode(Keys.self, from: Data(bytes)),
        let written = keys.EXDefaultScreenOrientationMask
      else { continue }
      let file = plist.shown
      guard let mask = CodeLiterals.mask(SourceLexer(Array(written.utf8), language: .objectiveC).tokens)
      else {
        report.assumptions.append(
          .init(
            file: file, line: nil,
            text: tr("EXDefaultScreenOrientationMask %s is not a mask name: not read", written)))
        return
      }
      scenario.app.state.removeAll { $0.name == PluginCatalog.expoMaskState }
      scenario.app.state.append(StateVariable(name: PluginCatalog.expoMaskState, value: .mask(mask)))
      if let index = scenario.app.plugins.firstIndex(where: { $0.name == expo.name }) {
        scenario.app.plugins[index].defaultMask = mask
      }
      report.facts.append(
        .init(
          file: file, line: nil,
          text: tr(
            "EXDefaultScreenOrientationMask %s: Expo's root controller answers %s until a lock", written,
            mask.name)))
      return
    }
  }

  /// An Expo app's root is made by expo-screen-orientation's React delegate handler (from 4.1.0,
  /// SDK 44): ScreenOrientationViewController, which answers with the registry's mask. From 6.0
  /// (SDK 49) `ExpoAppDelegate` answers the window question with the same mask through the
  /// plugin's app delegate subscriber, and the Info.plist list is then not intersected.
  static func expoRootAndDelegate(into scenario: inout Scenario, report: inout ImportReport, source: String) {
    let expo = PluginCatalog.expoScreenOrientation
    guard let use = scenario.app.plugins.first(where: { $0.name == expo.name }) else { return }
    if scenario.window.className == "UIViewController", scenario.window.children.isEmpty,
      use.version >= PackageVersion("4.1.0")!, let controller = expo.controller
    {
      scenario.window = Node(className: controller)
      let unnamed = tr("neither a storyboard nor the code names the window's root: UIKit's UIViewController")
      report.assumptions.removeAll { $0.text == unnamed }
      report.assumptions.append(
        .init(
          file: source, line: nil,
          text: tr(
            "the window's root is %s, which Expo's React delegate makes at launch (expo-screen-orientation 4.1.0 and later)",
            controller)))
    }
    if scenario.app.supportedInterfaceOrientationsForWindow == nil, use.version >= PackageVersion("6.0.0")! {
      scenario.app.supportedInterfaceOrientationsForWindow = .read(PluginCatalog.expoMaskState)
      report.facts.append(
        .init(
          file: source, line: nil,
          text: tr(
            "ExpoAppDelegate answers application:supportedInterfaceOrientationsForWindow: with expo-screen-orientation's mask (6.0 and later): the Info.plist list is not intersected"
          )))
    }
  }
}
