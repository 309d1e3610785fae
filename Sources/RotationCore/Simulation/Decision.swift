/// The decision: UIKit intersects the app's, the deciding controller's and the device's masks,
/// gated by `shouldAutorotate` before iOS 16, and turns the interface, keeps it, or raises
/// (docs/rules.md#intersection, docs/rules.md#turn-or-stay, docs/rules.md#should-autorotate-gate).
extension StepRun {
  /// The order UIKit tries when the current orientation is not allowed: Info.plist order, then
  /// portrait, landscapeRight, landscapeLeft, upside down (docs/rules.md#fallback-order, the
  /// model's choice).
  var snapOrder: [InterfaceOrientation] {
    var order = scenario.app.infoPlist ?? []
    for o in [InterfaceOrientation.portrait, .landscapeRight, .landscapeLeft, .portraitUpsideDown]
    where !order.contains(o) {
      order.append(o)
    }
    return order
  }

  /// Asks the deciding controller and turns the interface if UIKit would. `cause` says what made
  /// UIKit decide, with the colon that leads to the conclusion ("LandscapeRightVC forced …: "),
  /// `lead` is said before the whole reason.
  mutating func decide(_ trigger: Trigger, depth: Int, cause: Phrase? = nil, lead: Phrase = Phrase())
    throws(StepFailure)
  {
    if multitasking { return decideInMultitasking(depth: depth, lead: lead) }
    let decider = tree.decider
    let table: MaskTable
    var preferred: InterfaceOrientation?
    // From iOS 8 to 15 a full-screen dismissal goes through the presentation controller
    // (docs/rules.md#child-turns-parent).
    if !modern, trigger == .dismiss, system.version.major >= 8 {
      return try decideDismissal(depth: depth, lead: lead)
    }
    let fromCache = modern && trigger == .deviceChange && state.sceneCache != nil
    if fromCache, var cached = state.sceneCache {
      // On iOS 16 a device rotation is checked against the scene's cached supported
      // orientations; nobody is asked (docs/rules.md#ios16-rotation-uses-cache).
      cached.deviceOrientation = state.deviceOrientation
      cached.controllerSource = say("cached by the scene (iOS 16 asks nobody on rotation)")
      cached.decided = true
      cached.shouldAutorotateCalled = false
      table = cached
    } else {
      let app = try askApp(depth: depth)
      let supported = try askSupported(decider, depth: depth)
      if trigger == .dismiss, answers.hasPreference(decider) {
        let answer = try askPreferred(decider, depth: depth)
        preferred = try checkPreferred(answer, app: app, supported: supported, of: decider)
      }
      let allowedNow = app.value.intersection(supported.value).intersection(system.deviceMask)
      if !modern, trigger == .attemptRotation, answers.hasPreference(decider),
        !allowedNow.contains(state.interfaceOrientation),
        !(state.deviceOrientation.interfaceOrientation.map(allowedNow.contains) ?? false)
      {
        // Stranded: the only way out is the controller's own preferred orientation
        // (docs/rules.md#attempt-rotation).
        preferred = try askPreferred(decider, depth: depth)
      }
      if modern {
        // shouldAutorotate is no longer called to gate the turn; the masks alone decide
        // (docs/rules.md#no-should-autorotate). It is still asked when the app's and the controller's
        // masks have nothing in common, to choose between raising and staying
        // (docs/rules.md#no-common-orientation).
        var should = true
        let asked = app.value.intersection(supported.value).isEmpty
        if asked { should = try askShould(decider, depth: depth) }
        var fresh = answers.maskTable(
          app: app, supported: supported, controller: decider, should: should, decided: true)
        fresh.shouldAutorotateCalled = asked
        state.sceneCache = fresh
        table = fresh
      } else {
        let should = try askShould(decider, depth: depth)
        table = answers.maskTable(
          app: app, supported: supported, controller: decider, should: should, decided: true)
      }
    }
    masks = table  // shown even when the decision raises
    var (conclusion, target) = try conclude(table, preferred: preferred, trigger: trigger, cached: fromCache)
    if let target, target == turningTo {
      conclusion += say(
        " UIKit is already turning the interface to %1$s: a decision made inside that turn's callbacks changes nothing (%2$s).",
        target.name, Rule("turn-reentry"))
    }
    var stale = false
    if fromCache, target == nil,
      let mapped = state.deviceOrientation.interfaceOrientation, !table.intersection.contains(mapped),
      let fresh = answers.currentMasks(), fresh.intersection.contains(mapped)
    {
      conclusion += say(
        " The scene judged the turn by its cached supported orientations (%1$s), though %2$s now allows %3$s: call setNeedsUpdateOfSupportedInterfaceOrientations when what it supports changes (%4$s).",
        table.intersection.name, fresh.controllerClass, fresh.intersection.name,
        Rule("ios16-rotation-uses-cache"))
      stale = true
    }
    let said = cause.map { $0 + conclusion.lowercasedFirst } ?? conclusion
    decide(table, reason: lead + said, stale: stale)
    if let target { try setInterface(target, depth: depth) }
  }

