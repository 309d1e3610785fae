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
    var rest = Array(tokens.dropFirst())
    let condition: [SourceToken]
    if language == .objectiveC || rest.first?.is("(") == true && !rest.contains(where: { $0.is("{") }) {
      guard rest.first?.is("(") == true else { return }
      let close = CodeStatements.closing(rest, 0)
      condition = Array(rest[1..<max(1, close - 1)])
      rest = Array(rest[close...])
    } else {
      guard let open = CodeStatements.topLevel(rest, "{").first else { return }
      condition = Array(rest[..<open])
      rest = Array(rest[open...])
    }
    var thenBody: [SourceToken] = rest
    var elseBody: [SourceToken] = []
    if rest.first?.is("{") == true {
      let close = CodeStatements.closing(rest, 0)
      thenBody = Array(rest[1..<max(1, close - 1)])
      elseBody = Array(rest[close...])
    }
    if elseBody.first?.is("else") == true {
      elseBody.removeFirst()
      if elseBody.first?.is("{") == true {
        elseBody = Array(elseBody[1..<max(1, CodeStatements.closing(elseBody, 0) - 1)])
      }
    } else {
      elseBody = []
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
      let condition = conditions.parse(Array(tokens[1..<elseAt]))
    else { return nil }
    let close = CodeStatements.closing(tokens, elseAt + 1)
    let block = Array(tokens[(elseAt + 2)..<max(elseAt + 2, close - 1)])
    return (condition, branch(CodeStatements.split(block, language: language), depth: depth))
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
      actions.append(segue.push ? .push(segue.node) : .present(segue.node, style: segue.style))
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
    guard let type = world.stateType(name, owner: owner) else { return false }
    if let value = CodeState.value(right, type: type) {
      actions.append(.setState(name, value))
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

  // MARK: - Observers, invocations, helpers

  /// `NotificationCenter.default.addObserver(self, selector: #selector(rotated), name:
  /// UIDevice.orientationDidChangeNotification, object: nil)` and Objective-C's.
  mutating func observer(_ tokens: [SourceToken], line: Int) {
    let texts = tokens.map(\.text)
    let notification: String?
    if texts.contains("orientationDidChangeNotification")
      || texts.contains("UIDeviceOrientationDidChangeNotification")
      || texts.contains("UIDeviceOrientationDidChange")
    {
      notification = "UIDeviceOrientationDidChangeNotification"
    } else if texts.contains("didChangeStatusBarOrientationNotification")
      || texts.contains("UIApplicationDidChangeStatusBarOrientationNotification")
    {
      notification = "UIApplicationDidChangeStatusBarOrientationNotification"
    } else if texts.contains("willChangeStatusBarOrientationNotification")
      || texts.contains("UIApplicationWillChangeStatusBarOrientationNotification")
    {
      notification = "UIApplicationWillChangeStatusBarOrientationNotification"
    } else {
      notification = nil
    }
    guard let notification else { return }
    guard let selector = texts.firstIndex(where: { $0 == "#selector" || $0 == "@selector" }),
      let method = tokens[(selector + 1)...].first(where: { $0.kind == .identifier && !$0.is("self") })
    else {
      note(line, tr("an observer of %s without a method (a block): not modelled", notification))
      return
    }
    let name =
      methods.first(where: { $0.key.prefix(while: { $0 != "(" && $0 != ":" }) == method.text })?.value
      ?? method.text
    observers.removeAll { $0.notification == notification }
    observers.append(Observer(notification: notification, method: name))
  }

  /// `NSInvocation` calling `setOrientation:` on the device: forcing, with the argument it was given.
  mutating func invocationStatement(_ tokens: [SourceToken], names: Set<String>, line: Int) -> Bool {
    if tokens.contains(where: { $0.kind == .string && $0.text.contains("setOrientation:") }) {
      invoking = true
      return true
    }
    guard invoking else { return false }
    if names.contains("setArgument") || names.contains("setArgument:"),
      let ampersand = tokens.firstIndex(where: { $0.is("&") }), ampersand + 1 < tokens.count
    {
      invocation = expand([tokens[ampersand + 1]])
      return true
    }
    if names.contains("invoke"), let value = invocation {
      forcing(value, line: line)
      invoking = false
      return true
    }
    return false
  }

  /// A call of one of the app's helpers (`AppUtility.lockOrientation(.landscape, andRotateTo:
  /// .landscapeRight)`, `[[Rotator shared] rotateTo:UIInterfaceOrientationLandscapeRight]`): its
  /// body read here with the call's arguments.
  mutating func inlineHelper(_ tokens: [SourceToken], depth: Int) -> Bool {
    guard depth < 8, inlining.count < 4 else { return false }
    let objectiveC = tokens.first?.is("[") == true
    // The called function: the last name before the argument list (Swift) or the selector's first
    // part after the receiver (Objective-C).
    var calledAt: Int?
    if objectiveC {
      var level = 0
      for (index, token) in tokens.enumerated() {
        if token.is("[") { level += 1 }
        if token.is("]") { level -= 1 }
        if level == 1, index > 1, token.kind == .identifier,
          tokens[index - 1].is("]") || tokens[index - 1].kind == .identifier
        {
          calledAt = index
          break
        }
      }
    } else {
      calledAt = tokens.firstIndex(where: { $0.is("(") }).flatMap { $0 > 0 ? $0 - 1 : nil }
    }
    guard let at = calledAt, tokens[at].kind == .identifier, let candidates = world.helpers[tokens[at].text]
    else {
      return false
    }
    let receiverNames = Set(tokens[..<at].filter { $0.kind == .identifier }.map(\.text))
    let arguments =
      objectiveC
      ? Self.selectorArguments(Array(tokens[at...].dropLast())) : Self.arguments(Array(tokens[at...]))
    let fitting = candidates.filter { $0.member.parameters.count == arguments.count }
    guard
      let helper = fitting.first(where: { receiverNames.contains($0.owner) })
        ?? (fitting.count == 1 ? fitting.first : nil)
    else { return false }
    return inline(helper, arguments: arguments, line: tokens[0].line, depth: depth)
  }

  /// The arguments of a call: Swift's `f(a, to: b)` → `[a], [b]`; Objective-C's `[x f:a to:b]`.
  static func arguments(_ tokens: [SourceToken]) -> [[SourceToken]] {
    var list = tokens
    if list.first?.is("[") == true {
      list.removeFirst()
      while let first = list.first, first.kind == .identifier, list.count > 1, !list[1].is(":") {
        list.removeFirst()
      }
      return selectorArguments(Array(list.dropLast()))
    }
    guard let open = list.firstIndex(where: { $0.is("(") }) else { return [] }
    let close = CodeStatements.closing(list, open)
    let inner = Array(list[(open + 1)..<max(open + 1, close - 1)])
    guard !inner.isEmpty else { return [] }
    return CodeLiterals.split(inner, at: ",").map { argument in
      argument.count > 1 && argument[0].kind == .identifier && argument[1].is(":")
        ? Array(argument.dropFirst(2)) : argument
    }
  }

  /// Reads `helper`'s body here, its parameters bound to `arguments`; false when it cannot be.
  mutating func inline(_ helper: CodeWorld.Helper, arguments: [[SourceToken]], line: Int, depth: Int) -> Bool
  {
    guard let body = helper.member.body, helper.member.parameters.count == arguments.count, depth < 8,
      inlining.count < 4
    else { return false }
    let key = helper.owner + "." + helper.member.name
    guard !inlining.contains(key) else { return false }
    var bound: [String: [SourceToken]] = [:]
    for (index, parameter) in helper.member.parameters.enumerated() {
      let type =
        helper.member.parameterTypes.indices.contains(index)
        ? helper.member.parameterTypes[index].filter { $0.kind == .identifier }.map(\.text).first : nil
      var value = expand(arguments[index])
      // `.landscapeRight` for a `UIInterfaceOrientation` parameter: the type's case.
      if let type, type.hasPrefix("UI"), value.count == 2, value[0].is("."), value[1].kind == .identifier {
        value = [SourceToken(kind: .identifier, text: type, line: value[0].line), value[0], value[1]]
      }
      bound[parameter] = value
    }
    let outer = (locals, noteFile)
    locals.merge(bound) { _, new in new }
    noteFile = helper.file
    inlining.append(key)
    let before = actions.count
    read(body, depth: depth + 1)
    inlining.removeLast()
    (locals, noteFile) = outer
    if actions.count > before, !inlined.contains(where: { $0.name == key }) {
      inlined.append((key, helper.file, helper.member.line))
    }
    return true
  }

  /// The arguments of an Objective-C message's parts: `f:a g:b` → `[a], [b]`.
  static func selectorArguments(_ tokens: [SourceToken]) -> [[SourceToken]] {
    var arguments: [[SourceToken]] = []
    var level = 0
    var index = 0
    while index < tokens.count {
      let token = tokens[index]
      if token.is("[") || token.is("(") { level += 1 }
      if token.is("]") || token.is(")") { level -= 1 }
      if level == 0, token.is(":") {
        arguments.append([])
      } else if !arguments.isEmpty,
        !(level == 0 && token.kind == .identifier && index + 1 < tokens.count
          && tokens[index + 1].is(":"))
      {
        arguments[arguments.count - 1].append(token)
      }
      index += 1
    }
    return arguments
  }
}

extension CodeActions {
  /// A report line: where (the file of the helper being inlined, else the body's) and what.
  struct Note {
    var line: Int
    var text: String
    /// The file, when it is not the body's own (a helper's).
    var file: String?
  }

  mutating func note(_ line: Int, _ text: String) {
    notes.append(Note(line: line, text: text, file: noteFile))
  }
}

extension CodeActions {
  /// `switch EVENT.state { case .began: … }` in a handler: the one case whose statements do what
  /// the model sees is taken (a gesture's or a control's state is the person's, not the app's).
  mutating func switchStatement(_ tokens: [SourceToken], depth: Int) -> Bool {
    guard let open = CodeStatements.topLevel(tokens, "{").first else { return false }
    let close = CodeStatements.closing(tokens, open)
    let body = Array(tokens[(open + 1)..<max(open + 1, close - 1)])
    var cases: [(label: String, body: [SourceToken])] = []
    var index = 0
    while index < body.count {
      if body[index].is("case") || body[index].is("default") {
        var end = index + 1
        while end < body.count, !body[end].is(":") { end += 1 }
        cases.append((CodeStatements.text(body[index..<min(end, body.count)]), []))
        index = end + 1
        continue
      }
      if !cases.isEmpty { cases[cases.count - 1].body.append(body[index]) }
      index += 1
    }
    let taken = cases.map {
      ($0.label, branch(CodeStatements.split($0.body, language: language), depth: depth))
    }
    .filter { !$0.1.isEmpty }
    guard taken.count == 1 else { return false }
    actions += taken[0].1
    note(
      tokens[0].line,
      tr(
        "a switch over %s: the import takes %s, the one case that does something the model shows",
        CodeStatements.text(tokens[1..<open]), taken[0].0))
    return true
  }
}

extension String {
  var capitalizedFirstLetter: String { prefix(1).uppercased() + dropFirst() }
}
