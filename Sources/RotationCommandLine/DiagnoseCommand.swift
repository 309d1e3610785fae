import FoundationEssentials
import RotationCore

/// `rotation-lab diagnose FILE`: what a reviewer of rotation code would point out in the run, each
/// finding with its severity, its steps and its rule.
extension CommandLineTool {
  static let diagnoseUsage = """
    Usage: rotation-lab diagnose FILE

    Runs the scenario and lists what a reviewer of rotation code would point out: an exception with
    the chain of answers that led to it; an override no decision ever asks, and why (its container
    does not forward, it is in a sheet, the iPad runs in multitasking); a preferred orientation the
    class does not support; a mask the device cannot show; on iOS 16 and later, shouldAutorotate,
    KVC forcing or attemptRotationToDeviceOrientation used, and turns or requests refused by a stale
    cache. Each finding names its steps and its rule in docs/rules.md.
    """

  static func diagnose(_ arguments: [String]) -> CommandResult {
    let (parsed, scenario): (Arguments, Scenario)
    switch parseAndLoad(arguments, command: "diagnose", flags: []) {
    case .success(let value): (parsed, scenario) = value
    case .failure(let result): return result
    }
    let findings = Diagnosis.findings(scenario)
    guard !findings.isEmpty else {
      return CommandResult(status: ExitStatus.ok, output: "\(parsed.file): nothing to point out\n")
    }
    var output = "\(parsed.file): \(counted(findings.count, "finding", "findings"))\n"
    for finding in findings {
      let steps =
        finding.steps.isEmpty
        ? ""
        : " (step\(finding.steps.count == 1 ? "" : "s") "
          + finding.steps.map(String.init).joined(separator: ", ") + ")"
      output += "\(finding.severity.rawValue)\(steps): \(finding.message)\n"
      for line in finding.chain { output += "    \(line)\n" }
      output += "    rule: docs/rules.md#\(finding.rule)\n"
    }
    return CommandResult(status: ExitStatus.ok, output: output)
  }
}
