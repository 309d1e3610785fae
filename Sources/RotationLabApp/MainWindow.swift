import CGtk
import FoundationEssentials
import RotationCore
import RotationRender

/// The window: shows one step of a `History` in every panel and turns actions into events.
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
  var selectedClass: String?
  /// The message of the last edit ("outcome changed at step 3").
  var editNote: String?
  /// How many of the timeline's rows show the history's steps as they are now. Every change to the
  /// history that rewrites steps lowers it (`timelineChanged(from:)`); refreshing rewrites the rows
  /// after it and appends the new steps, so a step costs one row, not a pass over the session.
  var timelineRows = 0

  // The first stage: what the first frame shows, and the columns around it at their final size.
  let header: Widget
  /// The window's rows: the error bar (when there is one), the columns, the action bar.
  let root: Widget
  /// The bar for load and export errors and its message, made with the first error (the bar's
  /// template costs a launch ~0.7 ms).
  private var errorBar: (bar: Widget, message: Widget)?
  let deviceView: DeviceView
  let statusLabel: Widget
  /// The columns and the bottom row that `buildPanels()` fills.
  let leftColumn: Widget
  let sideColumn: Widget
  let bottomRow: Widget

  // The second stage, made on first use: by `buildPanels()`, after the first frame. Nothing the
  // first stage runs touches them (constructing them cost the launch ~6 ms).
  lazy var timelineStore: UnsafeMutablePointer<GtkListStore> = rl_text_list_store_new()
  lazy var timeline: Widget = named(rl_text_tree_view_new(timelineStore), "Timeline")
  lazy var treeArea: Widget = {
    let area = named(gtk_drawing_area_new(), "Controller Tree")
    gtk_widget_add_events(area, Int32(GDK_BUTTON_PRESS_MASK.rawValue | GDK_POINTER_MOTION_MASK.rawValue))
    gtk_widget_set_can_focus(area, 1)
    return area
  }()
  lazy var masksArea: Widget = named(gtk_drawing_area_new(), "Mask Intersection")
  lazy var reasonLabel: Widget = named(label("", wrap: true, selectable: true), "Reason")
  lazy var exceptionLabel: Widget = {
    let exception = named(label("", wrap: true, selectable: true), "Exception")
    // Shown by refreshPanels() only when the step has an exception or an error.
    gtk_widget_set_no_show_all(exception, 1)
    return exception
  }()
  lazy var callList: Widget = {
    let list = named(gtk_list_box_new(), "Call Order")
    gtk_list_box_set_selection_mode(cast(raw(list)), GTK_SELECTION_NONE)
    return list
  }()
  lazy var saveButton: Widget = button(
    "Save", tooltip: "Save the scenario with its steps (Ctrl+S)", icon: "document-save-symbolic")
  lazy var backButton: Widget = button(
    "Step Back", tooltip: "Show the previous step (Alt+Left)", icon: "go-previous-symbolic")
  lazy var forwardButton: Widget = button(
    "Step Forward", tooltip: "Show the next step (Alt+Right)", icon: "go-next-symbolic")
  /// The system version switcher: the same app under the classic or the iOS 16+ rules.
  lazy var systemSwitcher: Widget = named(
    gtk_combo_box_text_new(), "System Version",
    tooltip: "Run the scenario on another iOS version (replays every step)")
  var actions: ActionBar?
  var inspector: Inspector?
  var panelsBuilt: Bool { actions != nil }
  /// A file opened before the panels, added to the recent files when they are built
  /// (`addRecent`).
  var pendingRecent: String?
  var compareWindow: CompareWindow?
  static let systemVersions = ["9.0", "12.0", "13.0", "15.0", "16.0", "17.0"]
  /// Set while the UI itself updates widgets, so their change signals do not act.
  var updating = false

  init() {
    window = rl_application_window_new()
    gtk_window_set_default_size(cast(raw(window)), 1360, 900)
    name(window, "Rotation Lab")

    // Header bar: the title and subtitle only, until `buildHeaderControls()`.
    header = gtk_header_bar_new()
    // The close button comes with the other header controls, after the first frame: its icon is
    // the first the window looks up, and loading the icon theme for it costs the launch ~13 ms.
    gtk_header_bar_set_title(cast(raw(header)), "Rotation Lab")
    gtk_window_set_titlebar(cast(raw(window)), header)

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

  /// The header bar's controls, made and shown with the panels.
  func buildHeaderControls() {
    let open = button("Open", tooltip: "Open a scenario (Ctrl+O)", icon: "document-open-symbolic")
    let export = button(
      "Export", tooltip: "Export the shown step's diagram (Ctrl+E)", icon: "document-send-symbolic")
    let menuButton = gtk_menu_button_new()!
    gtk_button_set_image(
      cast(raw(menuButton)), gtk_image_new_from_icon_name("open-menu-symbolic", GTK_ICON_SIZE_BUTTON))
    name(menuButton, "Main Menu", tooltip: "Main menu")
    gtk_menu_button_set_popup(cast(raw(menuButton)), primaryMenu())
    let compare = button("Compare", tooltip: "Compare this scenario on two iOS versions, step by step")
    let stepper = box(GTK_ORIENTATION_HORIZONTAL)
    addStyleClass(stepper, "linked")
    pack(stepper, backButton)
    pack(stepper, forwardButton)
    let start = box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
    for control in [open, saveButton, export] { pack(start, control) }
    let end = box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
    for control in [stepper, systemSwitcher, compare, menuButton] { pack(end, control) }
    gtk_header_bar_pack_start(cast(raw(header)), start)
    gtk_header_bar_pack_end(cast(raw(header)), end)
    gtk_widget_show_all(start)
    gtk_widget_show_all(end)

    onSignal(raw(open), "clicked") { [unowned self] in self.openWithChooser() }
    onSignal(raw(saveButton), "clicked") { [unowned self] in self.save() }
    onSignal(raw(export), "clicked") { [unowned self] in self.exportWithChooser() }
    onSignal(raw(backButton), "clicked") { [unowned self] in self.step(by: -1) }
    onSignal(raw(forwardButton), "clicked") { [unowned self] in self.step(by: 1) }
    onSignal(raw(compare), "clicked") { [unowned self] in self.showCompare() }
    onSignal(raw(systemSwitcher), "changed") { [unowned self] in
      guard !self.updating, let text = gtk_combo_box_text_get_active_text(cast(raw(self.systemSwitcher)))
      else { return }
      let version = String(cString: text).replacing("iOS ", with: "")
      g_free(text)
      guard let parsed = SystemVersion(version), parsed != self.history?.scenario.system.version else {
        return
      }
      idle { [unowned self] in
        self.edit { $0.system.version = parsed }
        return false
      }
    }
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

  func scrolled(_ child: Widget, minHeight: Int32 = -1) -> Widget {
    let scroller = gtk_scrolled_window_new(nil, nil)!
    gtk_scrolled_window_set_policy(cast(raw(scroller)), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC)
    if minHeight > 0 { gtk_scrolled_window_set_min_content_height(cast(raw(scroller)), minHeight) }
    gtk_container_add(cast(raw(scroller)), child)
    return scroller
  }

  func layout() {
    let columns = gtk_paned_new(GTK_ORIENTATION_HORIZONTAL)!
    let left = leftColumn
    gtk_widget_set_margin_start(left, 10)
    gtk_widget_set_margin_end(left, 6)
    gtk_widget_set_size_request(left, 330, -1)

    let right = gtk_paned_new(GTK_ORIENTATION_HORIZONTAL)!
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

    gtk_paned_pack1(cast(raw(right)), center, 1, 0)
    gtk_paned_pack2(cast(raw(right)), side, 0, 0)
    gtk_paned_pack1(cast(raw(columns)), left, 0, 0)
    gtk_paned_pack2(cast(raw(columns)), right, 1, 0)
    gtk_paned_set_position(cast(raw(columns)), 350)
    gtk_paned_set_position(cast(raw(right)), 480)
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
    let actions = ActionBar(window: self)
    let inspector = Inspector(window: self)
    self.actions = actions
    self.inspector = inspector
    pack(leftColumn, section("Timeline"))
    pack(leftColumn, scrolled(timeline, minHeight: 150))
    pack(leftColumn, scrolled(treeArea, minHeight: 220), expand: true)
    pack(leftColumn, section("Inspector"))
    pack(leftColumn, scrolled(inspector.root, minHeight: 240))

    pack(sideColumn, masksArea)
    gtk_widget_set_margin_start(exceptionLabel, 8)
    gtk_widget_set_margin_start(reasonLabel, 8)
    pack(sideColumn, exceptionLabel)
    pack(sideColumn, reasonLabel)
    pack(sideColumn, section("Call order"))
    pack(sideColumn, scrolled(callList), expand: true)

    pack(bottomRow, actions.bar)
    // Looking icons up loads the icon theme, which the first frame does without.
    gtk_header_bar_set_show_close_button(cast(raw(header)), 1)
    gtk_window_set_default_icon_name(RotationLabApplication.applicationID)
    buildHeaderControls()
    wirePanels()
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

  func primaryMenu() -> Widget {
    let menu = gtk_menu_new()!
    let recent = gtk_menu_item_new_with_mnemonic("Open _Recent")!
    gtk_menu_item_set_submenu(cast(raw(recent)), recentMenu())
    onSignal(raw(recent), "select") { [unowned self] in
      gtk_menu_item_set_submenu(cast(raw(recent)), self.recentMenu())
    }
    gtk_menu_shell_append(cast(raw(menu)), recent)
    let bundled = gtk_menu_item_new_with_mnemonic("Open _Bundled Scenario")!
    let bundledMenu = gtk_menu_new()!
    for path in Resources.bundledScenarios {
      let item = gtk_menu_item_new_with_label(PathName.last(path))!
      onSignal(raw(item), "activate") { [unowned self] in self.open(path: path, confirm: true) }
      gtk_menu_shell_append(cast(raw(bundledMenu)), item)
    }
    gtk_menu_item_set_submenu(cast(raw(bundled)), bundledMenu)
    gtk_menu_shell_append(cast(raw(menu)), bundled)
    for (title, action) in [
      ("_Reload", "app.reload"), ("Save _As…", "app.save-as"), ("_Keyboard Shortcuts", "app.shortcuts"),
      ("_About Rotation Lab", "app.about"), ("_Quit", "app.quit"),
    ] {
      let item = gtk_menu_item_new_with_mnemonic(title)!
      gtk_actionable_set_action_name(cast(raw(item)), action)
      gtk_menu_shell_append(cast(raw(menu)), item)
    }
    gtk_widget_show_all(menu)
    return menu
  }

  func recentMenu() -> Widget {
    let menu = gtk_menu_new()!
    let paths = recentFiles()
    if paths.isEmpty {
      let item = gtk_menu_item_new_with_label("No recent scenarios")!
      setSensitive(item, false)
      gtk_menu_shell_append(cast(raw(menu)), item)
    }
    for path in paths {
      let item = gtk_menu_item_new_with_label(PathName.last(path))!
      gtk_widget_set_tooltip_text(item, path)
      onSignal(raw(item), "activate") { [unowned self] in self.open(path: path, confirm: true) }
      gtk_menu_shell_append(cast(raw(menu)), item)
    }
    gtk_widget_show_all(menu)
    return menu
  }

  /// The second stage's signals.
  func wirePanels() {
    onSignal(raw(gtk_tree_view_get_selection(cast(raw(timeline)))), "changed") { [unowned self] in
      guard !self.updating else { return }
      let index = Int(rl_tree_view_selected_row(self.timeline))
      if index >= 0 { self.show(step: index + 1) }
    }
    connect(raw(treeArea), "draw", arguments: 1) { [unowned self] cr, _, _ in
      self.drawTree(OpaquePointer(cr!))
      return 0
    }
    connect(raw(treeArea), "button-press-event", arguments: 1) { [unowned self] event, _, _ in
      let event: UnsafeMutablePointer<GdkEvent> = cast(event)
      self.clickTree(x: rl_event_button_x(event), y: rl_event_button_y(event))
      return 1
    }
    connect(raw(treeArea), "motion-notify-event", arguments: 1) { [unowned self] event, _, _ in
      let event: UnsafeMutablePointer<GdkEvent> = cast(event)
      self.hoverTree(x: rl_event_button_x(event), y: rl_event_button_y(event))
      return 0
    }
    connect(raw(masksArea), "draw", arguments: 1) { [unowned self] cr, _, _ in
      self.drawMasks(OpaquePointer(cr!))
      return 0
    }
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
    gtk_header_bar_set_title(cast(raw(header)), texts.title)
    gtk_header_bar_set_subtitle(cast(raw(header)), texts.subtitle)
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
    let step = history.current
    setSensitive(backButton, history.canStepBack)
    setSensitive(forwardButton, history.canStepForward)
    refreshSystemSwitcher(history.scenario.system.version)
    setMarkup(reasonLabel, MaskPanel.summary(model))
    if let exception = step.exception {
      setMarkup(
        exceptionLabel,
        "<span foreground='#C01C28'><b>\(escapeMarkup(exception.name))</b>\n\(escapeMarkup(exception.reason))</span>"
      )
      gtk_widget_show(exceptionLabel)
    } else {
      setLabel(exceptionLabel, "")
      gtk_widget_hide(exceptionLabel)
    }
    refreshTimeline(history)
    refreshCalls(step)
    let treeHeight = TreePanel.height(for: model)
    gtk_widget_set_size_request(treeArea, 340, Int32(treeHeight))
    gtk_widget_queue_draw(treeArea)
    gtk_widget_set_size_request(masksArea, 500, 230)
    gtk_widget_queue_draw(masksArea)
    actions?.refresh(history)
    inspector?.refresh()
    if let compareWindow, gtk_widget_get_visible(compareWindow.window) != 0 { compareWindow.refresh() }
  }

  /// Marks the timeline's rows from step `index` on as out of date.
  func timelineChanged(from index: Int) { timelineRows = min(timelineRows, max(0, index - 1)) }

  /// Brings the timeline's rows to the history: rows from the first changed step are rewritten,
  /// new steps are appended.
  func refreshTimeline(_ history: History) {
    if timelineRows < Int(rl_text_list_store_count(timelineStore)) {
      rl_text_list_store_truncate(timelineStore, Int32(timelineRows))
    }
    for index in timelineRows..<history.count {
      let entry = history.entries[index]
      let text = Self.timelineText(entry, index: index + 1)
      rl_text_list_store_append(
        timelineStore,
        entry.raisedException ? "<span foreground='#C01C28'>\(escapeMarkup(text))</span>" : escapeMarkup(text)
      )
    }
    timelineRows = history.count
    rl_tree_view_select_row(timeline, Int32(history.shown - 1))
  }

  static func timelineText(_ entry: History.Entry, index: Int) -> String {
    var text = "\(index). \(entry.event.label) → \(entry.interfaceOrientation.name)"
    if entry.raisedException { text += "  ✖ exception" }
    if entry.status == .notRun { text += "  (not run)" }
    return text
  }

  func refreshCalls(_ step: Step) {
    let list: UnsafeMutablePointer<GtkContainer> = cast(raw(callList))
    removeChildren(list)
    func add(_ markup: String, plain: String) {
      let row = label(plain, wrap: true, selectable: true)
      setMarkup(row, markup)
      name(row, plain)
      gtk_widget_set_margin_start(row, 4)
      gtk_list_box_insert(cast(raw(callList)), row, -1)
    }
    for (index, call) in step.calls.enumerated() {
      let plain = TextTrace.line(for: call, number: index + 1).trimmingWhitespace()
      let color = CallPanel.color(for: call).hex
      let indent = String(repeating: "  ", count: call.depth)
      var markup = "<tt><span foreground='#9A9996'>\(index + 1)</span> \(indent)<span foreground='\(color)'>"
      markup += call.overridden || call.kind == .api ? "" : "<i>"
      markup += escapeMarkup(call.signature)
      markup += call.overridden || call.kind == .api ? "" : "</i>"
      if let answer = call.answer { markup += " → <b>\(escapeMarkup(answer))</b>" }
      markup += "</span></tt>"
      add(markup, plain: plain)
    }
    for notification in step.notifications {
      add(
        "<span foreground='#986A44'>✉ \(escapeMarkup(notification))</span>",
        plain: "notification: \(notification)")
    }
    for line in step.console {
      add("<tt>console: \(escapeMarkup(line))</tt>", plain: "console: \(line)")
    }
    for note in step.deprecations {
      add("<span foreground='#E66100'>deprecated: \(escapeMarkup(note))</span>", plain: "deprecated: \(note)")
    }
    if let error = step.error {
      add(
        "<span foreground='#E66100'>error: \(escapeMarkup(error.description))</span>",
        plain: "error: \(error.description)")
    }
    if step.calls.isEmpty {
      add("<i>UIKit called nothing in this step.</i>", plain: "UIKit called nothing in this step.")
    }
    gtk_widget_show_all(callList)
  }

  func removeChildren(_ container: UnsafeMutablePointer<GtkContainer>) {
    guard let children = gtk_container_get_children(container) else { return }
    var node: UnsafeMutablePointer<GList>? = children
    while let current = node {
      gtk_widget_destroy(cast(current.pointee.data))
      node = current.pointee.next
    }
    g_list_free(children)
  }

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

  func refreshSystemSwitcher(_ version: SystemVersion) {
    gtk_combo_box_text_remove_all(cast(raw(systemSwitcher)))
    var versions = Self.systemVersions
    if !versions.contains(where: { SystemVersion($0)! == version }) { versions.append(version.text) }
    versions.sort { SystemVersion($0)! < SystemVersion($1)! }
    for item in versions { gtk_combo_box_text_append_text(cast(raw(systemSwitcher)), "iOS \(item)") }
    if let index = versions.firstIndex(where: { SystemVersion($0)! == version }) {
      gtk_combo_box_set_active(cast(raw(systemSwitcher)), Int32(index))
    }
  }

  func showCompare() {
    if compareWindow == nil { compareWindow = CompareWindow(owner: self) }
    compareWindow?.present()
  }

  // MARK: - Tree and masks drawing

  func drawTree(_ cr: OpaquePointer) {
    guard let model else { return }
    let canvas = Canvas(context: cr)
    let width = Double(gtk_widget_get_allocated_width(treeArea))
    let height = Double(gtk_widget_get_allocated_height(treeArea))
    canvas.fill(Rect(x: 0, y: 0, width: width, height: height), Theme.panel)
    TreePanel.draw(model, on: canvas, in: Rect(x: 0, y: 0, width: width, height: height))
    if let selectedClass, let index = model.tree.nodes.firstIndex(where: { $0.className == selectedClass }) {
      let layout = TreePanel.layout(model, width: width)[index]
      canvas.stroke(
        layout.box.insetBy(-3, -3), Theme.visible.withAlpha(0.6), width: 1.5, radius: 9, dash: [3, 2])
    }
  }

  func node(atX x: Double, y: Double) -> TreeNodeSnapshot? {
    guard let model else { return nil }
    let width = Double(gtk_widget_get_allocated_width(treeArea))
    let layouts = TreePanel.layout(model, width: width)
    guard let index = layouts.firstIndex(where: { $0.box.contains(x: x, y: y) }) else { return nil }
    return model.tree.nodes[index]
  }

  func clickTree(x: Double, y: Double) {
    gtk_widget_grab_focus(treeArea)
    guard let node = node(atX: x, y: y) else { return }
    select(className: node.className)
  }

  func select(className: String) {
    selectedClass = className
    inspector?.refresh()
    gtk_widget_queue_draw(treeArea)
  }

  func hoverTree(x: Double, y: Double) {
    guard let node = node(atX: x, y: y) else {
      gtk_widget_set_tooltip_text(treeArea, nil)
      return
    }
    let answers = node.answers
    var lines = ["\(node.className) (\(node.kind.uikitClass))"]
    lines.append(
      "shouldAutorotate → \(answers.shouldAutorotate ? "YES" : "NO")\(answers.shouldAutorotateOverridden ? "" : " (UIKit default)")"
    )
    lines.append(
      "supportedInterfaceOrientations → \(answers.supported.name)\(answers.supportedOverridden ? "" : " (UIKit default)")"
    )
    lines.append(
      "preferredInterfaceOrientationForPresentation → \(answers.preferred.name)\(answers.preferredOverridden ? "" : " (UIKit default)")"
    )
    lines += answers.forwards.map { "forwards \($0)" }
    if !answers.hooks.isEmpty { lines.append("overrides " + answers.hooks.joined(separator: ", ")) }
    if !answers.methods.isEmpty { lines.append("methods " + answers.methods.joined(separator: ", ")) }
    gtk_widget_set_tooltip_text(treeArea, lines.joined(separator: "\n"))
  }

  func drawMasks(_ cr: OpaquePointer) {
    guard let model else { return }
    let canvas = Canvas(context: cr)
    let width = Double(gtk_widget_get_allocated_width(masksArea))
    let height = Double(gtk_widget_get_allocated_height(masksArea))
    canvas.fill(Rect(x: 0, y: 0, width: width, height: height), Theme.panel)
    MaskPanel.draw(model, on: canvas, in: Rect(x: 0, y: 0, width: width, height: height), summary: false)
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
    let dialog = rl_message_dialog_new(cast(raw(window)), type, GTK_BUTTONS_NONE, text)!
    rl_message_dialog_set_secondary(dialog, detail)
    for (title, response) in buttons {
      gtk_dialog_add_button(cast(raw(dialog)), title, response.rawValue)
    }
    connect(raw(dialog), "response", arguments: 1) { response, _, _ in
      let answer = GtkResponseType(rawValue: Int32(truncatingIfNeeded: Int(bitPattern: response)))
      gtk_widget_destroy(dialog)
      then(answer)
      return 0
    }
    gtk_widget_show_all(dialog)
  }

  func showError(_ message: String) {
    let shown = errorBar ?? makeErrorBar()
    setLabel(shown.message, message)
    gtk_widget_set_no_show_all(shown.bar, 0)
    gtk_widget_show_all(shown.bar)
  }

  func hideError() {
    if let errorBar { gtk_widget_hide(errorBar.bar) }
  }

  /// The error bar, above the columns.
  private func makeErrorBar() -> (bar: Widget, message: Widget) {
    let bar = gtk_info_bar_new()!
    gtk_info_bar_set_message_type(cast(raw(bar)), GTK_MESSAGE_ERROR)
    gtk_info_bar_set_show_close_button(cast(raw(bar)), 1)
    let message = named(label("", wrap: true, selectable: true), "Error Message")
    gtk_container_add(cast(raw(gtk_info_bar_get_content_area(cast(raw(bar))))), message)
    pack(root, bar)
    gtk_box_reorder_child(cast(raw(root)), bar, 0)
    gtk_widget_set_no_show_all(bar, 1)
    connect(raw(bar), "response", arguments: 1) { _, _, _ in
      gtk_widget_hide(bar)
      return 0
    }
    errorBar = (bar, message)
    return (bar, message)
  }

  func showAbout() {
    let dialog = gtk_about_dialog_new()!
    let about: UnsafeMutablePointer<GtkAboutDialog> = cast(raw(dialog))
    gtk_about_dialog_set_program_name(about, "Rotation Lab")
    gtk_about_dialog_set_version(about, rotationLabAppVersion)
    gtk_about_dialog_set_comments(
      about,
      "See how UIKit decides an iOS app's interface orientation: who is asked, in which order, and why.")
    gtk_about_dialog_set_logo_icon_name(about, RotationLabApplication.applicationID)
    gtk_about_dialog_set_license_type(about, GTK_LICENSE_MIT_X11)
    gtk_window_set_transient_for(cast(raw(dialog)), cast(raw(window)))
    gtk_window_set_modal(cast(raw(dialog)), 1)
    connect(raw(dialog), "response", arguments: 1) { _, _, _ in
      gtk_widget_destroy(dialog)
      return 0
    }
    gtk_widget_show_all(dialog)
  }

  func showShortcuts() {
    let builder = gtk_builder_new_from_string(shortcutsXML, -1)!
    defer { g_object_unref(raw(builder)) }
    guard let object = gtk_builder_get_object(builder, "shortcuts") else { return }
    let shortcuts: Widget = cast(raw(object))
    gtk_window_set_transient_for(cast(raw(shortcuts)), cast(raw(window)))
    gtk_widget_show_all(shortcuts)
  }
}

/// The version shown in the about dialog.
public let rotationLabAppVersion = "0.1.0"

let shortcutsXML = """
  <interface>
    <object class="GtkShortcutsWindow" id="shortcuts">
      <property name="modal">1</property>
      <child>
        <object class="GtkShortcutsSection">
          <property name="visible">1</property>
          <property name="section-name">shortcuts</property>
          <child>
            <object class="GtkShortcutsGroup">
              <property name="visible">1</property>
              <property name="title">Files</property>
              \(shortcut("Open a scenario", "<Control>o"))
              \(shortcut("Save", "<Control>s"))
              \(shortcut("Save as", "<Control><Shift>s"))
              \(shortcut("Export the shown step's diagram", "<Control>e"))
              \(shortcut("Reload", "<Control>r"))
              \(shortcut("Quit", "<Control>q"))
            </object>
          </child>
          <child>
            <object class="GtkShortcutsGroup">
              <property name="visible">1</property>
              <property name="title">Device and history</property>
              \(shortcut("Rotate the device left", "<Control>Left"))
              \(shortcut("Rotate the device right", "<Control>Right"))
              \(shortcut("Previous step", "<Alt>Left"))
              \(shortcut("Next step", "<Alt>Right"))
              \(shortcut("Keyboard shortcuts", "<Control>question"))
            </object>
          </child>
        </object>
      </child>
    </object>
  </interface>
  """

private func shortcut(_ title: String, _ accelerator: String) -> String {
  let escaped = escapeMarkup(accelerator)
  return """
    <child><object class="GtkShortcutsShortcut"><property name="visible">1</property>\
    <property name="title">\(title)</property><property name="accelerator">\(escaped)</property></object></child>
    """
}
