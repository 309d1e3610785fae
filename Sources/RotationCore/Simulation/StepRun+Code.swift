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

  /// The observers the app's code registered for `notification` (CodeRun+Notifications.swift), in
  /// the order it registered them: a block runs with `self` its owner; a selector is the owner's
  /// method. An owner no longer on screen is skipped (its observer went with it).
  mutating func notifyCodeObservers(_ notification: String, depth: Int) throws(StepFailure) {
    let registered = state.codeValues.keys.filter { $0.hasPrefix(CodeObservers.prefix) }.sorted()
    for key in registered {
      guard case .array(let entry)? = state.codeValues[key], entry.count == 3,
        entry[0] == .string(notification)
      else { continue }
      let owner = entry[2].controllerID
      if let owner, !tree.isAttached(owner) { continue }
      switch entry[1] {
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
        var run = CodeRun(host: self, body: source, selfID: owner, depth: depth)
        _ = run.invoke(entry[1], [.object(.instance("Notification"))])
        run.runLater()
        self = run.host
        for (place, said) in run.notes { console.append(say("%1$s: %2$s", place, said.phrase)) }
        if let failure = codeFailure {
          codeFailure = nil
          throw failure
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
    let passed = hookArguments ?? []
    hookArguments = nil
    var run = CodeRun(host: self, body: body, selfID: selfID, depth: depth - 1)
    _ = run.run(model.programs[body], arguments: passed)
    run.runLater()
    self = run.host
    for (place, said) in run.notes {
      console.append(say("%1$s: %2$s", place, said.phrase))
    }
    let said = codeSaid
    codeSaid = outerSaid
    if let failure = codeFailure {
      codeFailure = nil
      throw failure
    }
    return said
  }
}
