// The fuzzer compiles the core and this module as one module, without RotationCore.
#if canImport(RotationCore)
  import RotationCore
#endif

/// How the app moves: a button's method that makes a controller, sets its properties and style
/// and presents or pushes it (`let vc = PlayerVC(); vc.supportedOrientations = .landscapeLeft;
/// present(vc, animated: true)`), a storyboard segue performed by identifier, dismissals and pops
/// with what their completion blocks do; conditions around actions; assignments to the app's
/// state; observers registered; and the app's helpers, inlined with the call's arguments.
extension CodeActions {
  // MARK: - Conditions

  /// `if COND { A } else { B }` (and `else if` chains): the scenario's `if` action; `if let x = …`
  /// that binds a controller runs its block.
  mutating func ifStatement(_ tokens: [SourceToken], depth: Int) {
    let line = tokens[0].line
    guard let (condition, thenBody, elseBody) = CodeStatements.ifParts(tokens, language: language) else {
      return
    }
    // `if let orient = beforePushOrientation, orient.isFullScreen { … }`: the local names the state,
    // and the tests after it are the condition.
    if let (bound, tests) = stateBinding(condition) {
      let saved = locals[bound.name]
      locals[bound.name] = bound.value
      defer { locals[bound.name] = saved }
      let then = branch(CodeStatements.split(thenBody, language: language), depth: depth)
      let otherwise = branch(CodeStatements.split(elseBody, language: language), depth: depth)
      guard !tests.isEmpty else {
        actions += then
        return
      }
      if let tree = conditions.tree(expand(tests)) {
        actions += tree.fold(then: then, else: otherwise) { [.when($0, then: $1, else: $2)] }
        return
      }
    }
    // `if let vc = storyboard.instantiate…(…) as? PlayerVC { … }` makes a controller: its block runs;
    // so does a test that holds on every device, and the binding of an object that is not a
    // controller (`if let delegate = UIApplication.shared.delegate as? AppDelegate`).
    if CodeConditions.holdsAlways(condition)
      || ifLetBinding(condition).map({
        bindController($0.name, $0.value, line: line) || !bindsController($0.value)
      })
        == true
      || conditions.bindingsOnly(condition)
    {
      actions += branch(CodeStatements.split(thenBody, language: language), depth: depth)
      return
    }
    let then = branch(CodeStatements.split(thenBody, language: language), depth: depth)
    let otherwise = branch(CodeStatements.split(elseBody, language: language), depth: depth)
    guard !then.isEmpty || !otherwise.isEmpty else {
      ignored += 1
      return
    }
    let local = condition.count == 1 ? conditionLocals[condition[0].text] : nil
    // `a || b`, `a && b`, a computed property: nested conditions.
    if local == nil, let tree = conditions.tree(expand(condition)) {
      actions += tree.fold(then: then, else: otherwise) { test, yes, no in [.when(test, then: yes, else: no)]
      }
      return
    }
    guard let parsed = local ?? conditions.parse(condition) else {
      // A condition on what the model does not know (a view model's state, a server's answer):
      // a flag of its own, NO at launch, so that both branches stay and a person can choose.
      let flag = Self.flagName(condition)
      if !flagsSet.contains(flag) { flagsSet.append(flag) }
      madeFlags.append((flag, CodeStatements.text(condition)))
      note(
        line,
        tr(
          "the condition %s is not one the import follows: modelled as the flag %s, NO at launch (set it to take the other branch)",
          CodeStatements.text(condition), flag))
      actions.append(.when(.flag(flag), then: then, else: otherwise))
      return
    }
    actions.append(.when(parsed, then: then, else: otherwise))
  }

