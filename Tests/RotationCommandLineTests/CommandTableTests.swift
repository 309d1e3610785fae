import Foundation
import Testing

/// The command table as a user meets it: every command the help lists answers its own help, the
/// usage names every exit status, and bundled scenarios work by name from any folder.
@Suite struct CommandTableTests {
  /// The command names in the help's "Commands:" section.
  func listedCommands() throws -> [String] {
    let help = try rotationLab(["--help"]).output
    let section = try #require(
      help.components(separatedBy: "Commands:\n").last?.components(separatedBy: "\n\n").first)
    return section.split(separator: "\n").compactMap { line in
      line.hasPrefix("  ") && !line.hasPrefix("   ") ? line.split(separator: " ").first.map(String.init) : nil
    }
  }

  @Test func everyListedCommandHasItsOwnHelp() throws {
    let names = try listedCommands()
    #expect(
      Set(names) == [
        "trace", "validate", "check", "diagnose", "fix", "import", "export", "compare", "scenarios", "help",
        "version",
      ])
    for name in names {
      for arguments in [["help", name], [name, "--help"]] {
        let result = try rotationLab(arguments)
        #expect(result.status == 0, "\(arguments): \(result.errors)")
        #expect(result.output.hasPrefix("Usage: rotation-lab \(name)"), "\(arguments): \(result.output)")
      }
    }
  }

  @Test func theUsageNamesEveryExitStatus() throws {
    let help = try rotationLab(["--help"])
    #expect(help.status == 0)
    let statuses = help.output.components(separatedBy: "Exit status:\n").last ?? ""
    for status in ["0", "1", "2", "64", "73"] {
      #expect(
        statuses.contains("\n  \(status) ") || statuses.hasPrefix("  \(status) "), "status \(status) missing")
    }
  }

  @Test func scenariosListsEveryBundledFileWithTheTitleItHolds() throws {
    let folder = packageRoot.appendingPathComponent("Assets/scenarios")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasSuffix(".json")
    }
    .sorted()
    #expect(files.count >= 20)
    let elsewhere = try temporaryDirectory("scenarios-list")
    defer { try? FileManager.default.removeItem(at: elsewhere) }
    let result = try rotationLab(["scenarios"], in: elsewhere)
    #expect(result.status == 0, "\(result.errors)")
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines.count == files.count)
    for (line, file) in zip(lines, files) {
      // The title as the file holds it, read with Foundation's JSON reader, not the app's.
      let object = try JSONSerialization.jsonObject(
        with: Data(contentsOf: folder.appendingPathComponent(file)))
      let title = try #require((object as? [String: Any])?["title"] as? String)
      let name = String(file.dropLast(".json".count))
      #expect(line.hasPrefix(name + " "), "\(line)")
      #expect(line.hasSuffix(title), "\(line)")
    }
  }

  @Test func aBundledNameTracesFromAnyFolderLikeItsFile() throws {
    let elsewhere = try temporaryDirectory("bundled-name")
    defer { try? FileManager.default.removeItem(at: elsewhere) }
    let byPath = try rotationLab(["trace", "Assets/scenarios/seed000-present.json"])
    for name in ["seed000-present", "seed000-present.json"] {
      let byName = try rotationLab(["trace", name], in: elsewhere)
      #expect(byName.status == 0, "\(name): \(byName.errors)")
      #expect(byName.output == byPath.output, "\(name)")
    }
    let unknown = try rotationLab(["trace", "seed999-nothing"], in: elsewhere)
    #expect(unknown.status == 2)
    #expect(unknown.errors == "rotation-lab: seed999-nothing: no such file\n")
  }

  @Test func validateCountsInWords() throws {
    let folder = try temporaryDirectory("validate-one")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("one.json")
    try Data(
      #"{"format": "rotation-lab.scenario/1", "classes": {"V": {"kind": "view"}}, "window": {"root": {"class": "V"}}, "steps": ["launch"]}"#
        .utf8
    ).write(to: file)
    let result = try rotationLab(["validate", file.path])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output == "\(file.path): valid (1 class, 1 step)\n")
  }

  @Test func aFileOfTheSameNameWinsOverTheBundledScenario() throws {
    let folder = try temporaryDirectory("name-clash")
    defer { try? FileManager.default.removeItem(at: folder) }
    let own = packageRoot.appendingPathComponent("Assets/scenarios/seed004-landscape-after-pop.json")
    try FileManager.default.copyItem(at: own, to: folder.appendingPathComponent("seed000-present"))
    let result = try rotationLab(["trace", "seed000-present"], in: folder)
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output == (try rotationLab(["trace", own.path])).output)
  }

  @Test func everyBundledScenarioTracesTheSameInTwoProcesses() throws {
    let folder = packageRoot.appendingPathComponent("Assets/scenarios")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasSuffix(".json")
    }
    .sorted()
    #expect(names.count >= 20)
    for name in names {
      let text = try rotationLab(["trace", "Assets/scenarios/" + name])
      #expect(text.status == 0, "\(name): \(text.errors)")
      #expect(text.output.contains("Step 1: launch"), "\(name)")
      let first = try rotationLab(["trace", "Assets/scenarios/" + name, "--json"])
      let second = try rotationLab(["trace", "Assets/scenarios/" + name, "--json"])
      #expect(first.status == 0 && second.status == 0 && !first.output.isEmpty, "\(name): \(first.errors)")
      #expect(first.output == second.output, "\(name): two processes traced it differently")
    }
  }
}
