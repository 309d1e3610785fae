/// Finding the smallest changes that make a scenario's expectations hold, proven by replay: every
/// candidate edit of `FixCatalogue` is applied, the scenario is run again, and the edit is kept
/// when every expectation then holds and no exception or error appears that the original run did
/// not have. Single edits first, then pairs, within a budget of replays. Deterministic: the same
/// scenario gives the same fixes in the same order.
public struct Fix: Sendable {
  /// The edits, one or two.
  public var edits: [Edit]
  /// The fixed scenario, and its run (the replay that proved it).
  public var scenario: Scenario
  public var steps: [Step]
  /// The steps (numbered from 1) whose outcome the fix changes although no expectation mentions
  /// them: a page that turned before and no longer does. Such fixes are ranked after the others.
  public var unmentionedChanges: [Int] = []
}

public struct FixOutcome: Sendable {
  /// What the search tried to make true: "the 2 expectations that fail", "no exception or error".
  public var goal: String
  /// Fixes, smallest first.
  public var fixes: [Fix]
  /// How many replays the search made, and its budget.
  public var tried: Int
  public var budget: Int
  /// Whether the goal already held: nothing to fix.
  public var alreadyHolds: Bool
}

public enum FixSearch {
  public static let defaultBudget = 1500
  public static let maxFixes = 10

  public static func search(_ scenario: Scenario, budget: Int = defaultBudget) -> FixOutcome {
    let original = Simulator.run(scenario)
    let failing = Check.results(scenario, steps: original).filter { !$0.held }.count
    let goal =
      scenario.expectations.isEmpty
      ? tr("no exception and no error in any step")
      : tr(
        "every expectation holds (%s of %s fail now), with no new exception or error", failing,
        scenario.expectations.count)
    // What the original run already had at each step: the same exception, error or runtime limit
    // there is not new; anything else is.
    let before = Dictionary(original.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
    func isNew(_ step: Step) -> Bool {
      let old = before[step.index]
      return (step.exception != nil && step.exception?.name != old?.exception?.name)
        || (step.error != nil && step.error?.code != old?.error?.code)
        || (step.limit != nil && old?.limit == nil)
    }
    func holds(_ steps: [Step], _ candidate: Scenario) -> Bool {
      if candidate.expectations.isEmpty {
        return steps.allSatisfy {
          $0.exception == nil && $0.error == nil && $0.limit == nil && $0.status != .notRun
        }
      }
      return Check.results(candidate, steps: steps).allSatisfy(\.held) && !steps.contains(where: isNew)
    }
    if holds(original, scenario) {
      return FixOutcome(goal: goal, fixes: [], tried: 1, budget: budget, alreadyHolds: true)
    }
    let edits = FixCatalogue.edits(scenario)
    var tried = 1
    var fixes: [Fix] = []
    // Candidates already replayed, by their text (two edits can give the same scenario).
    var seen: Set<String> = [ScenarioEncoder.text(scenario)]
    func attempt(_ chosen: [Edit]) {
      var candidate = scenario
      for edit in chosen { edit.apply(&candidate) }
      guard seen.insert(ScenarioEncoder.text(candidate)).inserted else { return }
      tried += 1
      let steps = Simulator.run(candidate)
      if holds(steps, candidate) { fixes.append(Fix(edits: chosen, scenario: candidate, steps: steps)) }
    }
    for edit in edits where tried < budget && fixes.count < maxFixes { attempt([edit]) }
    // Pairs only when no single edit does it: a pair that contains a working edit is not smaller.
    if fixes.isEmpty {
      outer: for first in edits.indices {
        for second in edits.indices where second > first {
          if tried >= budget || fixes.count >= maxFixes { break outer }
          attempt([edits[first], edits[second]])
        }
      }
    }
    // Fixes that change only what the expectations ask come first; the search order stays within each.
    let mentioned = Set(
      scenario.expectations.isEmpty
        ? original.filter { $0.exception != nil || $0.error != nil || $0.limit != nil }.map(\.index)
        : scenario.expectations.map(\.step))
    for index in fixes.indices {
      fixes[index].unmentionedChanges = zip(original, fixes[index].steps).compactMap { old, new in
        !mentioned.contains(old.index) && outcome(old) != outcome(new) ? old.index : nil
      }
    }
    let ranked =
      fixes.filter { $0.unmentionedChanges.isEmpty } + fixes.filter { !$0.unmentionedChanges.isEmpty }
    return FixOutcome(goal: goal, fixes: ranked, tried: tried, budget: budget, alreadyHolds: false)
  }

  /// What a step ends in, as a person watching the app sees it.
  static func outcome(_ step: Step) -> String {
    if let exception = step.exception { return exception.name }
    if step.status == .notRun { return "not run" }
    return step.interfaceOrientation.name + (step.error.map { " error \($0.code)" } ?? "")
  }
}
