/// Asking UIKit to decide again, and the iOS 16+ scene: `attemptRotationToDeviceOrientation`,
/// `setNeedsUpdateOfSupportedInterfaceOrientations`, `requestGeometryUpdate` checked against the
/// scene's cached supported orientations, and iPad multitasking, where no controller is asked
/// (docs/rules.md#attempt-rotation, docs/rules.md#scene-cache, docs/rules.md#ipad-multitasking).
extension StepRun {
  mutating func attemptRotation(depth: Int) throws(StepFailure) {
    _ = try record(
      Call(
        receiver: "UIViewController", receiverID: nil, selector: "attemptRotationToDeviceOrientation",
        answer: nil, overridden: false, depth: depth, kind: .api, note: modern ? tr("deprecated") : nil))
    if modern {
      deprecations.append(
        tr(
          "+[UIViewController attemptRotationToDeviceOrientation] is deprecated in iOS 16.0: use -[UIViewController setNeedsUpdateOfSupportedInterfaceOrientations]"
        ))
    }
    try decide(
      .attempt, depth: depth, cause: tr("attemptRotationToDeviceOrientation makes UIKit decide again: "))
  }

  /// In iPad multitasking UIKit asks no controller; the interface follows the device.
  mutating func decideInMultitasking(depth: Int, lead: String) {
    var table = MaskTable(
      app: .all, appSource: tr("not consulted (iPad multitasking)"), controllerClass: name(tree.decider),
      controllerID: tree.decider, controller: .all, controllerSource: tr("not asked (iPad multitasking)"),
      device: system.deviceMask, deviceSource: answers.deviceSource, shouldAutorotate: true,
      deviceOrientation: state.deviceOrientation, decided: true)
    table.shouldAutorotateCalled = false
    let current = state.interfaceOrientation
    guard let target = state.deviceOrientation.interfaceOrientation else {
      decide(
        table,
        reason: lead
          + tr(
            "In iPad multitasking the interface follows the device; %s has none, so it stays %s.",
            state.deviceOrientation.name, current.name))
      return
    }
    decide(
      table,
      reason: lead
        + tr(
          "The app supports multitasking, so UIKit asks no controller (docs/rules.md#ipad-multitasking): the interface follows the device to %s.",
          target.name))
    try? setInterface(target, depth: depth)
  }

  /// `-[UIViewController setNeedsUpdateOfSupportedInterfaceOrientations]` (iOS 16+): the scene asks
  /// again, refreshes its cache, and turns the interface if the device's orientation is now allowed
  /// (or the current one no longer is).
  mutating func setNeedsUpdate(_ className: String?, selfID: Int?, depth: Int) throws(StepFailure) {
    let receiverID = className.flatMap { instance(of: $0) } ?? selfID ?? tree.decider
    let receiver = className ?? name(receiverID)
    guard modern else {
      throw .exception(
        ModelledException(
          name: "NSInvalidArgumentException",
          reason:
            "-[\(receiver) setNeedsUpdateOfSupportedInterfaceOrientations]: unrecognized selector sent to instance "
            + "(the method arrived in iOS 16; iOS \(system.version) does not have it)",
          fix: tr(
            "Fix: call it under `if #available(iOS 16.0, *)`, and attemptRotationToDeviceOrientation before iOS 16 (docs/rules.md#unrecognized-selector)."
          )))
    }
    _ = try record(
      Call(
        receiver: receiver, receiverID: receiverID,
        selector: "setNeedsUpdateOfSupportedInterfaceOrientations",
        answer: nil, overridden: false, depth: depth, kind: .api, note: nil))
    try decide(
      .attempt, depth: depth,
      cause: tr("setNeedsUpdateOfSupportedInterfaceOrientations refreshes the scene's cached orientations: "))
  }

  /// " The cache is stale: …" when the answers now would allow a refused request.
  func staleNote(_ requested: OrientationMask) -> String {
    guard let fresh = answers.currentMasks(), !fresh.intersection.intersection(requested).isEmpty else {
      return ""
    }
    return tr(
      " The cache is stale: the app and %s now allow %s (docs/rules.md#ios16-rotation-uses-cache).",
      fresh.controllerClass, fresh.intersection.name)
  }

