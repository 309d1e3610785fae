import FoundationEssentials
import RotationCore
import RotationResources

/// `rotation-lab check FILE…`: runs each scenario and holds it to its `"expect"` list, so a team
/// can keep its app's rotation rules as scenarios in its own CI. Exit 0 when every expectation
/// holds, 1 when one does not, 2 when a file cannot be read (the other files are still checked).
extension CommandLineTool {
  static let checkUsage = """
    Usage: rotation-lab check FILE...

    Runs each scenario and checks the expectations of its "expect" list (the interface or device
    orientation at a step, the class that decides, an exception or none, calls made or not, a
    scene error or none). Prints each expectation that does not hold, with the step's reason.

    Exit status: 0 when every expectation holds, 1 when one does not, 2 when a file cannot be
    read or is not a valid scenario (the other files are still checked).
    """

  static func check(_ arguments: [String]) -> CommandResult {
    if arguments.contains("-h") || arguments.contains("--help") {
      return CommandResult(status: ExitStatus.ok, output: checkUsage + "\n")
    }
    if let option = arguments.first(where: { $0.hasPrefix("-") && $0 != "-" }) {
      return usageError("check: unknown option '\(option)'", command: "check")
    }
    guard !arguments.isEmpty else { return usageError("check: expected at least one FILE", command: "check") }
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
        output += "\(file): no expectations to check\n"
        continue
      }
      if held == results.count {
        output += "\(file): \(counted(results.count, "expectation", "expectations")) held\n"
        continue
      }
      failed = true
      output +=
        "\(file): \(results.count - held) of \(counted(results.count, "expectation", "expectations")) not held\n"
      for result in results where !result.held {
        output += "  step \(result.expectation.step): " + result.failures.joined(separator: "; ") + "\n"
        if !result.reason.isEmpty { output += "    why: \(result.reason)\n" }
      }
    }
    let status: Int32 =
      unreadable ? ExitStatus.invalidScenario : failed ? ExitStatus.expectationNotHeld : ExitStatus.ok
    return CommandResult(status: status, output: output, errors: errors)
  }
}
