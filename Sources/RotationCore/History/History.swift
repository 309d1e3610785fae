/// Every step of a session, and which one is shown.
///
/// The GTK app keeps one: actions apply events after the shown step (discarding any later steps:
/// the app asks first), stepping back and forward only moves the shown index, and editing the
/// scenario replays the same events from launch and says where the outcome changed.
public struct History: Sendable {
  public private(set) var scenario: Scenario
  public private(set) var steps: [Step]
  /// The shown step, from 1.
  public private(set) var shown: Int
  /// The simulator that made the last step, kept so that applying the next event does not rebuild
  /// it.
  private var simulator: Simulator

  /// Runs the scenario's steps and shows the last.
  public init(scenario: Scenario) {
    self.scenario = scenario
    var simulator = Simulator(scenario: scenario)
    steps = (scenario.steps.isEmpty ? [.launch] : scenario.steps).map { simulator.apply($0) }
    self.simulator = simulator
    shown = steps.count
  }

  public var current: Step { steps[shown - 1] }
  /// The events of every step, launch first.
  public var events: [Action] { steps.map(\.event) }
  /// Steps after the shown one, which a new action would discard.
  public var laterSteps: Int { steps.count - shown }
  public var canStepBack: Bool { shown > 1 }
  public var canStepForward: Bool { shown < steps.count }
  /// Whether the app is still running at the shown step (no exception terminated it).
  public var isRunning: Bool { current.state.terminatedAt == nil && current.state.launched }

  /// Applies `event` after the shown step, discarding the steps after it, and shows the result.
  @discardableResult
  public mutating func apply(_ event: Action) -> Step {
    if shown < steps.count {
      steps.removeSubrange(shown...)
      simulator = Simulator(scenario: scenario, resumingAfter: current)
    }
    let step = simulator.apply(event)
    // Room for the next thousand steps, not for as many again as there are: a long session's
    // spare capacity stays under half a megabyte instead of growing with the session.
    if steps.count == steps.capacity { steps.reserveCapacity(steps.count + 1024) }
    steps.append(step)
    shown = steps.count
    return step
  }

  public mutating func show(_ index: Int) {
    shown = min(max(1, index), steps.count)
  }

  public mutating func stepBack() { show(shown - 1) }
  public mutating func stepForward() { show(shown + 1) }

  /// Replaces the scenario (after an edit) and replays every event from launch. Returns the first
  /// step whose outcome changed, or nil when none did.
  @discardableResult
  public mutating func replace(scenario newScenario: Scenario) -> Int? {
    let events = self.events
    let old = steps
    scenario = newScenario
    var replay = Simulator(scenario: newScenario)
    steps = events.map { replay.apply($0) }
    simulator = replay
    shown = min(shown, steps.count)
    for (a, b) in zip(old, steps) where JSONTrace.value(of: a) != JSONTrace.value(of: b) {
      return a.index
    }
    return nil
  }

  /// The scenario with the session's events as its steps: what Save writes.
  public var scenarioWithEvents: Scenario {
    var copy = scenario
    copy.steps = events
    return copy
  }
}