  /// `-[UIWindowScene requestGeometryUpdate:]` (iOS 16+), checked against the scene's cached
  /// supported orientations (docs/rules.md#request-geometry-update).
  mutating func requestGeometryUpdate(
    _ requested: OrientationMask, preferences: GeometryPreferences = .iOS, depth: Int
  ) throws(StepFailure) -> String? {
    guard modern else {
      throw .exception(
        ModelledException(
          name: "NSInvalidArgumentException",
          reason:
            "-[UIWindowScene requestGeometryUpdate:errorHandler:]: unrecognized selector sent to instance "
            + "(the method arrived in iOS 16; iOS \(system.version) does not have it)",
          fix: tr(
            "Fix: call it under `if #available(iOS 16.0, *)`, and force the device orientation before iOS 16 (docs/rules.md#unrecognized-selector)."
          )))
    }
    _ = try record(
      Call(
        receiver: "UIWindowScene", receiverID: nil, selector: "requestGeometryUpdate:errorHandler:",
        answer: nil, overridden: false, depth: depth, kind: .api,
        note: preferences == .iOS ? "interfaceOrientations: \(requested.name)" : preferences.className))
    // docs/rules.md#geometry-request-checks
    guard preferences == .iOS else {
      error = SceneError(domain: "UISceneErrorDomain", code: 100, message: "")
      decide(
        nil,
        reason: tr(
          "requestGeometryUpdate with %s fails at once with error 100: an iPhone or iPad scene takes only UIWindowSceneGeometryPreferencesIOS (docs/rules.md#geometry-request-checks). Fix: pass UIWindowSceneGeometryPreferencesIOS(interfaceOrientations:).",
          preferences.className))
      return nil
    }
    guard !requested.isEmpty else {
      decide(
        nil,
        reason: tr(
          "requestGeometryUpdate with no orientations does nothing: UIKit ignores it and calls no error handler (docs/rules.md#geometry-request-checks). The interface stays %s.",
          state.interfaceOrientation.name))
      return nil
    }
    if multitasking {
      error = SceneError(
        domain: "UISceneErrorDomain", code: 101,
        message:
          "The current windowing mode does not allow for programmatic changes to interface orientation.")
      // A refused request explains its step, whatever decided before it (as UIKit's error does).
      decide(
        nil,
        reason: tr(
          "The app runs in iPad multitasking: programmatic orientation requests fail (docs/rules.md#multitasking-request-fails). Fix: set UIRequiresFullScreen in Info.plist if the app must control its orientation (docs/rules.md#ipad-multitasking)."
        ))
      return nil
    }
    if state.sceneCache == nil { state.sceneCache = answers.currentMasks() }
    guard let cache = state.sceneCache else { return nil }
    let allowed = requested.intersection(cache.intersection)
    guard !allowed.isEmpty else {
      error = SceneError(
        domain: "UISceneErrorDomain", code: 101,
        message:
          "None of the requested orientations are supported by the view controller. Requested: "
          + "\(requested.uikitList); Supported: \(cache.intersection.uikitList)")
      let stale = staleNote(requested)
      decide(
        nil,
        reason: tr(
          "requestGeometryUpdate(%s) fails: the scene's cached supported orientations are %s (cached from %s; call setNeedsUpdateOfSupportedInterfaceOrientations after changing what it supports). The interface stays %s.",
          requested.name, cache.intersection.name, cache.controllerClass, state.interfaceOrientation.name)
          + stale,
        stale: !stale.isEmpty)
      return nil
    }
    var table = cache
    table.deviceOrientation = state.deviceOrientation
    table.decided = true
    let current = state.interfaceOrientation
    if allowed.contains(current) {
      decide(
        table,
        reason: tr(
          "requestGeometryUpdate(%s): %s is already allowed; the interface stays.", requested.name,
          current.name))
      return nil
    }
    let target = snapOrder.first(where: allowed.contains)!
    decide(
      table,
      reason: tr(
        "requestGeometryUpdate(%s) overlaps the scene's supported %s: the interface turns to %s (the device still reports %s).",
        requested.name, cache.intersection.name, target.name, state.deviceOrientation.name))
    try setInterface(target, depth: depth)
    // During the transition UIKit asks the deciding controller again. If the cache was stale and
    // the controller no longer supports the new orientation, the interface snaps back
    // (docs/rules.md#stale-cache-snap-back).
    let decider = tree.decider
    let app = try askApp(depth: depth)
    let supported = try askSupported(decider, depth: depth)
    // Nothing in common: UIKit asks shouldAutorotate to choose between raising and not
    // (docs/rules.md#no-common-orientation).
    let empty = app.value.intersection(supported.value).isEmpty
    let should = empty ? try askShould(decider, depth: depth) : true
    if empty && should { throw .exception(noCommonOrientation(name(decider))) }
    var fresh = answers.maskTable(
      app: app, supported: supported, controller: decider, should: should, decided: true)
    fresh.shouldAutorotateCalled = empty
    state.sceneCache = fresh
    masks = fresh
    if !fresh.intersection.contains(target), let back = snapOrder.first(where: fresh.intersection.contains) {
      decide(
        fresh,
        reason: tr(
          "requestGeometryUpdate(%s) passed the scene's stale cache (%s), so the interface turned to %s; then UIKit asked %s again, which now supports only %s, and the interface snapped back to %s. Call setNeedsUpdateOfSupportedInterfaceOrientations when what it supports changes.",
          requested.name, cache.intersection.name, target.name, name(decider), fresh.intersection.name,
          back.name),
        replacingLast: true)
      try setInterface(back, depth: depth)
    }
    return nil
  }
}
