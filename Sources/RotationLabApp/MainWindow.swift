import CGtk
import FoundationEssentials
import RotationCore
import RotationRender
import RotationResources

/// The window: shows one step of a `History` in every panel and turns actions into events. Each
/// panel is a widget of its own (`Widgets/`); this class holds the history and tells them what to
/// show.
///
/// It is built in two stages so that the device shows as soon as GTK can draw: the first frame
/// holds the header bar, the device mockup and its status line, with the columns around them
/// already at their final size (so nothing moves later); right after that frame, `buildPanels()`
/// fills the timeline, tree, inspector, masks, call order and actions. Until then a refresh only
/// touches what the first stage shows.
@MainActor
final class MainWindow {
  /// A GtkApplicationWindow, given its application once the application has started (the window
  /// may show before that, see `RotationLabApplication.showEarly`).
  let window: Widget
  /// The document shown: the scenario, its steps, its file and its Undo (`Session`, in the core).
  /// The window reads it and changes it only through its methods.
  var session: Session?
  var history: History? { session?.history }
  var filePath: String? { session?.filePath }
  var dirty: Bool { session?.dirty ?? false }
  /// The person chose to close without saving: the window may go.
  private var closingUnsaved = false
  /// The window's actions (`win.NAME`, WindowActions.swift), by name.
  var windowActions: [WindowAction: OpaquePointer] = [:]
  /// The class the inspector shows (the tree outlines it).
  var selectedClass: String? {
    didSet {
      tree?.selectedClass = selectedClass
      updateActions()
    }
  }
  /// The message of the last edit ("outcome changed at step 3").
  var editNote: String?
  /// The controller the tree edits act on, where it hangs in the starting tree.
  var selectedPath: NodePath? {
    didSet {
      tree?.selectedPath = selectedPath
      if let scenario = history?.scenario { treeEdits?.refresh(scenario, selected: selectedPath) }
      updateActions()
    }
  }

  // The first stage: what the first frame shows, and the columns around it at their final size.
  let header = HeaderBar()
  /// The window's rows: the error bar (when there is one), the columns, the action bar.
  let root: Widget
  /// Made with the first error.
  private var errorBar: ErrorBar?
  let deviceView: DeviceView
  let statusLabel: Widget
  /// The columns, the timeline's place under the device, and the bottom row that `buildPanels()`
  /// fills.
  let leftColumn: Widget
  let sideColumn: Widget
  let timelineSlot: Widget
  let bottomRow: Widget
  /// The resizable panes, whose positions the window remembers (`WindowState`): the columns, the
  /// side column's, the device's over the timeline, the tree's over the inspector and the masks'
  /// over the call order.
  let columnsPane = gtk_paned_new(GTK_ORIENTATION_HORIZONTAL)!
  let sidePane = gtk_paned_new(GTK_ORIENTATION_HORIZONTAL)!
  let devicePane = gtk_paned_new(GTK_ORIENTATION_VERTICAL)!
  let treePane = gtk_paned_new(GTK_ORIENTATION_VERTICAL)!
  let callsPane = gtk_paned_new(GTK_ORIENTATION_VERTICAL)!
  /// The remembered size and pane positions.
  let state = WindowState()

  // The second stage, made by `buildPanels()` after the first frame (constructing these cost the
  // launch ~6 ms).
  var timeline: TimelineView?
  var tree: ControllerTreeView?
  var maskView: MaskView?
  var callList: CallList?
  var actions: ActionBar?
  var inspector: Inspector?
  var stepEdits: StepEditBar?
  var treeEdits: TreeEditBar?
  var panelsBuilt: Bool { actions != nil }
  /// A file opened before the panels, added to the recent files when they are built
  /// (`addRecent`).
  var pendingRecent: String?
  var compareWindow: CompareWindow?
  var diagnosisWindow: DiagnosisWindow?
  var importReportWindow: ImportReportWindow?
  /// Set while the UI itself updates widgets, so their change signals do not act.
  var updating = false

