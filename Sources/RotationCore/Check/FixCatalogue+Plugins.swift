/// The plugins' own remedies (issue #30, docs/rules.md#plugins): hook the app delegate to the
/// plugin's mask, upgrade to the version that handles iOS 16, and lock back to portrait before an
/// unlock (an unlock only widens the mask: the device stays where the lock put it).
extension FixCatalogue {
  /// The plugins whose mask only counts when the app delegate returns it (the README's AppDelegate step).
  static let hookedThroughTheAppDelegate = [PluginCatalog.reactNativeOrientationLocker.name]

  /// Whether the app delegate returns `plugin`'s mask.
  static func returnsMask(of plugin: PluginCatalog.Plugin, _ scenario: Scenario) -> Bool {
    plugin.maskState.map { scenario.app.supportedInterfaceOrientationsForWindow == .read($0) } ?? false
  }

  static func pluginRemedies(_ scenario: Scenario) -> [Edit] {
    var edits: [Edit] = []
    for use in scenario.app.plugins {
      guard let plugin = PluginCatalog.plugin(named: use.name) else { continue }
      if hookedThroughTheAppDelegate.contains(plugin.name), !returnsMask(of: plugin, scenario),
        let state = plugin.maskState
      {
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
    return edits + flutterForcing(scenario) + restoringUnlocks(scenario)
  }

  /// flutter/flutter#13238: before Flutter 1.12.13 the engine only stored the new orientations and
  /// called attemptRotationToDeviceOrientation, which leaves a stranded interface where it is
  /// (docs/rules.md#attempt-rotation); engine PR #12295 (relanded as #13170, Flutter 1.12.13) forces
  /// the device after the attempt. Offered to a Flutter app below that version that calls
  /// SystemChrome.setPreferredOrientations.
  static func flutterForcing(_ scenario: Scenario) -> [Edit] {
    let fixed = PackageVersion("1.12.13")!
    guard let framework = scenario.app.framework, framework.name == .flutter, framework.version < fixed else {
      return []
    }
    @Sendable func calls(_ actions: [Action]) -> Bool {
      actions.contains { action in
        switch action {
        case .plugin(let call): return call.plugin == PluginCatalog.flutter.name
        case .when(_, let then, let otherwise): return calls(then) || calls(otherwise)
        default: return false
        }
      }
    }
    guard calls(scenario.steps) || scenario.code.contains(where: { calls($0.actions) }) else { return [] }
    return [
      Edit(
        title: tr(
          "Upgrade Flutter to 1.12.13, whose engine forces the device after attemptRotationToDeviceOrientation"
        ),
        change: "app.framework.version = \"1.12.13\"",
        swift: "# pubspec.yaml\nenvironment:\n  flutter: \">=1.12.13\"",
        objectiveC: "# pubspec.yaml\nenvironment:\n  flutter: \">=1.12.13\"",
        apply: { scenario in scenario.app.framework?.version = fixed }
      ).explained(
        tr(
          "Before 1.12.13 the engine only stores the new orientations and calls attemptRotationToDeviceOrientation, which turns nothing while neither the device's nor the current orientation is allowed; from 1.12.13 it then forces the device to the first allowed orientation (engine PR #13170)."
        ), rule: "attempt-rotation")
    ]
  }

  /// Each plugin's lock to portrait, in its own spelling, and its unlock.
  static let portraitLocks: [String: (lock: PluginCall, unlock: String, code: String)] = [
    PluginCatalog.reactNativeOrientationLocker.name: (
      PluginCall(plugin: PluginCatalog.reactNativeOrientationLocker.name, call: "lockToPortrait"),
      "unlockAllOrientations", "Orientation.lockToPortrait();\nOrientation.unlockAllOrientations();"
    ),
    PluginCatalog.expoScreenOrientation.name: (
      PluginCall(
        plugin: PluginCatalog.expoScreenOrientation.name, call: "lockAsync", args: [.string("PORTRAIT_UP")]),
      "unlockAsync",
      "await ScreenOrientation.lockAsync(ScreenOrientation.OrientationLock.PORTRAIT_UP);\nawait ScreenOrientation.unlockAsync();"
    ),
    PluginCatalog.capacitorScreenOrientation.name: (
      PluginCall(
        plugin: PluginCatalog.capacitorScreenOrientation.name, call: "lock",
        args: [.object([("orientation", .string("portrait"))])]),
      "unlock",
      "await ScreenOrientation.lock({ orientation: 'portrait' });\nawait ScreenOrientation.unlock();"
    ),
    PluginCatalog.cordovaScreenOrientation.name: (
      PluginCall(
        plugin: PluginCatalog.cordovaScreenOrientation.name, call: "lock", args: [.string("portrait")]),
      "unlock", "await screen.orientation.lock('portrait');\nscreen.orientation.unlock();"
    ),
  ]

  /// `actions` with `lock` before each call of its plugin's `unlock`, in branches too.
  static func lockingFirst(_ actions: [Action], before unlock: String, with lock: PluginCall) -> [Action] {
    actions.flatMap { action -> [Action] in
      switch action {
      case .plugin(let call) where call.plugin == lock.plugin && call.call == unlock:
        return [.plugin(lock), action]
      case .when(let condition, let then, let otherwise):
        return [
          .when(
            condition, then: lockingFirst(then, before: unlock, with: lock),
            else: lockingFirst(otherwise, before: unlock, with: lock))
        ]
      default: return [action]
      }
    }
  }

  /// The unlock that restores: before each unlock of a plugin the app uses, its lock to portrait.
  static func restoringUnlocks(_ scenario: Scenario) -> [Edit] {
    scenario.app.plugins.compactMap { use in
      guard let (lock, unlock, code) = portraitLocks[use.name] else { return nil }
      let restoring = { @Sendable (actions: [Action]) in
        Self.lockingFirst(actions, before: unlock, with: lock)
      }
      let apply: @Sendable (inout Scenario) -> Void = { scenario in
        scenario.steps = restoring(scenario.steps)
        for index in scenario.app.methods.indices {
          scenario.app.methods[index].actions = restoring(scenario.app.methods[index].actions)
        }
        for index in scenario.classes.indices {
          scenario.classes[index].hooks = scenario.classes[index].hooks.map {
            ($0.selector, restoring($0.actions))
          }
          for method in scenario.classes[index].methods.indices {
            scenario.classes[index].methods[method].actions = restoring(
              scenario.classes[index].methods[method].actions)
          }
        }
      }
      var changed = scenario
      apply(&changed)
      guard changed != scenario else { return nil }
      return Edit(
        title: tr("Lock %s back to portrait before its %s", use.name, unlock),
        change: "{\"plugin\": \"\(use.name)\", \"call\": \"\(lock.call)\"} before each \(unlock)",
        swift: code, objectiveC: code, apply: apply
      ).explained(
        tr(
          "An unlock only widens the mask: the device (forced through KVC before iOS 16) still reads the locked side, so the app stays there until the phone turns. A lock to portrait first turns it back; the unlock then allows every orientation again."
        ), rule: "plugins")
    }
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
