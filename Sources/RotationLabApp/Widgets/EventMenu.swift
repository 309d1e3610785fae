import CGtk
import RotationCore

/// A menu entry: an item that gives its value (an event, a class to add…), or a submenu.
enum MenuEntry<Value> {
  case item(String, Value)
  case submenu(String, [MenuEntry<Value>])
}

typealias EventEntry = MenuEntry<Action>

/// Popup menus of events, for the action bar (which applies them) and the step edits (which
/// insert or change a step with them). Each item stands for a window action with its target
/// (`win.act` and the event's text), so a menu holds data, never a closure or the window.
@MainActor
enum EventMenu {
  /// A menu of `entries`, whose items `item` makes from a title and a value.
  static func menu<Value>(_ entries: [MenuEntry<Value>], item: (String, Value) -> Widget) -> Widget {
    let menu = gtk_menu_new()!
    for entry in entries {
      switch entry {
      case .item(let title, let value):
        gtk_menu_shell_append(cast(raw(menu)), item(title, value))
      case .submenu(let title, let children):
        let parent = gtk_menu_item_new_with_label(title)!
        gtk_menu_item_set_submenu(cast(raw(parent)), self.menu(children, item: item))
        gtk_menu_shell_append(cast(raw(menu)), parent)
      }
    }
    gtk_widget_show_all(menu)
    return menu
  }

  /// Gives a menu button a menu of window actions: each item stands for the action and target
  /// `target` gives its value.
  static func set<Value>(
    _ button: Widget, _ entries: [MenuEntry<Value>], target: (Value) -> (WindowAction, String)
  ) {
    let menu = self.menu(entries) { title, value in
      let item = gtk_menu_item_new_with_label(title)!
      let (action, text) = target(value)
      bind(item, to: action, target: text)
      return item
    }
    gtk_menu_button_set_popup(cast(raw(button)), menu)
  }

  /// Gives a menu button a menu of choices within a widget (the inspector's): choosing one calls
  /// `then` while `owner` (whom `then` calls) lives.
  static func set<Value>(
    _ button: Widget, _ entries: [MenuEntry<Value>], owner: AnyObject,
    then: @escaping @MainActor (Value) -> Void
  ) {
    let menu = self.menu(entries) { title, value in
      let item = gtk_menu_item_new_with_label(title)!
      onSignal(raw(item), "activate", owner: owner) { then(value) }
      return item
    }
    gtk_menu_button_set_popup(cast(raw(button)), menu)
  }

  /// A menu of events, each item `action` with the event as its target.
  static func set(_ button: Widget, _ entries: [EventEntry], action: WindowAction) {
    set(button, entries) { (action, $0.stepText) }
  }

  /// Push: each class a navigation stack can hold.
  static func pushes(_ scenario: Scenario) -> [EventEntry] {
    scenario.classes.filter { $0.kind != .navigation && $0.kind != .alert }.map {
      .item(tr("Push %s", $0.name), Action.push(Node(className: $0.name)))
    }
  }

  /// Present: a submenu of every style per class, and UIKit's alert.
  static func presentations(_ scenario: Scenario) -> [EventEntry] {
    var entries: [EventEntry] = [
      .item(tr("Present %s", "UIAlertController"), .present(Node(className: "UIAlertController"), style: nil))
    ]
    for spec in scenario.classes {
      let node = Node(className: spec.name)
      guard spec.kind != .alert else {
        entries.append(.item(tr("Present %s", spec.name), .present(node, style: nil)))
        continue
      }
      let styles = PresentationStyle.allCases.map { style in
        // TRANSLATORS: a class and a presentation style (fullScreen, pageSheet…), kept in English.
        EventEntry.item(tr("Present %s (%s)", spec.name, style.rawValue), .present(node, style: style))
      }
      entries.append(.submenu(tr("Present %s", spec.name), styles))
    }
    return entries
  }

  /// The windows' events: show, hide or make key each other window, and the main one back.
  static func windowEvents(_ scenario: Scenario) -> [EventEntry] {
    var entries: [EventEntry] = []
    for spec in scenario.windows {
      entries += [
        .item(tr("Show %s", spec.name), .showWindow(spec.name)),
        .item(tr("Hide %s", spec.name), .hideWindow(spec.name)),
        .item(tr("Make %s Key and Visible", spec.name), .makeKeyAndVisible(spec.name)),
      ]
    }
    if !entries.isEmpty {
      entries.append(.item(tr("Make %s Key and Visible", mainWindowName), .makeKeyAndVisible(mainWindowName)))
    }
    return entries
  }

  /// The device held in each of its seven orientations.
  static var rotations: [EventEntry] { DeviceOrientation.allCases.map { .item($0.name, .rotateDevice($0)) } }

