import FoundationEssentials
import RotationCore
import RotationResources

/// `rotation-lab check FILE…`: runs each scenario and holds it to its `"expect"` list, so a team
/// can keep its app's rotation rules as scenarios in its own CI. Exit 0 when every expectation
/// holds, 1 when one does not, 2 when a file cannot be read (the other files are still checked).
extension CommandLineTool {
  static let checkCommand = Command(
    name: "check", operands: .several("FILE"),
    summary: tr("Run scenarios and check the expectations of their \"expect\" lists."),
    about: tr(
      "Runs each scenario and checks the expectations of its \"expect\" list (the interface or device\norientation at a step, the class that decides, an exception or none, calls made or not, a\nscene error or none). Prints each expectation that does not hold, with the step's reason."
    ),
    options: [],
    footer: tr(
      "Exit status: 0 when every expectation holds, 1 when one does not, 2 when a file cannot be\nread or is not a valid scenario (the other files are still checked)."
    ), run: { check($0.operands) })

  static func check(_ arguments: [String]) -> CommandResult {
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
