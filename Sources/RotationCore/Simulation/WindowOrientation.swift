/// The windows that turn with the scene (docs/rules.md#window-own-orientation).
///
/// Before iOS 16 every visible window turns with the interface. From iOS 16 a window that does not
/// drive the orientation owns its own orientation transform: when the scene turns to an orientation
/// its controllers (and the app delegate's answer for it) do not support, it keeps the one it had,
/// and its controllers learn of no change of size. When it drives again, it is turned to the
/// scene's orientation.
extension StepRun {
  /// Sends `viewWillTransitionToSize:` to the chains of each visible window whose orientation
  /// changes between portrait and landscape, back to front.
  mutating func turnWindows(from old: InterfaceOrientation, to new: InterfaceOrientation, depth: Int)
    throws(StepFailure)
  {
    let driver = tree.driver
    for index in tree.windowsBackToFront where !tree.windows[index].hidden {
      let before = tree.windows[index].ownOrientation ?? old
      var after = new
      if modern, index != driver, old != .unknown {
        let name = tree.windows[index].name
        if try !supports(window: index, new, depth: depth) {
          after = before
          if after != new {
            appendToDecision(
              say(
                " Window %1$s does not drive and its controllers do not support %2$s, so it keeps %3$s of its own and learns of no change of size (%4$s).",
                name, new.name, after.name, Rule("window-own-orientation")))
          }
        } else if before.isLandscape != new.isLandscape {
          // SJVideoPlayer#572: the window under a player turns too, however its root answers
          // shouldAutorotate, which iOS 16 no longer asks.
          appendToDecision(
            say(
              " Window %1$s does not drive, but its controllers support %2$s, so it turns with the scene and its controllers learn of the new size; its root's shouldAutorotate is not asked (%3$s).",
              name, new.name, Rule("window-own-orientation")))
        }
      }
      state.tree.setOwnOrientation(after == new ? nil : after, window: index)
      guard before.isLandscape != after.isLandscape else { continue }
      try sendSizeChange(window: index, depth: depth)
    }
  }

  /// Adds `text` to the reason of the step's last decision.
  private mutating func appendToDecision(_ text: Phrase) {
    guard !decisions.isEmpty else { return }
    decisions[decisions.count - 1] = decisions[decisions.count - 1] + text
  }

  /// Whether window `index` allows `orientation`: the app delegate's answer for it and its
  /// deciding controller's supported orientations, asked (and recorded) as for the driving window.
  private mutating func supports(window index: Int, _ orientation: InterfaceOrientation, depth: Int)
    throws(StepFailure) -> Bool
  {
    let app = try record(answers.app(depth: depth, window: tree.windows[index].name))
    let supported = try askSupported(tree.decider(in: index), depth: depth)
    return app.value.intersection(supported.value).contains(orientation)
  }

  /// After a window became the driver: if it had kept an orientation of its own, it now takes the
  /// scene's, and its controllers learn of the change of size.
  mutating func alignDrivingWindow(depth: Int) throws(StepFailure) {
    let driver = tree.driver
    guard tree.windows.indices.contains(driver), let own = tree.windows[driver].ownOrientation else { return }
    state.tree.setOwnOrientation(nil, window: driver)
    guard own.isLandscape != state.interfaceOrientation.isLandscape else { return }
    try sendSizeChange(window: driver, depth: depth)
  }

  /// `viewWillTransitionToSize:` to every chain of window `index`, covered presenters included.
  private mutating func sendSizeChange(window index: Int, depth: Int) throws(StepFailure) {
    for chain in tree.transitionChains(in: index) {
      for id in chain { try lifecycle(id, .viewWillTransitionToSize, depth: depth) }
    }
  }
}
