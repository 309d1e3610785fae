import FoundationEssentials
import RotationCore
import RotationRender
import RotationResources

/// One command of `rotation-lab`, declared once: its operands and options, whose declarations the
/// parser, `help COMMAND`, the command list and the usage text all read. Its `run` gets the
/// arguments parsed by them, so an option it does not declare never reaches it.
struct Command: Sendable {
  let name: String
  let operands: Operands
  /// One or two short lines for the command list.
  let summary: String
  /// The help's prose, between the usage line and the options.
  let about: String
  let options: [OptionDeclaration]
  /// Said after the options (the exit statuses).
  var footer: String? = nil
  let run: @Sendable (ParsedArguments) -> CommandResult

  /// The command as the list shows it: `trace FILE [--json]`, or `[options]` for more than three.
  var synopsis: String {
    let parts = [name, operands.usage].filter { !$0.isEmpty }
    let shown = options.count > 3 ? ["[" + tr("options") + "]"] : options.map { "[\($0.usage)]" }
    return (parts + shown).joined(separator: " ")
  }

  /// The whole help, `rotation-lab help NAME`: the usage line, the prose, each option with its
  /// help, and the footer.
  var usage: String {
    var text = tr("Usage: rotation-lab %s", synopsis) + "\n\n" + about
    let lines = options.map { ($0.usage, $0.help) } + [("-h, --help", tr("show this help"))]
    let width = (lines.map(\.0.count).max() ?? 0) + 2
    text += "\n\n" + tr("Options:") + "\n"
    for (usage, help) in lines {
      let helpLines = help.split(separator: "\n", omittingEmptySubsequences: false)
      text += "  " + usage.padding(to: width) + helpLines[0] + "\n"
      for line in helpLines.dropFirst() { text += String(repeating: " ", count: width + 2) + line + "\n" }
    }
    if let footer { text += "\n" + footer + "\n" }
    return String(text.dropLast())
  }

  /// `arguments` (after the command's name) read by the declaration: `--name value` or
  /// `--name=value`, flags, and the operands; `-h` or `--help` anywhere gives the help.
  func parse(_ arguments: [String]) -> Result<ParsedArguments, CommandResult> {
    var parsed = ParsedArguments(declared: Set(options.map(\.name)))
    func refuse(_ message: String) -> Result<ParsedArguments, CommandResult> {
      .failure(CommandLineTool.usageError(name + ": " + message, command: name))
    }
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      // `--` ends the options: what follows is operands, a file named `--json` too.
      if argument == "--" && !optionsEnded {
        optionsEnded = true
        continue
      }
      if !optionsEnded && (argument == "-h" || argument == "--help") {
        return .failure(CommandResult(status: ExitStatus.ok, output: usage + "\n"))
      }
      // Options are `--name`; anything else (`-`, `-notes.json`) is an operand.
      guard !optionsEnded, argument.hasPrefix("--") else {
        parsed.operands.append(argument)
        continue
      }
      var given = argument
      var value: String?
      if let equals = argument.firstIndex(of: "=") {
        given = String(argument[..<equals])
        value = String(argument[argument.index(after: equals)...])
      }
      guard let option = options.first(where: { $0.name == given }) else {
        return refuse(tr("unknown option '%s'", given))
      }
      guard let read = option.read else {
        if value != nil { return refuse(tr("%s takes no value", given)) }
        parsed.flags.insert(given)
        continue
      }
      if value == nil {
        guard index < arguments.count else { return refuse(tr("%s needs a value", given)) }
        value = arguments[index]
        index += 1
      }
      guard let text = value, let read = read(text) else {
        return refuse(tr("%s expects %s, not '%s'", given, option.expects, value ?? ""))
      }
      parsed.values[given] = read
    }
    switch operands {
    case .none:
      if let extra = parsed.operands.first { return refuse(tr("unexpected '%s'", extra)) }
    case .one(let operand):
      if parsed.operands.isEmpty {
        return refuse(operand == "FILE" ? tr("expected a scenario file") : tr("expected %s", operand))
      }
      if parsed.operands.count > 1 {
        return refuse(
          operand == "FILE"
            ? tr("expected one scenario file, got '%s' and '%s'", parsed.operands[0], parsed.operands[1])
            : tr("expected one %s, got '%s' and '%s'", operand, parsed.operands[0], parsed.operands[1]))
      }
    case .several(let operand):
      if parsed.operands.isEmpty { return refuse(tr("expected at least one %s", operand)) }
    case .optional:
      if parsed.operands.count > 1 { return refuse(tr("unexpected '%s'", parsed.operands[1])) }
    }
    return .success(parsed)
  }
}

extension CommandLineTool {
  static let commands: [Command] = [
    traceCommand, validateCommand, checkCommand, diagnoseCommand, fixCommand, importCommand, exportCommand,
    compareCommand, scenariosCommand, helpCommand, versionCommand,
  ]

  enum TraceOptions {
    static let json = Flag("--json", help: tr("print the same as one JSON document {\"steps\": [...]}"))
  }

  static let traceCommand = Command(
    name: "trace", operands: .one("FILE"),
    summary: tr(
      "Run a scenario and print every step: UIKit's calls in order with their\nanswers, the masks it intersected, and where the interface ends up."
    ),
    about: tr(
      "Runs the scenario's steps from launch and prints, for each step, the calls UIKit made in\nNSLog's form (-[NavVC supportedInterfaceOrientations] -> portrait), UIKit defaults marked,\nnotifications, console lines, any modelled exception, the masks and the result with its reason."
    ),
    options: [TraceOptions.json.declaration]
  ) { parsed in
    let scenario: Scenario
    switch load(parsed.file) {
    case .success(let value): scenario = value
    case .failure(let result): return result
    }
    let steps = Simulator.run(scenario)
    let text =
      parsed[TraceOptions.json]
      ? JSONTrace.render(steps, scenario: scenario) : TextTrace.render(steps, scenario: scenario)
    return CommandResult(status: ExitStatus.ok, output: text)
  }

  static let validateCommand = Command(
    name: "validate", operands: .one("FILE"),
    summary: tr("Check a scenario file and report the first problem."),
    about: tr("Reads the scenario and reports the first problem with its JSON path, or \"FILE: valid\"."),
    options: []
  ) { parsed in
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

  static let scenariosCommand = Command(
    name: "scenarios", operands: .none, summary: tr("List the bundled scenarios with their titles."),
    about: tr(
      "Lists the bundled scenarios, one a line: the name to pass wherever a FILE is expected\n(rotation-lab trace seed000-present) and the scenario's title."
    ),
    options: [], run: { _ in scenarios() })

  static let helpCommand = Command(
    name: "help", operands: .optional("COMMAND"), summary: tr("Show this help, or a command's."),
    about: tr("Shows the program's help, or COMMAND's."), options: []
  ) { parsed in
    guard let topic = parsed.operands.first else {
      return CommandResult(status: ExitStatus.ok, output: usage + "\n")
    }
    guard let text = help(for: topic) else { return usageError(tr("no help for '%s'", topic)) }
    return CommandResult(status: ExitStatus.ok, output: text + "\n")
  }

  static let versionCommand = Command(
    name: "version", operands: .none, summary: tr("Show the version (also --version)."),
    about: tr("Prints the version."), options: []
  ) { _ in CommandResult(status: ExitStatus.ok, output: "rotation-lab \(BuildConfiguration.version)\n") }

  /// `rotation-lab scenarios`: each bundled scenario's name and title. A bundled file that does
  /// not load is listed with its error, and the status says so.
  static func scenarios() -> CommandResult {
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
