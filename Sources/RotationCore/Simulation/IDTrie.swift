/// Values keyed by small non-negative integers, in a persistent 64-way trie.
///
/// Every step keeps its own state in the history, so the tree's tables are copied constantly; a
/// dictionary or an array would copy all of its entries on the first change after a copy, making a
/// push cost as much as the tree is large. The trie shares everything but the path it changes: a
/// change copies at most a few nodes of 64 slots, whatever its size. A node that becomes empty is
/// dropped, so walking the trie in key order costs what it holds, not what it once held.
///
/// It backs the controllers by id (`ControllerArena`), a container's children by position
/// (`IDList`) and the live instances of each class (`ControllerTree.attachedInstances(of:)`).
struct IDTrie<Value> {
  static var bits: Int { 6 }
  static var width: Int { 1 << bits }

  final class Node {
    var children: [Node?]
    var values: [Value?]
    /// Keys below this node that hold a value.
    var live = 0

    init(leaf: Bool) {
      children = leaf ? [] : Array(repeating: nil, count: IDTrie.width)
      values = leaf ? Array(repeating: nil, count: IDTrie.width) : []
    }

    init(copying other: Node) {
      children = other.children
      values = other.values
      live = other.live
    }
  }

  private var root: Node?
  /// Inner levels above the leaves.
  private var levels = 0

  init() {}

  /// How many keys hold a value.
  var count: Int { root?.live ?? 0 }

  private var capacity: Int { 1 << (Self.bits * (levels + 1)) }

  /// The leaf that holds `key`'s slot, nil when no value is stored under it.
  private func leaf(_ key: Int) -> Node? {
    guard key >= 0, key < capacity, var node = root else { return nil }
    var level = levels
    while level > 0 {
      guard let child = node.children[(key >> (Self.bits * level)) & (Self.width - 1)] else { return nil }
      node = child
      level -= 1
    }
    return node
  }

  subscript(key: Int) -> Value? {
    get { leaf(key)?.values[key & (Self.width - 1)] }
    set {
      precondition(key >= 0 && key < 1 << 48, "trie keys are ids: not negative, below 2^48")
      if newValue == nil, self[key] == nil { return }
      while key >= capacity {
        let grown = Node(leaf: false)
        grown.live = root?.live ?? 0
        grown.children[0] = root
        root = grown
        levels += 1
      }
      Self.set(&root, level: levels, key: key, value: newValue)
    }
  }

  /// `body` of the value at `key`, read in place: a field of a large value without a copy of the
  /// rest (the subscript's getter copies the whole value, each of its arrays and strings retained).
  func read<T>(_ key: Int, _ body: (borrowing Value) -> T) -> T? {
    guard let node = leaf(key) else { return nil }
    return node.values.withUnsafeBufferPointer { values in
      switch values[key & (Self.width - 1)] {
      case .some(let value): return body(value)
      case .none: return nil
      }
    }
  }

  /// Sets `key` below `node` (at `level` above the leaves); returns the change in live keys.
  @discardableResult
  private static func set(_ node: inout Node?, level: Int, key: Int, value: Value?) -> Int {
    if node == nil {
      node = Node(leaf: level == 0)
    } else if !isKnownUniquelyReferenced(&node) {
      node = Node(copying: node!)
    }
    let current = node!
    let slot = (key >> (bits * level)) & (width - 1)
    let delta: Int
    if level == 0 {
      delta = (value != nil ? 1 : 0) - (current.values[slot] != nil ? 1 : 0)
      current.values[slot] = value
    } else {
      delta = set(&current.children[slot], level: level - 1, key: key, value: value)
    }
    current.live += delta
    if current.live == 0 { node = nil }
    return delta
  }

  /// Calls `body` with each key and value in key order from `start`, until it returns false.
  func visit(from start: Int = 0, _ body: (Int, Value) -> Bool) {
    guard let root else { return }
    _ = Self.visit(root, level: levels, base: 0, from: max(0, start), body)
  }

  private static func visit(
    _ node: Node, level: Int, base: Int, from start: Int, _ body: (Int, Value) -> Bool
  ) -> Bool {
    let span = 1 << (bits * level)
    let first = start > base ? (start - base) / span : 0
    guard first < width else { return true }
    for slot in first..<width {
      let key = base + slot * span
      if level == 0 {
        if key >= start, let value = node.values[slot], !body(key, value) { return false }
      } else if let child = node.children[slot],
        !visit(child, level: level - 1, base: key, from: start, body)
      {
        return false
      }
    }
    return true
  }

  /// How many nodes the trie holds (a test's measure of what an emptied trie keeps).
  var nodeCount: Int {
    func count(_ node: Node?) -> Int {
      guard let node else { return 0 }
      return 1 + node.children.reduce(0) { $0 + count($1) }
    }
    return count(root)
  }

  /// Every value, in key order.
  var values: [Value] { collect { _, value in value } }

  /// Every key that holds a value, in order.
  var keys: [Int] { collect { key, _ in key } }

  /// `item` of every key and value, in key order.
  private func collect<T>(_ item: (Int, Value) -> T) -> [T] {
    var result: [T] = []
    result.reserveCapacity(count)
    visit { key, value in
      result.append(item(key, value))
      return true
    }
    return result
  }
}

// Nodes are mutated only while uniquely referenced (copy on write), so sharing across threads is
// safe for a Sendable `Value`.
extension IDTrie: @unchecked Sendable where Value: Sendable {}

extension IDTrie: Equatable where Value: Equatable {
  static func == (lhs: IDTrie, rhs: IDTrie) -> Bool {
    lhs.root === rhs.root || (lhs.count == rhs.count && lhs.keys == rhs.keys && lhs.values == rhs.values)
  }
}
