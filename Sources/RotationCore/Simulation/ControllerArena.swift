/// The controllers of a tree, by id, in a persistent 64-way trie.
///
/// Every step keeps its own state in the history, so the arena is copied constantly; a
/// dictionary would copy all of its entries on the first change after a copy, making a push cost
/// as much as the tree is large. The trie shares everything but the path it changes: a change
/// copies at most a few nodes of 64 slots, whatever the tree's size.
public struct ControllerArena: Sendable, Equatable {
  static let bits = 6
  static let width = 1 << bits

  final class Node: @unchecked Sendable {
    // Mutated only while uniquely referenced (copy on write), so sharing across threads is safe.
    var children: [Node?]
    var values: [Controller?]

    init(leaf: Bool) {
      children = leaf ? [] : Array(repeating: nil, count: ControllerArena.width)
      values = leaf ? Array(repeating: nil, count: ControllerArena.width) : []
    }

    init(copying other: Node) {
      children = other.children
      values = other.values
    }
  }

  private var root = Node(leaf: true)
  /// Inner levels above the leaves.
  private var levels = 0
  public private(set) var count = 0

  public init() {}

  private var capacity: Int { 1 << (Self.bits * (levels + 1)) }

  public subscript(id: Int) -> Controller? {
    get {
      guard id >= 0, id < capacity else { return nil }
      var node = root
      var level = levels
      while level > 0 {
        guard let child = node.children[(id >> (Self.bits * level)) & (Self.width - 1)] else { return nil }
        node = child
        level -= 1
      }
      return node.values[id & (Self.width - 1)]
    }
    set { set(id, newValue) }
  }

  @discardableResult
  public mutating func removeValue(forKey id: Int) -> Controller? {
    let old = self[id]
    if old != nil { set(id, nil) }
    return old
  }

  private mutating func set(_ id: Int, _ value: Controller?) {
    precondition(id >= 0, "controller ids are not negative")
    while id >= capacity {
      let grown = Node(leaf: false)
      grown.children[0] = root
      root = grown
      levels += 1
    }
    if !isKnownUniquelyReferenced(&root) { root = Node(copying: root) }
    var node = root
    var level = levels
    while level > 0 {
      let index = (id >> (Self.bits * level)) & (Self.width - 1)
      if node.children[index] == nil {
        node.children[index] = Node(leaf: level == 1)
      } else if !isKnownUniquelyReferenced(&node.children[index]!) {
        node.children[index] = Node(copying: node.children[index]!)
      }
      node = node.children[index]!
      level -= 1
    }
    let slot = id & (Self.width - 1)
    let had = node.values[slot] != nil
    node.values[slot] = value
    count += (value != nil ? 1 : 0) - (had ? 1 : 0)
  }

  /// Every controller, in id order.
  public var all: [Controller] {
    var result: [Controller] = []
    result.reserveCapacity(count)
    func visit(_ node: Node, _ level: Int) {
      if level == 0 {
        for value in node.values { if let value { result.append(value) } }
      } else {
        for child in node.children { if let child { visit(child, level - 1) } }
      }
    }
    visit(root, levels)
    return result
  }

  public static func == (lhs: ControllerArena, rhs: ControllerArena) -> Bool {
    lhs.count == rhs.count && lhs.all == rhs.all
  }
}