  /// `guard COND else { … }` with a condition the scenario says, and the else block's actions.
  mutating func guardCondition(_ tokens: [SourceToken], depth: Int) -> (Condition, [Action])? {
    guard tokens.first?.is("guard") == true, let elseAt = tokens.firstIndex(where: { $0.is("else") }),
      elseAt + 1 < tokens.count, tokens[elseAt + 1].is("{"), guardBinding(tokens) == nil,
      case .one(let condition)? = conditions.tree(Array(tokens[1..<elseAt]))
    else { return nil }
    let close = CodeStatements.closing(tokens, elseAt + 1)
    let block = Array(tokens[(elseAt + 2)..<max(elseAt + 2, close - 1)])
    return (condition, branch(CodeStatements.split(block, language: language), depth: depth))
  }

  /// `if COND { return }` with nothing else in the block and no `else`: the condition.
  func earlyReturn(_ tokens: [SourceToken]) -> ConditionTree? {
    guard tokens.first?.is("if") == true,
      let (condition, thenBody, elseBody) = CodeStatements.ifParts(tokens, language: language),
      elseBody.isEmpty,
      thenBody.filter({ !$0.is(";") }).map(\.text) == ["return"]
    else { return nil }
    return conditions.tree(condition)
  }

  /// `guard let vc = E as? C else { return }`: the name and the expression it binds.
  func guardBinding(_ tokens: [SourceToken]) -> (name: String, value: [SourceToken])? {
    guard tokens.first?.is("guard") == true, let elseAt = tokens.firstIndex(where: { $0.is("else") }) else {
      return nil
    }
    return ifLetBinding(Array(tokens[1..<elseAt]))
  }

  /// A flag's name for a condition the model cannot follow: its words, joined
  /// (`viewModel.passcodeState == .RequirePass` → `passcodeStateIsRequirePass`).
  static func flagName(_ condition: [SourceToken]) -> String {
    var words: [String] = []
    for token in condition {
      if token.is("==") { words.append("is") }
      if token.is("!=") { words.append("isNot") }
      if token.is("!") { words.append("not") }
      guard token.kind == .identifier, ScenarioDecoder.isIdentifier(token.text),
        !["self", "viewModel", "let", "var"].contains(token.text)
      else { continue }
      words.append(token.text)
    }
    let joined = words.enumerated().map {
      $0.offset == 0 ? $0.element.lowercasedFirstLetter : $0.element.capitalizedFirstLetter
    }.joined()
    let name = String(joined.prefix(48))
    return ScenarioDecoder.isIdentifier(name) ? name : "unknownCondition"
  }

  /// Whether a binding's value is a controller the code tests (`top as? PlayerVC`,
  /// `topViewController()`): then the binding is a condition on the controller on top.
  func bindsController(_ value: [SourceToken]) -> Bool {
    if let at = value.lastIndex(where: { $0.is("as") }),
      let cast = value[(at + 1)...].first(where: { $0.kind == .identifier })?.text
    {
      return world.kind(cast) != nil
    }
    return value.contains { $0.kind == .identifier && $0.text.contains("ViewController") }
  }

  /// `let orient = STATE, TESTS…`: the local bound to a piece of state of the app or the class
  /// (`beforePushOrientation`, `self.mask`), and the tests after it joined with `&&`.
  func stateBinding(_ condition: [SourceToken]) -> (
    bound: (name: String, value: [SourceToken]), tests: [SourceToken]
  )? {
    let clauses = CodeLiterals.split(condition, at: ",")
    guard let first = clauses.first, let (name, value) = ifLetBinding(first) else { return nil }
    let names = value.filter { $0.kind == .identifier }.map(\.text)
    guard value.last?.kind == .identifier, names.count == 1 || names.count == 2 && names[0] == "self",
      let state = names.last, world.stateType(state, owner: owner) != nil
    else { return nil }
    var tests: [SourceToken] = []
    for clause in clauses.dropFirst() {
      if !tests.isEmpty {
        tests.append(SourceToken(kind: .punctuation, text: "&&", line: clause.first?.line ?? 0))
      }
      tests += CodeConditions.parenthesized(clause, line: clause.first?.line ?? 0)
    }
    return ((name, [SourceToken(kind: .identifier, text: state, line: value[0].line)]), tests)
  }