  init() {
    window = rl_application_window_new()
    // As large as the design wants, but within the screen's work area (a 1280×800 laptop's
    // included); the remembered size, if any, replaces it (`WindowState`).
    let area = Self.workArea()
    let fits = Self.defaultSize(in: area)
    gtk_window_set_default_size(cast(raw(window)), fits.width, fits.height)
    state.restore(window, within: Self.largestSize(in: area))
    name(window, "Rotation Lab")
    gtk_window_set_titlebar(cast(raw(window)), header.widget)

    deviceView = DeviceView()
    statusLabel = label("", xalign: 0.5, wrap: true, selectable: true)
    name(statusLabel, tr("Step Status"))
    // A wrapping label with no width in characters makes GTK search for a width that balances its
    // lines, a dozen layouts of the text: ~4 ms of the first frame. The column sets the width the
    // text wraps at anyway; these only bound the label's own request.
    gtk_label_set_width_chars(cast(raw(statusLabel)), 20)
    gtk_label_set_max_width_chars(cast(raw(statusLabel)), 60)

    leftColumn = box(GTK_ORIENTATION_VERTICAL, spacing: 2)
    sideColumn = box(GTK_ORIENTATION_VERTICAL, spacing: 4)
    timelineSlot = box(GTK_ORIENTATION_VERTICAL)
    bottomRow = box(GTK_ORIENTATION_VERTICAL)
    root = box(GTK_ORIENTATION_VERTICAL)
    layout()
    addActions()
    wireWindow()
  }

  /// The first stage's signals: the window's (dropping files comes with the panels,
  /// `wireDrop()`).
  func wireWindow() {
    onEvent(window, .delete, owner: self) { [unowned self] _ in
      guard self.dirty, !self.closingUnsaved else { return false }
      self.confirmDiscardingChanges(action: .closing) { [unowned self] in
        self.closingUnsaved = true
        gtk_widget_destroy(self.window)
      }
      return true
    }
  }

  /// Drag and drop a scenario file onto the window: set up with the panels (a drop target's
  /// setup cost the first frame ~2 ms).
  func wireDrop() {
    gtk_drag_dest_set(window, GTK_DEST_DEFAULT_ALL, nil, 0, GDK_ACTION_COPY)
    gtk_drag_dest_add_uri_targets(window)
    onDrop(window, owner: self) { [unowned self] context, selection, time in
      var opened = false
      if let selection, let uris = gtk_selection_data_get_uris(selection) {
        if let first = uris[0], let path = g_filename_from_uri(first, nil, nil) {
          let file = String(cString: path)
          g_free(path)
          idle {
            self.open(path: file, confirm: true)
            return false
          }
          opened = true
        }
        g_strfreev(uris)
      }
      gtk_drag_finish(context, opened ? 1 : 0, 0, time)
    }
  }

  /// Shows the window. Its first stage already shows the open scenario (opening refreshes it);
  /// the panels are built once the device has drawn its first frame, or after a second if the
  /// window is never drawn (hidden or on another workspace), so actions always find them.
  /// The desktop switched between light and dark: everything drawn or written with the palette
  /// is made again.
  func appearanceChanged() {
    refresh(animated: false)
    for area in [deviceView.area, tree?.area, maskView?.area].compactMap({ $0 }) {
      gtk_widget_queue_draw(area)
    }
    if let compareWindow, gtk_widget_get_visible(compareWindow.window) != 0 { compareWindow.refresh() }
  }

  func present() {
    if !panelsBuilt {
      deviceView.afterFirstDraw = { [unowned self] in self.buildPanels() }
      timeout(milliseconds: 1000) { [unowned self] in
        self.buildPanels()
        return false
      }
      // The device has the focus at first: otherwise GTK gives it to the status line, the first
      // focusable widget of the first stage, which then shows its text selected. A later
      // presentation (a file opened from a second launch) leaves the focus where it is.
      gtk_widget_grab_focus(deviceView.area)
    }
    gtk_widget_show_all(window)
    gtk_window_present(cast(raw(window)))
  }

