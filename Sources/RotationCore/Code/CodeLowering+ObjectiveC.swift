#if canImport(RotationSyntax)
  import RotationSyntax
#endif

/// Objective-C's syntax (tree-sitter-objc 3.0.2, a C grammar with messages, literals and blocks)
/// lowered. A message `[r a:x b:y]` becomes the call `a` with arguments labelled `nil` and `b`, the
/// shape Swift gives `r.a(x, b: y)`; `[r name]` without arguments stays a call, which the run
/// reads as the getter when the receiver has that property.
extension CodeLowering {
  func objcStatements(_ node: Int) -> [CodeStatement] {
    if kind(node) == "compound_statement" { return named(node).compactMap { objcStatement($0) } }
    return objcStatement(node).map { [$0] } ?? []
  }

  func objcStatement(_ node: Int) -> CodeStatement? {
    deeper { objcStatementKind(node) } ?? CodeStatement(.unknown(Self.tooDeep), line: line(node))
  }

  private func objcStatementKind(_ node: Int) -> CodeStatement? {
    let at = line(node)
    func made(_ kind: CodeStatement.Kind) -> CodeStatement { CodeStatement(kind, line: at) }
    switch kind(node) {
    case "comment": return nil
    case "compound_statement": return made(.block(objcStatements(node)))
    case "expression_statement":
      guard let inner = named(node).first else { return nil }
      return objcExpressionStatement(inner).map(made)
    case "declaration":
      var last: CodeStatement?
      var declared: [CodeStatement] = []
      for declarator in fields(node, "declarator") {
        let value =
          kind(declarator) == "init_declarator" ? field(declarator, "value").map(objcExpression) : nil
        let name = objcDeclaredName(
          kind(declarator) == "init_declarator" ? field(declarator, "declarator") : declarator)
        last = made(.declare(name ?? "_", value))
        declared.append(last!)
      }
      return declared.count == 1 ? last : made(.block(declared))
    case "return_statement": return made(.returns(named(node).first.map(objcExpression)))
    case "break_statement": return made(.breaks)
    case "continue_statement": return made(.continues)
    case "if_statement":
      let condition = field(node, "condition").map(objcExpression) ?? unknown(node)
      let then = field(node, "consequence").map(objcStatements) ?? []
      var otherwise: [CodeStatement] = []
      if let alternative = field(node, "alternative") {
        otherwise = named(alternative).flatMap { objcStatements($0) }
        if kind(alternative) != "else_clause" { otherwise = objcStatements(alternative) }
      }
      return made(.branch([.test(condition)], then: then, else: otherwise))
    case "switch_statement": return made(objcSwitch(node))
    case "while_statement":
      let condition = field(node, "condition").map(objcExpression) ?? unknown(node)
      return made(.repeatWhile([.test(condition)], field(node, "body").map(objcStatements) ?? []))
    case "for_statement":
      // Fast enumeration: `for (Type *name in collection) body`; a C loop is not followed.
      guard tokens(node).contains("in") else { return made(.unknown(Self.squeezed(text(node)))) }
      let parts = named(node).filter { tree.nodes[$0].field == nil || tree.nodes[$0].field == "body" }
      let declared = parts.first { ["pointer_declarator", "identifier"].contains(kind($0)) }
      let name = objcDeclaredName(declared) ?? "_"
      let body = field(node, "body") ?? parts.last
      let collection = parts.dropLast().last { $0 != declared && kind($0) != "type_identifier" }
      return made(
        .loop(
          name, in: collection.map(objcExpression) ?? unknown(node), where: nil,
          body.map(objcStatements) ?? []))
    case "labeled_statement", "goto_statement", "do_statement", "function_definition":
      return made(.unknown(Self.squeezed(text(node))))
    default:
      return made(.expression(objcExpression(node)))
    }
  }

  /// An expression statement: an assignment, `i++`, or an expression run for its effect.
  private func objcExpressionStatement(_ node: Int) -> CodeStatement.Kind? {
    switch kind(node) {
    case "assignment_expression":
      guard let left = field(node, "left"), let right = field(node, "right") else {
        return .unknown(Self.squeezed(text(node)))
      }
      let op = tokens(node).first ?? "="
      return .assign(
        objcExpression(left), operator: op == "=" ? nil : String(op.dropLast()), objcExpression(right))
    case "update_expression":
      guard let argument = field(node, "argument") else { return .unknown(Self.squeezed(text(node))) }
      let op = tokens(node).first ?? "++"
      return .assign(objcExpression(argument), operator: op == "++" ? "+" : "-", .int(1))
    default:
      return .expression(objcExpression(node))
    }
  }

  /// The name a declarator declares (`*name`, `name`, `name[3]`).
  private func objcDeclaredName(_ node: Int?) -> String? {
    guard var node else { return nil }
    while kind(node) != "identifier" {
      guard let inner = field(node, "declarator") ?? named(node).first else { return nil }
      node = inner
    }
    return text(node)
  }

