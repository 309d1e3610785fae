import Foundation
import RotationCore
import Testing

/// Answers that are the app's own code (docs/scenario-format.md#code), each a spelling from the
/// import's list of misses (issue #38) written here in a form of its own. The orientations expected
/// are UIKit's for the code as written, read from the code and docs/rules.md, not from this
/// program's output.
@Suite struct CodeAnswerTests {
  static let phone = "\"system\": {\"version\": \"13.0\", \"idiom\": \"phone\", \"homeButton\": true}"
  static let plist = "\"infoPlist\": [\"portrait\", \"landscapeLeft\", \"landscapeRight\"]"

  /// Runs one class `VC`, the window's root, through a launch and a turn to landscape (iOS 13).
  static func oneClass(_ members: String) throws -> [Step] {
    try run(
      """
      \(phone), "app": {\(plist)},
      "classes": {"VC": {"kind": "view", \(members)}},
      "window": {"root": {"class": "VC"}},
      "steps": ["launch", {"rotateDevice": "landscapeLeft"}]
      """)
  }

  /// Runs a navigation controller `NavVC` whose supported orientations are `answer`, over a
  /// portrait `HomeVC`, with a landscape `LandVC` to push, through `steps` (iOS 13).
  static func navigation(_ answer: String, steps: String) throws -> [Step] {
    try run(
      """
      \(phone), "app": {\(plist)},
      "classes": {
        "NavVC": {"kind": "navigation", "supportedInterfaceOrientations": \(code(answer))},
        "HomeVC": {"kind": "view", "supportedInterfaceOrientations": "portrait"},
        "LandVC": {"kind": "view", "supportedInterfaceOrientations": "landscape"}
      },
      "window": {"root": {"class": "NavVC", "stack": [{"class": "HomeVC"}]}},
      "steps": [\(steps)]
      """)
  }

  /// JSON for a code answer.
  static func code(_ source: String, _ language: String = "swift", parameters: [String] = []) -> String {
    // As JSON writes a string: quotes, backslashes and control characters escaped.
    let escaped = source.unicodeScalars.map { scalar -> String in
      switch scalar {
      case "\"": return "\\\""
      case "\\": return "\\\\"
      case "\n": return "\\n"
      default:
        return scalar.value < 0x20
          ? "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
            + String(scalar.value, radix: 16) : String(scalar)
      }
    }.joined()
    let names = parameters.map { "\"\($0)\"" }.joined(separator: ", ")
    return "{\"code\": \"\(escaped)\", \"language\": \"\(language)\", \"file\": \"Code.m\", \"line\": 10"
      + (parameters.isEmpty ? "}" : ", \"parameters\": [\(names)]}")
  }

  /// A navigation controller whose getter forwards in code (`topViewController?.… ?? .portrait`):
  /// the pushed landscape screen decides once the device turns, and its answer is a call one level
  /// below the container's. Written as `.portrait` instead, the same flow stays portrait.
  @Test(arguments: [true, false]) func aContainerForwardingInCodeLetsThePushedScreenDecide(forwards: Bool)
    throws
  {
    let answer =
      forwards ? "return topViewController?.supportedInterfaceOrientations ?? .portrait" : "return .portrait"
    let steps = try Self.navigation(
      answer, steps: #""launch", {"push": "LandVC"}, {"rotateDevice": "landscapeLeft"}"#)
    #expect(steps[2].interfaceOrientation == (forwards ? .landscapeRight : .portrait))
    let navCall = try #require(steps[2].calls(to: "-[NavVC supportedInterfaceOrientations]").first)
    #expect(navCall.note?.text.contains("Code.m:10") == true)
    let below = steps[2].calls(to: "-[LandVC supportedInterfaceOrientations]")
    if forwards {
      #expect(below.count == 1 && below.first?.depth == navCall.depth + 1)
    } else {
      #expect(below.isEmpty)
    }
  }

  /// Swift's `guard let` binds the top controller and forwards to it; a preference read from
  /// `UserDefaults` (not known here) is taken as NO, so the pushed landscape screen decides.
  @Test func aGuardLetBindsTheTopAndForwards() throws {
    let answer = """
      guard let top = topViewController else { return .portrait }
      if UserDefaults.standard.bool(forKey: "lockPortrait") { return .portrait }
      return top.supportedInterfaceOrientations
      """
    let steps = try Self.navigation(
      answer,
      steps:
        #""launch", {"rotateDevice": "landscapeLeft"}, {"rotateDevice": "portrait"}, {"push": "LandVC"}, "#
        + #"{"rotateDevice": "landscapeLeft"}"#)
    #expect(
      steps.map(\.interfaceOrientation) == [.portrait, .portrait, .portrait, .portrait, .landscapeRight])
    let note = steps[4].calls(to: "-[NavVC supportedInterfaceOrientations]").first?.note?.text ?? ""
    #expect(
      note.contains("Code.m:11: UserDefaults.standard.bool(…) is not known here: taken as NO (a guess)"))
    #expect(!note.contains("not followed"))
  }