  func destroy() { gtk_widget_destroy(window) }

  // MARK: - Showing a step

  var model: DiagramModel? {
    guard let history else { return nil }
    return DiagramModel(scenario: history.scenario, step: history.current, stepCount: history.count)
  }

  /// What the header bar and the status line say about the shown step of `history`.
  static func texts(_ history: History, filePath: String?, dirty: Bool, editNote: String?) -> (
    title: String, subtitle: String, status: String
  ) {
    let file = filePath.map { PathName.last($0) } ?? tr("unsaved scenario")
    let step = history.current
    var status = tr(
      "Step %s of %s: %s. Device %s, interface %s.", step.index, history.count, step.event.label,
      step.deviceOrientation.name, step.interfaceOrientation.name)
    if step.physicalOrientation != step.deviceOrientation {
      // TRANSLATORS: how the device is physically held, when UIDevice reports another orientation.
      status += tr(" Held %s.", step.physicalOrientation.name)
    }
    if step.status == .notRun { status += tr(" Not run.") }
    if let editNote { status += " " + editNote }
    let subtitle = (dirty ? "• " : "") + tr("%s — step %s of %s", file, history.shown, history.count)
    return (history.scenario.title, subtitle, status)
  }

  /// Brings every panel to the shown step.
  func refresh(animated: Bool) {
    guard let history, let model else { return }
    updating = true
    defer { updating = false }
    let texts = Self.texts(history, filePath: filePath, dirty: dirty, editNote: editNote)
    header.show(title: texts.title, subtitle: texts.subtitle)
    setLabel(statusLabel, texts.status)
    deviceView.show(model, animated: animated)
    updateActions()
    if panelsBuilt { refreshPanels() }
  }

  /// Brings the panels of the second stage to the shown step.
  func refreshPanels() {
    guard let history, let model else { return }
    let wasUpdating = updating
    updating = true
    defer { updating = wasUpdating }
    header.show(history)
    maskView?.show(model)
    timeline?.show(history)
    callList?.show(history.current)
    tree?.show(model)
    actions?.refresh(history)
    stepEdits?.refresh(history)
    treeEdits?.refresh(history.scenario, selected: selectedPath)
    header.showUndo(session?.undoStack ?? UndoStack())
    inspector?.show(history.scenario, selectedClass: selectedClass)
    if let compareWindow, gtk_widget_get_visible(compareWindow.window) != 0 {
      compareWindow.show(history, filePath: filePath)
    }
    if let diagnosisWindow, gtk_widget_get_visible(diagnosisWindow.window) != 0 {
      diagnosisWindow.show(history)
    }
  }

  /// The menus that list the scenario's classes and events (the action bar's, the step edits'),
  /// made again when the scenario changes, not at every step.
  func rebuildMenus(_ scenario: Scenario) {
    actions?.rebuildMenus(scenario)
    stepEdits?.rebuildMenus(scenario)
  }

  /// Marks the timeline's rows from step `index` on as out of date.
  func timelineChanged(from index: Int) { timeline?.changed(from: index) }

  func show(step index: Int) {
    guard let shown = history?.shown, index != shown else { return }
    session?.show(step: index)
    editNote = nil
    refresh(animated: false)
  }

  func step(by delta: Int) {
    guard let shown = history?.shown, let count = history?.count else { return }
    let target = shown + delta
    guard target >= 1 && target <= count else { return }
    session?.show(step: target)
    editNote = nil
    refresh(animated: delta == 1)
  }

  func showDiagnosis() {
    guard let history else { return }
    if diagnosisWindow == nil { diagnosisWindow = DiagnosisWindow(over: window) }
    diagnosisWindow?.present(history)
  }

