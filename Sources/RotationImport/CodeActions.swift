// The fuzzer compiles the core and this module as one module, without RotationCore.
#if canImport(RotationCore)
  import RotationCore
#endif

/// A lifecycle method's or a method's statements as scenario actions: forcing through KVC
/// (`UIDevice.current.setValue(UIInterfaceOrientation.landscapeRight.rawValue, forKey: "orientation")`,
/// or an `NSInvocation` of `setOrientation:`), `attemptRotationToDeviceOrientation`,
/// `setNeedsUpdateOfSupportedInterfaceOrientations`, `requestGeometryUpdate(.iOS(interfaceOrientations: …))`,
/// setting a flag or a piece of state, presenting, pushing, dismissing and popping controllers
/// (CodeActions+Flow.swift), conditions around any of these, calling another method of the class,
/// and the app's helpers, inlined with the call's arguments. `DispatchQueue.main.async { … }` runs
/// its block at once (the model has no run loop). Statements that only log or call `super` are
/// dropped silently; any other statement that touches orientation is reported with its line.
struct CodeActions {
  let owner: String
  let language: SourceLanguage
  /// Whether a name is a flag (a Bool property or shared variable the import knows).
  let isFlag: (String) -> Bool
  let world: CodeWorld
  var actions: [Action] = []
  var notes: [Note] = []
  /// The file of the helper being inlined (its lines are that file's), nil for the body's own.
  var noteFile: String?
  /// The helpers inlined, with where each is written.
  var inlined: [(name: String, file: String, line: Int)] = []
  var flagsSet: [String] = []
  var ignored = 0
  /// The mask of a geometry preferences object made in an earlier statement.
  var pendingGeometry: OrientationMask?
  /// Local variables and their values (`let orientation = UIInterfaceOrientation.landscapeRight`,
  /// `NSNumber *value = [NSNumber numberWithInt:UIInterfaceOrientationLandscapeRight];`), and a
  /// helper's parameters while it is inlined.
  var locals: [String: [SourceToken]] = [:]
  /// Controllers the body makes, by local name, with the style and properties set on them before
  /// they are presented or pushed.
  var made: [String: Made] = [:]
  /// The observers the body registers (`addObserver(self, selector: #selector(rotated), …)`).
  var observers: [Observer] = []
  /// The value an `NSInvocation` of `setOrientation:` passes, once its argument is set.
  var invocation: [SourceToken]?
  var invoking = false
  /// The helpers being inlined, innermost last (a helper that calls itself is not followed).
  var inlining: [String] = []
  /// Locals that hold a condition (`let sideways = UIDevice.current.orientation.isLandscape`).
  var conditionLocals: [String: Condition] = [:]
  /// Flags made for conditions the import does not follow, with the condition's text.
  var madeFlags: [(name: String, condition: String)] = []

  struct Made {
    var node: Node
    var style: PresentationStyle?
  }

  init(owner: String, language: SourceLanguage, isFlag: @escaping (String) -> Bool, world: CodeWorld) {
    self.owner = owner
    self.language = language
    self.isFlag = isFlag
    self.world = world
  }

  /// The class's methods as the code calls them → as the scenario names them.
  var methods: [String: String] { world.methodNames[owner] ?? [:] }

  var conditions: CodeConditions {
    let world = world
    let owner = owner
    let isFlag = isFlag
    return CodeConditions(
      isBool: { isFlag($0) || world.stateType($0, owner: owner) == .bool || $0 == Self.senderState },
      stateType: { world.stateType($0, owner: owner) },
      isClass: { world.kind($0) != nil },
      isContainer: { name in
        world.kind(name).map { [.navigation, .tabBar, .splitView, .pageView].contains($0) } ?? false
      },
      isBoolMethod: { world.boolMethods.contains($0) },
      computed: { world.computed[owner]?[$0] },
      valueComputed: { world.valueComputed[$0] })
  }

