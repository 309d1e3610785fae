import CGtk
import RotationCore
import RotationRender

/// The timeline: one row per step (its event and the interface orientation it ended in,
/// exceptions in red); selecting a row shows that step.
///
/// The rows are a list store. `rows` counts those that show the history's steps as they are
/// now: every change that rewrites steps lowers it (`changed(from:)`), and `show(_:)` rewrites the
/// rows after it and appends the new steps, so a step costs one row, not a pass over the session.
@MainActor
final class TimelineView {
  let store: UnsafeMutablePointer<GtkListStore> = rl_text_list_store_new()
  let widget: Widget
  private var rows = 0
  private var updating = false

  /// `select` gets the 1-based step a person selected.
  init(select: @escaping @MainActor (Int) -> Void) {
    widget = named(rl_text_tree_view_new(store), "Timeline")
    onSignal(raw(gtk_tree_view_get_selection(cast(raw(widget)))), "changed") { [unowned self] in
      guard !self.updating else { return }
      let index = Int(rl_tree_view_selected_row(self.widget))
      if index >= 0 { select(index + 1) }
    }
  }

  /// Marks the rows from step `index` on as out of date.
  func changed(from index: Int) { rows = min(rows, max(0, index - 1)) }

  /// Brings the rows to the history and selects the shown step.
  func show(_ history: History) {
    updating = true
    defer { updating = false }
    if rows < Int(rl_text_list_store_count(store)) {
      rl_text_list_store_truncate(store, Int32(rows))
    }
    for index in rows..<history.count {
      let entry = history.entries[index]
      let text = Self.text(entry, index: index + 1)
      rl_text_list_store_append(
        store,
        entry.raisedException
          ? "<span foreground='\(Theme.refused.hex)'>\(escapeMarkup(text))</span>" : escapeMarkup(text))
    }
    rows = history.count
    rl_tree_view_select_row(widget, Int32(history.shown - 1))
  }

  static func text(_ entry: History.Entry, index: Int) -> String {
    var text = "\(index). \(entry.event.label) → \(entry.interfaceOrientation.name)"
    if entry.raisedException { text += "  ✖ exception" }
    if entry.status == .notRun { text += "  (not run)" }
    return text
  }
}
