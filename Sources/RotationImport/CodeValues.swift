// The fuzzer compiles the core and this module as one module, without RotationCore.
#if canImport(RotationCore)
  import RotationCore
#endif

/// What an override's body answers, in the forms real code writes: a literal (`.portrait`,
/// `[.portrait, .landscapeLeft]`, `UIInterfaceOrientationMaskPortrait | …`, `YES`), a ternary or
/// an `if`/`else`/`guard` on a Bool (a property or a shared flag: the scenario's flag), a forward
/// (`topViewController?.supportedInterfaceOrientations ?? .portrait`,
/// `[self.selectedViewController shouldAutorotate]`, `children.last`), or `super`'s answer.
enum CodeAnswer<T: Sendable & Equatable>: Equatable {
  case answer(Override<T>)
  /// `super.supportedInterfaceOrientations`: what the class would answer without the override.
  case fromSuper
  /// Not one of the forms: the text, for the report.
  case unknown(String)
}

/// How a body was read: its answer, the flags its conditions read, and notes for the report.
struct CodeReading<T: Sendable & Equatable> {
  var answer: CodeAnswer<T>
  var flags: [String] = []
  var notes: [(line: Int, text: String)] = []
}

struct CodeValues<T: Sendable & Equatable> {
  /// The question's name: `supportedInterfaceOrientations`.
  let question: String
  let language: SourceLanguage
  /// The kind of the class that answers (what it can forward to).
  let kind: ControllerKind
  let literal: ([SourceToken]) -> T?
  var flags: [String] = []
  var notes: [(line: Int, text: String)] = []
  /// The conditions the reader understands beyond a flag, and the state it can read (nil: flags only).
  var conditions: CodeConditions?
  /// Local constants (`let shouldRotate = false`) and what they hold.
  var locals: [String: [SourceToken]] = [:]
  /// A class's own answer to the question, for a branch that forwards to a child the condition
  /// has just tested (`if ([top isKindOfClass:[C class]]) return [top shouldAutorotate];`).
  var answerOf: ((String) -> Value<T>?)?

  init(
    question: String, language: SourceLanguage, kind: ControllerKind, literal: @escaping ([SourceToken]) -> T?
  ) {
    self.question = question
    self.language = language
    self.kind = kind
    self.literal = literal
  }

  /// Reads a getter's or method's body.
  static func read(
    _ body: [SourceToken], question: String, language: SourceLanguage, kind: ControllerKind,
    conditions: CodeConditions? = nil, answerOf: ((String) -> Value<T>?)? = nil,
    literal: @escaping ([SourceToken]) -> T?
  ) -> CodeReading<T> {
    var reader = CodeValues(question: question, language: language, kind: kind, literal: literal)
    reader.conditions = conditions
    reader.answerOf = answerOf
    guard body.count <= maximumTokens else {
      return CodeReading(answer: .unknown(tr("code too long to read (%s tokens)", body.count)))
    }
    let statements = CodeStatements.split(body, language: language).filter { !CodeStatements.onlyLogs($0) }
    let answer = reader.statements(statements[...])
    return CodeReading(answer: answer, flags: reader.flags, notes: reader.notes)
  }

  /// How deep the reading is in nested conditions and expressions; deeper code is not followed.
  var depth = 0
  static var maximumDepth: Int { 48 }
  /// The longest body followed, in tokens (an override is a few dozen).
  static var maximumTokens: Int { 20_000 }

  mutating func statements(_ list: ArraySlice<[SourceToken]>) -> CodeAnswer<T> {
    depth += 1
    defer { depth -= 1 }
    guard depth < Self.maximumDepth else { return .unknown(tr("code nested too deeply to read")) }
    guard let first = list.first, let head = first.first else { return .unknown(tr("an empty body")) }
    if head.is("return") { return expression(Array(first.dropFirst())) }
    if head.is("if") { return ifStatement(first, rest: list.dropFirst()) }
    if head.is("switch") { return switchStatement(first, rest: list.dropFirst()) }
    // `let shouldRotate = false` (or `Type name = value;`): a constant the answer reads.
    if let (name, value) = CodeActions.binding(first), list.count > 1 {
      locals[name] = value.flatMap { locals[$0.text] ?? [$0] }
      return statements(list.dropFirst())
    }
    if head.is("guard"), let elseAt = first.firstIndex(where: { $0.is("else") }),
      first.indices.contains(elseAt + 1), first[elseAt + 1].is("{")
    {
      let condition = Array(first[1..<elseAt])
      let blockEnd = CodeStatements.closing(first, elseAt + 1)
      let block = Array(first[(elseAt + 2)..<max(elseAt + 2, blockEnd - 1)])
      let otherwise = statements(
        CodeStatements.split(block, language: language).filter { !CodeStatements.onlyLogs($0) }[...])
      return conditional(condition, then: statements(list.dropFirst()), else: otherwise)
    }
    if list.count == 1, language == .swift, !["let", "var", "switch", "for", "while"].contains(head.text) {
      return expression(first)  // a single-expression body returns its value
    }
    return .unknown(CodeStatements.text(first))
  }