  /// The KVC trick to each device orientation.
  static var forcings: [EventEntry] {
    DeviceOrientation.allCases.map { .item(tr("Force %s", $0.name), .setDeviceOrientation(.orientation($0))) }
  }

  /// iOS 16's geometry request, with the masks apps ask for.
  static var geometryRequests: [EventEntry] {
    [OrientationMask.portrait, .landscapeLeft, .landscapeRight, .landscape, .all].map {
      .item($0.name, .requestGeometryUpdate($0))
    }
  }

  /// The plugin calls the scenario's app can make (docs/rules.md#plugins): each function of each
  /// declared plugin; Flutter's `SystemChrome.setPreferredOrientations` with the lists apps pass.
  static func pluginCalls(_ scenario: Scenario) -> [EventEntry] {
    var entries: [EventEntry] = scenario.app.plugins.compactMap { PluginCatalog.plugin(named: $0.name) }.map {
      plugin in
      .submenu(
        plugin.name, plugin.calls.map { .item($0, .plugin(PluginCall(plugin: plugin.name, call: $0))) })
    }
    if scenario.app.framework?.name == .flutter {
      let lists: [[String]] = [["portraitUp"], ["landscapeLeft", "landscapeRight"], []]
      entries.append(
        .submenu(
          "SystemChrome.setPreferredOrientations",
          lists.map { names in
            .item(
              "[" + names.joined(separator: ", ") + "]",
              .plugin(
                PluginCall(
                  plugin: PluginCatalog.flutter.name, call: "SystemChrome.setPreferredOrientations",
                  args: [.array(names.map { .string($0) })])))
          }))
    }
    return entries
  }

  /// Each flag of the app set to YES or NO.
  static func flagSettings(_ scenario: Scenario) -> [EventEntry] {
    scenario.app.flags.flatMap { flag in
      [true, false].map { value in .item(Action.setFlag(flag.name, value).label, .setFlag(flag.name, value)) }
    }
  }

  /// The app's methods a person's tap runs (`{"call": "playTapped", "on": "HomeViewController"}`),
  /// by class, and the app delegate's.
  static func methodCalls(_ scenario: Scenario) -> [EventEntry] {
    var entries: [EventEntry] = scenario.classes.filter { !$0.methods.isEmpty }.map { spec in
      .submenu(spec.name, spec.methods.map { .item($0.name, .call($0.name, on: spec.name)) })
    }
    if !scenario.app.methods.isEmpty {
      let delegate = scenario.app.delegateClass
      // A method that reads its arguments (an imported Dart or JavaScript function) is offered
      // with the arguments its callers pass or its branches compare with.
      entries.append(
        .submenu(
          delegate,
          scenario.app.methods.map { method in
            let choices = scenario.argumentChoices(for: method.name)
            guard !choices.isEmpty else { return .item(method.name, .call(method.name, on: delegate)) }
            return .submenu(
              method.name,
              choices.map { args in
                .item(
                  Action.called(method.name, args: args),
                  .call(method.name, on: delegate, args: args))
              })
          }))
    }
    return entries
  }

  /// An `if` with empty branches, on each condition the class's code can test: a flag, a piece of
  /// state (a Bool, or equal to each value of its type), the device held one way, the transition
  /// running, the controller on top, the system version.
  static func ifEntries(_ scenario: Scenario, className: String) -> [EventEntry] {
    func entry(_ condition: Condition) -> EventEntry {
      .item(condition.described.text, .when(condition, then: [], else: []))
    }
    var entries: [EventEntry] = scenario.app.flags.map { entry(.flag($0.name)) }
    let own = scenario.classes.first { $0.name == className }?.properties ?? []
    for variable in scenario.app.state + own {
      switch variable.value {
      case .bool: entries.append(entry(.flag(variable.name)))
      case .mask:
        entries.append(
          .submenu(variable.name, OrientationMask.named.map { entry(.equals(variable.name, .mask($0.mask))) })
        )
      case .orientation:
        entries.append(
          .submenu(
            variable.name,
            InterfaceOrientation.concrete.map { entry(.equals(variable.name, .orientation($0))) }))
      case .word: entries.append(entry(.equals(variable.name, variable.value)))
      }
    }
    entries.append(
      .submenu(
        tr("Device"),
        [
          entry(.device([.landscapeLeft, .landscapeRight])),
          entry(.device([.portrait, .portraitUpsideDown])),
        ]))
    entries.append(
      .submenu(
        tr("Transition"),
        [TransitionQuery.isMovingFromParent, .isMovingToParent, .isBeingDismissed, .isBeingPresented].map {
          entry(.transition($0))
        }))
    entries.append(.submenu(tr("Top Is"), scenario.classes.map { entry(.topIs($0.name)) }))
    if let sixteen = SystemVersion("16.0") { entries.append(entry(.available(sixteen))) }
    return entries
  }