  /// `let vc = E` (`as? C` kept: the class it names).
  func ifLetBinding(_ condition: [SourceToken]) -> (name: String, value: [SourceToken])? {
    guard condition.count > 3, condition[0].is("let") || condition[0].is("var"),
      condition[1].kind == .identifier, condition[2].is("=")
    else { return nil }
    return (condition[1].text, Array(condition[3...]))
  }

  // MARK: - Controllers made, presented and pushed

  /// Keeps a controller the statement makes under its local name; false when the value makes none.
  @discardableResult
  mutating func bindController(_ name: String, _ value: [SourceToken], line: Int) -> Bool {
    guard let made = controller(value) else { return false }
    self.made[name] = made
    return true
  }

  /// The controller an expression names: a local made before, a stored property of the class, a
  /// new instance (`X()`, `[[X alloc] init]`, a storyboard's), or a cast of one (`… as! C`).
  func controller(_ written: [SourceToken]) -> Made? {
    var tokens = CodeStatements.unwrapped(written.filter { !$0.is(";") })
    while let last = tokens.last, last.is("!") || last.is("?") { tokens.removeLast() }
    // `… as? PlayerVC`: the class the code expects.
    var cast: String?
    if let at = tokens.lastIndex(where: { $0.is("as") }), at > 0 {
      cast = tokens[(at + 1)...].first(where: { $0.kind == .identifier })?.text
      tokens = Array(tokens[..<at])
    }
    var names = tokens.filter { $0.kind == .identifier }.map(\.text)
    if names.first == "self" { names.removeFirst() }
    if names.count == 1,
      tokens.allSatisfy({ $0.kind == .identifier || [".", "?.", "!", "?"].contains($0.text) })
    {
      if let local = made[names[0]] { return local }
      if let stored = world.storedControllers[owner]?[names[0]] { return Made(node: stored) }
    }
    // `appDelegate.tabBarController`: a controller the app delegate keeps.
    if let last = names.last, names.count > 1, let kept = world.delegateControllers[last] {
      return Made(node: kept)
    }
    var tree = CodeTree(language: language, kindOf: world.kind, storyboard: world.storyboard)
    tree.bindings = made.mapValues(\.node).merging(world.storedControllers[owner] ?? [:]) { local, _ in local
    }
    if var node = tree.node(tokens) {
      if let cast, world.kind(cast) != nil, ControllerKind.uikitClasses[node.className] != nil {
        node.className = cast
      }
      return Made(node: node)
    }
    if let cast, world.kind(cast) != nil, tokens.contains(where: { $0.is("instantiateViewController") }) {
      return Made(node: Node(className: cast))
    }
    return nil
  }

