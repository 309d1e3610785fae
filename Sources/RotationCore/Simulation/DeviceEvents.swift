/// What the device reports: turning it, the orientation lock, and forcing `UIDevice.orientation`
/// through KVC (docs/rules.md#kvc-forcing, docs/rules.md#orientation-lock).
extension StepRun {
  mutating func rotateDevice(to orientation: DeviceOrientation) throws(StepFailure) -> Phrase? {
    state.physicalOrientation = orientation
    if state.orientationLock {
      return say(
        "Orientation lock is on: UIDevice keeps reporting %s, no UIDeviceOrientationDidChangeNotification is posted, and the interface stays %s.",
        state.deviceOrientation.name, state.interfaceOrientation.name)
    }
    return try changeReportedOrientation(to: orientation, depth: 0, cause: nil)
  }

  mutating func setLock(_ on: Bool) throws(StepFailure) -> Phrase {
    guard state.orientationLock != on else {
      return on ? say("Orientation lock was already on.") : say("Orientation lock was already off.")
    }
    state.orientationLock = on
    let target = Simulator.reported(
      physical: state.physicalOrientation, lock: on, idiom: system.idiom,
      interface: state.interfaceOrientation)
    let lead: Phrase
    if on {
      lead =
        system.idiom == .pad
        ? say("Orientation lock is on: the iPad stays in %s. ", state.interfaceOrientation.name)
        : say("Orientation lock is on: UIDevice now reports portrait whatever the hardware does. ")
    } else {
      lead = say("Orientation lock is off: UIDevice reports the hardware's %s again. ", target.name)
    }
    // The iPhone's lock brings a sideways interface to portrait even when UIDevice already said
    // portrait (a landscape presentation over an upright phone: openradar 25614825, variation C).
    if on, system.idiom == .phone, target == state.deviceOrientation, state.interfaceOrientation != .portrait,
      state.launched
    {
      try decide(
        .deviceChange, depth: 0,
        cause: say(
          "UIDevice already reported portrait, but the lock makes UIKit decide again for it (%s): ",
          Rule("lock-toggle")))
      return lead + outcome(nil)
    }
    let own = try changeReportedOrientation(to: target, depth: 0, cause: nil)
    return lead + outcome(own)
  }

  /// Forcing through KVC: `[[UIDevice currentDevice] setValue:@(o) forKey:@"orientation"]`.
  mutating func forceDeviceOrientation(_ source: DeviceOrientationSource, selfID: Int?, depth: Int)
    throws(StepFailure) -> Phrase?
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
    case .saved:
      orientation = methodStarts.last ?? state.deviceOrientation
    }
    _ = try record(
      Call(
        receiver: "UIDevice", receiverID: nil, method: .setDeviceOrientationThroughKVC, answer: nil,
        overridden: false,
        depth: depth, kind: .api,
        note: Phrase(
          verbatim: "@(UIDeviceOrientation\(orientation.name.capitalizedFirst)) forKey:@\"orientation\"")))
    if modern {
      // iOS 16 ignores the KVC trick and says so in the console (docs/rules.md#kvc-ignored).
      console.append(
        Phrase(
          verbatim: "[Orientation] BUG IN CLIENT OF UIKIT: Setting UIDevice.orientation is not supported. "
            + "Please use UIWindowScene.requestGeometryUpdate(_:)"))
      return say(
        "iOS %1$s ignores setting UIDevice.orientation through KVC (%4$s): the device still reports %2$s and the interface stays %3$s.",
        system.version, state.deviceOrientation.name, state.interfaceOrientation.name, Rule("kvc-ignored"))
    }
    let who = nativeCaller ?? selfID.map { name($0) } ?? scenario.app.delegateClass
    return try changeReportedOrientation(
      to: orientation, depth: depth,
      cause: say("%s forced UIDevice.orientation to %s through KVC: ", who, orientation.name))
  }

  /// UIDevice reports `orientation`: the notification, and a decision if it maps to an interface
  /// orientation. `cause` says what forced it, ending in a colon (nil for the hardware).
  mutating func changeReportedOrientation(to orientation: DeviceOrientation, depth: Int, cause: Phrase?)
    throws(StepFailure) -> Phrase?
  {
    guard state.deviceOrientation != orientation else {
      return cause != nil
        ? say(
          "UIDevice.orientation is already %1$s: setting it again posts no notification and UIKit decides nothing (this is why the seeds set faceDown first: %2$s).",
          orientation.name, Rule("facedown-trick"))
        : say("The device already reports %s: nothing to decide.", orientation.name)
    }
    state.deviceOrientation = orientation
    notifications.append("UIDeviceOrientationDidChangeNotification")
    // UIKit's own observer (the window's rotation) registered before the app's: the app's
    // observers run after it has decided (docs/rules.md#observers).
    guard orientation.interfaceOrientation != nil else {
      try notifyObservers("UIDeviceOrientationDidChangeNotification", depth: depth)
      return say(
        "%s has no interface orientation: UIKit does not ask anyone, and the interface stays %s.",
        orientation.name, state.interfaceOrientation.name)
    }
    if state.orientationLockGranted {
      // iPadOS 26: the system holds the locked scene's orientation (docs/rules.md#orientation-lock-preference).
      decide(
        nil,
        reason: say(
          "The scene's interface orientation is locked (effectiveGeometry.isInterfaceOrientationLocked YES, the app prefers it and the system grants it: %2$s): the device's turn leaves the interface %1$s.",
          state.interfaceOrientation.name, Rule("orientation-lock-preference")))
      try notifyObservers("UIDeviceOrientationDidChangeNotification", depth: depth)
      return nil
    }
    if !modern, let mapped = orientation.interfaceOrientation, mapped == state.interfaceOrientation {
      // Before iOS 16 the window compares the device's orientation with its own first, and asks
      // nobody when they agree (docs/rules.md#device-turn-to-current).
      decide(
        nil,
        reason: (cause ?? Phrase())
          + say(
            "UIDevice now reports %1$s, the orientation the interface already has: the window compares the two and asks nobody (%2$s); the interface stays %1$s.",
            mapped.name, Rule("device-turn-to-current")))
      try notifyObservers("UIDeviceOrientationDidChangeNotification", depth: depth)
      return nil
    }
    try decide(.deviceChange, depth: depth, cause: cause)
    try notifyObservers("UIDeviceOrientationDidChangeNotification", depth: depth)
    return nil
  }
}