  /// `if COND { … } else { … }`, `if (COND) return A;`, `else if` chains; without `else`, the
  /// statements after the `if` answer otherwise.
  mutating func ifStatement(_ statement: [SourceToken], rest: ArraySlice<[SourceToken]>) -> CodeAnswer<T> {
    depth += 1
    defer { depth -= 1 }
    guard depth < Self.maximumDepth else { return .unknown(tr("code nested too deeply to read")) }
    var tokens = Array(statement.dropFirst())
    var condition: [SourceToken]
    var thenStatements: [[SourceToken]]
    var remainder: [SourceToken] = []
    if language == .objectiveC || tokens.first?.is("(") == true && !tokens.contains(where: { $0.is("{") }) {
      guard tokens.first?.is("(") == true else { return .unknown(CodeStatements.text(statement)) }
      let close = CodeStatements.closing(tokens, 0)
      condition = Array(tokens[1..<max(1, close - 1)])
      tokens = Array(tokens[close...])
    } else {
      guard let open = CodeStatements.topLevel(tokens, "{").first else {
        return .unknown(CodeStatements.text(statement))
      }
      condition = Array(tokens[..<open])
      tokens = Array(tokens[open...])
    }
    if tokens.first?.is("{") == true {
      let close = CodeStatements.closing(tokens, 0)
      thenStatements = CodeStatements.split(Array(tokens[1..<max(1, close - 1)]), language: language)
      remainder = Array(tokens[close...])
    } else {
      // `if (flag) return A;` — the statement ended at its `;`.
      thenStatements = [tokens]
    }
    // `if let top = topController(…) { … }` without a cast: the binding holds (there is a
    // controller on top), and the code after the block answers whatever the block does not.
    if condition.first?.is("let") == true || condition.first?.is("var") == true,
      conditions?.bindingsOnly(condition) ?? !condition.contains(where: { $0.is("as") }),
      remainder.first?.is("else") != true
    {
      return statements((thenStatements.filter { !CodeStatements.onlyLogs($0) } + rest)[...])
    }
    let then = statements(thenStatements.filter { !CodeStatements.onlyLogs($0) }[...])
    let otherwise: CodeAnswer<T>
    if remainder.first?.is("else") == true {
      let elsePart = Array(remainder.dropFirst())
      if elsePart.first?.is("if") == true {
        otherwise = ifStatement(elsePart, rest: rest)
      } else if elsePart.first?.is("{") == true {
        let close = CodeStatements.closing(elsePart, 0)
        let block = CodeStatements.split(Array(elsePart[1..<max(1, close - 1)]), language: language)
        otherwise = statements(block.filter { !CodeStatements.onlyLogs($0) }[...])
      } else {
        otherwise = statements([elsePart][...])
      }
    } else if let next = rest.first, next.first?.is("else") == true {
      // `if (x) return A; else return B;`: the `;` ended the if, and the else is the next statement.
      let elsePart = Array(next.dropFirst())
      otherwise =
        elsePart.first?.is("if") == true
        ? ifStatement(elsePart, rest: rest.dropFirst()) : statements([elsePart][...])
    } else {
      otherwise = statements(rest)
    }
    return conditional(condition, then: then, else: otherwise)
  }

