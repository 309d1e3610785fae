/// Several windows: a player or HUD window shown over the main one. The front-most visible window
/// drives the orientation; showing or hiding a window that changes the driver makes UIKit decide
/// again with the new driver's masks. Tree events go to the key window unless they name another
/// (docs/rules.md#driving-window, docs/rules.md#window-show-hide).
extension StepRun {
  /// At launch: the scenario's other windows get their roots, hidden; `launch` shows those that
  /// are not hidden, after the main window.
  mutating func createWindows() {
    for spec in scenario.windows {
      let root = state.tree.instantiate(spec.root, kinds: kinds, parent: nil)
      state.tree.addWindow(name: spec.name, root: root, level: spec.level, hidden: true)
    }
  }

  /// The windows the scenario says are visible at launch, shown in file order.
  mutating func showLaunchWindows() throws(StepFailure) {
    for spec in scenario.windows where !spec.hidden {
      _ = try show(spec.name, makeKey: false, depth: 0)
    }
  }

  func levelName(_ index: Int) -> String { WindowSpec.levelName(tree.windows[index].level) }

  /// `window.hidden = NO` (and `makeKeyAndVisible`): the window's controllers appear; if it is now
  /// the front-most visible window, UIKit decides with its masks.
  mutating func show(_ name: String, makeKey: Bool, depth: Int) throws(StepFailure) -> Phrase {
    guard let index = tree.window(named: name) else { return say("No window is named %s.", name) }
    if makeKey {
      state.tree.makeKey(index)
      // The rest of the step's tree events go to the new key window.
      state.tree.current = index
    }
    let keyNote = makeKey ? say(" It is now the key window: tree events go to it.") : Phrase()
    guard tree.windows[index].hidden else {
      return say("Window %s is already visible, so nothing appears and nothing is asked.%s", name, keyNote)
    }
    let before = tree.driver
    var copy = tree
    copy.setHidden(false, window: index)
    let appearing = copy.displayedChains(in: index).flatMap { $0 }
    try transition(disappearing: [], appearing: appearing, changeBefore: .viewWillAppear, depth: depth) {
      run throws(StepFailure) in run.state.tree.setHidden(false, window: index)
    }
    if before == index {
      return say(
        "Window %1$s drove the orientation while hidden (iOS 8 consulted a hidden window's root: %3$s), so showing it asks nothing: the interface stays %2$s.%4$s",
        name, state.interfaceOrientation.name, Rule("ios8-hidden-window-drives"), keyNote)
    }
    guard tree.driver != before else {
      return say(
        "Window %1$s (level %2$s) is shown behind window %3$s (level %4$s), which still drives the orientation (%7$s): nothing is asked and the interface stays %5$s.%6$s",
        name, levelName(index), tree.windows[tree.driver].name, levelName(tree.driver),
        state.interfaceOrientation.name, keyNote, Rule("driving-window"))
    }
    try decide(
      .attempt, depth: depth,
      lead: say(
        "Window %1$s (level %2$s) is now the front-most visible window, so it drives the orientation (%3$s) and UIKit decides with its masks. ",
        name, levelName(index), Rule("driving-window")))
    try alignDrivingWindow(depth: depth)
    return outcome(nil) + keyNote
  }

  /// `window.hidden = YES`: the window's controllers disappear; if it drove the orientation, the
  /// next window in front drives, and UIKit decides with its masks.
  mutating func hide(_ name: String, depth: Int) throws(StepFailure) -> Phrase {
    guard let index = tree.window(named: name) else { return say("No window is named %s.", name) }
    guard !tree.windows[index].hidden else {
      return say("Window %s is already hidden: nothing happens.", name)
    }
    let before = tree.driver
    let disappearing = tree.displayedChains(in: index).flatMap { $0 }.reversed()
    try transition(
      disappearing: Array(disappearing), appearing: [], changeBefore: .viewWillDisappear, depth: depth
    ) {
      run throws(StepFailure) in run.state.tree.setHidden(true, window: index)
    }
    guard tree.driver != before else {
      if before == index, tree.hiddenWindowsDrive {
        return say(
          "On iOS 8 a hidden window's root is still consulted (%3$s), so window %1$s still drives the orientation and nothing is asked: the interface stays %2$s.",
          name, state.interfaceOrientation.name, Rule("ios8-hidden-window-drives"))
      }
      if before == index {
        return say(
          "No other window is visible, so window %1$s still drives the orientation and nothing is asked: the interface stays %2$s (%3$s).",
          name, state.interfaceOrientation.name, Rule("window-show-hide"))
      }
      return say(
        "Window %1$s did not drive the orientation, so hiding it asks nothing: the interface stays %2$s (%3$s).",
        name, state.interfaceOrientation.name, Rule("window-show-hide"))
    }
    try decide(
      .attempt, depth: depth,
      lead: say(
        "Window %1$s is hidden, so window %2$s drives the orientation again (%3$s) and UIKit decides with its masks. ",
        name, tree.windows[tree.driver].name, Rule("window-show-hide")))
    try alignDrivingWindow(depth: depth)
    return outcome(nil)
  }

  /// Runs a tree event in the named window instead of the key window.
  mutating func perform(_ action: Action, inWindow name: String, selfID: Int?, depth: Int) throws(StepFailure)
    -> Phrase?
  {
    guard let index = tree.window(named: name) else { return say("No window is named %s.", name) }
    return try within(window: index) { run throws(StepFailure) in
      try run.perform(action, selfID: selfID, depth: depth)
    }
  }

  /// Runs `body` with tree events going to window `index`, then restores the window they went to.
  mutating func within<T>(window index: Int, _ body: (inout StepRun) throws(StepFailure) -> T)
    throws(StepFailure) -> T
  {
    let saved = tree.current
    state.tree.current = index
    defer { state.tree.current = saved }
    return try body(&self)
  }
}
