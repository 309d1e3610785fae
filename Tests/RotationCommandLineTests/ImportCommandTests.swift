import Foundation
import Testing

/// `rotation-lab import` on an Info.plist: a scenario that loads, and the report.
@Suite final class ImportCommandTests {
  /// The scratch folders this test made, removed when it ends (a suite class's `deinit` runs after
  /// each test): a test leaves nothing behind in /tmp.
  private var made: [URL] = []

  deinit { for folder in made { try? FileManager.default.removeItem(at: folder) } }

  static let fixtures = packageRoot.appendingPathComponent("Tests/RotationImportTests/Fixtures")

  func scratch() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "rl-import-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    made.append(folder)
    return folder
  }

  @Test func anInfoPlistBecomesAScenarioThatLoadsWithAReport() throws {
    let folder = try scratch()
    let output = folder.appendingPathComponent("photo.json")
    let result = try rotationLab([
      "import", Self.fixtures.appendingPathComponent("PhotoApp-Info.plist").path, "--output", output.path,
    ])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.contains("Read:\n"))
    #expect(
      result.output.contains(
        "PhotoApp-Info.plist:21: UISupportedInterfaceOrientations: portrait, landscapeLeft, landscapeRight"))
    #expect(result.output.contains("Assumed:\n"))
    let validated = try rotationLab(["validate", output.path])
    #expect(validated.status == 0, "\(validated.errors)")
    let json = try rotationLab([
      "import", Self.fixtures.appendingPathComponent("iPadGame-Info.plist").path, "--output",
      folder.appendingPathComponent("game.json").path, "--json",
    ])
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    #expect((document["read"] as? [Any])?.isEmpty == false)
  }

  @Test func whatCannotBeImportedExitsTwo() throws {
    let folder = try scratch()
    let garbage = try rotationLab([
      "import", Self.fixtures.appendingPathComponent("garbage.plist").path, "--output",
      folder.appendingPathComponent("x.json").path,
    ])
    #expect(garbage.status == 2)
    #expect(garbage.errors.contains("not a property list"))
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.json").path))
    let storyboard = try rotationLab(["import", "Main.storyboard"])
    #expect(storyboard.status == 2)
    #expect(storyboard.errors == "rotation-lab: Main.storyboard: no such file\n")
    let other = try rotationLab(["import", "README.md"])
    #expect(other.status == 2)
    #expect(other.errors.contains("expected an Xcode project (.xcodeproj), a folder, an Info.plist"))
  }

  @Test func anXcodeProjectBecomesAScenario() throws {
    let folder = try scratch()
    let output = folder.appendingPathComponent("modern.json")
    let result = try rotationLab([
      "import", Self.fixtures.appendingPathComponent("ModernApp/ModernApp.xcodeproj/").path, "--output",
      output.path,
    ])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.contains("INFOPLIST_KEY_UIRequiresFullScreen YES"))
    #expect(try rotationLab(["validate", output.path]).status == 0)
  }
}
