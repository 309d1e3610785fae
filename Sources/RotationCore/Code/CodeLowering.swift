#if canImport(RotationSyntax)
  import RotationSyntax
#endif

/// Lowers a body's syntax tree into `CodeProgram`: one form for both languages. The body is parsed
/// inside a function written around it (`func __body() {` … `}`), so a `return` is where a parser
/// expects one and the body's first line is the tree's second.
struct CodeLowering {
  let tree: SyntaxTree
  /// How deep the lowering is in the tree: code nested deeper than `maxNesting` is cut (an
  /// `unknown` the run reports), so hostile nesting cannot overflow the stack.
  let depth = Depth()

  final class Depth {
    var value = 0
  }

  static let maxNesting = 100
  /// What a cut says in place of the code.
  static let tooDeep = "code nested more than \(maxNesting) levels deep"

  /// Runs `lower` one level deeper, or gives nil past the bound.
  func deeper<T>(_ lower: () -> T) -> T? {
    guard depth.value < Self.maxNesting else { return nil }
    depth.value += 1
    defer { depth.value -= 1 }
    return lower()
  }

  /// Lowers `body`, parsing it with `parser` (of the body's language).
  static func program(_ body: CodeBody, parser: SyntaxParser) -> CodeProgram {
    let wrapped =
      body.language == .swift
      ? "func __body() {\n\(body.source)\n}\n" : "void __body(void) {\n\(body.source)\n}\n"
    let tree = parser.parse(wrapped)
    let lowering = CodeLowering(tree: tree)
    let error = tree.nodes.first { $0.isError || $0.isMissing }.map { max(1, $0.start.line - 1) }
    let kind = body.language == .swift ? "function_body" : "compound_statement"
    guard let outer = tree.descendants(kind: kind).first else {
      return CodeProgram(statements: [], syntaxError: error ?? 1)
    }
    let statements =
      body.language == .swift
      ? lowering.swiftStatements(tree.namedChildren(outer).first { tree.nodes[$0].kind == "statements" })
      : lowering.objcStatements(outer)
    return CodeProgram(statements: statements, syntaxError: error)
  }

  /// The parsers a scenario's bodies need, made once per scenario load.
  final class Parsers {
    private var parsers: [CodeLanguage: SyntaxParser] = [:]

    func parser(_ language: CodeLanguage) -> SyntaxParser {
      if let made = parsers[language] { return made }
      let made = SyntaxParser(language == .swift ? .swift : .objectiveC)
      parsers[language] = made
      return made
    }
  }

  // MARK: - Shared

  func kind(_ node: Int) -> String { tree.nodes[node].kind }
  func text(_ node: Int) -> String { tree.text(node) }
  /// The line inside the body (the wrapper's first line is not the body's).
  func line(_ node: Int) -> Int { max(1, tree.nodes[node].start.line - 1) }
  func named(_ node: Int) -> [Int] { tree.namedChildren(node) }
  func field(_ node: Int, _ name: String) -> Int? { tree.child(node, field: name) }
  /// The fields of that name, in order.
  func fields(_ node: Int, _ name: String) -> [Int] {
    tree.nodes[node].children.filter { tree.nodes[$0].field == name }
  }
  /// The anonymous tokens among the children (operators, keywords).
  func tokens(_ node: Int) -> [String] {
    tree.nodes[node].children.filter { !tree.nodes[$0].isNamed }.map { text($0) }
  }

  func unknown(_ node: Int) -> CodeExpression { .unknown(Self.squeezed(text(node))) }

  /// A node's text on one line, shortened: what a report can quote.
  static func squeezed(_ text: String) -> String {
    let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
    let line = words.joined(separator: " ")
    return line.count > 80 ? String(line.prefix(77)) + "…" : line
  }

  /// An integer literal in either language: decimal, hex, octal, binary, with `_` or a C suffix.
  static func integer(_ text: String) -> Int? {
    var digits = String(text.filter { $0 != "_" }).lowercased()
    while let last = digits.last, "ul".contains(last), digits.count > 1 { digits.removeLast() }
    if digits.hasPrefix("0x") { return Int(digits.dropFirst(2), radix: 16) }
    if digits.hasPrefix("0b") { return Int(digits.dropFirst(2), radix: 2) }
    if digits.hasPrefix("0o") { return Int(digits.dropFirst(2), radix: 8) }
    return Int(digits)
  }
}
