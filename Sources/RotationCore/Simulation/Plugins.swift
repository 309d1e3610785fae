/// The native side of the orientation plugins the model knows, per plugin version
/// (docs/rules.md#plugins). A plugin call is run as the steps its Objective-C or Swift code takes,
/// in its order: the mask it stores (app state the app delegate or the framework's controller
/// returns), the KVC writes to `UIDevice`, `attemptRotationToDeviceOrientation`, and from iOS 16 the
/// geometry requests. Each model reads its own source at the versions apps lock today.
public enum PluginCatalog {
  /// A plugin the model knows: its package, the native class the trace names, the state that holds
  /// its mask (with its value at launch; nil for a plugin that keeps none, as auto_orientation),
  /// and its functions.
  public struct Plugin: Sendable {
    public let name: String
    public let nativeClass: String
    public let maskState: String?
    public let initialMask: OrientationMask
    public let calls: [String]
    /// Where the call arrives natively, when not at `nativeClass` under its own name: Flutter's
    /// platform channel handler.
    public var receiver: (className: String, selector: String)? = nil
    /// The framework's controller that answers with the mask, usable without being declared
    /// (FlutterViewController, Expo's ScreenOrientationViewController, CAPBridgeViewController…).
    public var controller: String? = nil
    /// The mask at launch when the plugin's own default depends on its version or the Info.plist
    /// list (nil: `initialMask`).
    public var launchMask: (@Sendable (PackageVersion, OrientationMask) -> OrientationMask)? = nil
    /// The framework the package is written for (a pub package is Flutter's); nil: any.
    public var framework: FrameworkName? = nil

    /// Why an app of `appFramework` cannot declare the package (a pub package outside a Flutter
    /// app); nil when it can.
    public func refusal(in appFramework: FrameworkName?) -> String? {
      guard let framework, framework != appFramework else { return nil }
      return tr("%s is a package for %s: app.framework must name it", name, framework.rawValue)
    }

    /// The mask at launch for `version`, with the app's Info.plist list.
    public func initial(_ version: PackageVersion?, infoPlist: OrientationMask) -> OrientationMask {
      guard let launchMask, let version else { return initialMask }
      return launchMask(version, infoPlist)
    }
  }

  /// The state of react-native-orientation-locker's static `_orientationMask`.
  public static let lockerMaskState = "_orientationMask"
  /// The state of every FlutterViewController's `_orientationPreferences`.
  public static let flutterMaskState = "_orientationPreferences"

  public static let reactNativeOrientationLocker = Plugin(
    name: "react-native-orientation-locker", nativeClass: "Orientation", maskState: lockerMaskState,
    initialMask: .all,
    calls: [
      "lockToPortrait", "lockToLandscape", "lockToLandscapeLeft", "lockToLandscapeRight",
      "lockToAllOrientationsButUpsideDown", "unlockAllOrientations",
    ])

  /// Flutter's own API: `SystemChrome.setPreferredOrientations`, kept by every FlutterViewController.
  public static let flutter = Plugin(
    name: "flutter", nativeClass: "FlutterViewController", maskState: flutterMaskState,
    initialMask: .all, calls: ["SystemChrome.setPreferredOrientations"],
    receiver: ("FlutterPlatformPlugin", "setSystemChromePreferredOrientations:"),
    controller: "FlutterViewController")

  public static let all = [
    reactNativeOrientationLocker, flutter, expoScreenOrientation, capacitorScreenOrientation,
    cordovaScreenOrientation, autoOrientation,
  ]

  /// The framework's controller of `plugin` as a class of the scenario: it answers with the mask
  /// the plugin's calls set (`-[FlutterViewController supportedInterfaceOrientations]` returns
  /// `_orientationPreferences`), and it is the framework's, never the app's to edit.
  public static func controllerClass(of plugin: Plugin) -> ClassSpec? {
    guard let name = plugin.controller, let mask = plugin.maskState else { return nil }
    var spec = ClassSpec(name: name, kind: .view)
    spec.supportedInterfaceOrientations = .value(.read(mask))
    spec.external = true
    spec.origin = engineOrigin
    return spec
  }

