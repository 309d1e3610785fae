// The fuzzer compiles the core and this module as one module, without RotationCore.
#if canImport(RotationCore)
  import RotationCore
#endif

/// Conditions the scenario writes as nested ones: `a || b`, `a && b`, and the computed properties
/// code tests by name (`var isFullScreen: Bool { orientationMask.isFullScreen }`, itself an
/// extension of `UIInterfaceOrientationMask` that reads `self == .landscapeLeft || self ==
/// .landscapeRight`), read in place of their name.
indirect enum ConditionTree {
  case one(Condition)
  case all(ConditionTree, ConditionTree)
  case any(ConditionTree, ConditionTree)

  var negated: ConditionTree {
    switch self {
    case .one(.not(let inner)): return .one(inner)
    case .one(let condition): return .one(.not(condition))
    case .all(let a, let b): return .any(a.negated, b.negated)
    case .any(let a, let b): return .all(a.negated, b.negated)
    }
  }

  /// The tree as nested tests: `a && b` runs `then` when both hold, `a || b` when either does.
  func fold<R>(then: R, else otherwise: R, _ test: (Condition, R, R) -> R) -> R {
    switch self {
    case .one(let condition): return test(condition, then, otherwise)
    case .all(let a, let b):
      return a.fold(then: b.fold(then: then, else: otherwise, test), else: otherwise, test)
    case .any(let a, let b): return a.fold(then: then, else: b.fold(then: then, else: otherwise, test), test)
    }
  }

  var names: [String] {
    switch self {
    case .one(let condition): return condition.names
    case .all(let a, let b), .any(let a, let b): return a.names + b.names
    }
  }
}

extension CodeConditions {
  /// The condition `written` says, with `&&`, `||`, `!` over them and computed properties read in
  /// place; nil when a part is one the scenario cannot say.
  func tree(_ written: [SourceToken], depth: Int = 0) -> ConditionTree? {
    guard depth < 8 else { return nil }
    let tokens = CodeStatements.unwrapped(inlineComputed(written))
    guard !tokens.isEmpty else { return nil }
    for (operator_, make) in [("||", ConditionTree.any), ("&&", ConditionTree.all)] {
      guard let at = CodeStatements.topLevel(tokens, operator_).first else { continue }
      guard let left = tree(Array(tokens[..<at]), depth: depth + 1),
        let right = tree(Array(tokens[(at + 1)...]), depth: depth + 1)
      else { return nil }
      return make(left, right)
    }
    if tokens[0].is("!"), tokens.count > 1, tokens[1].is("(") {
      return tree(Array(tokens.dropFirst()), depth: depth + 1)?.negated
    }
    return parse(tokens, depth: depth).map(ConditionTree.one)
  }

  /// `tokens` with each computed property of the code's class (`isFullScreen`, `self.isFullScreen`)
  /// and of an orientation type's extension (`orientationMask.isFullScreen`) replaced by what its
  /// getter returns, in parentheses.
  func inlineComputed(_ tokens: [SourceToken], depth: Int = 0) -> [SourceToken] {
    guard depth < 4 else { return tokens }
    var result: [SourceToken] = []
    var changed = false
    var index = 0
    while index < tokens.count {
      let token = tokens[index]
      let called = index + 1 < tokens.count && tokens[index + 1].is("(")
      guard token.kind == .identifier, !called else {
        result.append(token)
        index += 1
        continue
      }
      let afterDot = result.last?.is(".") == true
      let onSelf = afterDot && result.count >= 2 && result[result.count - 2].is("self")
      if !afterDot || onSelf, let getter = computed(token.text) {
        if onSelf { result.removeLast(2) }
        result += Self.parenthesized(getter, line: token.line)
        changed = true
      } else if afterDot, let getter = valueComputed(token.text) {
        // The receiver: the names and dots before (`self.orientationMask`, `mask`).
        var start = result.count - 1
        while start > 0, result[start - 1].kind == .identifier || result[start - 1].is(".") { start -= 1 }
        let receiver = Array(result[start..<(result.count - 1)])
        guard !receiver.isEmpty else {
          result.append(token)
          index += 1
          continue
        }
        result.removeLast(result.count - start)
        result += Self.parenthesized(getter.flatMap { $0.is("self") ? receiver : [$0] }, line: token.line)
        changed = true
      } else {
        result.append(token)
      }
      index += 1
    }
    return changed ? inlineComputed(result, depth: depth + 1) : result
  }

  static func parenthesized(_ tokens: [SourceToken], line: Int) -> [SourceToken] {
    [SourceToken(kind: .punctuation, text: "(", line: line)] + tokens
      + [SourceToken(kind: .punctuation, text: ")", line: line)]
  }

  /// What a computed property's getter returns, when it is one expression (`return E` or `E`).
  static func returned(_ getter: [SourceToken]?) -> [SourceToken]? {
    guard var tokens = getter, !tokens.isEmpty else { return nil }
    if tokens.first?.is("return") == true { tokens.removeFirst() }
    while tokens.last?.is(";") == true { tokens.removeLast() }
    let reserved = ["return", "let", "var", "if", "guard", "switch", "{", ";"]
    guard !tokens.isEmpty, !tokens.contains(where: { reserved.contains($0.text) }) else { return nil }
    return tokens
  }
}
