// MARK: - Design note
//
// The headless `rotation-lab` commands. `CommandLineTool.run` is a pure function from arguments
// to (status, standard output, standard error) so that tests can call it in-process; `main`
// only writes its result out. The commands are one table (`commands`, Commands.swift) of
// declarations — operands, and options typed by the value they take (Options.swift) — that the
// parser, `help`, the command list and the usage text all read, as swift-argument-parser does. Exit status: 0 when the
// scenario ran (a modelled UIKit exception is a result, not a failure), 1 for an expectation
// `check` finds not held, 2 for a file that cannot
// be read or is not a valid scenario, 64 for a command line that makes no sense, 73 for an output
// that cannot be written.

import FoundationEssentials
import Glibc
import RotationCore
import RotationRender
import RotationResources

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
  /// `check`: an expectation that does not hold.
  public static let expectationNotHeld: Int32 = 1
  public static let invalidScenario: Int32 = 2
  public static let usage: Int32 = 64
  /// An output file that cannot be written.
  public static let cannotWrite: Int32 = 73
}

public enum CommandLineTool {
  /// Whether `word` starts a headless command (anything else opens the window).
  public static func isCommand(_ word: String) -> Bool { command(named: word) != nil }

  /// The command a word names: a command's name, or `-h`, `--help`, `--version`.
  static func command(named word: String) -> Command? {
    let name = ["-h": "help", "--help": "help", "--version": "version"][word] ?? word
    return commands.first { $0.name == name }
  }

  /// Runs a command line (without the program name).
  public static func run(_ arguments: [String]) -> CommandResult {
    guard let word = arguments.first else {
      return CommandResult(status: ExitStatus.usage, errors: usage + "\n")
    }
    guard let command = command(named: word) else { return usageError(tr("unknown command '%s'", word)) }
    switch command.parse(Array(arguments.dropFirst())) {
    case .success(let parsed): return command.run(parsed)
    case .failure(let result): return result
    }
  }

  /// The help of the program: both forms of its command line, its commands from the table, the
  /// options and every exit status.
  public static var usage: String {
    var text = tr(
      "Usage: rotation-lab [FILE] [--new-instance]\n       rotation-lab <command> [options]\n\nWith no command, opens the Rotation Lab window on FILE (default: the bundled default\nscenario). A second launch hands FILE to the running window; --new-instance opens another.\nWherever a FILE is expected, the name of a bundled scenario works too (seed000-present)\nwhen no such file exists; `rotation-lab scenarios` lists them.\n\nCommands:\n"
    )
    for command in commands {
      let lines = command.summary.split(separator: "\n", omittingEmptySubsequences: false)
      if command.synopsis.count <= 22 {
        text += "  " + command.synopsis.padding(to: 24) + lines[0] + "\n"
        for line in lines.dropFirst() { text += String(repeating: " ", count: 26) + line + "\n" }
      } else {
        text += "  " + command.synopsis + "\n"
        for line in lines { text += String(repeating: " ", count: 26) + line + "\n" }
      }
    }
    text += tr(
      "\nOptions:\n  -h, --help              Show help; `rotation-lab help COMMAND` shows a command's.\n  --version               Show the version.\n\nExit status:\n  0   the command ran; for a scenario, it ran (a modelled UIKit exception is a result)\n  1   check: an expectation does not hold; fix: no fix found\n  2   a file that cannot be read or is not a valid scenario\n  64  a bad command line\n  73  an output file that cannot be written"
    )
    return text
  }

  static func help(for name: String) -> String? {
    guard let command = commands.first(where: { $0.name == name }) else { return nil }
    return command.usage
  }

  static func usageError(_ message: String, command: String? = nil) -> CommandResult {
    let hint =
      command.map { tr("Run 'rotation-lab help %s' for its options.", $0) }
      ?? tr("Run 'rotation-lab --help'.")
    return CommandResult(status: ExitStatus.usage, errors: "rotation-lab: \(message)\n\(hint)\n")
  }

  static func load(_ file: String) -> Result<Scenario, CommandResult> {
    do {
      return .success(try ScenarioDecoder.load(path: Resources.scenarioPath(file)))
    } catch {
      return .failure(CommandResult(status: ExitStatus.invalidScenario, errors: "rotation-lab: \(error)\n"))
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