  /// The origin that marks a class the framework brings (not written back to the file); the
  /// inspector shows it as "from …", for Flutter's, Expo's, Capacitor's and Cordova's controllers alike.
  public static let engineOrigin = "the framework"

  public static func plugin(named name: String) -> Plugin? { all.first { $0.name == name } }

  /// The plugins an app uses, each with its version: those `plugins` declares, and Flutter's own
  /// API for a Flutter app (the framework's version).
  /// In a Capacitor app the Cordova plugin's `setSupportedOrientations:` reaches
  /// `CAPBridgeViewController` (Capacitor 3 made it `@objc`, capacitor#4367), unless Capacitor's own
  /// plugin answers there.
  public static func inUse(framework: Framework?, plugins: [PluginUse]) -> [(
    plugin: Plugin, version: PackageVersion
  )] {
    let bridged =
      framework?.name == .capacitor && !plugins.contains { $0.name == capacitorScreenOrientation.name }
    return plugins.compactMap { use in
      plugin(named: use.name).map { found in
        var plugin = found
        if bridged, found.name == cordovaScreenOrientation.name {
          plugin.controller = capacitorScreenOrientation.controller
        }
        return (plugin, use.version)
      }
    }
      + (framework.map { $0.name == .flutter ? [(flutter, $0.version)] : [] } ?? [])
  }

  /// The native steps of `call` for the plugin at `version` on `system`, given where the device and
  /// interface are when it runs; nil for a function the model does not know.
  static func steps(
    _ call: PluginCall, version: PackageVersion, system: SystemVersion, device: DeviceOrientation,
    interface: InterfaceOrientation, stored: OrientationMask, cordovaLast: InterfaceOrientation? = nil,
    controller: String? = nil
  ) -> [Action]? {
    switch call.plugin {
    case reactNativeOrientationLocker.name:
      return orientationLocker(
        call.call, version: version, system: system, device: device, interface: interface)
    case autoOrientation.name:
      return autoOrientationSteps(call.call, version: version, system: system)
    case flutter.name:
      guard let mask = flutterMask(call.args) else { return nil }
      return flutterPreferences(mask, version: version, system: system, interface: interface, stored: stored)
    default:
      return webPluginSteps(
        call, version: version, system: system, interface: interface, stored: stored,
        cordovaLast: cordovaLast,
        controller: controller)
    }
  }

  /// Dart's `DeviceOrientation` names, each to the mask bit of the same name
  /// (`FlutterPlatformPlugin.mm`); an empty list is every orientation. Nil for anything else.
  static func flutterMask(_ args: [JSONValue]) -> OrientationMask? {
    guard args.count == 1, case .array(let names) = args[0] else { return nil }
    var mask = OrientationMask()
    for name in names {
      guard case .string(let word) = name else { return nil }
      let prefix = "DeviceOrientation."
      switch word.hasPrefix(prefix) ? String(word.dropFirst(prefix.count)) : word {
      case "portraitUp": mask.insert(.portrait)
      case "portraitDown": mask.insert(.portraitUpsideDown)
      case "landscapeLeft": mask.insert(.landscapeLeft)
      case "landscapeRight": mask.insert(.landscapeRight)
      default: return nil
      }
    }
    return mask.isEmpty ? .all : mask
  }

  /// The Flutter engine's `-[FlutterViewController performOrientationUpdate:]`: nothing when the
  /// mask is the stored one; before 1.12.13 the mask and an attempt; to 3.7 (and below iOS 16 after),
  /// when the interface is outside the new mask, an attempt then KVC to the first allowed of
  /// portrait, upside down, landscapeLeft, landscapeRight (as a raw value); 3.7.0 to 3.7.10 on
  /// iOS 16, then, a refresh then a request (the order inferred); from 3.7.11 on iOS 16, always a
  /// request then a refresh (docs/rules.md#plugins).
  static func flutterPreferences(
    _ mask: OrientationMask, version: PackageVersion, system: SystemVersion, interface: InterfaceOrientation,
    stored: OrientationMask
  ) -> [Action] {
    guard mask != stored else { return [] }
    let set = Action.setState(flutterMaskState, .mask(mask))
    guard version >= PackageVersion("1.12.13")! else { return [set, .attemptRotationToDeviceOrientation] }
    let outside = !mask.contains(interface)
    let refresh = Action.setNeedsUpdateOfSupportedInterfaceOrientations(flutter.controller)
    if system.major >= 16, version >= PackageVersion("3.7.11")! {
      return [set, .requestGeometryUpdate(mask), refresh]
    }
    if system.major >= 16, version >= PackageVersion("3.7.0")! {
      return outside ? [set, refresh, .requestGeometryUpdate(mask)] : [set]
    }
    let order: [InterfaceOrientation] = [.portrait, .portraitUpsideDown, .landscapeLeft, .landscapeRight]
    guard outside, let target = order.first(where: mask.contains) else { return [set] }
    return [set, .attemptRotationToDeviceOrientation, .setDeviceOrientation(.orientation(device(target)))]
  }

