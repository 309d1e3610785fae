import CGtk
import RotationCore

/// The row of actions under the panels. Every control has an accessible name; those that cannot
/// apply to the shown step are insensitive.
@MainActor
final class ActionBar {
  /// The bar's height with the default theme, reserved before the bar is built.
  static let height: Int32 = 47
  unowned let window: MainWindow
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
  let lock: Widget

  init(window: MainWindow) {
    self.window = window
    bar = gtk_action_bar_new()
    rotateLeft = button(
      "Rotate _Left", accessibleName: "Rotate Left", tooltip: "Turn the device 90° left (Ctrl+Left)")
    rotateRight = button(
      "Rotate _Right", accessibleName: "Rotate Right", tooltip: "Turn the device 90° right (Ctrl+Right)")
    deviceOrientation = Self.menuButton(
      "Device Orientation", tooltip: "Hold the device in any of the seven orientations")
    push = Self.menuButton("Push", tooltip: "Push a new controller onto the visible navigation stack")
    present = Self.menuButton("Present", tooltip: "Present a controller modally, with a style")
    pop = button("P_op", accessibleName: "Pop", tooltip: "Pop the top of the visible navigation stack")
    dismiss = button(
      "_Dismiss", accessibleName: "Dismiss", tooltip: "Dismiss the top-most presented controller")
    selectTab = Self.menuButton("Select Tab", tooltip: "Select a tab of the visible tab bar controller")
    force = Self.menuButton(
      "Force Orientation",
      tooltip: "[[UIDevice currentDevice] setValue:@(o) forKey:@\"orientation\"] — the KVC trick")
    attempt = button(
      "_Attempt Rotation", accessibleName: "Attempt Rotation",
      tooltip: "+[UIViewController attemptRotationToDeviceOrientation]")
    lock = gtk_toggle_button_new_with_mnemonic("Orientation _Lock")
    name(lock, "Orientation Lock", tooltip: "The system's portrait orientation lock")

    let typed: UnsafeMutablePointer<GtkActionBar> = cast(raw(bar))
    for widget in [rotateLeft, rotateRight, deviceOrientation] { gtk_action_bar_pack_start(typed, widget) }
    gtk_action_bar_pack_start(typed, gtk_separator_new(GTK_ORIENTATION_VERTICAL))
    for widget in [push, pop, present, dismiss, selectTab] { gtk_action_bar_pack_start(typed, widget) }
    gtk_action_bar_pack_start(typed, gtk_separator_new(GTK_ORIENTATION_VERTICAL))
    for widget in [force, attempt] { gtk_action_bar_pack_start(typed, widget) }
    gtk_action_bar_pack_end(typed, lock)

    onSignal(raw(rotateLeft), "clicked") { [unowned window] in window.rotate(left: true) }
    onSignal(raw(rotateRight), "clicked") { [unowned window] in window.rotate(left: false) }
    onSignal(raw(pop), "clicked") { [unowned window] in window.perform(.pop) }
    onSignal(raw(dismiss), "clicked") { [unowned window] in window.perform(.dismiss) }
    onSignal(raw(attempt), "clicked") { [unowned window] in
      window.perform(.attemptRotationToDeviceOrientation)
    }
    onSignal(raw(lock), "toggled") { [unowned self, unowned window] in
      guard !window.updating else { return }
      let on = gtk_toggle_button_get_active(cast(raw(self.lock))) != 0
      window.perform(.setOrientationLock(on))
    }
    setMenu(deviceOrientation, DeviceOrientation.allCases.map { o in (o.name, Action.rotateDevice(o)) })
    setMenu(
      force,
      DeviceOrientation.allCases.map { o in ("Force \(o.name)", Action.setDeviceOrientation(.orientation(o)))
      })
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

  /// A popup menu of items, each applying its event.
  func setMenu(_ button: Widget, _ items: [(String, Action)]) {
    let menu = gtk_menu_new()!
    for (title, event) in items {
      let item = gtk_menu_item_new_with_label(title)!
      onSignal(raw(item), "activate") { [unowned window] in window.perform(event) }
      gtk_menu_shell_append(cast(raw(menu)), item)
    }
    gtk_widget_show_all(menu)
    gtk_menu_button_set_popup(cast(raw(button)), menu)
  }

  /// The push and present menus list the scenario's classes; present offers every style.
  func rebuildMenus(_ scenario: Scenario) {
    let pushable = scenario.classes.filter { $0.kind != .navigation }
    setMenu(push, pushable.map { ("Push \($0.name)", Action.push(Node(className: $0.name))) })
    var presentations: [(String, Action)] = []
    for spec in scenario.classes {
      for style in PresentationStyle.allCases {
        presentations.append(
          ("Present \(spec.name) (\(style.rawValue))", .present(Node(className: spec.name), style: style)))
      }
    }
    setMenu(present, presentations)
  }

  func refresh(_ history: History) {
    let running = history.isRunning
    let tree = history.current.state.tree
    for widget in [rotateLeft, rotateRight, deviceOrientation, present, force, attempt, lock] {
      setSensitive(widget, running)
    }
    setSensitive(push, running && tree.visibleNavigationController != nil)
    setSensitive(pop, running && tree.poppableNavigationController != nil)
    setSensitive(dismiss, running && !tree.presentations.isEmpty)
    if running, let bar = tree.visibleTabBarController {
      setSensitive(selectTab, true)
      let tabs = tree[bar].children.enumerated().map { index, child in
        ("Tab \(index): \(tree[child].className)", Action.selectTab(index))
      }
      setMenu(selectTab, tabs)
    } else {
      setSensitive(selectTab, false)
    }
    gtk_toggle_button_set_active(cast(raw(lock)), history.current.state.orientationLock ? 1 : 0)
  }
}
