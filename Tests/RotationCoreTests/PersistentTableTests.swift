import Testing

@testable import RotationCore

/// The persistent tables a step's state is made of (`IDTrie`, `IDList`) against the plain
/// dictionary and array they stand in for, through random changes, with the copies kept along
/// the way (as the history keeps each step's state) checked unchanged at the end.
@Suite struct PersistentTableTests {
  @Test func theTrieHoldsWhatADictionaryHoldsAndEveryCopyKeepsItsOwn() {
    var generator = SeededGenerator(state: 37)
    var trie = IDTrie<Int>()
    var reference: [Int: Int] = [:]
    var kept: [(IDTrie<Int>, [Int: Int])] = []
    for round in 0..<6_000 {
      // Keys spread over three levels of the trie, and repeated, so that leaves empty and refill.
      let key = Int.random(in: 0..<(round < 3_000 ? 300 : 300_000), using: &generator)
      if Bool.random(using: &generator) {
        trie[key] = round
        reference[key] = round
      } else {
        trie[key] = nil
        reference[key] = nil
      }
      if round % 500 == 0 { kept.append((trie, reference)) }
    }
    kept.append((trie, reference))
    for (copy, expected) in kept {
      #expect(copy.count == expected.count)
      #expect(copy.keys == expected.keys.sorted())
      #expect(copy.values == expected.keys.sorted().map { expected[$0]! })
      #expect(expected.allSatisfy { copy[$0.key] == $0.value })
    }
    #expect(trie[-1] == nil)
    #expect(trie[1 << 40] == nil)
  }

  @Test func aVisitFromAKeyStartsThereAndStopsWhenToldTo() {
    var trie = IDTrie<Bool>()
    for key in [3, 64, 65, 4_096, 300_000] { trie[key] = true }
    var seen: [Int] = []
    trie.visit(from: 65) { key, _ in
      seen.append(key)
      return key < 4_096
    }
    #expect(seen == [65, 4_096])
  }

  @Test func anEmptiedTrieDropsItsNodes() {
    var trie = IDTrie<Int>()
    for key in 0..<10_000 { trie[key] = key }
    #expect(trie.nodeCount == 1 + 3 + 157)  // the root, three inner nodes, a leaf per 64 keys
    // One key left: the path to it stays, every other node goes.
    for key in 0..<9_999 { trie[key] = nil }
    #expect(trie.nodeCount == 3)
    #expect(trie.keys == [9_999])
    trie[9_999] = nil
    #expect(trie.nodeCount == 0)
    #expect(trie == IDTrie<Int>())
  }

  @Test func theListPushesAndPopsAsAnArrayDoes() {
    var generator = SeededGenerator(state: 38)
    var list = IDList()
    var reference: [Int] = []
    var kept: [(IDList, [Int])] = []
    for round in 0..<5_000 {
      if reference.isEmpty || Int.random(in: 0..<3, using: &generator) > 0 {
        list.append(round)
        reference.append(round)
      } else {
        #expect(list.popLast() == reference.popLast())
      }
      if round % 400 == 0 { kept.append((list, reference)) }
    }
    for (copy, expected) in kept {
      #expect(Array(copy) == expected)
      #expect(copy.last == expected.last)
    }
    #expect(IDList([1, 2, 3]) == [1, 2, 3])
    #expect(IDList([1, 2, 3]) != [1, 2])
    var empty = IDList()
    #expect(empty.popLast() == nil)
  }
}
