import CCairo
import FoundationEssentials
import RotationCore

/// A comparison of one scenario under several system versions, side by side: one row per step,
/// one column per system, differing steps marked, and the calls that vanish listed.
public enum CompareDiagram {
  static let margin = 16.0
  static let stepColumn = 250.0
  static let runColumn = 360.0
  static let lineHeight = 16.0

  /// The rows' heights, measured so that the vanished calls fit.
  static func rowHeights(_ comparison: Comparison, canvas: Canvas) -> [Double] {
    comparison.steps.map { step in
      var lines = 2.0
      for calls in step.onlyIn where !calls.isEmpty { lines = max(lines, 2 + Double(min(calls.count, 8))) }
      if step.steps.contains(where: { $0.exception != nil || $0.error != nil }) { lines += 2 }
      lines += Double(step.steps.map { min(uniqueConsole($0, in: step).count, 2) }.max() ?? 0)
      return 14 + lines * lineHeight
    }
  }

  public static func size(_ comparison: Comparison, canvas: Canvas) -> (width: Double, height: Double) {
    let width = 2 * margin + stepColumn + Double(comparison.runs.count) * runColumn
    let height = 2 * margin + 70 + 34 + rowHeights(comparison, canvas: canvas).reduce(0, +) + 30
    return (width, height)
  }

  public static func draw(_ comparison: Comparison, on canvas: Canvas) {
    let size = size(comparison, canvas: canvas)
    canvas.fill(Rect(x: 0, y: 0, width: size.width, height: size.height), Theme.background)
    var y = margin
    canvas.text(
      comparison.title, x: margin, y: y, font: Theme.title, color: Theme.text, width: size.width - 2 * margin,
      ellipsize: true)
    y += 26
    let differing = comparison.differingSteps
    let systems = comparison.runs.map { "iOS \($0.system.text) (\($0.profile.summary))" }
    canvas.text(
      tr(
        "Compared on %s · %s of %s steps differ", systems.joined(separator: tr(" and ")), differing.count,
        comparison.steps.count),
      x: margin, y: y, font: Theme.body, color: Theme.secondaryText, width: size.width - 2 * margin,
      ellipsize: true)
    y += 44
    let table = Rect(x: margin, y: y, width: size.width - 2 * margin, height: size.height - y - margin - 26)
    canvas.fill(table, Theme.panel, radius: 10)
    canvas.stroke(table.insetBy(0.5, 0.5), Theme.panelBorder, radius: 10)
    canvas.text(tr("Step"), x: margin + 14, y: y + 9, font: Theme.heading, color: Theme.text)
    for (index, run) in comparison.runs.enumerated() {
      let x = margin + stepColumn + Double(index) * runColumn
      canvas.text(
        "iOS \(run.system.text)", x: x, y: y + 9, font: Theme.heading,
        color: run.profile == .modern ? Theme.visible : Theme.text)
    }
    y += 34
    for (step, height) in zip(comparison.steps, rowHeights(comparison, canvas: canvas)) {
      let row = Rect(x: margin + 1, y: y, width: table.width - 2, height: height)
      if !step.same { canvas.fill(row, Theme.decider.withAlpha(0.07)) }
      canvas.line(from: (margin, y), to: (margin + table.width, y), Theme.grid)
      if !step.same {
        canvas.fill(Rect(x: margin + 1, y: y + 4, width: 4, height: height - 8), Theme.decider, radius: 2)
      }
      canvas.text(
        "\(step.index). \(step.event.label)", x: margin + 14, y: y + 7, font: Theme.bodyBold,
        color: Theme.text,
        width: stepColumn - 24, ellipsize: true)
      canvas.text(
        step.same ? tr("same on every system") : tr("differs"), x: margin + 14, y: y + 7 + lineHeight + 2,
        font: Theme.small,
        color: step.same ? Theme.allowedStrong : Theme.decider)
      for (index, run) in step.steps.enumerated() {
        drawRun(
          run, only: step.onlyIn[index], console: uniqueConsole(run, in: step),
          at: margin + stepColumn + Double(index) * runColumn, y: y + 7, canvas: canvas)
      }
      y += height
    }
    canvas.text(
      tr(
        "Highlighted rows differ. Listed calls are made on that system only (the same question asked on the other is not listed)."
      ),
      x: margin, y: size.height - margin - 16, font: Theme.small, color: Theme.secondaryText,
      width: size.width - 2 * margin, ellipsize: true)
  }

