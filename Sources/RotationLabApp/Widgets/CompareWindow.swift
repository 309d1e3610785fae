import CGtk
import FoundationEssentials
import RotationCore
import RotationRender

/// The same scenario under two system versions, side by side: one row per step with each run's
/// orientations and calls, differing steps marked, and the calls only one of them made. It shows
/// the session it is given (`show`).
@MainActor
final class CompareWindow {
  let window: Widget
  /// The session compared, and its file (the export's suggested name comes from it).
  private var history: History?
  private var filePath: String?
  let left: Widget
  let right: Widget
  let summary: Widget
  let grid: Widget
  var comparison: Comparison?
  /// A fixed comparison to show instead of the session under two systems (a fix's preview).
  var preview: Comparison?
  let controls: Widget
  static let versions = HeaderBar.systemVersions

  init(over parent: Widget) {
    window = toolWindow(tr("Compare Systems"), over: parent, width: 1100, height: 700)
    left = gtk_combo_box_text_new()
    right = gtk_combo_box_text_new()
    name(left, tr("First System"))
    name(right, tr("Second System"))
    for version in Self.versions {
      gtk_combo_box_text_append_text(cast(raw(left)), "iOS \(version)")
      gtk_combo_box_text_append_text(cast(raw(right)), "iOS \(version)")
    }
    gtk_combo_box_set_active(cast(raw(left)), Int32(Self.versions.firstIndex(of: "15.0")!))
    gtk_combo_box_set_active(cast(raw(right)), Int32(Self.versions.firstIndex(of: "16.0")!))
    summary = label("", wrap: true, selectable: true)
    name(summary, tr("Comparison Summary"))
    grid = gtk_grid_new()
    name(grid, tr("Comparison"))
    gtk_grid_set_column_spacing(cast(raw(grid)), 18)
    gtk_grid_set_row_spacing(cast(raw(grid)), 10)

    let column = box(GTK_ORIENTATION_VERTICAL, spacing: 8)
    gtk_container_set_border_width(cast(raw(column)), 12)
    controls = box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
    // TRANSLATORS: "Compare [iOS 15.0] with [iOS 16.0]", around two version menus.
    pack(controls, label(tr("Compare")))
    pack(controls, left)
    pack(controls, label(tr("with")))
    pack(controls, right)
    let export = button(
      tr("Export Comparison"), tooltip: tr("Save the side-by-side comparison as PNG, SVG or PDF"))
    gtk_box_pack_end(cast(raw(controls)), export, 0, 0, 0)
    pack(column, controls)
    pack(column, summary)
    let scroller = gtk_scrolled_window_new(nil, nil)!
    gtk_container_add(cast(raw(scroller)), grid)
    pack(column, scroller, expand: true)
    gtk_container_add(cast(raw(window)), column)

    onSignal(raw(left), "changed", owner: self) { [unowned self] in self.refresh() }
    onSignal(raw(right), "changed", owner: self) { [unowned self] in self.refresh() }
    onSignal(raw(export), "clicked", owner: self) { [unowned self] in self.exportWithChooser() }
  }

  func present(_ history: History, filePath: String?) {
    (self.history, self.filePath) = (history, filePath)
    preview = nil
    gtk_window_set_title(cast(raw(window)), tr("Compare Systems"))
    name(window, tr("Compare Systems"))
    refresh()
    gtk_widget_show_all(window)
    gtk_window_present(cast(raw(window)))
  }

  var systems: [SystemVersion] {
    [left, right].map { combo in
      let index = Int(gtk_combo_box_get_active(cast(raw(combo))))
      return SystemVersion(Self.versions[max(0, index)])!
    }
  }

  /// Shows a scenario and its fix side by side: the same grid, "before" and "after".
  func present(preview comparison: Comparison, title: String) {
    preview = comparison
    gtk_window_set_title(cast(raw(window)), title)
    name(window, title)
    refresh()
    gtk_widget_show_all(window)
    gtk_widget_hide(controls)
    gtk_window_present(cast(raw(window)))
  }

  /// Shows the session as it is now.
  func show(_ history: History, filePath: String?) {
    (self.history, self.filePath) = (history, filePath)
    refresh()
  }

