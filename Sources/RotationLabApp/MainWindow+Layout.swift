import CGtk
import FoundationEssentials
import RotationCore
import RotationRender
import RotationResources

/// The window's layout: its default size, the columns and their panes, and the panels built
/// right after the first frame.
extension MainWindow {
  /// The primary monitor's work area (the screen less panels), or nil when GDK does not say.
  static func workArea() -> (width: Int32, height: Int32)? {
    var area = GdkRectangle()
    if let display = gdk_display_get_default(),
      let monitor = gdk_display_get_primary_monitor(display) ?? gdk_display_get_monitor(display, 0)
    {
      gdk_monitor_get_workarea(monitor, &area)
    }
    return area.width > 0 && area.height > 0 ? (area.width, area.height) : nil
  }

  /// 1360×900, or less to fit the work area with a margin. The default size is the content's:
  /// the header bar (about 46 px) and the window's frame come on top.
  static func defaultSize(in area: (width: Int32, height: Int32)?) -> (width: Int32, height: Int32) {
    guard let area else { return (1360, 900) }
    return (min(1360, area.width - 40), min(900, area.height - 100))
  }

  /// The largest content size that keeps the whole window (header bar and frame included) in
  /// the work area: a size remembered on a larger screen is cut to it.
  static func largestSize(in area: (width: Int32, height: Int32)?) -> (width: Int32, height: Int32)? {
    area.map { (max(400, $0.width - 20), max(300, $0.height - 64)) }
  }

  // MARK: - Layout

