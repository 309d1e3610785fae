/// Asking UIKit to decide again, and the iOS 16+ scene: `attemptRotationToDeviceOrientation`,
/// `setNeedsUpdateOfSupportedInterfaceOrientations`, `requestGeometryUpdate` checked against the
/// scene's cached supported orientations, and iPad multitasking, where no controller is asked
/// (docs/rules.md#attempt-rotation, docs/rules.md#scene-cache, docs/rules.md#ipad-multitasking).
extension StepRun {
  mutating func attemptRotation(depth: Int) throws(StepFailure) {
    _ = try record(
      Call(
        receiver: "UIViewController", receiverID: nil, method: .attemptRotationToDeviceOrientation,
        answer: nil, overridden: false, depth: depth, kind: .api, note: modern ? say("deprecated") : nil))
    if modern {
      deprecations.append(
        say(
          "+[UIViewController attemptRotationToDeviceOrientation] is deprecated in iOS 16.0: use -[UIViewController setNeedsUpdateOfSupportedInterfaceOrientations]"
        ))
    }
    try decide(
      .attemptRotation, depth: depth,
      cause: say("attemptRotationToDeviceOrientation makes UIKit decide again: "))
  }

  /// In iPad multitasking UIKit asks no controller; the interface follows the device.
  mutating func decideInMultitasking(depth: Int, lead: Phrase) {
    var table = MaskTable(
      app: .all, appSource: say("not consulted (iPad multitasking)"), controllerClass: name(tree.decider),
      controllerID: tree.decider, controller: .all, controllerSource: say("not asked (iPad multitasking)"),
      device: system.deviceMask, deviceSource: answers.deviceSource, shouldAutorotate: true,
      deviceOrientation: state.deviceOrientation, decided: true)
    table.shouldAutorotateCalled = false
    let current = state.interfaceOrientation
    guard let target = state.deviceOrientation.interfaceOrientation else {
      decide(
        table,
        reason: lead
          + say(
            "In iPad multitasking the interface follows the device; %s has none, so it stays %s.",
            state.deviceOrientation.name, current.name))
      return
    }
    decide(
      table,
      reason: lead
        + say(
          "The app supports multitasking, so UIKit asks no controller (%2$s): the interface follows the device to %1$s.",
          target.name, Rule("ipad-multitasking")))
    try? setInterface(target, depth: depth)
  }

  /// `-[UIViewController setNeedsUpdateOfSupportedInterfaceOrientations]` (iOS 16+): the scene asks
  /// again, refreshes its cache, and turns the interface if the device's orientation is now allowed
  /// (or the current one no longer is).
  mutating func setNeedsUpdate(_ className: String?, selfID: Int?, depth: Int) throws(StepFailure) {
    let receiverID = className.flatMap { instance(of: $0) } ?? selfID ?? tree.decider
    let receiver = className ?? name(receiverID)
    guard modern else {
      throw unrecognized(
        receiver, "setNeedsUpdateOfSupportedInterfaceOrientations", since: 16,
        fix: say(
          "Fix: call it under `if #available(iOS 16.0, *)`, and attemptRotationToDeviceOrientation before iOS 16 (%s).",
          Rule("unrecognized-selector")))
    }
    _ = try record(
      Call(
        receiver: receiver, receiverID: receiverID,
        method: .setNeedsUpdateOfSupportedInterfaceOrientations,
        answer: nil, overridden: false, depth: depth, kind: .api, note: nil))
    try decide(
      .attempt, depth: depth,
      cause: say("setNeedsUpdateOfSupportedInterfaceOrientations refreshes the scene's cached orientations: ")
    )
  }

  /// A method the running system does not have yet: `unrecognized selector sent to instance`.
  func unrecognized(_ receiver: String, _ method: String, since major: Int, fix: Phrase) -> StepFailure {
    .exception(
      ModelledException(
        name: "NSInvalidArgumentException",
        reason:
          "-[\(receiver) \(method)]: unrecognized selector sent to instance "
          + "(the method arrived in iOS \(major); iOS \(system.version) does not have it)",
        fix: fix, rule: Rule("unrecognized-selector")))
  }