  func refresh() {
    guard
      let comparison = preview
        ?? history.map({ Comparison(scenario: $0.scenarioWithEvents, systems: systems) })
    else { return }
    self.comparison = comparison
    removeChildren(cast(raw(grid)))
    let names = comparison.runs.map(\.label)
    let differing = comparison.differingSteps
    // TRANSLATORS: joins the compared systems, "iOS 15.0 and iOS 16.0".
    let between = names.joined(separator: tr(" and "))
    setLabel(
      summary,
      differing.isEmpty
        ? tr("%s of %s steps differ between %s.", differing.count, comparison.steps.count, between)
        : tr(
          "%s of %s steps differ between %s: steps %s.", differing.count, comparison.steps.count, between,
          differing.map(String.init).joined(separator: ", ")))
    let headers =
      [tr("Step")]
      + comparison.runs.map { preview == nil ? "\($0.label) — \($0.profile.summary)" : $0.label } + [
        tr("Difference")
      ]
    for (index, title) in headers.enumerated() {
      gtk_grid_attach(cast(raw(grid)), boldHeading(title), Int32(index), 0, 1, 1)
    }
    for (row, step) in comparison.steps.enumerated() {
      let marker = step.same ? "" : "● "
      let stepLabel = label("\(marker)\(step.index). \(step.event.label)", wrap: true)
      if !step.same {
        setMarkup(
          stepLabel,
          "<span foreground='\(Theme.decider.hex)'><b>● \(step.index). \(escapeMarkup(step.event.label))</b></span>"
        )
      }
      name(stepLabel, step.same ? tr("Step %s same", step.index) : tr("Step %s differs", step.index))
      gtk_grid_attach(cast(raw(grid)), stepLabel, 0, Int32(row + 1), 1, 1)
      for (position, run) in step.steps.enumerated() {
        var text = tr(
          "interface %s, device %s, %s calls", run.interfaceOrientation.name, run.deviceOrientation.name,
          run.calls.count)
        if let exception = run.exception { text += "\n✖ \(exception.name)" }
        if run.status == .notRun { text += tr("\n(not run)") }
        if let error = run.error { text += tr("\nerror %s", error.code) }
        if !step.onlyIn[position].isEmpty {
          text += tr("\nonly here: %s", step.onlyIn[position].joined(separator: ", "))
        }
        let cell = label(text, wrap: true, selectable: true)
        gtk_label_set_max_width_chars(cast(raw(cell)), 46)
        name(cell, tr("Step %s on %s: %s", step.index, names[position], text))
        gtk_grid_attach(cast(raw(grid)), cell, Int32(position + 1), Int32(row + 1), 1, 1)
      }
      let difference = label(step.summary.text, wrap: true, selectable: true)
      gtk_label_set_max_width_chars(cast(raw(difference)), 40)
      name(difference, tr("Step %s difference: %s", step.index, step.summary.text))
      gtk_grid_attach(cast(raw(grid)), difference, Int32(step.steps.count + 1), Int32(row + 1), 1, 1)
    }
    gtk_widget_show_all(grid)
  }

  func exportWithChooser() {
    guard let comparison else { return }
    let base = PathName.last(filePath ?? "scenario").replacing(".json", with: "")
    let names = comparison.runs.map { $0.system.text }.joined(separator: "-vs-")
    chooseFile(
      over: window, near: filePath, title: tr("Export the Comparison"), save: true,
      suggestedName: "\(base)-\(names).png",
      filters: [(tr("PNG image"), ["*.png"]), (tr("SVG image"), ["*.svg"]), (tr("PDF document"), ["*.pdf"])]
    ) { [unowned self] path in
      guard let path else { return }
      do {
        try FileWriter.write(
          try Exporter.render(comparison, format: ExportFormat(path: path) ?? .png), to: path)
      } catch {
        Dialogs.ask(
          over: self.window, tr("Could not export the comparison. %s", String(describing: error)), detail: "",
          buttons: [(tr("Close"), GTK_RESPONSE_CLOSE)], type: GTK_MESSAGE_ERROR
        ) { _ in }
      }
    }
  }
}
