#if canImport(RotationSyntax)
  import RotationSyntax
#endif

/// Swift expressions lowered.
extension CodeLowering {
  /// Swift's precedence groups for the operators orientation code uses (higher binds tighter);
  /// `??` is right-associative.
  static let swiftPrecedence: [String: Int] = [
    "<<": 160, ">>": 160, "*": 150, "/": 150, "%": 150, "&": 150, "+": 140, "-": 140, "|": 140, "^": 140,
    "..<": 135,
    "...": 135, "??": 131, "==": 130, "!=": 130, "<": 130, ">": 130, "<=": 130, ">=": 130, "===": 130,
    "!==": 130, "~=": 130, "&&": 120, "||": 110,
  ]

  static let swiftBinaryKinds: Set<String> = [
    "additive_expression", "multiplicative_expression", "comparison_expression", "equality_expression",
    "conjunction_expression", "disjunction_expression", "nil_coalescing_expression", "infix_expression",
    "range_expression", "bitwise_operation",
  ]

  func swiftExpression(_ node: Int) -> CodeExpression {
    deeper { swiftExpressionKind(node) } ?? .unknown(Self.tooDeep)
  }

  private func swiftExpressionKind(_ node: Int) -> CodeExpression {
    switch kind(node) {
    case "simple_identifier", "identifier": return .name(text(node))
    case "self_expression": return .name("self")
    case "super_expression": return .name("super")
    case "integer_literal", "hex_literal", "bin_literal", "oct_literal":
      return Self.integer(text(node)).map(CodeExpression.int) ?? unknown(node)
    case "boolean_literal": return .bool(text(node) == "true")
    case "nil_literal": return .null
    case "line_string_literal":
      // An interpolated string is kept as written: the model reads strings only as keys
      // (`forKey: "orientation"`), never an interpolation's value.
      return .string(named(node).map(text).joined())
    case "prefix_expression": return swiftPrefix(node)
    case "postfix_expression":
      // `x!`, `x?`: the value itself (nil stays nil; a forced nil is not modelled as a crash).
      return field(node, "target").map(swiftExpression) ?? unknown(node)
    case "navigation_expression":
      guard let suffix = field(node, "suffix"), let name = field(suffix, "suffix") ?? named(suffix).first
      else { return unknown(node) }
      guard let target = field(node, "target") else { return .implicit(text(name)) }
      return .member(swiftExpression(target), text(name))
    case "call_expression": return swiftCall(node)
    case "tuple_expression":
      let values = fields(node, "value")
      return values.count == 1 ? swiftExpression(values[0]) : unknown(node)
    case "ternary_expression":
      guard let condition = field(node, "condition"), let yes = field(node, "if_true"),
        let no = field(node, "if_false")
      else { return unknown(node) }
      return .ternary(swiftExpression(condition), swiftExpression(yes), swiftExpression(no))
    case "array_literal": return .array(fields(node, "element").map(swiftExpression))
    case "as_expression":
      guard let value = field(node, "expr"), let type = field(node, "name") else { return unknown(node) }
      let op = named(node).first { kind($0) == "as_operator" }.map(text) ?? "as"
      return .cast(swiftExpression(value), type: text(type), op == "as?" ? .optional : .forced)
    case "check_expression":
      guard let value = field(node, "target"), let type = field(node, "name") else { return unknown(node) }
      return .cast(swiftExpression(value), type: text(type), .check)
    case "lambda_literal": return swiftClosure(node)
    case "selector_expression":
      // `#selector(canRotate)`, `#selector(Foo.bar(_:))`, `#selector(getter: Foo.bar)`: the
      // method's base name (the labels in its parentheses are not it).
      var inside = Substring(text(node))
      if let open = inside.firstIndex(of: "(") { inside = inside[inside.index(after: open)...] }
      if let colon = inside.firstIndex(of: ":"), inside[..<colon].allSatisfy({ $0.isLetter }),
        ["getter", "setter"].contains(String(inside[..<colon]))
      {
        inside = inside[inside.index(after: colon)...]
      }
      let path = inside.prefix { $0 != "(" && $0 != ")" }
      let name = path.split(separator: ".").last.map { String($0.filter { !$0.isWhitespace }) } ?? ""
      return .string(name)
    case "try_expression", "await_expression", "parenthesized_expression":
      return named(node).last.map(swiftExpression) ?? unknown(node)
    case let binary where Self.swiftBinaryKinds.contains(binary):
      var operands: [CodeExpression] = []
      var operators: [String] = []
      flatten(node, &operands, &operators)
      guard operands.count == operators.count + 1 else { return unknown(node) }
      var position = 0
      return climb(operands, operators, &position, minimum: 0)
    default:
      return unknown(node)
    }
  }

