import Foundation
import Testing

/// `rotation-lab check`: every bundled scenario states what its source observed and holds; a wish
/// the run does not meet is printed with the step's reason and exit status 1; a bad file gets 2.
@Suite struct CheckCommandTests {
  func scratch(_ name: String, _ text: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rl-check-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url
  }

  static let portraitNav = """
    "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]},
    "classes": {"Nav": {"kind": "navigation"}, "Page": {"kind": "view", "supportedInterfaceOrientations": "portrait"}},
    "window": {"root": {"class": "Nav", "stack": [{"class": "Page"}]}},
    "steps": ["launch", {"rotateDevice": "landscapeLeft"}]
    """

  @Test func everyBundledScenarioHoldsWhatItsSourceObserved() throws {
    let folder = packageRoot.appendingPathComponent("Assets/scenarios")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasSuffix(".json")
    }
    .sorted().map { folder.appendingPathComponent($0).path }
    let result = try rotationLab(["check"] + files)
    #expect(result.status == 0, "\(result.output)\(result.errors)")
    // Every bundled scenario states at least one expectation.
    #expect(!result.output.contains("no expectations"), "\(result.output)")
    #expect(result.output.split(separator: "\n").count == files.count)
  }

  @Test func aWishTheRunDoesNotMeetFailsWithTheStepsReason() throws {
    let file = try scratch(
      "wish.json",
      """
      {"format": "rotation-lab.scenario/1", \(Self.portraitNav),
       "expect": [{"step": 2, "interface": "portrait", "notCalled": ["-[Page supportedInterfaceOrientations]"]},
                  {"step": 1, "exception": null}]}
      """)
    let result = try rotationLab(["check", file.path])
    #expect(result.status == 1)
    #expect(result.output.contains("1 of 2 expectations not held"), "\(result.output)")
    #expect(result.output.contains("step 2: interface landscapeRight, expected portrait"), "\(result.output)")
    #expect(
      result.output.contains("why: Device landscapeLeft maps to interface landscapeRight"), "\(result.output)"
    )
    #expect(!result.output.contains("Page supportedInterfaceOrientations] was called"))
  }

  @Test func aBadFileIsReportedAndTheOthersStillChecked() throws {
    let bad = try scratch("bad.json", #"{"format": "rotation-lab.scenario/1", "classes": {}}"#)
    let good = try scratch(
      "good.json",
      """
      {"format": "rotation-lab.scenario/1", \(Self.portraitNav), "expect": [{"step": 2, "interface": "landscapeRight"}]}
      """)
    let result = try rotationLab(["check", bad.path, good.path])
    #expect(result.status == 2)
    #expect(result.errors.contains("bad.json: window: missing"), "\(result.errors)")
    #expect(result.output.contains("good.json: 1 expectation held"), "\(result.output)")
  }

  @Test func malformedExpectationsNameTheirPath() throws {
    let cases: [(String, String)] = [
      (#"[{"step": 3, "interface": "portrait"}]"#, "expect[0].step: expected a step from 1 to 2, found 3"),
      (#"[{"step": 1}]"#, "expect[0]: states nothing"),
      (
        #"[{"step": 1, "called": ["Page viewDidLoad"]}]"#,
        "expect[0].called[0]: expected a call as the trace prints it"
      ),
      (#"[{"step": 1, "interfaces": "portrait"}]"#, "expect[0]: unknown member \"interfaces\""),
      (#"[{"step": 1, "decidedBy": "Pgae"}]"#, "did you mean \"Page\""),
    ]
    for (expect, message) in cases {
      let file = try scratch(
        "expect.json", "{\"format\": \"rotation-lab.scenario/1\", \(Self.portraitNav), \"expect\": \(expect)}"
      )
      let result = try rotationLab(["check", file.path])
      #expect(result.status == 2, "\(expect)")
      #expect(result.errors.contains(message), "\(result.errors)")
    }
  }

  @Test func diagnoseNamesTheFindingsWithTheirStepsAndRules() throws {
    let result = try rotationLab(["diagnose", "Assets/scenarios/seed001-fix-without-preferred.json"])
    #expect(result.status == 0)
    #expect(
      result.output.contains("1 finding\nerror (step 4): UIApplicationInvalidInterfaceOrientation:"),
      "\(result.output)")
    #expect(result.output.contains("    rule: docs/rules.md#preferred-not-supported\n"))
    let clean = try rotationLab(["diagnose", "Assets/scenarios/ios16-video-player.json"])
    #expect(clean.output.hasSuffix(": nothing to point out\n"))
    let missing = try rotationLab(["diagnose", "no-such-file.json"])
    #expect(missing.status == 2)
  }
}
