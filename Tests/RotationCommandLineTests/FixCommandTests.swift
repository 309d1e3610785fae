import Foundation
import Testing

/// `rotation-lab fix`: the fixes as text and JSON, and `--apply` writing a scenario that then holds.
@Suite final class FixCommandTests {
  /// The scratch folders this test made, removed when it ends (a suite class's `deinit` runs after
  /// each test): a test leaves nothing behind in /tmp.
  private var made: [URL] = []

  deinit { for folder in made { try? FileManager.default.removeItem(at: folder) } }

  func wish() throws -> URL {
    let source = packageRoot.appendingPathComponent("Assets/scenarios/seed001-fix-without-preferred.json")
    var text = try String(contentsOf: source, encoding: .utf8)
    // The reporter's wish: dismissing the video call does not crash.
    let end = try #require(text.range(of: "\"expect\"", options: .backwards))
    text = String(text[..<end.lowerBound]) + "\"expect\": [{\"step\": 4, \"exception\": null}]\n}\n"
    // A folder per test: the suite's tests run in parallel, and one rewriting wish.json while
    // another reads it made a run fail now and then.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rl-fix-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    made.append(folder)
    let url = folder.appendingPathComponent("wish.json")
    try Data(text.utf8).write(to: url)
    return url
  }

  @Test func theFixesAreListedWithTheirCode() throws {
    let result = try rotationLab(["fix", try wish().path])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.contains("the goal is that every expectation holds (1 of 1 fail now)"))
    #expect(
      result.output.contains("\n2. Make CallListVC prefer portrait, one of the orientations it supports\n"))
    #expect(
      result.output.contains(
        "override var preferredInterfaceOrientationForPresentation: UIInterfaceOrientation { .portrait }"))
    #expect(result.output.contains("return UIInterfaceOrientationPortrait;"))
    let json = try rotationLab(["fix", try wish().path, "--json"])
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    let fixes = try #require(document["fixes"] as? [[String: Any]])
    #expect(!fixes.isEmpty)
    #expect((document["tried"] as? Int ?? 0) <= (document["budget"] as? Int ?? 0))
  }

  @Test func applyWritesAScenarioThatHolds() throws {
    let file = try wish()
    let fixed = file.deletingLastPathComponent().appendingPathComponent("fixed.json")
    let applied = try rotationLab(["fix", file.path, "--apply", "2", "--output", fixed.path])
    #expect(applied.status == 0, "\(applied.errors)")
    #expect(applied.output.contains("Make CallListVC prefer portrait"))
    let check = try rotationLab(["check", fixed.path])
    #expect(check.status == 0, "\(check.output)")
    // The original is untouched.
    #expect(try rotationLab(["check", file.path]).status == 1)
  }

  @Test func badOptionsAreUsageErrors() throws {
    let file = try wish()
    #expect(try rotationLab(["fix", file.path, "--apply", "0"]).status == 64)
    #expect(try rotationLab(["fix", file.path, "--output", "x.json"]).status == 64)
    let missing = try rotationLab(["fix", file.path, "--apply", "99"])
    #expect(missing.status == 1)
    #expect(missing.errors.contains("there is no fix 99"))
  }

  @Test func applyWritesBesideTheFileByDefault() throws {
    let file = try wish()
    let before = try Data(contentsOf: file)
    let applied = try rotationLab(["fix", file.path, "--apply", "1"])
    #expect(applied.status == 0, "\(applied.errors)")
    let beside = file.deletingLastPathComponent().appendingPathComponent("wish-fix1.json")
    #expect(FileManager.default.fileExists(atPath: beside.path))
    #expect(try Data(contentsOf: file) == before)
  }
}
