import CGtk
import RotationCore

/// The bar above the columns for load and export errors: the message stays until closed or
/// until the next file loads. Made with the first error (its template costs a launch ~0.7 ms).
@MainActor
final class ErrorBar {
  let bar: Widget
  let message: Widget

  /// Makes the bar and puts it first in `container`.
  init(in container: Widget) {
    bar = gtk_info_bar_new()!
    gtk_info_bar_set_message_type(cast(raw(bar)), GTK_MESSAGE_ERROR)
    gtk_info_bar_set_show_close_button(cast(raw(bar)), 1)
    message = named(label("", wrap: true, selectable: true), tr("Error Message"))
    gtk_container_add(cast(raw(gtk_info_bar_get_content_area(cast(raw(bar))))), message)
    pack(container, bar)
    gtk_box_reorder_child(cast(raw(container)), bar, 0)
    gtk_widget_set_no_show_all(bar, 1)
    let bar = bar
    onResponse(raw(bar), owner: self) { _ in gtk_widget_hide(bar) }
  }

  func show(_ text: String) {
    setLabel(message, text)
    gtk_widget_set_no_show_all(bar, 0)
    gtk_widget_show_all(bar)
  }

  func hide() { gtk_widget_hide(bar) }
}
