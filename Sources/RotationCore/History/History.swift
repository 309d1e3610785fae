/// Every step of a session, and which one is shown.
///
/// The GTK app keeps one: actions apply events after the shown step (discarding any later steps:
/// the app asks first), stepping back and forward moves the shown index, and editing the scenario
/// replays the same events from launch and says where the outcome changed.
///
/// A session can run to tens of thousands of steps, and a step's full record (its calls, masks,
/// reason and state) is a kilobyte or more. So the history keeps, per step, only its event and
/// what the timeline shows (an `Entry`), plus the simulation state every `checkpointInterval`
/// steps. The shown step is kept whole; any other is rebuilt by replaying its events from the
/// checkpoint before it. The simulator is deterministic, so a rebuilt step is the step that was
/// made (the tests compare them byte for byte).
public struct History: Sendable {
  /// What the history keeps of every step.
  public struct Entry: Sendable, Equatable {
    public var event: Action
    public var interfaceOrientation: InterfaceOrientation
    public var status: StepStatus
    public var raisedException: Bool

    public init(_ step: Step) {
      event = step.event
      interfaceOrientation = step.interfaceOrientation
      status = step.status
      raisedException = step.exception != nil
    }
  }

  public private(set) var scenario: Scenario
  /// One entry per step, launch first.
  public private(set) var entries: [Entry] = []
  /// The shown step, from 1.
  public private(set) var shown: Int
  /// The shown step's full record.
  public private(set) var current: Step
  /// Steps between two kept states: rebuilding a step replays at most this many events.
  public let checkpointInterval: Int
  /// `checkpoints[k]` is the state after step `k × checkpointInterval` (the state before launch
  /// for k = 0).
  private var checkpoints: [SimulationState]
  /// The simulator that made the last step, kept so that applying the next event does not rebuild
  /// it.
  private var simulator: Simulator

  /// Runs the scenario's steps and shows the last.
  public init(scenario: Scenario, checkpointInterval: Int = 64) {
    precondition(checkpointInterval > 0, "a checkpoint interval counts steps")
    self.scenario = scenario
    self.checkpointInterval = checkpointInterval
    simulator = Simulator(scenario: scenario)
    checkpoints = [simulator.state]
    current = Action.launch.placeholder
    shown = 0
    for event in scenario.steps.isEmpty ? [.launch] : scenario.steps { append(event) }
  }

  /// How many steps the session has.
  public var count: Int { entries.count }
  /// The events of every step, launch first.
  public var events: [Action] { entries.map(\.event) }
  /// Steps after the shown one, which a new action would discard.
  public var laterSteps: Int { count - shown }
  public var canStepBack: Bool { shown > 1 }
  public var canStepForward: Bool { shown < count }
  /// Whether the app is still running at the shown step (no exception terminated it).
  public var isRunning: Bool { current.state.terminatedAt == nil && current.state.launched }

  /// The full record of step `index` (from 1), rebuilt from the checkpoint before it unless it is
  /// the shown step.
  public func step(_ index: Int) -> Step {
    precondition((1...count).contains(index), "step \(index) is not in a history of \(count)")
    if index == shown { return current }
    let kept = (index - 1) / checkpointInterval
    var replay = Simulator(
      scenario: scenario, resuming: checkpoints[kept], after: kept * checkpointInterval)
    var step = replay.apply(entries[kept * checkpointInterval].event)
    for position in (kept * checkpointInterval + 1)..<index { step = replay.apply(entries[position].event) }
    return step
  }

  /// Applies `event` after the shown step, discarding the steps after it, and shows the result.
  @discardableResult
  public mutating func apply(_ event: Action) -> Step {
    if shown < count {
      entries.removeSubrange(shown...)
      checkpoints.removeSubrange((shown / checkpointInterval + 1)...)
      simulator = Simulator(scenario: scenario, resuming: current.state, after: shown)
    }
    append(event)
    return current
  }

  private mutating func append(_ event: Action) {
    let step = simulator.apply(event)
    // The array's own geometric growth: a fixed step of room (as before) copied every entry again
    // each thousand steps, a session's cost growing with the square of its length.
    entries.append(Entry(step))
    if step.index % checkpointInterval == 0 { checkpoints.append(step.state) }
    current = step
    shown = step.index
  }

  public mutating func show(_ index: Int) {
    let target = min(max(1, index), count)
    guard target != shown else { return }
    current = step(target)
    shown = target
  }

  /// Replaces the scenario (after an edit) and replays every event from launch. Returns the first
  /// step whose outcome changed, or nil when none did.
  @discardableResult
  public mutating func replace(scenario newScenario: Scenario, events newEvents: [Action]? = nil) -> Int? {
    let oldEvents = self.events
    let events = newEvents ?? oldEvents
    let keepShown = shown
    // The old session, replayed alongside: its own events on the old scenario.
    var before = Simulator(scenario: scenario)
    var changed: Int?
    scenario = newScenario
    entries = []
    simulator = Simulator(scenario: newScenario)
    checkpoints = [simulator.state]
    for (index, event) in events.enumerated() {
      append(event)
      guard changed == nil else { continue }
      if !oldEvents.indices.contains(index)
        || JSONTrace.value(of: before.apply(oldEvents[index])) != JSONTrace.value(of: current)
      {
        changed = current.index
      }
    }
    if changed == nil && oldEvents.count > events.count { changed = events.count + 1 }
    show(keepShown)
    return changed
  }

  /// The scenario with the session's events as its steps: what Save writes. Expectations about
  /// steps the session no longer has are dropped, so the file still loads.
  public var scenarioWithEvents: Scenario { scenario.withSteps(events) }
}

extension Scenario {
  /// The scenario with `events` as its steps, and only the expectations about steps it has: what
  /// Save writes for a session.
  public func withSteps(_ events: [Action]) -> Scenario {
    var copy = self
    copy.steps = events
    copy.expectations.removeAll { $0.step > events.count }
    return copy
  }
}

extension Action {
  /// A step that stands in before the first is made.
  fileprivate var placeholder: Step {
    Step(
      index: 0, event: self, status: .notRun, calls: [], masks: nil, physicalOrientation: .portrait,
      deviceOrientation: .portrait, interfaceOrientation: .unknown, reason: Phrase(), notifications: [],
      console: [], exception: nil, error: nil, deprecations: [], limit: nil, state: SimulationState())
  }
}
