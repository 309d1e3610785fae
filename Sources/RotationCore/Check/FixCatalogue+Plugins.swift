/// The plugins' own remedies (issue #30, docs/rules.md#plugins): hook the app delegate to the
/// plugin's mask, and upgrade to the version that handles iOS 16.
extension FixCatalogue {
  /// The plugins whose mask only counts when the app delegate returns it (the README's AppDelegate step).
  static let hookedThroughTheAppDelegate = [PluginCatalog.reactNativeOrientationLocker.name]

  /// Whether the app delegate returns `plugin`'s mask.
  static func returnsMask(of plugin: PluginCatalog.Plugin, _ scenario: Scenario) -> Bool {
    scenario.app.supportedInterfaceOrientationsForWindow == .read(plugin.maskState)
  }

  static func pluginRemedies(_ scenario: Scenario) -> [Edit] {
    var edits: [Edit] = []
    for use in scenario.app.plugins {
      guard let plugin = PluginCatalog.plugin(named: use.name) else { continue }
      if hookedThroughTheAppDelegate.contains(plugin.name), !returnsMask(of: plugin, scenario) {
        let state = plugin.maskState
        edits.append(
          Edit(
            title: tr("Return %s's mask from the app delegate, as its README says", plugin.name),
            change: "app.supportedInterfaceOrientationsForWindow = {\"plugin\": \"\(plugin.name)\"}",
            swift: """
              // AppDelegate.swift
              override func application(_ application: UIApplication,
                                        supportedInterfaceOrientationsFor window: UIWindow?) -> UIInterfaceOrientationMask {
                  return Orientation.getOrientation()
              }
              """,
            objectiveC: """
              // AppDelegate.mm
              #import "Orientation.h"
              - (UIInterfaceOrientationMask)application:(UIApplication *)application
                  supportedInterfaceOrientationsForWindow:(UIWindow *)window {
                  return [Orientation getOrientation];
              }
              """,
            apply: { $0.app.supportedInterfaceOrientationsForWindow = .read(state) }
          ).explained(
            tr(
              "%s keeps its mask in %s; UIKit only asks the app delegate, so without this hook the plugin's locks change nothing UIKit reads.",
              plugin.name, plugin.nativeClass), rule: "plugins"))
      }
      if plugin.name == PluginCatalog.reactNativeOrientationLocker.name,
        scenario.system.version.major >= 16, use.version < PackageVersion("1.7.0")!
      {
        let name = plugin.name
        edits.append(
          Edit(
            title: tr("Upgrade %s to 1.7.0, which requests the geometry on iOS 16", name),
            change: "app.plugins[\(name)].version = \"1.7.0\"",
            swift: "// package.json\n\"\(name)\": \"^1.7.0\"",
            objectiveC: "// package.json\n\"\(name)\": \"^1.7.0\"",
            apply: { scenario in
              if let index = scenario.app.plugins.firstIndex(where: { $0.name == name }) {
                scenario.app.plugins[index].version = PackageVersion("1.7.0")!
              }
            }
          ).explained(
            tr(
              "Before 1.7.0 the plugin forces UIDevice through KVC, which iOS 16 only logs; 1.7.0 asks the scene instead."
            ),
            rule: "plugins"))
      }
    }
    return edits
  }
}

extension Diagnosis {
  /// A plugin whose mask the app delegate does not return: its calls change nothing UIKit asks
  /// (the classic missing hook).
  static func unhookedPlugins(_ scenario: Scenario) -> [Finding] {
    scenario.app.plugins.compactMap { use in
      guard let plugin = PluginCatalog.plugin(named: use.name),
        FixCatalogue.hookedThroughTheAppDelegate.contains(plugin.name),
        !FixCatalogue.returnsMask(of: plugin, scenario)
      else { return nil }
      return Finding(
        severity: .warning,
        message: tr(
          "%s keeps its mask in %s, but the app delegate does not return it from application:supportedInterfaceOrientationsForWindow:: the plugin's locks change nothing UIKit asks. Return [%s getOrientation] there, as the plugin's README says.",
          plugin.name, plugin.nativeClass, plugin.nativeClass),
        steps: [], rule: "plugins")
    }
  }
}
