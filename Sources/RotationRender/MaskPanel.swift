import RotationCore

/// The mask intersection: the app's, the deciding controller's and the device's masks, their
/// intersection, then the device orientation, what it maps to, and the decision with its reason.
public enum MaskPanel {
  static let labelWidth = 240.0
  static let cellWidth = 60.0
  static let rowHeight = 34.0

  /// The panel's height; without the summary (the GTK app shows it in widgets), the table's alone.
  public static func height(
    for model: DiagramModel, width: Double, canvas: Canvas, summary includesSummary: Bool = true
  ) -> Double {
    let table = 52 + 5 * rowHeight
    guard includesSummary else { return table }
    return table + 12 + canvas.measure(summary(model), Theme.body, width: width - 28, markup: true).height
      + 16
  }

  /// The decision in Pango markup: the device's mapping, shouldAutorotate and the reason, whose
  /// phrase is rendered in `style` (the window's makes each cited rule a link).
  public static func summary(_ model: DiagramModel, style: PhraseStyle = .markup) -> String {
    let step = model.step
    var lines: [String] = []
    if let masks = step.masks {
      let mapped =
        masks.mappedOrientation.map { tr("interface <b>%s</b>", $0.name) } ?? tr("no interface orientation")
      var mapping = tr("Device <b>%s</b> → %s", masks.deviceOrientation.name, mapped)
      if let wanted = masks.mappedOrientation, step.interfaceOrientation != .unknown,
        step.interfaceOrientation != wanted
      {
        // The device's mapping is what UIKit would turn to; say where the interface is instead.
        mapping += tr("; the interface is <b>%s</b>", step.interfaceOrientation.name)
      }
      lines.append(mapping)
      lines.append(
        masks.shouldAutorotateCalled
          ? "shouldAutorotate: <b>\(masks.shouldAutorotate ? "YES" : "NO")</b> (\(escapeMarkup(masks.controllerClass)))"
          : model.scenario.system.profile == .modern || model.scenario.multitasking
            ? tr("shouldAutorotate: <b>not called</b> (iOS 16+ or multitasking)")
            : tr("shouldAutorotate: <b>not called</b> (a full-screen dismissal)")
      )
      if let locked = step.interfaceOrientationLocked {
        lines.append("effectiveGeometry.isInterfaceOrientationLocked: <b>\(locked ? "YES" : "NO")</b>")
      }
      if step.sceneWindow != .fullScreen {
        lines.append(tr("scene window: <b>%s</b> (it does not fill the screen)", step.sceneWindow.rawValue))
      }
      if !masks.decided {
        lines.append(
          "<span foreground='\(Theme.faintText.hex)'>"
            + tr("UIKit did not decide in this step; the table shows what it sees now.") + "</span>")
      }
    }
    let color = step.exception != nil ? Theme.refused.hex : Theme.text.hex
    lines.append("<span foreground='\(color)'>\(step.reason.text(style))</span>")
    return lines.joined(separator: "\n")
  }

  /// Two-line column headings: "landscape\nLeft".
  static func columnLabel(_ orientation: InterfaceOrientation) -> String {
    switch orientation {
    case .portrait: return "\nportrait"
    case .portraitUpsideDown: return "upside\ndown"
    case .landscapeLeft: return "landscape\nLeft"
    case .landscapeRight: return "landscape\nRight"
    case .unknown: return "unknown"
    }
  }

  public static func draw(
    _ model: DiagramModel, on canvas: Canvas, in rect: Rect, summary includesSummary: Bool = true
  ) {
    canvas.group {
      canvas.translate(rect.x, rect.y)
      canvas.text(tr("Mask intersection"), x: 14, y: 6, font: Theme.heading, color: Theme.text)
      let top = 38.0
      let columns = InterfaceOrientation.concrete
      let x0 = 14 + labelWidth
      for (index, orientation) in columns.enumerated() {
        canvas.text(
          columnLabel(orientation), x: x0 + Double(index) * cellWidth, y: top - 8, font: Theme.small,
          color: Theme.secondaryText, width: cellWidth, alignment: .center)
      }
      guard let masks = model.step.masks else {
        canvas.text(
          model.step.reason.text, x: 14, y: top + 24, font: Theme.body, color: Theme.secondaryText,
          width: rect.width - 28)
        return
      }
      let rows: [(String, String, OrientationMask, Bool)] = [
        ("App", masks.appSource.text, masks.app, false),
        (masks.controllerClass, masks.controllerSource.text, masks.controller, false),
        (tr("Device"), masks.deviceSource.text, masks.device, false),
        (
          tr("Intersection"), masks.intersection.isEmpty ? tr("empty") : masks.intersection.name,
          masks.intersection, true
        ),
      ]
      let mapped = masks.mappedOrientation
      for (index, row) in rows.enumerated() {
        let y = top + 16 + Double(index) * rowHeight
        if row.3 {
          canvas.line(from: (14, y - 2), to: (x0 + 4 * cellWidth, y - 2), Theme.text, width: 1.2)
        } else if index > 0 {
          canvas.line(from: (14, y - 2), to: (x0 + 4 * cellWidth, y - 2), Theme.grid)
        }
        canvas.text(
          row.0, x: 14, y: y + 2, font: row.3 ? Theme.bodyBold : Theme.bodyBold,
          color: index == 1 ? Theme.decider : Theme.text, width: labelWidth - 8, ellipsize: true)
        canvas.text(
          row.1, x: 14, y: y + 17, font: Theme.small, color: Theme.secondaryText, width: labelWidth - 8,
          ellipsize: true)
        for (column, orientation) in columns.enumerated() {
          let cell = Rect(
            x: x0 + Double(column) * cellWidth + 8, y: y + 4, width: cellWidth - 16, height: rowHeight - 10)
          if orientation == mapped {
            canvas.fill(cell.insetBy(-6, -3), Theme.visible.withAlpha(0.08))
          }
          if row.2.contains(orientation) {
            canvas.fill(cell, row.3 ? Theme.allowedStrong : Theme.allowedCell, radius: 4)
            canvas.text(
              "✓", x: cell.x, y: cell.y + 3, font: Theme.bodyBold,
              color: row.3 ? Theme.onAllowedStrong : Theme.onAllowedCell, width: cell.width,
              alignment: .center)
          } else {
            canvas.stroke(cell.insetBy(0.5, 0.5), Theme.panelBorder, radius: 4)
          }
        }
      }
      if let mapped, let column = columns.firstIndex(of: mapped) {
        let x = x0 + Double(column) * cellWidth + cellWidth / 2
        let y = top + 16 + 4 * rowHeight
        canvas.triangle((x, y - 2), (x - 5, y + 6), (x + 5, y + 6), Theme.visible)
        canvas.text(
          // TRANSLATORS: under the column of the device's orientation in the mask table.
          tr("device"), x: x - 30, y: y + 6, font: Theme.small, color: Theme.visible, width: 60,
          alignment: .center)
      }
      guard includesSummary else { return }
      let summaryY = top + 16 + 4 * rowHeight + 26
      canvas.text(
        summary(model), x: 14, y: summaryY, font: Theme.body, color: Theme.text, width: rect.width - 28,
        markup: true)
    }
  }
}

extension PhraseStyle {
  /// For Pango markup: the reader's language, every text escaped, rules cited by path.
  public static let markup = PhraseStyle(translated: true, escape: escapeMarkup)
}
