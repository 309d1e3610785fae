import FoundationEssentials
import RotationCore
import RotationRender
import RotationResources

/// One command of `rotation-lab`: what the dispatch, `help`, the command list and the usage text
/// read.
struct Command: Sendable {
  let name: String
  /// The command as the list shows it: `trace FILE [--json]`.
  let synopsis: String
  /// One or two short lines for the command list.
  let summary: String
  /// The whole help, `rotation-lab help NAME`.
  let usage: String
  let run: @Sendable ([String]) -> CommandResult
}

extension CommandLineTool {
  static let commands: [Command] = [
    Command(
      name: "trace", synopsis: "trace FILE [--json]",
      summary: tr(
        "Run a scenario and print every step: UIKit's calls in order with their\nanswers, the masks it intersected, and where the interface ends up."
      ),
      usage: traceUsage, run: trace),
    Command(
      name: "validate", synopsis: "validate FILE",
      summary: tr("Check a scenario file and report the first problem."),
      usage: validateUsage, run: validate),
    Command(
      name: "check", synopsis: "check FILE...",
      summary: tr("Run scenarios and check the expectations of their \"expect\" lists."), usage: checkUsage,
      run: check),
    Command(
      name: "diagnose", synopsis: "diagnose FILE",
      summary: tr("Point out what in the scenario's run keeps it from turning as meant, with the rules."),
      usage: diagnoseUsage, run: diagnose),
    Command(
      name: "fix", synopsis: "fix FILE [--apply N [--output PATH]] [--json]",
      summary: tr("Find the smallest edits that make the expectations hold, proven by replay."),
      usage: fixUsage, run: fix),
    Command(
      name: "import", synopsis: "import PROJECT|Info.plist [--output FILE] [--report FILE] [--json]",
      summary: tr(
        "Make a scenario from an Xcode project or an Info.plist, and report what was read and assumed."),
      usage: importUsage, run: importCommand),
    Command(
      name: "export", synopsis: "export FILE [options]",
      summary: tr("Draw a step's diagram as PNG, SVG or PDF, or the tree as Graphviz DOT."),
      usage: exportUsage,
      run: export),
    Command(
      name: "compare", synopsis: "compare FILE [--systems 15,16] [--json]",
      summary: tr("Run the scenario under several iOS versions and show where they differ."),
      usage: compareUsage,
      run: compare),
    Command(
      name: "scenarios", synopsis: "scenarios", summary: tr("List the bundled scenarios with their titles."),
      usage: scenariosUsage, run: scenarios),
    Command(
      name: "help", synopsis: "help [COMMAND]", summary: tr("Show this help, or a command's."),
      usage: tr("Usage: rotation-lab help [COMMAND]\n\nShows the program's help, or COMMAND's."),
      run: helpCommand
    ),
    Command(
      name: "version", synopsis: "version", summary: tr("Show the version (also --version)."),
      usage: tr("Usage: rotation-lab version\n\nPrints the version."),
      run: versionCommand),
  ]

  static let traceUsage = tr(
    "Usage: rotation-lab trace FILE [--json]\n\nRuns the scenario's steps from launch and prints, for each step, the calls UIKit made in\nNSLog's form (-[NavVC supportedInterfaceOrientations] -> portrait), UIKit defaults marked,\nnotifications, console lines, any modelled exception, the masks and the result with its reason.\n--json prints the same as one JSON document {\"steps\": [...]}."
  )

  static let exportUsage = tr(
    "Usage: rotation-lab export FILE [--step N | --all-steps] [--output PATH] [options]\n\nDraws the diagram of a step: the controller tree, the device mockup, the mask intersection\nand the call order, with a title line and a legend.\n\n  --step N          the step to draw, from 1 (default: the last step)\n  --all-steps       one file per step: PATH-01.png, PATH-02.png, …\n  --output PATH     where to write; - writes to standard output\n                    (default: the scenario's name and the step, e.g. app-step3.png)\n  --format F        png, svg, pdf or dot (default: from PATH's extension, else png);\n                    dot writes the controller tree for Graphviz\n  --panel P         tree, device, masks, calls or all (default: all)\n  --scale S         pixel scale for PNG, e.g. 2 for HiDPI (default: 1)\n  --width W         width of the full diagram in pixels (default: 1280)\n  --theme T         light (the default) or dark: the palette of a dark desktop\n\nFiles are written atomically: a failed export leaves any existing file as it was."
  )

