// MARK: - Design note
//
// RotationLabApp is the thin GTK 3 shell: it turns clicks and keys into events for the core's
// `History`, and shows the step it is told to show through the renderer. It decides nothing about
// orientation and draws nothing of its own beyond widgets.
//
//   GtkApplication ─▶ MainWindow ─┬─ header bar (open, save, export, back/forward, menu)
//                                 ├─ timeline · tree (renderer) · inspector
//                                 ├─ device (renderer, animated by the frame clock)
//                                 ├─ masks (renderer) · reason · call order (labels)
//                                 └─ action bar ──▶ History.apply(event) ──▶ refresh()
//
// A launch is arranged around its first frame (docs/performance.md): a worker reads and replays
// the first scenario while GTK starts (`LaunchPreload`); the window's first stage is the header's
// title, the device and its status line, and everything else is built right after that frame
// (`MainWindow.buildPanels`). The app links FoundationEssentials only.
//
// This file is the interop layer: pointer casts (checked against the GType in debug builds,
// GTypes.swift) and GLib sources; the signals, typed and each connection owned by the Swift
// object its handler calls, are in Signals.swift. C thunks capture
// nothing (a capturing closure converted to @convention(c) crashes the Swift 6 compiler) and
// enter the main actor with `MainActor.assumeIsolated`, since GTK calls them on the main thread.

import CGtk
import RotationRender

typealias Widget = UnsafeMutablePointer<GtkWidget>

/// A GObject pointer as another GTK type (GTK_WINDOW(w) and friends in C), checked against the
/// type's GType in debug builds: a wrong cast stops there, not as memory read wrongly later.
@inline(__always)
func cast<T: GObjectType>(_ pointer: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<T> {
  assert(
    g_type_check_instance_is_a(pointer?.assumingMemoryBound(to: GTypeInstance.self), T.gType) != 0,
    "not a \(T.self)")
  return pointer!.assumingMemoryBound(to: T.self)
}

/// An opaque GObject type (GSimpleAction, GFile, …) seen from a raw pointer.
@inline(__always)
func cast(_ pointer: UnsafeMutableRawPointer?) -> OpaquePointer {
  OpaquePointer(pointer!)
}

@inline(__always)
func raw<T>(_ pointer: UnsafeMutablePointer<T>?) -> UnsafeMutableRawPointer? {
  UnsafeMutableRawPointer(pointer)
}

@inline(__always)
func raw(_ pointer: OpaquePointer?) -> UnsafeMutableRawPointer? {
  UnsafeMutableRawPointer(pointer)
}

/// A GTK widget pointer seen as a `GtkWidget *`.
@inline(__always)
func widget<T>(_ pointer: UnsafeMutablePointer<T>) -> Widget {
  cast(UnsafeMutableRawPointer(pointer))
}

/// A window that belongs to `owner` (Compare, Diagnosis): titled, named for assistive
/// technology, kept above its owner, and hidden rather than destroyed when it is closed.
@MainActor func toolWindow(_ title: String, over owner: Widget, width: Int32, height: Int32) -> Widget {
  let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
  gtk_window_set_title(cast(raw(window)), title)
  name(window, title)
  gtk_window_set_transient_for(cast(raw(window)), cast(raw(owner)))
  // Its controls stand for the owner's actions (`win.…`) and the application's (`app.…`), as the
  // owner's own do.
  gtk_widget_insert_action_group(window, "win", OpaquePointer(raw(owner)))
  if let application = gtk_window_get_application(cast(raw(owner))) {
    gtk_widget_insert_action_group(window, "app", OpaquePointer(raw(application)))
  }
  gtk_window_set_default_size(cast(raw(window)), width, height)
  onEvent(window, .delete, owner: nil) { _ in
    gtk_widget_hide(window)
    return true
  }
  return window
}

// MARK: - GLib sources

final class SourceBox: @unchecked Sendable {
  let body: @MainActor () -> Bool
  init(_ body: @escaping @MainActor () -> Bool) { self.body = body }

  func call() -> Int32 { MainActor.assumeIsolated { Theme.using(Appearance.palette) { body() ? 1 : 0 } } }

  static func from(_ data: UnsafeMutableRawPointer?) -> SourceBox {
    Unmanaged<SourceBox>.fromOpaque(data!).takeUnretainedValue()
  }
}

private let sourceThunk: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { data in
  SourceBox.from(data).call()
}
private let sourceRelease: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
  if let data { Unmanaged<SourceBox>.fromOpaque(data).release() }
}

