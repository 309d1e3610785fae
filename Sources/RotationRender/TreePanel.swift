import RotationCore

/// Where one controller's box sits in the tree panel.
public struct TreeNodeLayout: Sendable, Equatable {
  public var id: Int
  public var box: Rect
  public var row: Int
}

/// The controller tree as an indented outline: one row per controller, children below their
/// parent and indented, elbow edges for stacks and tabs, dashed purple edges for presentations.
///
/// One row per node means no two boxes can overlap, however deep the stacks or wide the tab bars;
/// the indentation shrinks when the tree is deeper than the panel is wide.
public enum TreePanel {
  static let rowHeight = 50.0
  static let boxHeight = 42.0
  static let headerHeight = 30.0
  static let tagWidth = 92.0
  static let preferredIndent = 24.0
  static let maxBoxWidth = 300.0

  /// The panel's height for a tree of `count` controllers.
  public static func height(for model: DiagramModel) -> Double {
    headerHeight + Double(max(model.tree.nodes.count, 1)) * rowHeight + 12
  }

  /// The boxes of every controller in a panel of `width`, at the panel's origin.
  public static func layout(_ model: DiagramModel, width: Double) -> [TreeNodeLayout] {
    let nodes = model.tree.nodes
    guard !nodes.isEmpty else { return [] }
    let maxDepth = nodes.map(\.depth).max() ?? 0
    let available = max(160, width - tagWidth - 16)
    let boxWidth = min(maxBoxWidth, max(150, available - Double(maxDepth) * preferredIndent))
    let indent = maxDepth == 0 ? 0 : min(preferredIndent, max(0, (available - boxWidth) / Double(maxDepth)))
    return nodes.enumerated().map { row, node in
      let x = 14 + Double(node.depth) * indent
      let y = headerHeight + Double(row) * rowHeight + (rowHeight - boxHeight) / 2
      return TreeNodeLayout(id: node.id, box: Rect(x: x, y: y, width: boxWidth, height: boxHeight), row: row)
    }
  }

  public static func draw(_ model: DiagramModel, on canvas: Canvas, in rect: Rect) {
    canvas.group {
      canvas.translate(rect.x, rect.y)
      canvas.text(tr("Controller tree"), x: 14, y: 6, font: Theme.heading, color: Theme.text)
      let layouts = layout(model, width: rect.width)
      var byID: [Int: TreeNodeLayout] = [:]
      for entry in layouts { byID[entry.id] = entry }
      let nodes = model.tree.nodes
      drawEdges(nodes, byID, on: canvas)
      for (node, entry) in zip(nodes, layouts) {
        canvas.faded(node.isHidden ? 0.42 : 1, bounds: entry.box.insetBy(-4, -4)) {
          drawNode(node, in: entry.box, on: canvas)
        }
        drawTags(node, box: entry.box, maxX: rect.width - 6, on: canvas)
      }
      if nodes.isEmpty {
        canvas.text(
          tr("The app has not launched."), x: 14, y: headerHeight + 8, font: Theme.body,
          color: Theme.secondaryText)
      }
    }
  }

  // MARK: - Edges

  static func drawEdges(_ nodes: [TreeNodeSnapshot], _ byID: [Int: TreeNodeLayout], on canvas: Canvas) {
    var previousRoot: TreeNodeLayout?
    for node in nodes {
      guard let entry = byID[node.id] else { continue }
      switch node.edge {
      case .root:
        previousRoot = entry
      case .presentation:
        if let from = previousRoot {
          let x = from.box.x - 6
          canvas.polyline(
            [
              (from.box.x + 10, from.box.maxY), (from.box.x + 10, from.box.maxY + 4), (x, from.box.maxY + 4),
              (x, entry.box.midY), (entry.box.x, entry.box.midY),
            ],
            Theme.presentation, width: 1.5, dash: [4, 3])
          canvas.triangle(
            (entry.box.x, entry.box.midY), (entry.box.x - 6, entry.box.midY - 4),
            (entry.box.x - 6, entry.box.midY + 4), Theme.presentation)
        }
        previousRoot = entry
      case .stack, .tab, .child, .column, .page:
        guard let parent = node.parent, let from = byID[parent] else { continue }
        let x = from.box.x + 10
        canvas.polyline(
          [(x, from.box.maxY), (x, entry.box.midY), (entry.box.x, entry.box.midY)],
          node.isHidden ? Theme.panelBorder : Theme.faintText, width: 1.2)
      }
    }
  }

