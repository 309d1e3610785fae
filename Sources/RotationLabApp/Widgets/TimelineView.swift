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
  let store: UnsafeMutablePointer<GtkListStore> = rl_string_list_store_new()
  let widget: Widget
  private var rows = 0
  private var updating = false

  /// Where a dragged row was put back into the list, and where it was taken out (GTK inserts the
  /// copy first, then deletes the original).
  private var dragInserted: Int?

  /// `select` gets the 1-based step a person selected; `move` a step dragged to another place
  /// (0-based, from and to).
  init(select: @escaping @MainActor (Int) -> Void, move: @escaping @MainActor (Int, Int) -> Void) {
    widget = named(gtk_tree_view_new_with_model(OpaquePointer(store)), tr("Timeline"))
    rl_tree_view_add_markup_column(view, tr("Step"))
    // A step cut by the column's width reads whole in its tooltip.
    gtk_tree_view_set_tooltip_column(cast(raw(view)), 0)
    gtk_tree_view_set_headers_visible(view, 0)
    onSignal(raw(gtk_tree_view_get_selection(view)), "changed", owner: self) { [unowned self] in
      guard !self.updating, let index = self.selectedRow else { return }
      select(index + 1)
    }
    // Rows are dragged to reorder the steps, as GTK's reorderable tree views do; the list is
    // rebuilt from the session afterwards, whether the move was taken or refused.
    gtk_tree_view_set_reorderable(view, 1)
    onRowChange(raw(store), inserted: true, owner: self) { [unowned self] index in
      guard !self.updating, index >= 0 else { return }
      self.dragInserted = index
    }
    onRowChange(raw(store), inserted: false, owner: self) { [unowned self] deleted in
      guard !self.updating, deleted >= 0, let inserted = self.dragInserted else { return }
      self.dragInserted = nil
      let (from, to) = deleted > inserted ? (deleted - 1, inserted) : (deleted, inserted - 1)
      self.rows = 0
      idle {
        move(from, to)
        return false
      }
    }
  }

  /// Marks the rows from step `index` on as out of date.
  func changed(from index: Int) { rows = min(rows, max(0, index - 1)) }

  /// Brings the rows to the history and selects the shown step.
  func show(_ history: History) {
    updating = true
    defer { updating = false }
    // Rows from the first out-of-date one on are removed, then the steps after it appended.
    var iter = GtkTreeIter()
    while gtk_tree_model_iter_nth_child(model, &iter, nil, Int32(rows)) != 0 {
      gtk_list_store_remove(store, &iter)
    }
    for index in rows..<history.count {
      let entry = history.entries[index]
      let text = Self.text(entry, index: index + 1)
      rl_string_list_store_append(
        store,
        entry.raisedException
          ? "<span foreground='\(Theme.refused.hex)'>\(escapeMarkup(text))</span>" : escapeMarkup(text))
    }
    rows = history.count
    select(row: history.shown - 1)
  }

  private var view: UnsafeMutablePointer<GtkTreeView> { cast(raw(widget)) }
  private var model: OpaquePointer { OpaquePointer(store) }

  /// Selects row `index` and scrolls to it.
  private func select(row index: Int) {
    var indices = [Int32(index)]
    let path = gtk_tree_path_new_from_indicesv(&indices, 1)
    gtk_tree_selection_select_path(gtk_tree_view_get_selection(view), path)
    gtk_tree_view_scroll_to_cell(view, path, nil, 0, 0, 0)
    gtk_tree_path_free(path)
  }

  /// The selected row's index, if one is selected.
  private var selectedRow: Int? {
    var iter = GtkTreeIter()
    var selectedModel: OpaquePointer?
    guard gtk_tree_selection_get_selected(gtk_tree_view_get_selection(view), &selectedModel, &iter) != 0,
      let path = gtk_tree_model_get_path(selectedModel, &iter)
    else { return nil }
    defer { gtk_tree_path_free(path) }
    return Int(gtk_tree_path_get_indices(path)[0])
  }

  static func text(_ entry: History.Entry, index: Int) -> String {
    var text = "\(index). \(entry.event.label) → \(entry.interfaceOrientation.name)"
    if entry.raisedException { text += tr("  ✖ exception") }
    if entry.status == .notRun { text += tr("  (not run)") }
    return text
  }
}
