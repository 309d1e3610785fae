import CGtk
import RotationCore
import RotationResources

/// New Scenario (Ctrl+N): a template — one of the shapes apps are built in, or the set-up of one
/// of the seed articles' bundled scenarios — with the system, the device and Info.plist's
/// orientations chosen in the same dialog. A seed's set-up fills them in as its article had them.
@MainActor
final class NewScenarioDialog {
  /// A starting point: its title and the scenario it makes.
  struct Template {
    var title: String
    /// The structure (classes, trees, app) to start from; its system and Info.plist are replaced
    /// by the dialog's.
    var scenario: Scenario
  }

  static let versions = ["9.0", "12.0", "13.0", "15.0", "16.0", "17.0", "18.0", "26.0"]
  static let devices: [(String, Idiom, Bool)] = [
    (tr("iPhone with a Home button"), .phone, true), (tr("iPhone without a Home button"), .phone, false),
    (tr("iPad"), .pad, false),
  ]

  /// The templates, then each bundled seed scenario's set-up (its steps cut to launch).
  static func templates() -> [Template] {
    let system = SystemConfig(version: SystemVersion("16.0")!, idiom: .phone, homeButton: false)
    var list = ScenarioTemplate.allCases.map { template in
      Template(
        title: template.title,
        scenario: template.scenario(system: system, infoPlist: [.portrait, .landscapeLeft, .landscapeRight]))
    }
    for path in Resources.bundledScenarios where PathName.last(path).hasPrefix("seed") {
      guard var scenario = try? ScenarioDecoder.load(path: path) else { continue }
      scenario.steps = [.launch]
      scenario.expectations = []
      list.append(Template(title: tr("Set-up of %s", scenario.title), scenario: scenario))
    }
    return list
  }

  let dialog: Widget
  let template = named(gtk_combo_box_text_new(), tr("Template"))
  let version = named(gtk_combo_box_text_new(), tr("System Version"))
  let device = named(gtk_combo_box_text_new(), tr("Device"))
  let hasPlist = gtk_check_button_new_with_label("UISupportedInterfaceOrientations")!
  let orientations: [(InterfaceOrientation, Widget)]
  let choices = NewScenarioDialog.templates()

