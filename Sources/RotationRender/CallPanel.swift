import RotationCore

/// The step's call order, numbered: receiver, selector, answer. The app's own overrides in full
/// colour (what an NSLog trace shows), UIKit defaults in grey italics, lifecycle calls in blue,
/// app methods in purple, UIKit APIs the app called in teal; forwarded calls indented under their
/// container; then notifications, console lines and the exception.
public enum CallPanel {
  static let lineHeight = 17.0
  static let indent = 16.0

  public static func height(for model: DiagramModel, width: Double, canvas: Canvas) -> Double {
    let step = model.step
    var height = 30.0 + Double(max(step.calls.count, 1)) * lineHeight + 10
    height += Double(step.notifications.count + step.console.count + step.deprecations.count) * lineHeight
    if step.error != nil { height += lineHeight * 3 }
    if step.limit != nil { height += lineHeight * 2 }
    if let exception = step.exception {
      height +=
        canvas.measure(exceptionText(exception), Theme.code, width: width - 44, markup: true).height + 24
    }
    return height + 8
  }

  static func exceptionText(_ exception: ModelledException) -> String {
    "<b>*** Terminating app due to uncaught exception '\(escapeMarkup(exception.name))'</b>\nreason: '\(escapeMarkup(exception.reason))'"
  }

  /// The colour a call is shown in (the GTK call list uses it too).
  public static func color(for call: Call) -> Color {
    switch call.kind {
    case .lifecycle: return call.overridden ? Theme.lifecycle : Theme.faintText
    case .method: return Theme.method
    case .api: return Theme.api
    default: return call.overridden ? Theme.text : Theme.faintText
    }
  }

  public static func draw(_ model: DiagramModel, on canvas: Canvas, in rect: Rect) {
    let step = model.step
    canvas.group {
      canvas.translate(rect.x, rect.y)
      canvas.text(tr("Call order"), x: 14, y: 6, font: Theme.heading, color: Theme.text)
      var y = 30.0
      if step.calls.isEmpty {
        canvas.text(
          step.status == .notRun ? tr("This step did not run.") : tr("UIKit called nothing in this step."),
          x: 14,
          y: y,
          font: Theme.body, color: Theme.secondaryText)
        y += lineHeight
      }
      let numberWidth = 30.0
      for (index, call) in step.calls.enumerated() {
        canvas.text(
          "\(index + 1)", x: 8, y: y, font: Theme.code, color: Theme.faintText, width: numberWidth - 6,
          alignment: .right)
        let x = 14 + numberWidth + Double(call.depth) * indent
        if call.depth > 0 {
          canvas.polyline(
            [(x - indent + 5, y + 1), (x - indent + 5, y + 8), (x - 3, y + 8)], Theme.panelBorder, width: 1)
        }
        let font =
          call.overridden || call.kind == .api || call.kind == .method ? Theme.code : Theme.codeItalic
        var text = escapeMarkup(call.signature)
        if let answer = call.answer { text += " → <b>\(escapeMarkup(answer))</b>" }
        if let note = call.note {
          text += "  <span size='smaller' foreground='\(Theme.faintText.hex)'>\(note.text(.markup))</span>"
        }
        canvas.text(
          text, x: x, y: y, font: font, color: color(for: call), width: rect.width - x - 10, markup: true,
          ellipsis: call.note == nil ? .middle : .end)
        y += lineHeight
      }
      y += 6
      for notification in step.notifications {
        canvas.text(
          "✉ " + notification, x: 14 + numberWidth, y: y, font: Theme.small, color: Theme.notification,
          width: rect.width - numberWidth - 24, ellipsize: true)
        y += lineHeight
      }
      for line in step.console {
        canvas.text(
          tr("console: %s", line.text), x: 14 + numberWidth, y: y, font: Theme.code,
          color: Theme.secondaryText,
          width: rect.width - numberWidth - 24, ellipsize: true)
        y += lineHeight
      }
      for note in step.deprecations {
        canvas.text(
          tr("deprecated: %s", note.text), x: 14 + numberWidth, y: y, font: Theme.small, color: Theme.decider,
          width: rect.width - numberWidth - 24, ellipsize: true)
        y += lineHeight
      }
      if let error = step.error {
        let box = Rect(x: 14, y: y + 2, width: rect.width - 28, height: lineHeight * 3 - 6)
        canvas.fill(box, Theme.decider.withAlpha(0.1), radius: 6)
        canvas.stroke(box, Theme.decider, width: 1.2, radius: 6)
        canvas.text(
          error.line, x: box.x + 8, y: box.y + 5, font: Theme.code,
          color: Theme.decider,
          width: box.width - 16, markup: false)
        y += lineHeight * 3
      }
      if let limit = step.limit {
        canvas.text(
          tr("limit: %s", limit.text), x: 14, y: y, font: Theme.small, color: Theme.refused,
          width: rect.width - 28
        )
        y += lineHeight * 2
      }
      if let exception = step.exception {
        let text = exceptionText(exception)
        let size = canvas.measure(text, Theme.code, width: rect.width - 44, markup: true)
        let box = Rect(x: 14, y: y + 4, width: rect.width - 28, height: size.height + 16)
        canvas.fill(box, Theme.exceptionFill, radius: 6)
        canvas.stroke(box, Theme.refused, width: 1.5, radius: 6)
        canvas.text(
          text, x: box.x + 8, y: box.y + 8, font: Theme.code, color: Theme.refused, width: box.width - 16,
          markup: true)
      }
    }
  }
}
