import CCairo
import RotationCore

/// Where each part of a diagram goes.
public struct DiagramLayout: Sendable {
  public var width: Double
  public var height: Double
  public var title: Rect?
  public var panels: [(panel: DiagramPanel, rect: Rect)]
  public var legend: Rect?

  public func rect(of panel: DiagramPanel) -> Rect? { panels.first(where: { $0.panel == panel })?.rect }
}

/// The whole diagram: a title line, the four panels (or one), and a legend.
public enum Diagram {
  static let margin = 16.0
  static let gap = 12.0
  static let titleHeight = 54.0

  /// Lays the diagram out; `canvas` is used only to measure text.
  public static func layout(_ model: DiagramModel, options: DiagramOptions, canvas: Canvas) -> DiagramLayout {
    var y = margin
    var title: Rect?
    if options.showsTitle {
      title = Rect(x: margin, y: y, width: 0, height: titleHeight)
      y += titleHeight + 4
    }
    var panels: [(DiagramPanel, Rect)] = []
    var width: Double
    switch options.panel {
    case .all:
      width = max(options.width, 1100)
      let treeWidth = 390.0
      let deviceWidth = DevicePanel.preferredSize.width
      let rightWidth = width - 2 * margin - treeWidth - deviceWidth - 2 * gap
      let model = model
      let treeHeight = TreePanel.height(for: model)
      let masksHeight = MaskPanel.height(for: model, width: rightWidth, canvas: canvas)
      let callsHeight = CallPanel.height(for: model, width: rightWidth, canvas: canvas)
      let rightHeight = masksHeight + gap + callsHeight
      let columnHeight = max(treeHeight, DevicePanel.preferredSize.height, rightHeight)
      panels.append((.tree, Rect(x: margin, y: y, width: treeWidth, height: columnHeight)))
      panels.append(
        (.device, Rect(x: margin + treeWidth + gap, y: y, width: deviceWidth, height: columnHeight)))
      let rightX = margin + treeWidth + deviceWidth + 2 * gap
      panels.append((.masks, Rect(x: rightX, y: y, width: rightWidth, height: masksHeight)))
      panels.append(
        (
          .calls,
          Rect(
            x: rightX, y: y + masksHeight + gap, width: rightWidth, height: columnHeight - masksHeight - gap)
        ))
      y += columnHeight
    case .tree:
      width = 560
      let height = TreePanel.height(for: model)
      panels.append((.tree, Rect(x: margin, y: y, width: width - 2 * margin, height: height)))
      y += height
    case .device:
      width = DevicePanel.preferredSize.width + 2 * margin
      panels.append(
        (
          .device,
          Rect(
            x: margin, y: y, width: DevicePanel.preferredSize.width, height: DevicePanel.preferredSize.height)
        ))
      y += DevicePanel.preferredSize.height
    case .masks:
      width = 620
      let height = MaskPanel.height(for: model, width: width - 2 * margin, canvas: canvas)
      panels.append((.masks, Rect(x: margin, y: y, width: width - 2 * margin, height: height)))
      y += height
    case .calls:
      width = 780
      let height = CallPanel.height(for: model, width: width - 2 * margin, canvas: canvas)
      panels.append((.calls, Rect(x: margin, y: y, width: width - 2 * margin, height: height)))
      y += height
    }
    var legend: Rect?
    if options.showsLegend {
      y += gap
      var rect = Rect(x: margin, y: y, width: width - 2 * margin, height: 0)
      rect.height = drawLegend(in: rect, on: canvas, draw: false)
      legend = rect
      let legendHeight = rect.height
      y += legendHeight
    }
    if var titleRect = title {
      titleRect.width = width - 2 * margin
      title = titleRect
    }
    return DiagramLayout(
      width: width.rounded(.up), height: (y + margin).rounded(.up), title: title, panels: panels,
      legend: legend)
  }

  /// Draws the diagram with its top-left corner at the canvas's origin.
  public static func draw(_ model: DiagramModel, options: DiagramOptions, on canvas: Canvas) -> DiagramLayout
  {
    let layout = self.layout(model, options: options, canvas: canvas)
    canvas.fill(Rect(x: 0, y: 0, width: layout.width, height: layout.height), Theme.background)
    if let title = layout.title { drawTitle(model, in: title, on: canvas) }
    for (panel, rect) in layout.panels {
      canvas.fill(rect, Theme.panel, radius: 10)
      canvas.stroke(rect.insetBy(0.5, 0.5), Theme.panelBorder, radius: 10)
      switch panel {
      case .tree: TreePanel.draw(model, on: canvas, in: rect)
      case .device: DevicePanel.draw(model, options: options, on: canvas, in: rect)
      case .masks: MaskPanel.draw(model, on: canvas, in: rect)
      case .calls: CallPanel.draw(model, on: canvas, in: rect)
      case .all: break
      }
    }
    if let legend = layout.legend { drawLegend(in: legend, on: canvas) }
    return layout
  }

