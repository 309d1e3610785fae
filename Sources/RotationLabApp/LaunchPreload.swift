import CGtk
import Dispatch
import RotationCore
import RotationResources

/// What a launch does on a worker while the main thread builds the window: it asks the session
/// bus whether a first instance of the app already runs, reads and replays the first scenario,
/// and loads fontconfig's configuration (`FcInit`, fontconfig's public call), which the window's
/// first text measurement would otherwise wait for: Pango starts that load only when GTK first
/// measures text, at `show`, and the first frame waits ~5 ms for it. One worker, one hand-over:
/// it stores its findings once and signals; `result()` waits for that signal if the worker is not
/// done yet, and the window calls it before it shows, so the load is over before Pango asks and
/// the two never run at once. It starts after `gtk_init` (started before, it made GTK's start
/// ~3 ms slower on two cores). Figures in docs/performance.md, "How the launch is arranged".
final class LaunchPreload: @unchecked Sendable {
  struct Result {
    /// Whether the bus name is owned: true or false, or nil when not asked or the bus did not answer.
    var firstInstanceRuns: Bool?
    /// The scenario read: the file given, else the bundled default (nil when there is none).
    var path: String?
    /// The first scenario's history or why it did not load; nil when there was no file to read.
    var history: Swift.Result<History, ScenarioError>?
  }

  private let done = DispatchSemaphore(value: 0)
  /// Written once by the worker before `done` is signalled, read only after waiting for it.
  private var stored = Result()

  /// `file`: the scenario to read (nil: the bundled default, found on the worker). `busName`: the
  /// application id to look for on the session bus (nil: do not ask).
  init(file: String?, busName: String?) {
    DispatchQueue.global(qos: .userInitiated).async { [self] in
      var found = Result()
      if let busName { found.firstInstanceRuns = Self.nameHasOwner(busName) }
      // A launch that hands its files to a first instance does not need the scenario.
      if found.firstInstanceRuns != true {
        found.path = file ?? Resources.defaultScenarioPath
        if let path = found.path {
          found.history = Swift.Result { () throws(ScenarioError) -> History in
            History(scenario: try ScenarioDecoder.load(path: path))
          }
        }
        _ = FcInit()
      }
      stored = found
      done.signal()
    }
  }

  /// What the worker found; waits for it if it is still at work.
  func result() -> Result {
    done.wait()
    done.signal()
    return stored
  }

  /// Asks the session bus whether a process owns `name` (org.freedesktop.DBus.NameHasOwner). The
  /// connection is GIO's shared one, which the application registers on later; its reference is
  /// kept for the process's life, since GIO holds the shared connection only weakly and dropping
  /// it would close the connection before the application uses it.
  private static func nameHasOwner(_ name: String) -> Bool? {
    guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) else { return nil }
    var argument: OpaquePointer? = g_variant_new_string(name)
    let parameters = g_variant_new_tuple(&argument, 1)
    let replyType = g_variant_type_new("(b)")
    defer { g_variant_type_free(replyType) }
    guard
      let reply = g_dbus_connection_call_sync(
        bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner",
        parameters,
        replyType, G_DBUS_CALL_FLAGS_NONE, 2000, nil, nil)
    else { return nil }
    defer { g_variant_unref(reply) }
    let owned = g_variant_get_child_value(reply, 0)
    defer { g_variant_unref(owned) }
    return g_variant_get_boolean(owned) != 0
  }
}
