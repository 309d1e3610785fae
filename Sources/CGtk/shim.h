// GTK 3 for Swift. Swift cannot import function-like macros or call variadic C functions; each
// one the app needs is wrapped below as one documented inline function, and nothing else is.
#ifndef ROTATION_LAB_CGTK_SHIM_H
#define ROTATION_LAB_CGTK_SHIM_H

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

/// Adds a column showing the model's first column as Pango markup
/// (gtk_tree_view_insert_column_with_attributes is variadic).
static inline void rl_tree_view_add_markup_column(GtkTreeView *view, const char *title) {
  gtk_tree_view_insert_column_with_attributes(view, -1, title, gtk_cell_renderer_text_new(), "markup", 0, NULL);
}

/// A GtkApplicationWindow with no application yet (gtk_application_window_new requires one, and an
/// application takes windows only once it has started).
static inline GtkWidget *rl_application_window_new(void) {
  return GTK_WIDGET(g_object_new(GTK_TYPE_APPLICATION_WINDOW, NULL));
}

#endif

