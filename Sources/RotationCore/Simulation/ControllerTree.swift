/// One view controller instance in the simulated app.
public struct Controller: Sendable, Equatable {
  /// Stable within a run: instances are numbered in creation order from 1.
  public let id: Int
  public let className: String
  public let kind: ControllerKind
  /// A navigation controller's stack (bottom first), a tab bar controller's tabs, a container's
  /// children, a split view's columns or a page view's pages.
  public var children: [Int]
  /// A split view controller's column of each child, in the order of `children`.
  public var columns: [SplitColumn] = []
  /// The selected tab of a tab bar controller, or the current page of a page view controller.
  public var selected: Int
  public var parent: Int?

  /// The children whose views are in the window: a navigation controller's top, the selected tab or
  /// current page, every child of a container, every column of a split view (the model shows a split
  /// view expanded: docs/rules.md#split-and-page-views).
  public var shownChildren: [Int] {
    switch kind {
    case .view, .alert: return []
    case .navigation: return children.last.map { [$0] } ?? []
    case .tabBar, .pageView: return children.indices.contains(selected) ? [children[selected]] : []
    case .container, .splitView: return children
    }
  }

  /// The one child a navigation, tab bar or page view controller shows (nil for the others).
  public var shownChild: Int? {
    switch kind {
    case .navigation, .tabBar, .pageView: return shownChildren.first
    default: return nil
    }
  }

  /// The child in a split view's column.
  public func child(in column: SplitColumn) -> Int? {
    columns.firstIndex(of: column).map { children[$0] }
  }
}

/// A controller presented modally over the window.
public struct Presentation: Sendable, Equatable {
  public let controller: Int
  public let style: PresentationStyle
  /// The root of the level it was presented over (`presentingViewController`).
  public let presenter: Int
  /// Whether it fills the window and so decides the orientation (docs/rules.md#full-screen-takes-over).
  public let takesOver: Bool
}

/// The window's controllers: the root's tree plus the stack of presented controllers.
///
/// Instances live in an arena keyed by id; the tree stores ids, so a step copies only what it
/// changes.
public struct ControllerTree: Sendable, Equatable {
  public private(set) var controllers = ControllerArena()
  public private(set) var root: Int = 0
  public private(set) var presentations: [Presentation] = []
  private var nextID = 1

  public init() {}

  public subscript(id: Int) -> Controller {
    controllers[id]!
  }

  /// Creates instances for `node` and its children; returns the new subtree's root id.
  mutating func instantiate(_ node: Node, kinds: [String: ControllerKind], parent: Int?) -> Int {
    let id = nextID
    nextID += 1
    let kind = kinds[node.className] ?? ControllerKind.uikitClasses[node.className] ?? .view
    controllers[id] = Controller(
      id: id, className: node.className, kind: kind, children: [], columns: node.columns.map(\.role),
      selected: node.selected, parent: parent)
    let children = node.childNodes
    var childIDs: [Int] = []
    childIDs.reserveCapacity(children.count)
    for child in children {
      childIDs.append(instantiate(child, kinds: kinds, parent: id))
    }
    controllers[id]!.children = childIDs
    return id
  }

  mutating func setRoot(_ id: Int) { root = id }

  mutating func append(child: Int, to parent: Int) {
    controllers[parent]!.children.append(child)
    controllers[child]!.parent = parent
  }

  /// Removes the top child of a navigation controller and its subtree; returns the removed id.
  mutating func popChild(of parent: Int) -> Int? {
    guard let top = controllers[parent]!.children.popLast() else { return nil }
    remove(top)
    return top
  }

  mutating func select(tab index: Int, of id: Int) {
    controllers[id]!.selected = index
  }

  mutating func present(_ presentation: Presentation) {
    presentations.append(presentation)
  }

  /// Takes the top presentation off the stack; its controllers stay until `discard`.
  mutating func popPresentation() -> Presentation? {
    presentations.popLast()
  }

  /// Removes a controller and its subtree from the arena.
  mutating func discard(_ id: Int) {
    remove(id)
  }