  /// wonday/react-native-orientation-locker, `iOS/RCTOrientation/Orientation.m`: the mask in a static
  /// `_orientationMask` (All at launch); each lock stores it, then writes Unknown and the new
  /// orientation to `UIDevice` through KVC (before 1.6.0 also the device's orientation back), then
  /// calls `attemptRotationToDeviceOrientation`. From 1.7.0 on iOS 16 and later, the mask then a
  /// geometry request on the first scene, then the attempt (no
  /// `setNeedsUpdateOfSupportedInterfaceOrientations`); `lockToLandscape` keeps the KVC path.
  /// Its "left" and "right" are the device's: `lockToLandscapeLeft` writes 3
  /// (UIInterfaceOrientationLandscapeRight, which UIDevice reads as landscapeLeft).
  static func orientationLocker(
    _ call: String, version: PackageVersion, system: SystemVersion, device: DeviceOrientation,
    interface: InterfaceOrientation
  ) -> [Action]? {
    let state = lockerMaskState
    let lock: (mask: OrientationMask, device: DeviceOrientation)
    switch call {
    case "lockToPortrait": lock = (.portrait, .portrait)
    case "lockToLandscapeLeft": lock = ([.landscapeRight], .landscapeLeft)
    case "lockToLandscapeRight": lock = ([.landscapeLeft], .landscapeRight)
    case "lockToAllOrientationsButUpsideDown": lock = (.allButUpsideDown, .portrait)
    case "unlockAllOrientations": lock = (.all, .unknown)
    case "lockToLandscape":
      // KVC(Unknown), the mask, then 4 if the interface is already landscapeLeft, else 3.
      let target: DeviceOrientation = interface == .landscapeLeft ? .landscapeRight : .landscapeLeft
      return [
        .setDeviceOrientation(.orientation(.unknown)), .setState(state, .mask(.landscape)),
        .setDeviceOrientation(.orientation(target)), .setDeviceOrientation(.orientation(device)),
        .attemptRotationToDeviceOrientation,
      ]
    default: return nil
    }
    let set = Action.setState(state, .mask(lock.mask))
    if version >= PackageVersion("1.7.0")!, system.major >= 16 {
      return [set, .requestGeometryUpdate(lock.mask), .attemptRotationToDeviceOrientation]
    }
    var steps: [Action] = [
      set, .setDeviceOrientation(.orientation(.unknown)), .setDeviceOrientation(.orientation(lock.device)),
    ]
    // Before 1.6.0 the device's own orientation was written back ("restore device orientation").
    if version < PackageVersion("1.6.0")! { steps.append(.setDeviceOrientation(.orientation(device))) }
    steps.append(.attemptRotationToDeviceOrientation)
    return steps
  }
}

