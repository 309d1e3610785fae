/// Holding a run to a scenario's expectations: each expectation is held or not, and when not,
/// each way it fails, in words a user can act on, with the step's own reason.
public struct ExpectationResult: Sendable, Equatable {
  public var expectation: Expectation
  /// Empty when the expectation holds.
  public var failures: [String]
  /// The reason of the step the expectation is about (empty when the step did not run).
  public var reason: Phrase

  public var held: Bool { failures.isEmpty }
}

public enum Check {
  /// Each expectation of `scenario`, held against `steps` (the run of the scenario).
  public static func results(_ scenario: Scenario, steps: [Step]) -> [ExpectationResult] {
    scenario.expectations.map { result($0, steps: steps) }
  }

  /// Runs the scenario and holds it to its expectations.
  public static func run(_ scenario: Scenario) -> [ExpectationResult] {
    results(scenario, steps: Simulator.run(scenario))
  }

  static func result(_ expectation: Expectation, steps: [Step]) -> ExpectationResult {
    guard steps.indices.contains(expectation.step - 1) else {
      return ExpectationResult(
        expectation: expectation,
        failures: [tr("the run has %s steps; there is no step %s", steps.count, expectation.step)],
        reason: Phrase())
    }
    let step = steps[expectation.step - 1]
    var failures: [String] = []
    if step.status == .notRun {
      failures.append(tr("the step did not run: the app terminated at an earlier step"))
      return ExpectationResult(expectation: expectation, failures: failures, reason: step.reason)
    }
    if let wanted = expectation.interface, !wanted.contains(step.interfaceOrientation) {
      failures.append(
        tr(
          "interface %s, expected %s", step.interfaceOrientation.name,
          wanted.map(\.name).joined(separator: tr(" or "))))
    }
    if let wanted = expectation.device, wanted != step.deviceOrientation {
      failures.append(tr("device %s, expected %s", step.deviceOrientation.name, wanted.name))
    }
    if let wanted = expectation.decidedBy {
      let decider = step.masks?.controllerClass
      if decider != wanted {
        failures.append(
          decider.map { tr("decided by %s, expected %s", $0, wanted) }
            ?? tr("decided by nobody, expected %s", wanted))
      }
    }
    if let wanted = expectation.exception {
      let raised = step.exception?.name
      if raised != wanted {
        switch (raised, wanted) {
        case (let raised?, let wanted?): failures.append(tr("raised %s, expected %s", raised, wanted))
        case (let raised?, nil): failures.append(tr("raised %s, expected no exception", raised))
        case (nil, let wanted?): failures.append(tr("raised nothing, expected %s", wanted))
        case (nil, nil): break  // the same: not a failure
        }
      }
    }
    let signatures = Set(step.calls.map(\.signature))
    for call in expectation.called where !signatures.contains(call) {
      failures.append(tr("%s was not called", call))
    }
    for call in expectation.notCalled where signatures.contains(call) {
      failures.append(tr("%s was called", call))
    }
    if let wanted = expectation.error {
      let code = step.error?.code
      if code != wanted {
        switch (code, wanted) {
        case (let code?, let wanted?): failures.append(tr("error %s, expected error %s", code, wanted))
        case (let code?, nil): failures.append(tr("error %s, expected no error", code))
        case (nil, let wanted?): failures.append(tr("no error, expected error %s", wanted))
        case (nil, nil): break  // the same: not a failure
        }
      }
    }
    if let wanted = expectation.sceneWindow, wanted != step.sceneWindow {
      failures.append(tr("scene window %s, expected %s", step.sceneWindow.rawValue, wanted.rawValue))
    }
    return ExpectationResult(expectation: expectation, failures: failures, reason: step.reason)
  }
}

extension Array where Element == String {
  /// The texts joined two at a time by `join`, a sentence's joining word in the reader's language
  /// (`tr("%s; %s", a, b)`): unlike a separator, a translation of it need not keep its spaces.
  func joined(pairwise join: (Element, Element) -> Element) -> Element {
    dropFirst().reduce(first ?? "", join)
  }
}

extension Array where Element == Phrase {
  /// The phrases joined two at a time by `join` (`say("%s; %s", a, b)`), as texts are above.
  func joined(pairwise join: (Element, Element) -> Element) -> Element {
    dropFirst().reduce(first ?? Phrase(), join)
  }
}
