/// An answer that is the app's own code (docs/rules.md#code-answers): the body runs against this
/// state; the questions it asks of other controllers are calls one level below its own; what it
/// could not follow goes into its call's note with the line, and an answer it cannot know is
/// UIKit's default, said as a guess.
extension Answers {
  struct CodeAnswer<T> {
    var value: T
    var calls: [Call]
    var exception: ModelledException?
    /// `code at PlayerVC.swift:12`, then what it could not follow.
    var note: Phrase
    /// Whether the value came from the code (not UIKit's default taken for an unknown).
    var known: Bool
  }

  /// Runs `body` as the answer of `selfID` (nil: the app delegate), with the method's arguments.
  func runCode<T>(
    _ body: CodeBody, selfID: Int?, depth: Int, default fallback: T, question: String,
    arguments: [CodeValue] = []
  ) -> CodeAnswer<T> {
    let key = "\(selfID ?? 0):\(question)"
    if asking.contains(key) {
      // The getter asks itself again: on a device the stack overflows; here it is UIKit's default.
      let note = say("code at %1$s; %2$s", body.place(1), CodeNote.recursion(question).phrase)
      return CodeAnswer(value: fallback, calls: [], exception: nil, note: note, known: false)
    }
    var nested = self
    nested.asking.append(key)
    var run = CodeRun(host: AnswerHost(answers: nested), body: body, selfID: selfID, depth: depth)
    run.superAnswer = Self.codeValue(fallback)
    run.question = question.split(separator: ":").first.map(String.init) ?? question
    let returned = run.run(model.programs[body], arguments: arguments)
    var value = fallback
    var known = false
    if run.guessed {
      run.note(run.line, .answerGuessed(returned?.text ?? "(none)", Self.codeValue(fallback)?.text ?? ""))
    } else if let returned, let answer = returned.answer(T.self) {
      value = answer
      known = true
    } else {
      run.note(run.line, .answerUnknown(returned?.text ?? "(none)"))
    }
    var note = say("code at %s", body.place(1))
    for (place, said) in run.notes {
      note = say("%1$s; %2$s: %3$s", note, place, said.phrase)
    }
    return CodeAnswer(value: value, calls: run.calls, exception: run.exception, note: note, known: known)
  }

  static func codeValue<T>(_ value: T) -> CodeValue? {
    if let value = value as? Bool { return .bool(value) }
    if let value = value as? OrientationMask { return .mask(value) }
    if let value = value as? InterfaceOrientation { return .interface(value) }
    return nil
  }
}
