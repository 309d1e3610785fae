import CGtk
import Dispatch
import FoundationEssentials
import RotationCore
import RotationRender

/// The session held to its expectations, what a reviewer would point out, and the fixes found for
/// what fails, each previewed (the expectations' steps before and after) and applied with one
/// button: the window's `check`, `diagnose` and `fix`. It shows the session it is given (`show`);
/// Preview and Apply are the main window's actions (`win.preview-fix`, `win.apply-fix`), with the
/// fix's index as their target.
@MainActor
final class DiagnosisWindow {
  let window: Widget
  /// The session shown.
  private var history: History?
  let content: Widget
  let findFixes: Widget
  /// The fixes last found, for the session they were found for.
  var outcome: (scenario: Scenario, fixes: FixOutcome)?

  init(over parent: Widget) {
    window = toolWindow(tr("Diagnosis"), over: parent, width: 900, height: 640)
    content = box(GTK_ORIENTATION_VERTICAL, spacing: 10)
    gtk_container_set_border_width(cast(raw(content)), 12)
    findFixes = button(
      tr("Find Fixes"), tooltip: tr("Try the edits iOS developers make and keep those the replay proves"))
    let column = box(GTK_ORIENTATION_VERTICAL, spacing: 8)
    let controls = box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
    pack(controls, findFixes)
    pack(column, controls)
    let scroller = gtk_scrolled_window_new(nil, nil)!
    gtk_container_add(cast(raw(scroller)), content)
    pack(column, scroller, expand: true)
    gtk_container_add(cast(raw(window)), column)
    onSignal(raw(findFixes), "clicked", owner: self) { [unowned self] in self.searchFixes() }
  }

  func present(_ history: History) {
    show(history)
    gtk_widget_show_all(window)
    gtk_window_present(cast(raw(window)))
  }

  /// The fixes found for `scenario` (the session with its events), if they were found for it.
  func fixes(for scenario: Scenario) -> [Fix]? {
    outcome.flatMap { $0.scenario == scenario ? $0.fixes.fixes : nil }
  }

  /// Rebuilds the lists for the session as it is now (the fixes only if found for this session).
  func show(_ history: History) {
    self.history = history
    refresh()
  }

  private func refresh() {
    guard let history else { return }
    let scenario = history.scenarioWithEvents
    // One replay of the whole session (cheaper than rebuilding each step from its checkpoint).
    let steps = Simulator.run(scenario)
    removeChildren(cast(raw(content)))
    section(tr("Expectations"))
    let results = Check.results(scenario, steps: steps)
    if results.isEmpty {
      line(
        tr(
          "The scenario states no expectations (\"expect\" in the file); the fixes remove exceptions and errors."
        ))
    }
    for result in results {
      let step = result.expectation.step
      let text =
        result.held
        ? tr("✓ step %s: holds", step) : tr("✗ step %s: %s", step, result.failures.joined(separator: "; "))
      line(text, name: result.held ? tr("Expectation Held") : tr("Expectation Not Held"))
    }
    section(tr("Findings"))
    let findings = Diagnosis.findings(scenario, steps: steps)
    if findings.isEmpty { line(tr("Nothing to point out.")) }
    for finding in findings {
      let where_ =
        finding.steps.isEmpty
        ? ""
        : trn(
          " (step %s)", " (steps %s)", finding.steps.count,
          finding.steps.map(String.init).joined(separator: ", "))
      line(
        "\(finding.severity.rawValue)\(where_): \(finding.message)  docs/rules.md#\(finding.rule)",
        name: tr("Finding"))
    }
    section(tr("Fixes"))
    guard let outcome, outcome.scenario == scenario else {
      line(tr("Press Find Fixes to search for the smallest edits that make the expectations hold."))
      gtk_widget_show_all(content)
      return
    }
    fixes(outcome.fixes, scenario: scenario, before: steps)
    gtk_widget_show_all(content)
  }

