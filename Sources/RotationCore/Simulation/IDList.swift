/// A container's children by position: an array's interface over a persistent trie (`IDTrie`).
///
/// A navigation stack of any depth is pushed and popped with a change of a few small nodes; an
/// array would copy the whole stack on the first change after the history kept a copy of it.
public struct IDList: Sendable, Equatable, RandomAccessCollection, ExpressibleByArrayLiteral {
  private var trie = IDTrie<Int>()
  public private(set) var count = 0

  public init() {}

  public init(_ ids: some Sequence<Int>) {
    for id in ids { append(id) }
  }

  public init(arrayLiteral ids: Int...) { self.init(ids) }

  public var startIndex: Int { 0 }
  public var endIndex: Int { count }

  public subscript(position: Int) -> Int {
    precondition(position >= 0 && position < count, "index \(position) out of 0..<\(count)")
    return trie[position]!
  }

  public mutating func append(_ id: Int) {
    trie[count] = id
    count += 1
  }

  @discardableResult
  public mutating func popLast() -> Int? {
    guard count > 0 else { return nil }
    count -= 1
    let last = trie[count]
    trie[count] = nil
    return last
  }

  public static func == (lhs: IDList, rhs: IDList) -> Bool {
    lhs.count == rhs.count && lhs.elementsEqual(rhs)
  }
}
