import CGtk
import RotationCore

/// A row of small editing buttons under a panel: icons, each with the accessible name a person
/// reads and a tooltip.
@MainActor
enum EditBar {
  static func row() -> Widget {
    let row = box(GTK_ORIENTATION_HORIZONTAL, spacing: 2)
    addStyleClass(row, "linked")
    gtk_widget_set_margin_top(row, 2)
    gtk_widget_set_margin_bottom(row, 2)
    return row
  }

  static func iconButton(_ accessibleName: String, tooltip: String, icon: String) -> Widget {
    button(accessibleName, tooltip: tooltip, icon: icon)
  }

  /// A menu button showing an icon.
  static func menuButton(_ accessibleName: String, tooltip: String, icon: String) -> Widget {
    let button = gtk_menu_button_new()!
    gtk_button_set_image(cast(raw(button)), gtk_image_new_from_icon_name(icon, GTK_ICON_SIZE_BUTTON))
    name(button, accessibleName, tooltip: tooltip)
    return button
  }
}
