// MARK: - Design note
//
// The headless `rotation-lab` commands. `CommandLineTool.run` is a pure function from arguments
// to (status, standard output, standard error) so that tests can call it in-process; `main`
// only writes its result out. Exit status: 0 when the scenario ran (a modelled UIKit exception is
// a result, not a failure), 2 for a file that cannot be read or is not a valid scenario, and 64
// for a command line that makes no sense.

import FoundationEssentials
import Glibc
import RotationCore
import RotationRender

/// The version printed by `--version`.
public let rotationLabVersion = "0.1.0"

/// What a command produced.
public struct CommandResult: Error, Equatable, Sendable {
  public var status: Int32
  public var output: String
  public var errors: String
  /// Bytes for standard output that are not text (an exported PNG), written after `output`.
  public var binaryOutput: Data

  public init(status: Int32, output: String = "", errors: String = "", binaryOutput: Data = Data()) {
    self.status = status
    self.output = output
    self.errors = errors
    self.binaryOutput = binaryOutput
  }
}

/// Exit statuses.
public enum ExitStatus {
  public static let ok: Int32 = 0
  public static let invalidScenario: Int32 = 2
  public static let usage: Int32 = 64
  /// An output file that cannot be written.
  public static let cannotWrite: Int32 = 73
}

public enum CommandLineTool {
  public static let usage = """
    Usage: rotation-lab [FILE] [--new-instance]
           rotation-lab <command> [options]

    With no command, opens the Rotation Lab window on FILE (default: the bundled default
    scenario). A second launch hands FILE to the running window; --new-instance opens another.

    Commands:
      trace FILE [--json]   Run a scenario and print every step: UIKit's calls in order with their
                            answers, the masks it intersected, and where the interface ends up.
      validate FILE         Check a scenario file and report the first problem.
      export FILE [options] Draw a step's diagram as PNG, SVG or PDF, or the tree as Graphviz DOT.
      compare FILE [--systems 15,16] [--json]
                            Run the scenario under several iOS versions and show where they differ.
      help [COMMAND]        Show this help, or a command's.

    Options:
      -h, --help            Show help.
      --version             Show the version.

    Exit status: 0 when the scenario ran (a modelled UIKit exception is a result),
    2 for an unreadable or invalid scenario, 64 for a bad command line.
    """

  static let traceUsage = """
    Usage: rotation-lab trace FILE [--json]

    Runs the scenario's steps from launch and prints, for each step, the calls UIKit made in
    NSLog's form (-[NavVC supportedInterfaceOrientations] -> portrait), UIKit defaults marked,
    notifications, console lines, any modelled exception, the masks and the result with its reason.
    --json prints the same as one JSON document {"steps": [...]}.
    """

  static let exportUsage = """
    Usage: rotation-lab export FILE [--step N | --all-steps] [--output PATH] [options]

    Draws the diagram of a step: the controller tree, the device mockup, the mask intersection
    and the call order, with a title line and a legend.

      --step N          the step to draw, from 1 (default: the last step)
      --all-steps       one file per step: PATH-01.png, PATH-02.png, …
      --output PATH     where to write; - writes to standard output
                        (default: the scenario's name and the step, e.g. app-step3.png)
      --format F        png, svg, pdf or dot (default: from PATH's extension, else png);
                        dot writes the controller tree for Graphviz
      --panel P         tree, device, masks, calls or all (default: all)
      --scale S         pixel scale for PNG, e.g. 2 for HiDPI (default: 1)
      --width W         width of the full diagram in pixels (default: 1280)

    Files are written atomically: a failed export leaves any existing file as it was.
    """

  static let validateUsage = """
    Usage: rotation-lab validate FILE

    Reads the scenario and reports the first problem with its JSON path, or "FILE: valid".
    """

  /// Whether `word` starts a headless command (anything else opens the window).
  public static func isCommand(_ word: String) -> Bool {
    ["trace", "validate", "export", "compare", "help", "version", "-h", "--help", "--version"].contains(word)
  }