  /// Reads `body`'s statements; a call of `super`'s implementation runs `inherited` there.
  mutating func read(_ body: [SourceToken], depth: Int = 0, super inherited: [Action] = []) {
    read(statements: CodeStatements.split(body, language: language)[...], depth: depth, super: inherited)
  }

  /// The actions of the statements after an early exit, apart from the ones so far.
  mutating func rest(_ statements: ArraySlice<[SourceToken]>, depth: Int, super inherited: [Action])
    -> [Action]
  {
    let before = actions
    actions = []
    read(statements: statements, depth: depth + 1, super: inherited)
    let rest = actions
    actions = before
    return rest
  }

  mutating func read(statements: ArraySlice<[SourceToken]>, depth: Int, super inherited: [Action]) {
    // `defer { … }`: its block runs when the body ends, the last deferred first.
    var deferred: [[SourceToken]] = []
    defer {
      for block in deferred.reversed() { read(block, depth: depth + 1) }
    }
    guard depth < 12 else { return }
    var index = statements.startIndex
    while index < statements.endIndex {
      let statement = statements[index]
      if statement.first?.is("super") == true
        || statement.count > 1 && statement[0].is("[") && statement[1].is("super")
      {
        actions += inherited
        index += 1
        continue
      }
      if statement.count > 2, statement[0].is("defer"), statement[1].is("{") {
        let close = CodeStatements.closing(statement, 1)
        deferred.append(Array(statement[2..<max(2, close - 1)]))
        index += 1
        continue
      }
      // `if COND { return }`: what follows runs only when the condition does not hold.
      if let tree = earlyReturn(statement) {
        let rest = rest(statements[(index + 1)...], depth: depth, super: inherited)
        if !rest.isEmpty { actions += tree.fold(then: [], else: rest) { [.when($0, then: $1, else: $2)] } }
        return
      }
      // `guard COND else { …; return }`: what follows runs only when the condition holds.
      if let (condition, otherwise) = guardCondition(statement, depth: depth) {
        let rest = rest(statements[(index + 1)...], depth: depth, super: inherited)
        if !rest.isEmpty || !otherwise.isEmpty {
          actions.append(.when(condition, then: rest, else: otherwise))
        }
        return
      }
      self.statement(statement, depth: depth)
      index += 1
    }
  }

  /// The actions of `statements`, read apart from the ones so far (a branch of a condition).
  mutating func branch(_ statements: [[SourceToken]], depth: Int) -> [Action] {
    let before = actions
    actions = []
    for statement in statements { self.statement(statement, depth: depth + 1) }
    let branch = actions
    actions = before
    return branch
  }