  /// What a decision's masks lead to: why, and the orientation to turn to (nil: it stays).
  func conclude(_ table: MaskTable, preferred: InterfaceOrientation?, trigger: Trigger, cached: Bool = false)
    throws(StepFailure) -> (reason: Phrase, turnTo: InterfaceOrientation?)
  {
    let current = state.interfaceOrientation
    let decider = table.controllerClass
    let common = table.app.intersection(table.controller)
    if modern && table.shouldAutorotateCalled && !table.shouldAutorotate && common.isEmpty {
      // iOS 16+ asked only to choose between raising and not (docs/rules.md#no-common-orientation).
      return (
        say(
          "The app and %1$s have no orientation in common; UIKit asked shouldAutorotate only to decide whether to raise, and %1$s returned NO: nothing is raised and the interface stays %2$s (%3$s).",
          decider, current.name, Rule("no-common-orientation")), nil
      )
    }
    if table.shouldAutorotateCalled && !table.shouldAutorotate {
      return (
        say(
          // TRANSLATORS: After a cause and a colon, this conclusion's first letter is lowercased: begin
          // it with a word, not with the class name (%s).
          "%s returned NO from shouldAutorotate, so its supported orientations are not used and the interface stays %s.",
          decider, current.name), nil
      )
    }
    let allowed = table.intersection
    if common.isEmpty {
      // The scene's cache holds what it last computed; a device turn judged by it asks nobody and
      // so raises nothing (docs/rules.md#ios16-rotation-uses-cache).
      if cached {
        return (
          say(
            "The scene's cached orientations have nothing in common with the app's: nobody is asked on a device turn, nothing is raised, and the interface stays %1$s (%2$s).",
            current.name, Rule("ios16-rotation-uses-cache")), nil
        )
      }
      // From iOS 13 the launch itself no longer raises (docs/rules.md#no-common-at-launch).
      if trigger == .launch && system.version.major >= 13 {
        return (
          say(
            "The app and %1$s have no orientation in common, but from iOS 13 the launch does not raise (%3$s); the interface stays %2$s, where the launch screen put it (the model's guess). A later rotation or presentation that decides still raises.",
            decider, current.name, Rule("no-common-at-launch")), nil
        )
      }
      throw .exception(noCommonOrientation(decider))
    }
    if allowed.isEmpty {
      // UIKit's check leaves the device out: nothing is raised, and there is nowhere to turn.
      return (
        say(
          "The app and %1$s share %2$s, which this device cannot show (device %3$s): UIKit raises nothing (%5$s) and the interface stays %4$s.",
          decider, table.app.intersection(table.controller).name, table.device.name, current.name,
          Rule("no-common-orientation")), nil
      )
    }
    let target = table.mappedOrientation
    let intersection = say(
      // TRANSLATORS: Put into "%s, which is in %s: …" below.
      "the intersection %s (app %s ∩ %s %s ∩ device %s)", allowed.name, table.app.name, decider,
      table.controller.name, table.device.name)
    let mapping =
      // TRANSLATORS: Begins "%s, which is in %s: …" and the sentences after it (first letter capitalized).
      (target.map { say("device %s maps to interface %s", table.deviceOrientation.name, $0.name) }
      ?? say("device %s has no interface orientation", table.deviceOrientation.name)).capitalizedFirst
    if let target, allowed.contains(target) {
      if target == current {
        return (say("%s, which is in %s: the interface stays %s.", mapping, intersection, current.name), nil)
      }
      return (
        say("%s, which is in %s: the interface turns to %s.", mapping, intersection, target.name), target
      )
    }
    // A dismissal while the device lies flat returns to where the presentation began, when the
    // presenter allows it (openradar 25614825, variation A; docs/rules.md#dismiss-flat).
    if trigger == .dismiss, target == nil, let back = returnTo, back != .unknown, back != current,
      allowed.contains(back)
    {
      return (
        say(
          "%1$s: the dismissal returns the interface to %2$s, where it was when the presentation began (%3$s).",
          mapping, back.name, Rule("dismiss-flat")), back
      )
    }
    if allowed.contains(current) {
      var reason =
        target == nil
        ? say("%s: the interface stays %s.", mapping, current.name)
        : say("%s, which is not in %s: the interface stays %s.", mapping, intersection, current.name)
      if trigger == .launch && target != nil { reason += say(" (%s is allowed.)", current.name) }
      return (reason, nil)
    }
    let snap: InterfaceOrientation
    if let preferred, allowed.contains(preferred) {
      snap = preferred
    } else if trigger == .attemptRotation && !modern {
      // flutter/flutter#13238: the attempt alone leaves a stranded interface where it is.
      return (
        say(
          "%1$s, and neither it nor the current %2$s is in %3$s; %4$s prefers no orientation it allows, so the attempt finds nowhere to turn and the interface stays %2$s until the device turns (%5$s).",
          mapping, current.name, intersection, decider, Rule("attempt-rotation")), nil
      )
    } else {
      snap = snapOrder.first(where: allowed.contains)!
    }
    let reason =
      snap == preferred
      ? say(
        "%1$s, and neither it nor the current %2$s is in %3$s: UIKit turns the interface to %4$s, %5$s's preferredInterfaceOrientationForPresentation (%6$s).",
        mapping, current.name, intersection, snap.name, decider,
        Rule(trigger == .attemptRotation ? "attempt-rotation" : "dismiss-decides"))
      : say(
        "%1$s, and neither it nor the current %2$s is in %3$s: UIKit turns the interface to %4$s (the first allowed, in the model's choice of UIKit's order: %5$s).",
        mapping, current.name, intersection, snap.name, Rule("fallback-order"))
    return (reason, snap)
  }

