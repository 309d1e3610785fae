import RotationCore
import Testing

/// Each kind of expectation can fail, and says how; expectations survive save and load.
@Suite struct CheckTests {
  static let body = """
    "system": {"version": "16.0", "idiom": "phone", "homeButton": false},
    "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]},
    "classes": {"Home": {"kind": "view", "supportedInterfaceOrientations": "portrait"}},
    "window": {"root": {"class": "Home"}},
    "steps": ["launch", {"rotateDevice": "landscapeLeft"}, {"requestGeometryUpdate": "landscape"}]
    """

  @Test func eachKindOfExpectationFailsWithItsOwnWords() throws {
    let scenario = try scenario(
      """
      \(Self.body),
      "expect": [
        {"step": 2, "interface": ["landscapeLeft", "landscapeRight"], "device": "portrait", "decidedBy": "UIViewController"},
        {"step": 3, "exception": "NSInvalidArgumentException", "error": null},
        {"step": 1, "called": ["-[Home shouldAutorotate]"], "notCalled": ["-[Home supportedInterfaceOrientations]"]},
        {"step": 3, "error": 101, "exception": null, "interface": "portrait"}
      ]
      """)
    let results = Check.run(scenario)
    #expect(
      results[0].failures == [
        "interface portrait, expected landscapeLeft or landscapeRight",
        "device landscapeLeft, expected portrait",
        "decided by Home, expected UIViewController",
      ])
    #expect(
      results[1].failures == [
        "raised nothing, expected NSInvalidArgumentException", "error 101, expected no error",
      ])
    #expect(
      results[2].failures == [
        "-[Home shouldAutorotate] was not called", "-[Home supportedInterfaceOrientations] was called",
      ])
    #expect(results[3].held)
    #expect(!results[0].reason.text.isEmpty)
  }

  @Test func aStepAfterTheCrashDidNotRun() throws {
    let scenario = try scenario(
      """
      "system": {"version": "12.0"},
      "app": {"infoPlist": ["portrait"]}, "classes": {"P": {"kind": "view", "supportedInterfaceOrientations": "landscape"}},
      "window": {"root": {"class": "P"}}, "steps": ["launch", {"rotateDevice": "landscapeLeft"}],
      "expect": [{"step": 2, "interface": "portrait"}]
      """)
    #expect(
      Check.run(scenario)[0].failures == ["the step did not run: the app terminated at an earlier step"])
  }

  @Test func expectationsSurviveSaveAndLoad() throws {
    let original = try scenario(
      """
      \(Self.body),
      "expect": [{"step": 2, "interface": "portrait", "decidedBy": "Home", "exception": null, "error": null,
                  "called": ["-[Home supportedInterfaceOrientations]"], "notCalled": ["+[UIViewController attemptRotationToDeviceOrientation]"]},
                 {"step": 3, "interface": ["landscapeLeft", "portrait"], "device": "landscapeLeft", "exception": "X", "error": 101}]
      """)
    let reloaded = try ScenarioDecoder.decode(text: ScenarioEncoder.text(original))
    #expect(reloaded == original)
    #expect(reloaded.expectations[0].exception == .some(nil))
    #expect(reloaded.expectations[1].error == .some(101))
  }

  /// A comment or an empty call list states nothing, as the encoder would write it.
  @Test func anExpectationThatStatesNothingIsRefused() throws {
    for expect in [#"{"step": 1, "_why": "x"}"#, #"{"step": 1, "called": []}"#] {
      #expect(throws: ScenarioError.self) {
        try scenario(
          """
          "classes": {"Home": {"kind": "view"}}, "window": {"root": {"class": "Home"}}, "expect": [\(expect)]
          """)
      }
    }
  }
}
