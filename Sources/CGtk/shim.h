// GTK 3 for Swift. Swift cannot import function-like macros or call variadic C functions; each
// one the app needs is wrapped below as one documented inline function.
#ifndef ROTATION_LAB_CGTK_SHIM_H
#define ROTATION_LAB_CGTK_SHIM_H

#include <fontconfig/fontconfig.h>  // FcInit, for the launch worker
#include <gtk/gtk.h>

/// gtk_message_dialog_new without the printf-style variadic arguments: `text` is shown as is.
static inline GtkWidget *rl_message_dialog_new(GtkWindow *parent, GtkMessageType type, GtkButtonsType buttons,
                                               const char *text) {
  return gtk_message_dialog_new(parent, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT, type, buttons, "%s",
                                text);
}

/// gtk_message_dialog_format_secondary_text without the variadic arguments.
static inline void rl_message_dialog_set_secondary(GtkWidget *dialog, const char *text) {
  gtk_message_dialog_format_secondary_text(GTK_MESSAGE_DIALOG(dialog), "%s", text);
}

/// The desktop's "gtk-enable-animations" setting (g_object_get is variadic).
static inline gboolean rl_animations_enabled(void) {
  gboolean enabled = TRUE;
  GtkSettings *settings = gtk_settings_get_default();
  if (settings != NULL) g_object_get(settings, "gtk-enable-animations", &enabled, NULL);
  return enabled;
}

/// Sets the widget's accessible name (what AT-SPI and screen readers read), null-safe.
static inline void rl_set_accessible_name(GtkWidget *widget, const char *name) {
  AtkObject *accessible = gtk_widget_get_accessible(widget);
  if (accessible != NULL) atk_object_set_name(accessible, name);
}

/// G_CALLBACK for a function pointer held as `void *`.
static inline GCallback rl_callback(void *function) { return (GCallback)function; }

/// The event's position (GdkEventButton fields) for a button-press handler.
static inline double rl_event_button_x(GdkEvent *event) { return ((GdkEventButton *)event)->x; }
static inline double rl_event_button_y(GdkEvent *event) { return ((GdkEventButton *)event)->y; }

#endif

#ifndef ROTATION_LAB_CGTK_LIST_H
#define ROTATION_LAB_CGTK_LIST_H
/// A one-column list store of Pango markup strings (G_TYPE_STRING is a macro).
static inline GtkListStore *rl_text_list_store_new(void) { return gtk_list_store_new(1, G_TYPE_STRING); }

/// Appends a row whose text is `markup`.
static inline void rl_text_list_store_append(GtkListStore *store, const char *markup) {
  gtk_list_store_insert_with_values(store, NULL, -1, 0, markup, -1);
}

/// How many rows the store has.
static inline int rl_text_list_store_count(GtkListStore *store) {
  return gtk_tree_model_iter_n_children(GTK_TREE_MODEL(store), NULL);
}

/// Removes the rows from index `count` on.
static inline void rl_text_list_store_truncate(GtkListStore *store, int count) {
  GtkTreeIter iter;
  while (gtk_tree_model_iter_nth_child(GTK_TREE_MODEL(store), &iter, NULL, count)) {
    gtk_list_store_remove(store, &iter);
  }
}

/// A tree view showing the store's column as markup, with no header.
static inline GtkWidget *rl_text_tree_view_new(GtkListStore *store) {
  GtkWidget *view = gtk_tree_view_new_with_model(GTK_TREE_MODEL(store));
  GtkCellRenderer *renderer = gtk_cell_renderer_text_new();
  gtk_tree_view_insert_column_with_attributes(GTK_TREE_VIEW(view), -1, "Step", renderer, "markup", 0, NULL);
  gtk_tree_view_set_headers_visible(GTK_TREE_VIEW(view), FALSE);
  return view;
}

/// Selects row `index` and scrolls to it.
static inline void rl_tree_view_select_row(GtkWidget *view, int index) {
  GtkTreePath *path = gtk_tree_path_new_from_indices(index, -1);
  gtk_tree_selection_select_path(gtk_tree_view_get_selection(GTK_TREE_VIEW(view)), path);
  gtk_tree_view_scroll_to_cell(GTK_TREE_VIEW(view), path, NULL, FALSE, 0, 0);
  gtk_tree_path_free(path);
}

/// The selected row's index, or -1.
static inline int rl_tree_view_selected_row(GtkWidget *view) {
  GtkTreeModel *model = NULL;
  GtkTreeIter iter;
  if (!gtk_tree_selection_get_selected(gtk_tree_view_get_selection(GTK_TREE_VIEW(view)), &model, &iter)) return -1;
  GtkTreePath *path = gtk_tree_model_get_path(model, &iter);
  int index = gtk_tree_path_get_indices(path)[0];
  gtk_tree_path_free(path);
  return index;
}

/// A GtkApplicationWindow with no application yet (gtk_application_window_new requires one, and an
/// application takes windows only once it has started).
static inline GtkWidget *rl_application_window_new(void) {
  return GTK_WIDGET(g_object_new(GTK_TYPE_APPLICATION_WINDOW, NULL));
}

#endif

