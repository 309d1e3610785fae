/// The app's code changing its state (AppState.swift) and hearing UIKit's notifications: a flag,
/// a property or a piece of app state set, and the observers a notification runs.
extension StepRun {
  /// Sets `key` for code running on `selfID`: the controller's property if its class declares one,
  /// else the app's state, else the app's flag.
  mutating func setState(_ key: String, _ value: StateValue, selfID: Int?) -> Phrase {
    let old = state.value(of: key, selfID: selfID, classes: classes)
    if let selfID, classes[name(selfID)]?.property(named: key) != nil {
      state.tree.setProperty(key, value, of: selfID)
    } else if state.values[key] != nil || scenario.app.state.contains(where: { $0.name == key }) {
      state.values[key] = value
    } else if case .bool(let flag) = value {
      state.flags[key] = flag
    }
    return stateChanged(key, from: old, to: value)
  }

  /// `self.navigationController.delegate = self`: the nearest container of `kind` above the
  /// running controller gets it as its delegate.
  mutating func setDelegate(_ kind: ControllerKind, selfID: Int?) -> Phrase {
    guard let selfID else { return say("The app delegate has no %s.", kind.delegatePrefix) }
    var current = tree.controllers[selfID]?.parent
    while let id = current, tree[id].kind != kind { current = tree[id].parent }
    guard let container = current else {
      return say("%s has no %s: setting its delegate does nothing.", name(selfID), kind.delegatePrefix)
    }
    state.tree.setDelegate(of: container, to: selfID)
    return say(
      "%1$s is now %2$s's delegate: when %2$s does not override, it answers (%3$s).", name(selfID),
      name(container),
      Rule("container-delegates"))
  }

  /// What a change of state says: the new value, and that UIKit does not decide again because of it.
  func stateChanged(_ name: String, from old: StateValue?, to value: StateValue) -> Phrase {
    let changed =
      old == value
      ? say("%s is now %s (unchanged). ", name, value.text) : say("%s is now %s. ", name, value.text)
    if modern {
      return changed
        + say(
          "Nothing asks UIKit to decide again: the scene keeps its cached supported orientations until setNeedsUpdateOfSupportedInterfaceOrientations, the end of a presentation or dismissal, or a tab switch (%s).",
          Rule("scene-cache"))
    }
    return changed
      + say(
        "Nothing asks UIKit to decide again: the new answers count at the next rotation, presentation, dismissal or attemptRotationToDeviceOrientation (%s).",
        Rule("changed-answers-wait"))
  }

  /// Runs the observers of `notification`: the app delegate's first (it registers at launch), then
  /// each controller in a window's tree or presented, in the order they were made. A controller
  /// observes while it exists: the model's choice, as apps register in `viewDidLoad` and remove
  /// the observer in `deinit` (docs/rules.md#observers).
  mutating func notifyObservers(_ notification: String, depth: Int) throws(StepFailure) {
    if let observer = scenario.app.observers.first(where: { $0.notification == notification }) {
      _ = try callMethod(observer.method, on: scenario.app.delegateClass, selfID: nil, depth: depth)
    }
    // The instances of the classes that observe it, in creation order: what is found, not the tree.
    let observing = (model.observingClasses[notification] ?? []).flatMap { tree.attachedInstances(of: $0) }
      .sorted()
    for id in observing {
      // An earlier observer's code may have removed it (a dismissal, a pop).
      guard tree.isAttached(id),
        let observer = classes[name(id)]?.observers.first(where: { $0.notification == notification })
      else { continue }
      _ = try callMethod(observer.method, on: nil, selfID: id, depth: depth)
    }
    try notifyCodeObservers(notification, depth: depth)
  }
}
