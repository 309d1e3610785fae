import CGtk

/// A GTK or GLib type whose instances `cast` checks, as GTK_WINDOW(w) checks in C: the type's
/// GType, from its `*_get_type()` function (GTK's type macros do not import into Swift).
protocol GObjectType {
  static var gType: GType { get }
}

extension GtkWidget: GObjectType { static var gType: GType { gtk_widget_get_type() } }
extension GtkContainer: GObjectType { static var gType: GType { gtk_container_get_type() } }
extension GtkBin: GObjectType { static var gType: GType { gtk_bin_get_type() } }
extension GtkBox: GObjectType { static var gType: GType { gtk_box_get_type() } }
extension GtkGrid: GObjectType { static var gType: GType { gtk_grid_get_type() } }
extension GtkPaned: GObjectType { static var gType: GType { gtk_paned_get_type() } }
extension GtkWindow: GObjectType { static var gType: GType { gtk_window_get_type() } }
extension GtkDialog: GObjectType { static var gType: GType { gtk_dialog_get_type() } }
extension GtkMessageDialog: GObjectType { static var gType: GType { gtk_message_dialog_get_type() } }
extension GtkAboutDialog: GObjectType { static var gType: GType { gtk_about_dialog_get_type() } }
extension GtkLabel: GObjectType { static var gType: GType { gtk_label_get_type() } }
extension GtkButton: GObjectType { static var gType: GType { gtk_button_get_type() } }
extension GtkToggleButton: GObjectType { static var gType: GType { gtk_toggle_button_get_type() } }
extension GtkMenuButton: GObjectType { static var gType: GType { gtk_menu_button_get_type() } }
extension GtkMenuItem: GObjectType { static var gType: GType { gtk_menu_item_get_type() } }
extension GtkMenuShell: GObjectType { static var gType: GType { gtk_menu_shell_get_type() } }
extension GtkComboBox: GObjectType { static var gType: GType { gtk_combo_box_get_type() } }
extension GtkComboBoxText: GObjectType { static var gType: GType { gtk_combo_box_text_get_type() } }
extension GtkEntry: GObjectType { static var gType: GType { gtk_entry_get_type() } }
extension GtkScrolledWindow: GObjectType { static var gType: GType { gtk_scrolled_window_get_type() } }
extension GtkTreeView: GObjectType { static var gType: GType { gtk_tree_view_get_type() } }
extension GtkListBox: GObjectType { static var gType: GType { gtk_list_box_get_type() } }
extension GtkListStore: GObjectType { static var gType: GType { gtk_list_store_get_type() } }
extension GtkFlowBox: GObjectType { static var gType: GType { gtk_flow_box_get_type() } }
extension GtkHeaderBar: GObjectType { static var gType: GType { gtk_header_bar_get_type() } }
extension GtkInfoBar: GObjectType { static var gType: GType { gtk_info_bar_get_type() } }
extension GtkActionBar: GObjectType { static var gType: GType { gtk_action_bar_get_type() } }
extension GtkApplication: GObjectType { static var gType: GType { gtk_application_get_type() } }
extension GtkNativeDialog: GObjectType { static var gType: GType { gtk_native_dialog_get_type() } }
extension GtkCheckButton: GObjectType { static var gType: GType { gtk_check_button_get_type() } }
extension GtkSeparator: GObjectType { static var gType: GType { gtk_separator_get_type() } }
extension GSettings: GObjectType { static var gType: GType { g_settings_get_type() } }
extension GApplication: GObjectType { static var gType: GType { g_application_get_type() } }
