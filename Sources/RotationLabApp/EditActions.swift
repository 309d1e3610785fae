import CGtk
import RotationCore

/// A change a widget asks of the session: its name (the Undo button's tooltip says it), what the
/// status line says after it, and the edit itself, made on copies of the scenario and events.
struct SessionEdit {
  var label: String
  var note: ((Int?) -> String)?
  var apply: (inout Scenario, inout [Action]) throws(EditError) -> Void

  init(
    label: String, note: ((Int?) -> String)? = nil,
    apply: @escaping (inout Scenario, inout [Action]) throws(EditError) -> Void
  ) {
    self.label = label
    self.note = note
    self.apply = apply
  }

  /// An inspector's edit of the scenario (the events stay).
  static func scenario(
    label: String = tr("Edit"), _ change: @escaping (inout Scenario) -> Void
  ) -> SessionEdit {
    SessionEdit(
      label: label,
      note: { changed in
        changed.map { tr("Edited: the outcome changes from step %s.", $0) }
          ?? tr("Edited: no step's outcome changed.")
      }
    ) { scenario, _ in change(&scenario) }
  }

  /// An edit the widget already knows the session refuses, for `reason` (shown as any refusal is).
  static func refused(_ reason: String) -> SessionEdit {
    SessionEdit(label: tr("Edit")) { _, _ throws(EditError) in throw EditError(reason) }
  }
}

/// Every change a person makes to the session — an inspector edit, a class, the tree, the steps,
/// a fix — goes through `change`: the edit is made on copies, refused with its reason shown (the
/// session untouched), or recorded for Undo and replayed, and the status says from which step
/// the outcome changed.
extension MainWindow {
  /// Makes the edit named `label` (the Undo button's tooltip says it). `show` picks the step to
  /// show after it, from the edited events (default: the step shown before). Returns whether the
  /// session changed.
  @discardableResult
  func change(
    _ label: String, show: ((Int) -> Int)? = nil, note: ((Int?) -> String)? = nil,
    _ edit: (inout Scenario, inout [Action]) throws(EditError) -> Void
  ) -> Bool {
    guard session != nil else { return false }
    switch session!.change(label, show: show, edit) {
    case .refused(let reason):
      showError(reason)
      return false
    case .unchanged:
      return false
    case .changed(let changed):
      showChanged(
        from: changed,
        note: note?(changed)
          ?? changed.map { tr("%s: the outcome changes from step %s.", label, $0) }
          ?? tr("%s: no step's outcome changed.", label))
      return true
    }
  }

  /// A change a widget asked for.
  @discardableResult
  func change(_ edit: SessionEdit) -> Bool {
    change(edit.label, note: edit.note, edit.apply)
  }

  func undo() {
    guard let undone = session?.undo() else { return }
    showChanged(from: undone.firstChangedStep, note: tr("Undone: %s.", undone.label))
  }

  func redo() {
    guard let redone = session?.redo() else { return }
    showChanged(from: redone.firstChangedStep, note: tr("Redone: %s.", redone.label))
  }

  /// Shows the session after a change, Undo or Redo replayed it: the timeline from the first step
  /// whose outcome changed, a selection the scenario no longer has let go, and `note`.
  private func showChanged(from changed: Int?, note: String) {
    guard let scenario = history?.scenario else { return }
    timelineChanged(from: changed ?? 1)
    editNote = note
    if let selected = selectedClass, scenario.kind(of: selected) == nil {
      selectedClass = scenario.classes.first?.name
    }
    if let path = selectedPath, scenario.node(at: path) == nil { selectedPath = nil }
    hideError()
    rebuildMenus(scenario)
    refresh(animated: false)
  }

  // MARK: - The steps

  /// The step shown, 0-based in the events.
  private var shownIndex: Int { (history?.shown ?? 1) - 1 }

  /// Inserts `event` after the shown step (or before it), and shows it.
  func insertStep(_ event: Action, before: Bool = false) {
    let at = shownIndex + (before ? 0 : 1)
    change(tr("Insert Step"), show: { _ in at + 1 }) { _, events throws(EditError) in
      events = try StepEdits.insert(event, at: at, into: events)
    }
  }

  func replaceStep(with event: Action) {
    let at = shownIndex
    change(tr("Change Step")) { _, events throws(EditError) in
      events = try StepEdits.replace(at: at, with: event, in: events)
    }
  }

  func removeStep() {
    let at = shownIndex
    change(tr("Remove Step"), show: { shown in shown - 1 }) { _, events throws(EditError) in
      events = try StepEdits.remove(at: at, from: events)
    }
  }