  mutating func statement(_ written: [SourceToken], depth: Int) {
    let tokens = Self.senderSelected(written)
    guard let head = tokens.first, depth < 12 else { return }
    let line = head.line
    let names = Set(tokens.filter { $0.kind == .identifier }.map(\.text))
    if CodeStatements.onlyLogs(tokens) || head.is("super")
      || tokens.count > 1 && head.is("[") && tokens[1].is("super")
    {
      return
    }
    if (names.contains("DispatchQueue") || names.contains("dispatch_async")
      || names.contains("dispatch_after")),
      depth < 4, let open = tokens.firstIndex(where: { $0.is("{") })
    {
      let close = CodeStatements.closing(tokens, open)
      read(Array(tokens[(open + 1)..<max(open + 1, close - 1)]), depth: depth + 1)
      note(line, tr("the block of %s… runs at once here (the model has no run loop)", head.text))
      return
    }
    if head.is("if") {
      ifStatement(tokens, depth: depth)
      return
    }
    if head.is("switch"), switchStatement(tokens, depth: depth) { return }
    if head.is("guard") || head.is("switch") {
      if let binding = guardBinding(tokens) {
        bindController(binding.name, binding.value, line: line)
      } else if names.contains(where: Self.touchesOrientation) {
        note(line, tr("a condition (%s) around rotation code: its actions are not modelled", head.text))
      } else {
        ignored += 1
      }
      return
    }
    if windowStatement(tokens) || coordinatorBlocks(tokens, names: names, depth: depth)
      || delegateCallback(tokens, line: line, depth: depth)
    {
      return
    }
    if names.contains("addObserver") || names.contains("addObserver:") {
      observer(tokens, line: line)
      return
    }
    if invocationStatement(tokens, names: names, line: line) { return }
    if transition(tokens, names: names, depth: depth) { return }
    if names.contains("setValue") || names.contains("setValue:"),
      tokens.contains(where: { $0.kind == .string && ($0.text.contains("\"orientation\"")) })
    {
      forcing(tokens, line: line)
      return
    }
    if names.contains("attemptRotationToDeviceOrientation") {
      actions.append(.attemptRotationToDeviceOrientation)
      return
    }
    if names.contains("setNeedsUpdateOfPrefersInterfaceOrientationLocked") {
      let onSelf = Self.sentToSelf(tokens, "setNeedsUpdateOfPrefersInterfaceOrientationLocked")
      actions.append(.setNeedsUpdateOfPrefersInterfaceOrientationLocked(onSelf ? owner : nil))
      return
    }
    if names.contains("setNeedsUpdateOfSupportedInterfaceOrientations") {
      let onSelf = Self.sentToSelf(tokens, "setNeedsUpdateOfSupportedInterfaceOrientations")
      actions.append(.setNeedsUpdateOfSupportedInterfaceOrientations(onSelf ? owner : nil))
      if !onSelf {
        note(
          line,
          tr(
            "setNeedsUpdateOfSupportedInterfaceOrientations on another controller: sent to the deciding one"
          )
        )
      }
      return
    }
    if geometry(tokens, names: names, line: line) { return }
    if let (name, value) = Self.binding(tokens) {
      let expanded = expand(value)
      // `let orientation = UIViewController.convert(mask)`: a value a helper computed, no controller.
      let isValue =
        CodeLiterals.mask(expanded) != nil || CodeLiterals.orientation(expanded) != nil
        || CodeLiterals.member(CodeStatements.unwrapped(expanded), type: "UIDeviceOrientation") != nil
      if !isValue, bindController(name, value, line: line) { return }
      // A bound on what a local holds: variables built from variables could grow without end.
      locals[name] = expanded.count <= 64 ? expanded : nil
      // `let sideways = UIDevice.current.orientation.isLandscape`: a condition for later.
      if let condition = conditions.parse(expanded) {
        conditionLocals[name] = condition
        return
      }
      // A literal, or the device's orientation read now (`let turned = UIDevice.current.orientation`).
      let literal =
        expanded.contains(where: {
          $0.text.hasPrefix("UIInterfaceOrientation") || $0.text.hasPrefix("UIDeviceOrientation")
        }) || expanded.map(\.text) == ["UIDevice", ".", "current", ".", "orientation"]
      if literal || !names.contains(where: Self.touchesOrientation) {
        if !literal { ignored += 1 }
        return
      }
    }
    if assignment(tokens, line: line) { return }
    if let toggled = toggled(tokens) {
      actions.append(.toggle(toggled))
      return
    }
    if let called = calledMethod(tokens) {
      // A method with parameters is followed with the call's arguments (`[self supportRotion:
      // UIInterfaceOrientationLandscapeLeft]`); one without is a call the trace shows.
      let call = methods.first(where: { $0.value == called })?.key
      if let call, let method = world.methods[owner]?[call], !method.member.parameters.isEmpty,
        inline(method, arguments: Self.arguments(tokens), line: line, depth: depth)
      {
        return
      }
      // The observers the called method registers are this class's (`addObserverSwitchLandscape()`
      // in viewDidLoad).
      if let call, let body = world.methods[owner]?[call]?.member.body {
        for registered in CodeReader.statementsDeep(body, language: language)
        where registered.contains(where: { $0.is("addObserver") || $0.is("addObserver:") }) {
          observer(registered, line: registered[0].line)
        }
      }
      actions.append(.call(called, on: nil))
      return
    }
    if inlineHelper(tokens, depth: depth) { return }
    if names.contains(where: Self.touchesOrientation) {
      note(line, tr("%s: not modelled", CodeStatements.text(tokens)))
    } else {
      ignored += 1
    }
  }

