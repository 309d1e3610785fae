import CGtk
import RotationCore

/// Edits the selected class's overrides and the app's configuration. It shows the scenario and the
/// class it is given (`show`) and asks every change of the session it owns (`ask`), which
/// replays the history from launch and says where the outcome changed; choosing another class,
/// and adding, renaming or removing one, are window actions (`win.select-class`…). It holds
/// neither the window nor the session.
@MainActor
final class Inspector {
  let root: Widget
  private var content: Widget?
  /// Asks the session for an edit; says whether the session changed.
  private let ask: @MainActor (SessionEdit) -> Bool
  /// Set while the inspector builds its widgets, so their change signals do not act.
  var updating = false

  init(ask: @escaping @MainActor (SessionEdit) -> Bool) {
    self.ask = ask
    root = box(GTK_ORIENTATION_VERTICAL, spacing: 4)
    name(root, tr("Inspector"))
  }

  /// The window the inspector is in: dialogs are its children.
  var toplevel: Widget { gtk_widget_get_toplevel(root) }

  /// Schedules an edit of the scenario after the current signal has finished (the edit rebuilds
  /// these widgets).
  func edit(_ change: @escaping (inout Scenario) -> Void) {
    self.change(SessionEdit.scenario(change))
  }

  /// Schedules a change of the session after the current signal: the change rebuilds these
  /// widgets, the one whose signal runs included. A refused change leaves the session as it was,
  /// so the widgets are shown again as the session has them.
  func change(_ label: String, _ edit: @escaping (inout Scenario, inout [Action]) throws(EditError) -> Void) {
    change(SessionEdit(label: label, apply: edit))
  }

  func change(_ edit: SessionEdit) {
    guard !updating else { return }
    idle { [unowned self] in
      if !self.ask(edit) { self.showAgain() }
      return false
    }
  }

  /// What the widgets show now; showing the same scenario and selection keeps them.
  private var shown: (scenario: Scenario, selected: String?)?

  func show(_ scenario: Scenario, selectedClass: String?) {
    if let shown, shown.scenario == scenario, shown.selected == selectedClass { return }
    shown = (scenario, selectedClass)
    if let content { gtk_widget_destroy(content) }
    let column = box(GTK_ORIENTATION_VERTICAL, spacing: 4)
    content = column
    pack(root, column)
    updating = true
    defer { updating = false }
    classSection(scenario, selectedClass: selectedClass, into: column)
    appSection(scenario, into: column)
    gtk_widget_show_all(column)
  }

  /// Builds the widgets again from what they showed: after a refused edit, a check the person
  /// toggled shows the session's value again.
  func showAgain() {
    guard let shown else { return }
    self.shown = nil
    show(shown.scenario, selectedClass: shown.selected)
  }

  // MARK: - The selected class

  private func classSection(_ scenario: Scenario, selectedClass: String?, into column: Widget) {
    let chooser = gtk_combo_box_text_new()!
    name(chooser, tr("Inspected Class"))
    rl_combo_box_ellipsize(chooser)
    scrollsThePane(chooser)
    let names = scenario.classes.map(\.name)
    for name in names { gtk_combo_box_text_append_text(cast(raw(chooser)), name) }
    let selected = selectedClass.flatMap { names.firstIndex(of: $0) } ?? 0
    gtk_combo_box_set_active(cast(raw(chooser)), Int32(selected))
    onSignal(raw(chooser), "changed", owner: self) { [unowned self] in
      guard !self.updating else { return }
      let index = Int(gtk_combo_box_get_active(cast(raw(chooser))))
      if names.indices.contains(index) {
        let chosen = names[index]
        idle { [unowned self] in
          // After this signal: choosing rebuilds these widgets, the chooser included.
          activate(.selectClass, target: chosen, from: self.root)
          return false
        }
      }
    }
    pack(column, row(tr("Class"), chooser))
    pack(column, classButtons())
    guard names.indices.contains(selected) else { return }
    let spec = scenario.classes[selected]
    let className = spec.name
    let kindNote = label(
      spec.category.map { tr("UIKit's %s, changed by the app's category or extension (%s)", className, $0) }
        ?? (spec.external
          ? tr("%s subclass, not the app's", spec.kind.uikitClass) : tr("%s subclass", spec.kind.uikitClass)),
      wrap: true)
    addStyleClass(kindNote, "dim-label")
    pack(column, kindNote)
    if let origin = spec.origin {
      // An imported class: where its code (or storyboard scene) is.
      // TRANSLATORS: where an imported class's code is, "from Sources/HomeViewController.swift:12".
      let from = label(tr("from %s", origin), selectable: true)
      name(from, tr("Class Origin"))
      addStyleClass(from, "dim-label")
      gtk_label_set_ellipsize(cast(raw(from)), PANGO_ELLIPSIZE_START)
      gtk_widget_set_tooltip_text(from, origin)
      pack(column, from)
    }

    let forwards = ForwardTarget.offered(for: spec.kind)
    let context = ValueContext(scenario, className: className)
    pack(
      column,
      overrideEditor(
        "shouldAutorotate", accessibleName: tr("shouldAutorotate Override"), prefix: "shouldAutorotate",
        spec.shouldAutorotate, notOverridden: tr("not overridden (%s)", "YES"), fallback: true,
        forwards: forwards,
        context: context, literal: yesNoEditor
      ) { [unowned self] value in self.edit { $0.updateClass(className) { $0.shouldAutorotate = value } } })
    pack(
      column,
      overrideEditor(
        "supportedInterfaceOrientations", accessibleName: tr("Supported Orientations Override"),
        prefix: tr("Supported"), spec.supportedInterfaceOrientations,
        notOverridden: tr("not overridden (%s)", scenario.system.idiomDefaultMask.name),
        fallback: scenario.system.idiomDefaultMask, forwards: forwards, context: context, literal: maskEditor
      ) { [unowned self] value in
        self.edit { $0.updateClass(className) { $0.supportedInterfaceOrientations = value } }
      })
    pack(
      column,
      overrideEditor(
        "preferredInterfaceOrientation…", accessibleName: tr("Preferred Orientation Override"),
        prefix: tr("Preferred"), spec.preferredInterfaceOrientationForPresentation,
        notOverridden: tr("not overridden (status bar)"), fallback: .portrait, forwards: forwards,
        context: context,
        literal: orientationEditor
      ) { [unowned self] value in
        self.edit { $0.updateClass(className) { $0.preferredInterfaceOrientationForPresentation = value } }
      })
    lockSection(scenario, spec, into: column)
    if spec.kind.hasOrientationDelegate { delegateSection(spec, context: context, into: column) }
    stateSection(spec.properties, owner: className, into: column)
    observersSection(spec, into: column)
    codeSection(scenario, spec, into: column)
  }

  /// Add Class, Rename Class, Remove Class: window actions on the selected class.
  private func classButtons() -> Widget {
    let row = EditBar.row()
    let add = EditBar.iconButton(
      tr("Add Class"), tooltip: tr("Declare a new class"), icon: "list-add-symbolic")
    let rename = EditBar.iconButton(
      tr("Rename Class"), tooltip: tr("Rename the class everywhere it is named"),
      icon: "document-edit-symbolic")
    let remove = EditBar.iconButton(
      tr("Remove Class"), tooltip: tr("Remove the class (only while nothing uses it)"),
      icon: "list-remove-symbolic")
    for control in [add, rename, remove] { pack(row, control) }
    bind(add, to: .addClass)
    bind(rename, to: .renameClass)
    bind(remove, to: .removeClass)
    return row
  }
}
