import CGtk
import RotationCore

/// Edits the selected class's overrides and the app's configuration. Every edit replaces the
/// scenario, replays the history from launch and says where the outcome changed.
@MainActor
final class Inspector {
  unowned let window: MainWindow
  let root: Widget
  private var content: Widget?

  init(window: MainWindow) {
    self.window = window
    root = box(GTK_ORIENTATION_VERTICAL, spacing: 4)
    name(root, tr("Inspector"))
  }

  /// Schedules an edit after the current signal has finished (the edit rebuilds these widgets).
  func edit(_ change: @escaping (inout Scenario) -> Void) {
    guard !window.updating else { return }
    idle { [unowned self] in
      self.window.edit(tr("Edit"), change)
      return false
    }
  }

  /// Schedules a change of the session (`MainWindow.change`) after the current signal: the change
  /// rebuilds these widgets, the one whose signal runs included.
  func change(_ label: String, _ edit: @escaping (inout Scenario, inout [Action]) throws(EditError) -> Void) {
    guard !window.updating else { return }
    idle { [unowned self] in
      self.window.change(label, edit)
      return false
    }
  }

  /// What the widgets show now; a refresh with the same scenario and selection keeps them.
  private var shown: (scenario: Scenario, selected: String?)?

  func refresh() {
    if let shown, let scenario = window.history?.scenario, shown.scenario == scenario,
      shown.selected == window.selectedClass
    {
      return
    }
    shown = window.history.map { ($0.scenario, window.selectedClass) }
    if let content { gtk_widget_destroy(content) }
    let column = box(GTK_ORIENTATION_VERTICAL, spacing: 4)
    content = column
    pack(root, column)
    guard let scenario = window.history?.scenario else { return }
    window.updating = true
    defer { window.updating = false }
    classSection(scenario, into: column)
    appSection(scenario, into: column)
    gtk_widget_show_all(column)
  }

  // MARK: - The selected class

  private func classSection(_ scenario: Scenario, into column: Widget) {
    let chooser = gtk_combo_box_text_new()!
    name(chooser, tr("Inspected Class"))
    rl_combo_box_ellipsize(chooser)
    let names = scenario.classes.map(\.name)
    for name in names { gtk_combo_box_text_append_text(cast(raw(chooser)), name) }
    let selected = window.selectedClass.flatMap { names.firstIndex(of: $0) } ?? 0
    gtk_combo_box_set_active(cast(raw(chooser)), Int32(selected))
    onSignal(raw(chooser), "changed", owner: self) { [unowned self] in
      guard !self.window.updating else { return }
      let index = Int(gtk_combo_box_get_active(cast(raw(chooser))))
      if names.indices.contains(index) {
        let chosen = names[index]
        idle { [unowned self] in
          self.window.select(className: chosen)
          return false
        }
      }
    }
    pack(column, row(tr("Class"), chooser))
    pack(column, classButtons(selected: names.indices.contains(selected) ? names[selected] : nil))
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
    let flags = scenario.app.flags.map(\.name)
    pack(
      column,
      overrideEditor(
        "shouldAutorotate", accessibleName: tr("shouldAutorotate Override"), prefix: "shouldAutorotate",
        spec.shouldAutorotate, notOverridden: tr("not overridden (%s)", "YES"), fallback: true,
        forwards: forwards,
        flags: flags, literal: yesNoEditor
      ) { [unowned self] value in self.edit { $0.updateClass(className) { $0.shouldAutorotate = value } } })
    pack(
      column,
      overrideEditor(
        "supportedInterfaceOrientations", accessibleName: tr("Supported Orientations Override"),
        prefix: tr("Supported"), spec.supportedInterfaceOrientations,
        notOverridden: tr("not overridden (%s)", scenario.system.idiomDefaultMask.name),
        fallback: scenario.system.idiomDefaultMask, forwards: forwards, flags: flags, literal: maskEditor
      ) { [unowned self] value in
        self.edit { $0.updateClass(className) { $0.supportedInterfaceOrientations = value } }
      })
    pack(
      column,
      overrideEditor(
        "preferredInterfaceOrientation…", accessibleName: tr("Preferred Orientation Override"),
        prefix: tr("Preferred"), spec.preferredInterfaceOrientationForPresentation,
        notOverridden: tr("not overridden (status bar)"), fallback: .portrait, forwards: forwards,
        flags: flags,
        literal: orientationEditor
      ) { [unowned self] value in
        self.edit { $0.updateClass(className) { $0.preferredInterfaceOrientationForPresentation = value } }
      })
    if spec.kind.hasOrientationDelegate { delegateSection(spec, into: column) }
    codeSection(scenario, spec, into: column)
  }

  /// Add Class, Rename Class, Remove Class.
  private func classButtons(selected: String?) -> Widget {
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
    setSensitive(rename, selected != nil)
    setSensitive(remove, selected != nil)
    let owner = window
    onSignal(raw(add), "clicked", owner: owner) { [unowned owner] in
      Dialogs.askName(
        over: owner.window, title: tr("Add Class"),
        detail: tr("The new class overrides nothing: it answers as UIKit's class does until you change it."),
        initial: "", kinds: ControllerKind.allCases
      ) { [unowned owner] name, kind in owner.addClass(name, kind: kind ?? .view) }
    }
    onSignal(raw(rename), "clicked", owner: owner) { [unowned owner] in
      guard let selected else { return }
      Dialogs.askName(
        over: owner.window, title: tr("Rename Class"),
        detail: tr("The tree, the steps, the actions and the expectations follow the new name."),
        initial: selected
      ) { [unowned owner] name, _ in owner.renameClass(selected, to: name) }
    }
    onSignal(raw(remove), "clicked", owner: owner) { [unowned owner] in
      guard let selected else { return }
      idle { [unowned owner] in
        owner.removeClass(selected)
        return false
      }
    }
    return row
  }
}