  /// The tapped button's own state (`sender.isSelected`, `[sender isSelected]`): a Bool of the
  /// controller, each instance's, which the scenario names `senderIsSelected`.
  static let senderState = "senderIsSelected"

  static func senderSelected(_ tokens: [SourceToken]) -> [SourceToken] {
    guard tokens.contains(where: { $0.is("selected") || $0.is("isSelected") }) else { return tokens }
    let senders: Set<String> = ["sender", "button", "btn"]
    var out: [SourceToken] = []
    var index = 0
    while index < tokens.count {
      let token = tokens[index]
      // `sender.isSelected`, `sender.selected`
      if senders.contains(token.text), index + 2 < tokens.count, tokens[index + 1].is("."),
        tokens[index + 2].is("selected") || tokens[index + 2].is("isSelected")
      {
        out.append(SourceToken(kind: .identifier, text: senderState, line: token.line))
        index += 3
        continue
      }
      // `[sender isSelected]`
      if token.is("["), index + 3 < tokens.count, senders.contains(tokens[index + 1].text),
        tokens[index + 2].is("isSelected") || tokens[index + 2].is("selected"), tokens[index + 3].is("]")
      {
        out.append(SourceToken(kind: .identifier, text: senderState, line: token.line))
        index += 4
        continue
      }
      out.append(token)
      index += 1
    }
    return out
  }

  /// Locals and a helper's parameters replaced by what they hold.
  func expand(_ tokens: [SourceToken]) -> [SourceToken] {
    folded(tokens.flatMap { token in token.kind == .identifier ? locals[token.text] ?? [token] : [token] })
  }

  /// `requestGeometryUpdate(.iOS(interfaceOrientations: …))`, with the preferences made here or in
  /// an earlier statement.
  mutating func geometry(_ tokens: [SourceToken], names: Set<String>, line: Int) -> Bool {
    if let at = tokens.firstIndex(where: {
      $0.is("interfaceOrientations") || $0.is("initWithInterfaceOrientations")
    }),
      at + 2 < tokens.count, tokens[at + 1].is(":")
    {
      var end = at + 2
      var level = 0
      while end < tokens.count {
        if tokens[end].is("(") || tokens[end].is("[") { level += 1 }
        if tokens[end].is(")") || tokens[end].is("]") {
          if level == 0 { break }
          level -= 1
        }
        if level == 0 && tokens[end].is(",") { break }
        end += 1
      }
      let mask = CodeLiterals.mask(expand(Array(tokens[(at + 2)..<end])))
      if mask == nil {
        note(
          line,
          tr(
            "geometry preferences with %s: not a literal mask", CodeStatements.text(tokens[(at + 2)..<end]))
        )
      }
      if names.contains("requestGeometryUpdate") || names.contains("requestGeometryUpdateWithPreferences") {
        if let mask { actions.append(.requestGeometryUpdate(mask)) }
      } else {
        pendingGeometry = mask
      }
      return true
    }
    if names.contains("requestGeometryUpdate") || names.contains("requestGeometryUpdateWithPreferences") {
      if let mask = pendingGeometry {
        actions.append(.requestGeometryUpdate(mask))
      } else {
        note(line, tr("requestGeometryUpdate with preferences made elsewhere: not modelled"))
      }
      return true
    }
    return false
  }

  /// A local variable's declaration: `let name = value`, `var name: T = value`, `T *name = value;`.
  static func binding(_ tokens: [SourceToken]) -> (String, [SourceToken])? {
    guard let equals = CodeStatements.topLevel(tokens, "=").first, equals >= 2 else { return nil }
    let left = tokens[..<equals]
    if left.first?.is("let") == true || left.first?.is("var") == true {
      return (left[left.startIndex + 1].text, Array(tokens[(equals + 1)...]))
    }
    // Objective-C: `Type *name =` or `Type name =`.
    guard left.count <= 3, left.allSatisfy({ $0.kind == .identifier || $0.is("*") }),
      left.first?.kind == .identifier, left.last?.kind == .identifier, left.count >= 2
    else { return nil }
    return (left.last!.text, Array(tokens[(equals + 1)...]))
  }

