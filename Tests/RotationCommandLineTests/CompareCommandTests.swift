import Foundation
import Testing

/// `rotation-lab compare`, held against golden files (re-record with RECORD_GOLDENS=1, which
/// fails the run on purpose, and read the diff before committing).
@Suite struct CompareCommandTests {
  static let snapshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "__Snapshots__")

  func matchGolden(_ text: String, _ name: String) throws {
    let url = Self.snapshots.appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1"
      || !FileManager.default.fileExists(atPath: url.path)
    {
      try FileManager.default.createDirectory(at: Self.snapshots, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
      // Recording fails the run: a forgotten RECORD_GOLDENS=1 must not turn the suite green.
      Issue.record(
        ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1"
          ? "RECORD_GOLDENS=1: recorded \(name); read the diff, commit it, run again without it"
          : "recorded a missing golden \(name)")
      return
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    #expect(text == expected, "\(name) differs from its golden file")
  }

  @Test(arguments: ["seed000-push", "seed000-present", "ios16-video-player", "ipad-multitasking"])
  func compareMatchesItsGoldenFiles(_ name: String) throws {
    let path = "Assets/scenarios/\(name).json"
    let text = try rotationLab(["compare", path, "--systems", "15,16"])
    #expect(text.status == 0, "\(text.errors)")
    try matchGolden(text.output, "compare-\(name).txt")
    let json = try rotationLab(["compare", path, "--systems", "15,16", "--json"])
    #expect(json.status == 0)
    try matchGolden(json.output, "compare-\(name).json")
  }

  @Test func theSeedPushShowsWhatVanishesOnIOS16() throws {
    let result = try rotationLab(["compare", "Assets/scenarios/seed000-push.json"])
    #expect(result.status == 0)
    #expect(
      result.output.contains(
        "Step 2: push LandscapeRightVC — differs: interface landscapeLeft on iOS 15, portrait on iOS 16"))
    #expect(result.output.contains("only on iOS 15: -[UIDevice setValue:forKey:]") == false)
    #expect(
      result.output.contains(
        "console on iOS 16: [Orientation] BUG IN CLIENT OF UIKIT: Setting UIDevice.orientation is not supported. Please use UIWindowScene.requestGeometryUpdate(_:)"
      ))
  }

  /// Issue #27: `compare --systems 18,26.2` shows where an iPad app changes. TN3192: from 26.2 the
  /// key naming 26 makes UIRequiresFullScreen ignored, so the landscape game multitasks and follows
  /// the device; on iOS 18 the key holds, the game is asked and stays landscape.
  @Test func anIPadGameComparedOn18And26ShowsUIRequiresFullScreenIgnored() throws {
    let result = try rotationLab([
      "compare", "Assets/scenarios/ipados26-landscape-game-requires-full-screen.json", "--systems", "18,26.2",
    ])
    #expect(result.status == 0)
    #expect(
      result.output.contains(
        "Step 2: rotate device to portrait — differs: interface landscapeRight on iOS 18, portrait on iOS 26.2"
      ))
    #expect(result.output.contains("only on iOS 18: -[GameViewController supportedInterfaceOrientations]"))
    let refused = try rotationLab([
      "compare", "Assets/scenarios/ipados26-landscape-game-requires-full-screen.json", "--systems", "18,19",
    ])
    #expect(refused.status != 0)
  }

  @Test(arguments: [
    ["--systems", "15"], ["--systems", "15,x"], ["--systems", "5,16"], ["--systems", "18,19"],
  ])
  func badSystemsAreUsageErrors(_ options: [String]) throws {
    let result = try rotationLab(["compare", "Assets/scenarios/seed000-push.json"] + options)
    #expect(result.status == 64)
    #expect(result.errors.hasPrefix("rotation-lab: compare: --systems"))
  }
}
