// GTK 3 for Swift. Swift cannot import function-like macros or call variadic C functions; each
// one the app needs is wrapped below as one documented inline function.
#ifndef ROTATION_LAB_CGTK_SHIM_H
#define ROTATION_LAB_CGTK_SHIM_H

#include <fontconfig/fontconfig.h>
#include <gtk/gtk.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

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

static gpointer rl_fontconfig_load(gpointer data) {
  (void)data;
  FcInit();
  return NULL;
}

/// Starts loading fontconfig's configuration and font caches on a worker thread. Launched before
/// GTK starts, the load overlaps GTK's own start-up; otherwise Pango waits for it when the window
/// first measures text, on the way to the first frame.
static inline void rl_preload_fonts(void) {
  g_thread_unref(g_thread_new("rl-fonts", rl_fontconfig_load, NULL));
}

/// A GtkApplicationWindow with no application yet (gtk_application_window_new requires one, and an
/// application takes windows only once it has started).
static inline GtkWidget *rl_application_window_new(void) {
  return GTK_WIDGET(g_object_new(GTK_TYPE_APPLICATION_WINDOW, NULL));
}

/// The value a GtkSettings property would start with, read without creating GtkSettings
/// (creating it loads the theme): the display's XSETTINGS value (through GDK) if it has one, else
/// the `[Settings]` entry of the user's or the system's `gtk-3.0/settings.ini`, else the
/// property's default. `value` must be initialised to the property's type; returns FALSE when GTK
/// has no such property.
static inline gboolean rl_gtk_setting(const char *name, GValue *value) {
  GObjectClass *class = g_type_class_ref(GTK_TYPE_SETTINGS);
  GParamSpec *spec = g_object_class_find_property(class, name);
  g_type_class_unref(class);
  if (spec == NULL || G_VALUE_TYPE(value) != spec->value_type) return FALSE;
  if (gdk_screen_get_setting(gdk_screen_get_default(), name, value)) return TRUE;
  const gchar *const *system = g_get_system_config_dirs();
  int count = 0;
  while (system[count] != NULL) count++;
  // The files in GTK's order of precedence, the strongest first.
  gchar *paths[count + 4];
  int n = 0;
  paths[n++] = g_build_filename(g_get_user_config_dir(), "gtk-3.0", "settings.ini", NULL);
  for (int i = 0; i < count; i++) paths[n++] = g_build_filename(system[i], "gtk-3.0", "settings.ini", NULL);
  paths[n++] = g_build_filename("/etc", "gtk-3.0", "settings.ini", NULL);
  paths[n++] = g_build_filename("/usr", "share", "gtk-3.0", "settings.ini", NULL);
  gboolean found = FALSE;
  for (int i = 0; i < n; i++) {
    if (!found) {  // the first file that sets it wins; every path is freed
      GKeyFile *file = g_key_file_new();
      if (g_key_file_load_from_file(file, paths[i], G_KEY_FILE_NONE, NULL) &&
          g_key_file_has_key(file, "Settings", name, NULL)) {
        GError *error = NULL;
        if (spec->value_type == G_TYPE_STRING) {
          gchar *text = g_key_file_get_string(file, "Settings", name, &error);
          if (error == NULL) g_value_take_string(value, text);
        } else if (spec->value_type == G_TYPE_INT) {
          int number = g_key_file_get_integer(file, "Settings", name, &error);
          if (error == NULL) g_value_set_int(value, number);
        }
        found = error == NULL;
        g_clear_error(&error);
      }
      g_key_file_free(file);
    }
    g_free(paths[i]);
  }
  if (!found) g_param_value_set_default(spec, value);
  return TRUE;
}

/// An integer GtkSettings property's starting value (see `rl_gtk_setting`), or `fallback`.
static inline int rl_gtk_setting_int(const char *name, int fallback) {
  GValue value = G_VALUE_INIT;
  g_value_init(&value, G_TYPE_INT);
  int result = rl_gtk_setting(name, &value) ? g_value_get_int(&value) : fallback;
  g_value_unset(&value);
  return result;
}

/// A string GtkSettings property's starting value (see `rl_gtk_setting`), newly allocated, or NULL.
static inline gchar *rl_gtk_setting_string(const char *name) {
  GValue value = G_VALUE_INIT;
  g_value_init(&value, G_TYPE_STRING);
  gchar *result = rl_gtk_setting(name, &value) ? g_value_dup_string(&value) : NULL;
  g_value_unset(&value);
  return result;
}

/// Adds `widget` to the GPtrArray `data` if it is a label, and does the same for its children.
static inline void rl_collect_labels_into(GtkWidget *widget, gpointer data) {
  GPtrArray *labels = data;
  if (GTK_IS_LABEL(widget)) g_ptr_array_add(labels, widget);
  if (GTK_IS_CONTAINER(widget)) gtk_container_forall(GTK_CONTAINER(widget), rl_collect_labels_into, labels);
}
/// The labels inside `root` (header bar titles included), at most `capacity` of them; returns how
/// many it found.
static inline int rl_collect_labels(GtkWidget *root, GtkWidget **out, int capacity) {
  GPtrArray *labels = g_ptr_array_new();
  rl_collect_labels_into(root, labels);
  int count = (int)MIN(labels->len, (guint)capacity);
  for (int i = 0; i < count; i++) out[i] = g_ptr_array_index(labels, i);
  g_ptr_array_free(labels, TRUE);
  return count;
}

/// Lowers the calling thread's priority to `nice` (Linux keeps a nice value per thread).
static inline void rl_set_thread_nice(int nice) {
  setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), nice);
}

static gpointer rl_name_owner_check(gpointer data) {
  char *name = data;
  int answer = 1;
  GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, NULL);
  if (bus != NULL) {
    GVariant *reply = g_dbus_connection_call_sync(
        bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner",
        g_variant_new("(s)", name), G_VARIANT_TYPE("(b)"), G_DBUS_CALL_FLAGS_NONE, 2000, NULL, NULL);
    if (reply != NULL) {
      gboolean owned = FALSE;
      g_variant_get(reply, "(b)", &owned);
      answer = owned ? 3 : 2;
      g_variant_unref(reply);
    }
    g_object_unref(bus);
  }
  g_free(name);
  return GINT_TO_POINTER(answer);
}

/// Starts asking the session bus, on a worker thread, whether a process owns `name` (a first
/// instance of the app). The connection it opens is the one GApplication registers on later.
static inline GThread *rl_name_owner_check_start(const char *name) {
  return g_thread_new("rl-bus", rl_name_owner_check, g_strdup(name));
}

/// Waits for the answer: 1 when `name` has an owner, 0 when not, -1 when the bus did not answer.
static inline int rl_name_owner_check_finish(GThread *thread) {
  return GPOINTER_TO_INT(g_thread_join(thread)) - 2;
}
#endif

