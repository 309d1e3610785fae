/// Holding a run to a scenario's expectations: each expectation is held or not, and when not,
/// each way it fails, in words a user can act on, with the step's own reason.
public struct ExpectationResult: Sendable, Equatable {
  public var expectation: Expectation
  /// Empty when the expectation holds.
  public var failures: [String]
  /// The reason of the step the expectation is about (empty when the step did not run).
  public var reason: String

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
        failures: ["the run has \(steps.count) steps; there is no step \(expectation.step)"],
        reason: "")
    }
    let step = steps[expectation.step - 1]
    var failures: [String] = []
    if step.status == .notRun {
      failures.append("the step did not run: the app terminated at an earlier step")
      return ExpectationResult(expectation: expectation, failures: failures, reason: step.reason)
    }
    if let wanted = expectation.interface, !wanted.contains(step.interfaceOrientation) {
      failures.append(
        "interface \(step.interfaceOrientation.name), expected \(wanted.map(\.name).joined(separator: " or "))"
      )
    }
    if let wanted = expectation.device, wanted != step.deviceOrientation {
      failures.append("device \(step.deviceOrientation.name), expected \(wanted.name)")
    }
    if let wanted = expectation.decidedBy {
      let decider = step.masks?.controllerClass
      if decider != wanted {
        failures.append("decided by \(decider ?? "nobody"), expected \(wanted)")
      }
    }
    if let wanted = expectation.exception {
      let raised = step.exception?.name
      if raised != wanted {
        failures.append(
          (raised.map { "raised \($0)" } ?? "raised nothing") + ", expected "
            + (wanted.map { "\($0)" } ?? "no exception"))
      }
    }
    let signatures = Set(step.calls.map(\.signature))
    for call in expectation.called where !signatures.contains(call) {
      failures.append("\(call) was not called")
    }
    for call in expectation.notCalled where signatures.contains(call) {
      failures.append("\(call) was called")
    }
    if let wanted = expectation.error {
      let code = step.error?.code
      if code != wanted {
        failures.append(
          (code.map { "error \($0)" } ?? "no error") + ", expected "
            + (wanted.map { "error \($0)" } ?? "no error"))
      }
    }
    return ExpectationResult(expectation: expectation, failures: failures, reason: step.reason)
  }
}
