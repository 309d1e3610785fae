/// Present and dismiss: a presentation that fills the window takes over the decision, and
/// dismissing it makes the controller returned to decide again (docs/rules.md#present-decides,
/// docs/rules.md#full-screen-takes-over, docs/rules.md#dismiss-decides).
extension StepRun {
  /// The style UIKit uses, whether the presented controller decides the orientation, and what the
  /// model said about it (docs/rules.md#presentation-styles, docs/rules.md#default-presentation-style).
  func resolve(_ requested: PresentationStyle?, presenting kind: ControllerKind) -> (
    style: PresentationStyle, takesOver: Bool, note: Phrase
  ) {
    let version = system.version.major
    var note = Phrase()
    var style = requested ?? (version >= 13 ? .automatic : .fullScreen)
    var says: [Phrase] = []
    if kind == .alert {
      // UIAlertController ignores the style it is given and presents itself with its own
      // presentation controller, style custom (docs/rules.md#alert-presentation).
      if requested != nil && requested != .custom && requested != .automatic {
        says.append(
          say(
            "UIAlertController ignores the style it is given (%s) and presents itself as custom.",
            style.rawValue))
      }
      style = .custom
    } else if requested == nil {
      says.append(say("No style given: iOS %s uses %s.", system.version, style.rawValue))
    }
    if style == .automatic {
      if version < 13 {
        style = .fullScreen
        says.append(say("Automatic arrived in iOS 13; before it the default was fullScreen."))
      } else {
        style = .pageSheet
        says.append(say("Automatic resolves to pageSheet."))
      }
    }
    note = says.reduce(Phrase()) { $0 + $1 + Phrase(verbatim: " ") }
    switch style {
    case .fullScreen, .overFullScreen:
      return (style, true, note)
    case .custom:
      // A custom presentation decides for an app built with a current SDK (the model's choice on
      // every system: docs/rules.md#custom-decides).
      return (style, true, note)
    case .pageSheet, .formSheet:
      if system.idiom == .phone && version < 13 {
        note += say("Before iOS 13 an iPhone shows a %s full screen. ", style.rawValue)
        return (style, true, note)
      }
      return (style, false, note)
    case .popover:
      if system.idiom == .phone {
        note +=
          version >= 13
          ? say("On iPhone a popover adapts to a form sheet, but keeps its style. ")
          : say("On iPhone a popover adapts to full screen, but keeps its style. ")
      }
      return (style, false, note)
    case .currentContext, .overCurrentContext, .automatic:
      return (style, false, note)
    }
  }

