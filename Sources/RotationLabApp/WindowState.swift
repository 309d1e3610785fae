import CGtk
import RotationResources

/// The window's size, maximized state and pane positions, remembered across launches with
/// GSettings as GNOME apps do (the schema `Assets/rotation-lab.gschema.xml.in`, installed by
/// meson; `scripts/run` compiles it for a run from the source tree). Without the schema (a plain
/// `swift run`) nothing is remembered and the window opens at a size that fits the screen.
///
/// Settings are written sparingly: in delay mode (`g_settings_delay`) every change is held in
/// memory, and one `g_settings_apply` writes them when the window has settled — half a second
/// after the last change of a resize or a drag — and when it closes.
@MainActor
final class WindowState {
  let settings: OpaquePointer?
  /// The pending write, a GLib timeout (0: none).
  private var pendingApply: UInt32 = 0
  static let settleMilliseconds: UInt32 = 500

  init(schema id: String = BuildConfiguration.applicationID) {
    guard let source = g_settings_schema_source_get_default(),
      let schema = g_settings_schema_source_lookup(source, id, 1)
    else {
      settings = nil
      return
    }
    settings = OpaquePointer(g_settings_new_full(schema, nil, nil))
    g_settings_schema_unref(schema)
    g_settings_delay(typed)
  }

  /// Holds `value` for `key`, to be written once the window settles (nothing when it is the same).
  func keep(_ key: String, _ value: Int32) {
    guard let typed, g_settings_get_int(typed, key) != value else { return }
    _ = g_settings_set_int(typed, key, value)
    changed()
  }

  /// Writes the held changes once nothing has changed for `settleMilliseconds`.
  private func changed() {
    if pendingApply != 0 { g_source_remove(pendingApply) }
    pendingApply = timeout(milliseconds: Self.settleMilliseconds) { [weak self] in
      self?.pendingApply = 0
      self?.apply()
      return false
    }
  }

  /// Writes the held changes now.
  func apply() {
    guard let typed else { return }
    if pendingApply != 0 {
      g_source_remove(pendingApply)
      pendingApply = 0
    }
    if g_settings_get_has_unapplied(typed) != 0 { g_settings_apply(typed) }
  }

  private var typed: UnsafeMutablePointer<GSettings>? { settings.map { UnsafeMutablePointer($0) } }

  func integer(_ key: String) -> Int32 { typed.map { g_settings_get_int($0, key) } ?? -1 }

  /// The remembered content size, or nil before the first close.
  var size: (width: Int32, height: Int32)? {
    let (width, height) = (integer("window-width"), integer("window-height"))
    return width > 0 && height > 0 ? (width, height) : nil
  }

  var maximized: Bool { typed.map { g_settings_get_boolean($0, "window-maximized") != 0 } ?? false }

  /// Applies the remembered size and maximized state before the window is shown. A size
  /// remembered on a larger screen (or grown past this one) is cut to `bound`, so the window
  /// opens whole on the screen it opens on.
  func restore(_ window: Widget, within bound: (width: Int32, height: Int32)?) {
    if let size {
      let width = bound.map { min(size.width, $0.width) } ?? size.width
      let height = bound.map { min(size.height, $0.height) } ?? size.height
      gtk_window_set_default_size(cast(raw(window)), width, height)
    }
    if maximized { gtk_window_maximize(cast(raw(window))) }
  }

  /// Sets each pane to its remembered position, and keeps the positions from now on. A pane
  /// whose first child takes the growth (`fromEnd`) is remembered by its second child's size,
  /// the one the person chose: the window's rows settling (the action bar wrapping) then move
  /// nothing.
  /// `start` gives a pane's first position (for `fromEnd`, its second child's size) when nothing
  /// is remembered (or there is no schema), once the pane has its size.
  func keep(_ panes: [(key: String, pane: Widget, fromEnd: Bool)], start: [String: () -> Int32] = [:]) {
    for (key, pane, fromEnd) in panes {
      let saved = typed.map { g_settings_get_int($0, key) } ?? -1
      let paned: UnsafeMutablePointer<GtkPaned> = cast(raw(pane))
      func extent() -> Int32 {
        gtk_orientable_get_orientation(cast(raw(pane))) == GTK_ORIENTATION_HORIZONTAL
          ? gtk_widget_get_allocated_width(pane) : gtk_widget_get_allocated_height(pane)
      }
      var applying = false
      if saved >= 0 && !fromEnd { gtk_paned_set_position(paned, saved) }
      var remembered = saved
      var started = saved >= 0 || start[key] == nil
      // A pane placed from its second child's size is placed in its first allocation; until then
      // the position GTK computes by itself (and notifies) is not the person's choice.
      var placed = !fromEnd || remembered < 0 && started
      onSizeAllocate(pane, owner: self) { _ in
        if !started, extent() > 1, let first = start[key] {
          started = true
          let size = min(first(), extent() - 100)
          if fromEnd {
            remembered = size
          } else {
            applying = true
            gtk_paned_set_position(paned, size)
            applying = false
          }
        }
        // The second child keeps its size; the first takes what the window gives or takes.
        if fromEnd, remembered >= 0, extent() > remembered {
          applying = true
          gtk_paned_set_position(paned, extent() - remembered)
          applying = false
          placed = true
        }
      }
      onNotify(raw(pane), property: "position", owner: self) { [weak self] in
        guard !applying, placed, extent() > 1 else { return }
        let position = gtk_paned_get_position(paned)
        remembered = fromEnd ? extent() - position : position
        self?.keep(key, remembered)
      }
    }
  }

  /// Keeps the window's size (while not maximized) and maximized state as they change.
  func track(_ window: Widget) {
    guard let typed else { return }
    // Written out before the window goes, whatever the backend batches.
    onSignal(raw(window), "destroy", owner: self) { [weak self] in
      self?.apply()
      g_settings_sync()
    }
    onSizeAllocate(window, owner: self) { [weak self] _ in
      let state = gdk_window_get_state(gtk_widget_get_window(window))
      let maximized = state.rawValue & GDK_WINDOW_STATE_MAXIMIZED.rawValue != 0
      if !maximized {
        var width: Int32 = 0
        var height: Int32 = 0
        gtk_window_get_size(cast(raw(window)), &width, &height)
        self?.keep("window-width", width)
        self?.keep("window-height", height)
      }
    }
    onEvent(window, .windowState, owner: self) { [weak self] changed in
      let maximized = changed.pointee.new_window_state.rawValue & GDK_WINDOW_STATE_MAXIMIZED.rawValue != 0
      if (g_settings_get_boolean(typed, "window-maximized") != 0) != maximized {
        _ = g_settings_set_boolean(typed, "window-maximized", maximized ? 1 : 0)
        self?.changed()
      }
      return false
    }
  }
}
