import RotationRender
import Testing

@testable import RotationCommandLine

/// Each command's options are declared once, typed by their values; parsing, the errors and the
/// help all come from the declaration. In-process: no binary is run.
@Suite struct ParsingTests {
  func command(_ name: String) throws -> Command { try #require(CommandLineTool.command(named: name)) }

  func parsed(_ arguments: [String]) throws -> ParsedArguments {
    let command = try command(arguments[0])
    switch command.parse(Array(arguments.dropFirst())) {
    case .success(let parsed): return parsed
    case .failure(let result): throw result
    }
  }

  func refusal(_ arguments: [String]) -> CommandResult? {
    guard
      case .failure(let result) = CommandLineTool.command(named: arguments[0])?.parse(
        Array(arguments.dropFirst()))
    else { return nil }
    return result
  }

  @Test func valuesArriveAsTheDeclaredTypes() throws {
    let export = try parsed([
      "export", "app.json", "--scale=2", "--format", "SVG", "--theme", "dark", "--step", "3",
    ])
    #expect(export.file == "app.json")
    #expect(export[CommandLineTool.ExportOptions.scale] == 2.0)
    #expect(export[CommandLineTool.ExportOptions.format] == .svg)
    #expect(export[CommandLineTool.ExportOptions.theme] == .dark)
    #expect(export[CommandLineTool.ExportOptions.step] == 3)
    #expect(export[CommandLineTool.ExportOptions.allSteps] == false)
    #expect(export[CommandLineTool.ExportOptions.panel] == nil)
    let compare = try parsed(["compare", "app.json", "--systems", "12, 16.4"])
    #expect(compare[CommandLineTool.CompareOptions.systems]?.versions.map(\.text) == ["12", "16.4"])
    #expect(try parsed(["trace", "--json", "app.json"])[CommandLineTool.TraceOptions.json])
  }

  @Test func aWrongValueIsRefusedWithWhatTheOptionExpects() {
    let cases: [([String], String)] = [
      (["export", "a.json", "--format", "gif"], "export: --format expects png, svg, pdf or dot, not 'gif'"),
      (
        ["export", "a.json", "--panel=legend"],
        "export: --panel expects tree, device, masks, calls or all, not 'legend'"
      ),
      (["export", "a.json", "--scale", "9"], "export: --scale expects a number from 0.25 to 8, not '9'"),
      (["export", "a.json", "--scale", "nan"], "export: --scale expects a number from 0.25 to 8, not 'nan'"),
      (["export", "a.json", "--step", "0"], "export: --step expects a step from 1, not '0'"),
      (["fix", "a.json", "--apply", "two"], "fix: --apply expects a fix number from 1, not 'two'"),
      (
        ["compare", "a.json", "--systems", "5,16"],
        "compare: --systems expects versions such as 15,16 (iOS 6 or later; there is no iOS 19 to 25: after 18 comes 26), not '5,16'"
      ),
      (["trace", "a.json", "--frobnicate"], "trace: unknown option '--frobnicate'"),
      (["trace", "a.json", "--json=yes"], "trace: --json takes no value"),
      (["export", "a.json", "--output"], "export: --output needs a value"),
      (["trace"], "trace: expected a scenario file"),
      (["trace", "a.json", "b.json"], "trace: expected one scenario file, got 'a.json' and 'b.json'"),
      (["check"], "check: expected at least one FILE"),
      (["version", "now"], "version: unexpected 'now'"),
      (["scenarios", "--json"], "scenarios: unknown option '--json'"),
      (["import", "a", "b"], "import: expected one PATH, got 'a' and 'b'"),
      (["export", "a.json", "--output", ""], "export: --output expects a path, not ''"),
    ]
    for (arguments, message) in cases {
      let result = refusal(arguments)
      #expect(result?.status == ExitStatus.usage, "\(arguments)")
      #expect(
        result?.errors
          == "rotation-lab: \(message)\nRun 'rotation-lab help \(arguments[0])' for its options.\n",
        "\(arguments)")
    }
  }

  /// Options are `--name`; a file may start with one dash, and after `--` even with two.
  @Test func operandsMayLookLikeOptionsWhereTheyAreNot() throws {
    #expect(try parsed(["trace", "-notes.json"]).file == "-notes.json")
    let ended = try parsed(["trace", "--json", "--", "--json"])
    #expect(ended.file == "--json")
    #expect(ended[CommandLineTool.TraceOptions.json])
    #expect(try parsed(["export", "a.json", "--output", "-"])[CommandLineTool.ExportOptions.output] == "-")
  }

  @Test func helpIsAnsweredWhereverItIsAskedAndListsTheDeclaredOptions() throws {
    for command in CommandLineTool.commands {
      for arguments in [["--help"], ["x.json", "-h"]] {
        let result = try #require(refusal([command.name] + arguments))
        #expect(result.status == ExitStatus.ok)
        #expect(result.output == command.usage + "\n")
      }
      let usage = command.usage
      #expect(usage.hasPrefix("Usage: rotation-lab \(command.synopsis)\n\n\(command.about)\n\nOptions:\n"))
      // Every declared option once, in the declared order, with its help, then -h.
      var rest = Substring(usage)
      for option in command.options {
        let line = "\n  \(option.usage) "
        let at = try #require(rest.range(of: line), "\(command.name): \(option.name) missing from its help")
        #expect(rest[at.upperBound...].trimmingPrefix(while: { $0 == " " }).hasPrefix(option.help.prefix(20)))
        rest = rest[at.upperBound...]
        #expect(!rest.contains(line), "\(command.name): \(option.name) listed twice")
      }
      #expect(rest.contains("\n  -h, --help "))
    }
    #expect(try command("export").synopsis == "export FILE [options]")
    #expect(try command("trace").synopsis == "trace FILE [--json]")
    #expect(try command("check").synopsis == "check FILE...")
  }

  @Test func theCommandLineRunsInProcess() {
    let version = CommandLineTool.run(["--version"])
    #expect(version.status == ExitStatus.ok && version.output.hasPrefix("rotation-lab "))
    let unknown = CommandLineTool.run(["frobnicate"])
    #expect(unknown.status == ExitStatus.usage)
    #expect(unknown.errors == "rotation-lab: unknown command 'frobnicate'\nRun 'rotation-lab --help'.\n")
    let help = CommandLineTool.run(["help", "fix"])
    #expect(help.output == CommandLineTool.command(named: "fix")!.usage + "\n")
  }
}

extension Substring {
  func trimmingPrefix(while predicate: (Character) -> Bool) -> Substring { drop(while: predicate) }
}
