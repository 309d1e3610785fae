import FoundationEssentials
import RotationCore
import RotationResources

/// `rotation-lab check FILE…`: runs each scenario and holds it to its `"expect"` list, so a team
/// can keep its app's rotation rules as scenarios in its own CI. Exit 0 when every expectation
/// holds, 1 when one does not, 2 when a file cannot be read (the other files are still checked).
extension CommandLineTool {
  static let checkUsage = tr(
    "Usage: rotation-lab check FILE...\n\nRuns each scenario and checks the expectations of its \"expect\" list (the interface or device\norientation at a step, the class that decides, an exception or none, calls made or not, a\nscene error or none). Prints each expectation that does not hold, with the step's reason.\n\nExit status: 0 when every expectation holds, 1 when one does not, 2 when a file cannot be\nread or is not a valid scenario (the other files are still checked)."
  )

  static func check(_ arguments: [String]) -> CommandResult {
    if arguments.contains("-h") || arguments.contains("--help") {
      return CommandResult(status: ExitStatus.ok, output: checkUsage + "\n")
    }
    if let option = arguments.first(where: { $0.hasPrefix("-") && $0 != "-" }) {
      return usageError("check: " + tr("unknown option '%s'", option), command: "check")
    }
    guard !arguments.isEmpty else {
      return usageError("check: " + tr("expected at least one FILE"), command: "check")
    }
    var output = ""
    var errors = ""
    var failed = false
    var unreadable = false
    for file in arguments {
      let scenario: Scenario
      switch load(file) {
      case .success(let value): scenario = value
      case .failure(let result):
        errors += result.errors
        unreadable = true
        continue
      }
      let results = Check.run(scenario)
      let held = results.filter(\.held).count
      if results.isEmpty {
        output += tr("%s: no expectations to check", file) + "\n"
        continue
      }
      if held == results.count {
        output +=
          trn("%s: %s expectation held", "%s: %s expectations held", results.count, file, results.count)
          + "\n"
        continue
      }
      failed = true
      output +=
        trn(
          "%s: %s of %s expectation not held", "%s: %s of %s expectations not held", results.count, file,
          results.count - held, results.count) + "\n"
      for result in results where !result.held {
        output +=
          "  " + tr("step %s: %s", result.expectation.step, result.failures.joined(separator: "; ")) + "\n"
        if !result.reason.isEmpty { output += "    " + tr("why: %s", result.reason.text) + "\n" }
      }
    }
    let status: Int32 =
      unreadable ? ExitStatus.invalidScenario : failed ? ExitStatus.expectationNotHeld : ExitStatus.ok
    return CommandResult(status: status, output: output, errors: errors)
  }
}
