import CGtk
import RotationCore

/// The row of actions under the panels. Every control has an accessible name and stands for a
/// window action (WindowActions.swift), a menu's items with their events as targets; those that
/// cannot apply to the shown step are insensitive. The bar shows the session's state it is given
/// (`refresh`) and holds neither the window nor a handler.
@MainActor
final class ActionBar {
  /// The bar's height with the default theme, reserved before the bar is built.
  static let height: Int32 = 47
  let bar: Widget
  let rotateLeft: Widget
  let rotateRight: Widget
  let deviceOrientation: Widget
  let push: Widget
  let present: Widget
  let pop: Widget
  let dismiss: Widget
  let selectTab: Widget
  let force: Widget
  let attempt: Widget
  let windows: Widget
  let plugin: Widget
  let lock: Widget

  init() {
    bar = gtk_action_bar_new()
    rotateLeft = button(
      tr("Rotate _Left"), accessibleName: tr("Rotate Left"),
      tooltip: tr("Turn the device 90° left (Ctrl+Left)"))
    rotateRight = button(
      tr("Rotate _Right"), accessibleName: tr("Rotate Right"),
      tooltip: tr("Turn the device 90° right (Ctrl+Right)"))
    deviceOrientation = Self.menuButton(
      tr("Device Orientation"), tooltip: tr("Hold the device in any of the seven orientations"))
    // TRANSLATORS: the UIKit operations push, present, pop and dismiss.
    push = Self.menuButton(tr("Push"), tooltip: tr("Push a new controller onto the visible navigation stack"))
    present = Self.menuButton(tr("Present"), tooltip: tr("Present a controller modally, with a style"))
    pop = button(
      tr("P_op"), accessibleName: tr("Pop"), tooltip: tr("Pop the top of the visible navigation stack"))
    dismiss = button(
      tr("_Dismiss"), accessibleName: tr("Dismiss"), tooltip: tr("Dismiss the top-most presented controller"))
    selectTab = Self.menuButton(
      tr("Select Tab"), tooltip: tr("Select a tab of the visible tab bar controller"))
    force = Self.menuButton(
      tr("Force Orientation"),
      tooltip: tr("[[UIDevice currentDevice] setValue:@(o) forKey:@\"orientation\"] — the KVC trick"))
    attempt = button(
      tr("_Attempt Rotation"), accessibleName: tr("Attempt Rotation"),
      tooltip: "+[UIViewController attemptRotationToDeviceOrientation]")
    windows = Self.menuButton(
      tr("Windows"), tooltip: tr("Show, hide or make key one of the app's other windows"))
    // Shown only for a scenario with more than one window: the bar's show_all skips it, so its
    // own content is shown here.
    gtk_widget_show_all(gtk_bin_get_child(cast(raw(windows))))
    gtk_widget_set_no_show_all(windows, 1)
    plugin = Self.menuButton(
      tr("Plugin"),
      tooltip: tr("Call a function of the app's orientation plugin, as its Dart or JavaScript code does"))
    gtk_widget_show_all(gtk_bin_get_child(cast(raw(plugin))))
    gtk_widget_set_no_show_all(plugin, 1)
    lock = gtk_toggle_button_new_with_mnemonic(tr("Orientation _Lock"))
    name(lock, tr("Orientation Lock"), tooltip: tr("The system's portrait orientation lock"))

    // Four groups in a flow box: one row where the window is wide, two or three on a laptop's
    // screen, so that no action is ever cut off.
    let typed: UnsafeMutablePointer<GtkActionBar> = cast(raw(bar))
    let flow = gtk_flow_box_new()!
    let flowBox: UnsafeMutablePointer<GtkFlowBox> = cast(raw(flow))
    gtk_flow_box_set_selection_mode(flowBox, GTK_SELECTION_NONE)
    gtk_flow_box_set_max_children_per_line(flowBox, 8)
    gtk_flow_box_set_column_spacing(flowBox, 12)
    gtk_flow_box_set_row_spacing(flowBox, 4)
    gtk_widget_set_hexpand(flow, 1)
    // The flow box's cells without the theme's padding: the bar keeps the height reserved for it
    // before it is built (`height`), so the device does not move when it arrives.
    let css = gtk_css_provider_new()!
    _ = gtk_css_provider_load_from_data(css, "flowboxchild { padding: 0; }", -1, nil)
    for group in [
      [rotateLeft, rotateRight, deviceOrientation], [push, pop, present, dismiss, selectTab, windows],
      // The plugin menu is a group of its own: in the third group it widened the flow box's first
      // column and pushed the bar to a third row on a laptop's screen.
      [force, attempt, lock], [plugin],
    ] {
      let row = box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
      for widget in group { pack(row, widget) }
      gtk_container_add(cast(raw(flow)), row)
      // The group's cell takes no focus itself (Tab goes from button to button) and no padding.
      if let cell = gtk_widget_get_parent(row) {
        gtk_widget_set_can_focus(cell, 0)
        gtk_style_context_add_provider(
          gtk_widget_get_style_context(cell), cast(raw(css)), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
      }
    }
    gtk_action_bar_pack_start(typed, flow)

    bind(rotateLeft, to: .rotateLeft)
    bind(rotateRight, to: .rotateRight)
    bind(pop, to: .pop)
    bind(dismiss, to: .dismiss)
    bind(attempt, to: .attemptRotation)
    // The toggle shows the action's state and asks for the other one.
    bind(lock, to: .orientationLock)
    EventMenu.set(deviceOrientation, EventMenu.rotations, action: .act)
    EventMenu.set(force, EventMenu.forcings, action: .act)
  }

  static func menuButton(_ title: String, tooltip: String) -> Widget {
    let button = gtk_menu_button_new()!
    let content = box(GTK_ORIENTATION_HORIZONTAL, spacing: 4)
    pack(content, label(title))
    pack(content, gtk_image_new_from_icon_name("pan-down-symbolic", GTK_ICON_SIZE_BUTTON))
    gtk_container_add(cast(raw(button)), content)
    name(button, title, tooltip: tooltip)
    return button
  }

  /// The push and present menus list the scenario's classes; present has a submenu of every style
  /// per class, and an alert. The windows menu lists the other windows.
  func rebuildMenus(_ scenario: Scenario) {
    EventMenu.set(push, EventMenu.pushes(scenario), action: .act)
    EventMenu.set(present, EventMenu.presentations(scenario), action: .act)
    EventMenu.set(windows, EventMenu.windowEvents(scenario), action: .act)
    gtk_widget_set_visible(windows, scenario.windows.isEmpty ? 0 : 1)
    let plugins = EventMenu.pluginCalls(scenario)
    EventMenu.set(plugin, plugins, action: .act)
    gtk_widget_set_visible(plugin, plugins.isEmpty ? 0 : 1)
  }

  func refresh(_ history: History) {
    let running = history.isRunning
    let tree = history.current.state.tree
    // The buttons and the lock follow their actions (`MainWindow.updateActions`); the menu
    // buttons are set here.
    for widget in [deviceOrientation, present, force, windows, plugin] { setSensitive(widget, running) }
    setSensitive(push, running && tree.visibleNavigationController != nil)
    if running, let bar = tree.visibleTabBarController {
      setSensitive(selectTab, true)
      let tabs = tree[bar].children.enumerated().map { index, child in
        EventEntry.item(tr("Tab %s: %s", index, tree[child].className), .selectTab(index))
      }
      EventMenu.set(selectTab, tabs, action: .act)
    } else {
      setSensitive(selectTab, false)
    }
  }
}
