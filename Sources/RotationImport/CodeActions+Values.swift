// The fuzzer compiles the core and this module as one module, without RotationCore.
#if canImport(RotationCore)
  import RotationCore
#endif

/// Values the app computes with its own helpers: a function that answers by a `switch` over its one
/// parameter (`convertMaskToDeviceOrientation(_:)`: `case .landscapeLeft: return .landscapeRight`),
/// called with a literal, is the literal its case returns. Real apps convert between
/// `UIInterfaceOrientationMask`, `UIInterfaceOrientation` and `UIDeviceOrientation` this way before
/// they force.
extension CodeActions {
  /// The device orientation a KVC forcing call sets, by raw value: `UIInterfaceOrientation.landscapeRight`
  /// is 3, which UIDevice reads as `UIDeviceOrientationLandscapeLeft`.
  mutating func forcing(_ written: [SourceToken], line: Int) {
    let tokens = expand(written)
    let texts = tokens.map(\.text)
    if texts.contains("preferredInterfaceOrientationForPresentation") {
      actions.append(.setDeviceOrientation(.selfPreferred))
      return
    }
    for (index, token) in tokens.enumerated() where token.kind == .identifier {
      var written: (type: String, name: String)?
      for type in ["UIInterfaceOrientation", "UIDeviceOrientation"] {
        if token.text == type, index + 2 < tokens.count, tokens[index + 1].is("."),
          tokens[index + 2].kind == .identifier
        {
          written = (type, tokens[index + 2].text)
        } else if token.text.hasPrefix(type), token.text.count > type.count,
          !token.text.hasPrefix(type + "Mask")
        {
          let rest = token.text.dropFirst(type.count)
          written = (type, rest.prefix(1).lowercased() + rest.dropFirst())
        }
      }
      guard var written else { continue }
      // Swift 2 wrote the cases capitalized (`UIInterfaceOrientation.Portrait`).
      written.name = written.name.prefix(1).lowercased() + written.name.dropFirst()
      let raw: Int?
      if written.type == "UIInterfaceOrientation" {
        raw = InterfaceOrientation(name: written.name)?.rawValue
      } else {
        raw = DeviceOrientation(name: written.name)?.rawValue
      }
      guard let raw, let device = DeviceOrientation(rawValue: raw) else { continue }
      actions.append(.setDeviceOrientation(.orientation(device)))
      if written.type == "UIInterfaceOrientation" && device.name != written.name {
        note(
          line,
          tr(
            "%1$s.%2$s is %3$s, which UIDevice reads as UIDeviceOrientation.%4$s (%5$s)",
            written.type, written.name, raw, device.name,
            PhraseStyle.citation(Rule("kvc-preferred-raw-value")))
        )
      }
      return
    }
    if let number = tokens.first(where: { $0.kind == .number }), let raw = Int(number.text),
      let device = DeviceOrientation(rawValue: raw)
    {
      actions.append(.setDeviceOrientation(.orientation(device)))
      return
    }
    note(line, tr("a forcing call whose orientation is not a literal: %s", CodeStatements.text(written)))
  }

  /// `tokens` with each such call replaced by the value it returns, typed
  /// (`UIViewController.convert(UIInterfaceOrientationMask.landscapeLeft)` → `UIDeviceOrientation.landscapeRight`).
  func folded(_ tokens: [SourceToken]) -> [SourceToken] {
    var result = tokens
    var index = 0
    var folds = 0
    while index + 1 < result.count, folds < 8 {
      guard result[index].kind == .identifier, result[index + 1].is("("),
        let helpers = world.helpers[result[index].text]
      else {
        index += 1
        continue
      }
      let close = CodeStatements.closing(result, index + 1)
      let arguments = Self.arguments(Array(result[index..<close]))
      guard arguments.count == 1,
        let value = helpers.lazy.compactMap({ Self.switchAnswer($0.member, argument: arguments[0]) }).first
      else {
        index += 1
        continue
      }
      // The receiver goes too (`UIViewController.`, `Self.`).
      var start = index
      while start >= 2, result[start - 1].is("."), result[start - 2].kind == .identifier { start -= 2 }
      result.replaceSubrange(start..<close, with: value)
      index = start + value.count
      folds += 1
    }
    return result
  }

  /// What `member` returns for a literal `argument`, when its body is one `switch` over its one
  /// parameter whose cases return literals.
  static func switchAnswer(_ member: CodeMember, argument: [SourceToken]) -> [SourceToken]? {
    guard member.parameters.count == 1, let body = member.body,
      let parameterType = member.parameterTypes.first,
      let type = parameterType.first(where: { $0.kind == .identifier })?.text,
      let resultType = member.type.first(where: { $0.kind == .identifier })?.text
    else { return nil }
    let statements = CodeStatements.split(body, language: .swift)
    guard statements.count == 1, let statement = statements.first, statement.first?.is("switch") == true,
      let open = CodeStatements.topLevel(statement, "{").first,
      CodeStatements.unwrapped(Array(statement[1..<open])).map(\.text) == [member.parameters[0]],
      let wanted = literalKey(argument, type: type)
    else { return nil }
    let close = CodeStatements.closing(statement, open)
    var answer: [SourceToken]?
    for arm in CodeStatements.switchArms(Array(statement[(open + 1)..<max(open + 1, close - 1)])) {
      let matches = arm.patterns.map { $0.contains { literalKey($0, type: type) == wanted } } ?? true
      guard matches else { continue }
      var returned = arm.body
      guard returned.first?.is("return") == true else { return nil }
      returned.removeFirst()
      while returned.last?.is(";") == true { returned.removeLast() }
      answer = returned
      break
    }
    guard let answer, !answer.isEmpty else { return nil }
    // `.landscapeRight` is the result type's case.
    if answer.count == 2, answer[0].is("."), answer[1].kind == .identifier {
      return [SourceToken(kind: .identifier, text: resultType, line: answer[0].line)] + answer
    }
    return answer
  }

