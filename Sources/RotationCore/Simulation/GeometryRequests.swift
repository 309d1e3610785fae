/// `requestGeometryUpdate` after the transaction commits (docs/rules.md#geometry-request-async).
///
/// UIKit checks a request against the scene's published orientations inside the call; a request
/// that passes is queued to run after the current Core Animation transaction commits, so the rest
/// of the code that made it (a `setNeedsUpdateOfSupportedInterfaceOrientations` after it, a hook's
/// other actions) runs first. The request then goes to the system, which turns the scene or
/// refuses it; a refusal reaches the error handler later, on a background queue. A step is one turn
/// of the run loop, so the queued requests are sent when the step's own work is done.
extension StepRun {
  /// The most requests one step sends: a turn's callbacks that request again queue another.
  static let maxRequestsPerStep = 8

  /// Sends the requests the step queued and returns `said` followed by what they decided.
  mutating func commitTransaction(after said: Phrase) throws(StepFailure) -> Phrase {
    let before = decisions.count
    var sent = 0
    while !pendingRequests.isEmpty, sent < Self.maxRequestsPerStep {
      let requested = pendingRequests.removeFirst()
      sent += 1
      try send(requested)
    }
    pendingRequests = []
    // A step whose own work changed nothing is explained by what the requests did.
    let start = said == Self.nothingChanged ? Phrase() : said
    return decisions.dropFirst(before).reduce(start) { said, next in
      said.isEmpty ? next : say("%s Then: %s", said, next)
    }
  }

  /// The system's side of one request, judged by what the scene publishes now (the code after the
  /// request may have changed it).
  private mutating func send(_ requested: OrientationMask) throws(StepFailure) {
    let lead = say(
      "After the code that called requestGeometryUpdate(%s) returned and the transaction committed, UIKit sent the request to the system (%s): ",
      requested.name, Rule("geometry-request-async"))
    guard let cache = state.sceneCache ?? answers.currentMasks() else { return }
    let allowed = requested.intersection(cache.intersection)
    guard !allowed.isEmpty else {
      // Model's choice: the system judges by the orientations published when the request arrives.
      error = SceneError.unsupported(requested, supported: cache.intersection, later: true)
      decide(
        nil,
        reason: lead
          + say(
            "by then the scene supports only %s (published from %s), so the system refuses it and the error handler runs later, on a background queue. The interface stays %s.",
            cache.intersection.name, cache.controllerClass, state.interfaceOrientation.name))
      return
    }
    var table = cache
    table.deviceOrientation = state.deviceOrientation
    table.decided = true
    let current = state.interfaceOrientation
    if allowed.contains(current) {
      decide(table, reason: lead + say("%s is already allowed; the interface stays.", current.name))
      return
    }
    let target = snapOrder.first(where: allowed.contains)!
    decide(
      table,
      reason: lead
        + say(
          "it overlaps the scene's supported %s: the interface turns to %s (the device still reports %s).",
          cache.intersection.name, target.name, state.deviceOrientation.name))
    try setInterface(target, depth: 0)
    // During the transition UIKit asks the deciding controller again. If the cache was stale and
    // the controller no longer supports the new orientation, the interface snaps back
    // (docs/rules.md#stale-cache-snap-back).
    let decider = tree.decider
    let app = try askApp(depth: 0)
    let supported = try askSupported(decider, depth: 0)
    // Nothing in common: UIKit asks shouldAutorotate to choose between raising and not
    // (docs/rules.md#no-common-orientation).
    let empty = app.value.intersection(supported.value).isEmpty
    let should = empty ? try askShould(decider, depth: 0) : true
    if empty && should { throw .exception(noCommonOrientation(name(decider))) }
    var fresh = answers.maskTable(
      app: app, supported: supported, controller: decider, should: should, decided: true)
    fresh.shouldAutorotateCalled = empty
    state.sceneCache = fresh
    masks = fresh
    if !fresh.intersection.contains(target), let back = snapOrder.first(where: fresh.intersection.contains) {
      decide(
        fresh,
        reason: lead
          + say(
            "it passed the scene's stale cache (%s), so the interface turned to %s; then UIKit asked %s again, which now supports only %s, and the interface snapped back to %s. Call setNeedsUpdateOfSupportedInterfaceOrientations when what it supports changes.",
            cache.intersection.name, target.name, name(decider), fresh.intersection.name, back.name),
        replacingLast: true)
      try setInterface(back, depth: 0)
    }
  }
}

/// iPadOS 26 with apps in windows (windowed apps, Stage Manager): a geometry request reshapes the
/// app's window instead of turning the screen (docs/rules.md#windowed-request-reshapes).
extension StepRun {
  /// The scene's window now: the one a request gave it, else where the windowing put it (the whole
  /// screen with full-screen apps or a maximised window, else a window of the interface's shape).
  var sceneWindow: SceneWindow {
    if let window = state.sceneWindow { return window }
    guard system.runsAppsInWindows, multitasking, system.sceneFillsScreen != true else { return .fullScreen }
    return .window(shaped: state.interfaceOrientation)
  }

  /// The system's answer to a multitasking app's request when apps run in windows: a window of the
  /// requested shape, floating on a screen that keeps its orientation. A guess from three reports
  /// (capacitor-plugins#2493, StraboField#910, cordova-ios#1626) against the 26.1 code's error 101.
  mutating func reshapeWindow(for requested: OrientationMask) -> Phrase {
    let current = sceneWindow
    let fits = requested.orientations.contains {
      current == .fullScreen ? $0 == state.interfaceOrientation : SceneWindow.window(shaped: $0) == current
    }
    let rule = Rule("windowed-request-reshapes")
    if fits {
      return say(
        "With %1$s the app's window already has a shape %2$s allows: nothing changes (%3$s).",
        system.effectiveWindowing.rawValue, requested.name, rule)
    }
    let shape = requested.orientations.first.map(SceneWindow.window(shaped:)) ?? current
    state.sceneWindow = shape
    return say(
      "With %1$s the system does not turn the screen for a request (%2$s): it reshapes the app's window to a %3$s floating on the screen, which stays %4$s, and no error is reported (the model's reading of public reports, %5$s).",
      system.effectiveWindowing.rawValue, requested.name, shape.rawValue, state.interfaceOrientation.name,
      rule)
  }
}
