import CGtk
import FoundationEssentials
import RotationCore
import RotationResources

/// The header bar: the scenario's title and the file and step as subtitle from the first frame;
/// Open, Save, Export, the stepper, the system version switcher, Compare and the main menu once
/// the panels are built (`buildControls`).
@MainActor
final class HeaderBar {
  let widget: Widget
  private(set) var controlsBuilt = false
  lazy var saveButton: Widget = button(
    tr("Save"), tooltip: tr("Save the scenario with its steps (Ctrl+S)"), icon: "document-save-symbolic")
  lazy var backButton: Widget = button(
    tr("Step Back"), tooltip: tr("Show the previous step (Alt+Left)"), icon: "go-previous-symbolic")
  lazy var forwardButton: Widget = button(
    tr("Step Forward"), tooltip: tr("Show the next step (Alt+Right)"), icon: "go-next-symbolic")
  lazy var undoButton: Widget = button(tr("Undo"), tooltip: tr("Undo (Ctrl+Z)"), icon: "edit-undo-symbolic")
  lazy var redoButton: Widget = button(
    tr("Redo"), tooltip: tr("Redo (Ctrl+Shift+Z)"), icon: "edit-redo-symbolic")
  /// The system version switcher: the same app under the classic or the iOS 16+ rules.
  lazy var systemSwitcher: Widget = named(
    gtk_combo_box_text_new(), tr("System Version"),
    tooltip: tr("Run the scenario on another iOS version (replays every step)"))
  static let systemVersions = ["9.0", "12.0", "13.0", "15.0", "16.0", "17.0", "18.0", "26.0"]
  private var updating = false

  init() {
    widget = gtk_header_bar_new()
    // The close button comes with the other controls, after the first frame: its icon is the
    // first the window looks up, and loading the icon theme for it costs the launch ~13 ms.
    gtk_header_bar_set_title(cast(raw(widget)), "Rotation Lab")
  }

  func show(title: String, subtitle: String) {
    gtk_header_bar_set_title(cast(raw(widget)), title)
    gtk_header_bar_set_subtitle(cast(raw(widget)), subtitle)
  }

  /// The controls, made and shown with the panels. Each stands for an action of the application
  /// (`app.open`…) or of the window it is in (`win.compare`…).
  func buildControls() {
    controlsBuilt = true
    gtk_header_bar_set_show_close_button(cast(raw(widget)), 1)
    let new = button(
      tr("New Scenario"), tooltip: tr("Start a scenario from a template (Ctrl+N)"),
      icon: "document-new-symbolic")
    let open = button(tr("Open"), tooltip: tr("Open a scenario (Ctrl+O)"), icon: "document-open-symbolic")
    let export = button(
      tr("Export"), tooltip: tr("Export the shown step's diagram (Ctrl+E)"), icon: "document-send-symbolic")
    let menuButton = gtk_menu_button_new()!
    gtk_button_set_image(
      cast(raw(menuButton)), gtk_image_new_from_icon_name("open-menu-symbolic", GTK_ICON_SIZE_BUTTON))
    name(menuButton, tr("Main Menu"), tooltip: tr("Main menu"))
    gtk_menu_button_set_popup(cast(raw(menuButton)), Self.primaryMenu())
    let compare = button(
      tr("Compare"), tooltip: tr("Compare this scenario on two iOS versions, step by step"))
    let stepper = box(GTK_ORIENTATION_HORIZONTAL)
    addStyleClass(stepper, "linked")
    pack(stepper, backButton)
    pack(stepper, forwardButton)
    let undoRedo = box(GTK_ORIENTATION_HORIZONTAL)
    addStyleClass(undoRedo, "linked")
    pack(undoRedo, undoButton)
    pack(undoRedo, redoButton)
    let start = box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
    for control in [new, open, saveButton, export, undoRedo] { pack(start, control) }
    let end = box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
    for control in [stepper, systemSwitcher, compare, menuButton] { pack(end, control) }
    gtk_header_bar_pack_start(cast(raw(widget)), start)
    gtk_header_bar_pack_end(cast(raw(widget)), end)
    gtk_widget_show_all(start)
    gtk_widget_show_all(end)

    for (control, action) in [
      (new, "app.new"), (open, "app.open"), (saveButton, "app.save"), (export, "app.export"),
    ] {
      gtk_actionable_set_action_name(OpaquePointer(control), action)
    }
    bind(undoButton, to: .undo)
    bind(redoButton, to: .redo)
    bind(backButton, to: .stepBack)
    bind(forwardButton, to: .stepForward)
    bind(compare, to: .compare)
    onSignal(raw(systemSwitcher), "changed", owner: self) { [unowned self] in
      guard !self.updating, let text = gtk_combo_box_text_get_active_text(cast(raw(self.systemSwitcher)))
      else { return }
      let version = String(cString: text).replacing("iOS ", with: "")
      g_free(text)
      // After this signal: the change rebuilds the switcher's list.
      idle { [unowned self] in
        activate(.setSystemVersion, target: version, from: self.widget)
        return false
      }
    }
  }

