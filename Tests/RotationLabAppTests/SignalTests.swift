import CGtk
import Testing

@testable import RotationLabApp

/// The GTK glue in-process, with GObjects that need no display: each signal's arguments arrive
/// as their C types, a handler never outlives the Swift object it belongs to, and the handler's
/// box goes when its connection does.
@MainActor
@Suite struct SignalTests {
  final class Owner {}

  /// Notes that it is gone.
  final class Tracker {
    let gone: () -> Void
    init(gone: @escaping () -> Void) { self.gone = gone }
    deinit { gone() }
  }

  @Test func anActionsParameterArrivesAsItsVariant() {
    let owner = Owner()
    let action = g_simple_action_new("zoom", g_variant_type_new("d"))!
    defer { g_object_unref(raw(action)) }
    var received: [Double] = []
    onActivate(action, owner: owner) { parameter in
      if let parameter { received.append(g_variant_get_double(parameter)) }
    }
    g_action_activate(action, g_variant_new_double(2.5))
    g_action_activate(action, g_variant_new_double(-0.125))
    #expect(received == [2.5, -0.125])
  }

  @Test func aHandlerNeverOutlivesItsOwnerAndItsConnectionIsCut() {
    var owner: Owner? = Owner()
    let action = g_simple_action_new("act", nil)!
    defer { g_object_unref(raw(action)) }
    var calls = 0
    let id = onActivate(action, owner: owner) { _ in calls += 1 }
    g_action_activate(action, nil)
    #expect(calls == 1)
    owner = nil
    g_action_activate(action, nil)
    #expect(calls == 1, "the handler ran after its owner was gone")
    #expect(g_signal_handler_is_connected(raw(action), id) == 0, "the connection outlived its owner")
  }

  @Test func aHandlerWithoutAnOwnerRunsAsLongAsItsConnection() {
    let action = g_simple_action_new("act", nil)!
    defer { g_object_unref(raw(action)) }
    var calls = 0
    let id = onActivate(action, owner: nil) { _ in calls += 1 }
    for _ in 0..<3 { g_action_activate(action, nil) }
    #expect(calls == 3)
    #expect(g_signal_handler_is_connected(raw(action), id) != 0)
  }

  @Test func theHandlersBoxGoesWithTheObject() {
    var released = false
    let action = g_simple_action_new("act", nil)!
    do {
      // The handler holds the only reference to the tracker.
      let tracker = Tracker { released = true }
      onActivate(action, owner: nil) { [tracker] _ in _ = tracker }
    }
    #expect(!released)
    g_object_unref(raw(action))
    #expect(released, "GLib's destroy notify did not release the handler")
  }

  @Test func aListStoresRowsArriveAsTheirIndices() {
    let owner = Owner()
    let store: UnsafeMutablePointer<GtkListStore> = rl_string_list_store_new()
    defer { g_object_unref(raw(store)) }
    var inserted: [Int] = []
    var deleted: [Int] = []
    onRowChange(raw(store), inserted: true, owner: owner) { inserted.append($0) }
    onRowChange(raw(store), inserted: false, owner: owner) { deleted.append($0) }
    rl_string_list_store_append(store, "launch")
    rl_string_list_store_append(store, "rotate")
    var first = GtkTreeIter()
    _ = gtk_tree_model_get_iter_first(OpaquePointer(store), &first)
    gtk_list_store_remove(store, &first)
    #expect(inserted == [0, 1])
    #expect(deleted == [0])
  }

  @Test func aPropertysChangeIsNotifiedByName() {
    let owner = Owner()
    let action = g_simple_action_new("toggle", nil)!
    defer { g_object_unref(raw(action)) }
    var enabledChanges = 0
    onNotify(raw(action), property: "enabled", owner: owner) { enabledChanges += 1 }
    g_simple_action_set_enabled(action, 0)
    g_simple_action_set_enabled(action, 0)
    g_simple_action_set_enabled(action, 1)
    #expect(enabledChanges == 2)
  }
}
