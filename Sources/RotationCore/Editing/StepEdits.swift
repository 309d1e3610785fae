/// Changing a session's events (the steps Save writes): inserting, removing, moving and replacing
/// one. `launch` is the first step and only the first, as the file format requires. Indexes are
/// 0-based here; step N of the timeline is index N - 1.
public enum StepEdits {
  /// Inserts `event` at `index` (it becomes step `index + 1`).
  public static func insert(_ event: Action, at index: Int, into events: [Action]) throws(EditError)
    -> [Action]
  {
    if event == .launch { throw EditError(tr("\"launch\" is the first step and only the first.")) }
    guard index >= 1, index <= events.count else {
      throw EditError(tr("A step goes after launch and at most after the last step."))
    }
    var events = events
    events.insert(event, at: index)
    return events
  }

  public static func remove(at index: Int, from events: [Action]) throws(EditError) -> [Action] {
    guard events.indices.contains(index) else { throw EditError(tr("There is no step %s.", index + 1)) }
    if index == 0 { throw EditError(tr("Every scenario starts with launch: it cannot be removed.")) }
    var events = events
    events.remove(at: index)
    return events
  }

  /// Moves the event at `index` one place earlier (`offset` -1) or later (+1).
  public static func move(at index: Int, by offset: Int, in events: [Action]) throws(EditError) -> [Action] {
    guard events.indices.contains(index) else { throw EditError(tr("There is no step %s.", index + 1)) }
    let target = index + offset
    guard index >= 1, target >= 1, target < events.count else {
      throw EditError(
        index == 0 || target == 0
          ? tr("launch stays the first step.")
          : offset < 0 ? tr("It is already the first.") : tr("It is already the last."))
    }
    var events = events
    events.swapAt(index, target)
    return events
  }

  /// Moves the event at `index` to `target` (what a drag in the timeline does).
  public static func move(from index: Int, to target: Int, in events: [Action]) throws(EditError) -> [Action]
  {
    guard events.indices.contains(index), events.indices.contains(target) else {
      throw EditError(tr("There is no step %s.", max(index, target) + 1))
    }
    guard index >= 1, target >= 1 else { throw EditError(tr("launch stays the first step.")) }
    var events = events
    events.insert(events.remove(at: index), at: target)
    return events
  }

  public static func replace(at index: Int, with event: Action, in events: [Action]) throws(EditError)
    -> [Action]
  {
    guard events.indices.contains(index) else { throw EditError(tr("There is no step %s.", index + 1)) }
    if (index == 0) != (event == .launch) {
      throw EditError(tr("\"launch\" is the first step and only the first."))
    }
    var events = events
    events[index] = event
    return events
  }
}