  /// Objective-C: a `switch` whose subject is parenthesised twice, over an enum property, with two
  /// cases falling into one `return`.
  @Test func aParenthesisedSwitchOverAPropertyAnswers() throws {
    let body = """
      switch ((self.mode)) {
        case ModePlayer: case ModeGallery:
          return UIInterfaceOrientationMaskLandscape;
        default:
          return UIInterfaceOrientationMaskPortrait;
      }
      """
    let steps = try run(
      """
      \(Self.phone), "app": {\(Self.plist)},
      "classes": {
        "MediaVC": {"kind": "view", "properties": {"mode": {"case": "ModeList"}},
                    "supportedInterfaceOrientations": \(Self.code(body, "objc"))}
      },
      "window": {"root": {"class": "MediaVC"}},
      "steps": ["launch", {"rotateDevice": "landscapeLeft"}, {"present": "MediaVC", "style": "fullScreen", "set": {"mode": "ModeGallery"}}]
      """)
    #expect(steps[1].interfaceOrientation == .portrait)
    // The presented gallery is landscape-only: UIKit turns the interface to the device's landscape.
    #expect(steps[2].interfaceOrientation == .landscapeRight)
  }

  /// `return UIDeviceOrientationIsLandscape([UIDevice currentDevice].orientation);` as
  /// `shouldAutorotate`: it says YES only while the device is already sideways, so the screen turns
  /// to landscape and then never back (iOS 13 asks shouldAutorotate before turning).
  @Test func aShouldAutorotateThatTestsTheDeviceTurnsOnlyOneWay() throws {
    let steps = try run(
      """
      \(Self.phone), "app": {\(Self.plist)},
      "classes": {
        "VC": {"kind": "view", "shouldAutorotate": \(Self.code("return UIDeviceOrientationIsLandscape([UIDevice currentDevice].orientation);", "objc"))}
      },
      "window": {"root": {"class": "VC"}},
      "steps": ["launch", {"rotateDevice": "landscapeLeft"}, {"rotateDevice": "portrait"}]
      """)
    #expect(steps.map(\.interfaceOrientation) == [.portrait, .landscapeRight, .landscapeRight])
  }

  /// A mask computed by a closure called where it is written, reading a Bool property.
  @Test func aMaskComputedByAClosureReadsTheProperty() throws {
    let body = """
      let mask: UIInterfaceOrientationMask = {
        if isFullScreen { return [.landscapeLeft, .landscapeRight] }
        return .portrait
      }()
      return mask
      """
    let steps = try run(
      """
      \(Self.phone), "app": {\(Self.plist)},
      "classes": {
        "PlayerVC": {"kind": "view", "properties": {"isFullScreen": false},
                     "supportedInterfaceOrientations": \(Self.code(body))}
      },
      "window": {"root": {"class": "PlayerVC"}},
      "steps": ["launch", {"rotateDevice": "landscapeLeft"},
                {"present": "PlayerVC", "style": "fullScreen", "set": {"isFullScreen": true}}]
      """)
    #expect(steps.map(\.interfaceOrientation) == [.portrait, .portrait, .landscapeRight])
  }

