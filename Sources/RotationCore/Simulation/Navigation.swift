/// Push, pop and tab selection: the appearance callbacks run, and UIKit does not decide again
/// (docs/rules.md#no-push-pop).
extension StepRun {
  mutating func push(_ node: Node, depth: Int) throws(StepFailure) -> Phrase {
    guard let nav = tree.deepestVisible(.navigation) else {
      console.append(say("pushViewController: sent to nil: no navigation controller is on screen"))
      return say(
        "No navigation controller is on screen (self.navigationController is nil), so the push does nothing.")
    }
    if (kinds[node.className] ?? ControllerKind.uikitClasses[node.className]) == .navigation {
      throw .exception(
        ModelledException(
          name: "NSInvalidArgumentException", reason: "Pushing a navigation controller is not supported",
          rule: Rule("push-navigation-controller")))
    }
    let oldChain = tree[nav].shownChild.map { tree.shownChain(from: $0) } ?? []
    // Its parent is set when the stack takes it (inside the transition), so until then it is in
    // no window: a notification posted from the old top's viewWillDisappear: does not reach it.
    let new = state.tree.instantiate(node, kinds: kinds, parent: nil)
    try transition(
      disappearing: oldChain.reversed(), appearing: tree.shownChain(from: new), changeBefore: .viewWillAppear,
      depth: depth, moving: (new, .isMovingToParent)
    ) { run throws(StepFailure) in run.state.tree.append(child: new, to: nav) }
    return say(
      "Push does not make UIKit decide again %s: %s is not asked and the interface stays %s%s.",
      noRedecisionNote,
      name(tree.decider), state.interfaceOrientation.name, unsupportedNote())
  }

  mutating func pop(depth: Int) throws(StepFailure) -> Phrase {
    guard
      let nav = tree.visibleChain.last(where: { tree[$0].kind == .navigation && tree[$0].children.count > 1 })
    else {
      return say("Nothing to pop: the visible navigation stack holds one controller or none.")
    }
    let children = tree[nav].children
    try transition(
      disappearing: tree.shownChain(from: children[children.count - 1]).reversed(),
      appearing: tree.shownChain(from: children[children.count - 2]), changeBefore: .viewWillAppear,
      depth: depth, moving: (children[children.count - 1], .isMovingFromParent)
    ) { run throws(StepFailure) in _ = run.state.tree.popChild(of: nav) }
    let until =
      modern
      ? say("until the app calls setNeedsUpdateOfSupportedInterfaceOrientations")
      : say("until the device moves or the app forces a rotation")
    return say(
      "Pop does not make UIKit decide again %1$s: the interface stays %2$s%3$s %4$s (%5$s).",
      noRedecisionNote, state.interfaceOrientation.name, unsupportedNote(), until, Rule("no-push-pop"))
  }

  mutating func selectTab(_ index: Int, depth: Int) throws(StepFailure) -> Phrase {
    guard let tab = tree.deepestVisible(.tabBar) else {
      return say("No tab bar controller is on screen: selecting a tab does nothing.")
    }
    let children = tree[tab].children
    guard children.indices.contains(index) else {
      return say("%s has %s tabs; tab %s does not exist, nothing happens.", name(tab), children.count, index)
    }
    guard index != tree[tab].selected else { return say("Tab %s is already selected.", index) }
    let oldChain = tree[tab].shownChild.map { tree.shownChain(from: $0) } ?? []
    try transition(
      disappearing: oldChain.reversed(), appearing: tree.shownChain(from: children[index]),
      changeBefore: .viewWillAppear, depth: depth
    ) { run throws(StepFailure) in run.state.tree.select(tab: index, of: tab) }
    try recheckLockPreference(on: tab, when: say("when the tab switch finishes"), depth: depth)
    guard !modern else {
      // iOS 16+: the tab bar controller invalidates its preferences when the switch finishes
      // (docs/rules.md#tab-switch-refreshes).
      return try refreshAfterTransition(
        say("Selecting a tab does not make the new tab decide (%s still decides)", name(tree.decider)),
        on: tab,
        rule: Rule("tab-switch-refreshes"), depth: depth)
    }
    return say(
      "Selecting a tab does not make UIKit decide again: the interface stays %s%s.",
      state.interfaceOrientation.name, unsupportedNote())
  }

  /// Why push and pop leave the interface alone, per profile.
  var noRedecisionNote: Phrase {
    modern
      ? say(
        "(on iOS 16 the app calls setNeedsUpdateOfSupportedInterfaceOrientations for that; the model's choice: %s)",
        Rule("ios16-push-pop"))
      : say("(before iOS 16)")
  }

  /// ", although X would now allow only …" when the current orientation is outside what the
  /// deciding controller would now allow.
  func unsupportedNote() -> Phrase {
    guard let table = answers.currentMasks(), table.shouldAutorotate,
      !table.intersection.contains(state.interfaceOrientation)
    else { return Phrase() }
    // TRANSLATORS: Said right after the orientation the interface stays in.
    return say(", although %s would now allow only %s", table.controllerClass, table.intersection.name)
  }
}