  static let validateUsage = tr(
    "Usage: rotation-lab validate FILE\n\nReads the scenario and reports the first problem with its JSON path, or \"FILE: valid\"."
  )

  static let scenariosUsage = tr(
    "Usage: rotation-lab scenarios\n\nLists the bundled scenarios, one a line: the name to pass wherever a FILE is expected\n(rotation-lab trace seed000-present) and the scenario's title."
  )

  static func helpCommand(_ arguments: [String]) -> CommandResult {
    guard let topic = arguments.first else {
      return CommandResult(status: ExitStatus.ok, output: usage + "\n")
    }
    if topic == "-h" || topic == "--help" {
      return CommandResult(status: ExitStatus.ok, output: help(for: "help")! + "\n")
    }
    guard let text = help(for: topic) else { return usageError(tr("no help for '%s'", topic)) }
    return CommandResult(status: ExitStatus.ok, output: text + "\n")
  }

  static func versionCommand(_ arguments: [String]) -> CommandResult {
    if arguments.contains("-h") || arguments.contains("--help") {
      return CommandResult(status: ExitStatus.ok, output: help(for: "version")! + "\n")
    }
    if let extra = arguments.first {
      return usageError("version: " + tr("unexpected '%s'", extra), command: "version")
    }
    return CommandResult(status: ExitStatus.ok, output: "rotation-lab \(BuildConfiguration.version)\n")
  }

  static func trace(_ arguments: [String]) -> CommandResult {
    let (parsed, scenario): (Arguments, Scenario)
    switch parseAndLoad(arguments, command: "trace", flags: ["--json"]) {
    case .success(let value): (parsed, scenario) = value
    case .failure(let result): return result
    }
    let steps = Simulator.run(scenario)
    let text =
      parsed.flags.contains("--json")
      ? JSONTrace.render(steps, scenario: scenario) : TextTrace.render(steps, scenario: scenario)
    return CommandResult(status: ExitStatus.ok, output: text)
  }

  static func validate(_ arguments: [String]) -> CommandResult {
    let parsed: Arguments
    switch parse(arguments, command: "validate", flags: []) {
    case .success(let value): parsed = value
    case .failure(let result): return result
    }
    switch load(parsed.file) {
    case .success(let scenario):
      return CommandResult(
        status: ExitStatus.ok,
        output: tr(
          "%s: valid (%s, %s)", parsed.file,
          trn("%s class", "%s classes", scenario.classes.count, scenario.classes.count),
          trn("%s step", "%s steps", scenario.steps.count, scenario.steps.count)) + "\n")
    case .failure(let result):
      return result
    }
  }

  /// `rotation-lab scenarios`: each bundled scenario's name and title. A bundled file that does
  /// not load is listed with its error, and the status says so.
  static func scenarios(_ arguments: [String]) -> CommandResult {
    if arguments.contains("-h") || arguments.contains("--help") {
      return CommandResult(status: ExitStatus.ok, output: scenariosUsage + "\n")
    }
    if let extra = arguments.first {
      return usageError("scenarios: " + tr("unexpected '%s'", extra), command: "scenarios")
    }
    let paths = Resources.bundledScenarios
    guard !paths.isEmpty else {
      return CommandResult(
        status: ExitStatus.invalidScenario,
        errors: "rotation-lab: "
          + tr("no bundled scenarios found (set ROTATION_LAB_DATA_DIR to the folder holding scenarios/)")
          + "\n")
    }
    let names = paths.map { PathName.deletingExtension(PathName.last($0)) }
    let width = names.map(\.count).max() ?? 0
    var output = ""
    var errors = ""
    for (name, path) in zip(names, paths) {
      do {
        output += name.padding(to: width + 2) + (try ScenarioDecoder.load(path: path)).title + "\n"
      } catch {
        errors += "rotation-lab: \(error)\n"
      }
    }
    return CommandResult(
      status: errors.isEmpty ? ExitStatus.ok : ExitStatus.invalidScenario, output: output, errors: errors)
  }
}

extension String {
  /// The string with spaces after it up to `width` characters (unchanged when longer).
  func padding(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
