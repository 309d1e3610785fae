import Testing

@testable import RotationCore

/// Imported Dart and JavaScript functions (issue #30): methods under dotted names, called with
/// literal arguments that their plugin calls read as `{"arg": N}`.
@Suite struct FunctionArgumentTests {
  static let app = #"""
    "system": {"version": "17.0", "idiom": "phone", "homeButton": false},
    "app": {"framework": {"name": "flutter", "version": "3.22.0"},
            "infoPlist": ["portrait", "landscapeLeft", "landscapeRight"],
            "methods": {
              "PlayerService.setOrientations": [
                {"plugin": "flutter", "call": "SystemChrome.setPreferredOrientations", "args": [{"arg": 0}]}],
              "_PlayerPageState.initState": [{"call": "PlayerService.setOrientations", "args": [["landscapeLeft"]]}],
              "_PlayerPageState.dispose": [{"call": "PlayerService.setOrientations", "args": [["portraitUp"]]}]}},
    "classes": {},
    "window": {"root": {"class": "FlutterViewController"}},
    """#

  /// The argument reaches the plugin: the page turns to landscape and back to portrait, each
  /// through the function the page calls.
  @Test func aFunctionsLiteralArgumentReachesThePluginCall() throws {
    let steps = try run(
      Self.app
        + #""steps": ["launch", {"call": "_PlayerPageState.initState"}, {"call": "_PlayerPageState.dispose"}]"#
    )
    #expect(steps[1].interfaceOrientation == .landscapeLeft)
    #expect(steps[1].state.values["_orientationPreferences"] == .mask([.landscapeLeft]))
    #expect(steps[2].interfaceOrientation == .portrait)
    #expect(steps[1].event.label == "call _PlayerPageState.initState")
    #expect(steps[1].calls.contains { $0.signature == "-[AppDelegate PlayerService.setOrientations]" })
  }

  /// Called without the argument it reads, the function runs nothing and says why; a file keeps
  /// the arguments and dotted names through save and load; a bad name is refused with its path.
  @Test func aMissingArgumentIsSaidAndNamesAndArgumentsSurviveSaveAndLoad() throws {
    let steps = try run(Self.app + #""steps": ["launch", {"call": "PlayerService.setOrientations"}]"#)
    #expect(steps[1].interfaceOrientation == .portrait)
    #expect(steps[1].reason.text.contains("reads argument 0, which the call does not pass"))
    let loaded = try scenario(
      Self.app
        + #""steps": ["launch", {"call": "PlayerService.setOrientations", "args": [["landscapeRight"]]}]"#)
    let saved = ScenarioEncoder.text(loaded)
    let squeezed = saved.filter { !$0.isWhitespace }
    #expect(squeezed.contains(#""call":"PlayerService.setOrientations","args":[["landscapeRight"]]"#))
    #expect(squeezed.contains(#""args":[{"arg":0}]"#))
    #expect(try ScenarioDecoder.decode(text: saved) == loaded)
    let error = #expect(throws: ScenarioError.self) {
      try scenario(
        Self.app.replacingOccurrences(of: "\"PlayerService.setOrientations\": [", with: "\"Player..x\": [")
          + #""steps": ["launch"]"#)
    }
    #expect(error?.path == "app.methods")
  }

  /// The step menu offers a method that reads its argument with what its callers pass, or with
  /// what its branches compare the argument with; a method that reads none is offered plain.
  @Test func argumentChoicesComeFromCallersAndBranches() throws {
    let app = try scenario(Self.app + #""steps": ["launch"]"#)
    #expect(
      app.argumentChoices(for: "PlayerService.setOrientations") == [
        [.array([.string("landscapeLeft")])], [.array([.string("portraitUp")])],
      ])
    #expect(app.argumentChoices(for: "_PlayerPageState.initState") == [])
    var branching = app
    branching.app.methods.append(
      Method(
        name: "Chart.setFullScreen",
        actions: [
          .when(
            .not(.argument(0, .string("landscape"))), then: [],
            else: [
              .call("PlayerService.setOrientations", on: nil, args: [.array([.string("landscapeRight")])])
            ])
        ]))
    #expect(branching.argumentChoices(for: "Chart.setFullScreen") == [[.string("landscape")]])
  }
}
