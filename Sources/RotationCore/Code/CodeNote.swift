/// What a run of the app's code could not follow, as data; the words are made in `phrase`.
enum CodeNote: Sendable, Equatable {
  /// An expression or statement the model does not have.
  case unknown(String)
  /// An unknown value tested as a condition: taken as NO.
  case takenAsNo(String)
  /// An unknown value bound by `if let` / `guard let`: taken as nil.
  case takenAsNil(String)
  case noCase(String)
  case loopSkipped(String)
  /// An answer that ended unknown: UIKit's default was taken.
  case answerUnknown(String)
  /// An answer of code that did not run whole (it does not parse, or ran out of its bound): the
  /// code's result, then the default taken.
  case answerGuessed(String, String)
  /// An assignment to state while answering a question: not kept.
  case unkept(String)
  /// A helper the project does not hold, taken as the controller on top by its name.
  case assumedTop(String)
  /// A getter whose code asks the same question of the same controller again.
  case recursion(String)
  case budget(Int)
  case nesting(Int)
  case syntax

  var phrase: Phrase {
    switch self {
    case .unknown(let text): return say("not followed: %s", text)
    case .takenAsNo(let text): return say("%s is not known here: taken as NO (a guess)", text)
    case .takenAsNil(let text): return say("%s is not known here: taken as nil (a guess)", text)
    case .noCase(let text): return say("switch over %s, not known here: no case matches (a guess)", text)
    case .loopSkipped(let text):
      return say("for … in %s, not known here: the loop is skipped (a guess)", text)
    case .answerUnknown(let text):
      return say("the answer %s is not known here: UIKit's default taken (a guess)", text)
    case .answerGuessed(let text, let taken):
      return say(
        "what ran is not all of the code (see above): %2$s is taken instead of its answer %1$s (a guess)",
        text,
        taken)
    case .unkept(let text): return say("%1$s while answering: not kept (%2$s)", text, Rule("code-answers"))
    case .assumedTop(let name):
      return say("%s is not in the project: taken as the controller on top, by its name (a guess)", name)
    case .recursion(let question):
      return say(
        "%s asks itself again: on a device the recursion never ends (a crash); UIKit's default is taken here",
        question)
    case .budget(let steps): return say("stopped after %s steps: a loop or recursion without end?", steps)
    case .nesting(let depth): return say("nested deeper than %s: not followed", depth)
    case .syntax: return say("the code does not parse here")
    }
  }
}
