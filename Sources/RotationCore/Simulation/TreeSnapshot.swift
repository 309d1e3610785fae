/// How a controller hangs in the window's tree.
public enum TreeEdge: Sendable, Equatable {
  /// A window's root: the window's name and level, whether the app has other windows, and whether
  /// this window drives the orientation (docs/rules.md#driving-window), and the orientation it keeps
  /// of its own while another drives (iOS 16+, docs/rules.md#window-own-orientation).
  case root(
    window: String = mainWindowName, level: Double = 0, several: Bool = false, drives: Bool = true,
    keeps: InterfaceOrientation? = nil)
  /// Position in a navigation controller's stack, 0 at the bottom.
  case stack(Int)
  /// A tab bar controller's tab.
  case tab(Int)
  /// A custom container's child.
  case child(Int)
  /// A split view controller's column.
  case column(SplitColumn)
  /// A page view controller's page.
  case page(Int)
  /// Presented modally over the window.
  case presentation(PresentationStyle, takesOver: Bool)

  /// How the edge reads in the tree and the DOT export: `stack[1]`, `tab 0`, `secondary`.
  public var label: String {
    switch self {
    case .root(let window, let level, let several, let drives, let keeps):
      guard several else { return "window root" }
      return "window \(window)" + (level == 0 ? "" : " · level \(WindowSpec.levelName(level))")
        + (drives ? " · drives" : "") + (keeps.map { " · keeps \($0.name)" } ?? "")
    case .stack(let index): return "stack[\(index)]"
    case .tab(let index): return "tab \(index)"
    case .child(let index): return "child \(index)"
    case .column(let column): return column.rawValue
    case .page(let index): return "page \(index)"
    case .presentation(let style, let takesOver):
      return "presented \(style.rawValue)\(takesOver ? "" : ", not filling")"
    }
  }
}

/// What a controller's class answers at a step, asked quietly (nothing recorded).
public struct ControllerAnswers: Sendable, Equatable {
  public var supported: OrientationMask
  public var supportedOverridden: Bool
  public var shouldAutorotate: Bool
  public var shouldAutorotateOverridden: Bool
  public var preferred: InterfaceOrientation
  public var preferredOverridden: Bool
  /// The forwarding target of each forwarding override, e.g. `supportedInterfaceOrientations → top`.
  public var forwards: [String]
  /// Overridden lifecycle selectors and method names.
  public var hooks: [String]
  public var methods: [String]
}

/// One controller of a step's tree, with everything a picture of it needs.
public struct TreeNodeSnapshot: Sendable, Equatable {
  public var id: Int
  public var className: String
  public var kind: ControllerKind
  /// The name of the window it is in (`main` for the window `"window"` describes).
  public var window: String
  public var depth: Int
  public var parent: Int?
  public var edge: TreeEdge
  /// The controller that decides the orientation (docs/rules.md#deciding-controller).
  public var isDecider: Bool
  /// On the chain from the top-most presentation (or root) down to what the user sees.
  public var isShown: Bool
  /// A shown controller with no shown child: what the user sees (a split view has several).
  public var isVisible: Bool
  /// Not in the window: lower in a stack, an unselected tab, or under a full-screen presentation.
  public var isHidden: Bool
  /// 1-based positions in the step's call order of calls this controller received.
  public var callNumbers: [Int]
  public var answers: ControllerAnswers
}

/// The controller tree of a step, in display order (root's tree depth-first, then each
/// presentation's), for renderers and exporters.
public struct TreeSnapshot: Sendable, Equatable {
  public var nodes: [TreeNodeSnapshot]
  /// The deciding controller's id.
  public var decider: Int?

  public init(step: Step, scenario: Scenario) {
    let state = step.state
    let tree = state.tree
    guard state.launched, tree.controllers[tree.root] != nil else {
      nodes = []
      decider = nil
      return
    }
    let answers = Answers(model: AppModel(scenario), state: state)
    let decider = step.masks?.decided == true ? step.masks!.controllerID : tree.decider
    var displayed = Set<Int>()
    var shown = Set<Int>()
    var leaves = Set<Int>()
    var starts: [(Int, TreeEdge, String)] = []
    let several = tree.windows.count > 1
    // What the user sees is the front-most visible window's content.
    let front = tree.windowsBackToFront.last(where: { !tree.windows[$0].hidden })
    for index in tree.windows.indices {
      var view = tree
      view.current = index
      let window = tree.windows[index]
      if !window.hidden {
        displayed.formUnion(view.displayedChains.joined())
        let chain = view.visibleChain
        shown.formUnion(chain)
        if index == front { leaves.formUnion(chain.filter { tree[$0].shownChildren.isEmpty }) }
      }
      starts.append(
        (
          window.root,
          .root(
            window: window.name, level: window.level, several: several, drives: index == tree.driver,
            keeps: window.hidden ? nil : window.ownOrientation),
          window.name
        ))
      starts += window.presentations.map {
        ($0.controller, .presentation($0.style, takesOver: $0.takesOver), window.name)
      }
    }
    var numbers: [Int: [Int]] = [:]
    for (index, call) in step.calls.enumerated() {
      if let id = call.receiverID { numbers[id, default: []].append(index + 1) }
    }
    var result: [TreeNodeSnapshot] = []
    result.reserveCapacity(tree.controllers.count)
    for (start, startEdge, windowName) in starts {
      var pending: [(id: Int, depth: Int, edge: TreeEdge)] = [(start, 0, startEdge)]
      while let (id, depth, edge) = pending.popLast() {
        guard let controller = tree.controllers[id] else { continue }
        result.append(
          TreeNodeSnapshot(
            id: id, className: controller.className, kind: controller.kind, window: windowName, depth: depth,
            parent: controller.parent, edge: edge, isDecider: id == decider, isShown: shown.contains(id),
            isVisible: leaves.contains(id), isHidden: !displayed.contains(id), callNumbers: numbers[id] ?? [],
            answers: answers.controllerAnswers(of: id)))
        for (index, child) in controller.children.enumerated().reversed() {
          pending.append((child, depth + 1, Self.edge(controller, index)))
        }
      }
    }
    nodes = result
    self.decider = decider
  }

  static func edge(_ parent: Controller, _ index: Int) -> TreeEdge {
    switch parent.kind {
    case .tabBar: return .tab(index)
    case .container: return .child(index)
    case .splitView:
      return parent.columns.indices.contains(index) ? .column(parent.columns[index]) : .child(index)
    case .pageView: return .page(index)
    case .view, .navigation, .alert: return .stack(index)
    }
  }
}
