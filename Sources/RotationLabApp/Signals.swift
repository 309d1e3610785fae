import CGtk
import RotationRender

// MARK: - Design note
//
// Every signal the app connects, typed by its C signature, as rhx/SwiftGtk types its signals: one
// C thunk per signature (a `gint` read as a gint, a `GdkEventMotion *` as a motion event, a
// `void` signal returning nothing), and a handler that gets its arguments as those types. A
// connection belongs to an owner, the Swift object its handler calls: once the owner is gone the
// handler is never called again and the connection is cut at the next emission, as
// `g_signal_connect_object` does for GObjects. The box that holds the handler is released by
// GLib's destroy notify when the connection goes.
//
//   C signal ──▶ thunk (exact C signature) ──▶ SignalHandlerBox (owner alive?) ──▶ handler(typed)

/// An address carried into the main actor as a plain integer (pointers are not Sendable), read
/// back as the pointer type the signal declares.
struct Address<Pointee>: Sendable {
  let bits: Int
  init(_ pointer: UnsafeMutableRawPointer?) { bits = Int(bitPattern: pointer) }
  var pointer: UnsafeMutablePointer<Pointee>? { UnsafeMutablePointer(bitPattern: bits) }
  var raw: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: bits) }
}

/// What every connection keeps: the owner it belongs to and the connection itself (non-generic,
/// so that GLib's destroy notify, a C function, can release any box).
class SignalConnection: @unchecked Sendable {
  /// The Swift object the handler calls; nil for a handler that calls none (`bound` false).
  private weak var owner: AnyObject?
  private let bound: Bool
  /// The instance and handler id, to cut the connection once the owner is gone.
  var instance: UnsafeMutableRawPointer?
  var id: UInt = 0

  init(owner: AnyObject?) {
    self.owner = owner
    bound = owner != nil
  }

  /// Whether the handler may run: its owner lives (the connection is cut when it does not).
  @MainActor func ownerLives() -> Bool {
    guard bound, owner == nil else { return true }
    if id != 0, let instance { g_signal_handler_disconnect(instance, id) }
    id = 0
    return false
  }

  /// GLib's destroy notify: the connection is gone, and so is the box.
  static let release: GClosureNotify = { data, _ in
    if let data { Unmanaged<SignalConnection>.fromOpaque(data).release() }
  }
}

/// A handler of one signature and its connection.
final class SignalHandlerBox<Arguments: Sendable>: SignalConnection, @unchecked Sendable {
  private let handler: @MainActor (Arguments) -> Int32

  init(owner: AnyObject?, _ handler: @escaping @MainActor (Arguments) -> Int32) {
    self.handler = handler
    super.init(owner: owner)
  }

  /// Calls the handler with the palette the desktop asks for; 0 once the owner is gone.
  func call(_ arguments: Arguments) -> Int32 {
    MainActor.assumeIsolated {
      guard ownerLives() else { return 0 }
      return Theme.using(Appearance.palette) { handler(arguments) }
    }
  }

  static func from(_ data: UnsafeMutableRawPointer?) -> SignalHandlerBox {
    Unmanaged<SignalHandlerBox>.fromOpaque(data!).takeUnretainedValue()
  }
}

/// Connects `box` through `thunk`, a C function of the signal's own signature.
@discardableResult
private func connect<Arguments>(
  _ instance: UnsafeMutableRawPointer?, _ signal: String, _ thunk: UnsafeMutableRawPointer,
  _ box: SignalHandlerBox<Arguments>
) -> UInt {
  let data = Unmanaged.passRetained(box).toOpaque()
  box.instance = instance
  box.id = g_signal_connect_data(
    instance, signal, rl_callback(thunk), data, SignalConnection.release, GConnectFlags(rawValue: 0))
  return box.id
}

// MARK: - The signatures

// (instance, data) -> void: "clicked", "activate", "changed", "toggled", "destroy", "select"…
private let voidThunk: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = {
  _, data in _ = SignalHandlerBox<Void>.from(data).call(())
}

// (instance, gint, data) -> void: GtkDialog "response".
private let intThunk: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?) -> Void = {
  _, value, data in _ = SignalHandlerBox<Int32>.from(data).call(value)
}

// (instance, pointer, data) -> void: "size-allocate" (GtkAllocation *), "notify" (GParamSpec *),
// GtkTreeModel "row-deleted" (GtkTreePath *), GSimpleAction "activate" (GVariant *).
private let pointerThunk:
  @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = {
    _, pointer, data in _ = SignalHandlerBox<Address<UInt8>>.from(data).call(Address(pointer))
  }

