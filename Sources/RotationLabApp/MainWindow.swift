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
  var history: History?
  var filePath: String?
  var dirty = false
  /// The class the inspector shows (the tree outlines it).
  var selectedClass: String? {
    didSet { tree?.selectedClass = selectedClass }
  }
  /// The message of the last edit ("outcome changed at step 3").
  var editNote: String?

  // The first stage: what the first frame shows, and the columns around it at their final size.
  let header = HeaderBar()
  /// The window's rows: the error bar (when there is one), the columns, the action bar.
  let root: Widget
  /// Made with the first error.
  private var errorBar: ErrorBar?
  let deviceView: DeviceView
  let statusLabel: Widget
  /// The columns and the bottom row that `buildPanels()` fills.
  let leftColumn: Widget
  let sideColumn: Widget
  let bottomRow: Widget
  /// The resizable panes, whose positions the window remembers (`WindowState`): the columns, the
  /// side column's, the timeline's, the tree's and the call order's.
  let columnsPane = gtk_paned_new(GTK_ORIENTATION_HORIZONTAL)!
  let sidePane = gtk_paned_new(GTK_ORIENTATION_HORIZONTAL)!
  let timelinePane = gtk_paned_new(GTK_ORIENTATION_VERTICAL)!
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
    let fits = Self.defaultSize()
    gtk_window_set_default_size(cast(raw(window)), fits.width, fits.height)
    state.restore(window)
    name(window, "Rotation Lab")
    gtk_window_set_titlebar(cast(raw(window)), header.widget)

    deviceView = DeviceView()
    statusLabel = label("", xalign: 0.5, wrap: true, selectable: true)
    name(statusLabel, "Step Status")
    // A wrapping label with no width in characters makes GTK search for a width that balances its
    // lines, a dozen layouts of the text: ~4 ms of the first frame. The column sets the width the
    // text wraps at anyway; these only bound the label's own request.
    gtk_label_set_width_chars(cast(raw(statusLabel)), 20)
    gtk_label_set_max_width_chars(cast(raw(statusLabel)), 60)

    leftColumn = box(GTK_ORIENTATION_VERTICAL, spacing: 2)
    sideColumn = box(GTK_ORIENTATION_VERTICAL, spacing: 4)
    bottomRow = box(GTK_ORIENTATION_VERTICAL)
    root = box(GTK_ORIENTATION_VERTICAL)
    layout()
    wireWindow()
  }

  /// 1360×900, or less to fit the primary monitor's work area with a margin. The default size is
  /// the content's: the header bar (about 46 px) and the window's frame come on top.
  static func defaultSize() -> (width: Int32, height: Int32) {
    var area = GdkRectangle()
    if let display = gdk_display_get_default(),
      let monitor = gdk_display_get_primary_monitor(display) ?? gdk_display_get_monitor(display, 0)
    {
      gdk_monitor_get_workarea(monitor, &area)
    }
    guard area.width > 0, area.height > 0 else { return (1360, 900) }
    return (min(1360, area.width - 40), min(900, area.height - 100))
  }

  // MARK: - Layout

  func section(_ title: String) -> Widget {
    let heading = label(title)
    addStyleClass(heading, "heading")
    setMarkup(heading, "<b>\(escapeMarkup(title))</b>")
    gtk_widget_set_margin_top(heading, 8)
    gtk_widget_set_margin_bottom(heading, 4)
    return heading
  }

  /// A scroller; `across: false` fits the child to the column's width (its long texts ellipsize).
  func scrolled(_ child: Widget, minHeight: Int32 = -1, across: Bool = true) -> Widget {
    let scroller = gtk_scrolled_window_new(nil, nil)!
    gtk_scrolled_window_set_policy(
      cast(raw(scroller)), across ? GTK_POLICY_AUTOMATIC : GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    if minHeight > 0 { gtk_scrolled_window_set_min_content_height(cast(raw(scroller)), minHeight) }
    gtk_container_add(cast(raw(scroller)), child)
    return scroller
  }

  func layout() {
    let columns = columnsPane
    let left = leftColumn
    gtk_widget_set_margin_start(left, 10)
    gtk_widget_set_margin_end(left, 6)
    gtk_widget_set_size_request(left, 330, -1)

    let right = sidePane
    let center = box(GTK_ORIENTATION_VERTICAL, spacing: 6)
    pack(center, deviceView.area, expand: true)
    gtk_widget_set_margin_start(statusLabel, 12)
    gtk_widget_set_margin_end(statusLabel, 12)
    gtk_widget_set_margin_bottom(statusLabel, 8)
    pack(center, statusLabel)
    gtk_widget_set_size_request(center, 300, -1)

    let side = sideColumn
    gtk_widget_set_margin_start(side, 6)
    gtk_widget_set_margin_end(side, 10)
    gtk_widget_set_size_request(side, 520, -1)

    // More room goes to the side column (the call order) and, in the left column, to the tree.
    gtk_paned_pack1(cast(raw(right)), center, 0, 0)
    gtk_paned_pack2(cast(raw(right)), side, 1, 0)
    gtk_paned_pack1(cast(raw(columns)), left, 0, 0)
    gtk_paned_pack2(cast(raw(columns)), right, 1, 0)
    gtk_paned_set_position(cast(raw(columns)), 350)
    gtk_paned_set_position(cast(raw(right)), 480)
    name(columns, "Columns")
    name(right, "Device and Side Column")
    // The columns are where they were left from the first frame on.
    state.keep([("columns-position", columns, false), ("side-position", right, false)])
    pack(root, columns, expand: true)
    // The action bar's height is kept from the first frame, so the device does not move when the
    // bar arrives.
    gtk_widget_set_size_request(bottomRow, -1, ActionBar.height)
    pack(root, bottomRow)
    gtk_container_add(cast(raw(window)), root)
  }

  /// The second stage: everything around the device, built and shown right after the first frame.
  func buildPanels() {
    guard !panelsBuilt else { return }
    let timeline = TimelineView { [unowned self] index in self.show(step: index) }
    let tree = ControllerTreeView { [unowned self] className in self.select(className: className) }
    tree.selectedClass = selectedClass
    let maskView = MaskView()
    let callList = CallList()
    let actions = ActionBar(window: self)
    let inspector = Inspector(window: self)
    (self.timeline, self.tree, self.maskView, self.callList) = (timeline, tree, maskView, callList)
    (self.actions, self.inspector) = (actions, inspector)
    // Timeline, tree and inspector in resizable panes, so the column fits a laptop's height.
    let top = box(GTK_ORIENTATION_VERTICAL)
    pack(top, section("Timeline"))
    pack(top, scrolled(timeline.widget, minHeight: 70, across: false), expand: true)
    let bottom = box(GTK_ORIENTATION_VERTICAL)
    pack(bottom, section("Inspector"))
    pack(bottom, scrolled(inspector.root, minHeight: 120, across: false), expand: true)
    gtk_paned_pack1(cast(raw(treePane)), scrolled(tree.area, minHeight: 100), 1, 0)
    gtk_paned_pack2(cast(raw(treePane)), bottom, 0, 0)
    gtk_paned_pack1(cast(raw(timelinePane)), top, 0, 0)
    gtk_paned_pack2(cast(raw(timelinePane)), treePane, 1, 0)
    pack(leftColumn, timelinePane, expand: true)

    // The masks and their reason over the call order, in resizable panes: a long reason scrolls
    // instead of making the window taller than a laptop's screen.
    let masks = box(GTK_ORIENTATION_VERTICAL, spacing: 4)
    maskView.pack(into: masks)
    let calls = box(GTK_ORIENTATION_VERTICAL)
    pack(calls, section("Call order"))
    pack(calls, scrolled(callList.widget, minHeight: 80), expand: true)
    let masksScroller = scrolled(masks, minHeight: 160)
    // The pane starts as tall as the masks and their reason want, where the window has room.
    gtk_scrolled_window_set_propagate_natural_height(cast(raw(masksScroller)), 1)
    gtk_paned_pack1(cast(raw(callsPane)), masksScroller, 0, 0)
    gtk_paned_pack2(cast(raw(callsPane)), calls, 1, 0)
    pack(sideColumn, callsPane, expand: true)
    name(timelinePane, "Timeline and Tree")
    name(treePane, "Tree and Inspector")
    name(callsPane, "Masks and Call Order")
    state.keep(
      [
        ("timeline-position", timelinePane, false), ("inspector-height", treePane, true),
        ("calls-position", callsPane, false),
      ],
      start: [
        // A few steps, the tree, and the masks with their whole reason where there is room.
        "timeline-position": { 150 }, "inspector-height": { 300 },
        "calls-position": { [unowned self] in
          var minimum: Int32 = 0
          var natural: Int32 = 0
          gtk_widget_get_preferred_height_for_width(
            masks, gtk_widget_get_allocated_width(self.callsPane), &minimum, &natural)
          return natural + 8
        },
      ])
    state.track(window)

    pack(bottomRow, actions.bar)
    // Looking icons up loads the icon theme, which the first frame does without.
    gtk_window_set_default_icon_name(BuildConfiguration.applicationID)
    header.buildControls(for: self)
    wireDrop()
    if let pendingRecent {
      addRecent(pendingRecent)
      self.pendingRecent = nil
    }
    if let history { actions.rebuildMenus(history.scenario) }
    refreshPanels()
    for widget in [leftColumn, sideColumn, bottomRow] {
      gtk_widget_set_no_show_all(widget, 0)
      gtk_widget_show_all(widget)
    }
    BenchLog.mark("panels-built")
  }

  /// The first stage's signals: the window's (dropping files comes with the panels,
  /// `wireDrop()`).
  func wireWindow() {
    connect(raw(window), "delete-event", arguments: 1) { [unowned self] _, _, _ in
      guard self.dirty else { return 0 }
      self.confirmDiscardingChanges(action: "closing") { [unowned self] in
        self.dirty = false
        gtk_widget_destroy(self.window)
      }
      return 1
    }
  }

  /// Drag and drop a scenario file onto the window: set up with the panels (a drop target's
  /// setup cost the first frame ~2 ms).
  func wireDrop() {
    gtk_drag_dest_set(window, GTK_DEST_DEFAULT_ALL, nil, 0, GDK_ACTION_COPY)
    gtk_drag_dest_add_uri_targets(window)
    connectDrop(raw(window)) { [unowned self] context, selection, time in
      var opened = false
      if let uris = gtk_selection_data_get_uris(cast(selection)) {
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
      gtk_drag_finish(
        OpaquePointer(context), opened ? 1 : 0, 0, UInt32(UInt(bitPattern: Int(bitPattern: time))))
      return 0
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
    let file = filePath.map { PathName.last($0) } ?? "unsaved scenario"
    let step = history.current
    var status =
      "Step \(step.index) of \(history.count): \(step.event.label). Device \(step.deviceOrientation.name), "
      + "interface \(step.interfaceOrientation.name)."
    if step.physicalOrientation != step.deviceOrientation {
      status += " Held \(step.physicalOrientation.name)."
    }
    if step.status == .notRun { status += " Not run." }
    if let editNote { status += " " + editNote }
    return (
      history.scenario.title, "\(dirty ? "• " : "")\(file) — step \(history.shown) of \(history.count)",
      status
    )
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
    if panelsBuilt { refreshPanels() }
  }

  /// Brings the panels of the second stage to the shown step.
  private func refreshPanels() {
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
    inspector?.refresh()
    if let compareWindow, gtk_widget_get_visible(compareWindow.window) != 0 { compareWindow.refresh() }
    if let diagnosisWindow, gtk_widget_get_visible(diagnosisWindow.window) != 0 { diagnosisWindow.refresh() }
  }

  /// Marks the timeline's rows from step `index` on as out of date.
  func timelineChanged(from index: Int) { timeline?.changed(from: index) }

  func show(step index: Int) {
    guard history != nil, index != history!.shown else { return }
    history!.show(index)
    editNote = nil
    refresh(animated: false)
  }

  func step(by delta: Int) {
    guard let shown = history?.shown, let count = history?.count else { return }
    let target = shown + delta
    guard target >= 1 && target <= count else { return }
    history!.show(target)
    editNote = nil
    refresh(animated: delta == 1)
  }

  func showDiagnosis() {
    if diagnosisWindow == nil { diagnosisWindow = DiagnosisWindow(owner: self) }
    diagnosisWindow?.present()
  }

  /// Replaces the session with a fix's scenario, its steps included (a fix may change an event's
  /// presentation style), and replays it.
  func applyFix(_ fixed: Scenario) {
    guard var history else { return }
    let changed = history.replace(scenario: fixed, events: fixed.steps)
    self.history = history
    timelineChanged(from: changed ?? history.count + 1)
    dirty = true
    editNote =
      changed.map { "Fix applied: the outcome changes from step \($0)." }
      ?? "Fix applied: no step's outcome changed."
    actions?.rebuildMenus(fixed)
    refresh(animated: false)
  }

  /// The session and a fix's scenario side by side, in the Compare window's grid.
  func showFixPreview(before: Scenario, after: Scenario, number: Int) {
    if compareWindow == nil { compareWindow = CompareWindow(owner: self) }
    compareWindow?.present(
      preview: Comparison([("before", before), ("after fix \(number)", after)]),
      title: "Fix \(number) Preview")
  }

  func showCompare() {
    if compareWindow == nil { compareWindow = CompareWindow(owner: self) }
    compareWindow?.present()
  }

  func select(className: String) {
    selectedClass = className
    inspector?.refresh()
  }

  // MARK: - Acting

  /// Applies `event` after the shown step. When later steps exist, asks before discarding them.
  func perform(_ event: Action) {
    guard let history else { return }
    guard history.laterSteps > 0 else { return apply(event) }
    let count = history.laterSteps
    ask(
      "Discard \(count) later step\(count == 1 ? "" : "s")?",
      detail:
        "You are looking at step \(history.shown). Acting here replaces the steps after it with the new one.",
      buttons: [("_Cancel", GTK_RESPONSE_CANCEL), ("_Discard", GTK_RESPONSE_ACCEPT)]
    ) { [unowned self] answer in
      if answer == GTK_RESPONSE_ACCEPT { self.apply(event) } else { self.refresh(animated: false) }
    }
  }

  private func apply(_ event: Action) {
    // Applied in place: a copy of the history here would make the append below copy every step.
    guard let shown = history?.shown else { return }
    timelineChanged(from: shown + 1)
    history!.apply(event)
    BenchLog.shared?.record(steps: history!.count)
    dirty = true
    editNote = nil
    refresh(animated: true)
  }

  func rotate(left: Bool) {
    guard let history, history.isRunning else { return }
    perform(.rotateDevice(history.current.physicalOrientation.rotated(left: left)))
  }

  /// Replaces the scenario after an inspector edit and replays the history.
  func edit(_ change: (inout Scenario) -> Void) {
    guard var history else { return }
    var scenario = history.scenario
    change(&scenario)
    let changed = history.replace(scenario: scenario)
    self.history = history
    timelineChanged(from: changed ?? history.count + 1)
    dirty = true
    editNote =
      changed.map { "Edited: the outcome changes from step \($0)." } ?? "Edited: no step's outcome changed."
    refresh(animated: false)
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
      "The keyboard shortcuts cannot be shown: ui/shortcuts.ui was not found in "
        + "\(Resources.dataDirectory ?? "the data folder (set ROTATION_LAB_DATA_DIR)").")
  }
}