  mutating func conditional(_ condition: [SourceToken], then: CodeAnswer<T>, else otherwise: CodeAnswer<T>)
    -> CodeAnswer<T>
  {
    // `if (1)`, `if YES`, `if false`: a constant condition picks its branch.
    let constant = CodeStatements.unwrapped(condition)
    if constant.count == 1,
      let value = Self.bool(constant) ?? (constant[0].kind == .number ? constant[0].text != "0" : nil)
    {
      return value ? then : otherwise
    }
    let tree = conditions?.tree(condition)
    // `a || b`, `a && b`: nested tests, when both branches are values.
    if let tree, case .answer(.value(let a)) = then, case .answer(.value(let b)) = otherwise {
      if case .one = tree {
      } else {
        for name in tree.names where !flags.contains(name) && conditions?.stateType(name) == .bool {
          flags.append(name)
        }
        return .answer(.value(tree.fold(then: a, else: b) { .test($0, then: $1, else: $2) }))
      }
    }
    if case .one(let parsed)? = tree, !Self.isPlainFlag(parsed) {
      // A branch that forwards to the controller the condition tested answers as that class does.
      var then = then
      var otherwise = otherwise
      if let answerOf {
        if case .topIs(let tested) = parsed, case .answer(.forward) = then, let own = answerOf(tested) {
          then = .answer(.value(own))
        }
        if case .not(.topIs(let tested)) = parsed, case .answer(.forward) = otherwise,
          let own = answerOf(tested)
        {
          otherwise = .answer(.value(own))
        }
      }
      guard case .answer(.value(let a)) = then, case .answer(.value(let b)) = otherwise else {
        if case .unknown = then { return then }
        if case .unknown = otherwise { return otherwise }
        // A branch forwards: the override branches.
        if case .answer(let a) = then, case .answer(let b) = otherwise {
          if case .not(let inner) = parsed { return .answer(.branch(inner, then: b, else: a)) }
          return .answer(.branch(parsed, then: a, else: b))
        }
        return .unknown(
          tr("a condition on %s whose branches forward or call super", CodeStatements.text(condition)))
      }
      for name in parsed.names where !flags.contains(name) && conditions?.stateType(name) == .bool {
        flags.append(name)
      }
      if case .not(let inner) = parsed { return .answer(.value(.test(inner, then: b, else: a))) }
      return .answer(.value(.test(parsed, then: a, else: b)))
    }
    guard let (flag, negated) = Self.flag(condition) else {
      return .unknown(tr("the condition %s", CodeStatements.text(condition)))
    }
    let (yes, no) = negated ? (otherwise, then) : (then, otherwise)
    guard case .answer(.value(let a)) = yes, case .answer(.value(let b)) = no else {
      if case .unknown = yes { return yes }
      if case .unknown = no { return no }
      return .unknown(tr("a condition on %s whose branches forward or call super", flag))
    }
    if !flags.contains(flag) { flags.append(flag) }
    return .answer(.value(.conditional(flag: flag, then: a, else: b)))
  }

  /// Whether a condition is a plain flag (read the old way, so that undeclared flags are assumed).
  static func isPlainFlag(_ condition: Condition) -> Bool {
    switch condition {
    case .flag: return true
    case .not(let inner): return isPlainFlag(inner)
    default: return false
    }
  }

  /// `switch SUBJECT { case A, B: return X … default: return Y }` over a piece of state (a
  /// `switch` of the scenario) or over the device's orientation (a chain of conditions).
  mutating func switchStatement(_ statement: [SourceToken], rest: ArraySlice<[SourceToken]>) -> CodeAnswer<T>
  {
    guard let open = CodeStatements.topLevel(statement, "{").first else {
      return .unknown(CodeStatements.text(statement))
    }
    let subject = Array(statement[1..<open])
    let close = CodeStatements.closing(statement, open)
    let body = Array(statement[(open + 1)..<max(open + 1, close - 1)])
    // The cases: `case PATTERNS:` or `default:`, each with the statements up to the next.
    let arms = CodeStatements.switchArms(body)
    guard !arms.isEmpty else { return .unknown(CodeStatements.text(statement)) }
    func answer(_ tokens: [SourceToken]) -> CodeAnswer<T> {
      let statements = CodeStatements.split(tokens, language: language).filter {
        !CodeStatements.onlyLogs($0) && !($0.count == 1 && $0[0].is("break"))
      }
      return self.statements((statements + Array(rest))[...])
    }
    let subjectNames = subject.filter { $0.kind == .identifier }.map(\.text)
    let device =
      subjectNames.contains("orientation")
      && (subjectNames.contains("UIDevice") || subjectNames.contains("currentDevice"))
    let state = subject.last.flatMap { $0.kind == .identifier ? $0.text : nil }
    let type = state.flatMap { conditions?.stateType($0) }
    guard device || type != nil else { return .unknown(CodeStatements.text(statement)) }
    var fallback: CodeAnswer<T> = answer([])
    var cases: [(values: [StateValue], answer: CodeAnswer<T>)] = []
    for arm in arms {
      let answered = answer(arm.body)
      guard let patterns = arm.patterns else {
        fallback = answered
        continue
      }
      var values: [StateValue] = []
      for pattern in patterns {
        if device {
          guard
            let name = CodeLiterals.member(CodeStatements.unwrapped(pattern), type: "UIDeviceOrientation"),
            let orientation = DeviceOrientation(name: name)
          else { return .unknown(tr("the case %s", CodeStatements.text(pattern))) }
          values.append(.word(orientation.name))
        } else if let type, let value = CodeState.value(pattern, type: type) {
          values.append(value)
        } else {
          return .unknown(tr("the case %s", CodeStatements.text(pattern)))
        }
      }
      cases.append((values, answered))
    }
    guard case .answer(.value(var result)) = fallback else { return fallback }
    for arm in cases.reversed() {
      guard case .answer(.value(let value)) = arm.answer else { return arm.answer }
      if device {
        let orientations = arm.values.compactMap { DeviceOrientation(name: $0.text) }
        result = .test(.device(orientations), then: value, else: result)
      } else if let state {
        let matched = arm.values.map { SwitchCase($0, value) }
        if case .choose(_, let later, let otherwise) = result {
          result = .choose(state, cases: matched + later, default: otherwise)
        } else {
          result = .choose(state, cases: matched, default: result)
        }
      }
    }
    return .answer(.value(result))
  }