// (instance, pointer, pointer, data) -> void: GtkTreeModel "row-inserted" (path, iter).
private let twoPointerThunk:
  @convention(c) (
    UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?
  ) -> Void = { _, first, _, data in
    _ = SignalHandlerBox<Address<UInt8>>.from(data).call(Address(first))
  }

// (instance, pointer, data) -> gboolean: the event signals (GdkEvent… *), "draw" (cairo_t *),
// GtkLabel "activate-link" (const gchar *).
private let pointerBooleanThunk:
  @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Int32 = {
    _, pointer, data in SignalHandlerBox<Address<UInt8>>.from(data).call(Address(pointer))
  }

// (application, GFile **, gint, const gchar *, data) -> void: GApplication "open".
private let openThunk:
  @convention(c) (
    UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?,
    UnsafeMutableRawPointer?
  ) -> Void = { _, files, count, _, data in
    _ = SignalHandlerBox<OpenedFiles>.from(data).call(OpenedFiles(files: Address(files), count: count))
  }

// (widget, GdkDragContext *, gint x, gint y, GtkSelectionData *, guint info, guint time, data) ->
// void: GtkWidget "drag-data-received".
private let dropThunk:
  @convention(c) (
    UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Int32, Int32, UnsafeMutableRawPointer?, UInt32,
    UInt32, UnsafeMutableRawPointer?
  ) -> Void = { _, context, _, _, selection, _, time, data in
    _ = SignalHandlerBox<Dropped>.from(data).call(
      Dropped(context: Address(context), selection: Address(selection), time: time))
  }

struct OpenedFiles: Sendable {
  let files: Address<UInt8>
  let count: Int32
}

struct Dropped: Sendable {
  let context: Address<UInt8>
  let selection: Address<UInt8>
  let time: UInt32
}

private func function<T>(_ thunk: T) -> UnsafeMutableRawPointer {
  unsafeBitCast(thunk, to: UnsafeMutableRawPointer.self)
}

// MARK: - Typed connections

/// A signal with no arguments and no result ("clicked", "activate", "changed", "toggled",
/// "destroy"…), its handler called while `owner` lives.
@discardableResult
func onSignal(
  _ instance: UnsafeMutableRawPointer?, _ signal: String, owner: AnyObject?,
  _ handler: @escaping @MainActor () -> Void
) -> UInt {
  connect(
    instance, signal, function(voidThunk),
    SignalHandlerBox<Void>(owner: owner) { _ in
      handler()
      return 0
    })
}

/// GtkDialog "response": the response id.
@discardableResult
func onResponse(
  _ dialog: UnsafeMutableRawPointer?, owner: AnyObject?, _ handler: @escaping @MainActor (Int32) -> Void
) -> UInt {
  connect(
    dialog, "response", function(intThunk),
    SignalHandlerBox<Int32>(owner: owner) {
      handler($0)
      return 0
    })
}

/// GtkWidget "size-allocate": the allocation.
@discardableResult
func onSizeAllocate(
  _ widget: Widget, owner: AnyObject?, _ handler: @escaping @MainActor (GtkAllocation) -> Void
) -> UInt {
  connect(
    raw(widget), "size-allocate", function(pointerThunk),
    SignalHandlerBox<Address<UInt8>>(owner: owner) {
      if let allocation = Address<GtkAllocation>($0.raw).pointer {
        handler(allocation.pointee)
      }
      return 0
    })
}

/// GObject "notify::PROPERTY": the property changed.
@discardableResult
func onNotify(
  _ object: UnsafeMutableRawPointer?, property: String, owner: AnyObject?,
  _ handler: @escaping @MainActor () -> Void
) -> UInt {
  connect(
    object, "notify::" + property, function(pointerThunk),
    SignalHandlerBox<Address<UInt8>>(owner: owner) { _ in
      handler()
      return 0
    })
}

/// GSimpleAction "activate": the parameter, nil for an action without one.
@discardableResult
func onActivate(
  _ action: OpaquePointer, _ signal: ActionSignal = .activate, owner: AnyObject?,
  _ handler: @escaping @MainActor (OpaquePointer?) -> Void
) -> UInt {
  connect(
    raw(action), signal.rawValue, function(pointerThunk),
    SignalHandlerBox<Address<UInt8>>(owner: owner) {
      handler($0.raw.map { OpaquePointer($0) })
      return 0
    })
}

