// MARK: - Design note
//
// The document the window shows, apart from the window (as GNOME Text Editor keeps its
// `EditorSession` apart from its window): the scenario and its history of steps, the file it came
// from, whether it has unsaved changes, and Undo and Redo. Every change a person makes goes
// through one of its mutating methods, which say what happened as a value; the window only shows
// the result. Nothing here knows GTK.
//
//   open / import / New Scenario ─▶ Session(history:filePath:)
//   an action (rotate, push…)    ─▶ act(_:)        the later steps discarded, recorded for Undo
//   an edit (inspector, tree…)   ─▶ change(_:_:)   refused with its reason, or replayed
//   Undo / Redo                  ─▶ undo() redo()
//   Save                         ─▶ saved(to:)     what Save writes: scenarioToSave

/// A session as Undo keeps it: the scenario, the events replayed on it, and the step shown.
public struct SessionState: Sendable, Equatable {
  public var scenario: Scenario
  public var events: [Action]
  public var shown: Int

  public init(scenario: Scenario, events: [Action], shown: Int) {
    self.scenario = scenario
    self.events = events
    self.shown = shown
  }

  /// The same file's content: what Save would write (the step shown does not count).
  public func sameContent(as other: SessionState?) -> Bool {
    other.map { scenario == $0.scenario && events == $0.events } ?? false
  }
}

/// What Undo or Redo puts back, stored against the session it will be put back into (Undo and Redo
/// run in stack order, so that session is known): the scenario (shared, not copied, while
/// unchanged), the events as that session's first `keep` ones followed by `then`, and the step
/// shown. Undoing one action of a session of 10,000 steps stores one event, not 10,000.
public struct SessionChange: Sendable {
  public var scenario: Scenario
  public var keep: Int
  public var then: [Action]
  public var shown: Int

  public init(scenario: Scenario, keep: Int, then: [Action], shown: Int) {
    self.scenario = scenario
    self.keep = keep
    self.then = then
    self.shown = shown
  }

  /// The change that turns a session with `events` into `target`.
  public init(to target: SessionState, from events: [Action]) {
    var keep = 0
    let limit = min(events.count, target.events.count)
    while keep < limit && events[keep] == target.events[keep] { keep += 1 }
    self.init(scenario: target.scenario, keep: keep, then: Array(target.events[keep...]), shown: target.shown)
  }

  public func state(from events: [Action]) -> SessionState {
    SessionState(scenario: scenario, events: Array(events.prefix(keep)) + then, shown: shown)
  }
}

/// The scenario being looked at and changed: its history, its file, its unsaved changes, its Undo.
public struct Session: Sendable {
  public private(set) var history: History
  /// The file it was opened from or last saved to; nil for a scenario not saved yet.
  public private(set) var filePath: String?
  public private(set) var undoStack = UndoStack<SessionChange>()
  /// Whether Save would write something the file does not hold.
  public private(set) var dirty: Bool
  /// The session as last opened or saved: undoing back to it leaves nothing unsaved.
  private var saved: SessionState?

  /// A session of `history`, from the file at `filePath`, or (nil) one not saved yet, such as an
  /// imported or new scenario, which counts as unsaved.
  public init(history: History, filePath: String?) {
    self.history = history
    self.filePath = filePath
    dirty = filePath == nil
    saved = nil
    if filePath != nil { saved = state }
  }

  public var state: SessionState {
    SessionState(scenario: history.scenario, events: history.events, shown: history.shown)
  }

  /// What Save writes: the scenario with the session's events as its steps.
  public var scenarioToSave: Scenario { history.scenarioWithEvents }

  /// What a change did, for the window to say.
  public enum Outcome: Equatable, Sendable {
    /// Refused, with the reason: the session is as it was.
    case refused(String)
    /// The edit changed nothing.
    case unchanged
    /// Replayed; the first step whose outcome changed (nil: none did).
    case changed(firstChangedStep: Int?)
  }

  // MARK: - Changes

  /// Makes the edit named `label` (Undo's tooltip says it) on copies of the scenario and the
  /// events: refused when it throws or when what Save would write would not load again, else
  /// recorded for Undo and replayed. `show` picks the step shown after it, from the one before.
  @discardableResult
  public mutating func change(
    _ label: String, show: ((Int) -> Int)? = nil,
    _ edit: (inout Scenario, inout [Action]) throws(EditError) -> Void
  ) -> Outcome {
    let before = state
    var scenario = before.scenario
    var events = before.events
    do {
      try edit(&scenario, &events)
      try scenario.withSteps(events).checkedLoads()
    } catch {
      return .refused(error.message)
    }
    guard scenario != before.scenario || events != before.events else { return .unchanged }
    undoStack.record(SessionChange(to: before, from: events), label: label)
    let shown = show?(before.shown) ?? before.shown
    return .changed(firstChangedStep: restore(SessionState(scenario: scenario, events: events, shown: shown)))
  }

  /// Applies `event` after the step shown: the steps after it are discarded (Undo puts them back).
  public mutating func act(_ event: Action) {
    let shown = history.shown
    // Undo stores the discarded events only: no copy of the history is held here, or the append
    // below would copy every step.
    undoStack.record(
      SessionChange(
        scenario: history.scenario, keep: shown, then: history.entries[shown...].map(\.event), shown: shown),
      label: event.label)
    history.apply(event)
    dirty = true
  }

  /// Shows step `index` (kept within the steps there are).
  public mutating func show(step index: Int) { history.show(index) }

  /// Undoes the last change; its label and the first step whose outcome changed, or nil when
  /// there is nothing to undo.
  public mutating func undo() -> (label: String, firstChangedStep: Int?)? { travel(back: true) }

  /// Redoes the last undone change, as `undo` says.
  public mutating func redo() -> (label: String, firstChangedStep: Int?)? { travel(back: false) }

  /// Undo (`back`) or Redo: the session the stack gives back is put in place, and the present one
  /// kept for the way back.
  private mutating func travel(back: Bool) -> (label: String, firstChangedStep: Int?)? {
    guard let label = back ? undoStack.undoLabel : undoStack.redoLabel,
      let entry = back ? undoStack.nextUndo : undoStack.nextRedo
    else { return nil }
    let current = state
    let target = entry.state(from: current.events)
    let kept = SessionChange(to: current, from: target.events)
    _ = back ? undoStack.undo(from: kept) : undoStack.redo(from: kept)
    return (label, restore(target))
  }

  /// The session was written to `path` (Save, Save As): nothing is unsaved now.
  public mutating func saved(to path: String) {
    filePath = path
    saved = state
    dirty = false
  }

  /// Puts `target` in place and replays it; the first step whose outcome changed.
  private mutating func restore(_ target: SessionState) -> Int? {
    let changed = history.replace(scenario: target.scenario, events: target.events)
    history.show(max(1, min(target.shown, history.count)))
    dirty = !target.sameContent(as: saved)
    return changed
  }
}
