/// Push, pop and tab selection: the appearance callbacks run, and UIKit does not decide again
/// (docs/rules.md#no-push-pop).
extension StepRun {
  mutating func push(_ node: Node, depth: Int) throws(StepFailure) -> String {
    guard let nav = tree.deepestVisible(.navigation) else {
      console.append("pushViewController: sent to nil: no navigation controller is on screen")
      return
        "No navigation controller is on screen (self.navigationController is nil), so the push does nothing."
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
    return
      "Push does not make UIKit decide again \(noRedecisionNote): \(name(tree.decider)) is not asked and the "
      + "interface stays \(state.interfaceOrientation.name)\(unsupportedNote())."
  }

  mutating func pop(depth: Int) throws(StepFailure) -> String {
    guard
      let nav = tree.visibleChain.last(where: { tree[$0].kind == .navigation && tree[$0].children.count > 1 })
    else {
      return "Nothing to pop: the visible navigation stack holds one controller or none."
    }
    let children = tree[nav].children
    try transition(
      disappearing: tree.shownChain(from: children[children.count - 1]).reversed(),
      appearing: tree.shownChain(from: children[children.count - 2]), changeBefore: .viewDidAppear,
      depth: depth
    ) { run throws(StepFailure) in _ = run.state.tree.popChild(of: nav) }
    let until =
      modern
      ? "until the app calls setNeedsUpdateOfSupportedInterfaceOrientations"
      : "until the device moves or the app forces a rotation"
    return "Pop does not make UIKit decide again \(noRedecisionNote): the interface stays "
      + "\(state.interfaceOrientation.name)\(unsupportedNote()) \(until) (docs/rules.md#no-push-pop)."
  }

  mutating func selectTab(_ index: Int, depth: Int) throws(StepFailure) -> String {
    guard let tab = tree.deepestVisible(.tabBar) else {
      return "No tab bar controller is on screen: selecting a tab does nothing."
    }
    let children = tree[tab].children
    guard children.indices.contains(index) else {
      return "\(name(tab)) has \(children.count) tabs; tab \(index) does not exist, nothing happens."
    }
    guard index != tree[tab].selected else { return "Tab \(index) is already selected." }
    let oldChain = tree[tab].shownChild.map { tree.shownChain(from: $0) } ?? []
    try transition(
      disappearing: oldChain.reversed(), appearing: tree.shownChain(from: children[index]),
      changeBefore: .viewWillAppear, depth: depth
    ) { run throws(StepFailure) in run.state.tree.select(tab: index, of: tab) }
    guard !modern else {
      // iOS 16+: the tab bar controller invalidates its preferences when the switch finishes
      // (docs/rules.md#tab-switch-refreshes).
      return try refreshAfterTransition(
        "Selecting a tab does not make the new tab decide (\(name(tree.decider)) still decides)", on: tab,
        rule: "tab-switch-refreshes", depth: depth)
    }
    return "Selecting a tab does not make UIKit decide again: the interface stays "
      + "\(state.interfaceOrientation.name)\(unsupportedNote())."
  }

  /// Why push and pop leave the interface alone, per profile.
  var noRedecisionNote: String {
    modern
      ? "(on iOS 16 the app calls setNeedsUpdateOfSupportedInterfaceOrientations for that; the model's choice: docs/rules.md#ios16-push-pop)"
      : "(before iOS 16)"
  }

  /// ", although X would now allow only …" when the current orientation is outside what the
  /// deciding controller would now allow.
  func unsupportedNote() -> String {
    guard let table = answers.currentMasks(), table.shouldAutorotate,
      !table.intersection.contains(state.interfaceOrientation)
    else { return "" }
    return ", although \(table.controllerClass) would now allow only \(table.intersection.name)"
  }
}
