import CGtk
import RotationCore
import RotationImport
import RotationRender

/// The import's report beside the window: what was read from the project, with `file:line`, and
/// what was assumed instead, so the person knows how far to trust the imported scenario. Save As
/// is the application's action (`app.save-as`).
@MainActor
final class ImportReportWindow {
  let window: Widget
  let content: Widget

  init(over parent: Widget) {
    window = toolWindow(tr("Import Report"), over: parent, width: 860, height: 560)
    content = box(GTK_ORIENTATION_VERTICAL, spacing: 6)
    gtk_container_set_border_width(cast(raw(content)), 12)
    let column = box(GTK_ORIENTATION_VERTICAL, spacing: 0)
    let controls = box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
    gtk_container_set_border_width(cast(raw(controls)), 8)
    let save = button(tr("Save Scenario As…"), tooltip: tr("Save the imported scenario to a file"))
    let close = button(tr("Close"), tooltip: tr("Close the report (the imported scenario stays open)"))
    pack(controls, save)
    pack(controls, close)
    pack(column, controls)
    let scroller = gtk_scrolled_window_new(nil, nil)!
    gtk_container_add(cast(raw(scroller)), content)
    pack(column, scroller, expand: true)
    gtk_container_add(cast(raw(window)), column)
    gtk_actionable_set_action_name(OpaquePointer(save), "app.save-as")
    onSignal(raw(close), "clicked", owner: self) { [unowned self] in gtk_widget_hide(self.window) }
    self.focus = save
  }

  /// The button that takes the focus, so that no selectable line starts selected.
  private var focus: Widget?

  func present(_ report: ImportReport, from path: String, title: String) {
    removeChildren(cast(raw(content)))
    pack(content, named(boldHeading(title, wrap: true), tr("Imported Project")))
    let note = label(
      tr(
        "Imported from %s. The scenario is not saved yet: Save As keeps it. Each class shows in the inspector where its code is.",
        path), wrap: true, selectable: true)
    addStyleClass(note, "dim-label")
    pack(content, note)
    section(tr("Read (%s)", report.facts.count))
    for fact in report.facts { line(fact.description, name: tr("Read Line")) }
    section(tr("Assumed (%s)", report.assumptions.count))
    if report.assumptions.isEmpty { line(tr("Nothing: every part was read."), name: tr("Assumed Line")) }
    for assumption in report.assumptions { line(assumption.description, name: tr("Assumed Line")) }
    gtk_widget_show_all(window)
    if let focus { gtk_widget_grab_focus(focus) }
    gtk_window_present(cast(raw(window)))
  }

  private func section(_ title: String) {
    pack(content, boldHeading(title, marginTop: 8))
  }

  private func line(_ text: String, name accessible: String) {
    let item = label(text, wrap: true, selectable: true)
    name(item, accessible)
    pack(content, item)
  }
}
