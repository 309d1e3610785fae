import Foundation
import RotationCore
import Testing

/// `Diagnosis` names what keeps a scenario from turning as meant, from the run itself.
@Suite struct DiagnosisTests {
  func findings(_ name: String) throws -> [Finding] { Diagnosis.findings(try bundledScenario(name)) }

  /// Issue #28: the hint names the child where the class sits. A drawer whose centre is its second
  /// child (MMDrawerController's left drawer first, centre second) must forward to
  /// childViewControllers[1], not [0].
  @Test func theForwardingHintNamesTheChildWhereTheClassSits() throws {
    let found = Diagnosis.findings(
      try scenario(
        """
        "system": {"version": "12.0", "idiom": "phone", "homeButton": true},
        "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]},
        "classes": {"DrawerController": {"kind": "container"}, "MenuViewController": {"kind": "view"},
                    "FeedViewController": {"kind": "view", "supportedInterfaceOrientations": "portrait"}},
        "window": {"root": {"class": "DrawerController", "children": [{"class": "MenuViewController"},
                                                                      {"class": "FeedViewController"}]}},
        "steps": ["launch", {"rotateDevice": "landscapeLeft"}]
        """))
    let hint = try #require(found.first { $0.rule == "containers-ignore-children" })
    #expect(hint.message.contains("forward to childViewControllers[1]"), "\(hint.message)")
  }

  /// Seed 001: the plain navigation controller never asks its portrait page.
  @Test func anOverrideTheContainerDoesNotForwardIsPointedOut() throws {
    let found = try findings("seed001-navigation-without-forwarding.json")
    #expect(found.count == 1)
    #expect(found[0].rule == "containers-ignore-children")
    #expect(
      found[0].message.contains("CallListVC's supportedInterfaceOrientations is never the deciding answer"))
    #expect(found[0].message.contains("forward to topViewController"))
    // Once the container forwards, nothing is left to point out.
    #expect(try findings("container-drawer-forwards-to-center.json").isEmpty)
  }

  @Test func anExceptionComesWithTheChainOfAnswers() throws {
    let found = try findings("seed001-fix-without-preferred.json")
    let error = try #require(found.first)
    #expect(error.severity == .error)
    #expect(error.steps == [4])
    #expect(error.rule == "preferred-not-supported")
    #expect(
      error.chain.contains(
        "-[OrientationController preferredInterfaceOrientationForPresentation] -> landscapeRight"))
    #expect(
      error.chain.contains("  -[CallListVC preferredInterfaceOrientationForPresentation] -> landscapeRight"))
    // The message says the exception and its fix in words, the fix's rule cited.
    #expect(error.message.hasPrefix("UIApplicationInvalidInterfaceOrientation: preferredInterface"))
    #expect(error.message.contains(" Fix: return one of "))
    #expect(error.message.contains("(docs/rules.md#preferred-only-when-overridden)"))
  }

  /// Each exception's finding cites the rule that raised it, known from the exception itself:
  /// an unrecognized selector and a pushed navigation controller have rules of their own.
  @Test func anExceptionsFindingCitesTheRuleThatRaisedIt() throws {
    let old = try Diagnosis.findings(
      scenario(
        #"""
        "system": {"version": "15.0"}, "app": {"infoPlist": ["portrait"]},
        "classes": {"V": {"kind": "view", "viewDidAppear:": ["setNeedsUpdateOfSupportedInterfaceOrientations"]}},
        "window": {"root": {"class": "V"}}, "steps": ["launch"]
        """#))
    #expect(old.first?.rule == "unrecognized-selector")
    let push = try Diagnosis.findings(
      scenario(
        #"""
        "app": {"infoPlist": ["portrait"]}, "classes": {"Nav": {"kind": "navigation"}, "V": {"kind": "view"}},
        "window": {"root": {"class": "Nav", "stack": [{"class": "V"}]}}, "steps": ["launch", {"push": "Nav"}]
        """#))
    #expect(push.first?.rule == "push-navigation-controller")
    #expect(
      push.first?.message == "NSInvalidArgumentException: Pushing a navigation controller is not supported")
  }

  @Test func sheetsPopoversAndMultitaskingSayWhyTheyAreNotAsked() throws {
    #expect(try findings("popover-on-ipad-never-decides.json").map(\.rule) == ["presentation-styles"])
    #expect(try findings("ipad-multitasking.json").map(\.rule).contains("ipad-multitasking"))
  }

  @Test func iOS16PointsOutTheOldAPIsAndTheStaleCache() throws {
    let stale = try findings("ios16-request-fails-stale-cache.json")
    #expect(stale.map(\.rule) == ["set-needs-update", "ios16-rotation-uses-cache"])
    #expect(stale[0].message.hasPrefix("PlayerViewController's enterFullScreen sets isFullScreen"))
    #expect(stale[1].steps == [3, 4])
    let push = try findings("ios16-seed000-push.json").map(\.rule)
    #expect(push.contains("kvc-ignored"))
    #expect(push.contains("no-should-autorotate"))
    // The fixed player has nothing to point out.
    #expect(try findings("ios16-video-player.json").isEmpty)
  }

  @Test func masksThatCannotWorkAreNamed() throws {
    let found = Diagnosis.findings(
      try scenario(
        """
        "system": {"version": "13.0", "idiom": "phone", "homeButton": false},
        "classes": {"P": {"kind": "view", "supportedInterfaceOrientations": ["portrait", "portraitUpsideDown"],
                          "preferredInterfaceOrientationForPresentation": "landscapeLeft"}},
        "window": {"root": {"class": "P"}}
        """))
    #expect(found.map(\.rule).sorted() == ["device-mask", "preferred-not-supported"])
    #expect(found.first { $0.rule == "preferred-not-supported" }?.message.contains("UIKit raises") == true)
  }

  /// Every rule a finding cites over the bundled scenarios is in docs/rules.md.
  @Test func everyCitedRuleExists() throws {
    let document = try String(
      contentsOf: packageRoot.appendingPathComponent("docs/rules.md"), encoding: .utf8)
    var cited = Set<String>()
    for name in try bundledScenarioNames() {
      for finding in try findings(name) { cited.insert(finding.rule) }
    }
    #expect(cited.count >= 6)
    for anchor in cited { #expect(document.contains("<a id=\"\(anchor)\"></a>"), "\(anchor)") }
  }

  /// A sheet's controller is never asked because the sheet never decides, not because of its container;
  /// on iOS 16 a shouldAutorotate that UIKit does ask is not called useless.
  @Test func theReasonGivenIsTheRealOne() throws {
    let sheet = Diagnosis.findings(
      try scenario(
        """
        "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]},
        "classes": {"Home": {"kind": "view"}, "X": {"kind": "view", "supportedInterfaceOrientations": "landscape"}},
        "window": {"root": {"class": "Home"}},
        "steps": ["launch", {"present": "UINavigationController", "style": "pageSheet", "stack": [{"class": "X"}]},
                  {"rotateDevice": "landscapeLeft"}]
        """))
    #expect(sheet.map(\.rule) == ["presentation-styles"], "\(sheet)")
    let asked = Diagnosis.findings(
      try scenario(
        """
        "system": {"version": "16.0", "idiom": "phone", "homeButton": false}, "app": {"infoPlist": ["landscapeLeft", "landscapeRight"]},
        "classes": {"Root": {"kind": "view", "supportedInterfaceOrientations": "portrait", "shouldAutorotate": false}},
        "window": {"root": {"class": "Root"}}
        """))
    #expect(!asked.map(\.rule).contains("no-should-autorotate"), "\(asked)")
  }
}