  /// Console lines this run printed that another run did not, without repeats.
  static func uniqueConsole(_ run: Step, in step: Comparison.StepDifference) -> [String] {
    var seen = Set<Phrase>()
    return run.console.filter { line in
      step.steps.contains { !$0.console.contains(line) } && seen.insert(line).inserted
    }.map(\.text)
  }

  static func drawRun(
    _ step: Step, only calls: [String], console: [String], at x: Double, y: Double, canvas: Canvas
  ) {
    let width = runColumn - 16
    var line = y
    let status: String
    switch step.status {
    case .ran: status = ""
    case .exception: status = tr("  ✖ exception")
    case .notRun: status = tr("  (not run)")
    }
    let interface = tr("interface %s", step.interfaceOrientation.name)
    let device = tr("device %s", step.deviceOrientation.name)
    canvas.text(
      "<b>\(interface)</b> · \(device)\(status)",
      x: x,
      y: line, font: Theme.small, color: step.status == .ran ? Theme.text : Theme.refused, width: width,
      markup: true, ellipsize: true)
    line += lineHeight + 2
    canvas.text(
      tr("%s calls", step.calls.count) + (calls.isEmpty ? "" : tr(", %s only here:", calls.count)), x: x,
      y: line,
      font: Theme.small, color: Theme.secondaryText, width: width, ellipsize: true)
    line += lineHeight
    for call in calls.prefix(8) {
      canvas.text(
        call, x: x + 8, y: line, font: Theme.code, color: Theme.decider, width: width - 8, ellipsis: .middle)
      line += lineHeight
    }
    for text in console.prefix(2) {
      canvas.text(
        tr("console: %s", text), x: x, y: line, font: Theme.small, color: Theme.api, width: width,
        ellipsize: true)
      line += lineHeight
    }
    if let exception = step.exception {
      canvas.text(
        "\(exception.name): \(exception.reason)", x: x, y: line, font: Theme.small, color: Theme.refused,
        width: width,
        ellipsize: true)
      line += lineHeight
    } else if let error = step.error {
      canvas.text(
        tr("error %s: %s", error.code, error.message), x: x, y: line, font: Theme.small, color: Theme.decider,
        width: width, ellipsize: true)
    }
  }
}

extension Exporter {
  /// Renders a comparison diagram in `format` (PNG, SVG or PDF).
  public static func render(
    _ comparison: Comparison, format: ExportFormat, scale: Double = 1, palette: Palette = .light
  )
    throws(ExportError)
    -> [UInt8]
  {
    guard format != .dot else {
      throw ExportError(tr("a comparison has no DOT form; choose png, svg or pdf"))
    }
    let rendered = Theme.using(palette) {
      Result { () throws(ExportError) -> [UInt8] in
        let size = measure(comparison)
        return try renderSurface(
          width: size.width, height: size.height, format: format, scale: scale, title: comparison.title
        ) { canvas in CompareDiagram.draw(comparison, on: canvas) }
      }
    }
    return try rendered.get()
  }

  static func measure(_ comparison: Comparison) -> (width: Double, height: Double) {
    let scratch = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
    defer { cairo_surface_destroy(scratch) }
    let context = cairo_create(scratch)!
    defer { cairo_destroy(context) }
    return CompareDiagram.size(comparison, canvas: Canvas(context: context))
  }
}
