// MARK: - Design note
//
// Swift and Objective-C source becomes a syntax tree through tree-sitter, a maintained,
// grammar-based parser: its C runtime and the `tree-sitter-swift` and `tree-sitter-objc` grammars
// are C targets of the package, vendored from PyPI's source distributions at pinned versions
// (scripts/vendor-tree-sitter, docs/tree-sitter.md). The C tree lives only inside `parse`: what
// comes out is a value, every node in one array (parent before children, in source order) with
// its kind, byte range, line and column, field name and children, so a reader walks it with no C
// lifetime to mind and the tree can cross threads. A parser is made once per language and reused
// (`SyntaxParser`); it is not for two threads at once.
//
//   bytes ─▶ SyntaxParser(language).parse ─▶ TSTree ─(cursor walk)─▶ SyntaxTree (values)

import CTreeSitter
import CTreeSitterObjC
import CTreeSitterSwift

/// The languages the importer reads native code in.
public enum SyntaxLanguage: String, Sendable, CaseIterable {
  case swift
  case objectiveC

  var grammar: OpaquePointer {
    switch self {
    case .swift: return tree_sitter_swift()
    case .objectiveC: return tree_sitter_objc()
    }
  }
}

/// A place in a file: 1-based line, 1-based column counted in bytes.
public struct SourcePosition: Sendable, Equatable, Comparable {
  public var line: Int
  public var column: Int

  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }
}

/// A parsed file: its bytes and every node of its syntax tree.
public struct SyntaxTree: Sendable {
  /// One node of the tree.
  public struct Node: Sendable, Equatable {
    /// The grammar's name for it: `class_declaration`, `method_definition`, `identifier`, `{`.
    public var kind: String
    /// Named nodes are the grammar's rules; anonymous ones are its punctuation and keywords.
    public var isNamed: Bool
    /// Text the grammar could not place (`ERROR`), or a token it had to assume (missing).
    public var isError: Bool
    public var isMissing: Bool
    /// Bytes of the source it spans.
    public var range: Range<Int>
    public var start: SourcePosition
    /// The field of its parent it fills (`name`, `body`), if the grammar names one.
    public var field: String?
    public var parent: Int?
    /// Indices into `nodes`, in source order.
    public var children: [Int]
  }

  public let language: SyntaxLanguage
  public let source: [UInt8]
  /// The root first; each node before its children.
  public let nodes: [Node]

  public var root: Node { nodes[0] }

  /// Whether any part of the file did not parse.
  public var hasErrors: Bool { nodes.contains { $0.isError || $0.isMissing } }

  /// The source text of node `index` (invalid UTF-8 repaired, as `String(decoding:)` does).
  public func text(_ index: Int) -> String {
    String(decoding: source[nodes[index].range], as: UTF8.self)
  }

  /// The named children of node `index`.
  public func namedChildren(_ index: Int) -> [Int] { nodes[index].children.filter { nodes[$0].isNamed } }

  /// The child of node `index` that fills `field`, if any.
  public func child(_ index: Int, field: String) -> Int? {
    nodes[index].children.first { nodes[$0].field == field }
  }

  /// The nodes of `kind` below node `index` (itself included), in source order.
  public func descendants(of index: Int = 0, kind: String) -> [Int] {
    var found: [Int] = []
    var pending = [index]
    while let next = pending.popLast() {
      if nodes[next].kind == kind { found.append(next) }
      pending += nodes[next].children.reversed()
    }
    return found
  }
}

/// Parses source text in one language with tree-sitter; made once and reused, one thread at a time.
public final class SyntaxParser {
  public let language: SyntaxLanguage
  private let parser: OpaquePointer
  /// The grammar's node names by symbol, made into Swift strings once each.
  private var kinds: [UInt16: String] = [:]

  public init(_ language: SyntaxLanguage) {
    self.language = language
    parser = ts_parser_new()
    // The vendored grammars' ABI versions are within the runtime's range (scripts/vendor-tree-sitter
    // pins the three together), so this cannot fail for them.
    let accepted = ts_parser_set_language(parser, language.grammar)
    precondition(accepted, "the \(language.rawValue) grammar's ABI is not the runtime's")
  }

  deinit { ts_parser_delete(parser) }

  public func parse(_ text: String) -> SyntaxTree { parse(Array(text.utf8)) }

  public func parse(_ source: [UInt8]) -> SyntaxTree {
    // tree-sitter reads bytes; a NUL inside is a byte like any other (the length is given).
    let parsed = (source.isEmpty ? [0] : source).withUnsafeBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) {
        ts_parser_parse_string(parser, nil, $0.baseAddress, UInt32(source.count))
      }
    }
    // It returns no tree only without a language or when cancelled, neither of which happens here.
    guard let tree = parsed else { preconditionFailure("tree-sitter returned no tree") }
    defer { ts_tree_delete(tree) }
    var cursor = ts_tree_cursor_new(ts_tree_root_node(tree))
    defer { ts_tree_cursor_delete(&cursor) }
    var nodes: [SyntaxTree.Node] = []
    // The current node's index at each depth of the walk.
    var path: [Int] = []
    while true {
      let node = ts_tree_cursor_current_node(&cursor)
      let field = ts_tree_cursor_current_field_name(&cursor).map { String(cString: $0) }
      let index = nodes.count
      let point = ts_node_start_point(node)
      nodes.append(
        SyntaxTree.Node(
          kind: kind(of: node), isNamed: ts_node_is_named(node), isError: ts_node_is_error(node),
          isMissing: ts_node_is_missing(node),
          range: Int(ts_node_start_byte(node))..<Int(ts_node_end_byte(node)),
          start: SourcePosition(line: Int(point.row) + 1, column: Int(point.column) + 1), field: field,
          parent: path.last, children: []))
      if let parent = path.last { nodes[parent].children.append(index) }
      if ts_tree_cursor_goto_first_child(&cursor) {
        path.append(index)
        continue
      }
      // Up until a node has a next sibling; done at the root.
      while !ts_tree_cursor_goto_next_sibling(&cursor) {
        guard ts_tree_cursor_goto_parent(&cursor) else {
          return SyntaxTree(language: language, source: source, nodes: nodes)
        }
        path.removeLast()
      }
    }
  }

  private func kind(of node: TSNode) -> String {
    let symbol = ts_node_symbol(node)
    if let known = kinds[symbol] { return known }
    let name = String(cString: ts_node_type(node))
    kinds[symbol] = name
    return name
  }
}