  /// The app delegate answers with the top controller's own mask, found through the window's root,
  /// its presented controllers and the navigation controller's top (Objective-C, with the window
  /// parameter).
  @Test func theAppDelegateAnswersTheTopControllersOwnMask() throws {
    let body = """
      UIViewController *top = window.rootViewController;
      while (top.presentedViewController) { top = top.presentedViewController; }
      if ([top isKindOfClass:[UINavigationController class]]) {
        top = [(UINavigationController *)top topViewController];
      }
      return [top supportedInterfaceOrientations];
      """
    let steps = try run(
      """
      \(Self.phone),
      "app": {\(Self.plist), "supportedInterfaceOrientationsForWindow": \(Self.code(body, "objc", parameters: ["application", "window"]))},
      "classes": {
        "HomeVC": {"kind": "view", "supportedInterfaceOrientations": "portrait"},
        "PlayerVC": {"kind": "view", "supportedInterfaceOrientations": "allButUpsideDown"}
      },
      "window": {"root": {"class": "UINavigationController", "stack": [{"class": "HomeVC"}]}},
      "steps": ["launch", {"rotateDevice": "landscapeLeft"}, {"push": "PlayerVC"}, {"rotateDevice": "portrait"},
                {"rotateDevice": "landscapeLeft"}, {"rotateDevice": "portrait"},
                {"present": "HomeVC", "style": "fullScreen"}, {"rotateDevice": "landscapeLeft"}]
      """)
    // Then a portrait screen presented over the player is found through presentedViewController (the
    // loop runs): the app's mask is portrait again.
    #expect(
      steps.map(\.interfaceOrientation) == [
        .portrait, .portrait, .portrait, .portrait, .landscapeRight, .portrait, .portrait, .portrait,
      ])
    let delegate = try #require(
      steps[4].calls.firstIndex {
        $0.signature == "-[AppDelegate application:supportedInterfaceOrientationsForWindow:]"
      })
    let next = steps[4].calls[delegate + 1]
    #expect(next.signature == "-[PlayerVC supportedInterfaceOrientations]")
    #expect(next.depth == steps[4].calls[delegate].depth + 1)
  }

  /// A value the model cannot know (`NSUserDefaults`) is an input at its default (NO), said with
  /// its line as a guess, never a silent value.
  @Test func anUnknownValueIsSaidAndTheDefaultIsTaken() throws {
    let body = """
      if ([[NSUserDefaults standardUserDefaults] boolForKey:@"landscape"]) {
        return UIInterfaceOrientationMaskLandscape;
      }
      return UIInterfaceOrientationMaskPortrait;
      """
    let steps = try Self.oneClass("\"supportedInterfaceOrientations\": \(Self.code(body, "objc"))")
    // The unknown is an input at its default, NO: the code answers portrait on it, and the note
    // says the guess with its line (the body's first, 10).
    #expect(steps[1].interfaceOrientation == .portrait)
    let call = try #require(steps[1].calls(to: "-[VC supportedInterfaceOrientations]").first)
    let note = try #require(call.note?.text)
    #expect(note.contains("Code.m:10") && note.contains("taken as NO (a guess)"))
  }

  /// A loop without end stops at the budget, with a message; the session goes on.
  @Test func aLoopWithoutEndStopsWithAMessage() throws {
    let steps = try Self.oneClass(
      "\"supportedInterfaceOrientations\": \(Self.code("var i = 0\nwhile true { i += 1 }\nreturn .portrait"))"
    )
    // UIKit's default for an iPhone (all but upside down) is taken, not the portrait the code never
    // reaches: the interface turns.
    #expect(steps[1].interfaceOrientation == .landscapeRight)
    let note = try #require(steps[1].calls(to: "-[VC supportedInterfaceOrientations]").first?.note?.text)
    #expect(note.contains("stopped after"))
  }

  /// `!super.shouldAutorotate`: the negation of UIKit's YES, so the screen never turns (iOS 13 asks
  /// shouldAutorotate before turning).
  @Test func aNegatedSuperAnswerIsNo() throws {
    let steps = try Self.oneClass("\"shouldAutorotate\": \(Self.code("!super.shouldAutorotate"))")
    #expect(steps[1].interfaceOrientation == .portrait)
    #expect(steps[1].calls(to: "-[VC shouldAutorotate]").first?.answer == "NO")
  }

  /// A custom container that searches its children with a closure (`$0 is VideoVC`) and forwards
  /// to the one found: with the video child it turns, without it the `?? .portrait` holds.
  @Test(arguments: [true, false]) func aContainerSearchingItsChildrenForwardsToTheOneFound(withVideo: Bool)
    throws
  {
    let answer = "children.first(where: { $0 is VideoVC })?.supportedInterfaceOrientations ?? .portrait"
    let children =
      withVideo ? "[{\"class\": \"ListVC\"}, {\"class\": \"VideoVC\"}]" : "[{\"class\": \"ListVC\"}]"
    let steps = try run(
      """
      \(Self.phone), "app": {\(Self.plist)},
      "classes": {
        "C": {"kind": "container", "supportedInterfaceOrientations": \(Self.code(answer))},
        "ListVC": {"kind": "view"},
        "VideoVC": {"kind": "view", "supportedInterfaceOrientations": "landscape"}
      },
      "window": {"root": {"class": "C", "children": \(children)}},
      "steps": ["launch", {"rotateDevice": "landscapeLeft"}]
      """)
    #expect(steps[1].interfaceOrientation == (withVideo ? .landscapeRight : .portrait))
    #expect(steps[1].calls(to: "-[VideoVC supportedInterfaceOrientations]").isEmpty == !withVideo)
  }

  /// A navigation controller that limits its top's mask to portrait
  /// (`topViewController?.supportedInterfaceOrientations.intersection(.portrait)`): the landscape
  /// screen it pushes gets nothing in common, and iOS 13 raises on the turn
  /// (docs/rules.md#no-common-orientation) — where `.union` would have let it turn.
  @Test(arguments: ["intersection", "union"]) func aMaskCombinedInCodeIsTheCombination(method: String) throws
  {
    let answer = "topViewController?.supportedInterfaceOrientations.\(method)(.portrait) ?? .portrait"
    let steps = try run(
      """
      \(Self.phone), "app": {\(Self.plist)},
      "classes": {
        "N": {"kind": "navigation", "supportedInterfaceOrientations": \(Self.code(answer))},
        "LandVC": {"kind": "view", "supportedInterfaceOrientations": "landscapeRight"}
      },
      "window": {"root": {"class": "N", "stack": [{"class": "LandVC"}]}},
      "steps": ["launch", {"rotateDevice": "landscapeLeft"}]
      """)
    let answered = steps[1].calls(to: "-[N supportedInterfaceOrientations]").first?.answer
    #expect(answered == (method == "union" ? "[portrait, landscapeRight]" : "none"))
    if method == "union" { #expect(steps[1].interfaceOrientation == .landscapeRight) }
  }

  /// Hostile code: a function that calls itself, a literal too large for an integer, bytes that
  /// are not UTF-8, braces that never close. Each is a note and a default; the run comes back.
  @Test func hostileCodeIsANoteNotACrash() throws {
    let recursion = "return helper()"
    let bodies = [
      ("return helper()", "nested deeper than"),
      ("return 99999999999999999999999999999 == 1 ? .landscape : .portrait", "not followed"),
      ("return \u{FFFD}\u{0} .landscape", "does not parse"),
      ("if true { if true { return .landscape", "does not parse"),
      (
        "return (-9223372036854775807 - 1) / -1 == 0 && -(-9223372036854775807 - 1) == 0 ? .landscape : .portrait",
        "code at"
      ),
    ]
    for (body, said) in bodies {
      let steps = try run(
        """
        \(Self.phone), "app": {\(Self.plist)},
        "classes": {"VC": {"kind": "view", "supportedInterfaceOrientations": \(Self.code(body))}},
        "functions": {"VC.helper": \(Self.code(recursion))},
        "window": {"root": {"class": "VC"}},
        "steps": ["launch", {"rotateDevice": "landscapeLeft"}]
        """)
      let call = try #require(steps[1].calls(to: "-[VC supportedInterfaceOrientations]").first)
      #expect(call.note?.text.contains(said) == true, "\(body): \(call.note?.text ?? "")")
    }
  }

  /// The app delegate asks the top controller whether it responds to `canRotate` (a marker method
  /// the rotatable screen has): only then does it allow landscape.
  @Test func respondsToSelectorFindsTheMarkerMethod() throws {
    let body = """
      if let top = window?.rootViewController?.presentedViewController, top.responds(to: #selector(canRotate)) {
        return .allButUpsideDown
      }
      return .portrait
      """
    let steps = try run(
      """
      \(Self.phone), "app": {\(Self.plist), "supportedInterfaceOrientationsForWindow": \(Self.code(body, parameters: ["application", "window"]))},
      "classes": {
        "HomeVC": {"kind": "view"},
        "VideoVC": {"kind": "view", "methods": {"canRotate": []}},
        "TextVC": {"kind": "view"}
      },
      "window": {"root": {"class": "HomeVC"}},
      "steps": ["launch", {"present": "TextVC", "style": "fullScreen"}, {"rotateDevice": "landscapeLeft"}, "dismiss",
                {"rotateDevice": "portrait"}, {"present": "VideoVC", "style": "fullScreen"}, {"rotateDevice": "landscapeLeft"}]
      """)
    #expect(steps[2].interfaceOrientation == .portrait)
    #expect(steps[6].interfaceOrientation == .landscapeRight)
  }

  /// Saving keeps the code verbatim, with its language, file, line and parameters.
  @Test func codeSurvivesSavingAndLoading() throws {
    let original = try scenario(
      """
      \(Self.phone), "app": {\(Self.plist), "supportedInterfaceOrientationsForWindow": \(Self.code("return self.lock;", "objc", parameters: ["application", "window"]))},
      "classes": {"VC": {"kind": "view", "shouldAutorotate": \(Self.code("return \"a\\\\b\" != \"\"\n")),
                         "methods": {"tap": [\(Self.code("AppDelegate.lock = .all"))]}}},
      "functions": {"VC.helper": \(Self.code("return 1", parameters: ["x"])), "free": \(Self.code("return 2", "objc"))},
      "window": {"root": {"class": "VC"}}
      """)
    let saved = ScenarioEncoder.encode(original).serialized()
    let loaded = try ScenarioDecoder.decode(text: saved)
    #expect(loaded == original)
    #expect(
      loaded.functions.map(\.name) == ["VC.helper", "free"] && loaded.functions[0].body.parameters == ["x"])
    #expect(loaded.classes[0].method(named: "tap")?.actions.count == 1)
    guard case .value(.code(let body))? = loaded.classes[0].shouldAutorotate else {
      Issue.record("the answer is not code")
      return
    }
    #expect(body.source == "return \"a\\\\b\" != \"\"\n" && body.file == "Code.m" && body.line == 10)
  }

  /// Swift's `switch`: `fallthrough` runs the next arm, `case .x where …` needs its condition,
  /// `if let name {` binds the property of that name; `<<` binds tighter than `|`.
  @Test func swiftsSwitchAndShorthandsRunAsSwiftDoes() throws {
    let body = """
      var mask: UIInterfaceOrientationMask = .portrait
      switch UIDevice.current.orientation {
      case .landscapeLeft where isLocked:
        return .portrait
      case .landscapeLeft:
        mask = .landscapeRight
        fallthrough
      case .portrait:
        mask = mask.union(.portrait)
      default:
        return .all
      }
      if let top { return top.supportedInterfaceOrientations }
      return UIInterfaceOrientationMask(rawValue: mask.rawValue | 1 << 4)
      """
    let steps = try run(
      """
      \(Self.phone), "app": {\(Self.plist)},
      "classes": {"VC": {"kind": "view", "properties": {"isLocked": false},
                         "supportedInterfaceOrientations": \(Self.code(body))}},
      "window": {"root": {"class": "VC"}},
      "steps": ["launch", {"rotateDevice": "landscapeLeft"}]
      """)
    // landscapeLeft, not locked: landscapeRight, then the fallthrough adds portrait; `top` is no
    // property of VC (not known, so nil); `1 << 4` is landscapeLeft's bit, or'ed in.
    let answer = steps[1].calls(to: "-[VC supportedInterfaceOrientations]").first?.answer
    #expect(answer == "allButUpsideDown")
  }

  /// An unknown read is its default (NO) where it is read: `!locked` is then YES, `IS_IPAD` (a
  /// macro the run does not know) is NO, and C's `YES == 1` holds.
  @Test func unknownInputsAreTheirDefaultsWhereTheyAreRead() throws {
    let body = """
      if (IS_IPAD) { return UIInterfaceOrientationMaskAll; }
      if (!self.delegate.locked && YES == 1) { return UIInterfaceOrientationMaskLandscape; }
      return UIInterfaceOrientationMaskPortrait;
      """
    let steps = try Self.oneClass("\"supportedInterfaceOrientations\": \(Self.code(body, "objc"))")
    #expect(steps[1].calls(to: "-[VC supportedInterfaceOrientations]").first?.answer == "landscape")
  }

  /// A getter that asks itself: on a device the recursion never ends; here the inner question gets
  /// UIKit's default, said so, and the step comes back.
  @Test func aGetterThatAsksItselfIsStopped() throws {
    let steps = try Self.oneClass(
      "\"supportedInterfaceOrientations\": \(Self.code("return self.supportedInterfaceOrientations.intersection(.landscape)"))"
    )
    let calls = steps[1].calls(to: "-[VC supportedInterfaceOrientations]")
    #expect(calls.count == 2 && calls[0].answer == "landscape")
    #expect(calls[1].note?.text.contains("asks itself again") == true)
  }

  /// A code answer with a language the format does not have is refused with its path.
  @Test func anUnknownLanguageIsRefusedWithItsPath() throws {
    #expect {
      try scenario(
        """
        "classes": {"VC": {"kind": "view", "shouldAutorotate": {"code": "return true", "language": "kotlin"}}},
        "window": {"root": {"class": "VC"}}
        """)
    } throws: { error in
      (error as? ScenarioError)?.path == "classes.VC.shouldAutorotate.language"
    }
  }
}
