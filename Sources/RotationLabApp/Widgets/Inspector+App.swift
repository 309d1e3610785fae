import CGtk
import RotationCore

/// The inspector's part for the app and the device: Info.plist, the app delegate's mask, the
/// idiom, the Home button, the system version and the flags.
extension Inspector {
  func appSection(_ scenario: Scenario, into column: Widget) {
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
    if let delegateValue {
      pack(
        column,
        // Only the app delegate is asked per window, so only its answer may depend on one.
        valueEditor(
          tr("Delegate"), delegateValue, context: ValueContext(scenario, className: nil), literal: maskEditor
        ) {
          [unowned self] value in self.edit { $0.app.supportedInterfaceOrientationsForWindow = value }
        })
    }

    let idioms: [(String, Idiom?)] = [("iPhone", .phone), ("iPad", .pad)]
    pack(
      column,
      row(
        tr("Idiom"),
        combo(tr("Idiom"), idioms, current: scenario.system.idiom) { [unowned self] value in
          self.edit {
            $0.system.idiom = value ?? .phone
            $0.system.dropSettingsThatDoNotApply()
          }
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
    onSignal(raw(version), "activate", owner: self) { [unowned self] in
      let text = String(cString: gtk_entry_get_text(cast(raw(version))))
      guard let parsed = SystemVersion(text), parsed.major >= 6 else {
        return self.change(
          .refused(
            tr(
              "“%s” is not a system version Rotation Lab models: expected iOS 6 or later, such as 13.0.", text
            )
          ))
      }
      self.edit {
        $0.system.version = parsed
        $0.system.dropSettingsThatDoNotApply()
      }
    }
    pack(column, row(tr("System version (Enter)"), version))
    windowingSection(scenario, into: column)
    pluginSection(scenario, into: column)

    let addFlag = EditBar.iconButton(
      tr("Add Flag"), tooltip: tr("A flag of the app that answers and actions read and set"),
      icon: "list-add-symbolic")
    onSignal(raw(addFlag), "clicked", owner: self) { [unowned self] in
      Dialogs.askName(
        over: self.toplevel, title: tr("Add Flag"),
        detail: tr("A Boolean of the app's code, NO at launch; answers can depend on it, actions set it."),
        initial: "", field: tr("Flag Name")
      ) { [unowned self] name, _ in
        self.change(tr("Add Flag %s", name)) { scenario, _ throws(EditError) in try scenario.addFlag(name) }
      }
    }
    pack(column, sectionRow(tr("Flags at launch"), addFlag))
    for flag in scenario.app.flags {
      let line = box(GTK_ORIENTATION_HORIZONTAL, spacing: 4)
      let toggle = check(flag.name, active: flag.value) { [unowned self] on in
        self.edit { scenario in
          if let index = scenario.app.flags.firstIndex(where: { $0.name == flag.name }) {
            scenario.app.flags[index].value = on
          }
        }
      }
      name(toggle, tr("Flag %s", flag.name))
      pack(line, toggle, expand: true)
      let remove = removeButton(
        tr("Remove Flag %s", flag.name), tooltip: tr("Remove the flag (only while nothing uses it)")
      ) { scenario throws(EditError) in try scenario.removeFlag(flag.name) }
      pack(line, remove)
      pack(column, line)
    }
    stateSection(scenario.app.state, owner: nil, into: column)
  }
}
