import CGtk
import RotationCore

/// The inspector's part for a cross-platform app (docs/rules.md#plugins): the framework and its
/// version, and the orientation plugins with theirs. A version is typed and takes effect on Enter;
/// an edit the scenario cannot take (a plugin still called) is refused, saying why.
extension Inspector {
  func pluginSection(_ scenario: Scenario, into column: Widget) {
    let frameworks: [(String, FrameworkName?)] =
      [(tr("none (a native app)"), nil)] + FrameworkName.allCases.map { ($0.rawValue, $0) }
    pack(
      column,
      row(
        tr("Framework"),
        combo(tr("Framework"), frameworks, current: scenario.app.framework?.name) { [unowned self] name in
          let version = scenario.app.framework?.version ?? PackageVersion("1.0.0")!
          self.change(tr("Framework")) { scenario, _ throws(EditError) in
            try scenario.setFramework(name.map { Framework(name: $0, version: version) })
          }
        }))
    if let framework = scenario.app.framework {
      pack(
        column,
        versionEntry(tr("Framework Version"), framework.version) { [unowned self] version in
          self.change(tr("Framework Version")) { scenario, _ throws(EditError) in
            try scenario.setFramework(Framework(name: framework.name, version: version))
          }
        })
    }
    let add = EditBar.menuButton(
      tr("Add Plugin"), tooltip: tr("An orientation plugin the app's Dart or JavaScript code calls"),
      icon: "list-add-symbolic")
    let known = PluginCatalog.all.filter { plugin in
      plugin.name != PluginCatalog.flutter.name && !scenario.app.plugins.contains { $0.name == plugin.name }
        && plugin.refusal(in: scenario.app.framework?.name) == nil
    }
    EventMenu.set(add, known.map { MenuEntry.item($0.name, $0.name) }, owner: self) { [unowned self] name in
      self.change(tr("Add %s", name)) { scenario, _ throws(EditError) in
        try scenario.setPlugin(name, version: PackageVersion("1.0.0")!)
      }
    }
    pack(column, sectionRow(tr("Orientation plugins"), add))
    for use in scenario.app.plugins {
      let line = box(GTK_ORIENTATION_HORIZONTAL, spacing: 4)
      pack(
        line,
        versionEntry(tr("Version of %s", use.name), use.version, caption: use.name) {
          [unowned self] version in
          self.change(tr("Version of %s", use.name)) { scenario, _ throws(EditError) in
            try scenario.setPlugin(use.name, version: version)
          }
        }, expand: true)
      let remove = removeButton(
        tr("Remove Plugin %s", use.name), tooltip: tr("Remove the plugin (only while nothing calls it)")
      ) { scenario throws(EditError) in try scenario.removePlugin(use.name) }
      pack(line, remove)
      pack(column, line)
    }
  }

  /// A version typed in an entry, taken on Enter; a version that does not parse is refused.
  private func versionEntry(
    _ accessibleName: String, _ current: PackageVersion, caption: String? = nil,
    onChange: @escaping (PackageVersion) -> Void
  ) -> Widget {
    let entry = gtk_entry_new()!
    name(entry, accessibleName)
    gtk_entry_set_text(cast(raw(entry)), current.text)
    gtk_entry_set_width_chars(cast(raw(entry)), 8)
    onSignal(raw(entry), "activate", owner: self) { [unowned self] in
      let text = String(cString: gtk_entry_get_text(cast(raw(entry))))
      guard let version = PackageVersion(text) else {
        return self.change(.refused(tr("“%s” is not a package version: expected one such as 1.7.0.", text)))
      }
      onChange(version)
    }
    return row((caption ?? accessibleName) + " " + tr("(Enter)"), entry)
  }
}