  private mutating func remove(_ id: Int) {
    var pending = [id]
    while let next = pending.popLast() {
      if let controller = controllers.removeValue(forKey: next) { pending += controller.children }
    }
  }

  // MARK: - Queries

  /// The controller that decides the orientation: the top-most presentation that fills the
  /// window, else the root (docs/rules.md#deciding-controller).
  public var decider: Int {
    presentations.last(where: \.takesOver)?.controller ?? root
  }

  /// The top of the presentation stack, or the root: where the user's eyes are.
  public var topmost: Int {
    presentations.last?.controller ?? root
  }

  /// A controller and the children it shows, down to the leaves, parent before children:
  /// `[nav, top]`, `[tab, nav, top]`, `[split, primary, secondary]`.
  public func shownChain(from id: Int) -> [Int] {
    var result: [Int] = []
    var pending = [id]
    while let next = pending.popLast() {
      result.append(next)
      pending += self[next].shownChildren.reversed()
    }
    return result
  }

  /// The shown controllers of the top-most presentation or root.
  public var visibleChain: [Int] { shownChain(from: topmost) }

  /// The root of the level below the top: where a new presentation is presented from.
  public var presentingRoot: Int { topmost }

  /// The controllers whose views are in the window: the shown chains of the root and every
  /// presentation, except those covered by a later `fullScreen` presentation (which removes the
  /// presenter's views; `overFullScreen` and sheets leave them).
  public var displayedChains: [[Int]] {
    var chains = [shownChain(from: root)]
    for presentation in presentations {
      if presentation.style.removesPresenterViews { chains.removeAll() }
      chains.append(shownChain(from: presentation.controller))
    }
    return chains
  }

  /// All controllers in display order: the root's tree depth-first, then each presentation's.
  public var allInOrder: [Int] {
    var result: [Int] = []
    result.reserveCapacity(controllers.count)
    for start in [root] + presentations.map(\.controller) {
      var stack = [start]
      while let id = stack.popLast() {
        guard let controller = controllers[id] else { continue }
        result.append(id)
        stack += controller.children.reversed()
      }
    }
    return result
  }

  /// The navigation controller a push goes to: the deepest one on the visible chain.
  public var visibleNavigationController: Int? { deepestVisible(.navigation) }

  /// The navigation controller a pop goes to: the deepest on the visible chain holding two or more.
  public var poppableNavigationController: Int? {
    visibleChain.last(where: { self[$0].kind == .navigation && self[$0].children.count > 1 })
  }

  /// The tab bar controller a tab selection goes to: the deepest one on the visible chain.
  public var visibleTabBarController: Int? { deepestVisible(.tabBar) }

  /// The deepest controller of `kind` in the visible chain.
  public func deepestVisible(_ kind: ControllerKind) -> Int? {
    visibleChain.last(where: { self[$0].kind == kind })
  }

  /// The presentation whose subtree holds `id`, or nil for the root's tree.
  func presentationLevel(of id: Int) -> Int? {
    var current = id
    while let parent = self[current].parent { current = parent }
    return presentations.firstIndex(where: { $0.controller == current })
  }

  /// `visibleViewController` of a navigation controller: the controller presented over its level,
  /// else its top child.
  func visibleViewController(of id: Int) -> Int? {
    presentedViewController(of: id) ?? self[id].children.last
  }

  /// `presentedViewController`: the controller presented over the level that holds `id`.
  func presentedViewController(of id: Int) -> Int? {
    let level = presentationLevel(of: id).map { $0 + 1 } ?? 0
    return level < presentations.count ? presentations[level].controller : nil
  }

  /// `presentingViewController` of a presented controller's level root, nil for the window's tree.
  /// A controller being presented (not yet on the stack) is presented by the top of the stack.
  func presentingViewController(of id: Int) -> Int? {
    if let level = presentationLevel(of: id) { return presentations[level].presenter }
    var current = id
    while let parent = self[current].parent { current = parent }
    return current == root ? nil : topmost
  }
}
