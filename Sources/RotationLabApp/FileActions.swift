import CGtk
import FoundationEssentials
import RotationCore
import RotationRender

/// Open, save, export and the questions around them.
extension MainWindow {
  /// Opens a scenario. A file that fails to load shows the core's message and leaves the open
  /// scenario as it was. With `confirm`, unsaved changes are asked about first.
  /// `preloaded` is the file's history read ahead (at launch, see `LaunchPreload`).
  func open(path: String, confirm: Bool, preloaded: Result<History, ScenarioError>? = nil) {
    guard confirm else { return load(path: path, preloaded: preloaded) }
    confirmDiscardingChanges(action: .openingAnotherScenario) { [unowned self] in
      self.load(path: path, preloaded: preloaded)
    }
  }

  private func load(path: String, preloaded: Result<History, ScenarioError>?) {
    let loading =
      preloaded
      ?? Result { () throws(ScenarioError) -> History in
        History(scenario: try ScenarioDecoder.load(path: path))
      }
    let loaded: History
    switch loading {
    case .success(let value): loaded = value
    case .failure(let error):
      showError(tr("Could not open the scenario. %s", String(describing: error)))
      return
    }
    adopt(loaded, path: path)
  }

  /// Makes `loaded` the session: from the file at `path`, or (nil) a scenario not yet saved, such
  /// as an imported one, which counts as unsaved changes.
  func adopt(_ loaded: History, path: String?) {
    let scenario = loaded.scenario
    hideError()
    session = Session(history: loaded, filePath: path)
    BenchLog.shared?.record(steps: loaded.count)
    timelineChanged(from: 1)
    editNote = nil
    selectedPath = nil
    selectedClass = history?.current.masks?.controllerClass ?? scenario.classes.first?.name
    if let path { addRecent(path) }
    rebuildMenus(scenario)
    refresh(animated: false)
  }

  /// New Scenario: the dialog, then (after asking about unsaved changes) the new scenario as the
  /// session, unsaved.
  func newScenario() {
    confirmDiscardingChanges(action: .creatingANewScenario) { [unowned self] in
      _ = NewScenarioDialog(over: self.window) { [unowned self] scenario in
        self.adopt(History(scenario: scenario), path: nil)
      }
    }
  }

  func reload() {
    guard let filePath else { return }
    open(path: filePath, confirm: true)
  }

  /// A native file chooser over the window, starting beside the open scenario.
  func chooseFile(
    title: String, save: Bool, folder: Bool = false, suggestedName: String? = nil,
    filters: [(String, [String])],
    then: @escaping @MainActor (String?) -> Void
  ) {
    RotationLabApp.chooseFile(
      over: window, near: filePath, title: title, save: save, folder: folder, suggestedName: suggestedName,
      filters: filters, then: then)
  }
}

/// A native file chooser (a portal where there is one) over `parent`, starting in the folder of
/// `filePath` when saving or choosing a folder. It does not block: `then` gets the chosen path, or
/// nil when the person cancels.
@MainActor
func chooseFile(
  over parent: Widget, near filePath: String?, title: String, save: Bool, folder: Bool = false,
  suggestedName: String? = nil, filters: [(String, [String])],
  then: @escaping @MainActor (String?) -> Void
) {
  let action =
    save
    ? GTK_FILE_CHOOSER_ACTION_SAVE
    : folder ? GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER : GTK_FILE_CHOOSER_ACTION_OPEN
  let chooser = gtk_file_chooser_native_new(
    title, cast(raw(parent)), action, save ? tr("_Save") : folder ? tr("_Import") : tr("_Open"),
    tr("_Cancel"))!
  let fileChooser: OpaquePointer = OpaquePointer(raw(chooser)!)
  for (name, patterns) in filters {
    let filter = gtk_file_filter_new()!
    gtk_file_filter_set_name(filter, name)
    for pattern in patterns { gtk_file_filter_add_pattern(filter, pattern) }
    gtk_file_chooser_add_filter(fileChooser, filter)
  }
  if folder, let filePath {
    // Start where the open scenario is: a person's projects are usually near their scenarios.
    _ = gtk_file_chooser_set_current_folder(fileChooser, PathName.folder(filePath))
  }
  if save {
    gtk_file_chooser_set_do_overwrite_confirmation(fileChooser, 1)
    if let suggestedName { gtk_file_chooser_set_current_name(fileChooser, suggestedName) }
    if let filePath {
      _ = gtk_file_chooser_set_current_folder(fileChooser, PathName.folder(filePath))
    }
  }
  onResponse(raw(chooser), owner: nil) { response in
    var path: String?
    if response == GTK_RESPONSE_ACCEPT.rawValue,
      let chosen = gtk_file_chooser_get_filename(fileChooser)
    {
      path = String(cString: chosen)
      g_free(chosen)
    }
    // Let the chooser go once its own signal is done with it.
    idle {
      g_object_unref(raw(chooser))
      return false
    }
    then(path)
  }
  gtk_native_dialog_show(cast(raw(chooser)))
}

extension MainWindow {
  func openWithChooser() {
    confirmDiscardingChanges(action: .openingAnotherScenario) { [unowned self] in
      self.chooseFile(
        title: tr("Open a Scenario"), save: false,
        filters: [(tr("Scenarios (JSON)"), ["*.json"]), (tr("All files"), ["*"])]
      ) { [unowned self] path in
        if let path { self.load(path: path, preloaded: nil) }
      }
    }
  }

  /// Saves to the scenario's file, or asks for one; `then` runs once it has saved.
  func save(then: @escaping @MainActor () -> Void = {}) {
    guard let filePath else { return saveAs(then: then) }
    if write(to: filePath) { then() }
  }

