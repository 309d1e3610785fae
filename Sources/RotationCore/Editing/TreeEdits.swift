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
      if case (let list, _)? = slot.numbered {
        node[keyPath: list].append(child)
      } else if case .column(let role) = slot {
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
      if case (let list, let index)? = slot.numbered {
        node[keyPath: list].remove(at: index)
        // A tab bar (or page view) keeps its selected child, or the one before it.
        if slot.isSelectable, node.selected > index || node.selected >= node[keyPath: list].count {
          node.selected = max(0, node.selected - 1)
        }
      } else if case .column(let role) = slot {
        node.columns.removeAll { $0.role == role }
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
    guard case (let list, let index)? = slot.numbered else {
      throw EditError(tr("A split view's columns keep their places (primary, supplementary, secondary)."))
    }
    let target = index + offset
    guard node(at: parentPath)![keyPath: list].indices.contains(target) else {
      throw EditError(offset < 0 ? tr("It is already the first.") : tr("It is already the last."))
    }
    _ = update(at: parentPath) { node in
      node[keyPath: list].swapAt(index, target)
      // A tab bar (or page view) keeps the same child selected.
      if slot.isSelectable {
        if node.selected == index {
          node.selected = target
        } else if node.selected == target {
          node.selected = index
        }
      }
    }
    try keepIfLoads(before)
    return parentPath.appending(slot.at(target))
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
