import RotationCore

/// Everything a diagram shows of one step: the step as the core recorded it, its place in the
/// history, and the controller tree as the core describes it.
public struct DiagramModel: Sendable {
  public var scenario: Scenario
  public var step: Step
  /// How many steps the history holds (for "Step 3 of 5").
  public var stepCount: Int
  public var tree: TreeSnapshot

  public init(scenario: Scenario, step: Step, stepCount: Int) {
    self.scenario = scenario
    self.step = step
    self.stepCount = stepCount
    self.tree = TreeSnapshot(step: step, scenario: scenario)
  }

  /// The model of step `index` (1-based) of a run.
  public init(scenario: Scenario, steps: [Step], index: Int) {
    self.init(scenario: scenario, step: steps[index - 1], stepCount: steps.count)
  }

  /// The controller whose content fills the screen (of several children in the window, the last:
  /// a container's front child, a split view's secondary column); under an alert, what the alert
  /// is shown over.
  public var visibleNode: TreeNodeSnapshot? {
    guard let visible = tree.nodes.last(where: \.isVisible) else { return nil }
    guard visible.kind == .alert, let index = tree.nodes.firstIndex(of: visible) else { return visible }
    // The last controller before the alert that is in the window and shows no child.
    let parents = Set(tree.nodes.compactMap { $0.isHidden ? nil : $0.parent })
    return tree.nodes[..<index].last(where: { !$0.isHidden && !parents.contains($0.id) && $0.kind != .alert })
      ?? visible
  }

  /// The alert on screen, if the front-most content is one.
  public var visibleAlert: TreeNodeSnapshot? {
    tree.nodes.last(where: { $0.isVisible && $0.kind == .alert })
  }

  /// The window whose content the user sees: the front-most visible one.
  public var frontWindow: String? { tree.nodes.last(where: \.isVisible)?.window }

  /// The deepest tab bar controller on the visible chain of the front window, if any, with its tabs.
  public var visibleTabBar: (node: TreeNodeSnapshot, tabs: [TreeNodeSnapshot])? {
    guard
      let bar = tree.nodes.last(where: { $0.isShown && $0.kind == .tabBar && $0.window == frontWindow })
    else { return nil }
    return (bar, tree.nodes.filter { $0.parent == bar.id })
  }

  /// "Step 3 of 5 · push LandscapeRightVC".
  public var stepLine: String { tr("Step %s of %s · %s", step.index, stepCount, step.event.label) }
}

/// Which panels a diagram shows.
public enum DiagramPanel: String, Sendable, CaseIterable {
  case tree, device, masks, calls, all
}

/// How a diagram is drawn.
public struct DiagramOptions: Sendable {
  public var panel: DiagramPanel
  /// The width of the full diagram in pixels (before `scale`).
  public var width: Double
  /// Overrides for the animation: the device body's and the content's angles in radians
  /// (clockwise, 0 = upright); nil draws the step's own orientations.
  public var bodyAngle: Double?
  public var contentAngle: Double?
  /// Whether the title line and the legend are drawn.
  public var showsTitle: Bool
  public var showsLegend: Bool
  /// The colours: exports are light unless asked (`--theme dark`).
  public var palette: Palette

  public init(
    panel: DiagramPanel = .all, width: Double = 1280, bodyAngle: Double? = nil, contentAngle: Double? = nil,
    showsTitle: Bool = true, showsLegend: Bool = true, palette: Palette = .light
  ) {
    self.palette = palette
    self.panel = panel
    self.width = width
    self.bodyAngle = bodyAngle
    self.contentAngle = contentAngle
    self.showsTitle = showsTitle
    self.showsLegend = showsLegend
  }
}
