import FoundationEssentials
import RotationCore
import RotationImport
import RotationRender

/// `rotation-lab import PATH [--output FILE] [--report FILE] [--json]`: the user's files into a
/// scenario and a report of what was read and what was assumed. Today PATH is an Info.plist (XML
/// or binary); Xcode projects, storyboards and code are not read yet, and say so.
extension CommandLineTool {
  static let importUsage = """
    Usage: rotation-lab import PATH [--output FILE] [--report FILE] [--json]

    PATH is an .xcodeproj folder, its project.pbxproj, or an Info.plist.

    Reads an Xcode project (its application target's build settings, Xcode 13's INFOPLIST_KEY_…
    keys, and the Info.plist file it names) or an app's Info.plist (XML or binary) and writes a scenario: its supported orientations (the
    ~ipad variant for an iPad app), UIRequiresFullScreen, the device family and the minimum system
    version. Prints a report of each fact it took, with file:line, and of each thing it assumed
    instead (the window's root, which an Info.plist does not name, is UIKit's UIViewController).
    Storyboards and view controller code are not read yet.

      --output FILE   where to write the scenario (default: PATH's name with .scenario.json, here)
      --report FILE   write the report there instead of printing it
      --json          print the report as JSON

    Exit status: 0 when a scenario was written, 2 when PATH gives nothing usable, 64 for a bad
    command line, 73 when an output cannot be written.
    """

  static func importCommand(_ arguments: [String]) -> CommandResult {
    let parsed: Arguments
    switch parse(arguments, command: "import", flags: ["--json"], options: ["--output", "--report"]) {
    case .success(let value): parsed = value
    case .failure(let result): return result
    }
    var path = parsed.file
    while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
    let last = PathName.last(path)
    let result: ImportResult
    do {
      result = try AppImport.load(path: path)
    } catch {
      return CommandResult(status: ExitStatus.invalidScenario, errors: "rotation-lab: \(error)\n")
    }
    let base = last == "project.pbxproj" ? PathName.last(PathName.folder(path)) : last
    let output = parsed.values["--output"] ?? PathName.deletingExtension(base) + ".scenario.json"
    do {
      try Exporter.write(Array(ScenarioEncoder.text(result.scenario).utf8), to: output)
    } catch {
      return CommandResult(status: ExitStatus.cannotWrite, errors: "rotation-lab: import: \(error)\n")
    }
    let report =
      parsed.flags.contains("--json")
      ? json(result.report).serialized(indent: 0) + "\n" : "wrote \(output)\n" + result.report.text
    if let reportPath = parsed.values["--report"] {
      do {
        try Exporter.write(Array(report.utf8), to: reportPath)
      } catch {
        return CommandResult(status: ExitStatus.cannotWrite, errors: "rotation-lab: import: \(error)\n")
      }
      return CommandResult(status: ExitStatus.ok, output: "wrote \(output) and \(reportPath)\n")
    }
    return CommandResult(status: ExitStatus.ok, output: report)
  }

  static func json(_ report: ImportReport) -> JSONValue {
    func lines(_ list: [ImportReport.Line]) -> JSONValue {
      .array(
        list.map { line in
          .object([
            ("file", .string(line.file)), ("line", line.line.map { .number(Double($0)) } ?? .null),
            ("text", .string(line.text)),
          ])
        })
    }
    return .object([("read", lines(report.facts)), ("assumed", lines(report.assumptions))])
  }
}