  func moveStep(by offset: Int) {
    let at = shownIndex
    change(tr("Move Step"), show: { shown in shown + offset }) { _, events throws(EditError) in
      events = try StepEdits.move(at: at, by: offset, in: events)
    }
  }

  /// A step dragged in the timeline from one place to another (0-based in the events). The
  /// timeline is rebuilt from the session whether the move is taken or refused.
  func moveStep(from: Int, to: Int) {
    timelineChanged(from: 1)
    if !change(
      tr("Move Step"), show: { _ in to + 1 },
      { _, events throws(EditError) in
        events = try StepEdits.move(from: from, to: to, in: events)
      })
    {
      refresh(animated: false)
    }
  }

  /// The header bar's system switcher: the same app on another iOS version, every step replayed.
  func setSystemVersion(_ text: String) {
    guard let parsed = SystemVersion(text), parsed != history?.scenario.system.version else { return }
    change(.scenario(label: tr("Change System Version")) { $0.system.version = parsed })
  }

  // MARK: - The classes

  func addClass(_ name: String, kind: ControllerKind) {
    if change(
      tr("Add Class %s", name), { scenario, _ throws(EditError) in try scenario.addClass(name, kind: kind) })
    {
      select(className: name)
    }
  }

  /// Add Class: asks for the name and kind, then adds it.
  func askForNewClass() {
    Dialogs.askName(
      over: window, title: tr("Add Class"),
      detail: tr("The new class overrides nothing: it answers as UIKit's class does until you change it."),
      initial: "", kinds: ControllerKind.allCases
    ) { [unowned self] name, kind in self.addClass(name, kind: kind ?? .view) }
  }

  /// Rename Class: asks for the selected class's new name, then renames it.
  func askToRenameClass() {
    guard let selected = selectedClass else { return }
    Dialogs.askName(
      over: window, title: tr("Rename Class"),
      detail: tr("The tree, the steps, the actions and the expectations follow the new name."),
      initial: selected
    ) { [unowned self] name, _ in self.renameClass(selected, to: name) }
  }

  func renameClass(_ old: String, to new: String) {
    let renamed = change(tr("Rename Class %s", old)) { scenario, events throws(EditError) in
      try scenario.renameClass(old, to: new)
      // The session's events name classes too (a push, a present).
      events = events.map { $0.renamingClass(old, to: new) }
    }
    if renamed { select(className: new) }
  }

  func removeClass(_ name: String) {
    change(tr("Remove Class %s", name)) { scenario, events throws(EditError) in
      if let step = events.firstIndex(where: { $0.names(name) }) {
        throw EditError(
          tr(
            "%s cannot be removed while it is used: %s.", name,
            tr("step %s (%s)", step + 1, events[step].label)))
      }
      try scenario.removeClass(name)
    }
  }

  // MARK: - The tree

  func addController(_ className: String) {
    let under = selectedPath ?? NodePath()
    var added: NodePath?
    change(tr("Add Controller %s", className)) { scenario, _ throws(EditError) in
      added = try scenario.addController(className, under: under)
    }
    if let added { selectedPath = added }
  }

  func addWindow(rootClass: String) {
    guard let scenario = history?.scenario else { return }
    let name = (2...).lazy.map { "window\($0)" }.first { !scenario.windowNames.contains($0) }!
    if change(
      tr("Add Window %s", name),
      { scenario, _ throws(EditError) in
        try scenario.addWindow(name, rootClass: rootClass)
      })
    {
      selectedPath = NodePath(window: name)
    }
  }

  func removeController() {
    guard let path = selectedPath else { return }
    if change(
      tr("Remove Controller"), { scenario, _ throws(EditError) in try scenario.removeController(at: path) })
    {
      selectedPath = path.parent
    }
  }

  func moveController(by offset: Int) {
    guard let path = selectedPath else { return }
    var moved: NodePath?
    change(offset < 0 ? tr("Move Up") : tr("Move Down")) { scenario, _ throws(EditError) in
      moved = try scenario.moveController(at: path, by: offset)
    }
    if let moved { selectedPath = moved }
  }

  func setAsRoot() {
    guard let path = selectedPath else { return }
    if change(tr("Set as Root"), { scenario, _ throws(EditError) in try scenario.setAsRoot(path) }) {
      selectedPath = NodePath(window: path.window)
    }
  }

  /// A click on a controller of the tree: its class goes to the inspector, and where it hangs in
  /// the starting tree (if it does: a presented or pushed one does not) to the tree edits.
  func select(node id: Int) {
    guard let model, let node = model.tree.nodes.first(where: { $0.id == id }) else { return }
    let path = model.tree.path(of: id)
    selectedPath = path.flatMap { history?.scenario.node(at: $0)?.className == node.className ? $0 : nil }
    select(className: node.className)
  }
}