  /// Undo and Redo say what they would undo or redo, and are insensitive with nothing to.
  func showUndo(_ stack: UndoStack<SessionChange>) {
    guard controlsBuilt else { return }
    gtk_widget_set_tooltip_text(
      undoButton, stack.undoLabel.map { tr("Undo %s (Ctrl+Z)", $0) } ?? tr("Nothing to undo (Ctrl+Z)"))
    gtk_widget_set_tooltip_text(
      redoButton,
      stack.redoLabel.map { tr("Redo %s (Ctrl+Shift+Z)", $0) } ?? tr("Nothing to redo (Ctrl+Shift+Z)"))
  }

  /// Brings the stepper and the version switcher to `history`.
  func show(_ history: History) {
    guard controlsBuilt else { return }
    updating = true
    defer { updating = false }
    let version = history.scenario.system.version
    gtk_combo_box_text_remove_all(cast(raw(systemSwitcher)))
    var versions = Self.systemVersions
    if !versions.contains(where: { SystemVersion($0)! == version }) { versions.append(version.text) }
    versions.sort { SystemVersion($0)! < SystemVersion($1)! }
    for item in versions { gtk_combo_box_text_append_text(cast(raw(systemSwitcher)), "iOS \(item)") }
    if let index = versions.firstIndex(where: { SystemVersion($0)! == version }) {
      gtk_combo_box_set_active(cast(raw(systemSwitcher)), Int32(index))
    }
  }

  // MARK: - The main menu

  static func primaryMenu() -> Widget {
    let menu = gtk_menu_new()!
    let new = gtk_menu_item_new_with_mnemonic(tr("_New Scenario…"))!
    gtk_actionable_set_action_name(cast(raw(new)), "app.new")
    gtk_menu_shell_append(cast(raw(menu)), new)
    let recent = gtk_menu_item_new_with_mnemonic(tr("Open _Recent"))!
    gtk_menu_item_set_submenu(cast(raw(recent)), recentMenu())
    // The list as it is when the submenu opens.
    onSignal(raw(recent), "select", owner: nil) { gtk_menu_item_set_submenu(cast(raw(recent)), recentMenu()) }
    gtk_menu_shell_append(cast(raw(menu)), recent)
    let bundled = gtk_menu_item_new_with_mnemonic(tr("Open _Bundled Scenario"))!
    let bundledMenu = gtk_menu_new()!
    for path in Resources.bundledScenarios {
      let item = gtk_menu_item_new_with_label(PathName.last(path))!
      bind(item, to: .openFile, target: path)
      gtk_menu_shell_append(cast(raw(bundledMenu)), item)
    }
    gtk_menu_item_set_submenu(cast(raw(bundled)), bundledMenu)
    gtk_menu_shell_append(cast(raw(menu)), bundled)
    for (title, action) in [
      (tr("_Import Project…"), "app.import"), (tr("_Reload"), "app.reload"), (tr("Save _As…"), "app.save-as"),
      (tr("_Diagnose and Fix…"), "app.diagnose"),
      (tr("_Keyboard Shortcuts"), "app.shortcuts"),
      (tr("_About Rotation Lab"), "app.about"), (tr("_Quit"), "app.quit"),
    ] {
      let item = gtk_menu_item_new_with_mnemonic(title)!
      gtk_actionable_set_action_name(cast(raw(item)), action)
      gtk_menu_shell_append(cast(raw(menu)), item)
    }
    gtk_widget_show_all(menu)
    return menu
  }

  static func recentMenu() -> Widget {
    let menu = gtk_menu_new()!
    let paths = recentScenarios()
    if paths.isEmpty {
      let item = gtk_menu_item_new_with_label(tr("No recent scenarios"))!
      setSensitive(item, false)
      gtk_menu_shell_append(cast(raw(menu)), item)
    }
    for path in paths {
      let item = gtk_menu_item_new_with_label(PathName.last(path))!
      gtk_widget_set_tooltip_text(item, path)
      bind(item, to: .openFile, target: path)
      gtk_menu_shell_append(cast(raw(menu)), item)
    }
    gtk_widget_show_all(menu)
    return menu
  }
}