  /// Shows the dialog over `window`; `create` gets the new scenario.
  init(over window: Widget, create: @escaping @MainActor (Scenario) -> Void) {
    dialog = gtk_dialog_new()!
    gtk_window_set_title(cast(raw(dialog)), tr("New Scenario"))
    gtk_window_set_transient_for(cast(raw(dialog)), cast(raw(window)))
    gtk_window_set_modal(cast(raw(dialog)), 1)
    gtk_dialog_add_button(cast(raw(dialog)), tr("_Cancel"), GTK_RESPONSE_CANCEL.rawValue)
    let createButton = gtk_dialog_add_button(cast(raw(dialog)), tr("C_reate"), GTK_RESPONSE_ACCEPT.rawValue)!
    name(createButton, tr("Create"))
    gtk_dialog_set_default_response(cast(raw(dialog)), GTK_RESPONSE_ACCEPT.rawValue)
    orientations = InterfaceOrientation.concrete.map { orientation in
      let check = gtk_check_button_new_with_label(orientation.name)!
      name(check, tr("Info.plist %s", orientation.name))
      return (orientation, check)
    }
    name(hasPlist, tr("Info.plist lists orientations"))
    for choice in choices { gtk_combo_box_text_append_text(cast(raw(template)), choice.title) }
    rl_combo_box_ellipsize(template)
    for item in Self.versions { gtk_combo_box_text_append_text(cast(raw(version)), "iOS \(item)") }
    for (title, _, _) in Self.devices { gtk_combo_box_text_append_text(cast(raw(device)), title) }

    let grid = gtk_grid_new()!
    gtk_grid_set_row_spacing(cast(raw(grid)), 6)
    gtk_grid_set_column_spacing(cast(raw(grid)), 12)
    gtk_container_set_border_width(cast(raw(grid)), 12)
    let checks = box(GTK_ORIENTATION_VERTICAL, spacing: 2)
    pack(checks, hasPlist)
    for (_, check) in orientations {
      gtk_widget_set_margin_start(check, 20)
      pack(checks, check)
    }
    for (row, (title, control)) in [
      (tr("Template"), template), (tr("System"), version), (tr("Device"), device), ("Info.plist", checks),
    ].enumerated() {
      let caption = label(title, xalign: 1)
      gtk_widget_set_valign(caption, GTK_ALIGN_START)
      gtk_grid_attach(cast(raw(grid)), caption, 0, Int32(row), 1, 1)
      gtk_widget_set_hexpand(control, 1)
      gtk_grid_attach(cast(raw(grid)), control, 1, Int32(row), 1, 1)
    }
    gtk_widget_set_size_request(grid, 460, -1)
    gtk_container_add(cast(raw(gtk_dialog_get_content_area(cast(raw(dialog))))), grid)

    onSignal(raw(template), "changed", owner: self) { [unowned self] in self.fill(from: self.chosen.scenario)
    }
    onSignal(raw(hasPlist), "toggled", owner: self) { [unowned self] in self.enablePlist() }
    gtk_combo_box_set_active(cast(raw(template)), 0)
    // The response handler holds the dialog's object until the dialog is destroyed with it.
    onResponse(raw(dialog), owner: self) { response in
      let scenario = GtkResponseType(rawValue: response) == GTK_RESPONSE_ACCEPT ? self.made() : nil
      gtk_widget_destroy(self.dialog)
      if let scenario { create(scenario) }
    }
    gtk_widget_show_all(dialog)
  }

  private var chosen: Template {
    choices[max(0, min(choices.count - 1, Int(gtk_combo_box_get_active(cast(raw(template))))))]
  }

  /// Sets the system, device and Info.plist fields to a template's.
  private func fill(from scenario: Scenario) {
    let system = scenario.system
    let versionIndex =
      Self.versions.firstIndex { SystemVersion($0)! == system.version } ?? Self.versions.count - 2
    gtk_combo_box_set_active(cast(raw(version)), Int32(versionIndex))
    let deviceIndex = Self.devices.firstIndex {
      $0.1 == system.idiom && ($0.1 == .pad || $0.2 == system.homeButton)
    }
    gtk_combo_box_set_active(cast(raw(device)), Int32(deviceIndex ?? 1))
    gtk_toggle_button_set_active(cast(raw(hasPlist)), scenario.app.infoPlist == nil ? 0 : 1)
    for (orientation, check) in orientations {
      gtk_toggle_button_set_active(
        cast(raw(check)), scenario.app.infoPlist?.contains(orientation) == true ? 1 : 0)
    }
    enablePlist()
  }

  private func enablePlist() {
    let on = gtk_toggle_button_get_active(cast(raw(hasPlist))) != 0
    for (_, check) in orientations { setSensitive(check, on) }
  }

  /// The chosen template with the dialog's system, device and Info.plist.
  private func made() -> Scenario {
    var scenario = chosen.scenario
    let versionIndex = max(0, Int(gtk_combo_box_get_active(cast(raw(version)))))
    let (_, idiom, homeButton) = Self.devices[max(0, Int(gtk_combo_box_get_active(cast(raw(device)))))]
    scenario.system = SystemConfig(
      version: SystemVersion(Self.versions[versionIndex])!, idiom: idiom, homeButton: homeButton,
      multitasking: scenario.system.multitasking)
    if gtk_toggle_button_get_active(cast(raw(hasPlist))) != 0 {
      scenario.app.infoPlist = orientations.filter { gtk_toggle_button_get_active(cast(raw($0.1))) != 0 }.map(
        \.0)
    } else {
      scenario.app.infoPlist = nil
    }
    return scenario
  }
}
