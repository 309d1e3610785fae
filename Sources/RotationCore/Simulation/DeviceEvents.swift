/// What the device reports: turning it, the orientation lock, and forcing `UIDevice.orientation`
/// through KVC (docs/rules.md#kvc-forcing, docs/rules.md#orientation-lock).
extension StepRun {
  mutating func rotateDevice(to orientation: DeviceOrientation) throws(StepFailure) -> String? {
    state.physicalOrientation = orientation
    if state.orientationLock {
      return tr(
        "Orientation lock is on: UIDevice keeps reporting %s, no UIDeviceOrientationDidChangeNotification is posted, and the interface stays %s.",
        state.deviceOrientation.name, state.interfaceOrientation.name)
    }
    return try changeReportedOrientation(to: orientation, depth: 0, cause: nil)
  }

  mutating func setLock(_ on: Bool) throws(StepFailure) -> String {
    guard state.orientationLock != on else {
      return on ? tr("Orientation lock was already on.") : tr("Orientation lock was already off.")
    }
    state.orientationLock = on
    let target = Simulator.reported(
      physical: state.physicalOrientation, lock: on, idiom: system.idiom,
      interface: state.interfaceOrientation)
    let lead: String
    if on {
      lead =
        system.idiom == .pad
        ? tr("Orientation lock is on: the iPad stays in %s. ", state.interfaceOrientation.name)
        : tr("Orientation lock is on: UIDevice now reports portrait whatever the hardware does. ")
    } else {
      lead = tr("Orientation lock is off: UIDevice reports the hardware's %s again. ", target.name)
    }
    let own = try changeReportedOrientation(to: target, depth: 0, cause: nil)
    return lead + outcome(own)
  }

  /// Forcing through KVC: `[[UIDevice currentDevice] setValue:@(o) forKey:@"orientation"]`.
  mutating func forceDeviceOrientation(_ source: DeviceOrientationSource, selfID: Int?, depth: Int)
    throws(StepFailure) -> String?
  {
    let orientation: DeviceOrientation
    switch source {
    case .orientation(let value):
      orientation = value
    case .selfPreferred:
      // Seed 002 passes an interface orientation's raw value as a device orientation
      // (docs/rules.md#kvc-preferred-raw-value).
      let receiver = selfID ?? tree.decider
      let preferred = try askPreferred(receiver, depth: depth)
      orientation = DeviceOrientation(rawValue: preferred.rawValue) ?? .unknown
    }
    _ = try record(
      Call(
        receiver: "UIDevice", receiverID: nil, selector: "setValue:forKey:", answer: nil, overridden: false,
        depth: depth, kind: .api,
        note: "@(UIDeviceOrientation\(orientation.name.capitalizedFirst)) forKey:@\"orientation\""))
    if modern {
      // iOS 16 ignores the KVC trick and says so in the console (docs/rules.md#kvc-ignored).
      console.append(
        "[Orientation] BUG IN CLIENT OF UIKIT: Setting UIDevice.orientation is not supported. "
          + "Please use UIWindowScene.requestGeometryUpdate(_:)")
      return tr(
        "iOS %s ignores setting UIDevice.orientation through KVC (docs/rules.md#kvc-ignored): the device still reports %s and the interface stays %s.",
        system.version, state.deviceOrientation.name, state.interfaceOrientation.name)
    }
    let who = selfID.map { name($0) } ?? scenario.app.delegateClass
    return try changeReportedOrientation(
      to: orientation, depth: depth,
      cause: tr("%s forced UIDevice.orientation to %s through KVC: ", who, orientation.name))
  }

  /// UIDevice reports `orientation`: the notification, and a decision if it maps to an interface
  /// orientation. `cause` says what forced it, ending in a colon (nil for the hardware).
  mutating func changeReportedOrientation(to orientation: DeviceOrientation, depth: Int, cause: String?)
    throws(StepFailure) -> String?
  {
    guard state.deviceOrientation != orientation else {
      return cause != nil
        ? tr(
          "UIDevice.orientation is already %s: setting it again posts no notification and UIKit decides nothing (this is why the seeds set faceDown first: docs/rules.md#facedown-trick).",
          orientation.name)
        : tr("The device already reports %s: nothing to decide.", orientation.name)
    }
    state.deviceOrientation = orientation
    notifications.append("UIDeviceOrientationDidChangeNotification")
    guard orientation.interfaceOrientation != nil else {
      return tr(
        "%s has no interface orientation: UIKit does not ask anyone, and the interface stays %s.",
        orientation.name, state.interfaceOrientation.name)
    }
    try decide(.deviceChange, depth: depth, cause: cause)
    return nil
  }
}
