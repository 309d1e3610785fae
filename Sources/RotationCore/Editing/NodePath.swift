// MARK: - Design note
//
// Editing a scenario in the window: pure functions from a scenario (and the session's events) to
// the edited one, or an `EditError` that says why UIKit or the file format would not have it.
// Every edit ends by checking that the result still loads (`Scenario.checkedLoads`, the decoder's
// own rules), so what the window saves is a file the command line reads. The window keeps the
// states before each edit in an `UndoStack`; undoing is putting an earlier state back.
//
//   NodePath          where a controller hangs in the starting tree (window, then slots)
//   ClassEdits        add, rename (the tree, steps, actions and expectations follow), remove
//   TreeEdits         add a controller where UIKit allows one, a window, remove, move, set as root
//   StepEdits         insert, remove, move and replace events; launch stays first
//   ScenarioTemplate  New Scenario's starting points
//   UndoStack         the states before each edit, and after each undo

/// Why an edit cannot be made, in words for the person who tried it.
public struct EditError: Error, Equatable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

/// Where a controller sits in a scenario's starting tree: its window and the slots from the root
/// down (`stack[1]` of the root, then `tab 0` of that…).
public struct NodePath: Sendable, Hashable, CustomStringConvertible {
  public enum Slot: Sendable, Hashable {
    case stack(Int)
    case tab(Int)
    case child(Int)
    case column(SplitColumn)
    case page(Int)
  }

  public var window: String
  public var slots: [Slot]

  public init(window: String = mainWindowName, _ slots: [Slot] = []) {
    self.window = window
    self.slots = slots
  }

  public var isRoot: Bool { slots.isEmpty }
  public var parent: NodePath? { isRoot ? nil : NodePath(window: window, Array(slots.dropLast())) }

  public func appending(_ slot: Slot) -> NodePath { NodePath(window: window, slots + [slot]) }

  /// `main › stack[1] › tab 0`.
  public var description: String {
    ([window] + slots.map(\.label)).joined(separator: " › ")
  }
}

extension NodePath.Slot {
  /// The list a numbered slot indexes (a stack, the tabs, the children, the pages) and its index;
  /// nil for a split view's column, which is named, not numbered.
  var numbered: (list: WritableKeyPath<Node, [Node]>, index: Int)? {
    switch self {
    case .stack(let index): return (\.stack, index)
    case .tab(let index): return (\.tabs, index)
    case .child(let index): return (\.children, index)
    case .page(let index): return (\.pages, index)
    case .column: return nil
    }
  }

  /// The same kind of slot at another index (a column stays itself).
  func at(_ index: Int) -> Self {
    switch self {
    case .stack: return .stack(index)
    case .tab: return .tab(index)
    case .child: return .child(index)
    case .page: return .page(index)
    case .column: return self
    }
  }

  /// Whether the parent's `selected` counts in this list: a tab bar's tabs, a page view's pages.
  var isSelectable: Bool {
    switch self {
    case .tab, .page: return true
    case .stack, .child, .column: return false
    }
  }

  /// As the tree labels the edge: `stack[1]`, `tab 0`, `secondary`.
  public var label: String {
    switch self {
    case .stack(let index): return TreeEdge.stack(index).label
    case .tab(let index): return TreeEdge.tab(index).label
    case .child(let index): return TreeEdge.child(index).label
    case .column(let column): return TreeEdge.column(column).label
    case .page(let index): return TreeEdge.page(index).label
    }
  }
}

extension Node {
  /// The child in `slot`, if there is one.
  public subscript(slot: NodePath.Slot) -> Node? {
    if case (let list, let index)? = slot.numbered {
      return self[keyPath: list].indices.contains(index) ? self[keyPath: list][index] : nil
    }
    guard case .column(let role) = slot else { return nil }
    return columns.first { $0.role == role }?.node
  }

  func node(at slots: ArraySlice<NodePath.Slot>) -> Node? {
    guard let first = slots.first else { return self }
    return self[first]?.node(at: slots.dropFirst())
  }

  /// Changes the node at `slots` below this one; false when there is none.
  mutating func update(at slots: ArraySlice<NodePath.Slot>, _ change: (inout Node) -> Void) -> Bool {
    guard let first = slots.first else {
      change(&self)
      return true
    }
    let rest = slots.dropFirst()
    if case (let list, let index)? = first.numbered {
      guard self[keyPath: list].indices.contains(index) else { return false }
      return self[keyPath: list][index].update(at: rest, change)
    }
    guard case .column(let role) = first, let at = columns.firstIndex(where: { $0.role == role }) else {
      return false
    }
    return columns[at].node.update(at: rest, change)
  }
}

extension Scenario {
  /// The names of the windows: `main` first, then the others in file order.
  public var windowNames: [String] { [mainWindowName] + windows.map(\.name) }

  /// The starting root of the window named `name`.
  public func root(of name: String) -> Node? {
    name == mainWindowName ? launchRoot : windows.first { $0.name == name }?.root
  }

  /// The controller at `path` in the starting tree.
  public func node(at path: NodePath) -> Node? { root(of: path.window)?.node(at: path.slots[...]) }

  /// Changes the controller at `path`; false when there is none.
  mutating func update(at path: NodePath, _ change: (inout Node) -> Void) -> Bool {
    if path.window == mainWindowName { return launchRoot.update(at: path.slots[...], change) }
    guard let index = windows.firstIndex(where: { $0.name == path.window }) else { return false }
    return windows[index].root.update(at: path.slots[...], change)
  }

  /// A class's kind: declared in the scenario, or one of UIKit's own classes.
  public func kind(of className: String) -> ControllerKind? {
    classes.first { $0.name == className }?.kind ?? ControllerKind.uikitClasses[className]
  }

  /// Keeps an edit only if the result loads: otherwise puts `before` back and fails with the
  /// decoder's message, so that a refused edit leaves the scenario as it was.
  mutating func keepIfLoads(_ before: Scenario) throws(EditError) {
    do {
      try checkedLoads()
    } catch {
      self = before
      throw error
    }
  }

  /// Fails with the decoder's own message when the edited scenario would not load again, so that
  /// the window never holds (or saves) a scenario the command line refuses.
  public func checkedLoads() throws(EditError) {
    do {
      _ = try ScenarioDecoder.decode(text: ScenarioEncoder.text(self))
    } catch {
      throw EditError(error.description)
    }
  }
}

extension TreeSnapshot {
  /// Where node `id` hangs in the scenario's starting tree, if it hangs there by containment
  /// alone (a presented controller, or one below it, has no such place).
  public func path(of id: Int) -> NodePath? {
    var slots: [NodePath.Slot] = []
    var current = nodes.first { $0.id == id }
    while let node = current {
      switch node.edge {
      case .root(let window, _, _, _, _): return NodePath(window: window, slots.reversed())
      case .stack(let index): slots.append(.stack(index))
      case .tab(let index): slots.append(.tab(index))
      case .child(let index): slots.append(.child(index))
      case .column(let column): slots.append(.column(column))
      case .page(let index): slots.append(.page(index))
      case .presentation: return nil
      }
      current = node.parent.flatMap { parent in nodes.first { $0.id == parent } }
    }
    return nil
  }
}
