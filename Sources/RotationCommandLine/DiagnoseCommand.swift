import FoundationEssentials
import RotationCore

/// `rotation-lab diagnose FILE`: what a reviewer of rotation code would point out in the run, each
/// finding with its severity, its steps and its rule.
extension CommandLineTool {
  static let diagnoseCommand = Command(
    name: "diagnose", operands: .one("FILE"),
    summary: tr("Point out what in the scenario's run keeps it from turning as meant, with the rules."),
    about: tr(
      "Runs the scenario and lists what a reviewer of rotation code would point out: an exception with\nthe chain of answers that led to it; an override no decision ever asks, and why (its container\ndoes not forward, it is in a sheet, the iPad runs in multitasking); a preferred orientation the\nclass does not support; a mask the device cannot show; on iOS 16 and later, shouldAutorotate,\nKVC forcing or attemptRotationToDeviceOrientation used, and turns or requests refused by a stale\ncache. Each finding names its steps and its rule in docs/rules.md."
    ),
    options: [], run: diagnose)

  static func diagnose(_ parsed: ParsedArguments) -> CommandResult {
    let scenario: Scenario
    switch load(parsed.file) {
    case .success(let value): scenario = value
    case .failure(let result): return result
    }
    let findings = Diagnosis.findings(scenario)
    guard !findings.isEmpty else {
      return CommandResult(status: ExitStatus.ok, output: tr("%s: nothing to point out", parsed.file) + "\n")
    }
    var output = trn("%s: %s finding", "%s: %s findings", findings.count, parsed.file, findings.count) + "\n"
    for finding in findings {
      let steps =
        finding.steps.isEmpty
        ? ""
        : " ("
          + trn(
            "step %s", "steps %s", finding.steps.count, finding.steps.map(String.init).joined(separator: ", ")
          )
          + ")"
      output += "\(finding.severity.rawValue)\(steps): \(finding.message)\n"
      for line in finding.chain { output += "    \(line)\n" }
      output += "    " + tr("rule: %s", "docs/rules.md#\(finding.rule)") + "\n"
    }
    return CommandResult(status: ExitStatus.ok, output: output)
  }
}