  /// Setting each piece of the app's state, or of `className`'s properties, to the values its type
  /// has (a Bool also toggled).
  static func stateSettings(_ scenario: Scenario, className: String) -> [EventEntry] {
    let own = scenario.classes.first { $0.name == className }?.properties ?? []
    return (scenario.app.state + own).map { variable in
      let values: [StateValue]
      switch variable.value {
      case .bool: values = [.bool(true), .bool(false)]
      case .mask: values = OrientationMask.named.map { .mask($0.mask) }
      case .orientation: values = InterfaceOrientation.concrete.map(StateValue.orientation)
      case .word: values = [variable.value]
      }
      var items = values.map {
        EventEntry.item(Action.setState(variable.name, $0).label, .setState(variable.name, $0))
      }
      if variable.value.type == .bool {
        items.append(.item(Action.toggle(variable.name).label, .toggle(variable.name)))
      }
      return .submenu(variable.name, items)
    }
  }

  /// What a class's code can do in a lifecycle method or a named method of `className`.
  static func codeActions(_ scenario: Scenario, className: String) -> [EventEntry] {
    let methods = scenario.classes.first { $0.name == className }?.methods.map(\.name) ?? []
    var entries: [EventEntry] = []
    if !scenario.app.flags.isEmpty { entries.append(.submenu(tr("Set Flag"), flagSettings(scenario))) }
    let state = stateSettings(scenario, className: className)
    if !state.isEmpty { entries.append(.submenu(tr("Set State"), state)) }
    if !methods.isEmpty {
      entries.append(
        .submenu(tr("Call Method"), methods.map { .item(Action.call($0, on: nil).label, .call($0, on: nil)) })
      )
    }
    entries.append(.submenu(tr("If"), ifEntries(scenario, className: className)))
    entries += [
      .submenu(
        tr("Force Orientation"),
        forcings + [
          .item(Action.setDeviceOrientation(.selfPreferred).label, .setDeviceOrientation(.selfPreferred))
        ]),
      .item("attemptRotationToDeviceOrientation", .attemptRotationToDeviceOrientation),
      .item(
        "setNeedsUpdateOfSupportedInterfaceOrientations",
        .setNeedsUpdateOfSupportedInterfaceOrientations(className)),
      .item(
        "setNeedsUpdateOfPrefersInterfaceOrientationLocked",
        .setNeedsUpdateOfPrefersInterfaceOrientationLocked(className)),
      .submenu("requestGeometryUpdate", geometryRequests),
      .submenu(tr("Push"), pushes(scenario)),
      .item("pop", .pop),
      .submenu(tr("Present"), presentations(scenario)),
      .item("dismiss", .dismiss),
    ]
    return entries
  }

  /// Every event a step can be, grouped as the action bar groups them.
  static func everyEvent(_ scenario: Scenario) -> [EventEntry] {
    var tabs = 0
    func count(_ node: Node) {
      tabs = max(tabs, node.tabs.count, node.pages.count)
      node.childNodes.forEach(count)
    }
    scenario.windowNames.compactMap { scenario.root(of: $0) }.forEach(count)
    var entries: [EventEntry] = [
      .submenu(tr("Rotate Device"), rotations),
      .item(tr("Orientation Lock On"), .setOrientationLock(true)),
      .item(tr("Orientation Lock Off"), .setOrientationLock(false)),
      .submenu(tr("Push"), pushes(scenario)),
      .item("pop", .pop),
      .submenu(tr("Present"), presentations(scenario)),
      .item("dismiss", .dismiss),
      .submenu(tr("Select Tab"), (0..<max(tabs, 1)).map { .item(tr("Tab %s", $0), .selectTab($0)) }),
      .submenu(tr("Force Orientation"), forcings),
      .item("attemptRotationToDeviceOrientation", .attemptRotationToDeviceOrientation),
      .item(
        "setNeedsUpdateOfSupportedInterfaceOrientations", .setNeedsUpdateOfSupportedInterfaceOrientations(nil)
      ),
      .submenu("requestGeometryUpdate", geometryRequests),
    ]
    if !scenario.app.flags.isEmpty { entries.append(.submenu(tr("Set Flag"), flagSettings(scenario))) }
    let taps = methodCalls(scenario)
    if !taps.isEmpty { entries.append(.submenu(tr("Call Method"), taps)) }
    let windows = windowEvents(scenario)
    if !windows.isEmpty { entries.append(.submenu(tr("Windows"), windows)) }
    let plugins = pluginCalls(scenario)
    if !plugins.isEmpty { entries.append(.submenu(tr("Plugin"), plugins)) }
    return entries
  }
}