  /// Records the table of a decision an exception cut short, with the shouldAutorotate answer
  /// UIKit did not get to ask for.
  mutating func recordInterruptedTable(
    app: Answer<OrientationMask>, supported: Answer<OrientationMask>, controller: Int
  ) {
    let should = answers.should(controller, depth: 0)
    masks = answers.maskTable(
      app: app, supported: supported, controller: controller, should: should.complete ? should.value : true,
      decided: true)
  }

  /// docs/rules.md#no-common-orientation.
  func noCommonOrientation(_ decider: String) -> ModelledException {
    // iOS 6 and 7 printed the reason without the class name (docs/rules.md#exception-texts).
    let suffix =
      system.version.major >= 8
      ? ", and [\(decider) shouldAutorotate] is returning YES" : ", and shouldAutorotate is returning YES"
    return ModelledException(
      name: "UIApplicationInvalidInterfaceOrientation",
      reason: "Supported orientations has no common orientation with the application\(suffix)",
      fix: alertDeferral(decider)
        ?? say(
          "Fix: give the app's mask (Info.plist or the delegate's answer) and %1$s's supportedInterfaceOrientations an orientation in common (%2$s).",
          decider, Rule("no-common-orientation")),
      rule: Rule("no-common-orientation"))
  }

  /// The fix for an alert that answered with its presenter's orientations.
  func alertDeferral(_ className: String) -> Phrase? {
    let kind = kinds[className] ?? ControllerKind.uikitClasses[className]
    guard kind == .alert, classes[className]?.supportedInterfaceOrientations == nil else { return nil }
    // An alert already shown is the decider; one being presented is presented by the top.
    let shown = name(tree.decider) == className && tree[tree.decider].kind == .alert
    let presenter = name(
      (shown ? tree.presentingViewController(of: tree.decider) : nil) ?? tree.presentingRoot)
    return say(
      "Fix: %1$s answers with the orientations of the controller presenting it, %2$s (%3$s): present the alert from a controller that shares an orientation with the app, or give the app's mask one of %2$s's orientations (%4$s).",
      className, presenter, Rule("alert-defers-to-presenter"), Rule("no-common-orientation"))
  }

