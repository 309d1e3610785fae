/// Push, pop and tab selection: the appearance callbacks run, and UIKit does not decide again
/// (docs/rules.md#no-push-pop).
extension StepRun {
  mutating func push(_ node: Node, depth: Int) throws(StepFailure) -> String {
    guard let nav = tree.deepestVisible(.navigation) else {
      console.append(tr("pushViewController: sent to nil: no navigation controller is on screen"))
      return tr(
        "No navigation controller is on screen (self.navigationController is nil), so the push does nothing.")
    }
    if (kinds[node.className] ?? ControllerKind.uikitClasses[node.className]) == .navigation {
      throw .exception(
        ModelledException(
          name: "NSInvalidArgumentException", reason: "Pushing a navigation controller is not supported"))
    }
    let oldChain = tree[nav].shownChild.map { tree.shownChain(from: $0) } ?? []
    let new = state.tree.instantiate(node, kinds: kinds, parent: nav)
    try transition(
      disappearing: oldChain.reversed(), appearing: tree.shownChain(from: new), changeBefore: .viewWillAppear,
      depth: depth
    ) { run throws(StepFailure) in run.state.tree.append(child: new, to: nav) }
    return tr(
      "Push does not make UIKit decide again %s: %s is not asked and the interface stays %s%s.",
      noRedecisionNote,
      name(tree.decider), state.interfaceOrientation.name, unsupportedNote())
  }

  mutating func pop(depth: Int) throws(StepFailure) -> String {
    guard
      let nav = tree.visibleChain.last(where: { tree[$0].kind == .navigation && tree[$0].children.count > 1 })
    else {
      return tr("Nothing to pop: the visible navigation stack holds one controller or none.")
    }
    let children = tree[nav].children
    try transition(
      disappearing: tree.shownChain(from: children[children.count - 1]).reversed(),
      appearing: tree.shownChain(from: children[children.count - 2]), changeBefore: .viewDidAppear,
      depth: depth
    ) { run throws(StepFailure) in _ = run.state.tree.popChild(of: nav) }
    let until =
      modern
      ? tr("until the app calls setNeedsUpdateOfSupportedInterfaceOrientations")
      : tr("until the device moves or the app forces a rotation")
    return tr(
      "Pop does not make UIKit decide again %s: the interface stays %s%s %s (docs/rules.md#no-push-pop).",
      noRedecisionNote, state.interfaceOrientation.name, unsupportedNote(), until)
  }

  mutating func selectTab(_ index: Int, depth: Int) throws(StepFailure) -> String {
    guard let tab = tree.deepestVisible(.tabBar) else {
      return tr("No tab bar controller is on screen: selecting a tab does nothing.")
    }
    let children = tree[tab].children
    guard children.indices.contains(index) else {
      return tr("%s has %s tabs; tab %s does not exist, nothing happens.", name(tab), children.count, index)
    }
    guard index != tree[tab].selected else { return tr("Tab %s is already selected.", index) }
    let oldChain = tree[tab].shownChild.map { tree.shownChain(from: $0) } ?? []
    try transition(
      disappearing: oldChain.reversed(), appearing: tree.shownChain(from: children[index]),
      changeBefore: .viewWillAppear, depth: depth
    ) { run throws(StepFailure) in run.state.tree.select(tab: index, of: tab) }
    guard !modern else {
      // iOS 16+: the tab bar controller invalidates its preferences when the switch finishes
      // (docs/rules.md#tab-switch-refreshes).
      return try refreshAfterTransition(
        tr("Selecting a tab does not make the new tab decide (%s still decides)", name(tree.decider)),
        on: tab,
        rule: "tab-switch-refreshes", depth: depth)
    }
    return tr(
      "Selecting a tab does not make UIKit decide again: the interface stays %s%s.",
      state.interfaceOrientation.name, unsupportedNote())
  }

  /// Why push and pop leave the interface alone, per profile.
  var noRedecisionNote: String {
    modern
      ? tr(
        "(on iOS 16 the app calls setNeedsUpdateOfSupportedInterfaceOrientations for that; the model's choice: docs/rules.md#ios16-push-pop)"
      )
      : tr("(before iOS 16)")
  }

  /// ", although X would now allow only …" when the current orientation is outside what the
  /// deciding controller would now allow.
  func unsupportedNote() -> String {
    guard let table = answers.currentMasks(), table.shouldAutorotate,
      !table.intersection.contains(state.interfaceOrientation)
    else { return "" }
    // TRANSLATORS: Said right after the orientation the interface stays in.
    return tr(", although %s would now allow only %s", table.controllerClass, table.intersection.name)
  }
}
