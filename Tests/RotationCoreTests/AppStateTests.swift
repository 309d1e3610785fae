import Foundation
import RotationCore
import Testing

/// State beyond flags, as real apps hold it (docs/scenario-format.md#state): each test is one
/// pattern from public iOS projects, written as a scenario, with the orientations the real app
/// shows in its flow (read from the pattern's code, not from this program's output).
@Suite struct AppStateTests {
  static let phone = "\"system\": {\"version\": \"13.0\", \"idiom\": \"phone\", \"homeButton\": true}"
  static let phone16 = "\"system\": {\"version\": \"16.0\", \"idiom\": \"phone\", \"homeButton\": false}"

  /// `AppUtility.lockOrientation(.landscapeRight, andRotateTo: .landscapeRight)` in a player's
  /// `viewWillAppear:` and back to portrait in `viewWillDisappear:`: the app delegate returns the
  /// stored `orientationLock`.
  @Test func theStoredLockOfAppUtilityTurnsThePlayerAndBack() throws {
    let steps = try run(
      """
      \(Self.phone),
      "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"],
              "state": {"orientationLock": {"mask": "portrait"}},
              "supportedInterfaceOrientationsForWindow": {"read": "orientationLock"},
              "methods": {"lockOrientation": []}},
      "classes": {
        "HomeVC": {"kind": "view"},
        "PlayerVC": {"kind": "view",
          "viewWillAppear:": [{"set": "orientationLock", "to": "landscapeRight"}, {"setDeviceOrientation": "landscapeLeft"}],
          "viewWillDisappear:": [{"set": "orientationLock", "to": "portrait"}, {"setDeviceOrientation": "portrait"}]}
      },
      "window": {"root": {"class": "HomeVC"}},
      "steps": ["launch", {"rotateDevice": "landscapeLeft"}, {"rotateDevice": "portrait"},
                {"present": "PlayerVC", "style": "fullScreen"}, "dismiss"]
      """)
    #expect(
      steps.map(\.interfaceOrientation) == [.portrait, .portrait, .portrait, .landscapeRight, .portrait])
    #expect(steps[3].state.values["orientationLock"] == .mask(.landscapeRight))
    #expect(steps[4].state.values["orientationLock"] == .mask(.portrait))
  }

  /// Each tab's `viewWillAppear:` records which screen shows; the app delegate switches over it.
  @Test func aSwitchOverTheScreenEnumLetsOnlyTheVideoTabTurn() throws {
    let steps = try run(
      """
      \(Self.phone),
      "app": {"state": {"screen": {"case": "home"}},
              "supportedInterfaceOrientationsForWindow": {"switch": "screen", "cases": {"video": "allButUpsideDown"}, "default": "portrait"}},
      "classes": {
        "Tabs": {"kind": "tabBar"},
        "HomeVC": {"kind": "view", "viewWillAppear:": [{"set": "screen", "to": "home"}]},
        "VideoVC": {"kind": "view", "viewWillAppear:": [{"set": "screen", "to": "video"}]}
      },
      "window": {"root": {"class": "Tabs", "tabs": [{"class": "HomeVC"}, {"class": "VideoVC"}]}},
      "steps": ["launch", {"rotateDevice": "landscapeLeft"}, {"rotateDevice": "portrait"}, {"selectTab": 1},
                {"rotateDevice": "landscapeLeft"}, {"selectTab": 0}, {"rotateDevice": "portrait"},
                {"rotateDevice": "landscapeRight"}]
      """)
    #expect(
      steps.map(\.interfaceOrientation) == [
        .portrait, .portrait, .portrait, .portrait, .landscapeRight,
        // iOS 13: selecting a tab does not make UIKit decide again; the home tab stays sideways
        // until the device moves.
        .landscapeRight, .portrait, .portrait,
      ])
  }

  /// `if topViewController is PlayerViewController` (or a protocol it adopts) in the app delegate.
  @Test func theAppDelegateTestsTheControllerOnTop() throws {
    for top in ["PlayerVC", "Rotatable"] {
      let steps = try run(
        """
        \(Self.phone),
        "app": {"supportedInterfaceOrientationsForWindow": {"if": {"topIs": "\(top)"}, "then": "allButUpsideDown", "else": "portrait"}},
        "classes": {"Nav": {"kind": "navigation"}, "HomeVC": {"kind": "view"}, "PlayerVC": {"kind": "view", "isA": ["Rotatable"]}},
        "window": {"root": {"class": "Nav", "stack": [{"class": "HomeVC"}]}},
        "steps": ["launch", {"rotateDevice": "landscapeLeft"}, {"rotateDevice": "portrait"}, {"push": "PlayerVC"},
                  {"rotateDevice": "landscapeLeft"}, "pop", {"rotateDevice": "portrait"}, {"rotateDevice": "landscapeLeft"}]
        """)
      #expect(
        steps.map(\.interfaceOrientation) == [
          .portrait, .portrait, .portrait, .portrait, .landscapeRight, .landscapeRight, .portrait, .portrait,
        ], "topIs \(top)")
    }
  }

  /// The presenter sets `vc.supportedOrientations = .landscapeLeft` before `present`; another
  /// instance of the same class keeps the class's first value.
  @Test func aPropertyThePresenterSetsIsThatInstancesAnswer() throws {
    let steps = try run(
      """
      \(Self.phone),
      "classes": {
        "HomeVC": {"kind": "view", "supportedInterfaceOrientations": "portrait"},
        "PlayerVC": {"kind": "view", "properties": {"orientations": {"mask": "portrait"}},
                     "supportedInterfaceOrientations": {"read": "orientations"}}
      },
      "window": {"root": {"class": "HomeVC"}},
      "steps": ["launch", {"present": "PlayerVC", "style": "fullScreen", "set": {"orientations": "landscapeLeft"}},
                "dismiss", {"present": "PlayerVC", "style": "fullScreen"}]
      """)
    #expect(steps.map(\.interfaceOrientation) == [.portrait, .landscapeLeft, .portrait, .portrait])
    #expect(steps[1].masks?.controller == .landscapeLeft)
  }

  /// `if isMovingFromParent { force portrait }` in `viewWillDisappear:`: a pop forces, a
  /// presentation over the page does not.
  @Test func codeUnderIsMovingFromParentRunsOnlyWhenPopped() throws {
    let steps = try run(
      """
      \(Self.phone),
      "classes": {
        "Nav": {"kind": "navigation", "supportedInterfaceOrientations": {"forwardTo": "top"}},
        "ListVC": {"kind": "view", "supportedInterfaceOrientations": "portrait"},
        "DetailVC": {"kind": "view", "supportedInterfaceOrientations": "allButUpsideDown",
          "viewWillDisappear:": [{"if": {"isMovingFromParent": true},
                                  "then": [{"setDeviceOrientation": "portrait"}]}]},
        "SheetVC": {"kind": "view"}
      },
      "window": {"root": {"class": "Nav", "stack": [{"class": "ListVC"}]}},
      "steps": ["launch", {"push": "DetailVC"}, {"rotateDevice": "landscapeLeft"},
                {"present": "SheetVC", "style": "overFullScreen"}, "dismiss", "pop"]
      """)
    #expect(steps[2].interfaceOrientation == .landscapeRight)
    #expect(steps[3].deviceOrientation == .landscapeLeft, "the presentation forced nothing")
    #expect(steps[5].deviceOrientation == .portrait)
    #expect(steps[5].interfaceOrientation == .portrait)
  }

  /// An observer of `UIDeviceOrientationDidChangeNotification` records whether the device is held
  /// sideways; it runs after UIKit's own rotation, on the instance in the tree.
  @Test func anObserverRunsAfterUIKitTurnsAndRecordsTheDevice() throws {
    let steps = try run(
      """
      \(Self.phone),
      "classes": {
        "PlayerVC": {"kind": "view", "properties": {"isFullScreen": false},
          "observes": {"UIDeviceOrientationDidChangeNotification": "rotated"},
          "methods": {"rotated": [{"if": {"deviceIs": ["landscapeLeft", "landscapeRight"]},
                                   "then": [{"set": "isFullScreen", "to": true}],
                                   "else": [{"set": "isFullScreen", "to": false}]}]}}
      },
      "window": {"root": {"class": "PlayerVC"}},
      "steps": ["launch", {"rotateDevice": "landscapeLeft"}, {"rotateDevice": "faceUp"}, {"rotateDevice": "portrait"}]
      """)
    let root = steps[1].state.tree.root
    #expect(steps[1].state.tree[root].properties["isFullScreen"] == .bool(true))
    #expect(steps[2].state.tree[root].properties["isFullScreen"] == .bool(false), "face up is not sideways")
    #expect(steps[3].state.tree[root].properties["isFullScreen"] == .bool(false))
    let signatures = steps[1].allSignatures
    let rotated = try #require(signatures.firstIndex(of: "-[PlayerVC rotated]"))
    let asked = try #require(signatures.firstIndex(of: "-[PlayerVC supportedInterfaceOrientations]"))
    #expect(asked < rotated, "the app's observer ran before UIKit's rotation")
  }

  /// A full-screen button: `sender.isSelected.toggle()`, then an `if` that builds the geometry
  /// preferences (iOS 16).
  @Test func aToggleThenAConditionalRequestTurnsBothWays() throws {
    let steps = try run(
      """
      \(Self.phone16),
      "classes": {
        "PlayerVC": {"kind": "view", "properties": {"isSelected": false},
          "supportedInterfaceOrientations": "allButUpsideDown",
          "methods": {"fullScreenTapped": [{"toggle": "isSelected"},
            {"if": "isSelected", "then": [{"requestGeometryUpdate": "landscapeRight"}],
             "else": [{"requestGeometryUpdate": "portrait"}]}]}}
      },
      "window": {"root": {"class": "PlayerVC"}},
      "steps": ["launch", {"call": "fullScreenTapped"}, {"call": "fullScreenTapped"}]
      """)
    #expect(steps.map(\.interfaceOrientation) == [.portrait, .landscapeRight, .portrait])
  }

  /// Every new form written back reads the same.
  @Test func theNewFormsAreWrittenAsTheyAreRead() throws {
    let original = try scenario(
      """
      \(Self.phone16),
      "app": {"state": {"lock": {"mask": "portrait"}, "screen": {"case": "home"}, "turnTo": {"orientation": "landscapeLeft"}},
              "flags": {"allowRotation": false},
              "supportedInterfaceOrientationsForWindow": {"if": {"not": {"topIs": "Rotatable"}}, "then": {"read": "lock"},
                 "else": {"switch": "screen", "cases": {"video": "landscape", "home": "portrait"}, "default": "all"}},
              "methods": {"deviceChanged": [{"toggle": "allowRotation"}]},
              "observes": {"UIDeviceOrientationDidChangeNotification": "deviceChanged"}},
      "classes": {
        "PlayerVC": {"kind": "view", "isA": ["Rotatable"], "properties": {"mode": {"case": "inline"}, "on": true},
          "shouldAutorotate": {"if": {"deviceIs": "landscapeLeft"}, "then": true, "else": {"if": "on", "then": false, "else": true}},
          "preferredInterfaceOrientationForPresentation": {"switch": "mode", "cases": {"full": "landscapeRight"}, "default": "portrait"},
          "viewWillDisappear:": [{"if": {"isBeingDismissed": true}, "then": [{"set": "lock", "to": "portrait"}]},
                                 {"if": {"is": "screen", "equals": "video"}, "then": [{"set": "mode", "to": "full"}], "else": []}]}
      },
      "window": {"root": {"class": "PlayerVC", "set": {"mode": "full"}}},
      "steps": ["launch", {"present": "PlayerVC", "set": {"on": false}}, {"set": "screen", "to": "video"}, {"toggle": "allowRotation"}]
      """)
    let again = try ScenarioDecoder.decode(text: ScenarioEncoder.text(original))
    #expect(again == original)
    #expect(
      original.app.state.map(\.value) == [.mask(.portrait), .word("home"), .orientation(.landscapeLeft)])
    #expect(original.classes[0].properties.map(\.value) == [.word("inline"), .bool(true)])
  }

  /// Each mistake is refused with the path and what was expected.
  @Test func mistakesInStateAreRefusedWithTheirPath() throws {
    let cases: [(String, String, String)] = [
      (
        #""app": {"state": {"lock": {"mask": "portrait"}}, "supportedInterfaceOrientationsForWindow": {"read": "lokc"}}"#,
        "app.supportedInterfaceOrientationsForWindow.read", "did you mean \"lock\""
      ),
      (
        #""app": {"state": {"turn": {"orientation": "portrait"}}, "supportedInterfaceOrientationsForWindow": {"read": "turn"}}"#,
        "app.supportedInterfaceOrientationsForWindow.read", "is of type orientation"
      ),
      (
        #""app": {"state": {"lock": {"color": "red"}}}"#, "app.state.lock", "typed value"
      ),
      (
        #""app": {"state": {"s": {"case": "a"}}, "supportedInterfaceOrientationsForWindow": {"switch": "s", "cases": {"b": "all"}}}"#,
        "app.supportedInterfaceOrientationsForWindow.default", "missing"
      ),
      (
        #""app": {"methods": {"m": []}, "observes": {"UIDeviceOrientationDidChangeNotification": "n"}}"#,
        "app.observes.UIDeviceOrientationDidChangeNotification", "no method \"n\""
      ),
      (
        #""app": {"supportedInterfaceOrientationsForWindow": {"if": {"topIs": "Plyer"}, "then": "all", "else": "portrait"}}"#,
        "app.supportedInterfaceOrientationsForWindow.if.topIs", "no class is or lists \"Plyer\""
      ),
    ]
    for (app, path, words) in cases {
      do {
        _ = try scenario(
          "\(app), \"classes\": {\"Player\": {\"kind\": \"view\"}}, \"window\": {\"root\": {\"class\": \"Player\"}}"
        )
        Issue.record("accepted: \(app)")
      } catch let error as ScenarioError {
        #expect(error.path == path, "\(error.description)")
        #expect(error.description.contains(words), "\(error.description)")
      }
    }
    // A push's "set" names a property of the pushed class, typed by it.
    do {
      _ = try scenario(
        """
        "classes": {"Nav": {"kind": "navigation"}, "P": {"kind": "view", "properties": {"o": {"mask": "all"}}}},
        "window": {"root": {"class": "Nav", "stack": [{"class": "P"}]}},
        "steps": ["launch", {"push": "P", "set": {"o": "sideways"}}]
        """)
      Issue.record("a mask property took \"sideways\"")
    } catch let error as ScenarioError {
      #expect(error.path == "steps[1].set.o")
    }
  }

  /// Renaming a class renames it in `topIs` conditions and in `isA`, and a class a condition
  /// names is in use.
  @Test func renamingAClassReachesItsConditions() throws {
    var edited = try scenario(
      """
      "app": {"supportedInterfaceOrientationsForWindow": {"if": {"topIs": "PlayerVC"}, "then": "all", "else": "portrait"}},
      "classes": {"PlayerVC": {"kind": "view"}, "Other": {"kind": "view", "isA": ["PlayerVC"]}},
      "window": {"root": {"class": "Other"}}
      """)
    try edited.renameClass("PlayerVC", to: "VideoVC")
    #expect(
      edited.app.supportedInterfaceOrientationsForWindow
        == .test(.topIs("VideoVC"), then: .literal(.all), else: .literal(.portrait)))
    #expect(edited.classes[1].isA == ["VideoVC"])
    try edited.checkedLoads()
  }
}