  // MARK: - Nodes

  static func edgeLabel(_ node: TreeNodeSnapshot) -> String { node.edge.label }

  static func kindLabel(_ kind: ControllerKind) -> String {
    switch kind {
    // TRANSLATORS: a controller's kind, beside its edge ("navigation · root").
    case .view: return tr("view")
    case .navigation: return tr("navigation")
    case .tabBar: return tr("tab bar")
    case .container: return tr("container")
    case .splitView: return tr("split view")
    case .pageView: return tr("page view")
    case .alert: return tr("alert")
    }
  }

  static func drawNode(_ node: TreeNodeSnapshot, in box: Rect, on canvas: Canvas) {
    canvas.fill(box, Theme.panel, radius: 7)
    if node.isDecider {
      canvas.fill(box, Theme.decider.withAlpha(0.10), radius: 7)
      canvas.stroke(box, Theme.decider, width: 3, radius: 7)
    } else {
      let presented: Bool
      if case .presentation = node.edge { presented = true } else { presented = false }
      canvas.stroke(
        box, presented ? Theme.presentation : Theme.panelBorder, width: presented ? 1.5 : 1, radius: 7,
        dash: presented ? [4, 3] : [])
    }
    if node.isVisible {
      canvas.fill(Rect(x: box.x, y: box.y + 6, width: 4, height: box.height - 12), Theme.visible, radius: 2)
    }
    drawGlyph(node.kind, x: box.x + 9, y: box.y + 11, on: canvas)
    canvas.text(
      node.className, x: box.x + 32, y: box.y + 5, font: Theme.bodyBold, color: Theme.text,
      width: box.width - 40,
      ellipsize: true)
    let badgeWidth = 74.0
    canvas.text(
      "\(kindLabel(node.kind)) · \(edgeLabel(node))", x: box.x + 32, y: box.y + 23,
      font: Theme.small, color: Theme.secondaryText, width: box.width - 40 - badgeWidth, ellipsize: true)
    drawBadge(node.answers, right: box.maxX - 7, y: box.y + 25, on: canvas)
  }

  /// Four cells, one per interface orientation, filled when the controller's answer supports it
  /// (green when overridden, grey for UIKit's default), then its shouldAutorotate answer.
  static func drawBadge(_ answers: ControllerAnswers, right: Double, y: Double, on canvas: Canvas) {
    let should = answers.shouldAutorotate ? "YES" : "NO"
    let shouldColor =
      answers.shouldAutorotateOverridden
      ? (answers.shouldAutorotate ? Theme.allowedStrong : Theme.refused) : Theme.faintText
    canvas.text(
      should, x: right - 22, y: y - 1, font: Theme.smallBold, color: shouldColor, width: 22, alignment: .right
    )
    let cell = 9.0
    let gap = 2.0
    let x0 = right - 26 - 4 * cell - 3 * gap
    for (index, orientation) in InterfaceOrientation.concrete.enumerated() {
      let rect = Rect(x: x0 + Double(index) * (cell + gap), y: y, width: cell, height: cell)
      let color = answers.supportedOverridden ? Theme.allowedStrong : Theme.faintText
      if answers.supported.contains(orientation) {
        canvas.fill(rect, color, radius: 2)
      } else {
        canvas.stroke(rect.insetBy(0.5, 0.5), color, radius: 2)
      }
    }
  }

