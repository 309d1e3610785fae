import FoundationEssentials
import RotationCore
import RotationImport
import RotationRender

/// `rotation-lab import PATH [--output FILE] [--report FILE] [--json]`: the user's project,
/// folder or one file into a scenario and a report of what was read and what was assumed.
extension CommandLineTool {
  enum ImportOptions {
    static let output = Option<String>(
      path: "--output", "FILE",
      help: tr("where to write the scenario (default: PATH's name with .scenario.json, here)"))
    static let report = Option<String>(
      path: "--report", "FILE", help: tr("write the report there instead of printing it"))
    static let json = Flag("--json", help: tr("print the report as JSON"))
  }

  static let importCommand = Command(
    name: "import", operands: .one("PATH"),
    summary: tr(
      "Make a scenario from an Xcode project or an Info.plist, and report what was read and assumed."),
    about: tr(
      "PATH is an .xcodeproj folder (or its project.pbxproj), an app's folder, an Info.plist, a\nstoryboard or xib, or a Swift or Objective-C file.\n\nReads what the app has and writes a scenario that behaves as its code does: the application\ntarget's build settings (Xcode 13's INFOPLIST_KEY_… keys, the device family, the deployment\ntarget) and Info.plist; the main storyboard's controllers, relationships, container views and\nsegues; the view controller classes in the code, their base classes and the extensions and\ncategories on UIKit's classes, with their overrides of shouldAutorotate,\nsupportedInterfaceOrientations and preferredInterfaceOrientationForPresentation, their\nlifecycle methods' forcing calls and flags; the app delegate's\napplication:supportedInterfaceOrientationsForWindow:; the window's root built in code.\nPrints a report of each fact it took, with file:line, and of each thing it could not read or\nhad to assume instead (UIKit's default, mostly). docs/import.md lists the forms it reads."
    ),
    options: [
      ImportOptions.output.declaration, ImportOptions.report.declaration, ImportOptions.json.declaration,
    ],
    footer: tr(
      "Exit status: 0 when a scenario was written (the report says what was not understood), 2 when\nPATH gives nothing usable, 64 for a bad command line, 73 when an output cannot be written."
    ), run: importProject)

  static func importProject(_ parsed: ParsedArguments) -> CommandResult {
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
    let output = parsed[ImportOptions.output] ?? PathName.deletingExtension(base) + ".scenario.json"
    do {
      try FileWriter.write(Array(ScenarioEncoder.text(result.scenario).utf8), to: output)
    } catch {
      return CommandResult(status: ExitStatus.cannotWrite, errors: "rotation-lab: import: \(error)\n")
    }
    let report =
      parsed[ImportOptions.json]
      ? json(result.report).serialized(indent: 0) + "\n" : tr("wrote %s", output) + "\n" + result.report.text
    if let reportPath = parsed[ImportOptions.report] {
      do {
        try FileWriter.write(Array(report.utf8), to: reportPath)
      } catch {
        return CommandResult(status: ExitStatus.cannotWrite, errors: "rotation-lab: import: \(error)\n")
      }
      return CommandResult(status: ExitStatus.ok, output: tr("wrote %s and %s", output, reportPath) + "\n")
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
