import FoundationEssentials
import RotationCore
import RotationRender

extension CommandLineTool {
  enum CompareOptions {
    static let systems = Option<SystemList>(
      "--systems", "15,16",
      help: tr(
        "the system versions to run, comma-separated (default: 15,16, the classic and the iOS 16+ rules)"),
      expects: tr("versions such as 15,16 (iOS 6 or later; there is no iOS 19 to 25: after 18 comes 26)"))
    static let json = Flag("--json", help: tr("print the same as one JSON document"))
    static let output = Option<String>(
      path: "--output", "PATH",
      help: tr("draw the comparison as a side-by-side diagram (PNG, SVG or PDF by extension)"))
  }

  static let compareCommand = Command(
    name: "compare", operands: .one("FILE"),
    summary: tr("Run the scenario under several iOS versions and show where they differ."),
    about: tr(
      "Runs the scenario once per system version and prints, step by step, where the calls, the\norientations, the exceptions or errors differ, with a one-line summary per step."
    ),
    options: [
      CompareOptions.systems.declaration, CompareOptions.json.declaration, CompareOptions.output.declaration,
    ], run: compare)

  /// `rotation-lab compare FILE --systems 15,16`.
  static func compare(_ parsed: ParsedArguments) -> CommandResult {
    let systems = (parsed[CompareOptions.systems] ?? SystemList(argument: "15,16")!).versions
    guard systems.count >= 2 else {
      return usageError(
        "compare: " + tr("--systems needs at least two versions, such as 15,16"), command: "compare")
    }
    let scenario: Scenario
    switch load(parsed.file) {
    case .success(let value): scenario = value
    case .failure(let result): return result
    }
    let comparison = Comparison(scenario: scenario, systems: systems)
    if let output = parsed[CompareOptions.output] {
      let format = ExportFormat(path: output) ?? .png
      do {
        try FileWriter.write(try Exporter.render(comparison, format: format), to: output)
      } catch {
        return CommandResult(status: ExitStatus.cannotWrite, errors: "rotation-lab: compare: \(error)\n")
      }
      return CommandResult(status: ExitStatus.ok, errors: tr("wrote %s", output) + "\n")
    }
    return CommandResult(
      status: ExitStatus.ok, output: parsed[CompareOptions.json] ? comparison.json() : comparison.text())
  }
}
