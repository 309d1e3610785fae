import CGtk
import RotationCore

/// The inspector's part for the state the app's code keeps (docs/scenario-format.md#state): the
/// app's state and a class's properties, each with its first value edited as its type is (mask
/// checks, an orientation, YES or NO, a case's name), Add and Remove; the names a class is (`isA`);
/// and the notifications it observes, each handled by one of its methods.
extension Inspector {
  /// The pieces of state of the app (`owner` nil) or the properties of a class.
  func stateSection(_ variables: [StateVariable], owner: String?, into column: Widget) {
    let add = EditBar.menuButton(
      owner == nil ? tr("Add State") : tr("Add Property"),
      tooltip: tr("A mask, an orientation, a case of the app's enum or (for a property) a Bool"),
      icon: "list-add-symbolic")
    let types: [StateType] = owner == nil ? [.mask, .orientation, .word] : StateType.allCases
    EventMenu.set(add, types.map { MenuEntry.item(Self.typeTitle($0), $0) }, owner: self) {
      [unowned self] type in
      Dialogs.askName(
        over: self.toplevel, title: owner == nil ? tr("Add State") : tr("Add Property"),
        detail: tr("Its name, as the app's code names it."), initial: "", field: tr("Name")
      ) { [unowned self] name, _ in
        let first = StateVariable(name: name, value: Self.firstValue(of: type))
        self.change(tr("Add %s", name)) { scenario, _ throws(EditError) in
          try scenario.addState(first, to: owner)
        }
      }
    }
    pack(
      column, sectionRow(owner == nil ? tr("App state at launch") : tr("Properties of each instance"), add))
    for variable in variables {
      let line = box(GTK_ORIENTATION_VERTICAL, spacing: 2)
      gtk_widget_set_margin_start(line, 12)
      let top = box(GTK_ORIENTATION_HORIZONTAL, spacing: 4)
      pack(top, label("\(variable.name) (\(variable.value.type.rawValue))"), expand: true)
      let remove = removeButton(
        tr("Remove %s", variable.name), tooltip: tr("Remove it (only while nothing reads or sets it)")
      ) { scenario throws(EditError) in try scenario.removeState(variable.name, from: owner) }
      pack(top, remove)
      pack(line, top)
      pack(line, firstValueEditor(variable, owner: owner))
      pack(column, line)
    }
  }

  /// The editor of a piece of state's first value, by its type.
  private func firstValueEditor(_ variable: StateVariable, owner: String?) -> Widget {
    let key = variable.name
    let set: (StateValue) -> Void = { [unowned self] value in
      self.change(tr("Edit %s", key)) { scenario, _ throws(EditError) in
        try scenario.setFirstValue(key, value, of: owner)
      }
    }
    let prefix = tr("%s at launch", key)
    switch variable.value {
    case .mask(let mask):
      return maskChecks(prefix: prefix, mask: mask, sensitive: true) { set(.mask($0)) }
    case .orientation(let orientation):
      return orientationEditor.make(prefix, orientation) { set(.orientation($0)) }
    case .bool(let value):
      return yesNoEditor.make(prefix, value) { set(.bool($0)) }
    case .word(let word):
      let entry = gtk_entry_new()!
      name(entry, prefix)
      gtk_entry_set_text(cast(raw(entry)), word)
      onSignal(raw(entry), "activate", owner: self) { [unowned self] in
        let text = String(cString: gtk_entry_get_text(cast(raw(entry))))
        guard Scenario.isClassName(text) else {
          return self.change(.refused(tr("“%s” is not a case's name: use letters, digits and _.", text)))
        }
        set(.word(text))
      }
      return entry
    }
  }

  /// The names the class is (`isA`) and the notifications it observes.
  func observersSection(_ spec: ClassSpec, into column: Widget) {
    if !spec.isA.isEmpty {
      let isA = label(tr("Is also: %s", spec.isA.joined(separator: ", ")), wrap: true, selectable: true)
      name(isA, tr("Is Also"))
      addStyleClass(isA, "dim-label")
      pack(column, isA)
    }
    let className = spec.name
    let add = EditBar.menuButton(
      tr("Add Observer"), tooltip: tr("Run one of its methods when UIKit posts the notification"),
      icon: "list-add-symbolic")
    let free = Observer.notifications.filter { note in !spec.observers.contains { $0.notification == note } }
    EventMenu.set(add, free.map { MenuEntry.item($0, $0) }, owner: self) { [unowned self] notification in
      guard let method = spec.methods.first?.name else {
        return self.change(.refused(tr("%s has no method to handle it: add a method first.", className)))
      }
      self.change(tr("Observe %s", notification)) { scenario, _ throws(EditError) in
        try scenario.setObserver(notification, method: method, of: className)
      }
    }
    setSensitive(add, !free.isEmpty && !spec.methods.isEmpty)
    pack(column, sectionRow(tr("Observes"), add))
    for observer in spec.observers {
      let line = box(GTK_ORIENTATION_HORIZONTAL, spacing: 4)
      gtk_widget_set_margin_start(line, 12)
      let methods = spec.methods.map { ($0.name, $0.name) }
      let notification = observer.notification
      let chooser = combo(tr("%s handled by", notification), methods, current: observer.method) {
        [unowned self] chosen in
        guard let chosen else { return }
        self.change(tr("Observe %s", notification)) { scenario, _ throws(EditError) in
          try scenario.setObserver(notification, method: chosen, of: className)
        }
      }
      gtk_widget_set_tooltip_text(chooser, notification)
      pack(line, chooser, expand: true)
      let remove = removeButton(tr("Stop Observing %s", notification), tooltip: tr("Remove the observer")) {
        scenario throws(EditError) in try scenario.removeObserver(notification, of: className)
      }
      pack(line, remove)
      pack(column, line)
    }
  }

  static func typeTitle(_ type: StateType) -> String {
    switch type {
    case .bool: return tr("Bool")
    case .mask: return tr("Mask")
    case .orientation: return tr("Interface orientation")
    case .word: return tr("Case of an enum")
    }
  }

  static func firstValue(of type: StateType) -> StateValue {
    switch type {
    case .bool: return .bool(false)
    case .mask: return .mask(.portrait)
    case .orientation: return .orientation(.portrait)
    case .word: return .word("none")
    }
  }
}
