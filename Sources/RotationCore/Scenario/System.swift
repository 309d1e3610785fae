/// An iOS version such as `13.0`.
public struct SystemVersion: Sendable, Equatable, Comparable, CustomStringConvertible {
  public var major: Int
  public var minor: Int
  public var text: String

  public init?(_ text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }),
      let major = Int(parts[0])
    else { return nil }
    self.major = major
    self.minor = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
    self.text = text
  }

  public var description: String { text }

  /// Whether Apple released a system of this number: after iOS 18 the next release was numbered 26
  /// (the year after its announcement), so 19 to 25 never existed.
  public var exists: Bool { !(19...25).contains(major) }

  public static func < (lhs: SystemVersion, rhs: SystemVersion) -> Bool {
    (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
  }

  public static func == (lhs: SystemVersion, rhs: SystemVersion) -> Bool {
    lhs.major == rhs.major && lhs.minor == rhs.minor
  }
}

/// Which rules a system version follows.
public enum BehaviourProfile: String, Sendable {
  /// iOS 6 to 15: `shouldAutorotate`, KVC forcing, `attemptRotationToDeviceOrientation`.
  case classic
  /// iOS 16 and later: cached supported orientations, `setNeedsUpdateOfSupportedInterfaceOrientations`,
  /// `requestGeometryUpdate` (docs/rules.md#ios16).
  case modern

  public var summary: String {
    switch self {
    case .classic: return tr("classic rules (iOS 6–15)")
    case .modern: return tr("iOS 16+ rules")
    }
  }
}

/// iPadOS 26: the app's scene on the screen (docs/rules.md#windowed-request-reshapes): filling it,
/// or a window of portrait or landscape shape that does not.
public enum SceneWindow: String, Sendable, CaseIterable {
  case fullScreen
  case portraitWindow
  case landscapeWindow

  /// A window of the shape of `orientation`, not filling the screen.
  static func window(shaped orientation: InterfaceOrientation) -> SceneWindow {
    orientation.isLandscape ? .landscapeWindow : .portraitWindow
  }
}

/// iPadOS 26's three multitasking settings.
public enum Windowing: String, Sendable, CaseIterable {
  case fullScreenApps
  case windowedApps
  case stageManager
}

public struct SystemConfig: Sendable, Equatable {
  public var version: SystemVersion
  public var idiom: Idiom
  public var homeButton: Bool
  /// iPad multitasking (Split View, Slide Over); nil means UIKit's default for the app (docs/rules.md#ipad-multitasking).
  public var multitasking: Bool?
  /// iPadOS 26's windowing, as a person picks it in Settings (iPad, from 26.0); nil: full-screen apps.
  public var windowing: Windowing?
  /// Whether the app's scene is centred, screen-sized and not covered, where the system may grant an
  /// orientation lock (docs/rules.md#orientation-lock-preference); nil: yes with full-screen apps,
  /// no in a window.
  public var sceneFillsScreen: Bool?

  public init(version: SystemVersion, idiom: Idiom, homeButton: Bool, multitasking: Bool? = nil) {
    self.version = version
    self.idiom = idiom
    self.homeButton = homeButton
    self.multitasking = multitasking
  }

  public var profile: BehaviourProfile { version.major >= 16 ? .modern : .classic }

  /// Drops the settings the device and version do not have (after the idiom or the version was
  /// edited): windowing needs an iPad on 26 or later, multitasking an iPad. A file with them would
  /// be refused (docs/scenario-format.md, "system").
  public mutating func dropSettingsThatDoNotApply() {
    if idiom != .pad || version.major < 26 { windowing = nil }
    if idiom != .pad { multitasking = nil }
  }

  /// The windowing in effect: iPadOS 26's setting, full-screen apps when not said.
  public var effectiveWindowing: Windowing { windowing ?? .fullScreenApps }

  /// Where a windowing setting that runs apps in windows puts the scene: whether a geometry request
  /// reshapes its window instead of turning the screen (docs/rules.md#windowed-request-reshapes).
  public var runsAppsInWindows: Bool {
    idiom == .pad && version.major >= 26 && effectiveWindowing != .fullScreenApps
  }

  /// Whether the scene qualifies for an orientation lock: centred, screen-sized and not covered.
  public var sceneQualifiesForLock: Bool {
    sceneFillsScreen ?? (effectiveWindowing == .fullScreenApps)
  }

  /// docs/rules.md#device-mask: iPads support all four orientations; iPhones without a Home button cannot be used
  /// upside down.
  public var deviceMask: OrientationMask {
    idiom == .phone && !homeButton ? .allButUpsideDown : .all
  }

  /// docs/rules.md#app-mask-default, docs/rules.md#default-supported: the mask UIKit uses when the Info.plist key is absent, and the default
  /// `supportedInterfaceOrientations`: all on iPad, all but upside-down on iPhone.
  public var idiomDefaultMask: OrientationMask {
    idiom == .pad ? .all : .allButUpsideDown
  }
}

public struct DeviceConfig: Sendable, Equatable {
  public var orientation: DeviceOrientation
  public var orientationLock: Bool

  public init(orientation: DeviceOrientation, orientationLock: Bool) {
    self.orientation = orientation
    self.orientationLock = orientationLock
  }
}
