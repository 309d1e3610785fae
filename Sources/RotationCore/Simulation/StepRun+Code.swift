/// A method's or hook's code, run as its action (docs/rules.md#code-actions): the step is the
/// code's host, so what the code does — a push, a presentation, the KVC forcing, a state change —
/// is performed by the same rules as the vocabulary's actions, in the order the code does it, with
/// the calls recorded where they happen.
extension StepRun: CodeHost {
  mutating func act(_ action: Action, selfID: Int?, depth: Int) -> Bool {
    guard codeFailure == nil else { return false }
    do {
      if let said = try perform(action, selfID: selfID, depth: depth) { codeSaid = said }
    } catch {
      codeFailure = error
      return false
    }
    return true
  }

  var failed: Bool { codeFailure != nil }

  mutating func log(_ call: Call) -> Int? {
    do {
      return try record(call)
    } catch {
      if codeFailure == nil { codeFailure = error }
      return calls.count - 1
    }
  }

  mutating func keep(_ value: CodeValue, as key: String) -> Bool {
    guard codeFailure == nil else { return false }
    state.codeValues[key] = value
    return true
  }

  mutating func post(_ notification: String, depth: Int) -> Bool {
    guard codeFailure == nil else { return false }
    do {
      try notifyObservers(notification, depth: depth)
    } catch {
      codeFailure = error
      return false
    }
    return true
  }

  mutating func observe(_ observer: CodeObserver) -> Bool {
    guard codeFailure == nil else { return false }
    state.codeObservers.append(observer)
    return true
  }

  mutating func removeObservers(of owner: CodeValue, named notification: String?) -> Bool {
    guard codeFailure == nil else { return false }
    state.codeObservers.removeAll {
      $0.owner == owner && (notification == nil || $0.notification == notification)
    }
    return true
  }

  /// The observers the app's code added for `notification` (CodeRun+Notifications.swift), in the
  /// order it added them, those observing when the post began and not removed since: a block runs
  /// with `self` its owner; a selector is the owner's method. An owner no longer on screen is
  /// skipped (its observer went with it).
  mutating func notifyCodeObservers(_ notification: String, depth: Int) throws(StepFailure) {
    for observer in state.codeObservers where observer.notification == notification {
      guard state.codeObservers.contains(observer) else { continue }
      let owner = observer.owner.controllerID
      if let owner, !tree.isAttached(owner) { continue }
      switch observer.handler {
      case .string(let method):
        _ = try callMethod(
          method, on: owner == nil ? scenario.app.delegateClass : nil, selfID: owner, depth: depth)
      case .closure(_, _, _, let source):
        // The block's run is a call of its own in the call order (as NSLog's `__FUNCTION__` shows a
        // block: `…_block_invoke`), which also bounds a block that posts what it observes.
        _ = try record(
          Call(
            receiver: owner.map(name) ?? scenario.app.delegateClass, receiverID: owner,
            selector: "_block_invoke", answer: nil, overridden: true, depth: depth, kind: .method,
            note: say("observes %s; code at %s", notification, source.place(1))))
        try running(source, selfID: owner, depth: depth) { run in
          _ = run.invoke(observer.handler, [.object(.instance("Notification"))])
        }
      default: continue
      }
    }
  }

  mutating func answer(_ text: String, ofCallAt index: Int) {
    if calls.indices.contains(index) { calls[index].answer = text }
  }

  /// Runs `body` with `self` the controller `selfID` (nil: the app delegate); its reason is the last
  /// reason an action it performed gave. What it could not follow goes to the console, with its line.
  mutating func runCode(_ body: CodeBody, selfID: Int?, depth: Int) throws(StepFailure) -> Phrase? {
    let outerSaid = codeSaid
    codeSaid = nil
    defer { codeSaid = outerSaid }
    let passed = hookArguments ?? []
    hookArguments = nil
    let program = model.programs[body]
    try running(body, selfID: selfID, depth: depth - 1) { run in _ = run.run(program, arguments: passed) }
    return codeSaid
  }

  /// Runs the app's code with the step as its host: `work` drives the run; the blocks it sent to
  /// the main queue run after it, what it could not follow goes to the console with its line, and
  /// a failure that stopped it (an exception, a limit) is rethrown.
  private mutating func running(
    _ body: CodeBody, selfID: Int?, depth: Int, _ work: (inout CodeRun<StepRun>) -> Void
  ) throws(StepFailure) {
    var run = CodeRun(host: self, body: body, selfID: selfID, depth: depth)
    work(&run)
    run.runLater()
    self = run.host
    for (place, said) in run.notes {
      console.append(say("%1$s: %2$s", place, said.phrase))
    }
    if let failure = codeFailure {
      codeFailure = nil
      throw failure
    }
  }
}