  /// `foo()`, `self.foo(animated: true)`, `[self foo]`, `[self foo:YES]` for a method of the class:
  /// the scenario's name for the method the call's labels (or selector) name, else the only
  /// method of that base name. UIKit's `addChildViewController:` is not the app's
  /// `addChildViewController:title:image:`.
  func calledMethod(_ tokens: [SourceToken]) -> String? {
    var list = tokens
    let objectiveC = list.first?.is("[") == true
    if objectiveC { list = Array(list.dropFirst()) }
    list = Self.droppingSelf(list)
    guard let name = list.first, name.kind == .identifier else { return nil }
    let called = objectiveC ? Self.selector(list) : Self.swiftName(list)
    if let called, let scenario = methods[called] { return scenario }
    // A call whose labels do not show (a trailing closure, a selector the scanner shortened).
    let sameBase = methods.filter { $0.key.prefix(while: { $0 != "(" && $0 != ":" }) == name.text }
    guard sameBase.count == 1, let only = sameBase.first else { return nil }
    if let called,
      called.contains(":") != only.key.contains(":") || Self.arity(called) != Self.arity(only.key)
    {
      return nil
    }
    return only.value
  }

  /// The number of arguments a Swift name or a selector takes.
  static func arity(_ name: String) -> Int { name.filter { $0 == ":" }.count }

  /// `foo(_:title:)` from `foo(a, title: b)`; `foo()` from `foo()`.
  static func swiftName(_ tokens: [SourceToken]) -> String? {
    guard let first = tokens.first, tokens.count > 1, tokens[1].is("(") else { return nil }
    let close = CodeStatements.closing(tokens, 1)
    let inner = Array(tokens[2..<max(2, close - 1)])
    guard !inner.isEmpty else { return first.text + "()" }
    let labels = CodeLiterals.split(inner, at: ",").map { argument -> String in
      argument.count > 1 && argument[0].kind == .identifier && argument[1].is(":") ? argument[0].text : "_"
    }
    return first.text + "(" + labels.map { $0 + ":" }.joined() + ")"
  }

  /// `foo:title:` from `foo:a title:b]`; `foo` from `foo]`.
  static func selector(_ tokens: [SourceToken]) -> String? {
    var selector = ""
    var depth = 0
    var previous: SourceToken?
    for token in tokens {
      if ["(", "["].contains(token.text) && token.kind == .punctuation { depth += 1 }
      if [")", "]"].contains(token.text) && token.kind == .punctuation {
        if depth == 0 { break }
        depth -= 1
      }
      if depth == 0, token.is(":"), let previous, previous.kind == .identifier {
        selector += previous.text + ":"
      }
      previous = token
    }
    if selector.isEmpty { return tokens.first?.kind == .identifier ? tokens.first?.text : nil }
    return selector
  }

  /// A call's tokens without the receiver `self` (`self.m()`, `self?.m()` in a weak closure).
  static func droppingSelf(_ tokens: [SourceToken]) -> [SourceToken] {
    var list = tokens[...]
    if list.first?.is("self") == true { list = list.dropFirst() }
    if list.first?.is("?") == true { list = list.dropFirst() }
    if list.first?.is(".") == true || list.first?.is("?.") == true { list = list.dropFirst() }
    return Array(list)
  }

  /// Whether a statement sends `method` to the running controller (`m()`, `self.m()`, `[self m]`).
  static func sentToSelf(_ tokens: [SourceToken], _ method: String) -> Bool {
    let texts = tokens.prefix(4).map(\.text)
    return texts.first == method || texts.starts(with: ["self", ".", method])
      || texts.starts(with: ["[", "self", method])
  }

  static func touchesOrientation(_ name: String) -> Bool {
    name.contains("rientation") || name.contains("otate") || name.contains("Geometry")
  }
}