  /// Present, push, dismiss, pop, a segue by identifier; true when the statement is one.
  mutating func transition(_ tokens: [SourceToken], names: Set<String>, depth: Int) -> Bool {
    let line = tokens[0].line
    func argument(after call: String) -> [SourceToken]? {
      guard let at = tokens.firstIndex(where: { $0.is(call) }), at + 1 < tokens.count else { return nil }
      if tokens[at + 1].is("(") {
        let close = CodeStatements.closing(tokens, at + 1)
        let inner = Array(tokens[(at + 2)..<max(at + 2, close - 1)])
        return CodeLiterals.split(inner, at: ",").first
      }
      if tokens[at + 1].is(":") {
        // Objective-C: to the next `name:` part of the message.
        var end = at + 2
        var level = 0
        while end < tokens.count {
          if tokens[end].is("[") || tokens[end].is("(") { level += 1 }
          if tokens[end].is("]") || tokens[end].is(")") {
            if level == 0 { break }
            level -= 1
          }
          if level == 0, end + 1 < tokens.count, tokens[end].kind == .identifier, tokens[end + 1].is(":"),
            end > at + 2
          {
            break
          }
          end += 1
        }
        return Array(tokens[(at + 2)..<end])
      }
      return nil
    }
    func completion() -> [Action] {
      // A trailing closure or `completion: { … }`: what runs once the transition is done.
      guard let open = tokens.lastIndex(where: { $0.is("{") }) else { return [] }
      let close = CodeStatements.closing(tokens, open)
      var body = Array(tokens[(open + 1)..<max(open + 1, close - 1)])
      if let inAt = body.firstIndex(where: { $0.is("in") }), inAt < 8 { body = Array(body[(inAt + 1)...]) }
      if body.first?.is("^") == true { body = Array(body.drop(while: { !$0.is("{") }).dropFirst()) }
      return branch(CodeStatements.split(body, language: language), depth: depth)
    }
    if names.contains("present") || names.contains("presentViewController") {
      guard let written = argument(after: names.contains("present") ? "present" : "presentViewController")
      else {
        return false
      }
      guard let made = controller(written) else {
        note(line, tr("a presentation of %s: the controller is not known", CodeStatements.text(written)))
        return true
      }
      actions.append(.present(made.node, style: made.style))
      actions += completion()
      return true
    }
    if names.contains("pushViewController")
      || names.contains("show") && tokens.contains(where: { $0.is("sender") })
    {
      guard
        let written = argument(after: names.contains("pushViewController") ? "pushViewController" : "show")
      else { return false }
      guard let made = controller(written) else {
        note(line, tr("a push of %s: the controller is not known", CodeStatements.text(written)))
        return true
      }
      actions.append(.push(made.node))
      return true
    }
    if names.contains("dismissViewControllerAnimated") || names.contains("dismissViewController")
      || names.contains("dismiss") && tokens.contains(where: { $0.is("animated") })
    {
      actions.append(.dismiss)
      actions += completion()
      return true
    }
    if names.contains(where: { $0.hasPrefix("popViewController") || $0.hasPrefix("popToRootViewController") })
    {
      actions.append(.pop)
      if names.contains(where: { $0.hasPrefix("popToRootViewController") }) {
        note(line, tr("popToRootViewController: modelled as one pop"))
      }
      return true
    }
    if names.contains("performSegue") || names.contains("performSegueWithIdentifier") {
      guard let identifier = tokens.first(where: { $0.kind == .string }).map(CodeTree.stringValue),
        let segue = world.segue(identifier)
      else {
        note(line, tr("a segue performed by an identifier the storyboards do not have: not modelled"))
        return true
      }
      // What `prepare(for:sender:)` sets on the destination before UIKit shows it.
      let (node, style) = world.prepared(segue.node, from: owner, identifier: identifier)
      actions.append(segue.push ? .push(node) : .present(node, style: style ?? segue.style))
      return true
    }
    return false
  }

  // MARK: - State

