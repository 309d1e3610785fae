import RotationCore
import Testing

/// iOS 18.4 to 26 (issue #27): the UIScene life cycle's launch line and finding, and
/// `UIRequiresFullScreenIgnoredStartingWithVersion`, which iPadOS reads from 26.2.
@Suite struct TodaysSystemsTests {
  func scenario(_ version: String, app extra: String = "", idiom: String = "phone") throws -> Scenario {
    try ScenarioDecoder.decode(
      text: """
        {"format": "rotation-lab.scenario/1", "title": "t",
         "system": {"version": "\(version)", "idiom": "\(idiom)", "homeButton": false},
         "app": {"infoPlist": ["portrait", "portraitUpsideDown", "landscapeLeft", "landscapeRight"]\(extra)},
         "classes": {"V": {"kind": "view", "supportedInterfaceOrientations": "portrait"}},
         "window": {"root": {"class": "V"}}, "steps": ["launch", {"rotateDevice": "landscapeLeft"}]}
        """)
  }

  /// docs/rules.md#scene-lifecycle: TN3187's texts, by version; none before 18.4 or with scenes.
  @Test func anAppWithoutScenesIsToldAtLaunchFromIOS18Point4() throws {
    let noScenes = #", "sceneLifecycle": false"#
    func console(_ version: String, _ extra: String) throws -> [String] {
      Simulator.run(try scenario(version, app: extra))[0].console.map(\.text)
    }
    #expect(try console("18.3", noScenes).allSatisfy { !$0.contains("UIScene") })
    #expect(
      try console("18.4", noScenes).contains(
        "[UIKit App Config] This process does not adopt UIScene lifecycle. This will become an assert in a future version."
      ))
    #expect(
      try console("26.0", noScenes).contains(
        "[UIKit App Config] `UIScene` lifecycle will soon be required. Failure to adopt will result in an assert in the future."
      ))
    #expect(try console("26.0", "").allSatisfy { !$0.contains("UIScene") })
    let findings = Diagnosis.findings(try scenario("26.0", app: noScenes))
    #expect(findings.contains { $0.rule == "scene-lifecycle" && $0.severity == .warning })
    let adopted = Diagnosis.findings(try scenario("26.0"))
    #expect(!adopted.contains { $0.rule == "scene-lifecycle" })
  }

  /// docs/rules.md#requires-full-screen-ignored: an iPad app listing all four orientations that
  /// requires full screen is asked (its portrait-only root keeps it portrait) until the version the
  /// new key names, read from 26.2; then it multitasks and the interface follows the device.
  @Test func requiresFullScreenIsIgnoredFromTheVersionTheKeyNamesFrom26Point2() throws {
    let keys = #", "requiresFullScreen": true, "requiresFullScreenIgnoredStartingWithVersion": "26""#
    func last(_ version: String) throws -> InterfaceOrientation {
      Simulator.run(try scenario(version, app: keys, idiom: "pad")).last!.interfaceOrientation
    }
    #expect(try last("18.0") == .portrait)
    #expect(try last("26.1") == .portrait)  // the key is read from 26.2
    #expect(try last("26.2") == .landscapeRight)
    let written = try scenario("26.2", app: keys, idiom: "pad")
    #expect(try ScenarioDecoder.decode(text: ScenarioEncoder.text(written)) == written)
    #expect(throws: ScenarioError.self) {
      try scenario("26.2", app: #", "requiresFullScreenIgnoredStartingWithVersion": "20""#, idiom: "pad")
    }
  }
}