  /// A literal of `type` as a comparable key (a mask's orientations, a case's name).
  static func literalKey(_ tokens: [SourceToken], type: String) -> String? {
    if type == "UIInterfaceOrientationMask" { return CodeLiterals.mask(tokens)?.name }
    return CodeLiterals.member(CodeStatements.unwrapped(tokens), type: type)
  }
}

/// A helper called with what the code knows only as it runs — a ternary (`f(full ? .landscapeRight :
/// .portrait)`) or a piece of state (`f(orientationMask)`) — is read once per value, under the
/// condition that picks that value: the ternary's, or the state being equal to it.
extension CodeActions {
  /// Reads `helper` case by case when one of `arguments` calls for it; nil when none does.
  mutating func inlineByCases(_ helper: CodeWorld.Helper, arguments: [[SourceToken]], line: Int, depth: Int)
    -> Bool?
  {
    for (index, argument) in arguments.enumerated() {
      let tokens = CodeStatements.unwrapped(expand(argument))
      func with(_ value: [SourceToken]) -> [[SourceToken]] {
        var changed = arguments
        changed[index] = value
        return changed
      }
      if let mark = CodeStatements.topLevel(tokens, "?").first,
        let colon = CodeStatements.topLevel(tokens, ":").first(where: { $0 > mark }),
        let tree = conditions.tree(Array(tokens[..<mark]))
      {
        guard let yes = inlined(helper, with(Array(tokens[(mark + 1)..<colon])), line: line, depth: depth),
          let no = inlined(helper, with(Array(tokens[(colon + 1)...])), line: line, depth: depth)
        else { return false }
        actions += tree.fold(then: yes, else: no) { [.when($0, then: $1, else: $2)] }
        return true
      }
      let names = tokens.filter { $0.kind == .identifier }.map(\.text)
      guard tokens.last?.kind == .identifier, names.count == 1 || names.count == 2 && names[0] == "self",
        let state = names.last, let type = world.stateType(state, owner: owner)
      else { continue }
      var outcomes: [(value: StateValue, actions: [Action])] = []
      for value in Self.candidates(type) {
        guard
          let read = inlined(helper, with(Self.literalTokens(value, line: line)), line: line, depth: depth)
        else { return false }
        outcomes.append((value, read))
      }
      // The most common outcome is the last `else`; each other value gets its own test.
      func count(_ read: [Action]) -> Int { outcomes.filter { $0.actions == read }.count }
      guard let common = outcomes.max(by: { count($0.actions) < count($1.actions) })?.actions else {
        return false
      }
      var chain = common
      for outcome in outcomes.reversed() where outcome.actions != common {
        chain = [Action.when(.equals(state, outcome.value), then: outcome.actions, else: chain)]
      }
      actions += chain
      return true
    }
    return nil
  }

  /// The actions `helper` runs with `arguments`, apart from the ones so far; nil when it cannot be read.
  mutating func inlined(_ helper: CodeWorld.Helper, _ arguments: [[SourceToken]], line: Int, depth: Int)
    -> [Action]?
  {
    let before = actions
    actions = []
    defer { actions = before }
    return inline(helper, arguments: arguments, line: line, depth: depth + 1) ? actions : nil
  }

  /// The values a piece of state can take that the model tells apart: every named mask, every
  /// interface orientation, YES and NO (an enum's cases are the app's, and not listed).
  static func candidates(_ type: StateType) -> [StateValue] {
    switch type {
    case .mask: return OrientationMask.named.map { .mask($0.mask) }
    case .orientation: return InterfaceOrientation.concrete.map(StateValue.orientation)
    case .bool: return [.bool(true), .bool(false)]
    case .word: return []
    }
  }

  /// `Type.name` as code writes a case (`UIDeviceOrientation.landscapeLeft`).
  static func typed(_ type: String, _ name: String, line: Int) -> [SourceToken] {
    [
      SourceToken(kind: .identifier, text: type, line: line),
      SourceToken(kind: .punctuation, text: ".", line: line),
      SourceToken(kind: .identifier, text: name, line: line),
    ]
  }

  /// A value as Swift writes it (`UIInterfaceOrientationMask.landscape`, `true`).
  static func literalTokens(_ value: StateValue, line: Int) -> [SourceToken] {
    switch value {
    case .mask(let mask): return typed("UIInterfaceOrientationMask", mask.name, line: line)
    case .orientation(let orientation): return typed("UIInterfaceOrientation", orientation.name, line: line)
    case .bool(let bool): return [SourceToken(kind: .identifier, text: bool ? "true" : "false", line: line)]
    case .word(let word):
      return [
        SourceToken(kind: .punctuation, text: ".", line: line),
        SourceToken(kind: .identifier, text: word, line: line),
      ]
    }
  }
}

extension CodeActions {
  /// `beforePushOrientation = orientationMask`: one piece of state set from another of its type,
  /// read as a test of each value the source can hold.
  func copy(_ name: String, from source: [SourceToken], type: StateType) -> [Action]? {
    let tokens = CodeStatements.unwrapped(source)
    let names = tokens.filter { $0.kind == .identifier }.map(\.text)
    guard tokens.last?.kind == .identifier, names.count == 1 || names.count == 2 && names[0] == "self",
      let from = names.last, from != name, world.stateType(from, owner: owner) == type
    else { return nil }
    var chain: [Action] = []
    for value in Self.candidates(type).reversed() {
      chain = [.when(.equals(from, value), then: [.setState(name, value)], else: chain)]
    }
    return chain.isEmpty ? nil : chain
  }
}