/// GSimpleAction's two signals with a variant argument: "activate" (its parameter) and
/// "change-state" (the state asked for).
enum ActionSignal: String {
  case activate
  case changeState = "change-state"
}

/// GtkTreeModel "row-inserted" and "row-deleted": the row's index (top-level rows).
@discardableResult
func onRowChange(
  _ model: UnsafeMutableRawPointer?, inserted: Bool, owner: AnyObject?,
  _ handler: @escaping @MainActor (Int) -> Void
) -> UInt {
  let box = SignalHandlerBox<Address<UInt8>>(owner: owner) { address in
    let path = address.raw.map { OpaquePointer($0) }
    let index = path.flatMap { gtk_tree_path_get_indices($0) }.map { Int($0.pointee) } ?? -1
    handler(index)
    return 0
  }
  return inserted
    ? connect(model, "row-inserted", function(twoPointerThunk), box)
    : connect(model, "row-deleted", function(pointerThunk), box)
}

/// An event signal of a widget, its event read as the type the signal passes; the handler says
/// whether it handled the event.
struct EventSignal<Event> {
  let name: String
  static var buttonPress: EventSignal<GdkEventButton> { .init(name: "button-press-event") }
  static var motionNotify: EventSignal<GdkEventMotion> { .init(name: "motion-notify-event") }
  static var windowState: EventSignal<GdkEventWindowState> { .init(name: "window-state-event") }
  static var delete: EventSignal<GdkEventAny> { .init(name: "delete-event") }
  static var scroll: EventSignal<GdkEventScroll> { .init(name: "scroll-event") }
}

@discardableResult
func onEvent<Event>(
  _ widget: Widget, _ signal: EventSignal<Event>, owner: AnyObject?,
  _ handler: @escaping @MainActor (UnsafeMutablePointer<Event>) -> Bool
) -> UInt {
  connect(
    raw(widget), signal.name, function(pointerBooleanThunk),
    SignalHandlerBox<Address<UInt8>>(owner: owner) {
      guard let event = Address<Event>($0.raw).pointer else { return 0 }
      return handler(event) ? 1 : 0
    })
}

/// GtkWidget "draw": the cairo context; drawing stops the other handlers.
@discardableResult
func onDraw(_ widget: Widget, owner: AnyObject?, _ handler: @escaping @MainActor (OpaquePointer) -> Void)
  -> UInt
{
  connect(
    raw(widget), "draw", function(pointerBooleanThunk),
    SignalHandlerBox<Address<UInt8>>(owner: owner) {
      guard let context = $0.raw else { return 0 }
      handler(OpaquePointer(context))
      return 0
    })
}

/// GtkLabel "activate-link": the link's URI; the handler says whether it opened it.
@discardableResult
func onActivateLink(
  _ label: Widget, owner: AnyObject?, _ handler: @escaping @MainActor (String) -> Bool
) -> UInt {
  connect(
    raw(label), "activate-link", function(pointerBooleanThunk),
    SignalHandlerBox<Address<UInt8>>(owner: owner) {
      guard let uri = $0.raw else { return 0 }
      return handler(String(cString: uri.assumingMemoryBound(to: CChar.self))) ? 1 : 0
    })
}

/// GApplication "open": the paths of the files it is asked to open.
@discardableResult
func onOpen(
  _ application: UnsafeMutableRawPointer?, owner: AnyObject?,
  _ handler: @escaping @MainActor ([String]) -> Void
) -> UInt {
  connect(
    application, "open", function(openThunk),
    SignalHandlerBox<OpenedFiles>(owner: owner) { opened in
      let files = opened.files.raw?.assumingMemoryBound(to: OpaquePointer?.self)
      var paths: [String] = []
      for index in 0..<Int(max(opened.count, 0)) {
        if let path = files.flatMap({ g_file_get_path($0[index]) }) {
          paths.append(String(cString: path))
          g_free(path)
        }
      }
      handler(paths)
      return 0
    })
}

/// GtkWidget "drag-data-received": the drag's context, its selection data and its time.
@discardableResult
func onDrop(
  _ widget: Widget, owner: AnyObject?,
  _ handler:
    @escaping @MainActor (_ context: OpaquePointer, _ selection: OpaquePointer?, _ time: UInt32) -> Void
) -> UInt {
  connect(
    raw(widget), "drag-data-received", function(dropThunk),
    SignalHandlerBox<Dropped>(owner: owner) { dropped in
      guard let context = dropped.context.raw else { return 0 }
      handler(OpaquePointer(context), dropped.selection.raw.map { OpaquePointer($0) }, dropped.time)
      return 0
    })
}
