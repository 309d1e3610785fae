// GTK 3 for Swift. Swift cannot import function-like macros or call variadic C functions; each
// one the app needs is wrapped below as one documented inline function.
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

/// The "gtk-application-prefer-dark-theme"-independent accessible object's name setter, null-safe.
static inline void rl_set_accessible_name(GtkWidget *widget, const char *name) {
  AtkObject *accessible = gtk_widget_get_accessible(widget);
  if (accessible != NULL) atk_object_set_name(accessible, name);
}

/// The accessible description setter, null-safe.
static inline void rl_set_accessible_description(GtkWidget *widget, const char *text) {
  AtkObject *accessible = gtk_widget_get_accessible(widget);
  if (accessible != NULL) atk_object_set_description(accessible, text);
}

/// G_CALLBACK for a function pointer held as `void *`.
static inline GCallback rl_callback(void *function) { return (GCallback)function; }

/// The event's keyval and state (GdkEventKey fields) for a key-press handler.
static inline guint rl_event_key_keyval(GdkEvent *event) { return ((GdkEventKey *)event)->keyval; }
static inline guint rl_event_key_state(GdkEvent *event) { return ((GdkEventKey *)event)->state; }

/// The event's position (GdkEventButton fields) for a button-press handler.
static inline double rl_event_button_x(GdkEvent *event) { return ((GdkEventButton *)event)->x; }
static inline double rl_event_button_y(GdkEvent *event) { return ((GdkEventButton *)event)->y; }
static inline guint rl_event_button_button(GdkEvent *event) { return ((GdkEventButton *)event)->button; }

#endif
