import CGtk
import RotationCore
import RotationRender

/// The call order of the shown step: one selectable row per call, in the NSLog form with its
/// answer (calls to UIKit's own defaults in italics) and its note, then the step's notifications, console
/// lines, deprecations and scene error. Each row's accessible name is its plain text.
@MainActor
final class CallList {
  let widget: Widget

  init() {
    widget = named(gtk_list_box_new(), tr("Call Order"))
    gtk_list_box_set_selection_mode(cast(raw(widget)), GTK_SELECTION_NONE)
  }

  func show(_ step: Step) {
    removeChildren(cast(raw(widget)))
    for (index, call) in step.calls.enumerated() {
      let plain = TextTrace.line(for: call, number: index + 1).trimmingWhitespace()
      let color = CallPanel.color(for: call).hex
      let indent = String(repeating: "  ", count: call.depth)
      let runsDefault = !(call.overridden || call.kind == .api)
      var markup = "<tt><span foreground='\(Theme.faintText.hex)'>\(index + 1)</span> \(indent)"
      markup += "<span foreground='\(color)'>"
      markup += runsDefault ? "<i>\(escapeMarkup(call.signature))</i>" : escapeMarkup(call.signature)
      if let answer = call.answer { markup += " → <b>\(escapeMarkup(answer))</b>" }
      markup += "</span></tt>"
      // What the command line prints after the call (where the app's code is, what it guessed).
      if let note = call.note?.text, !note.isEmpty {
        markup += "  <small><span foreground='\(Theme.faintText.hex)'>\(escapeMarkup(note))</span></small>"
      }
      add(markup, plain: plain)
    }
    for notification in step.notifications {
      add(
        "<span foreground='\(Theme.notification.hex)'>✉ \(escapeMarkup(notification))</span>",
        plain: tr("notification: %s", notification))
    }
    for line in step.console {
      add("<tt>" + tr("console: %s", line.text(.markup)) + "</tt>", plain: tr("console: %s", line.text))
    }
    for note in step.deprecations {
      add(
        "<span foreground='\(Theme.warning.hex)'>" + tr("deprecated: %s", note.text(.markup)) + "</span>",
        plain: tr("deprecated: %s", note.text))
    }
    if let error = step.error {
      add(
        "<span foreground='\(Theme.warning.hex)'>" + escapeMarkup(error.line) + "</span>", plain: error.line)
    }
    if step.calls.isEmpty {
      let nothing = tr("UIKit called nothing in this step.")
      add("<i>" + escapeMarkup(nothing) + "</i>", plain: nothing)
    }
    gtk_widget_show_all(widget)
  }

  private func add(_ markup: String, plain: String) {
    let row = label(plain, wrap: true, selectable: true)
    setMarkup(row, markup)
    name(row, plain)
    gtk_widget_set_margin_start(row, 4)
    gtk_list_box_insert(cast(raw(widget)), row, -1)
  }
}

/// Destroys every child of `container`.
@MainActor
func removeChildren(_ container: UnsafeMutablePointer<GtkContainer>) {
  guard let children = gtk_container_get_children(container) else { return }
  var node: UnsafeMutablePointer<GList>? = children
  while let current = node {
    gtk_widget_destroy(cast(current.pointee.data))
    node = current.pointee.next
  }
  g_list_free(children)
}