  static func drawTitle(_ model: DiagramModel, in rect: Rect, on canvas: Canvas) {
    let system = model.scenario.system
    let device =
      system.idiom == .pad
      ? "iPad" : (system.homeButton ? tr("iPhone with Home button") : tr("iPhone without Home button"))
    var chip: (String, Color)?
    switch model.step.status {
    case .exception: chip = (tr("UIKit exception"), Theme.refused)
    case .notRun: chip = (tr("not run"), Theme.faintText)
    case .ran: if model.step.limit != nil { chip = (tr("stopped at a limit"), Theme.refused) }
    }
    let chipWidth = chip.map { canvas.measure($0.0, Theme.smallBold).width + 20 } ?? 0
    canvas.text(
      model.scenario.title, x: rect.x, y: rect.y, font: Theme.title, color: Theme.text,
      width: rect.width - chipWidth - 10, ellipsize: true)
    canvas.text(
      "\(model.stepLine)  ·  iOS \(system.version) \(device)", x: rect.x, y: rect.y + 26, font: Theme.body,
      color: Theme.secondaryText, width: rect.width - chipWidth - 10, ellipsize: true)
    if let chip {
      let box = Rect(x: rect.maxX - chipWidth, y: rect.y + 4, width: chipWidth, height: 22)
      canvas.fill(box, chip.1, radius: 11)
      canvas.text(
        chip.0, x: box.x, y: box.y + 4, font: Theme.smallBold, color: Theme.onAccent, width: box.width,
        alignment: .center)
    }
  }

  /// Draws the legend, wrapping items to the rect's width; with `draw` false it only measures.
  /// Returns the height it takes.
  @discardableResult
  static func drawLegend(in rect: Rect, on canvas: Canvas, draw: Bool = true) -> Double {
    let rowHeight = 22.0
    var x = rect.x + 4
    var y = rect.y + 6
    func place(_ width: Double) {
      if x + width > rect.maxX && x > rect.x + 4 {
        x = rect.x + 4
        y += rowHeight
      }
    }
    func item(_ swatchWidth: Double, _ label: String, _ swatch: (Double, Double) -> Void) {
      let labelWidth = canvas.measure(label, Theme.small).width
      place(swatchWidth + 6 + labelWidth)
      if draw {
        swatch(x, y)
        canvas.text(label, x: x + swatchWidth + 6, y: y + 1, font: Theme.small, color: Theme.secondaryText)
      }
      x += swatchWidth + labelWidth + 24
    }
    item(22, tr("deciding controller")) { x, y in
      canvas.stroke(Rect(x: x, y: y, width: 22, height: 14), Theme.decider, width: 2.5, radius: 3)
    }
    item(6, tr("on screen")) { x, y in
      canvas.fill(Rect(x: x + 1, y: y, width: 4, height: 14), Theme.visible, radius: 2)
    }
    item(22, tr("hidden: not in the window")) { x, y in
      canvas.faded(0.42) {
        canvas.stroke(Rect(x: x, y: y, width: 22, height: 14), Theme.faintText, radius: 3)
      }
    }
    item(22, tr("presentation")) { x, y in
      canvas.stroke(
        Rect(x: x, y: y, width: 22, height: 14), Theme.presentation, width: 1.5, radius: 3, dash: [4, 3])
    }
    item(11, tr("supported (overridden)")) { x, y in
      canvas.fill(Rect(x: x, y: y + 1, width: 11, height: 11), Theme.allowedStrong, radius: 2)
    }
    item(11, tr("UIKit default")) { x, y in
      canvas.fill(Rect(x: x, y: y + 1, width: 11, height: 11), Theme.faintText, radius: 2)
    }
    for (label, color, font) in [
      ("-[App override]", Theme.text, Theme.code), ("-[UIKit default]", Theme.faintText, Theme.codeItalic),
      (tr("lifecycle"), Theme.lifecycle, Theme.code), (tr("app method"), Theme.method, Theme.code),
      ("UIKit API", Theme.api, Theme.code),
    ] {
      let width = canvas.measure(label, font).width
      place(width)
      if draw { canvas.text(label, x: x, y: y, font: font, color: color) }
      x += width + 18
    }
    return y + rowHeight - rect.y
  }
}