  /// C's `switch`: the cases are siblings in the body, each followed by its statements, and an
  /// arm runs on into the next until a `break`.
  private func objcSwitch(_ node: Int) -> CodeStatement.Kind {
    let subject = field(node, "condition").map(objcExpression) ?? unknown(node)
    var cases: [CodeCase] = []
    let body = field(node, "body").map(named) ?? []
    for entry in body {
      guard kind(entry) == "case_statement" else {
        // A statement after the cases' own (rare): it belongs to the last arm.
        if !cases.isEmpty, let statement = objcStatement(entry) {
          cases[cases.count - 1].body.append(statement)
        }
        continue
      }
      let value = field(entry, "value")
      var arm = CodeCase(
        patterns: value.map { [objcExpression($0)] } ?? [], binding: nil, guardedBy: nil, body: [])
      arm.body = named(entry).filter { $0 != value }.flatMap { objcStatements($0) }
      cases.append(arm)
    }
    return .select(subject, cases, fallsThrough: true)
  }

  func objcExpression(_ node: Int) -> CodeExpression {
    deeper { objcExpressionKind(node) } ?? .unknown(Self.tooDeep)
  }

  private func objcExpressionKind(_ node: Int) -> CodeExpression {
    switch kind(node) {
    case "identifier", "field_identifier":
      switch text(node) {
      case "YES", "TRUE", "true": return .bool(true)
      case "NO", "FALSE", "false": return .bool(false)
      case "nil", "Nil", "NULL": return .null
      default: return .name(text(node))
      }
    case "self": return .name("self")
    case "super": return .name("super")
    case "true": return .bool(true)
    case "false": return .bool(false)
    case "null", "nil": return .null
    case "number_literal": return Self.integer(text(node)).map(CodeExpression.int) ?? unknown(node)
    case "string_literal":
      let parts = named(node)
      guard parts.allSatisfy({ kind($0) == "string_content" }) else { return unknown(node) }
      return .string(parts.map(text).joined())
    case "concatenated_string": return unknown(node)
    case "at_expression", "parenthesized_expression", "pointer_expression":
      return named(node).first.map(objcExpression) ?? unknown(node)
    case "cast_expression":
      return field(node, "value").map(objcExpression) ?? unknown(node)
    case "field_expression":
      guard let argument = field(node, "argument"), let name = field(node, "field") else {
        return unknown(node)
      }
      return .member(objcExpression(argument), text(name))
    case "message_expression": return objcMessage(node)
    case "call_expression":
      guard let function = field(node, "function") else { return unknown(node) }
      let arguments = field(node, "arguments").map(named) ?? []
      let values = arguments.map { CodeArgument(label: nil, value: objcExpression($0)) }
      if kind(function) == "identifier" { return .call(nil, text(function), values) }
      return .call(objcExpression(function), "()", values)
    case "subscript_expression":
      guard let argument = field(node, "argument"), let index = field(node, "index") else {
        return unknown(node)
      }
      return .subscripted(objcExpression(argument), objcExpression(index))
    case "binary_expression":
      guard let left = field(node, "left"), let right = field(node, "right") else { return unknown(node) }
      return .binary(tokens(node).first ?? "?", objcExpression(left), objcExpression(right))
    case "unary_expression":
      guard let argument = field(node, "argument") else { return unknown(node) }
      return .unary(tokens(node).first ?? "?", objcExpression(argument))
    case "conditional_expression":
      guard let condition = field(node, "condition"), let no = field(node, "alternative") else {
        return unknown(node)
      }
      // `a ?: b` has no consequence: the condition's own value.
      let yes = field(node, "consequence").map(objcExpression) ?? objcExpression(condition)
      return .ternary(objcExpression(condition), yes, objcExpression(no))
    case "array_literal": return .array(named(node).map(objcExpression))
    case "block_literal":
      let parameters = tree.descendants(of: node, kind: "parameter_declaration").compactMap { parameter in
        field(parameter, "declarator").flatMap { objcDeclaredName($0) }
      }
      let body = named(node).last { kind($0) == "compound_statement" }
      return .closure(parameters: parameters, body: body.map(objcStatements) ?? [])
    case "available_expression":
      // `@available(iOS 16.0, *)`: the major version, tested as Swift's `#available` is.
      let version = tree.descendants(of: node, kind: "version_number").first.map(text) ?? "0"
      let major = Self.integer(String(version.prefix { $0 != "." })) ?? 0
      return .call(nil, "#available", [CodeArgument(label: nil, value: .int(major))])
    case "selector_expression":
      // `@selector(setOrientation:)`: the selector's text between the parentheses.
      let written = text(node)
      let inside = written.drop { $0 != "(" }.dropFirst().prefix { $0 != ")" }
      return .string(inside.filter { !$0.isWhitespace })
    default:
      return unknown(node)
    }
  }

  /// `[receiver first:a second:b]` → the call `first` with the labels `nil`, `second`.
  private func objcMessage(_ node: Int) -> CodeExpression {
    guard let receiver = field(node, "receiver") else { return unknown(node) }
    var name: String?
    var arguments: [CodeArgument] = []
    var label: String?
    for child in named(node) where child != receiver {
      if tree.nodes[child].field == "method" {
        if name == nil { name = text(child) } else { label = text(child) }
        continue
      }
      arguments.append(CodeArgument(label: arguments.isEmpty ? nil : label, value: objcExpression(child)))
      label = nil
    }
    guard let name else { return unknown(node) }
    return .call(objcExpression(receiver), name, arguments)
  }
}
