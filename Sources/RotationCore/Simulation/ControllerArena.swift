/// The controllers of a tree, by id, in a persistent trie (`IDTrie`): a step's change copies a
/// few small nodes, never the arena, however many controllers the history's states share.
public struct ControllerArena: Sendable, Equatable {
  private var trie = IDTrie<Controller>()

  public init() {}

  public var count: Int { trie.count }

  public subscript(id: Int) -> Controller? {
    get { trie[id] }
    set { trie[id] = newValue }
  }

  @discardableResult
  public mutating func removeValue(forKey id: Int) -> Controller? {
    let old = trie[id]
    if old != nil { trie[id] = nil }
    return old
  }

  /// `body` of the controller `id`, read in place (`IDTrie.read`).
  func read<T>(_ id: Int, _ body: (borrowing Controller) -> T) -> T? { trie.read(id, body) }

  /// Every controller, in id order.
  public var all: [Controller] { trie.values }
}
