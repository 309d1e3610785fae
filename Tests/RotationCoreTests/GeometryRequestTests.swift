import RotationCore
import Testing

/// docs/rules.md#geometry-request-async: UIKit checks a geometry request inside the call and sends
/// one that passes after the transaction commits (UIKitCore 18.2 `UIWindowScene.m` and 26.1
/// `UIWindowScene.mm`, `-_performIOSGeometryRequestWithPreferences:errorHandler:` →
/// `-[UIApplication _performBlockAfterCATransactionCommits:]`).
@Suite struct GeometryRequestTests {
  /// A player on iOS VERSION whose `enterFullScreen` makes its mask landscape and then runs MIDDLE
  /// between its request and its log line.
  static func player(version: String = "17.0", middle: String) -> String {
    #"""
    "system": {"version": "\#(version)", "idiom": "phone", "homeButton": false},
    "device": {"orientation": "portrait"},
    "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"], "flags": {"full": false, "narrow": false}},
    "classes": {
      "Player": {
        "kind": "view",
        "supportedInterfaceOrientations": {"if": "narrow", "then": ["portrait"],
          "else": {"if": "full", "then": "landscape", "else": "allButUpsideDown"}},
        "viewWillTransitionToSize:withTransitionCoordinator:": [{"log": "turning"}],
        "methods": {
          "enterFullScreen": [{"requestGeometryUpdate": "landscape"}, \#(middle), {"log": "after the request"}],
          "other": []
        }
      }
    },
    "window": {"root": {"class": "Player"}},
    "steps": ["launch", {"call": "enterFullScreen", "on": "Player"}]
    """#
  }

  /// The code after the request runs before the scene turns: the method's later call and its log
  /// line come before `viewWillTransitionToSize:`, not after it, as an immediate turn would have it.
  @Test func theRestOfTheMethodRunsBeforeTheSceneTurns() throws {
    let steps = try run(Self.player(middle: #"{"call": "other", "on": "Player"}"#))
    let step = steps[1]
    #expect(step.interfaceOrientation == .landscapeLeft)  // docs/rules.md#fallback-order
    #expect(step.error == nil)
    let signatures = step.allSignatures
    let request = try #require(
      signatures.firstIndex(of: "-[UIWindowScene requestGeometryUpdate:errorHandler:]"))
    let other = try #require(signatures.firstIndex(of: "-[Player other]"))
    let turn = try #require(
      signatures.firstIndex(of: "-[Player viewWillTransitionToSize:withTransitionCoordinator:]"))
    #expect(request < other && other < turn)
    // The console keeps the order too: the method's own line before the turn's.
    #expect(step.console.map(\.text) == ["after the request", "turning"])
    #expect(step.reason.text.contains("After the code that called requestGeometryUpdate(landscape) returned"))
  }

  /// A refresh after the request that drops the requested orientations: the request had passed
  /// UIKit's check, but the system judges it by what the scene publishes when it arrives, refuses
  /// it, and the handler gets error 101 later, on a background queue. Nothing turns.
  @Test func aRefreshThatDropsTheRequestedOrientationsMakesTheSystemRefuseItLater() throws {
    let steps = try run(
      Self.player(
        middle: #"{"setFlag": "narrow", "to": true}, "setNeedsUpdateOfSupportedInterfaceOrientations""#))
    let step = steps[1]
    #expect(step.interfaceOrientation == .portrait)
    let error = try #require(step.error)
    #expect(error.code == 101 && error.deliveredLater)
    #expect(error.message.hasSuffix("Requested: landscapeLeft, landscapeRight; Supported: portrait"))
    #expect(!step.allSignatures.contains("-[Player viewWillTransitionToSize:withTransitionCoordinator:]"))
    #expect(TextTrace.render(step).contains("error (to the handler later, on a background queue)"))
  }

  /// A refusal inside the call is not late: the stale cache refuses at once (capacitor-plugins#100's
  /// text), and the Flutter engine's order (request, then refresh) still turns through the refresh.
  @Test func aRefusalInsideTheCallIsImmediateAndTheRefreshAfterItStillTurns() throws {
    var steps = try run(
      Self.player(
        middle: #"{"setFlag": "full", "to": true}, "setNeedsUpdateOfSupportedInterfaceOrientations""#
      )
      .replacingOccurrences(
        of: #""then": "landscape", "else": "allButUpsideDown""#,
        with: #""then": "landscape", "else": "portrait""#))
    let error = try #require(steps[1].error)
    #expect(error.code == 101 && !error.deliveredLater)
    // The refresh after it makes portrait unsupported, so the scene turns to landscape anyway.
    #expect(steps[1].interfaceOrientation == .landscapeLeft)  // docs/rules.md#fallback-order
    // Refresh first: the request passes and nothing is refused.
    steps = try run(
      Self.player(middle: #"{"log": "middle"}"#)
        .replacingOccurrences(
          of: #"[{"requestGeometryUpdate": "landscape"}, "#,
          with:
            #"[{"setFlag": "full", "to": true}, "setNeedsUpdateOfSupportedInterfaceOrientations", {"requestGeometryUpdate": "landscape"}, "#
        )
        .replacingOccurrences(
          of: #""then": "landscape", "else": "allButUpsideDown""#,
          with: #""then": "landscape", "else": "portrait""#))
    #expect(steps[1].error == nil)
    #expect(steps[1].interfaceOrientation == .landscapeLeft)  // docs/rules.md#fallback-order
  }

  /// The JSON trace says when the handler gets the error.
  @Test func theJSONTraceSaysTheErrorIsDeliveredLater() throws {
    let scenario = try scenario(
      Self.player(
        middle: #"{"setFlag": "narrow", "to": true}, "setNeedsUpdateOfSupportedInterfaceOrientations""#))
    let json = JSONTrace.render(Simulator.run(scenario), scenario: scenario)
    #expect(json.contains(#""deliveredLater": true"#))
  }
}
