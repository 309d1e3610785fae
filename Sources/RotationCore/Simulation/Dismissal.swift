/// iOS 8 to 15: where a full-screen dismissal leaves the interface (docs/rules.md#child-turns-parent).
///
/// The presentation controller sets the window's orientation itself, in the order of UIKitCore
/// 18.2's pre-16 branch of `-[_UIFullscreenPresentationController
/// _adjustOrientationIfNecessaryInWindow:forViewController:preservingViewController:]`: the
/// orientation the device last asked for, if the presenter supports it; else the presenter's
/// preferred orientation for presentation, if it overrides one that it supports; else, with
/// `shouldAutorotate` asked only to choose where to start, the first supported of that start, the
/// device's orientation and the current one.
extension StepRun {
  mutating func decideDismissal(depth: Int, lead: Phrase) throws(StepFailure) {
    let decider = tree.decider
    let deciderName = name(decider)
    let app = try askApp(depth: depth)
    let supported = try askSupported(decider, depth: depth)
    var table = answers.maskTable(
      app: app, supported: supported, controller: decider, should: true, decided: true)
    table.shouldAutorotateCalled = false
    masks = table
    let current = state.interfaceOrientation
    if app.value.intersection(supported.value).isEmpty {
      // `__supportedInterfaceOrientations` asks shouldAutorotate only to choose between raising and not.
      let should = try askShould(decider, depth: depth)
      table.shouldAutorotate = should
      table.shouldAutorotateCalled = true
      masks = table
      if should { throw .exception(noCommonOrientation(deciderName)) }
      decide(
        table,
        reason: lead
          + say(
            "The app and %1$s have no orientation in common and %1$s returned NO from shouldAutorotate: nothing is raised and the interface stays %2$s (%3$s).",
            deciderName, current.name, Rule("no-common-orientation")))
      return
    }
    let allowed = table.intersection
    let device = state.deviceOrientation.interfaceOrientation
    // `-[UIApplication _expectedViewOrientation]`: the orientation the device last asked for, kept
    // even when the turn was refused; while the device lies flat, where the presentation began
    // (docs/rules.md#dismiss-flat).
    let expected = device ?? returnTo.flatMap { $0 == .unknown ? nil : $0 }
    let rule = Rule("child-turns-parent")
    if let expected, expected != current, allowed.contains(expected) {
      let why =
        device == nil
        ? say(
          "The device lies flat: the presentation controller returns the window to %1$s, where it was when the presentation began (%2$s), which %3$s supports (%4$s); shouldAutorotate is not asked.",
          expected.name, Rule("dismiss-flat"), deciderName, allowed.name)
        : say(
          "The presentation controller turns the window to %1$s, the orientation the device last asked for, which %2$s supports (%3$s); shouldAutorotate is not asked (%4$s).",
          expected.name, deciderName, allowed.name, rule)
      decide(table, reason: lead + why)
      return try setInterface(expected, depth: depth)
    }
    if answers.hasPreference(decider) {
      let answer = try askPreferred(decider, depth: depth)
      if let preferred = try checkPreferred(answer, app: app, supported: supported, of: decider),
        allowed.contains(preferred)
      {
        let turn = preferred == current ? say("stays %s", current.name) : say("turns to %s", preferred.name)
        decide(
          table,
          reason: lead
            + say(
              "%1$s prefers %2$s for presentation and supports it: the presentation controller's window %3$s; shouldAutorotate is not asked (%4$s).",
              deciderName, preferred.name, turn, rule))
        if preferred != current { try setInterface(preferred, depth: depth) }
        return
      }
    }
    // Asked only to choose where to start looking: the device's orientation on YES, the current
    // one on NO.
    let should = try askShould(decider, depth: depth)
    table.shouldAutorotate = should
    table.shouldAutorotateCalled = true
    let start = should ? (device ?? current) : current
    let target =
      [start, device, current].compactMap { $0 }.first(where: allowed.contains)
      ?? snapOrder.first(where: allowed.contains) ?? current
    let from =
      should
      ? say(
        "%s returned YES from shouldAutorotate, so UIKit starts from the device's orientation", deciderName)
      : say(
        "%s returned NO from shouldAutorotate, so UIKit starts from the current orientation (NO does not block the dismissal's turn)",
        deciderName)
    let turn = target == current ? say("stays %s", current.name) : say("turns to %s", target.name)
    decide(
      table,
      reason: lead
        + say(
          "%1$s and takes the first of it, the device's and the current orientation that %2$s supports (%3$s): the interface %4$s (%5$s).",
          from, deciderName, allowed.name, turn, rule))
    if target != current { try setInterface(target, depth: depth) }
  }
}
