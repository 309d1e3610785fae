/// One view controller instance in the simulated app.
public struct Controller: Sendable, Equatable {
  /// Stable within a run: instances are numbered in creation order from 1.
  public let id: Int
  public let className: String
  public let kind: ControllerKind
  /// A navigation controller's stack (bottom first), a tab bar controller's tabs, a container's
  /// children, a split view's columns or a page view's pages.
  public var children: IDList
  /// A split view controller's column of each child, in the order of `children`.
  public var columns: [SplitColumn] = []
  /// The selected tab of a tab bar controller, or the current page of a page view controller.
  public var selected: Int
  public var parent: Int?
  /// The instance's properties that differ from its class's first values (set by a push's or
  /// present's `set`, or by the app's code).
  public var properties: [String: StateValue] = [:]
  /// Whether `viewDidLoad` has run (its view was loaded for a first appearance).
  public var viewLoaded = false
  /// The controller the app's code made this container's delegate (weak: gone with it).
  public var delegateID: Int?
  /// The delegate the tree gave it as it was built (the app delegate's class: `nav.delegate = self`).
  public var delegateClass: String?

  /// The children whose views are in the window: a navigation controller's top, the selected tab or
  /// current page, every child of a container, every column of a split view (the model shows a split
  /// view expanded: docs/rules.md#split-and-page-views).
  public var shownChildren: [Int] {
    switch kind {
    case .view, .alert: return []
    case .navigation: return children.last.map { [$0] } ?? []
    case .tabBar, .pageView: return children.indices.contains(selected) ? [children[selected]] : []
    case .container, .splitView: return Array(children)
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
  /// The interface orientation when it was presented: where a dismissal returns while the device
  /// lies flat (docs/rules.md#dismiss-flat).
  public var orientationBefore: InterfaceOrientation = .unknown
}

/// One `UIWindow`: its root's tree, the stack of controllers presented over it, its level.
public struct WindowState: Sendable, Equatable {
  public let name: String
  public internal(set) var root: Int
  public internal(set) var presentations: [Presentation] = []
  public let level: Double
  public internal(set) var hidden: Bool
  /// When it was last shown: of two windows at one level, the one shown later is in front.
  var shownAt: Int
  /// iOS 16+: the orientation a window that does not drive kept when the scene turned to one its
  /// controllers do not support; nil while it follows the scene (docs/rules.md#window-own-orientation).
  public internal(set) var ownOrientation: InterfaceOrientation?
}

/// The app's windows and their controllers: each window's root tree plus its stack of presented
/// controllers.
///
/// Instances live in one arena keyed by id; the trees store ids, so a step copies only what it
/// changes. Tree events act on the `current` window (the key window unless an event names another);
/// the orientation is decided by the `driver`, the front-most visible window
/// (docs/rules.md#driving-window).
public struct ControllerTree: Sendable, Equatable {
  public private(set) var controllers = ControllerArena()
  public private(set) var windows: [WindowState] = []
  /// The key window's index.
  public private(set) var key = 0
  /// The window tree events act on.
  public internal(set) var current = 0
  private var nextID = 1
  /// The live instances of each class, by id (so in creation order): what a notification's
  /// observers and a method call on a class look up, at a cost of what they find.
  private var instancesByClass: [String: IDTrie<Bool>] = [:]
  private var showCount = 0
  /// iOS 8: a hidden window with a root view controller takes part in choosing the driver
  /// (docs/rules.md#ios8-hidden-window-drives).
  var hiddenWindowsDrive = false

  public init() {}

  public subscript(id: Int) -> Controller {
    controllers[id]!
  }

  /// The current window's root (0 before launch).
  public var root: Int { windows.indices.contains(current) ? windows[current].root : 0 }
  /// The current window's presentations.
  public var presentations: [Presentation] {
    windows.indices.contains(current) ? windows[current].presentations : []
  }

  /// Creates instances for `node` and its children; returns the new subtree's root id.
  mutating func instantiate(_ node: Node, kinds: [String: ControllerKind], parent: Int?) -> Int {
    let id = nextID
    nextID += 1
    let kind = kinds[node.className] ?? ControllerKind.uikitClasses[node.className] ?? .view
    controllers[id] = Controller(
      id: id, className: node.className, kind: kind, children: [], columns: node.columns.map(\.role),
      selected: node.selected, parent: parent)
    instancesByClass[node.className, default: IDTrie()][id] = true
    for variable in node.properties { controllers[id]!.properties[variable.name] = variable.value }
    controllers[id]!.delegateClass = node.delegate
    let children = node.childNodes
    var childIDs = IDList()
    for child in children {
      childIDs.append(instantiate(child, kinds: kinds, parent: id))
    }
    controllers[id]!.children = childIDs
    return id
  }

  /// Adds a window with `root`; the first is the main window, made key.
  mutating func addWindow(name: String, root: Int, level: Double, hidden: Bool) {
    showCount += 1
    windows.append(WindowState(name: name, root: root, level: level, hidden: hidden, shownAt: showCount))
  }

  /// Makes `delegate` the container `id`'s delegate.
  mutating func setDelegate(of id: Int, to delegate: Int) {
    controllers[id]?.delegateID = delegate
  }

  /// Notes that the instance's view is loaded.
  mutating func markLoaded(_ id: Int) {
    controllers[id]?.viewLoaded = true
  }

  /// Sets a property of the instance `id`.
  mutating func setProperty(_ name: String, _ value: StateValue, of id: Int) {
    controllers[id]?.properties[name] = value
  }

  /// The controller on top of the key window: the top-most presented one (else the root), then a
  /// navigation controller's top, a tab bar controller's selected tab or a page view's current
  /// page, down to a controller that shows no single child. What an app's "top view controller"
  /// helper returns, and what `topViewController is …` in the app delegate tests.
  public var topController: Int? {
    guard windows.indices.contains(key) else { return nil }
    return top(from: windows[key].presentations.last?.controller ?? windows[key].root)
  }

  /// The controller a top-controller helper reaches from `id`, down the shown children.
  func top(from id: Int) -> Int {
    var id = id
    while let child = controllers.read(id, { $0.shownChild }) ?? nil { id = child }
    return id
  }

  mutating func setHidden(_ hidden: Bool, window index: Int) {
    if !hidden {
      showCount += 1
      windows[index].shownAt = showCount
    }
    windows[index].hidden = hidden
    if hidden && key == index { key = driver }
    if hidden && current == index { current = key }
  }

  mutating func makeKey(_ index: Int) { key = index }

  /// The index of the window named `name`.
  public func window(named name: String) -> Int? { windows.firstIndex(where: { $0.name == name }) }

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
    windows[current].presentations.append(presentation)
  }

  /// Takes the current window's top presentation off its stack; its controllers stay until `discard`.
  mutating func popPresentation() -> Presentation? {
    windows[current].presentations.popLast()
  }

  /// Removes a controller and its subtree from the arena.
  mutating func discard(_ id: Int) {
    remove(id)
  }

  private mutating func remove(_ id: Int) {
    var pending = [id]
    while let next = pending.popLast() {
      if let controller = controllers.removeValue(forKey: next) {
        instancesByClass[controller.className]?[next] = nil
        if instancesByClass[controller.className]?.count == 0 { instancesByClass[controller.className] = nil }
        pending += controller.children
        released[next] = controller.className
      }
    }
  }

  /// The classes of the controllers released during the step: a method whose controller dismissed
  /// itself goes on running (`self` is still there), and its actions name it. Emptied between steps.
  var released: [Int: String] = [:]

  // MARK: - Queries

  /// The window that controls the interface orientation: of the visible windows, the one with the
  /// highest level, and of those the one shown last; the main window when none is visible
  /// (docs/rules.md#driving-window).
  public var driver: Int {
    var best: Int?
    for (index, window) in windows.enumerated() where !window.hidden || hiddenWindowsDrive {
      if let current = best {
        let other = windows[current]
        if window.level > other.level || (window.level == other.level && window.shownAt > other.shownAt) {
          best = index
        }
      } else {
        best = index
      }
    }
    return best ?? 0
  }

  /// The controller that decides the orientation: in the driving window, its top-most presentation
  /// that fills the window, else its root (docs/rules.md#deciding-controller).
  public var decider: Int {
    guard windows.indices.contains(driver) else { return 0 }
    return decider(in: driver)
  }

  /// The controller that answers for window `index`: its top-most presentation that fills it, or its root.
  public func decider(in index: Int) -> Int {
    let window = windows[index]
    return window.presentations.last(where: \.takesOver)?.controller ?? window.root
  }

  /// The chains of window `index` that `viewWillTransitionToSize:withTransitionCoordinator:` reaches:
  /// its root's shown chain and each presentation's, those covered by a full-screen presentation too
  /// (UIKit forwards it down the hierarchy, not by what is on screen; docs/rules.md#view-will-transition).
  func transitionChains(in index: Int) -> [[Int]] {
    [shownChain(from: windows[index].root)]
      + windows[index].presentations.map { shownChain(from: $0.controller) }
  }

  mutating func setOwnOrientation(_ orientation: InterfaceOrientation?, window index: Int) {
    windows[index].ownOrientation = orientation
  }

  /// The top of the current window's presentation stack, or its root: where the user's eyes are.
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
      pending += controllers.read(next) { $0.shownChildren.reversed() }!
    }
    return result
  }

  /// The shown controllers of the current window's top-most presentation or root.
  public var visibleChain: [Int] { shownChain(from: topmost) }

  /// The root of the current window's top level: where a new presentation is presented from.
  public var presentingRoot: Int { topmost }

  /// The controllers of the current window whose views are in it: the shown chains of the root and
  /// every presentation, except those covered by a later presentation that removes the presenter's
  /// views (`fullScreen`, `currentContext`; the other styles leave them).
  public var displayedChains: [[Int]] {
    guard windows.indices.contains(current) else { return [] }
    return displayedChains(in: current)
  }

  func displayedChains(in index: Int) -> [[Int]] {
    let window = windows[index]
    var chains = [shownChain(from: window.root)]
    for presentation in window.presentations {
      if presentation.style.removesPresenterViews { chains.removeAll() }
      chains.append(shownChain(from: presentation.controller))
    }
    return chains
  }

  /// The displayed chains of every visible window, front-most window last.
  public var allDisplayedChains: [[Int]] {
    windowsBackToFront.filter { !windows[$0].hidden }.flatMap { displayedChains(in: $0) }
  }

  /// The windows' indices from the back to the front: by level, then by when they were shown.
  public var windowsBackToFront: [Int] {
    windows.indices.sorted {
      (windows[$0].level, windows[$0].shownAt) < (windows[$1].level, windows[$1].shownAt)
    }
  }

  /// The instances of `className` in a window (its root tree or a presented level), in creation
  /// order: a cost of how many the class has, not of the tree.
  func attachedInstances(of className: String) -> [Int] {
    var result: [Int] = []
    instancesByClass[className]?.visit { id, _ in
      if isAttached(id) { result.append(id) }
      return true
    }
    return result
  }

  /// The first instance of `className` in display order (`allInOrder`): each window's root tree
  /// depth-first, then its presentations. Found through the class's instances, each placed by its
  /// path to its window, so it costs what the class has, not the tree.
  func firstAttachedInstance(of className: String) -> Int? {
    attachedInstances(of: className).min {
      displayPath(of: $0).lexicographicallyPrecedes(displayPath(of: $1))
    }
  }

  /// Where `id` stands in display order: its window, its level (the root tree first), then its
  /// position among its parent's children at each depth, from the top down.
  private func displayPath(of id: Int) -> [Int] {
    guard let (window, level) = location(of: id) else { return [] }
    var positions: [Int] = []
    var child = id
    while let parent = controllers.read(child, { $0.parent }) ?? nil {
      positions.append(controllers.read(parent) { $0.children.firstIndex(of: child) ?? 0 } ?? 0)
      child = parent
    }
    return [window, (level ?? -1) + 1] + positions.reversed()
  }

  /// Whether `id` is in a window's root tree or a presented level, not released and not still
  /// being presented: a cost of its depth.
  func isAttached(_ id: Int) -> Bool { location(of: id) != nil }

  /// All controllers in display order: each window's root tree depth-first, then its presentations'.
  public var allInOrder: [Int] {
    var result: [Int] = []
    result.reserveCapacity(controllers.count)
    for window in windows {
      for start in [window.root] + window.presentations.map(\.controller) {
        var stack = [start]
        while let id = stack.popLast() {
          guard let controller = controllers[id] else { continue }
          result.append(id)
          stack += controller.children.reversed()
        }
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

  /// The window and presentation level that hold `id` (level nil: the window's root tree); nil for
  /// a controller in no window yet (being presented).
  func location(of id: Int) -> (window: Int, level: Int?)? {
    // Each controller read in place: this runs for every observer and method call.
    guard controllers.read(id, { _ in () }) != nil else { return nil }
    var top = id
    while let parent = controllers.read(top, { $0.parent }) ?? nil { top = parent }
    for (index, window) in windows.enumerated() {
      if window.root == top { return (index, nil) }
      if let level = window.presentations.firstIndex(where: { $0.controller == top }) {
        return (index, level)
      }
    }
    return nil
  }

  /// The window that holds `id`, or the current one for a controller not yet in a window.
  public func windowIndex(of id: Int) -> Int { location(of: id)?.window ?? current }

  /// `visibleViewController` of a navigation controller: the controller presented over its level,
  /// else its top child.
  func visibleViewController(of id: Int) -> Int? {
    presentedViewController(of: id) ?? self[id].children.last
  }

  /// `presentedViewController`: the controller presented over the level that holds `id`.
  func presentedViewController(of id: Int) -> Int? {
    guard let (window, level) = location(of: id) else { return nil }
    let next = level.map { $0 + 1 } ?? 0
    let stack = windows[window].presentations
    return next < stack.count ? stack[next].controller : nil
  }

  /// `presentingViewController` of a presented controller's level root, nil for a window's root tree.
  /// A controller being presented (not yet on the stack) is presented by the current window's top.
  func presentingViewController(of id: Int) -> Int? {
    guard let (window, level) = location(of: id) else { return topmost }
    return level.map { windows[window].presentations[$0].presenter }
  }
}
