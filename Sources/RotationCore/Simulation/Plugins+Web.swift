/// Expo's, Capacitor's and Cordova's orientation plugins (docs/rules.md#plugins), read from their
/// native sources at the versions apps lock: where each keeps its mask, which controller answers
/// with it, and the native steps of a lock and an unlock before and from iOS 16.
extension PluginCatalog {
  /// The states that hold each plugin's mask: Expo's registry, the bridge controllers' masks.
  public static let expoMaskState = "_screenOrientationMask"
  public static let capacitorMaskState = "_bridgeSupportedOrientations"
  public static let cordovaMaskState = "_cdvSupportedOrientations"

  /// expo-screen-orientation: a registry's mask that Expo's root `ScreenOrientationViewController`
  /// answers with (from 6.0, SDK 49, the app delegate too); the default is portrait before 6.0.2, then
  /// the Info.plist list. `unlockAsync` is `lockAsync(DEFAULT)`.
  public static let expoScreenOrientation = Plugin(
    name: "expo-screen-orientation", nativeClass: "ScreenOrientationModule",
    maskState: expoMaskState,
    initialMask: .portrait, calls: ["lockAsync", "unlockAsync"],
    controller: "ScreenOrientationViewController",
    launchMask: { version, plist in version < PackageVersion("6.0.2")! ? .portrait : plist })

  /// @capacitor/screen-orientation: the mask is `CAPBridgeViewController.supportedOrientations`
  /// (the Info.plist list at launch, which `unlock` restores); Capacitor's app delegate does not
  /// answer it.
  public static let capacitorScreenOrientation = Plugin(
    name: "@capacitor/screen-orientation", nativeClass: "ScreenOrientationPlugin",
    maskState: capacitorMaskState, initialMask: .all, calls: ["lock", "unlock"],
    controller: "CAPBridgeViewController", launchMask: { _, plist in plist })

  /// cordova-plugin-screen-orientation (`CDVOrientation.m`): the mask is set on `CDVViewController`
  /// (`setSupportedOrientations:`), the Info.plist list at launch.
  public static let cordovaScreenOrientation = Plugin(
    name: "cordova-plugin-screen-orientation", nativeClass: "CDVOrientation",
    maskState: cordovaMaskState, initialMask: .all, calls: ["lock", "unlock"],
    controller: "CDVViewController", launchMask: { _, plist in plist })

  static func webPluginSteps(
    _ call: PluginCall, version: PackageVersion, system: SystemVersion, interface: InterfaceOrientation,
    stored: OrientationMask, cordovaLast: InterfaceOrientation? = nil, controller: String? = nil
  ) -> [Action]? {
    let modern = system.major >= 16
    switch call.plugin {
    case expoScreenOrientation.name:
      let lock = call.call == "unlockAsync" ? "DEFAULT" : firstString(call.args) ?? ""
      guard let mask = expoMask(lock) else { return nil }
      return expo(mask, version: version, modern: modern, interface: interface)
    case capacitorScreenOrientation.name:
      return capacitor(call, version: version, modern: modern)
    case cordovaScreenOrientation.name:
      return cordova(
        call, version: version, modern: modern, interface: interface, last: cordovaLast,
        controller: controller ?? cordovaScreenOrientation.controller)
    default: return nil
    }
  }

  static func firstString(_ args: [JSONValue]) -> String? {
    guard case .string(let text)? = args.first else { return nil }
    return text
  }

  /// Expo's `OrientationLock` values, each to the mask of the same name (no swap); DEFAULT is all
  /// but upside down, PORTRAIT both portraits.
  static func expoMask(_ lock: String) -> OrientationMask? {
    let name = lock.hasPrefix("OrientationLock.") ? String(lock.dropFirst("OrientationLock.".count)) : lock
    switch name {
    case "DEFAULT": return .allButUpsideDown
    case "ALL": return .all
    case "PORTRAIT": return [.portrait, .portraitUpsideDown]
    case "PORTRAIT_UP": return .portrait
    case "PORTRAIT_DOWN": return [.portraitUpsideDown]
    case "LANDSCAPE": return .landscape
    case "LANDSCAPE_LEFT": return [.landscapeLeft]
    case "LANDSCAPE_RIGHT": return [.landscapeRight]
    default: return nil
    }
  }

  /// Before 6.0 (SDK ≤ 48): the mask, then only when the interface is outside it KVC to the first of
  /// portrait, landscapeLeft, landscapeRight, upside down in it, and the attempt. From 6.0 below
  /// iOS 16: KVC to the current orientation if allowed, else that one, then the attempt; on iOS 16:
  /// a geometry request, then a refresh on the root controller.
  static func expo(
    _ mask: OrientationMask, version: PackageVersion, modern: Bool, interface: InterfaceOrientation
  )
    -> [Action]
  {
    let set = Action.setState(expoMaskState, .mask(mask))
    let order: [InterfaceOrientation] = [.portrait, .landscapeLeft, .landscapeRight, .portraitUpsideDown]
    let fallback = order.first(where: mask.contains) ?? .portrait
    if version >= PackageVersion("6.0.0")! {
      if modern {
        return [
          set, .requestGeometryUpdate(mask),
          .setNeedsUpdateOfSupportedInterfaceOrientations(expoScreenOrientation.controller),
        ]
      }
      let target = mask.contains(interface) ? interface : fallback
      return [set, .setDeviceOrientation(.orientation(device(target))), .attemptRotationToDeviceOrientation]
    }
    guard !mask.contains(interface) else { return [set] }
    return [set, .setDeviceOrientation(.orientation(device(fallback))), .attemptRotationToDeviceOrientation]
  }

