/// Undo and redo: the states before each edit (with the edit's name, for the menu's "Undo Add
/// Class"), and the states undone since. A new edit forgets what was undone, as editors do.
public struct UndoStack<State: Sendable>: Sendable {
  public struct Entry: Sendable {
    public var state: State
    public var label: String
  }

  public private(set) var undone: [Entry] = []
  public private(set) var done: [Entry] = []
  /// How many edits are kept; the oldest go first.
  public let limit: Int

  public init(limit: Int = 500) { self.limit = limit }

  /// Records the state before an edit named `label`.
  public mutating func record(_ before: State, label: String) {
    done.append(Entry(state: before, label: label))
    if done.count > limit { done.removeFirst(done.count - limit) }
    undone = []
  }

  /// The state before the last edit, given the present one (kept for redo); nil with nothing to undo.
  public mutating func undo(from current: State) -> State? {
    guard let last = done.popLast() else { return nil }
    undone.append(Entry(state: current, label: last.label))
    return last.state
  }

  /// The state the last undo left, given the present one (kept for undo); nil with nothing to redo.
  public mutating func redo(from current: State) -> State? {
    guard let last = undone.popLast() else { return nil }
    done.append(Entry(state: current, label: last.label))
    return last.state
  }

  /// What the next undo (redo) gives back, without taking it.
  public var nextUndo: State? { done.last?.state }
  public var nextRedo: State? { undone.last?.state }

  public var canUndo: Bool { !done.isEmpty }
  public var canRedo: Bool { !undone.isEmpty }
  public var undoLabel: String? { done.last?.label }
  public var redoLabel: String? { undone.last?.label }

  public mutating func clear() {
    done = []
    undone = []
  }
}
