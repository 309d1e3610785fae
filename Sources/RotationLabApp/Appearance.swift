import CGtk
import FoundationEssentials
import RotationRender

/// The light or dark variant of the palette, as the desktop asks: `GTK_THEME=NAME:dark`, the
/// `gtk-application-prefer-dark-theme` setting, or a theme whose name ends in `-dark`. It is read
/// once GTK is initialised and again whenever the settings change, so the window follows the
/// desktop live. Every signal and main-loop callback runs with it (`SignalBox`, `SourceBox`), so
/// the Cairo panels and the lists' markup draw with the same colours.
@MainActor
enum Appearance {
  static var palette: Palette = .light

  /// The variant the desktop asks for now.
  static func asked() -> Palette {
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
      connect(raw(settings), "notify::" + property, arguments: 1) { _, _, _ in
        let now = asked()
        if now != palette {
          palette = now
          changed()
        }
        return 0
      }
    }
  }
}
