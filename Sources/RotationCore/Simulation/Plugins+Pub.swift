/// Flutter's pub packages that turn the app without keeping a mask of their own
/// (docs/rules.md#plugins): their Dart side may set Flutter's own preferences first, and their
/// native side writes `UIDevice.orientation` or, from iOS 16, asks the scene.
extension PluginCatalog {
  /// auto_orientation (bytepark/auto_orientation, `AutoOrientationPlugin.m`, from 2.3.0
  /// `AutoOrientationPlugin.swift`): each mode is a method on the `auto_orientation` channel that
  /// `handleMethodCall:result:` receives. It keeps no mask: the app's and Flutter's decide.
  public static let autoOrientation = Plugin(
    name: "auto_orientation", nativeClass: "AutoOrientationPlugin", maskState: nil, initialMask: .all,
    calls: [
      "AutoOrientation.landscapeLeftMode", "AutoOrientation.landscapeRightMode",
      "AutoOrientation.portraitUpMode", "AutoOrientation.portraitDownMode",
      "AutoOrientation.portraitAutoMode", "AutoOrientation.landscapeAutoMode",
      "AutoOrientation.fullAutoMode", "AutoOrientation.setScreenOrientationUser",
    ],
    receiver: ("AutoOrientationPlugin", "handleMethodCall:result:"), framework: .flutter)

  /// One mode of auto_orientation: the channel's method, the interface orientation its KVC writes
  /// (as a raw value; nil: no write), the mask of its iOS 16 request, the list its Dart side passed
  /// to SystemChrome in 1.0.2 to 2.2.0, and the version that brought it (the four single modes
  /// 1.0.0, which replaced 0.0.x's `landscapeMode` and `portraitMode`, not modelled).
  struct AutoOrientationMode {
    let method: String
    let written: InterfaceOrientation?
    let request: OrientationMask
    let dart: [String]
    let since: String
  }

  static func autoOrientationMode(_ call: String) -> AutoOrientationMode? {
    let portrait = "portraitUp"
    let down = "portraitDown"
    switch call {
    case "AutoOrientation.landscapeLeftMode":
      return .init(
        method: "setLandscapeLeft", written: .landscapeLeft, request: [.landscapeLeft],
        dart: ["landscapeLeft"],
        since: "1.0.0")
    case "AutoOrientation.landscapeRightMode":
      return .init(
        method: "setLandscapeRight", written: .landscapeRight, request: [.landscapeRight],
        dart: ["landscapeRight"], since: "1.0.0")
    case "AutoOrientation.portraitUpMode":
      return .init(
        method: "setPortraitUp", written: .portrait, request: .portrait, dart: [portrait], since: "1.0.0")
    case "AutoOrientation.portraitDownMode":
      return .init(
        method: "setPortraitDown", written: .portraitUpsideDown, request: [.portraitUpsideDown], dart: [down],
        since: "1.0.0")
    case "AutoOrientation.portraitAutoMode":
      return .init(
        method: "setPortraitAuto", written: .portrait, request: .portrait, dart: [portrait, down],
        since: "1.0.2")
    case "AutoOrientation.landscapeAutoMode":
      return .init(
        method: "setLandscapeAuto", written: .landscapeRight, request: [.landscapeRight],
        dart: ["landscapeRight", "landscapeLeft"], since: "1.0.2")
    case "AutoOrientation.fullAutoMode":
      return .init(
        method: "setAuto", written: .portrait, request: .all,
        dart: ["landscapeRight", "landscapeLeft", portrait, down], since: "1.0.2")
    case "AutoOrientation.setScreenOrientationUser":
      return .init(method: "setScreenOrientationUser", written: nil, request: .all, dart: [], since: "2.0.1")
    default: return nil
    }
  }

  /// The steps of an auto_orientation mode (docs/rules.md#plugins):
  /// - before 1.0.2: KVC only;
  /// - 1.0.2 to 2.2.0: the Dart side calls `SystemChrome.setPreferredOrientations` without awaiting
  ///   it, so Flutter's steps come first; then KVC and `attemptRotationToDeviceOrientation`;
  /// - 2.2.1 ("fix double rotation"): KVC and the attempt only;
  /// - from 2.3.0 (the Swift plugin; `setAuto` and any other method write Unknown) on iOS 16: a
  ///   geometry request on the first scene, then the attempt; below iOS 16 KVC and the attempt,
  ///   except 2.3.0, which passes the enum itself to KVC (fixed in 2.3.1: "Fix for iOS < 16",
  ///   auto_orientation#32): the model writes nothing there.
  /// A mode that version does not have: nil.
  static func autoOrientationSteps(_ call: String, version: PackageVersion, system: SystemVersion)
    -> [Action]?
  {
    guard let mode = autoOrientationMode(call), version >= PackageVersion(mode.since)! else { return nil }
    var written = mode.written
    // The Objective-C plugin's `setAuto` Unknown (c381a62) first shipped in 2.3.0, with the Swift one.
    if ["setAuto", "setScreenOrientationUser"].contains(mode.method), version >= PackageVersion("2.3.0")! {
      written = .unknown
    }
    let kvc = written.map { [Action.setDeviceOrientation(.orientation(device($0)))] } ?? []
    let attempt = Action.attemptRotationToDeviceOrientation
    if version < PackageVersion("1.0.2")! { return kvc }
    if version < PackageVersion("2.2.1")! {
      let dart = Action.plugin(
        PluginCall(
          plugin: flutter.name, call: "SystemChrome.setPreferredOrientations",
          args: [.array(mode.dart.map { .string($0) })]))
      return (mode.dart.isEmpty ? [] : [dart]) + kvc + [attempt]
    }
    if version >= PackageVersion("2.3.0")! {
      if system.major >= 16 { return [.requestGeometryUpdate(mode.request), attempt] }
      if version < PackageVersion("2.3.1")! { return [attempt] }
    }
    return kvc + [attempt]
  }
}
