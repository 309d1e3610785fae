/// The app's own code: lifecycle hooks, named methods, and the appearance callbacks of a
/// transition in UIKit's order.
extension StepRun {
  /// A transition's appearance callbacks: `viewWillDisappear:` of `disappearing`, `viewWillAppear:`
  /// of `appearing`, then `viewDidDisappear:` and `viewDidAppear:` in the same orders. `change`
  /// (the tree's change: a push, a pop, a presentation) runs just before the callbacks named by
  /// `changeBefore`: push, tab selection and presentation change the tree before the new
  /// controllers appear, a pop just before they have appeared, a dismissal before the old ones
  /// have disappeared. `moving` is the controller pushed, popped, presented or dismissed, and what
  /// its callbacks learn from `isMovingToParent`, `isMovingFromParent`, `isBeingPresented` or
  /// `isBeingDismissed` (only that controller: its children's say NO, as UIKit's do).
  mutating func transition(
    disappearing: [Int], appearing: [Int], changeBefore: LifecycleSelector, depth: Int,
    moving: (id: Int, query: TransitionQuery)? = nil,
    change: (inout StepRun) throws(StepFailure) -> Void
  ) throws(StepFailure) {
    let outer = state.transitions
    if let moving { state.transitions[moving.id, default: []].insert(moving.query) }
    defer { state.transitions = outer }
    let phases: [(LifecycleSelector, [Int])] = [
      (.viewWillDisappear, disappearing), (.viewWillAppear, appearing), (.viewDidDisappear, disappearing),
      (.viewDidAppear, appearing),
    ]
    for (selector, ids) in phases {
      if selector == changeBefore { try change(&self) }
      for id in ids { try lifecycle(id, selector, depth: depth) }
    }
  }

  mutating func lifecycle(_ id: Int, _ selector: LifecycleSelector, depth: Int) throws(StepFailure) {
    let className = name(id)
    if selector == .viewWillAppear, !tree[id].viewLoaded {
      state.tree.markLoaded(id)
      // Only an app's own viewDidLoad is logged: UIKit's does nothing the model shows.
      if classes[className]?.hook(.viewDidLoad) != nil { try lifecycle(id, .viewDidLoad, depth: depth) }
    }
    let actions = classes[className]?.hook(selector)
    _ = try record(
      Call(
        receiver: className, receiverID: id, selector: selector.rawValue, answer: nil,
        overridden: actions != nil,
        depth: depth, kind: .lifecycle, note: nil))
    // A hook's actions explain themselves only through a decision; the transition it runs in
    // says the rest.
    // Its tree events go to its own window (self.navigationController, self.presentViewController:).
    guard let actions, !actions.isEmpty else { return }
    methodStarts.append(state.deviceOrientation)
    defer { methodStarts.removeLast() }
    let passed = hookArguments(selector)
    try within(window: tree.windowIndex(of: id)) { run throws(StepFailure) in
      for action in actions {
        if case .code = action { run.hookArguments = passed }
        _ = try run.perform(action, selfID: id, depth: depth + 1)
      }
    }
  }

  /// What UIKit passes a lifecycle method, as the app's code receives it: `animated` YES for the
  /// appearance methods, the size the view is turning to and a transition coordinator for
  /// `viewWillTransitionToSize:withTransitionCoordinator:` (docs/rules.md#code-actions).
  func hookArguments(_ selector: LifecycleSelector) -> [CodeValue] {
    switch selector {
    case .viewWillAppear, .viewDidAppear, .viewWillDisappear, .viewDidDisappear: return [.bool(true)]
    case .viewWillTransitionToSize:
      let turning = turningTo ?? state.interfaceOrientation
      return [CodeRun<AnswerHost>.screen(system, landscape: turning.isLandscape), .object(.coordinator)]
    default: return []
    }
  }

  /// Runs a named method of a class or of the app delegate; returns the last reason its actions gave.
  mutating func callMethod(_ method: String, on receiverClass: String?, selfID: Int?, depth: Int)
    throws(StepFailure) -> Phrase?
  {
    var receiverID: Int?
    var actions: [Action]?
    var receiverName = scenario.app.delegateClass
    if let receiverClass, receiverClass == scenario.app.delegateClass {
      actions = scenario.app.methods.first(where: { $0.name == method })?.actions
    } else if let receiverClass {
      receiverID = instance(of: receiverClass)
      if receiverID == nil {
        console.append(
          say("%s skipped: no instance of %s exists", "-[\(receiverClass) \(method)]", receiverClass))
        return nil
      }
      receiverName = receiverClass
      actions = classes[receiverClass]?.method(named: method)?.actions
    } else if let selfID, classes[name(selfID)]?.method(named: method) != nil {
      receiverID = selfID
      receiverName = name(selfID)
      actions = classes[receiverName]?.method(named: method)?.actions
    } else if let found = tree.allDisplayedChains.reversed().joined().first(where: {
      classes[name($0)]?.method(named: method) != nil
    }) {
      receiverID = found
      receiverName = name(found)
      actions = classes[receiverName]?.method(named: method)?.actions
    } else {
      actions = scenario.app.methods.first(where: { $0.name == method })?.actions
    }
    guard let actions else {
      console.append(say("%s skipped: no controller on screen implements it", method))
      return nil
    }
    _ = try record(
      Call(
        receiver: receiverName, receiverID: receiverID, selector: method, answer: nil, overridden: true,
        depth: depth, kind: .method, note: nil))
    methodStarts.append(state.deviceOrientation)
    defer { methodStarts.removeLast() }
    // A tap's method that is the app's code gets the control tapped as its sender: one per
    // controller and method, whose state (`isSelected`) lasts the session; a gesture's handler
    // runs once per phase of the gesture, began, changed, ended (docs/rules.md#code-actions).
    var senders: [CodeValue]?
    if actions.count == 1, case .code(let body) = actions[0], !body.parameters.isEmpty {
      senders =
        body.parameterTypes.first?.hasSuffix("GestureRecognizer") == true
        ? ["began", "changed", "ended"].map { .object(.gesture($0)) }
        : [.object(.control(receiverID ?? -1, method))]
    }
    // A controller's method acts in its own window; the app delegate's in the key window.
    return try within(window: receiverID.map { tree.windowIndex(of: $0) } ?? tree.current) {
      run throws(StepFailure) in
      var said: Phrase?
      for sender in senders ?? [.null] {
        for action in actions {
          if senders != nil { run.hookArguments = [sender] }
          if let reason = try run.perform(action, selfID: receiverID, depth: depth + 1) { said = reason }
        }
      }
      return said
    }
  }

  /// The controller of `className` a method call goes to: the top-most one on screen, else the
  /// first made of those in a window (the model's choice: docs/rules.md#observers).
  func instance(of className: String) -> Int? {
    if let shown = tree.allDisplayedChains.reversed().joined().first(where: { name($0) == className }) {
      return shown
    }
    return tree.firstAttachedInstance(of: className)
  }
}
