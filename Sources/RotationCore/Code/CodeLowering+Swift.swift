#if canImport(RotationSyntax)
  import RotationSyntax
#endif

/// Swift's syntax (tree-sitter-swift 0.7.4's node kinds) lowered. The grammar nests binary
/// operators without Swift's precedence in places (`x == nil || y != .a` comes out as
/// `x == (nil || …)`), so a chain of binary operators is flattened and rebuilt here with the
/// standard library's precedence groups.
extension CodeLowering {
  func swiftStatements(_ node: Int?) -> [CodeStatement] {
    guard let node else { return [] }
    return named(node).compactMap { swiftStatement($0) }
  }

  /// The statements a `statements` child of `node` holds, among the children in `range`.
  private func swiftBlock(_ children: ArraySlice<Int>) -> [CodeStatement] {
    swiftStatements(children.first { kind($0) == "statements" })
  }

  func swiftStatement(_ node: Int) -> CodeStatement? {
    deeper { swiftStatementKind(node) } ?? CodeStatement(.unknown(Self.tooDeep), line: line(node))
  }

  private func swiftStatementKind(_ node: Int) -> CodeStatement? {
    let at = line(node)
    func made(_ kind: CodeStatement.Kind) -> CodeStatement { CodeStatement(kind, line: at) }
    switch kind(node) {
    case "comment", "multiline_comment": return nil
    case "control_transfer_statement":
      let keyword = tokens(node).first ?? ""
      switch keyword {
      case "return": return made(.returns(field(node, "result").map(swiftExpression)))
      case "break": return made(.breaks)
      case "continue": return made(.continues)
      default: return made(.unknown(Self.squeezed(text(node))))
      }
    case "property_declaration":
      guard let pattern = field(node, "name"),
        let bound = field(pattern, "bound_identifier") ?? named(pattern).first
      else { return made(.unknown(Self.squeezed(text(node)))) }
      return made(
        .declare(text(bound), (field(node, "value") ?? field(node, "computed_value")).map(swiftExpression)))
    case "assignment":
      guard let target = field(node, "target"), let result = field(node, "result") else {
        return made(.unknown(Self.squeezed(text(node))))
      }
      let assignee = named(target).first ?? target
      let op = tokens(node).first { $0.hasSuffix("=") } ?? "="
      return made(
        .assign(
          swiftExpression(assignee), operator: op == "=" ? nil : String(op.dropLast()),
          swiftExpression(result)))
    case "if_statement": return made(swiftIf(node))
    case "guard_statement":
      let children = tree.nodes[node].children
      let elseAt = children.firstIndex(where: isElse) ?? children.endIndex
      return made(.guarded(swiftConditions(node), else: swiftBlock(children[elseAt...])))
    case "switch_statement": return made(swiftSwitch(node))
    case "for_statement":
      let item = field(node, "item").map { field($0, "bound_identifier").map(text) ?? text($0) } ?? "_"
      let filter = named(node).first { kind($0) == "where_clause" }.flatMap { named($0).last }
      return made(
        .loop(
          item, in: field(node, "collection").map(swiftExpression) ?? .unknown("for"),
          where: filter.map(swiftExpression), swiftBlock(tree.nodes[node].children[...])))
    case "while_statement":
      return made(.repeatWhile(swiftConditions(node), swiftBlock(tree.nodes[node].children[...])))
    case "do_statement":
      return made(.block(swiftBlock(tree.nodes[node].children[...])))
    case "simple_identifier" where text(node) == "fallthrough":
      return made(.fallsThrough)
    case "infix_expression":
      // `m |= 3` parses as an infix expression with a custom operator.
      if let op = field(node, "op").map(text), op.count >= 2, op.hasSuffix("="),
        !["==", "!=", "<=", ">="].contains(op),
        let lhs = field(node, "lhs"), let rhs = field(node, "rhs")
      {
        return made(.assign(swiftExpression(lhs), operator: String(op.dropLast()), swiftExpression(rhs)))
      }
      return made(.expression(swiftExpression(node)))
    case "function_declaration", "class_declaration", "protocol_declaration", "typealias_declaration":
      return made(.unknown(Self.squeezed(text(node))))
    default:
      return made(.expression(swiftExpression(node)))
    }
  }

  /// An `if`'s conditions and branches; `else if` is an `if` in the else branch.
  /// The `else` of an `if` or `guard`: a named node of its own in this grammar, plain text in others.
  private func isElse(_ node: Int) -> Bool { kind(node) == "else" || text(node) == "else" }

