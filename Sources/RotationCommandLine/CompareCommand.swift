import FoundationEssentials
import RotationCore
import RotationRender

extension CommandLineTool {
  static let compareUsage = tr(
    "Usage: rotation-lab compare FILE [--systems 15,16] [--json] [--output PATH]\n\nRuns the scenario once per system version (default: 15 and 16, the classic and the iOS 16+\nrules) and prints, step by step, where the calls, the orientations, the exceptions or errors\ndiffer, with a one-line summary per step. --json prints the same as one JSON document.\n--output PATH draws the comparison as a side-by-side diagram (PNG, SVG or PDF by extension)."
  )

  /// `rotation-lab compare FILE --systems 15,16`.
  static func compare(_ arguments: [String]) -> CommandResult {
    let parsed: Arguments
    switch parse(arguments, command: "compare", flags: ["--json"], options: ["--systems", "--output"]) {
    case .success(let value): parsed = value
    case .failure(let result): return result
    }
    let list = (parsed.values["--systems"] ?? "15,16").split(separator: ",", omittingEmptySubsequences: false)
    var systems: [SystemVersion] = []
    for item in list {
      let text = item.trimmingWhitespace()
      guard let version = SystemVersion(text), version.major >= 6 else {
        return usageError(
          "compare: " + tr("--systems expects versions such as 15,16 (iOS 6 or later), not '%s'", text),
          command: "compare")
      }
      systems.append(version)
    }
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
    if let output = parsed.values["--output"] {
      let format = ExportFormat(path: output) ?? .png
      do {
        try FileWriter.write(try Exporter.render(comparison, format: format), to: output)
      } catch {
        return CommandResult(status: ExitStatus.cannotWrite, errors: "rotation-lab: compare: \(error)\n")
      }
      return CommandResult(status: ExitStatus.ok, errors: tr("wrote %s", output) + "\n")
    }
    return CommandResult(
      status: ExitStatus.ok, output: parsed.flags.contains("--json") ? comparison.json() : comparison.text())
  }
}