  /// `vc.supportedOrientations = .landscapeLeft` (a controller made here), `vc.modalPresentationStyle
  /// = .fullScreen`, `AppDelegate.orientationLock = .portrait`, `self.isFullScreen = true`, a flag.
  mutating func assignment(_ tokens: [SourceToken], line: Int) -> Bool {
    guard let equals = CodeStatements.topLevel(tokens, "=").first, equals > 0,
      tokens[equals - 1].kind == .identifier
    else { return false }
    let left = Array(tokens[..<equals])
    let right = expand(Array(tokens[(equals + 1)...]))
    let name = tokens[equals - 1].text
    // `navigationController?.delegate = self`: this controller answers for its container.
    if name == "delegate", right.count == 1, right[0].is("self"),
      let kind = Self.containerProperty(left.filter { $0.kind == .identifier }.map(\.text))
    {
      actions.append(.setDelegate(kind))
      return true
    }
    var receiver = left.filter { $0.kind == .identifier }.map(\.text).dropLast()
    if receiver.first == "self" { receiver.removeFirst() }
    // A controller made here: its style, or a property the presenter sets.
    if let local = receiver.first, receiver.count == 1,
      var target = made[local] ?? world.storedControllers[owner]?[local].map({ Made(node: $0) })
    {
      if name == "modalPresentationStyle" {
        target.style = Self.presentationStyle(right)
      } else if let type = world.properties[target.node.className]?[name],
        let value = CodeState.value(right, type: type)
      {
        target.node.properties.removeAll { $0.name == name }
        target.node.properties.append(StateVariable(name: name, value: value))
      } else {
        return false
      }
      made[local] = target
      return true
    }
    if name == Self.senderState {
      if let value = CodeValues<Bool>.bool(right) {
        actions.append(.setState(name, .bool(value)))
      } else if let (flag, negated) = CodeValues<Bool>.flag(right), flag == name, negated {
        actions.append(.toggle(name))
      }
      return true
    }
    if let value = CodeValues<Bool>.bool(right), isFlag(name), world.stateType(name, owner: owner) == nil {
      actions.append(.setFlag(name, value))
      if !flagsSet.contains(name) { flagsSet.append(name) }
      return true
    }
    // `isLocked = !isLocked` on a flag.
    if isFlag(name), world.stateType(name, owner: owner) == nil,
      let (flag, negated) = CodeValues<Bool>.flag(right),
      flag == name, negated
    {
      actions.append(.toggle(name))
      if !flagsSet.contains(name) { flagsSet.append(name) }
      return true
    }
    guard let type = world.stateType(name, owner: owner) else { return false }
    if let copied = copy(name, from: right, type: type) {
      actions += copied
      return true
    }
    if let value = CodeState.value(right, type: type) {
      // A setter that keeps the old value unless a condition holds (`if !isLocked { … }`).
      if let guarded = world.setterConditions[owner]?[name], let tree = conditions.tree(guarded) {
        actions += tree.fold(then: [.setState(name, value)], else: []) { [.when($0, then: $1, else: $2)] }
      } else {
        actions.append(.setState(name, value))
      }
      return true
    }
    if type == .bool, let (flag, negated) = CodeValues<Bool>.flag(right), flag == name, negated {
      actions.append(.toggle(name))  // `isFull = !isFull`
      return true
    }
    note(line, tr("%s is set to %s, which the import does not follow", name, CodeStatements.text(right)))
    return true
  }

  /// The container a `navigationController` / `tabBarController` chain names.
  static func containerProperty(_ names: [String]) -> ControllerKind? {
    let chain = names.filter { $0 != "self" && $0 != "delegate" }
    guard chain.count == 1 else { return nil }
    return [ControllerKind.navigation, .tabBar, .splitView].first { $0.delegatePrefix == chain[0] }
  }

  /// `UIModalPresentationStyle.fullScreen`, `.overFullScreen`, `UIModalPresentationFullScreen`.
  static func presentationStyle(_ tokens: [SourceToken]) -> PresentationStyle? {
    let name =
      CodeLiterals.member(CodeStatements.unwrapped(tokens), type: "UIModalPresentation")
      ?? CodeLiterals.member(CodeStatements.unwrapped(tokens), type: "UIModalPresentationStyle")
    return name.flatMap { PresentationStyle(rawValue: $0) }
  }

  /// `isFullScreen.toggle()` for a Bool the scenario knows.
  func toggled(_ tokens: [SourceToken]) -> String? {
    let texts = tokens.map(\.text)
    guard texts.count >= 4,
      texts.suffix(4) == [".", "toggle", "(", ")"] || texts.suffix(3) == ["toggle", "(", ")"],
      let at = texts.lastIndex(of: "toggle"), at >= 2, tokens[at - 2].kind == .identifier
    else { return nil }
    let name = tokens[at - 2].text
    return isFlag(name) || world.stateType(name, owner: owner) == .bool || name == Self.senderState
      ? name : nil
  }
}