  /// KVC writes an interface orientation's raw value, which UIDevice reads as that device orientation.
  static func device(_ interface: InterfaceOrientation) -> DeviceOrientation {
    DeviceOrientation(rawValue: interface.rawValue) ?? .unknown
  }

  /// `lock({orientation})`: one orientation (`fromOrientationTypeToInt`). 'landscape' and 'any' are
  /// not handled before 5.0 (portrait, as every unknown value); 'landscape' is 'landscape-primary',
  /// interface landscapeLeft in 5.0.0–5.0.7 and 6.0.0 and landscapeRight from 5.0.8 and 6.0.1 (the
  /// left/right fix, capacitor-plugins#2049/#2086, which swapped 'landscape-secondary' too). 'any'
  /// (5.0+) stores the array `[0]`: the bridge answers an empty mask until unlock, and iOS 16's
  /// request is for every orientation. Below iOS 16: KVC then the attempt; `unlock` restores the
  /// Info.plist list and attempts. On iOS 16: a refresh, then the request (the order
  /// capacitor-plugins#2100's 101 shows).
  static func capacitor(_ call: PluginCall, version: PackageVersion, modern: Bool) -> [Action]? {
    let state = capacitorMaskState
    let bridge = capacitorScreenOrientation.controller
    if call.call == "unlock" {
      // The launch list is restored: the model restores every orientation the Info.plist allows.
      let restore = Action.setState(state, .mask(.all))
      return modern
        ? [restore, .setNeedsUpdateOfSupportedInterfaceOrientations(bridge), .requestGeometryUpdate(.all)]
        : [restore, .attemptRotationToDeviceOrientation]
    }
    guard case .object(let members)? = call.args.first,
      case .string(let written)? = members.first(where: { $0.key == "orientation" })?.value
    else { return nil }
    let fixed =
      version >= PackageVersion("6.0.1")!
      || (version >= PackageVersion("5.0.8")! && version < PackageVersion("6")!)
    let since5 = version >= PackageVersion("5.0.0")!
    let orientation: InterfaceOrientation
    switch written {
    case "portrait-secondary": orientation = .portraitUpsideDown
    case "landscape" where since5, "landscape-primary": orientation = fixed ? .landscapeRight : .landscapeLeft
    case "landscape-secondary": orientation = fixed ? .landscapeLeft : .landscapeRight
    case "any" where since5:
      let empty = Action.setState(state, .mask([]))
      return modern
        ? [empty, .setNeedsUpdateOfSupportedInterfaceOrientations(bridge), .requestGeometryUpdate(.all)]
        : [empty, .setDeviceOrientation(.orientation(.unknown)), .attemptRotationToDeviceOrientation]
    // 'portrait', 'natural', 'portrait-primary' and every value the version does not know.
    default: orientation = .portrait
    }
    let set = Action.setState(state, .mask(orientation.mask))
    if modern {
      return [
        set, .setNeedsUpdateOfSupportedInterfaceOrientations(bridge),
        .requestGeometryUpdate(orientation.mask),
      ]
    }
    return [
      set, .setDeviceOrientation(.orientation(device(orientation))), .attemptRotationToDeviceOrientation,
    ]
  }

  /// `screen.orientation.lock('landscape')`: both landscapes; before 3.0.3 (and below iOS 16) KVC to
  /// LandscapeLeft when not already landscape, without an attempt; from 3.0.3 on iOS 16 a request for
  /// landscapeLeft, then a refresh. `unlock` from 3.0.3 on iOS 16: all four, then the refresh;
  /// otherwise, once a lock has kept the interface orientation it found (`_lastOrientation`, the
  /// status bar's at the first lock), KVC back to it, all four, then the attempt — and before any
  /// lock, nothing at all (`last` is that orientation, kept by the simulator).
  static func cordova(
    _ call: PluginCall, version: PackageVersion, modern: Bool, interface: InterfaceOrientation,
    last: InterfaceOrientation?, controller: String?
  )
    -> [Action]?
  {
    let state = cordovaMaskState
    let request16 = modern && version >= PackageVersion("3.0.3")!
    if call.call == "unlock" {
      let set = Action.setState(state, .mask(.all))
      if request16 { return [set, .setNeedsUpdateOfSupportedInterfaceOrientations(controller)] }
      guard let last else { return [] }
      return [set, .setDeviceOrientation(.orientation(device(last))), .attemptRotationToDeviceOrientation]
    }
    guard let written = firstString(call.args) else { return nil }
    let mask: OrientationMask
    let first: InterfaceOrientation
    switch written {
    case "portrait", "portrait-primary": (mask, first) = (.portrait, .portrait)
    case "landscape": (mask, first) = (.landscape, .landscapeLeft)
    case "landscape-primary": (mask, first) = ([.landscapeRight], .landscapeRight)
    case "landscape-secondary": (mask, first) = ([.landscapeLeft], .landscapeLeft)
    default: return nil
    }
    let set = Action.setState(state, .mask(mask))
    if request16 {
      return [
        set, .requestGeometryUpdate(first.mask), .setNeedsUpdateOfSupportedInterfaceOrientations(controller),
      ]
    }
    guard !mask.contains(interface) else { return [set] }
    return [set, .setDeviceOrientation(.orientation(device(first)))]
  }
}