  /// Runs a command line (without the program name).
  public static func run(_ arguments: [String]) -> CommandResult {
    guard let command = arguments.first else {
      return CommandResult(status: ExitStatus.usage, errors: usage + "\n")
    }
    let rest = Array(arguments.dropFirst())
    switch command {
    case "-h", "--help", "help":
      if let topic = rest.first {
        guard let text = help(for: topic) else { return usageError("no help for '\(topic)'") }
        return CommandResult(status: ExitStatus.ok, output: text + "\n")
      }
      return CommandResult(status: ExitStatus.ok, output: usage + "\n")
    case "--version", "version":
      return CommandResult(status: ExitStatus.ok, output: "rotation-lab \(rotationLabVersion)\n")
    case "trace":
      return trace(rest)
    case "validate":
      return validate(rest)
    case "export":
      return export(rest)
    case "compare":
      return compare(rest)
    default:
      return usageError("unknown command '\(command)'")
    }
  }

  static func help(for command: String) -> String? {
    switch command {
    case "trace": return traceUsage
    case "validate": return validateUsage
    case "export": return exportUsage
    case "compare": return compareUsage
    default: return nil
    }
  }

  static func usageError(_ message: String, command: String? = nil) -> CommandResult {
    let hint =
      command.map { "Run 'rotation-lab help \($0)' for its options." } ?? "Run 'rotation-lab --help'."
    return CommandResult(status: ExitStatus.usage, errors: "rotation-lab: \(message)\n\(hint)\n")
  }

  /// A parsed command line: one file, boolean flags, and options with values.
  struct Arguments {
    var file: String
    var flags: Set<String> = []
    var values: [String: String] = [:]
  }

  /// Splits arguments into one file, the named flags and the named options (`--step 3` or
  /// `--step=3`); rejects anything else.
  static func parse(
    _ arguments: [String], command: String, flags allowed: Set<String>, options: Set<String> = []
  )
    -> Result<Arguments, CommandResult>
  {
    var file: String?
    var flags = Set<String>()
    var values: [String: String] = [:]
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "-h" || argument == "--help" {
        return .failure(CommandResult(status: ExitStatus.ok, output: (help(for: command) ?? usage) + "\n"))
      }
      if argument.hasPrefix("--") {
        var name = argument
        var value: String?
        if let equals = argument.firstIndex(of: "=") {
          name = String(argument[..<equals])
          value = String(argument[argument.index(after: equals)...])
        }
        if allowed.contains(name), value == nil {
          flags.insert(name)
        } else if options.contains(name) {
          if value == nil {
            guard index < arguments.count else {
              return .failure(usageError("\(command): \(name) needs a value", command: command))
            }
            value = arguments[index]
            index += 1
          }
          values[name] = value
        } else {
          return .failure(usageError("\(command): unknown option '\(argument)'", command: command))
        }
      } else if file == nil {
        file = argument
      } else {
        return .failure(
          usageError(
            "\(command): expected one scenario file, got '\(file!)' and '\(argument)'", command: command))
      }
    }
    guard let file else {
      return .failure(usageError("\(command): expected a scenario file", command: command))
    }
    return .success(Arguments(file: file, flags: flags, values: values))
  }

  static func load(_ file: String) -> Result<Scenario, CommandResult> {
    do {
      return .success(try ScenarioDecoder.load(path: file))
    } catch {
      return .failure(CommandResult(status: ExitStatus.invalidScenario, errors: "rotation-lab: \(error)\n"))
    }
  }

  static func trace(_ arguments: [String]) -> CommandResult {
    let parsed: Arguments
    switch parse(arguments, command: "trace", flags: ["--json"]) {
    case .success(let value): parsed = value
    case .failure(let result): return result
    }
    let scenario: Scenario
    switch load(parsed.file) {
    case .success(let value): scenario = value
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
        output: "\(parsed.file): valid (\(scenario.classes.count) classes, \(scenario.steps.count) steps)\n")
    case .failure(let result):
      return result
    }
  }

  /// Runs the command line of this process and exits.
  public static func main() -> Never {
    let result = run(Array(CommandLine.arguments.dropFirst()))
    // A closed pipe ends the writing; the exit status is the command's.
    POSIXFile.writeAll(Array(result.output.utf8), to: STDOUT_FILENO)
    POSIXFile.writeAll(Array(result.binaryOutput), to: STDOUT_FILENO)
    POSIXFile.writeAll(Array(result.errors.utf8), to: STDERR_FILENO)
    exit(result.status)
  }
}