  mutating func present(_ node: Node, style requested: PresentationStyle?, depth: Int) throws(StepFailure)
    -> Phrase?
  {
    let (style, takesOver, note) = resolve(
      requested, presenting: kinds[node.className] ?? ControllerKind.uikitClasses[node.className] ?? .view)
    let presenterChains = tree.displayedChains
    let new = state.tree.instantiate(node, kinds: kinds, parent: nil)
    let newChain = tree.shownChain(from: new)
    let presentedName = name(new)
    var presentation = Presentation(
      controller: new, style: style, presenter: tree.presentingRoot, takesOver: takesOver)
    presentation.orientationBefore = state.interfaceOrientation
    // A presentation in a window that does not drive the orientation decides nothing
    // (docs/rules.md#driving-window).
    let inDriver = tree.current == tree.driver
    guard takesOver, !multitasking, inDriver else {
      let hidden = style.removesPresenterViews ? presenterChains.reversed().flatMap { $0.reversed() } : []
      try transition(
        disappearing: hidden, appearing: newChain, changeBefore: .viewWillAppear, depth: depth,
        moving: (new, .isBeingPresented)
      ) {
        run throws(StepFailure) in
        run.state.tree.present(presentation)
        try run.recheckLockPreference(
          on: presentation.presenter, when: say("when the presentation starts"), depth: depth)
      }
      if multitasking {
        return say(
          "In iPad multitasking UIKit asks no controller (%3$s): %1$s appears in the current %2$s.",
          presentedName, state.interfaceOrientation.name, Rule("ipad-multitasking"))
      }
      if !inDriver {
        return note.capitalizedFirst
          + say(
            "%1$s is presented in window %2$s, which does not drive the orientation (window %3$s does: %5$s), so UIKit asks nothing and the interface stays %4$s.",
            presentedName, tree.windows[tree.current].name, tree.windows[tree.driver].name,
            state.interfaceOrientation.name, Rule("driving-window"))
      }
      let said =
        note.capitalizedFirst
        + say(
          "A %1$s presentation never decides the orientation (%4$s), so %2$s does not take over rotation: %3$s still decides",
          style.rawValue, presentedName, name(tree.decider), Rule("presentation-styles"))
      return try refreshAfterTransition(said, depth: depth)
    }

    // An exception while presenting ends the app with the controller being presented: the tree
    // shows it there.
    do throws(StepFailure) {
      // The call order of seed 000's present log (docs/rules.md#present-decides): the app and the
      // presenting controller, then the presented controller's preferred and supported orientations,
      // then both shouldAutorotate. iOS 16 no longer calls shouldAutorotate
      // (docs/rules.md#no-should-autorotate).
      let presenter = tree.decider
      // While UIKit decides, the app's "top view controller" already finds the presented one.
      state.presenting = new
      defer { state.presenting = nil }
      let app = try askApp(depth: depth)
      _ = try askSupported(presenter, depth: depth)
      // UIKit asks for the preferred orientation only when the class has one to give
      // (docs/rules.md#preferred-only-when-overridden).
      let answer = answers.hasPreference(new) ? try askPreferred(new, depth: depth) : nil
      let supported = try askSupported(new, depth: depth)
      let preferred = try answer.flatMap { answer throws(StepFailure) in
        try checkPreferred(answer, app: app, supported: supported, of: new)
      }
      var should = true
      var askedShould = !modern
      if !modern {
        _ = try askShould(presenter, depth: depth)
        should = try askShould(new, depth: depth)
        _ = try askApp(depth: depth)
        _ = try askSupported(new, depth: depth)
      } else if app.value.intersection(supported.value).isEmpty {
        // Asked only to choose between raising and not (docs/rules.md#no-common-orientation).
        should = try askShould(new, depth: depth)
        askedShould = true
      }

      var table = answers.maskTable(
        app: app, supported: supported, controller: new, should: should, decided: true)
      table.shouldAutorotateCalled = askedShould
      if modern { state.sceneCache = table }
      masks = table
      let allowed = table.intersection
      if app.value.intersection(supported.value).isEmpty && should {
        throw .exception(noCommonOrientation(presentedName))
      }
      try checkEnteringLeaf(of: new, app: app.value, depth: depth)

      let current = state.interfaceOrientation
      let target: InterfaceOrientation
      let choice: Phrase
      if let preferred,
        allowed.contains(preferred) || (!modern && !should && supported.value.contains(preferred))
      {
        target = preferred
        choice = say("it prefers %s", preferred.name)
      } else {
        // With no preference (or a refused one) UIKit picks: the device's orientation if allowed,
        // else the current one, else the first allowed.
        let device = state.deviceOrientation.interfaceOrientation
        if let device, allowed.contains(device) {
          target = device
        } else if allowed.contains(current) {
          target = current
        } else {
          target = snapOrder.first(where: allowed.contains) ?? current
        }
        choice =
          answer == nil
          ? say(
            "it states no preferred orientation, so UIKit picks one (%s)",
            Rule("preferred-only-when-overridden"))
          : say("UIKit refuses its preference (%s)", Rule("preferred-only-when-overridden"))
      }
      // TRANSLATORS: Ends "…; the interface %s." below.
      let turn = target == current ? say("stays %s", current.name) : say("turns to %s", target.name)
      let deferral =
        tree[new].kind == .alert && classes[presentedName]?.supportedInterfaceOrientations == nil
        ? say(
          "%1$s answers with its presenter %2$s's supported orientations (%3$s); ",
          presentedName, name(tree.presentingRoot), Rule("alert-defers-to-presenter"))
        : say("whatever %s supports: ", name(presenter))
      decide(
        table,
        reason: note.capitalizedFirst
          + say("%1$s fills the window, so it decides (%2$s) ", presentedName, Rule("full-screen-takes-over"))
          + deferral
          + say(
            "%s and allows %s (app %s ∩ %s %s ∩ device %s); the interface %s.", choice, allowed.name,
            app.value.name, presentedName, supported.value.name, system.deviceMask.name, turn))
      // A full-screen presentation hides the presenter's views; an over-full-screen one keeps them.
      let hidden = style.removesPresenterViews ? presenterChains.reversed().flatMap { $0.reversed() } : []
      try transition(
        disappearing: hidden, appearing: newChain, changeBefore: .viewWillAppear, depth: depth,
        moving: (new, .isBeingPresented)
      ) {
        run throws(StepFailure) in
        run.state.tree.present(presentation)
        try run.setInterface(target, depth: depth)
        try run.recheckLockPreference(
          on: presentation.presenter, when: say("when the presentation starts"), depth: depth)
      }
    } catch {
      if !tree.presentations.contains(where: { $0.controller == new }) { state.tree.present(presentation) }
      throw error
    }
    return nil
  }

