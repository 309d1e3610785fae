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
