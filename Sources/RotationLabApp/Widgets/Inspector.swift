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
    onSignal(raw(chooser), "changed") { [unowned self] in
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

    // shouldAutorotate
    var shouldChoices: [(String, Override<Bool>?)] = [
      (tr("not overridden (%s)", "YES"), nil), ("YES", .value(.literal(true))),
      ("NO", .value(.literal(false))),
    ]
    shouldChoices += forwards.map { (tr("forward to %s", $0.property), .forward($0)) }
    for flag in scenario.app.flags.map(\.name) {
      shouldChoices.append(
        (
          tr("YES if %s, else NO", flag),
          .value(.conditional(flag: flag, then: .literal(true), else: .literal(false)))
        ))
      shouldChoices.append(
        (
          tr("NO if %s, else YES", flag),
          .value(.conditional(flag: flag, then: .literal(false), else: .literal(true)))
        ))
    }
    if let current = spec.shouldAutorotate, !shouldChoices.contains(where: { $0.1 == current }) {
      shouldChoices.append((tr("as in the file"), current))
    }
    pack(
      column,
      row(
        "shouldAutorotate",
        combo(tr("shouldAutorotate Override"), shouldChoices, current: spec.shouldAutorotate) {
          [unowned self] value in
          self.edit { $0.updateClass(className) { $0.shouldAutorotate = value } }
        }))

    // supportedInterfaceOrientations
    let currentMask: OrientationMask
    if case .value(.literal(let mask))? = spec.supportedInterfaceOrientations {
      currentMask = mask
    } else {
      currentMask = scenario.system.idiomDefaultMask
    }
    var supportedChoices: [(String, Override<OrientationMask>?)] = [
      (tr("not overridden (%s)", scenario.system.idiomDefaultMask.name), nil),
      (tr("a mask"), .value(.literal(currentMask))),
    ]
    supportedChoices += forwards.map { (tr("forward to %s", $0.property), .forward($0)) }
    // A condition on a flag: one mask when the flag is YES, another when NO (edited below).
    var conditionalMasks: (flag: String, then: OrientationMask, else: OrientationMask)?
    if case .value(.conditional(let flag, .literal(let then), .literal(let otherwise)))? =
      spec.supportedInterfaceOrientations
    {
      conditionalMasks = (flag, then, otherwise)
    }
    for flag in scenario.app.flags.map(\.name) {
      let value: Override<OrientationMask> =
        conditionalMasks?.flag == flag
        ? spec.supportedInterfaceOrientations!
        : .value(.conditional(flag: flag, then: .literal(currentMask), else: .literal(.portrait)))
      supportedChoices.append((tr("one mask if %s, another if not", flag), value))
    }
    let supportedCurrent: Override<OrientationMask>? =
      spec.supportedInterfaceOrientations.map { override -> Override<OrientationMask> in
        if case .value(.literal) = override { return .value(.literal(currentMask)) }
        return override
      }
    // Anything the choices cannot say (nested conditions, another child index): kept as written.
    if let current = supportedCurrent, !supportedChoices.contains(where: { $0.1 == current }) {
      supportedChoices.append((tr("as in the file"), current))
    }
    pack(
      column,
      row(
        "supportedInterfaceOrientations",
        combo(tr("Supported Orientations Override"), supportedChoices, current: supportedCurrent) {
          [unowned self] value in
          self.edit { $0.updateClass(className) { $0.supportedInterfaceOrientations = value } }
        }))
    if let conditional = conditionalMasks {
      pack(column, label(tr("    if %s:", conditional.flag)))
      pack(
        column,
        maskChecks(prefix: tr("Supported if %s", conditional.flag), mask: conditional.then, sensitive: true) {
          [unowned self] mask in
          self.edit {
            $0.updateClass(className) {
              $0.supportedInterfaceOrientations = .value(
                .conditional(flag: conditional.flag, then: .literal(mask), else: .literal(conditional.else)))
            }
          }
        })
      pack(column, label(tr("    otherwise:")))
      pack(
        column,
        maskChecks(prefix: tr("Supported otherwise"), mask: conditional.else, sensitive: true) {
          [unowned self] mask in
          self.edit {
            $0.updateClass(className) {
              $0.supportedInterfaceOrientations = .value(
                .conditional(flag: conditional.flag, then: .literal(conditional.then), else: .literal(mask)))
            }
          }
        })
    } else {
      var isLiteral = false
      if case .value(.literal)? = spec.supportedInterfaceOrientations { isLiteral = true }
      pack(
        column,
        maskChecks(prefix: tr("Supported"), mask: currentMask, sensitive: isLiteral) { [unowned self] mask in
          self.edit {
            $0.updateClass(className) { $0.supportedInterfaceOrientations = .value(.literal(mask)) }
          }
        })
    }

    // preferredInterfaceOrientationForPresentation
    var preferredChoices: [(String, Override<InterfaceOrientation>?)] = [
      (tr("not overridden (status bar)"), nil)
    ]
    preferredChoices += InterfaceOrientation.concrete.map { ($0.name, .value(.literal($0))) }
    preferredChoices += forwards.map { (tr("forward to %s", $0.property), .forward($0)) }
    if let current = spec.preferredInterfaceOrientationForPresentation,
      !preferredChoices.contains(where: { $0.1 == current })
    {
      preferredChoices.append((tr("as in the file"), current))
    }
    pack(
      column,
      row(
        "preferredInterfaceOrientation…",
        combo(
          tr("Preferred Orientation Override"), preferredChoices,
          current: spec.preferredInterfaceOrientationForPresentation
        ) { [unowned self] value in
          self.edit { $0.updateClass(className) { $0.preferredInterfaceOrientationForPresentation = value } }
        }))
    if spec.kind.hasOrientationDelegate { delegateSection(spec, into: column) }
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
    onSignal(raw(add), "clicked") { [unowned owner] in
      Dialogs.askName(
        over: owner.window, title: tr("Add Class"),
        detail: tr("The new class overrides nothing: it answers as UIKit's class does until you change it."),
        initial: "", kinds: ControllerKind.allCases
      ) { [unowned owner] name, kind in owner.addClass(name, kind: kind ?? .view) }
    }
    onSignal(raw(rename), "clicked") { [unowned owner] in
      guard let selected else { return }
      Dialogs.askName(
        over: owner.window, title: tr("Rename Class"),
        detail: tr("The tree, the steps, the actions and the expectations follow the new name."),
        initial: selected
      ) { [unowned owner] name, _ in owner.renameClass(selected, to: name) }
    }
    onSignal(raw(remove), "clicked") { [unowned owner] in
      guard let selected else { return }
      idle { [unowned owner] in
        owner.removeClass(selected)
        return false
      }
    }
    return row
  }

  // MARK: - The app

  private func appSection(_ scenario: Scenario, into column: Widget) {
    let heading = label("")
    setMarkup(heading, "<b>" + tr("App and device") + "</b>")
    gtk_widget_set_margin_top(heading, 10)
    pack(column, heading)

    let hasPlist = check(tr("Info.plist lists orientations"), active: scenario.app.infoPlist != nil) {
      [unowned self] on in
      self.edit {
        $0.app.infoPlist = on ? ($0.app.infoPlist ?? [.portrait, .landscapeLeft, .landscapeRight]) : nil
      }
    }
    name(hasPlist, tr("Info.plist Has Key"))
    pack(column, hasPlist)
    let plistMask = scenario.app.infoPlist.map(OrientationMask.init) ?? scenario.system.idiomDefaultMask
    pack(
      column,
      maskChecks(prefix: "Info.plist", mask: plistMask, sensitive: scenario.app.infoPlist != nil) {
        [unowned self] mask in
        self.edit { scenario in
          // Keep the file's order for orientations that stay (it decides the launch orientation).
          let kept = (scenario.app.infoPlist ?? []).filter { mask.contains($0) }
          scenario.app.infoPlist = kept + mask.orientations.filter { !kept.contains($0) }
        }
      })

    let delegateValue = scenario.app.supportedInterfaceOrientationsForWindow
    let implements = check(
      tr("App delegate implements supportedInterfaceOrientationsForWindow:"), active: delegateValue != nil
    ) { [unowned self] on in
      self.edit { $0.app.supportedInterfaceOrientationsForWindow = on ? .literal(.allButUpsideDown) : nil }
    }
    name(implements, tr("Delegate Implements Window Mask"))
    pack(column, implements)
    if case .conditional(let flag, _, _)? = delegateValue {
      let note = label(tr("Its answer depends on %s (edit the file to change it).", flag), wrap: true)
      addStyleClass(note, "dim-label")
      pack(column, note)
    } else {
      var delegateMask = OrientationMask.allButUpsideDown
      if case .literal(let mask)? = delegateValue { delegateMask = mask }
      pack(
        column,
        maskChecks(prefix: tr("Delegate"), mask: delegateMask, sensitive: delegateValue != nil) {
          [unowned self] mask in
          self.edit { $0.app.supportedInterfaceOrientationsForWindow = .literal(mask) }
        })
    }

    let idioms: [(String, Idiom?)] = [("iPhone", .phone), ("iPad", .pad)]
    pack(
      column,
      row(
        tr("Idiom"),
        combo(tr("Idiom"), idioms, current: scenario.system.idiom) { [unowned self] value in
          self.edit { $0.system.idiom = value ?? .phone }
        }))
    let home = check(tr("Home button"), active: scenario.system.homeButton) { [unowned self] on in
      self.edit { $0.system.homeButton = on }
    }
    name(home, tr("Home Button"))
    pack(column, home)

    let version = gtk_entry_new()!
    name(version, tr("System Version"))
    gtk_entry_set_text(cast(raw(version)), scenario.system.version.text)
    gtk_entry_set_width_chars(cast(raw(version)), 6)
    onSignal(raw(version), "activate") { [unowned self] in
      let text = String(cString: gtk_entry_get_text(cast(raw(version))))
      guard let parsed = SystemVersion(text), parsed.major >= 6 else {
        self.window.showError(
          tr("“%s” is not a system version Rotation Lab models: expected iOS 6 or later, such as 13.0.", text)
        )
        return
      }
      self.edit { $0.system.version = parsed }
    }
    pack(column, row(tr("System version (Enter)"), version))

    if !scenario.app.flags.isEmpty {
      let flagsHeading = label(tr("Flags at launch"))
      addStyleClass(flagsHeading, "dim-label")
      pack(column, flagsHeading)
      for flag in scenario.app.flags {
        let toggle = check(flag.name, active: flag.value) { [unowned self] on in
          self.edit { scenario in
            if let index = scenario.app.flags.firstIndex(where: { $0.name == flag.name }) {
              scenario.app.flags[index].value = on
            }
          }
        }
        name(toggle, tr("Flag %s", flag.name))
        pack(column, toggle)
      }
    }
  }

  // MARK: - Widgets

  /// A caption over its control: the control has the column's whole width, so its value reads
  /// whole at a laptop's width (a long caption is ellipsized, with the whole in its tooltip).
  func row(_ title: String, _ control: Widget) -> Widget {
    let line = box(GTK_ORIENTATION_VERTICAL, spacing: 2)
    let caption = label(title)
    gtk_label_set_ellipsize(cast(raw(caption)), PANGO_ELLIPSIZE_END)
    gtk_widget_set_tooltip_text(caption, title)
    gtk_widget_set_margin_top(line, 4)
    pack(line, caption)
    pack(line, control)
    return line
  }

  func combo<T: Equatable>(
    _ accessibleName: String, _ choices: [(String, T?)], current: T?, onChange: @escaping (T?) -> Void
  ) -> Widget {
    let combo = gtk_combo_box_text_new()!
    name(combo, accessibleName)
    for choice in choices { gtk_combo_box_text_append_text(cast(raw(combo)), choice.0) }
    let index = choices.firstIndex(where: { $0.1 == current }) ?? 0
    gtk_combo_box_set_active(cast(raw(combo)), Int32(index))
    // As wide as the column: a long value is ellipsized, whole in the tooltip and the open list.
    rl_combo_box_ellipsize(combo)
    if choices.indices.contains(index) { gtk_widget_set_tooltip_text(combo, choices[index].0) }
    onSignal(raw(combo), "changed") { [unowned self] in
      guard !self.window.updating else { return }
      let chosen = Int(gtk_combo_box_get_active(cast(raw(combo))))
      if choices.indices.contains(chosen) { onChange(choices[chosen].1) }
    }
    return combo
  }

  func check(_ title: String, active: Bool, onToggle: @escaping (Bool) -> Void) -> Widget {
    let toggle = gtk_check_button_new_with_label(title)!
    // A long title (a selector) is ellipsized within the column, whole in the tooltip.
    if let text = gtk_bin_get_child(cast(raw(toggle))) {
      gtk_label_set_ellipsize(cast(raw(text)), PANGO_ELLIPSIZE_MIDDLE)
      gtk_widget_set_tooltip_text(toggle, title)
    }
    gtk_toggle_button_set_active(cast(raw(toggle)), active ? 1 : 0)
    onSignal(raw(toggle), "toggled") { [unowned self] in
      guard !self.window.updating else { return }
      onToggle(gtk_toggle_button_get_active(cast(raw(toggle))) != 0)
    }
    return toggle
  }

  /// Four check buttons, one per interface orientation; an edit that would empty the mask is refused.
  func maskChecks(
    prefix: String, mask: OrientationMask, sensitive: Bool, onChange: @escaping (OrientationMask) -> Void
  )
    -> Widget
  {
    let line = gtk_grid_new()!
    gtk_grid_set_column_spacing(cast(raw(line)), 8)
    gtk_widget_set_margin_start(line, 12)
    var toggles: [(InterfaceOrientation, Widget)] = []
    for (index, orientation) in InterfaceOrientation.concrete.enumerated() {
      let toggle = gtk_check_button_new_with_label(orientation.name)!
      name(toggle, "\(prefix) \(orientation.name)")
      gtk_toggle_button_set_active(cast(raw(toggle)), mask.contains(orientation) ? 1 : 0)
      setSensitive(toggle, sensitive)
      toggles.append((orientation, toggle))
      gtk_grid_attach(cast(raw(line)), toggle, Int32(index % 2), Int32(index / 2), 1, 1)
    }
    for (_, toggle) in toggles {
      onSignal(raw(toggle), "toggled") { [unowned self] in
        guard !self.window.updating else { return }
        let chosen = OrientationMask(
          toggles.filter { gtk_toggle_button_get_active(cast(raw($0.1))) != 0 }.map(\.0))
        guard !chosen.isEmpty else {
          self.window.showError(
            tr("A mask needs at least one orientation: UIKit treats an empty mask as invalid."))
          self.refresh()
          return
        }
        onChange(chosen)
      }
    }
    return line
  }
}