  /// A preferred orientation the controller does not support raises before iOS 17; from iOS 17 UIKit
  /// logs it and picks an orientation itself (the boundary is the model's choice: crash reports go
  /// up to iOS 16, UIKitCore 18.2 logs). Returns the preference UIKit uses, nil when it was refused
  /// (docs/rules.md#preferred-not-supported). The exception comes before shouldAutorotate is asked;
  /// the step's table still shows what UIKit saw.
  mutating func checkPreferred(
    _ preferred: InterfaceOrientation, app: Answer<OrientationMask>, supported: Answer<OrientationMask>,
    of id: Int
  ) throws(StepFailure) -> InterfaceOrientation? {
    let mask = supported.value
    guard !mask.contains(preferred) else { return preferred }
    // Older systems printed neither the orientation nor the list (docs/rules.md#exception-texts).
    let message =
      system.version.major >= 10
      ? "preferredInterfaceOrientationForPresentation '\(preferred.name)' must match a supported interface "
        + "orientation: '\(mask.uikitList)'!"
      : "preferredInterfaceOrientationForPresentation must return a supported interface orientation!"
    if system.version.major >= 17 {
      console.append(Phrase(verbatim: "[Orientation] " + message))
      return nil
    }
    recordInterruptedTable(app: app, supported: supported, controller: id)
    throw .exception(
      ModelledException(
        name: "UIApplicationInvalidInterfaceOrientation", reason: message,
        fix: say(
          "Fix: return one of %1$s from %2$s's preferredInterfaceOrientationForPresentation (or what it forwards to), or do not override it: UIKit then picks an orientation itself (%3$s).",
          mask.uikitList, name(id), Rule("preferred-only-when-overridden")),
        rule: Rule("preferred-not-supported")))
  }

  /// Turns the interface: status-bar notifications and, for a 90° turn, `viewWillTransitionToSize:`
  /// to every controller whose view is in the window (docs/rules.md#view-will-transition).
  mutating func setInterface(_ orientation: InterfaceOrientation, depth: Int) throws(StepFailure) {
    let old = state.interfaceOrientation
    guard orientation != old, orientation != turningTo else { return }
    let outer = turningTo
    turningTo = orientation
    defer { turningTo = outer }
    notifications.append("UIApplicationWillChangeStatusBarOrientationNotification")
    try notifyObservers("UIApplicationWillChangeStatusBarOrientationNotification", depth: depth)
    // Before iOS 8 the rotation callbacks, around every turn (180° included); from iOS 8
    // viewWillTransitionToSize:, for a change of size only (docs/rules.md#rotation-callbacks-before-ios8).
    let legacy = system.version.major < 8 && old != .unknown
    if legacy {
      for chain in tree.allDisplayedChains {
        for id in chain { try lifecycle(id, .willRotate, depth: depth) }
      }
    } else {
      try turnWindows(from: old, to: orientation, depth: depth)
    }
    state.interfaceOrientation = orientation
    if legacy {
      for chain in tree.allDisplayedChains {
        for id in chain { try lifecycle(id, .willAnimateRotation, depth: depth) }
      }
      for chain in tree.allDisplayedChains {
        for id in chain { try lifecycle(id, .didRotate, depth: depth) }
      }
    }
    notifications.append("UIApplicationDidChangeStatusBarOrientationNotification")
    try notifyObservers("UIApplicationDidChangeStatusBarOrientationNotification", depth: depth)
  }
}
