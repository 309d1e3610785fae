import Foundation
import RotationCore
import Testing

/// A malformed scenario names the JSON path and what was expected there.
@Suite struct ScenarioDecoderTests {
  static let valid = """
    "classes": {"Nav": {"kind": "navigation"}, "Page": {"kind": "view"}},
    "window": {"root": {"class": "Nav", "stack": [{"class": "Page"}]}}
    """

  func error(_ body: String) -> ScenarioError? {
    do {
      _ = try scenario(body)
      return nil
    } catch let error as ScenarioError {
      return error
    } catch {
      return nil
    }
  }

  struct Case: Sendable, CustomTestStringConvertible {
    let body: String
    let path: String?
    let message: String
    var testDescription: String { path ?? message }
  }

  /// UIKit's own spellings, as a user pastes them from code or an Info.plist, read as the format's.
  @Test func uikitSpellingsAreAccepted() throws {
    let scenario = try ScenarioDecoder.decode(
      text: #"""
        {"format": "rotation-lab.scenario/1",
         "app": {"infoPlist": ["UIInterfaceOrientationPortrait", "UIInterfaceOrientationLandscapeLeft"],
                 "supportedInterfaceOrientationsForWindow": "UIInterfaceOrientationMaskAllButUpsideDown"},
         "classes": {"V": {"kind": "view", "supportedInterfaceOrientations": ".landscape",
                           "preferredInterfaceOrientationForPresentation": ".landscapeRight"}},
         "window": {"root": {"class": "V"}},
         "steps": ["launch", {"rotateDevice": "UIDeviceOrientationFaceDown"}, {"setDeviceOrientation": ".landscapeLeft"}]}
        """#)
    #expect(scenario.app.infoPlist == [.portrait, .landscapeLeft])
    #expect(scenario.app.supportedInterfaceOrientationsForWindow == .literal(.allButUpsideDown))
    #expect(scenario.classes[0].supportedInterfaceOrientations == .value(.literal(.landscape)))
    #expect(
      scenario.classes[0].preferredInterfaceOrientationForPresentation == .value(.literal(.landscapeRight)))
    #expect(scenario.steps[1] == .rotateDevice(.faceDown))
    #expect(scenario.steps[2] == .setDeviceOrientation(.orientation(.landscapeLeft)))
    // A misspelt UIKit name still gets its hint, and the message quotes what was written.
    let error = error(
      #""classes": {"V": {"kind": "view", "supportedInterfaceOrientations": "UIInterfaceOrientationMaskLandscap"}}, "window": {"root": {"class": "V"}}"#
    )
    #expect(
      error?.message.contains("found \"UIInterfaceOrientationMaskLandscap\" (did you mean \"landscape\"?)")
        == true, "\(String(describing: error))")
  }

  static let cases: [Case] = [
    Case(
      body:
        #""classes": {"Nav": {"kind": "navigation", "supportedInterfaceOrientations": "sideways"}}, "window": {"root": {"class": "Nav"}}"#,
      path: "classes.Nav.supportedInterfaceOrientations", message: "found \"sideways\""),
    Case(
      body:
        #""classes": {"Nav": {"kind": "navigation", "supportedInterfaceOrientation": "portrait"}}, "window": {"root": {"class": "Nav"}}"#,
      path: "classes.Nav",
      message:
        "unknown member \"supportedInterfaceOrientation\" (did you mean \"supportedInterfaceOrientations\"?)"),
    Case(
      body:
        #""classes": {"Nav": {"kind": "navigation", "supportedInterfaceOrientation": "portrait"}}, "window": {"root": {"class": "Nav"}}"#,
      path: "classes.Nav",
      message: "expected one of \"kind\", \"shouldAutorotate\", \"supportedInterfaceOrientations\""),
    Case(
      body:
        #""system": {"version": 16}, "classes": {"V": {"kind": "view"}}, "window": {"root": {"class": "V"}}"#,
      path: "system.version", message: "expected a version as a string, such as \"16.0\", found the number 16"
    ),
    Case(
      body: #""classes": {"Nav": {"kind": "stack"}}, "window": {"root": {"class": "Nav"}}"#,
      path: "classes.Nav.kind",
      message:
        "expected one of \"view\", \"navigation\", \"tabBar\", \"container\", \"splitView\", \"pageView\", \"alert\", found \"stack\""
    ),
    Case(
      body: #""classes": {"Nav": {"kind": "navigation"}}, "window": {"root": {"class": "NavVC"}}"#,
      path: "window.root.class", message: "the class \"NavVC\" is not declared in classes"),
    Case(
      body: valid + #", "steps": ["launch", {"push": "Detail"}]"#,
      path: "steps[1].push", message: "the class \"Detail\" is not declared in classes"),
    Case(
      body:
        #""classes": {"V": {"kind": "view", "shouldAutorotate": {"if": "landscapeOK", "then": true, "else": false}}}, "window": {"root": {"class": "V"}}"#,
      path: "classes.V.shouldAutorotate.if", message: "the flag \"landscapeOK\" is not declared in app.flags"),
    Case(
      body:
        #""classes": {"V": {"kind": "view", "shouldAutorotate": "YES"}}, "window": {"root": {"class": "V"}}"#,
      path: "classes.V.shouldAutorotate", message: "expected true or false, found the string \"YES\""),
    Case(
      body:
        #""classes": {"V": {"kind": "view", "preferredInterfaceOrientationForPresentation": "faceUp"}}, "window": {"root": {"class": "V"}}"#,
      path: "classes.V.preferredInterfaceOrientationForPresentation", message: "is a device orientation"),
    Case(
      body:
        #""classes": {"V": {"kind": "view", "supportedInterfaceOrientations": {"forwardTo": "top"}}}, "window": {"root": {"class": "V"}}"#,
      path: "classes.V.supportedInterfaceOrientations.forwardTo",
      message: "a plain view controller has no child"),
    Case(
      body:
        #""classes": {"T": {"kind": "tabBar", "shouldAutorotate": {"forwardTo": "top"}}}, "window": {"root": {"class": "T"}}"#,
      path: "classes.T.shouldAutorotate.forwardTo", message: "expected \"selected\" for a tab bar controller"),
    Case(
      body: #""classes": {"V": {"kind": "view"}}, "window": {"root": {"class": "V", "stack": []}}"#,
      path: "window.root.stack", message: "only a navigation controller has \"stack\""),
    Case(
      body:
        #""classes": {"T": {"kind": "tabBar"}, "V": {"kind": "view"}}, "window": {"root": {"class": "T", "tabs": [{"class": "V"}], "selected": 3}}"#,
      path: "window.root.selected", message: "expected an index from 0 to 0, found 3"),
    Case(
      body: valid + #", "steps": [{"rotateDevice": "landscape"}]"#,
      path: "steps[0].rotateDevice", message: "expected a device orientation"),
    Case(
      body: valid + #", "steps": [{"rotateDevice": "landscapeLeft"}]"#,
      path: "steps[0]", message: "expected \"launch\" as the first step"),
    Case(
      body: valid + #", "steps": ["launch", "dismis"]"#,
      path: "steps[1]", message: "(did you mean \"dismiss\"?)"),
    Case(
      body: valid + #", "steps": ["launch", {"setFlag": "ghost", "to": true}]"#,
      path: "steps[1].setFlag", message: "the flag \"ghost\" is not declared in app.flags"),
    Case(
      body: valid + #", "steps": ["launch", {"call": "goLandscape"}]"#,
      path: "steps[1].call", message: "neither a class nor the app delegate has a method \"goLandscape\""),
    Case(
      body:
        #""classes": {"V": {"kind": "view", "viewWillAppear:": [{"rotateDevice": "landscapeLeft"}]}}, "window": {"root": {"class": "V"}}"#,
      path: "classes.V.viewWillAppear:[0]", message: "app code cannot do it"),
    Case(
      body:
        #""app": {"infoPlist": []}, "classes": {"V": {"kind": "view"}}, "window": {"root": {"class": "V"}}"#,
      path: "app.infoPlist", message: "an empty mask is invalid"),
    Case(
      body:
        #""system": {"version": "5.1"}, "classes": {"V": {"kind": "view"}}, "window": {"root": {"class": "V"}}"#,
      path: "system.version", message: "expected iOS 6 or later"),
    // After iOS 18 Apple numbered the next release 26 (issue #27): 19 to 25 are refused, saying so.
    Case(
      body:
        #""system": {"version": "19.0"}, "classes": {"V": {"kind": "view"}}, "window": {"root": {"class": "V"}}"#,
      path: "system.version",
      message: "iOS 19 does not exist: after iOS 18 Apple numbered the next release 26"),
    Case(
      body:
        #""system": {"version": "25.4"}, "classes": {"V": {"kind": "view"}}, "window": {"root": {"class": "V"}}"#,
      path: "system.version", message: "iOS 25 does not exist"),
    Case(
      body: #""classes": {"V": {"kind": "view"}}"#, path: "window", message: "missing"),
  ]

  @Test(arguments: cases)
  func malformedScenariosNameThePathAndTheExpectation(_ testCase: Case) throws {
    let failure = try #require(error(testCase.body))
    #expect(failure.path == testCase.path)
    #expect(failure.message.contains(testCase.message), "\(failure.message)")
  }

  @Test func syntaxErrorsNameTheLineAndColumn() throws {
    do {
      _ = try ScenarioDecoder.decode(
        text: "{\n  \"format\": \"rotation-lab.scenario/1\",\n  \"title\": \"x\"\n  \"classes\": {}\n}")
      Issue.record("expected an error")
    } catch {
      #expect(error.line == 4)
      #expect(error.column == 3)
      #expect(
        error.description == "<scenario>:4:3: invalid JSON: expected ',' or '}' in an object, found '\"'")
    }
  }

  @Test func theFormatFieldIsRequired() throws {
    do {
      _ = try ScenarioDecoder.decode(text: #"{"format": "rotation-lab.scenario/2"}"#)
      Issue.record("expected an error")
    } catch {
      #expect(error.path == "format")
      #expect(error.message == "expected \"rotation-lab.scenario/1\", found \"rotation-lab.scenario/2\"")
    }
  }

  @Test func fileErrorsNameTheFile() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rl-decoder-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("bad.json")
    try Data(#"{"format": "rotation-lab.scenario/1", "classes": {"V": {"kind": 3}}}"#.utf8).write(to: file)
    do {
      _ = try ScenarioDecoder.load(path: file.path, displayName: "bad.json")
      Issue.record("expected an error")
    } catch {
      #expect(
        error.description
          == "bad.json: classes.V.kind: expected one of \"view\", \"navigation\", \"tabBar\", \"container\", \"splitView\", \"pageView\", \"alert\", found a number"
      )
    }
    do {
      _ = try ScenarioDecoder.load(
        path: directory.appendingPathComponent("missing.json").path, displayName: "missing.json")
      Issue.record("expected an error")
    } catch {
      #expect(error.description == "missing.json: no such file")
    }
  }

  @Test func commentsAndExtensionsStartWithAnUnderscore() throws {
    let loaded = try scenario(
      #""_comment": "kept for tools", "classes": {"_Doc": 1, "V": {"kind": "view", "_why": "x"}}, "window": {"root": {"class": "V", "_n": 1}}"#
    )
    #expect(loaded.classes.map(\.name) == ["V"])
  }

  @Test func defaultsFillWhatTheFileLeavesOut() throws {
    let loaded = try scenario(Self.valid)
    #expect(loaded.system.version == SystemVersion("13.0")!)
    #expect(loaded.system.idiom == .phone)
    #expect(loaded.system.homeButton)
    #expect(loaded.device.orientation == .portrait)
    #expect(loaded.app.infoPlist == nil)
    #expect(loaded.app.supportedInterfaceOrientationsForWindow == nil)
    #expect(loaded.steps == [.launch])
  }

  @Test func everyBundledScenarioLoads() throws {
    let names = try bundledScenarioNames()
    #expect(names.count >= 15)
    for name in names {
      #expect(throws: Never.self) { _ = try bundledScenario(name) }
    }
  }
}

@Suite struct ScenarioEncoderTests {
  @Test func everyBundledScenarioSurvivesSaveAndLoad() throws {
    for name in try bundledScenarioNames() {
      let original = try bundledScenario(name)
      let text = ScenarioEncoder.text(original)
      let reloaded = try ScenarioDecoder.decode(text: text)
      #expect(reloaded == original, "\(name)")
      #expect(ScenarioEncoder.text(reloaded) == text, "\(name)")
    }
  }

  @Test func masksAreWrittenByNameWhereUIKitHasOne() throws {
    let loaded = try scenario(
      #""classes": {"V": {"kind": "view", "supportedInterfaceOrientations": ["landscapeRight", "landscapeLeft"], "preferredInterfaceOrientationForPresentation": "landscapeLeft"}, "W": {"kind": "view", "supportedInterfaceOrientations": ["portrait", "landscapeLeft"]}}, "window": {"root": {"class": "V"}}"#
    )
    let json = ScenarioEncoder.encode(loaded)
    #expect(json["classes"]?["V"]?["supportedInterfaceOrientations"] == .string("landscape"))
    #expect(
      json["classes"]?["W"]?["supportedInterfaceOrientations"]
        == .array([.string("portrait"), .string("landscapeLeft")]))
  }
}