  /// A Bool read as a flag: `isLandscape`, `!self.allowRotation`, `AppDelegate.shared.lock == true`,
  /// `((AppDelegate *)UIApplication.sharedApplication.delegate).allow`; the flag is the last name.
  static func flag(_ condition: [SourceToken]) -> (name: String, negated: Bool)? {
    var tokens = CodeStatements.unwrapped(condition)
    var negated = false
    while tokens.first?.is("!") == true {
      negated.toggle()
      tokens = CodeStatements.unwrapped(Array(tokens.dropFirst()))
    }
    if tokens.count >= 3, let compare = tokens.lastIndex(where: { $0.is("==") || $0.is("!=") }),
      compare == tokens.count - 2, let value = bool(Array(tokens[(compare + 1)...]))
    {
      if (tokens[compare].is("==")) != value { negated.toggle() }
      tokens = CodeStatements.unwrapped(Array(tokens[..<compare]))
    }
    let allowed: Set<String> = [".", "?.", "!", "(", ")", "*", "as", "?", "[", "]"]
    guard let last = tokens.last(where: { $0.kind == .identifier }),
      tokens.last?.kind == .identifier || tokens.last?.is(")") == true || tokens.last?.is("]") == true,
      tokens.allSatisfy({ $0.kind == .identifier || allowed.contains($0.text) }),
      !["true", "false", "YES", "NO", "self"].contains(last.text), ScenarioDecoder.isIdentifier(last.text)
    else { return nil }
    // `[AppDelegate shared].allow` and `[[AppDelegate shared] allow]`: the last name either way.
    return (last.text, negated)
  }

  /// An expression: a ternary, `a ?? b`, a forward, `super`'s answer, or a literal.
  mutating func expression(_ written: [SourceToken]) -> CodeAnswer<T> {
    depth += 1
    defer { depth -= 1 }
    guard depth < Self.maximumDepth else { return .unknown(tr("code nested too deeply to read")) }
    let tokens = CodeStatements.unwrapped(written)
    guard !tokens.isEmpty else { return .unknown(tr("an empty return")) }
    if let mark = CodeStatements.topLevel(tokens, "?").first,
      let colon = CodeStatements.topLevel(tokens, ":").first(where: { $0 > mark })
    {
      return conditional(
        Array(tokens[..<mark]), then: expression(Array(tokens[(mark + 1)..<colon])),
        else: expression(Array(tokens[(colon + 1)...])))
    }
    if let coalesce = CodeStatements.topLevel(tokens, "??").first {
      let left = expression(Array(tokens[..<coalesce]))
      let right = Array(tokens[(coalesce + 1)...])
      if case .answer(.forward(let target)) = left {
        if literal(right) != nil {
          notes.append(
            (
              right.first?.line ?? 0,
              tr(
                "when %s is nil the code answers %s; the model answers UIKit's default then", target.property,
                CodeStatements.text(right))
            ))
        }
        return left
      }
      return left
    }
    // Only `super.X` and `[super X]` are the base's answer; `!super.X` or `super.X.union(…)` is not.
    let texts = tokens.map(\.text)
    if texts == ["super", ".", question] || texts == ["[", "super", question, "]"] { return .fromSuper }
    if texts.contains("super") { return .unknown(CodeStatements.text(tokens)) }
    if let target = forward(tokens) { return .answer(.forward(target)) }
    if let value = literal(tokens) { return .answer(.value(.literal(value))) }
    if tokens.count == 1, let constant = locals[tokens[0].text] { return expression(constant) }
    // A piece of state of the answer's type: `orientationLock`, `AppDelegate.shared.orientationLock`.
    if let conditions, let wanted = StateType.of(T.self), let last = tokens.last, last.kind == .identifier,
      tokens.allSatisfy({
        $0.kind == .identifier || [".", "?.", "!", "(", ")", "*", "as", "?", "[", "]"].contains($0.text)
      }),
      conditions.stateType(last.text) == wanted
    {
      return .answer(.value(.read(last.text)))
    }
    // A Bool answered by a flag itself: `allow`, `!isLocked`.
    // (Not another controller's own answer: `….shouldAutorotate` is no flag.)
    if T.self == Bool.self, !texts.contains(question), let (flag, negated) = Self.flag(tokens),
      let yes = true as? T, let no = false as? T
    {
      if !flags.contains(flag) { flags.append(flag) }
      return .answer(
        .value(
          .conditional(flag: flag, then: .literal(negated ? no : yes), else: .literal(negated ? yes : no))))
    }
    return .unknown(CodeStatements.text(tokens))
  }

