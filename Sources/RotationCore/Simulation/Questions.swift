/// The orientation questions as UIKit asks them during a step: the answer comes from `Answers`
/// (pure), and its calls go into the step's call order.
extension StepRun {
  var answers: Answers {
    Answers(model: model, state: state)
  }

  /// Records an answer's calls, indented under `depth`.
  mutating func record<T>(_ answer: Answer<T>) throws(StepFailure) -> Answer<T> {
    for call in answer.calls { _ = try record(call) }
    if let exception = answer.exception { throw .exception(exception) }
    return answer
  }

  mutating func askApp(depth: Int) throws(StepFailure) -> Answer<OrientationMask> {
    try record(answers.app(depth: depth))
  }

  mutating func askSupported(_ id: Int, depth: Int) throws(StepFailure) -> Answer<OrientationMask> {
    try record(answers.supported(id, depth: depth))
  }

  mutating func askShould(_ id: Int, depth: Int) throws(StepFailure) -> Bool {
    try record(answers.should(id, depth: depth)).value
  }

  mutating func askPreferred(_ id: Int, depth: Int) throws(StepFailure) -> InterfaceOrientation {
    try record(answers.preferred(id, depth: depth)).value
  }
}
