// GTK 3 for Swift. Swift cannot import function-like macros or call variadic C functions; each
// one the app needs is wrapped below as one documented inline function, and nothing else is.
#ifndef ROTATION_LAB_CGTK_SHIM_H
#define ROTATION_LAB_CGTK_SHIM_H

#include <gtk/gtk.h>
#include <glib-unix.h>
#include <fontconfig/fontconfig.h>

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

/// The desktop's "gtk-application-prefer-dark-theme" setting (g_object_get is variadic).
static inline gboolean rl_prefers_dark_theme(void) {
  gboolean dark = FALSE;
  GtkSettings *settings = gtk_settings_get_default();
  if (settings != NULL) g_object_get(settings, "gtk-application-prefer-dark-theme", &dark, NULL);
  return dark;
}

/// The desktop's "gtk-theme-name" setting, to be freed with g_free (g_object_get is variadic).
static inline char *rl_theme_name(void) {
  char *name = NULL;
  GtkSettings *settings = gtk_settings_get_default();
  if (settings != NULL) g_object_get(settings, "gtk-theme-name", &name, NULL);
  return name;
}

/// G_CALLBACK for a function pointer held as `void *`.
static inline GCallback rl_callback(void *function) { return (GCallback)function; }

/// A list store of one string column (gtk_list_store_new is variadic, G_TYPE_STRING a macro).
static inline GtkListStore *rl_string_list_store_new(void) { return gtk_list_store_new(1, G_TYPE_STRING); }

/// Appends a row whose first column is `text` (gtk_list_store_insert_with_values is variadic).
static inline void rl_string_list_store_append(GtkListStore *store, const char *text) {
  gtk_list_store_insert_with_values(store, NULL, -1, 0, text, -1);
}

/// Adds a column showing the model's first column as Pango markup, ellipsized at the end when the
/// column is narrower (gtk_tree_view_insert_column_with_attributes and g_object_set are variadic).
static inline void rl_tree_view_add_markup_column(GtkTreeView *view, const char *title) {
  GtkCellRenderer *renderer = gtk_cell_renderer_text_new();
  g_object_set(renderer, "ellipsize", PANGO_ELLIPSIZE_END, NULL);
  gint index = gtk_tree_view_insert_column_with_attributes(view, -1, title, renderer, "markup", 0, NULL);
  // A fixed, expanding column: the view asks no more width than the column's minimum, and the
  // column fills what it is given, so its text ellipsizes instead of widening the view.
  GtkTreeViewColumn *column = gtk_tree_view_get_column(view, index - 1);
  gtk_tree_view_column_set_sizing(column, GTK_TREE_VIEW_COLUMN_FIXED);
  gtk_tree_view_column_set_fixed_width(column, 60);
  gtk_tree_view_column_set_expand(column, TRUE);
}

/// Ellipsizes the text of a combo box's cells at the end, so that the box can be narrower than
/// its longest item (g_object_set is variadic); the open list still shows each item whole.
static inline void rl_combo_box_ellipsize(GtkWidget *combo) {
  GList *cells = gtk_cell_layout_get_cells(GTK_CELL_LAYOUT(combo));
  for (GList *cell = cells; cell != NULL; cell = cell->next) {
    if (GTK_IS_CELL_RENDERER_TEXT(cell->data)) g_object_set(cell->data, "ellipsize", PANGO_ELLIPSIZE_END, NULL);
  }
  g_list_free(cells);
}

/// A GtkApplicationWindow with no application yet (gtk_application_window_new requires one, and an
/// application takes windows only once it has started).
static inline GtkWidget *rl_application_window_new(void) {
  return GTK_WIDGET(g_object_new(GTK_TYPE_APPLICATION_WINDOW, NULL));
}

#endif