  /// A forward of the same question to a child: the property the code reads, if the kind has it.
  func forward(_ tokens: [SourceToken]) -> ForwardTarget? {
    guard let asked = tokens.lastIndex(where: { $0.is(question) }), asked > 0 else { return nil }
    // The question must end the expression (`….question`, or `…question]` in Objective-C), and
    // nothing may come before the receiver: `!top….shouldAutorotate` or `….intersection(…)` is
    // another answer than the child's.
    let trailing = tokens[(asked + 1)...].map(\.text)
    guard trailing.allSatisfy({ $0 == "]" }), tokens.first?.is("!") != true else { return nil }
    let receiver = Array(tokens[..<asked])
    // A receiver chain only: names, dots, `?.`, `!`, brackets and a number index.
    let chain: Set<String> = [".", "?.", "?", "!", "[", "]", "(", ")"]
    guard receiver.allSatisfy({ $0.kind == .identifier || $0.kind == .number || chain.contains($0.text) })
    else {
      return nil
    }
    // `children.first(where: …)` is not the first child.
    for (index, token) in receiver.enumerated()
    where ["first", "last"].contains(token.text) && index + 1 < receiver.count && receiver[index + 1].is("(")
    {
      return nil
    }
    let names = receiver.filter { $0.kind == .identifier }.map(\.text)
    func after(_ name: String) -> String? {
      guard let at = names.lastIndex(of: name), at + 1 < names.count else { return nil }
      return names[at + 1]
    }
    var target: ForwardTarget?
    if names.contains("topViewController") {
      target = .top
    } else if names.contains("visibleViewController") {
      target = .visible
    } else if names.contains("selectedViewController") {
      target = .selected
    } else if names.contains("presentedViewController") {
      target = .presented
    } else if let list = names.last(where: {
      ["children", "childViewControllers", "viewControllers"].contains($0)
    }) {
      let next = after(list)
      let index = receiver.firstIndex(where: { $0.text == list }).flatMap { at -> Int? in
        guard at + 2 < receiver.count, receiver[at + 1].is("["), receiver[at + 2].kind == .number else {
          return nil
        }
        return Int(receiver[at + 2].text)
      }
      let last = next == "last" || next == "lastObject"
      let first = next == "first" || next == "firstObject" || index == 0
      if list == "viewControllers" && kind != .tabBar && kind != .container {
        if kind == .navigation && last { target = .top }
        if kind == .navigation && !last { target = first ? .child(0) : index.map(ForwardTarget.child) }
        if kind == .pageView && first { target = .current }
      } else if last {
        target = .child(-1)
      } else if first {
        target = .child(0)
      } else if let index {
        target = .child(index)
      }
    } else if let column = SplitColumn.allCases.first(where: { names.contains($0.rawValue) }),
      names.contains("viewController") || names.contains("viewControllerForColumn")
    {
      target = .column(column)
    }
    guard let target, target.fits(kind) else { return nil }
    return target
  }

  /// `true`, `YES`, `false`, `NO`.
  static func bool(_ tokens: [SourceToken]) -> Bool? {
    let tokens = CodeStatements.unwrapped(tokens)
    guard tokens.count == 1 else { return nil }
    switch tokens[0].text {
    case "true", "YES": return true
    case "false", "NO": return false
    default: return nil
    }
  }
}
