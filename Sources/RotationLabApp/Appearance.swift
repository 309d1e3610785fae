import CGtk
import FoundationEssentials
import RotationRender

/// The light or dark variant of the palette, as the desktop asks: `GTK_THEME=NAME:dark`, the
/// `gtk-application-prefer-dark-theme` setting, or a dark theme (GNOME on X11 switches to
/// `Adwaita-dark` through XSETTINGS). It is read once GTK is initialised and again whenever the
/// settings change, so the window follows the desktop live. Every signal and main-loop callback
/// runs with it (`SignalHandlerBox`, `SourceBox`), so the Cairo panels and the lists' markup draw with
/// the same colours.
@MainActor
enum Appearance {
  static var palette: Palette = .light

  /// The variant the desktop asks for now: what the theme GTK actually loaded draws text views
  /// on (its `theme_base_color`), so that the panels match the lists around them even when a
  /// theme named `…-dark` is not installed and GTK falls back to a light one. Only a theme that
  /// names no such colour is judged by the settings' and the theme's names.
  static func asked() -> Palette {
    if let screen = gdk_screen_get_default(), let context = gtk_style_context_new() {
      defer { g_object_unref(raw(context)) }
      gtk_style_context_set_screen(context, screen)
      var base = GdkRGBA()
      if gtk_style_context_lookup_color(context, "theme_base_color", &base) != 0 {
        return 0.2126 * base.red + 0.7152 * base.green + 0.0722 * base.blue < 0.5 ? .dark : .light
      }
    }
    if let theme = ProcessInfo.processInfo.environment["GTK_THEME"], !theme.isEmpty {
      // GTK_THEME overrides the settings: NAME or NAME:VARIANT.
      return theme.hasSuffix(":dark") || theme.lowercased().hasSuffix("-dark") ? .dark : .light
    }
    if rl_prefers_dark_theme() != 0 { return .dark }
    if let name = rl_theme_name() {
      defer { g_free(name) }
      if String(cString: name).lowercased().hasSuffix("-dark") { return .dark }
    }
    return .light
  }

  /// Reads the variant, and calls `changed` whenever the desktop's choice changes it.
  static func follow(_ changed: @escaping @MainActor () -> Void) {
    palette = asked()
    guard let settings = gtk_settings_get_default() else { return }
    for property in ["gtk-application-prefer-dark-theme", "gtk-theme-name"] {
      // GTK's settings live as long as the process; the handler calls what `changed` calls.
      onNotify(raw(settings), property: property, owner: nil) {
        let now = asked()
        if now != palette {
          palette = now
          // This callback began under the old palette (SignalHandlerBox); what it rebuilds now,
          // the lists' markup, must take the new one.
          Theme.using(now) { changed() }
        }
      }
    }
  }
}