  private func swiftIf(_ node: Int) -> CodeStatement.Kind {
    let children = tree.nodes[node].children
    let elseAt = children.firstIndex(where: isElse) ?? children.endIndex
    let then = swiftBlock(children[..<elseAt])
    var otherwise: [CodeStatement] = []
    if elseAt < children.endIndex {
      let rest = children[(elseAt + 1)...]
      if let nested = rest.first(where: { kind($0) == "if_statement" }) {
        // `else if`: a statement of its own, under the lowering's depth bound as any other.
        otherwise = [
          deeper { CodeStatement(swiftIf(nested), line: line(nested)) }
            ?? CodeStatement(.unknown(Self.tooDeep), line: line(nested))
        ]
      } else {
        otherwise = swiftBlock(rest)
      }
    }
    return .branch(swiftConditions(node), then: then, else: otherwise)
  }

  /// The conditions of an `if`, `guard` or `while`, in order: `let x = e` is a binding pattern,
  /// then the bound identifier, then the value, each a child of its own.
  private func swiftConditions(_ node: Int) -> [CodeCondition] {
    var conditions: [CodeCondition] = []
    var binding: String?
    var expectsName = false
    for child in tree.nodes[node].children {
      let field = tree.nodes[child].field
      if kind(child) == "statements" || isElse(child) { break }
      if field == "bound_identifier" {
        binding = text(child)
        continue
      }
      // `=` between the name and the value is a token of the condition too: not an expression.
      guard field == "condition", tree.nodes[child].isNamed else { continue }
      switch kind(child) {
      case "value_binding_pattern":
        // Swift 5.7's `if let top {`: a name with no value binds the name's own value.
        if let name = binding, expectsName { conditions.append(.bind(name, .name(name))) }
        binding = nil
        expectsName = true
      case "availability_condition":
        let version = named(child).first { kind($0) == "integer_literal" }.flatMap { Self.integer(text($0)) }
        conditions.append(.available(version ?? 0))
      default:
        if let name = binding, expectsName {
          conditions.append(.bind(name, swiftExpression(child)))
        } else {
          conditions.append(.test(swiftExpression(child)))
        }
        binding = nil
        expectsName = false
      }
    }
    if let name = binding, expectsName { conditions.append(.bind(name, .name(name))) }
    return conditions
  }

  private func swiftSwitch(_ node: Int) -> CodeStatement.Kind {
    let subject = field(node, "expr").map(swiftExpression) ?? .unknown("switch")
    var cases: [CodeCase] = []
    for entry in named(node) where kind(entry) == "switch_entry" {
      var arm = CodeCase(patterns: [], binding: nil, guardedBy: nil, body: [])
      var afterWhere = false
      for child in named(entry) {
        switch kind(child) {
        case "switch_pattern":
          let pattern = named(child).first ?? child
          // `case is PlayerVC:` and `case let p as PlayerVC:`: a test of the subject's class.
          let typeTest = field(pattern, "name").flatMap { kind($0) == "user_type" ? text($0) : nil }.map {
            CodeExpression.cast(.name(CodeCase.subjectName), type: $0, .check)
          }
          if let binding = named(pattern).first(where: { kind($0) == "value_binding_pattern" }) {
            arm.binding = field(binding, "bound_identifier").map(text) ?? named(binding).first.map(text)
            if arm.binding == nil {
              arm.binding =
                (field(pattern, "bound_identifier")
                ?? named(pattern).compactMap { field($0, "bound_identifier") }.first).map(text)
            }
            if let typeTest { arm.patterns.append(typeTest) }
          } else if let typeTest {
            arm.patterns.append(typeTest)
          } else {
            arm.patterns.append(swiftPattern(pattern))
          }
        case "where_keyword": afterWhere = true
        case "statements": arm.body = swiftStatements(child)
        case "default_keyword": break
        default:
          if afterWhere { arm.guardedBy = swiftExpression(child) }
        }
      }
      cases.append(arm)
    }
    return .select(subject, cases, fallsThrough: false)
  }

  /// A case pattern: `.a` (a bare identifier inside a pattern is Swift's implicit member), a
  /// literal, a qualified constant.
  private func swiftPattern(_ pattern: Int) -> CodeExpression {
    let inner = named(pattern)
    if inner.count == 1, kind(inner[0]) == "simple_identifier", text(pattern).hasPrefix(".") {
      return .implicit(text(inner[0]))
    }
    if inner.count == 1 { return swiftExpression(inner[0]) }
    return kind(pattern) == "pattern" && inner.isEmpty
      ? unknown(pattern) : swiftExpression(inner.first ?? pattern)
  }
}