  mutating func dismiss(depth: Int) throws(StepFailure) -> Phrase? {
    guard let top = tree.presentations.last else { return say("Nothing is presented: dismiss does nothing.") }
    let dismissedName = name(top.controller)
    let shownAgain = top.style.removesPresenterViews ? chainsBelowTop().flatMap { $0 } : []
    // docs/rules.md#custom-dismissal: iOS 8 to 15 do not decide again when an app's custom
    // presentation is dismissed (an alert's own presentation is not the app's).
    let version = system.version.major
    let keepsOrientation =
      top.style == .custom && (8...15).contains(version) && tree.controllers[top.controller]?.kind != .alert
    var said: Phrase?
    try transition(
      disappearing: tree.shownChain(from: top.controller).reversed(), appearing: shownAgain,
      changeBefore: .viewDidDisappear, depth: depth, moving: (top.controller, .isBeingDismissed)
    ) { run throws(StepFailure) in
      // The presentation leaves the stack first (so the controller returned to decides); its
      // controllers live on until their viewDidDisappear: has run.
      _ = run.state.tree.popPresentation()
      try run.recheckLockPreference(on: top.presenter, when: say("when the dismissal starts"), depth: depth)
      run.returnTo = top.orientationBefore
      defer { run.returnTo = nil }
      if top.takesOver && !keepsOrientation && run.tree.current == run.tree.driver {
        try run.decide(
          .dismiss, depth: depth,
          lead: say("%s is dismissed and %s decides again. ", dismissedName, run.name(run.tree.decider)))
      }
    }
    if tree.current != tree.driver {
      said = say(
        "%1$s was presented in window %2$s, which does not drive the orientation (%4$s): UIKit asks nothing and the interface stays %3$s.",
        dismissedName, tree.windows[tree.current].name, state.interfaceOrientation.name,
        Rule("driving-window"))
    } else if keepsOrientation {
      said = say(
        "%1$s was a custom presentation: before iOS 16 UIKit does not decide again when one is dismissed (%3$s), so the interface stays %2$s until the device turns or the app calls attemptRotationToDeviceOrientation.",
        dismissedName, state.interfaceOrientation.name, Rule("custom-dismissal"))
    } else if !top.takesOver {
      said = try refreshAfterTransition(
        say(
          "%s never decided (a %s presentation), so its dismissal leaves %s deciding", dismissedName,
          top.style.rawValue, name(tree.decider)), depth: depth)
    }
    state.tree.discard(top.controller)
    return said
  }

  /// After a presentation or dismissal that did not decide: before iOS 16 nothing more happens; from
  /// iOS 16 UIKit refreshes the scene's supported orientations when the transition finishes, as
  /// `setNeedsUpdateOfSupportedInterfaceOrientations` on the window's root does
  /// (docs/rules.md#refresh-after-transition). `said` is the sentence so far, without its end.
  mutating func refreshAfterTransition(
    _ said: Phrase, on receiver: Int? = nil, rule: Rule = Rule("refresh-after-transition"), depth: Int
  ) throws(StepFailure) -> Phrase {
    guard modern, !multitasking else {
      return say(
        "%s and UIKit does not decide again: the interface stays %s.", said, state.interfaceOrientation.name)
    }
    let receiver = receiver ?? tree.root
    _ = try record(
      Call(
        receiver: name(receiver), receiverID: receiver,
        method: .setNeedsUpdateOfSupportedInterfaceOrientations,
        answer: nil, overridden: false, depth: depth, kind: .api,
        note: say("UIKit, when the transition finishes"))
    )
    try decide(
      .attempt, depth: depth,
      lead: say(
        "%1$s; when the transition finishes, iOS 16+ refreshes the scene's supported orientations (%2$s). ",
        said, rule))
    return outcome(nil)
  }

  /// When a container's view enters the window, UIKit asks its shown leaf for its supported
  /// orientations too, and ignores the answer unless the app has none of them: then it raises, naming
  /// the leaf (docs/rules.md#entering-child-checked).
  mutating func checkEnteringLeaf(of container: Int, app: OrientationMask, depth: Int) throws(StepFailure) {
    guard let leaf = tree.shownChain(from: container).last, leaf != container, !multitasking else { return }
    let index = calls.count
    let supported = try askSupported(leaf, depth: depth)
    if calls.indices.contains(index) {
      calls[index].note = say("answer ignored: %s is not the deciding controller", name(leaf))
      calls[index].ignored = true
    }
    guard app.intersection(supported.value).isEmpty else { return }
    // As for the deciding controller, only while its shouldAutorotate is YES.
    guard try askShould(leaf, depth: depth) else { return }
    var exception = noCommonOrientation(name(leaf))
    exception.rule = Rule("entering-child-checked")
    throw .exception(exception)
  }

  /// The displayed chains if the top presentation were gone.
  func chainsBelowTop() -> [[Int]] {
    var copy = tree
    _ = copy.popPresentation()
    return copy.displayedChains
  }
}
