import CGtk
import Foundation
import Testing

@testable import RotationLabApp

/// The window's remembered state with the real schema (Assets/rotation-lab.gschema.xml.in,
/// compiled here for a test id) and GLib's memory backend, in-process and without a display: a
/// change is written only once the window settles, many changes make one write, and without the
/// schema nothing is remembered and nothing fails.
@MainActor
@Suite(.serialized) struct WindowStateTests {
  static let schemaID = "io.github.rotationlab.RotationLab.Tests"

  /// Compiles the schema into a folder of its own and points GLib at it, once, before any
  /// settings are made.
  static let compiled: Bool = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rl-schema-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    guard
      let source = try? String(
        contentsOf: root.appendingPathComponent("Assets/rotation-lab.gschema.xml.in"), encoding: .utf8)
    else { return false }
    let path = "/" + schemaID.replacingOccurrences(of: ".", with: "/") + "/"
    let xml = source.replacingOccurrences(of: "@APP_ID@", with: schemaID)
      .replacingOccurrences(of: "@APP_PATH@", with: path)
    let file = folder.appendingPathComponent(schemaID + ".gschema.xml")
    guard (try? xml.write(to: file, atomically: true, encoding: .utf8)) != nil else { return false }
    let compile = Process()
    compile.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    compile.arguments = ["glib-compile-schemas", "--strict", folder.path]
    guard (try? compile.run()) != nil else { return false }
    compile.waitUntilExit()
    setenv("GSETTINGS_SCHEMA_DIR", folder.path, 1)
    setenv("GSETTINGS_BACKEND", "memory", 1)
    return compile.terminationStatus == 0
  }()

  /// Another reader of the same settings, as the next launch would be (not in delay mode).
  func reader() -> UnsafeMutablePointer<GSettings> { g_settings_new(Self.schemaID) }

  /// Runs GLib's main loop until `done` or `seconds` have passed.
  func pump(seconds: Double, until done: () -> Bool = { false }) {
    let end = Date().addingTimeInterval(seconds)
    while Date() < end && !done() { _ = g_main_context_iteration(nil, 0); usleep(5_000) }
  }

  @Test func aChangeIsWrittenOnlyOnceTheWindowSettles() throws {
    try #require(Self.compiled, "the schema did not compile")
    let state = WindowState(schema: Self.schemaID)
    try #require(state.settings != nil)
    let next = reader()
    defer { g_object_unref(raw(next)) }
    let before = g_settings_get_int(next, "window-width")
    let started = Date()
    state.keep("window-width", before + 321)
    #expect(g_settings_get_int(next, "window-width") == before, "written before the window settled")
    pump(seconds: 3) { g_settings_get_int(next, "window-width") == before + 321 }
    #expect(g_settings_get_int(next, "window-width") == before + 321, "never written")
    let waited = Date().timeIntervalSince(started)
    #expect(waited >= Double(WindowState.settleMilliseconds) / 1000 * 0.9, "written after \(waited) s")
  }

  @Test func tenSizesOfAResizeAreOneWrite() throws {
    try #require(Self.compiled, "the schema did not compile")
    let state = WindowState(schema: Self.schemaID)
    let next = reader()
    defer { g_object_unref(raw(next)) }
    // Count the writes the next launch's settings see.
    let count = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    count.initialize(to: 0)
    defer { count.deallocate() }
    var writes: Int { count.pointee }
    // GSettings "changed": (GSettings *, const gchar *key, gpointer).
    let counter:
      @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void =
        {
          _, _, data in data!.assumingMemoryBound(to: Int.self).pointee += 1
        }
    let id = g_signal_connect_data(
      raw(next), "changed::window-height",
      rl_callback(unsafeBitCast(counter, to: UnsafeMutableRawPointer.self)),
      count, nil, GConnectFlags(rawValue: 0))
    defer { g_signal_handler_disconnect(raw(next), id) }
    _ = g_settings_get_int(next, "window-height")
    let base = g_settings_get_int(next, "window-height") + 7
    for step in 1...10 {
      state.keep("window-height", base + Int32(step) * 10)
      pump(seconds: 0.02)
    }
    pump(seconds: 3) { g_settings_get_int(next, "window-height") == base + 100 }
    #expect(g_settings_get_int(next, "window-height") == base + 100)
    #expect(writes == 1, "a resize through ten sizes wrote \(writes) times")
    // The same value again is no change, and writes nothing.
    state.keep("window-height", base + 100)
    pump(seconds: 0.8)
    #expect(writes == 1)
  }

  @Test func withoutTheSchemaNothingIsRememberedAndNothingFails() {
    let state = WindowState(schema: "io.github.rotationlab.NoSuchSchema")
    #expect(state.settings == nil)
    #expect(state.size == nil)
    #expect(!state.maximized)
    #expect(state.integer("window-width") == -1)
    state.keep("window-width", 800)
    state.apply()
  }
}
