import RotationCore
import Testing

/// The history keeps events and checkpoints and rebuilds steps on demand: stepping around,
/// acting after stepping back and editing must give exactly what a fresh run gives.
@Suite struct HistoryTests {
  /// The first step (from 1) where two runs differ, counting a missing step as a difference; nil
  /// when they are the same. Short to print when a test fails.
  static func firstDifference(_ a: [Step], _ b: [Step]) -> Int? {
    let (x, y) = (a.map { JSONTrace.value(of: $0) }, b.map { JSONTrace.value(of: $0) })
    if let index = (0..<min(x.count, y.count)).first(where: { x[$0] != y[$0] }) { return index + 1 }
    return x.count == y.count ? nil : min(x.count, y.count) + 1
  }

  @Test func steppingBackAndForwardShowsTheStepsThatWereMade() throws {
    var g = SeededGenerator(state: PropertyTests.seed ^ 1)
    for (scenario, steps) in PropertyTests.runs().prefix(30) {
      var history = History(scenario: scenario, checkpointInterval: 5)
      #expect(history.count == steps.count)
      for _ in 0..<40 {
        let target = Int.random(in: 1...steps.count, using: &g)
        if Bool.random(using: &g) {
          history.show(target)
        } else {
          while history.shown > target { history.show(history.shown - 1) }
          while history.shown < target { history.show(history.shown + 1) }
        }
        #expect(history.shown == target)
        #expect(JSONTrace.value(of: history.current) == JSONTrace.value(of: steps[target - 1]))
      }
    }
  }

  @Test func actingAfterSteppingBackReplacesTheLaterSteps() throws {
    var g = SeededGenerator(state: PropertyTests.seed ^ 2)
    for (scenario, _) in PropertyTests.runs().prefix(30) {
      var history = History(scenario: scenario, checkpointInterval: 4)
      for _ in 0..<6 {
        let back = Int.random(in: 1...history.count, using: &g)
        history.show(back)
        // Enough new steps to pass the checkpoints that the discarded steps had made.
        let added = Int.random(in: 1...13, using: &g)
        for _ in 0..<added { history.apply(PropertyTests.randomEvent(&g)) }
        #expect(history.count == back + added)
        #expect(history.laterSteps == 0)
        // What a fresh run of the same events makes.
        let fresh = Simulator.run(scenario.with(steps: history.events))
        #expect(Self.firstDifference((1...history.count).map(history.step), fresh) == nil)
        #expect(JSONTrace.value(of: history.current) == JSONTrace.value(of: fresh.last!))
      }
    }
  }

  @Test func anEditReportsTheFirstStepWhoseOutcomeChanged() throws {
    var g = SeededGenerator(state: PropertyTests.seed ^ 3)
    var changedSomewhere = 0
    for (scenario, steps) in PropertyTests.runs().prefix(60) {
      var edited = scenario
      edited.app.flags = edited.app.flags.map { Flag(name: $0.name, value: Bool.random(using: &g)) }
      edited.system.version = [SystemVersion("15.0")!, SystemVersion("16.0")!].randomElement(using: &g)!
      var history = History(scenario: scenario, checkpointInterval: 6)
      let shown = Int.random(in: 1...history.count, using: &g)
      history.show(shown)
      let changed = history.replace(scenario: edited)
      let after = Simulator.run(edited)
      #expect(changed == Self.firstDifference(steps, after))
      if changed != nil { changedSomewhere += 1 }
      #expect(history.shown == shown)
      #expect(Self.firstDifference((1...history.count).map(history.step), after) == nil)
    }
    // The edits are not all no-ops, or the test would check nothing.
    #expect(changedSomewhere > 10)
  }

  /// Replacing the scenario and its events (a fix that changes a presentation's style) says from
  /// which step the outcome changed.
  @Test func replacingTheEventsTooFindsWhereTheOutcomeChanged() throws {
    let scenario = try scenario(
      """
      "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]}, "device": {"orientation": "landscapeLeft"},
      "classes": {"Home": {"kind": "view", "supportedInterfaceOrientations": "portrait"},
                  "Player": {"kind": "view", "supportedInterfaceOrientations": "landscape"}},
      "window": {"root": {"class": "Home"}}, "steps": ["launch", {"present": "Player", "style": "pageSheet"}]
      """)
    var history = History(scenario: scenario)
    var fixed = scenario
    fixed.steps[1] = .present(Node(className: "Player"), style: .fullScreen)
    #expect(history.replace(scenario: fixed, events: fixed.steps) == 2)
    #expect(history.step(2).interfaceOrientation == .landscapeRight)
    #expect(history.events == fixed.steps)
  }
}
