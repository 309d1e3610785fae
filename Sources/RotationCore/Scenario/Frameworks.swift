/// Cross-platform frameworks and their orientation plugins (issue #30; docs/rules.md#plugins).
///
/// A Flutter, React Native, Expo, Capacitor or Cordova app sets its orientation from Dart or
/// JavaScript through a plugin whose native code is UIKit code. The scenario names the framework
/// and the plugins with their versions (`app.framework`, `app.plugins`); an action calls a plugin
/// function in the API's own spelling (`{"plugin": NAME, "call": FUNCTION, "args": [...]}`), and the
/// simulator runs the native steps that version of the plugin takes, so the trace shows them as
/// UIKit sees them. The app delegate can return the plugin's mask (`{"plugin": NAME}`), which is a
/// piece of app state the plugin's calls set.

/// A package version as npm and pub write it: `1.7.0`, `3.22`.
public struct PackageVersion: Sendable, Equatable, Comparable, CustomStringConvertible {
  public var parts: [Int]
  public var text: String

  public init?(_ text: String) {
    let parts = text.split(separator: ".").map { Int($0) }
    guard !parts.isEmpty, parts.count <= 4, parts.allSatisfy({ $0 != nil && $0! >= 0 }) else { return nil }
    self.parts = parts.map { $0! }
    self.text = text
  }

  public var description: String { text }

  public static func < (lhs: PackageVersion, rhs: PackageVersion) -> Bool {
    for index in 0..<max(lhs.parts.count, rhs.parts.count) {
      let a = index < lhs.parts.count ? lhs.parts[index] : 0
      let b = index < rhs.parts.count ? rhs.parts[index] : 0
      if a != b { return a < b }
    }
    return false
  }

  public static func == (lhs: PackageVersion, rhs: PackageVersion) -> Bool { !(lhs < rhs) && !(rhs < lhs) }
}

public enum FrameworkName: String, Sendable, CaseIterable {
  case flutter
  case reactNative = "react-native"
  case expo
  case capacitor
  case cordova
}

/// The framework an app is built with, and its version.
public struct Framework: Sendable, Equatable {
  public var name: FrameworkName
  public var version: PackageVersion

  public init(name: FrameworkName, version: PackageVersion) {
    self.name = name
    self.version = version
  }
}

/// An orientation plugin the app uses (an npm or pub package), and its version.
public struct PluginUse: Sendable, Equatable {
  public var name: String
  public var version: PackageVersion
  /// expo-screen-orientation's `EXDefaultScreenOrientationMask` (an Info.plist key its config
  /// plugin writes): the mask Expo's root controller answers until a lock.
  public var defaultMask: OrientationMask?

  public init(name: String, version: PackageVersion, defaultMask: OrientationMask? = nil) {
    self.name = name
    self.version = version
    self.defaultMask = defaultMask
  }

  /// The key of `defaultMask` in a scenario file, as the Info.plist spells it.
  public static let defaultMaskKey = "EXDefaultScreenOrientationMask"
}

extension JSONValue {
  /// N of `{"arg": N}`, a method's Nth argument where an imported function passes its parameter on.
  public var argumentIndex: Int? {
    guard case .object(let members) = self, members.count == 1, members[0].key == "arg",
      case .number(let n) = members[0].value, n >= 0, n < 1000, n == n.rounded()
    else { return nil }
    return Int(n)
  }
}

/// A call of a plugin function as the Dart or JavaScript code writes it.
public struct PluginCall: Sendable, Equatable {
  /// The package (`react-native-orientation-locker`), or `flutter` for the framework's own API.
  public var plugin: String
  /// The function (`lockToLandscape`, `SystemChrome.setPreferredOrientations`).
  public var call: String
  public var args: [JSONValue]

  public init(plugin: String, call: String, args: [JSONValue] = []) {
    self.plugin = plugin
    self.call = call
    self.args = args
  }
}
