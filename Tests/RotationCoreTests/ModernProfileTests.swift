import RotationCore
import Testing

/// docs/rules.md#ios16 and docs/rules.md#multitasking: iOS 16 and later, and iPad multitasking. Each test runs the
/// same scenario on iOS 15 too, where the classic rules give a different answer.
@Suite struct ModernProfileTests {
  func both(_ body: String) throws -> (classic: [Step], modern: [Step]) {
    let classic = try run(body.replacingOccurrences(of: "VERSION", with: "15.0"))
    let modern = try run(body.replacingOccurrences(of: "VERSION", with: "16.0"))
    return (classic, modern)
  }

  @Test func profilesFollowTheSystemVersion() throws {
    #expect(
      SystemConfig(version: SystemVersion("15.7")!, idiom: .phone, homeButton: true).profile == .classic)
    #expect(SystemConfig(version: SystemVersion("16.0")!, idiom: .phone, homeButton: true).profile == .modern)
    #expect(SystemConfig(version: SystemVersion("17.2")!, idiom: .pad, homeButton: false).profile == .modern)
  }

  /// docs/rules.md#no-should-autorotate
  @Test func shouldAutorotateIsNoLongerCalled() throws {
    let body = """
      "system": {"version": "VERSION"}, "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]},
      "classes": {"VC": {"kind": "view", "shouldAutorotate": false, "supportedInterfaceOrientations": "allButUpsideDown"}},
      "window": {"root": {"class": "VC"}}, "steps": ["launch", {"rotateDevice": "landscapeLeft"}]
      """
    let (classic, modern) = try both(body)
    #expect(!classic[1].calls(to: "-[VC shouldAutorotate]").isEmpty)
    #expect(classic[1].interfaceOrientation == .portrait)  // NO blocks rotation on iOS 15
    #expect(modern.allSatisfy { $0.calls(to: "-[VC shouldAutorotate]").isEmpty })
    #expect(modern[1].interfaceOrientation == .landscapeRight)  // the masks alone decide on iOS 16
    #expect(modern[1].masks?.shouldAutorotateCalled == false)
  }

  /// docs/rules.md#attempt-rotation-deprecated
  @Test func attemptRotationStillWorksButIsDeprecated() throws {
    let body = """
      "system": {"version": "VERSION"}, "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"], "flags": {"open": false}},
      "classes": {"VC": {"kind": "view", "supportedInterfaceOrientations": {"if": "open", "then": "allButUpsideDown", "else": "portrait"}}},
      "window": {"root": {"class": "VC"}},
      "steps": ["launch", {"rotateDevice": "landscapeLeft"}, {"setFlag": "open", "to": true}, "attemptRotationToDeviceOrientation"]
      """
    let (classic, modern) = try both(body)
    #expect(classic[3].interfaceOrientation == .landscapeRight)
    #expect(classic[3].deprecations.isEmpty)
    #expect(modern[3].interfaceOrientation == .landscapeRight)
    #expect(modern[3].deprecations.count == 1)
    #expect(modern[3].deprecations[0].text.contains("deprecated in iOS 16.0"))
  }

  /// docs/rules.md#kvc-ignored
  @Test func kvcForcingOnlyLogs() throws {
    let body = """
      "system": {"version": "VERSION"}, "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]},
      "classes": {"VC": {"kind": "view"}}, "window": {"root": {"class": "VC"}},
      "steps": ["launch", {"setDeviceOrientation": "landscapeRight"}]
      """
    let (classic, modern) = try both(body)
    #expect(classic[1].interfaceOrientation == .landscapeLeft)
    #expect(classic[1].console.isEmpty)
    #expect(modern[1].interfaceOrientation == .portrait)
    #expect(modern[1].deviceOrientation == .portrait)
    #expect(modern[1].notifications.isEmpty)
    #expect(
      modern[1].console.map(\.text) == [
        "[Orientation] BUG IN CLIENT OF UIKIT: Setting UIDevice.orientation is not supported. Please use UIWindowScene.requestGeometryUpdate(_:)"
      ])
  }

  static let player = """
    "system": {"version": "VERSION"}, "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"], "flags": {"full": false}},
    "classes": {"Player": {"kind": "view", "supportedInterfaceOrientations": {"if": "full", "then": "landscape", "else": "portrait"}}},
    "window": {"root": {"class": "Player"}}
    """

  /// docs/rules.md#request-geometry-update
  @Test func aRequestIsCheckedAgainstTheCachedSupportedSet() throws {
    let modern = try run(
      Self.player.replacingOccurrences(of: "VERSION", with: "16.0")
        + #", "steps": ["launch", {"setFlag": "full", "to": true}, {"requestGeometryUpdate": "landscapeRight"}]"#
    )
    let error = try #require(modern[2].error)
    #expect(error.domain == "UISceneErrorDomain")
    #expect(error.code == 101)
    #expect(
      error.description
        == #"Error Domain=UISceneErrorDomain Code=101 "None of the requested orientations are supported by the view controller. Requested: landscapeRight; Supported: portrait""#
    )
    #expect(modern[2].interfaceOrientation == .portrait)
    #expect(modern[2].status == .ran)
  }

  /// A refused request explains its step even when something before it in the step decided: the
  /// common bug of refreshing the cache before changing what the controller supports.
  @Test func aRefusedRequestExplainsItsStepAfterAnEarlierDecision() throws {
    let modern = try run(
      """
      "system": {"version": "16.0"}, "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"], "flags": {"full": false}},
      "classes": {"Player": {"kind": "view", "supportedInterfaceOrientations": {"if": "full", "then": "landscape", "else": "portrait"},
        "methods": {"goFullScreen": [{"setNeedsUpdateOfSupportedInterfaceOrientations": "Player"}, {"setFlag": "full", "to": true},
          {"requestGeometryUpdate": "landscapeRight"}]}}},
      "window": {"root": {"class": "Player"}}, "steps": ["launch", {"call": "goFullScreen"}]
      """)
    #expect(modern[1].error?.code == 101)
    #expect(modern[1].masks?.decided == true, "setNeedsUpdate decided in this step")
    #expect(
      modern[1].reason.text.hasPrefix("setNeedsUpdateOfSupportedInterfaceOrientations refreshes"),
      "\(modern[1].reason)")
    #expect(
      modern[1].reason.text.contains(" Then: requestGeometryUpdate(landscapeRight) fails"),
      "\(modern[1].reason)")
    #expect(modern[1].interfaceOrientation == .portrait)
  }

  /// Reasons on iOS 16+ describe the iOS 16+ rules and name the fix.
  @Test func modernReasonsSayWhatToCallAndWhyARotationWasRefused() throws {
    let modern = try run(
      Self.player.replacingOccurrences(of: "VERSION", with: "16.0")
        + #", "steps": ["launch", {"setFlag": "full", "to": true}, {"rotateDevice": "landscapeLeft"}]"#)
    #expect(
      modern[1].reason.text.contains("setNeedsUpdateOfSupportedInterfaceOrientations"), "\(modern[1].reason)")
    #expect(!modern[1].reason.text.contains("next rotation"))
    // The table of a step that decides nothing does not claim a shouldAutorotate iOS 16 never calls.
    #expect(modern[1].masks?.decided == false)
    #expect(modern[1].masks?.shouldAutorotateCalled == false)
    // The rotation is refused by the stale cache, and the reason says so and names the call.
    #expect(modern[2].interfaceOrientation == .portrait)
    #expect(modern[2].reason.text.contains("cached supported orientations (portrait)"), "\(modern[2].reason)")
    #expect(modern[2].reason.text.contains("now allows landscape"))
    let classic = try run(
      Self.player.replacingOccurrences(of: "VERSION", with: "15.0")
        + #", "steps": ["launch", {"setFlag": "full", "to": true}, {"rotateDevice": "landscapeLeft"}]"#)
    #expect(classic[1].reason.text.contains("next rotation"))
    #expect(classic[2].interfaceOrientation == .landscapeRight)
  }

  /// docs/rules.md#set-needs-update
  @Test func setNeedsUpdateRefreshesTheCacheAndTheRequestSucceeds() throws {
    let modern = try run(
      Self.player.replacingOccurrences(of: "VERSION", with: "16.0")
        + #", "steps": ["launch", {"setFlag": "full", "to": true}, {"setNeedsUpdateOfSupportedInterfaceOrientations": "Player"}, {"requestGeometryUpdate": "landscapeRight"}]"#
    )
    #expect(modern[2].calls(to: "-[Player supportedInterfaceOrientations]").first?.answer == "landscape")
    #expect(modern[3].error == nil)
    #expect(modern[3].interfaceOrientation == .landscapeRight)
    #expect(modern[3].deviceOrientation == .portrait)  // the request does not move UIDevice
    // On iOS 15 the method does not exist: an unrecognized selector.
    let classic = try run(
      Self.player.replacingOccurrences(of: "VERSION", with: "15.0")
        + #", "steps": ["launch", {"setNeedsUpdateOfSupportedInterfaceOrientations": "Player"}]"#)
    #expect(classic[1].exception?.name == "NSInvalidArgumentException")
  }

  /// docs/rules.md#stale-cache-snap-back
  @Test func aStaleCacheTurnsThenSnapsBack() throws {
    let steps = Simulator.run(try bundledScenario("ios16-snap-back.json"))
    let snap = steps[1]
    #expect(snap.interfaceOrientation == .portrait)
    #expect(
      snap.notifications.filter { $0 == "UIApplicationDidChangeStatusBarOrientationNotification" }.count == 2)
    #expect(snap.reason.text.contains("snapped back"))
    // The fix: refresh the cache, then request.
    #expect(steps[4].interfaceOrientation == .landscapeRight)
    #expect(steps[4].error == nil)
  }

  /// docs/rules.md#ios16-rotation-uses-cache
  @Test func deviceRotationUsesTheCacheAndAsksNobody() throws {
    let modern = try run(
      Self.player.replacingOccurrences(of: "VERSION", with: "16.0")
        + #", "steps": ["launch", {"setFlag": "full", "to": true}, {"rotateDevice": "landscapeLeft"}]"#)
    #expect(!modern[2].calls.contains { $0.kind == .orientation })
    #expect(modern[2].interfaceOrientation == .portrait)  // the cache still says portrait
    let classic = try run(
      Self.player.replacingOccurrences(of: "VERSION", with: "15.0")
        + #", "steps": ["launch", {"setFlag": "full", "to": true}, {"rotateDevice": "landscapeLeft"}]"#)
    #expect(classic[2].interfaceOrientation == .landscapeRight)
  }

  /// docs/rules.md#ipad-multitasking
  @Test func multitaskingAsksNobodyAndFollowsTheDevice() throws {
    let steps = Simulator.run(try bundledScenario("ipad-multitasking.json"))
    #expect(try bundledScenario("ipad-multitasking.json").multitasking)
    #expect(
      steps.allSatisfy { step in !step.calls.contains { $0.selector == "supportedInterfaceOrientations" } })
    #expect(steps[1].interfaceOrientation == .landscapeRight)
    #expect(steps[2].interfaceOrientation == .portraitUpsideDown)
    #expect(
      steps[3].error?.message
        == "The current windowing mode does not allow for programmatic changes to interface orientation.")
    // Requiring full screen opts out: the portrait-only controller decides again.
    var fullScreen = try bundledScenario("ipad-multitasking.json")
    fullScreen.app.requiresFullScreen = true
    #expect(!fullScreen.multitasking)
    #expect(Simulator.run(fullScreen)[1].interfaceOrientation == .portrait)
  }

  @Test func theSeedPushOnIOS16NoLongerTurns() throws {
    let comparison = Comparison(
      scenario: try bundledScenario("seed000-push.json"),
      systems: [SystemVersion("15")!, SystemVersion("16")!])
    let push = comparison.steps[1]
    #expect(push.steps[0].interfaceOrientation == .landscapeLeft)
    #expect(push.steps[1].interfaceOrientation == .portrait)
    #expect(push.onlyIn[0].contains("-[NavVC shouldAutorotate]"))
    #expect(push.summary.text.hasPrefix("differs: interface landscapeLeft on iOS 15, portrait on iOS 16"))
    #expect(comparison.differingSteps.contains(2))
  }
}