  /// " The cache is stale: …" when the answers now would allow a refused request.
  func staleNote(_ requested: OrientationMask) -> Phrase {
    guard let fresh = answers.currentMasks(), !fresh.intersection.intersection(requested).isEmpty else {
      return Phrase()
    }
    return say(
      " The cache is stale: the app and %1$s now allow %2$s (%3$s).",
      fresh.controllerClass, fresh.intersection.name, Rule("ios16-rotation-uses-cache"))
  }

  /// `-[UIWindowScene requestGeometryUpdate:]` (iOS 16+), checked against the scene's cached
  /// supported orientations (docs/rules.md#request-geometry-update).
  mutating func requestGeometryUpdate(
    _ requested: OrientationMask, preferences: GeometryPreferences = .iOS, depth: Int
  ) throws(StepFailure) -> Phrase? {
    guard modern else {
      throw unrecognized(
        "UIWindowScene", "requestGeometryUpdate:errorHandler:", since: 16,
        fix: say(
          "Fix: call it under `if #available(iOS 16.0, *)`, and force the device orientation before iOS 16 (%s).",
          Rule("unrecognized-selector")))
    }
    _ = try record(
      Call(
        receiver: "UIWindowScene", receiverID: nil, method: .requestGeometryUpdate,
        answer: nil, overridden: false, depth: depth, kind: .api,
        note: Phrase(
          verbatim: preferences == .iOS ? "interfaceOrientations: \(requested.name)" : preferences.className))
    )
    // docs/rules.md#geometry-request-checks
    guard preferences == .iOS else {
      error = SceneError(domain: "UISceneErrorDomain", code: 100, message: "")
      decide(
        nil,
        reason: say(
          "requestGeometryUpdate with %1$s fails at once with error 100: an iPhone or iPad scene takes only UIWindowSceneGeometryPreferencesIOS (%2$s). Fix: pass UIWindowSceneGeometryPreferencesIOS(interfaceOrientations:).",
          preferences.className, Rule("geometry-request-checks")))
      return nil
    }
    guard !requested.isEmpty else {
      decide(
        nil,
        reason: say(
          "requestGeometryUpdate with no orientations does nothing: UIKit ignores it and calls no error handler (%2$s). The interface stays %1$s.",
          state.interfaceOrientation.name, Rule("geometry-request-checks")))
      return nil
    }
    if multitasking, system.runsAppsInWindows {
      decide(nil, reason: reshapeWindow(for: requested))
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
        reason: say(
          "The app runs in iPad multitasking: programmatic orientation requests fail (%1$s). Fix: set UIRequiresFullScreen in Info.plist if the app must control its orientation (%2$s).",
          Rule("multitasking-request-fails"), Rule("ipad-multitasking")))
      return nil
    }
    if state.sceneCache == nil { state.sceneCache = answers.currentMasks() }
    guard let cache = state.sceneCache else { return nil }
    let allowed = requested.intersection(cache.intersection)
    guard !allowed.isEmpty else {
      error = SceneError.unsupported(requested, supported: cache.intersection)
      let stale = staleNote(requested)
      decide(
        nil,
        reason: say(
          "requestGeometryUpdate(%s) fails: the scene's cached supported orientations are %s (cached from %s; call setNeedsUpdateOfSupportedInterfaceOrientations after changing what it supports). The interface stays %s.",
          requested.name, cache.intersection.name, cache.controllerClass, state.interfaceOrientation.name)
          + stale,
        stale: !stale.isEmpty)
      return nil
    }
    // docs/rules.md#geometry-request-async: the check above is all that happens now; the request
    // leaves after the transaction commits, once the code that made it has returned.
    pendingRequests.append(requested)
    return nil
  }
}

extension SceneError {
  /// `UISceneErrorDomain` 101 for a request none of whose orientations are supported
  /// (docs/rules.md#request-geometry-update); `later`: reported to the handler later, on a
  /// background queue (docs/rules.md#geometry-request-async).
  static func unsupported(_ requested: OrientationMask, supported: OrientationMask, later: Bool = false)
    -> SceneError
  {
    SceneError(
      domain: "UISceneErrorDomain", code: 101,
      message: "None of the requested orientations are supported by the view controller. Requested: "
        + "\(requested.uikitList); Supported: \(supported.uikitList)",
      deliveredLater: later)
  }
}