  /// The search replays the session up to the budget's number of times: it runs on a worker
  /// thread, so the window stays responsive, and the result comes back through the main loop.
  func searchFixes() {
    guard let history else { return }
    let scenario = history.scenarioWithEvents
    setSensitive(findFixes, false)
    gtk_button_set_label(cast(raw(findFixes)), tr("Searching…"))
    let box = ResultBox()
    DispatchQueue.global(qos: .userInitiated).async {
      box.outcome = FixSearch.search(scenario)
      _ = idle { [weak self] in
        guard let self else { return false }
        if let found = box.outcome { self.outcome = (scenario, found) }
        setSensitive(self.findFixes, true)
        gtk_button_set_label(cast(raw(self.findFixes)), tr("Find Fixes"))
        self.refresh()
        return false
      }
    }
  }

  /// Hands the worker's result to the main thread (written before the idle source is added).
  final class ResultBox: @unchecked Sendable {
    var outcome: FixOutcome?
  }

  private func fixes(_ outcome: FixOutcome, scenario: Scenario, before: [Step]) {
    if outcome.alreadyHolds {
      line(tr("The goal already holds (%s): nothing to fix.", outcome.goal))
      return
    }
    let search = tr("tried %s replays of a budget of %s", outcome.tried, outcome.budget)
    guard !outcome.fixes.isEmpty else {
      line(tr("No fix found (%s).", search))
      return
    }
    line(
      tr(
        "%s fixes, smallest first (%s). Each is proven by replaying the session with it.",
        outcome.fixes.count,
        search))
    let watched = scenario.expectations.map(\.step)
    for (index, fix) in outcome.fixes.enumerated() {
      let number = index + 1
      let title = label("")
      setMarkup(title, "<b>\(number). \(escapeMarkup(fix.edits.map(\.title).joined(separator: " + ")))</b>")
      pack(content, title)
      if !fix.unmentionedChanges.isEmpty {
        line(
          tr(
            "Also changes step %s, which no expectation mentions: check that it should.",
            fix.unmentionedChanges.map(String.init).joined(separator: ", ")),
          name: tr("Fix %s Side Effects", number))
      }
      for edit in fix.edits where !edit.why.isEmpty {
        line(tr("Why: %s", edit.why) + (edit.rule.map { " (docs/rules.md#\($0.anchor))" } ?? ""))
      }
      for edit in fix.edits {
        let code = label("\(edit.change)\n\n\(edit.swift)\n\n\(edit.objectiveC)", selectable: true)
        addStyleClass(code, "monospace")
        pack(content, code)
      }
      // Preview: the steps the wish is about, before and after.
      let after = fix.steps
      for step in Set(
        watched.isEmpty ? before.filter { $0.exception != nil || $0.error != nil }.map(\.index) : watched
      )
      .sorted() where before.indices.contains(step - 1) && after.indices.contains(step - 1) {
        line(
          tr("step %s: %s → %s", step, summary(before[step - 1]), summary(after[step - 1])),
          name: tr("Fix %s Preview", number))
      }
      let apply = button(
        tr("Apply Fix %s", number), tooltip: tr("Replace the session's scenario with this fix and replay it"))
      bind(apply, to: .applyFix, target: String(index))
      let preview = button(
        tr("Preview Fix %s", number),
        tooltip: tr("The session and the fixed scenario side by side, step by step"))
      bind(preview, to: .previewFix, target: String(index))
      let row = box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
      pack(row, preview)
      pack(row, apply)
      pack(content, row)
    }
  }

  private func summary(_ step: Step) -> String {
    if let exception = step.exception { return "\(exception.name)" }
    if step.status == .notRun { return tr("not run") }
    return tr("interface %s", step.interfaceOrientation.name)
      + (step.error.map { tr(", error %s", $0.code) } ?? "")
  }

  private func section(_ title: String) {
    pack(content, boldHeading(title, marginTop: 6))
  }

  private func line(_ text: String, name accessible: String? = nil) {
    let item = label(text, wrap: true, selectable: true)
    if let accessible { name(item, accessible) }
    pack(content, item)
  }
}