extension StepRun {
  /// Runs a plugin call: the native method the JavaScript or Dart call reaches, then its steps in
  /// the plugin's order, one level below it (docs/rules.md#plugins).
  mutating func runPlugin(_ written: PluginCall, selfID: Int?, depth: Int) throws(StepFailure) -> Phrase? {
    // An imported function's parameter (`{"arg": N}`) takes the literal its caller passed.
    var call = written
    var missing: Int?
    call.args = written.args.map { Self.bind($0, to: arguments.last ?? [], missing: &missing) }
    if let missing {
      return say(
        "%s's %s reads argument %s, which the call does not pass: nothing runs.", call.plugin, call.call,
        missing)
    }
    guard
      let (plugin, version) = PluginCatalog.inUse(
        framework: scenario.app.framework, plugins: scenario.app.plugins
      )
      .first(where: { $0.plugin.name == call.plugin })
    else {
      return say("The model does not know %s's %s: nothing runs.", call.plugin, call.call)
    }
    var stored = OrientationMask.all
    if let name = plugin.maskState, case .mask(let mask)? = state.values[name] { stored = mask }
    var cordovaLast: InterfaceOrientation?
    if case .orientation(let kept)? = state.values[Self.cordovaLastKey] { cordovaLast = kept }
    guard
      let steps = PluginCatalog.steps(
        call, version: version, system: system.version, device: state.deviceOrientation,
        interface: state.interfaceOrientation, stored: stored, cordovaLast: cordovaLast,
        controller: plugin.controller)
    else {
      return say("The model does not know %s's %s: nothing runs.", call.plugin, call.call)
    }
    if plugin.name == PluginCatalog.cordovaScreenOrientation.name { keepCordovaMemory(call, steps: steps) }
    // A plugin's Dart side may call Flutter's own API before its channel (auto_orientation 1.0.2
    // to 2.2.0): those calls run first, beside the native method, not inside it.
    let dartSide = steps.prefix {
      if case .plugin = $0 { return true }
      return false
    }
    var said: Phrase?
    for action in dartSide {
      if let reason = try perform(action, selfID: selfID, depth: depth) { said = reason }
    }
    _ = try record(
      Call(
        receiver: plugin.receiver?.className ?? plugin.nativeClass, receiverID: nil,
        selector: plugin.receiver?.selector ?? call.call, answer: nil, overridden: true,
        depth: depth, kind: .method, note: Phrase(verbatim: Self.nativeNote(call, version: version))))
    let outer = nativeCaller
    nativeCaller = plugin.nativeClass
    defer { nativeCaller = outer }
    for action in steps.dropFirst(dartSide.count) {
      if let reason = try perform(action, selfID: selfID, depth: depth + 1) { said = reason }
    }
    return said
  }

  /// The call's note in the trace: the package and its version, and the channel's method where one
  /// native method receives them all (auto_orientation's `handleMethodCall:result:`).
  static func nativeNote(_ call: PluginCall, version: PackageVersion) -> String {
    let method =
      call.plugin == PluginCatalog.autoOrientation.name
      ? PluginCatalog.autoOrientationMode(call.call).map { " · \($0.method)" } ?? "" : ""
    return "\(call.plugin) \(version.text)\(method)"
  }

  /// CDVOrientation's ivars, kept between calls: `_lastOrientation`, the interface orientation at
  /// the first lock (`statusBarOrientation` while not locked), and `_isLocked`, set by a lock that
  /// turns and cleared by one that does not, or by `unlock`.
  static let cordovaLastKey = "_cdvLastOrientation"
  static let cordovaLockedKey = "_cdvLocked"

  mutating func keepCordovaMemory(_ call: PluginCall, steps: [Action]) {
    guard call.call != "unlock" else {
      state.values[Self.cordovaLockedKey] = .bool(false)
      return
    }
    if state.values[Self.cordovaLockedKey] != .bool(true) {
      state.values[Self.cordovaLastKey] = .orientation(state.interfaceOrientation)
    }
    let turns = steps.contains {
      switch $0 {
      case .setDeviceOrientation, .requestGeometryUpdate: return true
      default: return false
      }
    }
    state.values[Self.cordovaLockedKey] = .bool(turns)
  }

  /// `value` with each `{"arg": N}` replaced by the Nth of `given`; the first index past them in
  /// `missing`.
  static func bind(_ value: JSONValue, to given: [JSONValue], missing: inout Int?) -> JSONValue {
    if let index = value.argumentIndex {
      if index < given.count { return given[index] }
      if missing == nil { missing = index }
      return .null
    }
    switch value {
    case .object(let members):
      return .object(members.map { ($0.key, bind($0.value, to: given, missing: &missing)) })
    case .array(let items): return .array(items.map { bind($0, to: given, missing: &missing) })
    default: return value
    }
  }
}
