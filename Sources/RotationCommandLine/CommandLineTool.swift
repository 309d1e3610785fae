// MARK: - Design note
//
// The headless `rotation-lab` commands. `CommandLineTool.run` is a pure function from arguments
// to (status, standard output, standard error) so that tests can call it in-process; `main`
// only writes its result out. Exit status: 0 when the scenario ran (a modelled UIKit exception is
// a result, not a failure), 2 for a file that cannot be read or is not a valid scenario, and 64
// for a command line that makes no sense.

import Foundation
import RotationCore

/// The version printed by `--version`.
public let rotationLabVersion = "0.1.0"

/// What a command produced.
public struct CommandResult: Error, Equatable, Sendable {
  public var status: Int32
  public var output: String
  public var errors: String

  public init(status: Int32, output: String = "", errors: String = "") {
    self.status = status
    self.output = output
    self.errors = errors
  }
}

/// Exit statuses.
public enum ExitStatus {
  public static let ok: Int32 = 0
  public static let invalidScenario: Int32 = 2
  public static let usage: Int32 = 64
}

public enum CommandLineTool {
  public static let usage = """
    Usage: rotation-lab <command> [options]

    Commands:
      trace FILE [--json]   Run a scenario and print every step: UIKit's calls in order with their
                            answers, the masks it intersected, and where the interface ends up.
      validate FILE         Check a scenario file and report the first problem.
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

  static let validateUsage = """
    Usage: rotation-lab validate FILE

    Reads the scenario and reports the first problem with its JSON path, or "FILE: valid".
    """

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
    default:
      return usageError("unknown command '\(command)'")
    }
  }

  static func help(for command: String) -> String? {
    switch command {
    case "trace": return traceUsage
    case "validate": return validateUsage
    default: return nil
    }
  }

  static func usageError(_ message: String, command: String? = nil) -> CommandResult {
    let hint =
      command.map { "Run 'rotation-lab help \($0)' for its options." } ?? "Run 'rotation-lab --help'."
    return CommandResult(status: ExitStatus.usage, errors: "rotation-lab: \(message)\n\(hint)\n")
  }

  /// Splits arguments into one file and the named flags; rejects anything else.
  static func parse(_ arguments: [String], command: String, flags allowed: Set<String>)
    -> Result<(file: String, flags: Set<String>), CommandResult>
  {
    var file: String?
    var flags = Set<String>()
    for argument in arguments {
      if argument == "-h" || argument == "--help" {
        return .failure(CommandResult(status: ExitStatus.ok, output: (help(for: command) ?? usage) + "\n"))
      }
      if argument.hasPrefix("--") {
        guard allowed.contains(argument) else {
          return .failure(usageError("\(command): unknown option '\(argument)'", command: command))
        }
        flags.insert(argument)
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
    return .success((file, flags))
  }

  static func load(_ file: String) -> Result<Scenario, CommandResult> {
    do {
      return .success(try ScenarioDecoder.load(path: file))
    } catch {
      return .failure(CommandResult(status: ExitStatus.invalidScenario, errors: "rotation-lab: \(error)\n"))
    }
  }

  static func trace(_ arguments: [String]) -> CommandResult {
    let parsed: (file: String, flags: Set<String>)
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
    let parsed: (file: String, flags: Set<String>)
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
    FileHandle.standardOutput.write(Data(result.output.utf8))
    FileHandle.standardError.write(Data(result.errors.utf8))
    exit(result.status)
  }
}