  func section(_ title: String) -> Widget {
    let heading = boldHeading(title, marginTop: 8)
    addStyleClass(heading, "heading")
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

  /// The columns: the controller tree over the inspector on the left; the device with its status
  /// over the timeline in the middle (the device's panel has room to spare, and the tree, the
  /// other main picture, gets the left column's height); the masks over the call order on the
  /// right. At 1280×800 the tree has over a third of the window's height.
  func layout() {
    let columns = columnsPane
    let left = leftColumn
    gtk_widget_set_margin_start(left, 10)
    gtk_widget_set_margin_end(left, 6)
    gtk_widget_set_size_request(left, 330, -1)

    let right = sidePane
    let device = box(GTK_ORIENTATION_VERTICAL, spacing: 6)
    pack(device, deviceView.area, expand: true)
    gtk_widget_set_margin_start(statusLabel, 12)
    gtk_widget_set_margin_end(statusLabel, 12)
    gtk_widget_set_margin_bottom(statusLabel, 8)
    pack(device, statusLabel)
    // The timeline's place is kept from the first frame on, so the device does not move when the
    // timeline arrives.
    gtk_widget_set_margin_start(timelineSlot, 8)
    gtk_widget_set_margin_end(timelineSlot, 4)
    gtk_widget_set_size_request(timelineSlot, -1, Self.timelineHeight)
    let center = devicePane
    gtk_paned_pack1(cast(raw(center)), device, 1, 0)
    gtk_paned_pack2(cast(raw(center)), timelineSlot, 0, 0)
    gtk_widget_set_size_request(center, 300, -1)
    name(center, "Device and Timeline")

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
    // The columns are where they were left from the first frame on, and so is the timeline's
    // height (its first: a few steps and the edit bar).
    state.keep(
      [
        ("columns-position", columns, false), ("side-position", right, false),
        ("timeline-height", center, true),
      ],
      // What the first allocation gave the timeline's place (its request) is kept.
      start: [
        "timeline-height": { [unowned self] in
          gtk_widget_get_allocated_height(self.devicePane)
            - gtk_paned_get_position(cast(raw(self.devicePane)))
        }
      ])
    pack(root, columns, expand: true)
    // The action bar's height is kept from the first frame, so the device does not move when the
    // bar arrives.
    gtk_widget_set_size_request(bottomRow, -1, ActionBar.height)
    pack(root, bottomRow)
    gtk_container_add(cast(raw(window)), root)
  }

  /// The timeline's first height under the device: a few steps and the edit bar.
  static let timelineHeight: Int32 = 160

  /// The second stage: everything around the device, built and shown right after the first frame.
  func buildPanels() {
    guard !panelsBuilt else { return }
    let timeline = TimelineView(
      select: { [unowned self] index in self.show(step: index) },
      move: { [unowned self] from, to in self.moveStep(from: from, to: to) })
    let tree = ControllerTreeView { [unowned self] id in self.select(node: id) }
    tree.selectedClass = selectedClass
    tree.selectedPath = selectedPath
    let stepEdits = StepEditBar()
    let treeEdits = TreeEditBar()
    (self.stepEdits, self.treeEdits) = (stepEdits, treeEdits)
    let maskView = MaskView()
    let callList = CallList()
    let actions = ActionBar()
    let inspector = Inspector { [unowned self] edit in self.change(edit) }
    (self.timeline, self.tree, self.maskView, self.callList) = (timeline, tree, maskView, callList)
    (self.actions, self.inspector) = (actions, inspector)
    // The timeline under the device; the tree over the inspector in a resizable pane.
    pack(timelineSlot, section(tr("Timeline")))
    pack(timelineSlot, scrolled(timeline.widget, minHeight: 70, across: false), expand: true)
    pack(timelineSlot, stepEdits.widget)
    let bottom = box(GTK_ORIENTATION_VERTICAL)
    pack(bottom, section(tr("Inspector")))
    pack(bottom, scrolled(inspector.root, minHeight: 120, across: false), expand: true)
    let treeColumn = box(GTK_ORIENTATION_VERTICAL)
    pack(treeColumn, scrolled(tree.area, minHeight: 100), expand: true)
    pack(treeColumn, treeEdits.widget)
    gtk_paned_pack1(cast(raw(treePane)), treeColumn, 1, 0)
    gtk_paned_pack2(cast(raw(treePane)), bottom, 0, 0)
    pack(leftColumn, treePane, expand: true)

    // The masks and their reason over the call order, in resizable panes: a long reason scrolls
    // instead of making the window taller than a laptop's screen.
    let masks = box(GTK_ORIENTATION_VERTICAL, spacing: 4)
    maskView.pack(into: masks)
    let calls = box(GTK_ORIENTATION_VERTICAL)
    pack(calls, section(tr("Call order")))
    pack(calls, scrolled(callList.widget, minHeight: 80), expand: true)
    let masksScroller = scrolled(masks, minHeight: 160)
    // The pane starts as tall as the masks and their reason want, where the window has room.
    gtk_scrolled_window_set_propagate_natural_height(cast(raw(masksScroller)), 1)
    gtk_paned_pack1(cast(raw(callsPane)), masksScroller, 0, 0)
    gtk_paned_pack2(cast(raw(callsPane)), calls, 1, 0)
    pack(sideColumn, callsPane, expand: true)
    name(treePane, "Tree and Inspector")
    name(callsPane, "Masks and Call Order")
    state.keep(
      [("inspector-height", treePane, true), ("calls-position", callsPane, false)],
      start: [
        // The tree, the inspector, and the masks with their whole reason where there is room.
        "inspector-height": { 260 },
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
    header.buildControls()
    wireDrop()
    if let pendingRecent {
      addRecent(pendingRecent)
      self.pendingRecent = nil
    }
    if let history { rebuildMenus(history.scenario) }
    refreshPanels()
    for widget in [leftColumn, sideColumn, timelineSlot, bottomRow] {
      gtk_widget_set_no_show_all(widget, 0)
      gtk_widget_show_all(widget)
    }
    // The pane holds the timeline's height now; the person may make it smaller than the first.
    gtk_widget_set_size_request(timelineSlot, -1, -1)
    BenchLog.mark("panels-built")
  }
}