  /// `.portrait`, `!x`, `-1`.
  private func swiftPrefix(_ node: Int) -> CodeExpression {
    guard let target = field(node, "target") else { return unknown(node) }
    let op = field(node, "operation").map(text) ?? tokens(node).first ?? ""
    if op == "." { return kind(target) == "simple_identifier" ? .implicit(text(target)) : unknown(node) }
    return op.isEmpty || op == "&" ? swiftExpression(target) : .unary(op, swiftExpression(target))
  }

  /// `f(x)`, `a.b(x:)`, `a[0]`, `{ … }()`, a trailing closure as the last argument.
  private func swiftCall(_ node: Int) -> CodeExpression {
    let children = named(node)
    guard let callee = children.first, let suffix = children.last, kind(suffix) == "call_suffix" else {
      return unknown(node)
    }
    var arguments: [CodeArgument] = []
    var subscripted = false
    var trailingLabel: String?
    for part in named(suffix) {
      if kind(part) == "value_arguments" {
        subscripted = tokens(part).first == "["
        for argument in named(part) where kind(argument) == "value_argument" {
          let label = field(argument, "name").map { named($0).first.map(text) ?? text($0) }
          guard let value = field(argument, "value") else { continue }
          arguments.append(CodeArgument(label: label, value: swiftExpression(value)))
        }
      } else if kind(part) == "lambda_literal" {
        // A trailing closure after the first is labelled (`completion: { … }`).
        arguments.append(CodeArgument(label: trailingLabel, value: swiftClosure(part)))
        trailingLabel = nil
      } else if tree.nodes[part].field == "name" {
        trailingLabel = text(part)
      }
    }
    if subscripted, let index = arguments.first { return .subscripted(swiftExpression(callee), index.value) }
    switch kind(callee) {
    case "simple_identifier": return .call(nil, text(callee), arguments)
    case "navigation_expression":
      guard let suffix = field(callee, "suffix"), let name = field(suffix, "suffix") ?? named(suffix).first
      else { return unknown(node) }
      return .call(field(callee, "target").map(swiftExpression), text(name), arguments)
    case "prefix_expression" where (field(callee, "operation").map(text) ?? tokens(callee).first) == ".":
      // `.iOS(interfaceOrientations:)`: an implicit member called.
      guard let target = field(callee, "target") else { return unknown(node) }
      return .call(.implicit("Self"), text(target), arguments)
    case "lambda_literal": return .invoke(swiftClosure(callee))
    case "bang" where arguments.count == 1 && arguments[0].label == nil:
      // `!(a ?? b)`: the grammar reads the parentheses as a call of `!`.
      return .unary("!", arguments[0].value)
    default: return .call(swiftExpression(callee), "()", arguments)
    }
  }

  private func swiftClosure(_ node: Int) -> CodeExpression {
    var parameters: [String] = []
    if let type = field(node, "type") {
      parameters = tree.descendants(of: type, kind: "lambda_parameter").compactMap {
        field($0, "name").map(text)
      }
    }
    let body = named(node).first { kind($0) == "statements" }
    return .closure(parameters: parameters, body: swiftStatements(body))
  }

  /// A chain of binary operators, operands and operators in source order (parentheses, being
  /// tuple expressions, end a chain).
  private func flatten(_ node: Int, _ operands: inout [CodeExpression], _ operators: inout [String]) {
    let lhs = field(node, "lhs") ?? field(node, "value") ?? field(node, "start")
    let rhs = field(node, "rhs") ?? field(node, "if_nil") ?? field(node, "end")
    guard Self.swiftBinaryKinds.contains(kind(node)), let lhs, let rhs else {
      operands.append(swiftExpression(node))
      return
    }
    let op =
      field(node, "op").map(text)
      ?? tree.nodes[node].children.first { !tree.nodes[$0].isNamed && tree.nodes[$0].field != nil }.map(text)
      ?? tokens(node).first ?? "?"
    guard
      deeper({ () -> Bool in
        flatten(lhs, &operands, &operators)
        operators.append(op)
        flatten(rhs, &operands, &operators)
        return true
      }) != nil
    else {
      operands.append(.unknown(Self.tooDeep))
      return
    }
  }

  /// Precedence climbing over a flattened chain.
  private func climb(
    _ operands: [CodeExpression], _ operators: [String], _ position: inout Int, minimum: Int
  ) -> CodeExpression {
    var left = operands[position]
    while position < operators.count {
      let op = operators[position]
      let precedence = Self.swiftPrecedence[op] ?? 100
      guard precedence >= minimum else { break }
      position += 1
      let next = op == "??" ? precedence : precedence + 1
      let right = climb(operands, operators, &position, minimum: next)
      left = .binary(op, left, right)
    }
    return left
  }
}