  /// A small icon per kind: a card (view), stacked cards (navigation), a card with a tab row (tab
  /// bar), a card holding two cards (container), two columns (split view), a card with page dots
  /// (page view), a small box with a button row (alert).
  static func drawGlyph(_ kind: ControllerKind, x: Double, y: Double, on canvas: Canvas) {
    let color = Theme.secondaryText
    switch kind {
    case .view:
      canvas.stroke(Rect(x: x + 2, y: y, width: 14, height: 19), color, width: 1.5, radius: 2.5)
    case .navigation:
      canvas.stroke(
        Rect(x: x + 5, y: y - 2, width: 12, height: 17), color.withAlpha(0.6), width: 1.2, radius: 2.5)
      canvas.fill(Rect(x: x, y: y + 2, width: 13, height: 18), Theme.panel, radius: 2.5)
      canvas.stroke(Rect(x: x, y: y + 2, width: 13, height: 18), color, width: 1.5, radius: 2.5)
      canvas.polyline([(x + 8, y + 7), (x + 5, y + 10), (x + 8, y + 13)], color, width: 1.3)
    case .tabBar:
      canvas.stroke(Rect(x: x + 1, y: y, width: 16, height: 19), color, width: 1.5, radius: 2.5)
      for i in 0..<3 {
        canvas.fill(Rect(x: x + 3.5 + Double(i) * 4.5, y: y + 14, width: 3, height: 3), color, radius: 1)
      }
    case .container:
      canvas.stroke(Rect(x: x + 1, y: y, width: 16, height: 19), color, width: 1.5, radius: 2.5)
      canvas.fill(Rect(x: x + 4, y: y + 3, width: 10, height: 5), color.withAlpha(0.55), radius: 1)
      canvas.fill(Rect(x: x + 4, y: y + 10, width: 10, height: 6), color.withAlpha(0.55), radius: 1)
    case .splitView:
      canvas.stroke(Rect(x: x, y: y + 2, width: 18, height: 15), color, width: 1.5, radius: 2.5)
      canvas.fill(Rect(x: x + 1, y: y + 3, width: 6, height: 13), color.withAlpha(0.35))
      canvas.line(from: (x + 7, y + 2), to: (x + 7, y + 17), color, width: 1.3)
    case .pageView:
      canvas.stroke(Rect(x: x + 2, y: y, width: 14, height: 19), color, width: 1.5, radius: 2.5)
      for i in 0..<3 {
        canvas.circle(
          center: (x + 5.5 + Double(i) * 3.5, y + 15), radius: 1.2,
          fill: i == 1 ? color : color.withAlpha(0.4))
      }
    case .alert:
      canvas.stroke(Rect(x: x + 1, y: y + 3, width: 16, height: 13), color, width: 1.5, radius: 3)
      canvas.line(from: (x + 1, y + 11), to: (x + 17, y + 11), color, width: 1.1)
      canvas.line(from: (x + 9, y + 11), to: (x + 9, y + 16), color, width: 1.1)
    }
  }

  /// Outside the box, to its right: "decides", "visible", and the step's call numbers.
  static func drawTags(_ node: TreeNodeSnapshot, box: Rect, maxX: Double, on canvas: Canvas) {
    let x = box.maxX + 8
    let width = max(0, maxX - x)
    guard width > 20 else { return }
    var y = box.y + 1
    if node.isDecider {
      canvas.text(tr("◀ decides"), x: x, y: y, font: Theme.smallBold, color: Theme.decider)
      y += 13
    }
    if node.isVisible {
      canvas.text(tr("● on screen"), x: x, y: y, font: Theme.small, color: Theme.visible)
      y += 13
    }
    if !node.callNumbers.isEmpty {
      let shown = node.callNumbers.prefix(6).map { "#\($0)" }.joined(separator: " ")
      let more = node.callNumbers.count > 6 ? " +\(node.callNumbers.count - 6)" : ""
      canvas.text(
        shown + more, x: x, y: y, font: Theme.small, color: Theme.secondaryText, width: width, ellipsize: true
      )
    }
  }
}