  /// The fix at `index` of those the diagnosis found for the session: Apply Fix and Preview Fix.
  func fix(at text: String) -> (before: Scenario, fix: Fix, number: Int)? {
    guard let index = Int(text), let scenario = history?.scenarioWithEvents,
      let fixes = diagnosisWindow?.fixes(for: scenario), fixes.indices.contains(index)
    else { return nil }
    return (scenario, fixes[index], index + 1)
  }

  /// Replaces the session with a fix's scenario, its steps included (a fix may change an event's
  /// presentation style), and replays it; Undo takes it back.
  func applyFix(_ fixed: Scenario) {
    let note: (Int?) -> String = { changed in
      changed.map { tr("Fix applied: the outcome changes from step %s.", $0) }
        ?? tr("Fix applied: no step's outcome changed.")
    }
    change(tr("Apply Fix"), note: note) { scenario, events throws(EditError) in
      scenario = fixed
      events = fixed.steps
    }
  }

  /// The session and a fix's scenario side by side, in the Compare window's grid.
  func showFixPreview(before: Scenario, after: Scenario, number: Int) {
    if compareWindow == nil { compareWindow = CompareWindow(over: window) }
    compareWindow?.present(
      preview: Comparison([(tr("before"), before), (tr("after fix %s", number), after)]),
      title: tr("Fix %s Preview", number))
  }

  func showCompare() {
    guard let history else { return }
    if compareWindow == nil { compareWindow = CompareWindow(over: window) }
    compareWindow?.present(history, filePath: filePath)
  }

  func select(className: String) {
    selectedClass = className
    if let scenario = history?.scenario { inspector?.show(scenario, selectedClass: className) }
  }

  // MARK: - Acting

  /// Applies `event` after the shown step. When later steps exist, asks before discarding them.
  func perform(_ event: Action) {
    guard let history else { return }
    guard history.laterSteps > 0 else { return apply(event) }
    let count = history.laterSteps
    ask(
      trn("Discard %s later step?", "Discard %s later steps?", count, count),
      detail: tr(
        "You are looking at step %s. Acting here replaces the steps after it with the new one.", history.shown
      ),
      buttons: [(tr("_Cancel"), GTK_RESPONSE_CANCEL), (tr("_Discard"), GTK_RESPONSE_ACCEPT)]
    ) { [unowned self] answer in
      if answer == GTK_RESPONSE_ACCEPT { self.apply(event) } else { self.refresh(animated: false) }
    }
  }

  private func apply(_ event: Action) {
    // Applied in place: a copy of the session here would make the append copy every step.
    guard let shown = history?.shown else { return }
    timelineChanged(from: shown + 1)
    session?.act(event)
    BenchLog.shared?.record(steps: history?.count ?? 0)
    editNote = nil
    refresh(animated: true)
  }

  func rotate(left: Bool) {
    guard let history, history.isRunning else { return }
    perform(.rotateDevice(history.current.physicalOrientation.rotated(left: left)))
  }

  // MARK: - Dialogs

  /// A modal question that does not block the main loop: `then` gets the chosen response.
  func ask(
    _ text: String, detail: String, buttons: [(String, GtkResponseType)],
    type: GtkMessageType = GTK_MESSAGE_QUESTION,
    then: @escaping @MainActor (GtkResponseType) -> Void
  ) {
    Dialogs.ask(over: window, text, detail: detail, buttons: buttons, type: type, then: then)
  }

  func showError(_ message: String) {
    let bar = errorBar ?? ErrorBar(in: root)
    errorBar = bar
    bar.show(message)
  }

  func hideError() { errorBar?.hide() }

  func showAbout() { Dialogs.showAbout(over: window) }

  func showShortcuts() {
    guard !Dialogs.showShortcuts(over: window) else { return }
    showError(
      tr(
        "The keyboard shortcuts cannot be shown: ui/shortcuts.ui was not found in %s.",
        Resources.dataDirectory ?? tr("the data folder (set ROTATION_LAB_DATA_DIR)")))
  }
}
