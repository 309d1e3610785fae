/// Changing the starting tree: controllers where UIKit holds them (a navigation stack, tabs, a
/// container's children, a split view's columns, a page view's pages), windows, order and root.
extension Scenario {
  private func kindOfClass(_ className: String) throws(EditError) -> ControllerKind {
    guard let kind = kind(of: className) else {
      throw EditError(tr("There is no class named %s.", className))
    }
    return kind
  }

  /// Where a new child of `parent` would go; nil when a controller of that kind holds none.
  public func nextSlot(under parent: Node) -> NodePath.Slot? {
    switch kind(of: parent.className) {
    case .navigation: return .stack(parent.stack.count)
    case .tabBar: return .tab(parent.tabs.count)
    case .container: return .child(parent.children.count)
    case .pageView: return .page(parent.pages.count)
    case .splitView:
      return SplitColumn.allCases.first { role in !parent.columns.contains { $0.role == role } }.map {
        .column($0)
      }
    case .view, .alert, nil: return nil
    }
  }

  /// Adds a controller of `className` under the controller at `path`, where UIKit would hold it.
  /// Returns where it now is.
  @discardableResult
  public mutating func addController(_ className: String, under path: NodePath) throws(EditError) -> NodePath
  {
    let before = self
    let kind = try kindOfClass(className)
    guard let parent = node(at: path) else {
      throw EditError(tr("There is no controller at %s.", path.description))
    }
    if kind == .alert {
      throw EditError(tr("An alert is presented, never contained: present %s in a step instead.", className))
    }
    guard let slot = nextSlot(under: parent) else {
      let parentKind = self.kind(of: parent.className)
      if parentKind == .splitView {
        throw EditError(tr("%s already has all three columns.", parent.className))
      }
      throw EditError(
        tr(
          "%s is a view controller: it holds no child controllers here (make it a container, or present %s in a step).",
          parent.className, className))
    }
    if case .stack = slot, kind == .navigation {
      // UIKit raises "Pushing a navigation controller is not supported" (docs/rules.md#push-navigation-controller).
      throw EditError(tr("UIKit does not put a navigation controller inside a navigation stack."))
    }
    let child = Node(className: className)
    _ = update(at: path) { node in
      switch slot {
      case .stack: node.stack.append(child)
      case .tab: node.tabs.append(child)
      case .child: node.children.append(child)
      case .page: node.pages.append(child)
      case .column(let role):
        node.columns.append(Node.Column(role, child))
        node.columns.sort {
          SplitColumn.allCases.firstIndex(of: $0.role)! < SplitColumn.allCases.firstIndex(of: $1.role)!
        }
      }
    }
    try keepIfLoads(before)
    return path.appending(slot)
  }

  /// Adds a window beside the main one, with a controller of `rootClass` as its root.
  public mutating func addWindow(_ name: String, rootClass: String, level: Double = 0) throws(EditError) {
    let before = self
    guard Self.isClassName(name) else {
      throw EditError(tr("'%s' cannot name a window: use letters, digits and _.", name))
    }
    guard !windowNames.contains(name) else {
      throw EditError(tr("There is already a window named %s.", name))
    }
    if try kindOfClass(rootClass) == .alert {
      throw EditError(tr("An alert is presented, never a window's root."))
    }
    windows.append(WindowSpec(name: name, root: Node(className: rootClass), level: level))
    try keepIfLoads(before)
  }

  /// Removes the controller at `path` with what it holds. A window's root takes its window with
  /// it, except the main window's, which must have one.
  public mutating func removeController(at path: NodePath) throws(EditError) {
    let before = self
    guard node(at: path) != nil else {
      throw EditError(tr("There is no controller at %s.", path.description))
    }
    guard let parentPath = path.parent, let slot = path.slots.last else {
      guard path.window != mainWindowName else {
        throw EditError(tr("The main window needs a root: set another controller as its root instead."))
      }
      if let step = steps.firstIndex(where: { $0.namesWindow(path.window) }) {
        throw EditError(
          tr("Window %s cannot be removed while step %s uses it.", path.window, step + 1))
      }
      windows.removeAll { $0.name == path.window }
      try keepIfLoads(before)
      return
    }
    _ = update(at: parentPath) { node in
      switch slot {
      case .stack(let index): node.stack.remove(at: index)
      case .tab(let index):
        node.tabs.remove(at: index)
        if node.selected > index || node.selected >= node.tabs.count {
          node.selected = max(0, node.selected - 1)
        }
      case .child(let index): node.children.remove(at: index)
      case .page(let index):
        node.pages.remove(at: index)
        if node.selected > index || node.selected >= node.pages.count {
          node.selected = max(0, node.selected - 1)
        }
      case .column(let role): node.columns.removeAll { $0.role == role }
      }
    }
    try keepIfLoads(before)
  }

  /// Moves the controller at `path` one place earlier (`offset` -1) or later (+1) among its
  /// siblings: a stack's order, the tabs', the children's, the pages'. A tab bar keeps the same
  /// tab selected. Returns where it now is.
  @discardableResult
  public mutating func moveController(at path: NodePath, by offset: Int) throws(EditError) -> NodePath {
    let before = self
    guard let parentPath = path.parent, let slot = path.slots.last, node(at: path) != nil else {
      throw EditError(tr("A window's root has no siblings to move among."))
    }
    func moved(_ index: Int, count: Int) throws(EditError) -> Int {
      let target = index + offset
      guard (0..<count).contains(target) else {
        throw EditError(offset < 0 ? tr("It is already the first.") : tr("It is already the last."))
      }
      return target
    }
    let parent = node(at: parentPath)!
    let target: Int
    let newSlot: NodePath.Slot
    switch slot {
    case .stack(let index):
      target = try moved(index, count: parent.stack.count)
      newSlot = .stack(target)
    case .tab(let index):
      target = try moved(index, count: parent.tabs.count)
      newSlot = .tab(target)
    case .child(let index):
      target = try moved(index, count: parent.children.count)
      newSlot = .child(target)
    case .page(let index):
      target = try moved(index, count: parent.pages.count)
      newSlot = .page(target)
    case .column:
      throw EditError(tr("A split view's columns keep their places (primary, supplementary, secondary)."))
    }
    _ = update(at: parentPath) { node in
      func swapSelected(_ index: Int) {
        if node.selected == index {
          node.selected = target
        } else if node.selected == target {
          node.selected = index
        }
      }
      switch slot {
      case .stack(let index): node.stack.swapAt(index, target)
      case .tab(let index):
        node.tabs.swapAt(index, target)
        swapSelected(index)
      case .child(let index): node.children.swapAt(index, target)
      case .page(let index):
        node.pages.swapAt(index, target)
        swapSelected(index)
      case .column: break
      }
    }
    try keepIfLoads(before)
    return parentPath.appending(newSlot)
  }

  /// Makes the controller at `path`, with what it holds, its window's root; the rest of the old
  /// root goes.
  public mutating func setAsRoot(_ path: NodePath) throws(EditError) {
    let before = self
    guard let node = node(at: path) else {
      throw EditError(tr("There is no controller at %s.", path.description))
    }
    guard !path.isRoot else { throw EditError(tr("%s is already the window's root.", node.className)) }
    _ = update(at: NodePath(window: path.window)) { $0 = node }
    try keepIfLoads(before)
  }
}

extension Action {
  /// Whether the action is about the window named `name`.
  func namesWindow(_ name: String) -> Bool {
    switch self {
    case .showWindow(let window), .hideWindow(let window), .makeKeyAndVisible(let window):
      return window == name
    case .inWindow(let window, _): return window == name
    default: return false
    }
  }
}