/// Runs `body` on the GLib main loop when idle; it runs again while it returns true.
@discardableResult
func idle(_ body: @escaping @MainActor () -> Bool) -> UInt32 {
  g_idle_add_full(
    Int32(G_PRIORITY_DEFAULT_IDLE), sourceThunk, Unmanaged.passRetained(SourceBox(body)).toOpaque(),
    sourceRelease)
}

/// Runs `body` after `milliseconds`, again while it returns true.
@discardableResult
func timeout(milliseconds: UInt32, _ body: @escaping @MainActor () -> Bool) -> UInt32 {
  g_timeout_add_full(
    Int32(G_PRIORITY_DEFAULT), milliseconds, sourceThunk, Unmanaged.passRetained(SourceBox(body)).toOpaque(),
    sourceRelease)
}

/// Runs `body` on the GLib main loop when the process receives `signal` (SIGTERM, SIGINT), again
/// at the next one while it returns true.
@discardableResult
func onUnixSignal(_ signal: Int32, _ body: @escaping @MainActor () -> Bool) -> UInt32 {
  g_unix_signal_add_full(
    Int32(G_PRIORITY_DEFAULT), signal, sourceThunk, Unmanaged.passRetained(SourceBox(body)).toOpaque(),
    sourceRelease)
}

private let tickThunk:
  @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, UnsafeMutableRawPointer?) -> Int32 = {
    _, _, data in
    SourceBox.from(data).call()
  }

/// Runs `body` once per frame of `widget`'s frame clock while it returns true.
@discardableResult
func addTick(_ widget: Widget, _ body: @escaping @MainActor () -> Bool) -> UInt32 {
  gtk_widget_add_tick_callback(
    widget, tickThunk, Unmanaged.passRetained(SourceBox(body)).toOpaque(), sourceRelease)
}

// MARK: - Small constructors

/// Sets the accessible name (and, if given, the tooltip) of a widget.
func name(_ widget: Widget, _ accessibleName: String, tooltip: String? = nil) {
  if let accessible = gtk_widget_get_accessible(widget) { atk_object_set_name(accessible, accessibleName) }
  if let tooltip { gtk_widget_set_tooltip_text(widget, tooltip) }
}

/// `widget`, given its accessible name (and tooltip).
func named(_ widget: Widget, _ accessibleName: String, tooltip: String? = nil) -> Widget {
  name(widget, accessibleName, tooltip: tooltip)
  return widget
}

func label(_ text: String, xalign: Float = 0, wrap: Bool = false, selectable: Bool = false) -> Widget {
  let label = gtk_label_new(text)!
  let typed: UnsafeMutablePointer<GtkLabel> = cast(raw(label))
  gtk_label_set_xalign(typed, xalign)
  if wrap {
    gtk_label_set_line_wrap(typed, 1)
    gtk_label_set_line_wrap_mode(typed, PANGO_WRAP_WORD_CHAR)
  }
  if selectable { gtk_label_set_selectable(typed, 1) }
  return label
}

/// A heading: `title` in bold, left-aligned, `marginTop` above it (a section of a window, a
/// column's title).
func boldHeading(_ title: String, marginTop: Int32 = 0, wrap: Bool = false) -> Widget {
  let heading = label("", wrap: wrap)
  setMarkup(heading, "<b>\(escapeMarkup(title))</b>")
  if marginTop > 0 { gtk_widget_set_margin_top(heading, marginTop) }
  return heading
}

func setLabel(_ widget: Widget, _ text: String) {
  gtk_label_set_text(cast(raw(widget)), text)
}

func setMarkup(_ widget: Widget, _ markup: String) {
  gtk_label_set_markup(cast(raw(widget)), markup)
}

func box(_ orientation: GtkOrientation, spacing: Int32 = 0) -> Widget {
  gtk_box_new(orientation, spacing)!
}

func pack(_ container: Widget, _ child: Widget, expand: Bool = false, fill: Bool = true, padding: UInt32 = 0)
{
  gtk_box_pack_start(cast(raw(container)), child, expand ? 1 : 0, fill ? 1 : 0, padding)
}

func addStyleClass(_ widget: Widget, _ name: String) {
  gtk_style_context_add_class(gtk_widget_get_style_context(widget), name)
}

func button(_ text: String, accessibleName: String? = nil, tooltip: String? = nil, icon: String? = nil)
  -> Widget
{
  let button: Widget
  if let icon {
    button = gtk_button_new_from_icon_name(icon, GTK_ICON_SIZE_BUTTON)
  } else {
    button = gtk_button_new_with_mnemonic(text)
  }
  name(button, accessibleName ?? text.replacing("_", with: ""), tooltip: tooltip)
  return button
}

func setSensitive(_ widget: Widget, _ sensitive: Bool) {
  gtk_widget_set_sensitive(widget, sensitive ? 1 : 0)
}
