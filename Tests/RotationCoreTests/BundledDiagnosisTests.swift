import RotationCore
import Testing

/// Issue #28: `diagnose` on each bundled scenario that tells of a bug names the cause its source
/// names. The causes are read from each file's `_source` (its report, seed article or technote), as
/// the rules of docs/rules.md they cite; a finding must cite one of them. Scenarios that show what
/// works (a fix, UIKit's defaults, a technote's recipe) are not listed.
@Suite struct BundledDiagnosisTests {
  static let causes: [(scenario: String, rules: Set<String>)] = [
    ("alert-over-a-portrait-screen.json", ["alert-defers-to-presenter", "no-common-orientation"]),
    ("container-drawer-ignores-center.json", ["containers-ignore-children"]),
    (
      "ios16-request-fails-stale-cache.json",
      ["request-geometry-update", "ios16-rotation-uses-cache", "scene-cache"]
    ),
    ("ios16-seed000-present.json", ["no-should-autorotate", "kvc-ignored"]),
    ("ios16-seed000-push.json", ["no-should-autorotate", "kvc-ignored"]),
    ("ios16-snap-back.json", ["stale-cache-snap-back", "set-needs-update", "scene-cache"]),
    (
      "ios16-player-window-turns-the-tab-bar-window-too.json",
      ["no-should-autorotate", "window-own-orientation"]
    ),
    ("ios26-app-without-scenes.json", ["scene-lifecycle"]),
    ("ipad-multitasking.json", ["ipad-multitasking"]),
    (
      "ipados26-landscape-game-requires-full-screen.json",
      ["requires-full-screen-ignored", "orientation-lock-preference"]
    ),
    ("page-view-pages-are-not-asked.json", ["container-delegates", "containers-ignore-children"]),
    ("photo-picker-in-a-landscape-app.json", ["entering-child-checked"]),
    ("plugin-lock-to-landscape-ios16.json", ["kvc-ignored"]),
    ("popover-on-ipad-never-decides.json", ["presentation-styles"]),
    ("split-view-reader-stays-landscape.json", ["no-push-pop", "kvc-forcing"]),
    ("seed000-push.json", ["containers-ignore-children"]),
    ("seed000-tab-bar.json", ["containers-ignore-children"]),
    ("seed001-fix-without-preferred.json", ["preferred-not-supported"]),
    ("seed001-navigation-without-forwarding.json", ["containers-ignore-children"]),
    ("seed001-video-call-parent-returns-no.json", ["should-autorotate-gate"]),
    ("seed004-empty-intersection.json", ["no-common-orientation"]),
    ("seed004-landscape-after-pop.json", ["no-push-pop"]),
    ("seed004-orientation-lock.json", ["orientation-lock"]),
    ("video-player-tab-bar-of-navigation-controllers.json", ["containers-ignore-children"]),
    ("alert-over-full-screen-player-crashes.json", ["alert-defers-to-presenter", "no-common-orientation"]),
    ("capacitor-unlock-stays-landscape-ios15.json", ["changed-answers-wait"]),
    ("lock-variable-not-restored.json", ["app-state"]),
    (
      "flutter-landscape-request-fails-101.json",
      ["geometry-request-async", "ios16-rotation-uses-cache", "plugins"]
    ),
  ]

  @Test(arguments: causes.map(\.scenario))
  func diagnoseNamesTheCauseItsSourceNames(_ name: String) throws {
    let wanted = try #require(Self.causes.first { $0.scenario == name }?.rules)
    let findings = Diagnosis.findings(try bundledScenario(name))
    #expect(findings.contains { wanted.contains($0.rule) }, "\(findings.map(\.rule))")
  }
}
