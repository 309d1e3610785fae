/// Present and dismiss: a presentation that fills the window takes over the decision, and
/// dismissing it makes the controller returned to decide again (docs/rules.md#present-decides,
/// docs/rules.md#full-screen-takes-over, docs/rules.md#dismiss-decides).
extension StepRun {
  /// The style UIKit uses, whether it fills the window, and what the model said about it
  /// (docs/rules.md#presentation-styles).
  func resolve(_ requested: PresentationStyle?, presenting kind: ControllerKind) -> (
    style: PresentationStyle, takesOver: Bool, note: String
  ) {
    let version = system.version.major
    var style = requested ?? (version >= 13 ? .automatic : .fullScreen)
    var note = requested == nil ? "No style given: iOS \(system.version) uses \(style.rawValue). " : ""
    if style == .automatic {
      if kind == .alert {
        // An alert presents itself with its own presentation controller (docs/rules.md#alert-presentation).
        style = .custom
        note += "An alert's automatic style is its own presentation (custom). "
      } else if version < 13 {
        style = .fullScreen
        note += "automatic is iOS 13 API; before it the default was fullScreen. "
      } else {
        style = .pageSheet
        note += "automatic resolves to pageSheet. "
      }
    }
    if style == .popover && system.idiom == .phone {
      // In a compact width a popover adapts (docs/rules.md#popover-adapts).
      let adapted: PresentationStyle = version >= 13 ? .pageSheet : .fullScreen
      note += "On iPhone a popover adapts to \(adapted.rawValue). "
      style = adapted
    }
    switch style {
    case .fullScreen, .overFullScreen:
      return (style, true, note)
    case .custom:
      return (style, kind != .alert, note)
    case .pageSheet, .formSheet:
      if system.idiom == .phone && version < 13 {
        note += "Before iOS 13 an iPhone shows a \(style.rawValue) full screen. "
        return (style, true, note)
      }
      return (style, false, note)
    case .currentContext, .overCurrentContext, .popover, .automatic:
      return (style, false, note)
    }
  }

  mutating func present(_ node: Node, style requested: PresentationStyle?, depth: Int) throws(StepFailure)
    -> String?
  {
    let (style, takesOver, note) = resolve(
      requested, presenting: kinds[node.className] ?? ControllerKind.uikitClasses[node.className] ?? .view)
    let presenterChains = tree.displayedChains
    let new = state.tree.instantiate(node, kinds: kinds, parent: nil)
    let newChain = tree.shownChain(from: new)
    let presentedName = name(new)
    let presentation = Presentation(
      controller: new, style: style, presenter: tree.presentingRoot, takesOver: takesOver)
    guard takesOver, !multitasking else {
      try transition(disappearing: [], appearing: newChain, changeBefore: .viewWillAppear, depth: depth) {
        run throws(StepFailure) in run.state.tree.present(presentation)
      }
      if takesOver {
        return
          "In iPad multitasking UIKit asks no controller (docs/rules.md#ipad-multitasking): \(presentedName) appears in the current "
          + "\(state.interfaceOrientation.name)."
      }
      return note.capitalizedFirst
        + "A \(style.rawValue) does not fill the window, so \(presentedName) does not take over "
        + "rotation: \(name(tree.decider)) still decides, and the interface stays \(state.interfaceOrientation.name)."
    }

    // The call order of seed 000's present log (docs/rules.md#present-decides): the app and the
    // presenting controller, then the presented controller's preferred and supported orientations,
    // then both shouldAutorotate. iOS 16 no longer calls shouldAutorotate
    // (docs/rules.md#no-should-autorotate).
    let presenter = tree.decider
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
    if !modern {
      _ = try askShould(presenter, depth: depth)
      should = try askShould(new, depth: depth)
      _ = try askApp(depth: depth)
      _ = try askSupported(new, depth: depth)
    }

    var table = answers.maskTable(
      app: app, supported: supported, controller: new, should: should, decided: true)
    table.shouldAutorotateCalled = !modern
    if modern { state.sceneCache = table }
    masks = table
    let allowed = table.intersection
    if allowed.isEmpty && should { throw .exception(noCommonOrientation(presentedName)) }

    let current = state.interfaceOrientation
    let target: InterfaceOrientation
    let choice: String
    if let preferred, allowed.contains(preferred) || (!should && supported.value.contains(preferred)) {
      target = preferred
      choice = "it prefers \(preferred.name)"
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
        (answer == nil
          ? "it states no preferred orientation, so UIKit picks one" : "UIKit refuses its preference")
        + " (docs/rules.md#preferred-only-when-overridden)"
    }
    let turn = target == current ? "stays \(current.name)" : "turns to \(target.name)"
    decide(
      table,
      reason: note.capitalizedFirst
        + "\(presentedName) fills the window, so it decides (docs/rules.md#full-screen-takes-over) whatever "
        + "\(name(presenter)) supports: "
        + "\(choice) and allows \(allowed.name) (app \(app.value.name) ∩ \(presentedName) "
        + "\(supported.value.name) ∩ device \(system.deviceMask.name)); the interface \(turn).")
    // A full-screen presentation hides the presenter's views; an over-full-screen one keeps them.
    let hidden = style.removesPresenterViews ? presenterChains.reversed().flatMap { $0.reversed() } : []
    try transition(disappearing: hidden, appearing: newChain, changeBefore: .viewWillAppear, depth: depth) {
      run throws(StepFailure) in
      run.state.tree.present(presentation)
      try run.setInterface(target, depth: depth)
    }
    return nil
  }

  mutating func dismiss(depth: Int) throws(StepFailure) -> String? {
    guard let top = tree.presentations.last else { return "Nothing is presented: dismiss does nothing." }
    let dismissedName = name(top.controller)
    let shownAgain = top.style.removesPresenterViews ? chainsBelowTop().flatMap { $0 } : []
    var said: String?
    try transition(
      disappearing: tree.shownChain(from: top.controller).reversed(), appearing: shownAgain,
      changeBefore: .viewDidDisappear, depth: depth
    ) { run throws(StepFailure) in
      // The presentation leaves the stack first (so the controller returned to decides); its
      // controllers live on until their viewDidDisappear: has run.
      _ = run.state.tree.popPresentation()
      if top.takesOver {
        try run.decide(
          .dismiss, depth: depth,
          lead: "\(dismissedName) is dismissed and \(run.name(run.tree.decider)) decides again. ")
      } else {
        said =
          "\(dismissedName) did not fill the window, so dismissing it does not make UIKit decide again: "
          + "the interface stays \(run.state.interfaceOrientation.name)."
      }
    }
    state.tree.discard(top.controller)
    return said
  }

  /// The displayed chains if the top presentation were gone.
  func chainsBelowTop() -> [[Int]] {
    var copy = tree
    _ = copy.popPresentation()
    return copy.displayedChains
  }
}