  func saveAs(then: @escaping @MainActor () -> Void = {}) {
    let suggested = filePath.map { PathName.last($0) } ?? "scenario.json"
    chooseFile(
      title: tr("Save the Scenario"), save: true, suggestedName: suggested,
      filters: [(tr("Scenarios (JSON)"), ["*.json"])]
    ) { [unowned self] path in
      if let path, self.write(to: path) { then() }
    }
  }

  /// Writes the scenario with the session's steps, atomically.
  func write(to path: String) -> Bool {
    guard let scenario = session?.scenarioToSave else { return false }
    do {
      try FileWriter.write(Array(ScenarioEncoder.text(scenario).utf8), to: path)
    } catch {
      showError(tr("Could not save. %s", String(describing: error)))
      return false
    }
    session?.saved(to: path)
    addRecent(path)
    refresh(animated: false)
    return true
  }

  /// Exports the shown step's diagram, exactly as `rotation-lab export` would with default options.
  func exportWithChooser() {
    guard let history, let model else { return }
    let base = PathName.last(filePath ?? "scenario").replacing(".json", with: "")
    chooseFile(
      title: tr("Export the Diagram"), save: true, suggestedName: "\(base)-step\(history.shown).png",
      filters: [
        (tr("PNG image"), ["*.png"]), (tr("SVG image"), ["*.svg"]), (tr("PDF document"), ["*.pdf"]),
        ("Graphviz DOT", ["*.dot"]),
      ]
    ) { [unowned self] path in
      if let path { self.export(model, to: path) }
    }
  }

  func export(_ model: DiagramModel, to path: String) {
    let format = ExportFormat(path: path) ?? .png
    do {
      let bytes = try Exporter.render(model, options: DiagramOptions(), format: format)
      try FileWriter.write(bytes, to: path)
      hideError()
    } catch {
      showError(tr("Could not export. %s", String(describing: error)))
    }
  }

  /// What the person is about to do when unsaved changes are asked about.
  enum PendingAction {
    case closing, quitting, openingAnotherScenario, importingAProject, creatingANewScenario

    /// The question about the unsaved changes of `name` (the question is one sentence per action,
    /// so that a translation can order it).
    func question(saving name: String) -> String {
      switch self {
      case .closing: return tr("Save changes to %s before closing?", name)
      case .quitting: return tr("Save changes to %s before quitting?", name)
      case .openingAnotherScenario: return tr("Save changes to %s before opening another scenario?", name)
      case .importingAProject: return tr("Save changes to %s before importing a project?", name)
      case .creatingANewScenario: return tr("Save changes to %s before creating a new scenario?", name)
      }
    }
  }

  /// Asks whether to save unsaved changes before `action`; runs `then` when it may go on (after
  /// saving, or when the person chose not to save). Nothing runs on Cancel.
  func confirmDiscardingChanges(action: PendingAction, then: @escaping @MainActor () -> Void) {
    guard dirty else { return then() }
    // TRANSLATORS: the unsaved scenario's name in "Save changes to %s before closing?".
    let name = filePath.map { PathName.last($0) } ?? tr("the scenario")
    ask(
      action.question(saving: name),
      detail: tr("Your steps and edits will be lost if you don't save them."),
      buttons: [
        (tr("Close _without Saving"), GTK_RESPONSE_REJECT), (tr("_Cancel"), GTK_RESPONSE_CANCEL),
        (tr("_Save"), GTK_RESPONSE_ACCEPT),
      ], type: GTK_MESSAGE_WARNING
    ) { [unowned self] answer in
      switch answer {
      case GTK_RESPONSE_REJECT: then()
      case GTK_RESPONSE_ACCEPT: self.save(then: then)
      default: break
      }
    }
  }

  // MARK: - Recent files

  /// Adds `path` to the desktop's recent files. Before the panels are built it is only noted:
  /// GtkRecentManager reads the whole recently-used list on first use, which the first frame does
  /// without (`buildPanels()` adds it).
  func addRecent(_ path: String) {
    guard panelsBuilt else {
      pendingRecent = path
      return
    }
    guard let manager = gtk_recent_manager_get_default(),
      let uri = g_filename_to_uri(URL(fileURLWithPath: path).standardizedFileURL.path, nil, nil)
    else { return }
    defer { g_free(uri) }
    gtk_recent_manager_add_item(manager, uri)
  }
}

/// The scenarios opened lately that still exist, the latest first (ten at most): the main menu's
/// Open Recent.
@MainActor
func recentScenarios() -> [String] {
  guard let manager = gtk_recent_manager_get_default(), let items = gtk_recent_manager_get_items(manager)
  else {
    return []
  }
  defer {
    g_list_free_full(
      items,
      unsafeBitCast(
        gtk_recent_info_unref as @convention(c) (OpaquePointer?) -> Void, to: GDestroyNotify.self))
  }
  var found: [(String, Int)] = []
  var node: UnsafeMutablePointer<GList>? = items
  while let current = node {
    let info = OpaquePointer(current.pointee.data)
    if let uri = gtk_recent_info_get_uri(info), let path = g_filename_from_uri(uri, nil, nil) {
      let file = String(cString: path)
      g_free(path)
      if file.hasSuffix(".json"), FileManager.default.fileExists(atPath: file) {
        found.append((file, gtk_recent_info_get_modified(info)))
      }
    }
    node = current.pointee.next
  }
  return found.sorted { $0.1 > $1.1 }.prefix(10).map(\.0)
}
