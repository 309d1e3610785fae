// The fuzzer compiles the core and this module as one module, without RotationCore.
#if canImport(RotationCore)
  import RotationCore
#endif

/// The app delegate's answer, the containers' delegates, and the window's root when the code
/// builds it (`window.rootViewController = UINavigationController(rootViewController: HomeVC())`,
/// `[[UINavigationController alloc] initWithRootViewController:[HomeVC new]]`, with the local
/// variables and `viewControllers = [...]` assignments of the same method).
extension CodeReader {
  /// The class that is the app delegate: it adopts `UIApplicationDelegate`, or implements the
  /// window question, or is called `AppDelegate`.
  var appDelegate: AppClass? {
    let candidates = order.compactMap { classes[$0] }
    return candidates.first(where: { appClass in
      appClass.members.contains(where: { Self.isWindowQuestion($0.member) })
    })
      ?? candidates.first(where: { declaredProtocols($0.name).contains("UIApplicationDelegate") })
      ?? candidates.first(where: { $0.name.hasSuffix("AppDelegate") })
  }

  /// The window question in any spelling an app writes it, UIKit's own or a near miss.
  static func isWindowQuestion(_ member: CodeMember) -> Bool {
    member.kind == .function && member.body != nil
      && (member.isSwift("application(_:supportedInterfaceOrientationsFor:)")
        || member.isSwift("application(_:supportedInterfaceOrientationsForWindow:)")
        || member.name.hasSuffix("supportedInterfaceOrientationsForWindow:") && !member.name.contains("("))
  }

  /// Whether UIKit calls it: Swift's `application(_:supportedInterfaceOrientationsFor:)` (any
  /// parameter names) or the Objective-C selector. A Swift 2 name or a renamed keyword is never
  /// called (docs/rules.md#unhooked-delegate-method).
  static func isHooked(_ member: CodeMember) -> Bool {
    member.name == "application(_:supportedInterfaceOrientationsFor:)"
      || member.name == "application:supportedInterfaceOrientationsForWindow:"
  }

  func declaredProtocols(_ name: String) -> [String] { protocols[name] ?? [] }

  /// The conditions and state the code of `owner` (nil: the app delegate) reads.
  func conditions(owner: String?) -> CodeConditions {
    let world = world
    let known = flags
    let types = Set(classes.keys).union(protocols.values.joined())
    let boolMethods = world.boolMethods
    return CodeConditions(
      isBool: { known[$0] != nil || world.stateType($0, owner: owner) == .bool },
      stateType: { world.stateType($0, owner: owner) },
      isClass: { world.kind($0) != nil || types.contains($0) },
      isContainer: { name in
        world.kind(name).map { [.navigation, .tabBar, .splitView, .pageView].contains($0) } ?? false
      },
      isBoolMethod: { boolMethods.contains($0) },
      computed: { name in owner.flatMap { world.computed[$0]?[name] } },
      valueComputed: { world.valueComputed[$0] })
  }

  /// `application(_:supportedInterfaceOrientationsFor:)`: a mask, or a flag's choice of two.
  /// The flags an answer reads that no declaration gives: each starts as NO, and the report
  /// says so, once.
  mutating func assumeUndeclared(_ read: [String], file: String, line: Int) {
    for flag in read where flags[flag] == nil {
      flags[flag] = (false, file, line, nil)
      report.assumptions.append(
        .init(
          file: file, line: line,
          text: tr("%s is read but its declaration is not found: the flag starts as NO", flag)))
    }
  }

  mutating func windowAnswer() -> Value<OrientationMask>? {
    guard let delegate = appDelegate,
      let (member, file) = delegate.members.last(where: { Self.isWindowQuestion($0.member) }),
      let body = member.body
    else {
      if !files.isEmpty {
        report.facts.append(
          .init(
            file: appDelegate?.file ?? tr("the app's code"), line: appDelegate?.line,
            text: tr(
              "no application:supportedInterfaceOrientationsForWindow: in the code: the Info.plist list is the app's mask"
            )))
      }
      return nil
    }
    let reading = CodeValues<OrientationMask>.read(
      body, question: "supportedInterfaceOrientations", language: delegate.language, kind: .view,
      conditions: conditions(owner: nil)
    ) { CodeLiterals.mask($0) }
    for note in reading.notes {
      report.assumptions.append(.init(file: file, line: note.line, text: note.text))
    }
    // react-native-orientation-locker's mask (its README's AppDelegate step): the plugin's state.
    if zip(body, body.dropFirst()).contains(where: { $0.is("Orientation") && $1.is("getOrientation") })
      || zip(body, body.dropFirst(2)).contains(where: { $0.is("Orientation") && $1.is("getOrientation") }),
      Self.isHooked(member)
    {
      report.facts.append(
        .init(
          file: file, line: member.line,
          text: tr(
            "%s application:supportedInterfaceOrientationsForWindow: returns [Orientation getOrientation], react-native-orientation-locker's mask",
            delegate.name)))
      return .read(PluginCatalog.lockerMaskState)
    }
    if !Self.isHooked(member) {
      // docs/rules.md#unhooked-delegate-method: kept with its answer, never asked.
      if case .answer(.value(let value)) = reading.answer {
        unhookedWindowQuestion = UnhookedMethod(method: member.name, answer: value)
      }
      report.assumptions.append(
        .init(
          file: file, line: member.line,
          text: tr(
            "%s %s is not the signature UIKit calls (application(_:supportedInterfaceOrientationsFor:)): it is never asked, and the Info.plist list is the app's mask",
            delegate.name, member.name)))
      return nil
    }
    switch reading.answer {
    case .answer(.value(let value)):
      report.facts.append(
        .init(
          file: file, line: member.line,
          text: "\(delegate.name) application:supportedInterfaceOrientationsForWindow: \(describe(value))"))
      assumeUndeclared(reading.flags, file: file, line: member.line)
      return value
    case .answer(.forward), .answer(.branch), .fromSuper, .unknown:
      if let code = codeBody(member, file: file) {
        report.facts.append(
          .init(
            file: file, line: member.line,
            text: tr(
              "%s application:supportedInterfaceOrientationsForWindow: kept as the app's code, run by the simulation",
              delegate.name)))
        return .code(code)
      }
      let text: String
      if case .unknown(let written) = reading.answer {
        text = written
      } else {
        text = tr("another controller's answer")
      }
      report.assumptions.append(
        .init(
          file: file, line: member.line,
          text: tr(
            "%s application:supportedInterfaceOrientationsForWindow: returns %s, which the import does not follow: a guess of all orientations (this answer replaces the Info.plist list); edit the scenario's app delegate answer",
            delegate.name, text)))
      return .literal(.all)
    }
  }

  /// A container class's delegate answers, when the class is its own delegate (it implements
  /// `navigationControllerSupportedInterfaceOrientations:` and the like).
  mutating func delegateAnswers(_ name: String, kind: ControllerKind) -> ContainerDelegate? {
    guard kind.hasOrientationDelegate else { return nil }
    let prefix = kind.delegatePrefix
    var delegate = ContainerDelegate(className: name)
    for appClass in answering(name) {
      for (member, file) in appClass.members where member.kind == .function && member.body != nil {
        let base = member.baseName
        if base == prefix + "SupportedInterfaceOrientations", delegate.supportedInterfaceOrientations == nil {
          delegate.supportedInterfaceOrientations = delegateValue(
            member, of: name, in: appClass, file: file, question: "supportedInterfaceOrientations"
          ) { CodeLiterals.mask($0) }
          if delegate.supportedInterfaceOrientations == nil {
            report.assumptions.append(
              .init(
                file: file, line: member.line,
                text: tr("%s is not a value the import follows: not modelled", base)
              ))
          }
        } else if base == prefix + "PreferredInterfaceOrientationForPresentation",
          delegate.preferredInterfaceOrientationForPresentation == nil
        {
          delegate.preferredInterfaceOrientationForPresentation = delegateValue(
            member, of: name, in: appClass, file: file,
            question: "preferredInterfaceOrientationForPresentation"
          ) { CodeLiterals.orientation($0) }
        }
      }
    }
    let answers =
      delegate.supportedInterfaceOrientations != nil
      || delegate.preferredInterfaceOrientationForPresentation != nil
    return answers ? delegate : nil
  }

  /// Delegate methods (`tabBarControllerSupportedInterfaceOrientations:` …) in classes that are
  /// not that container themselves: whose delegate they are is set at run time, so they are said,
  /// not modelled.
  mutating func reportOtherDelegates(except answering: Set<String> = []) {
    let kinds: [ControllerKind] = [.navigation, .tabBar, .splitView, .pageView]
    for name in order where !answering.contains(name) {
      guard let appClass = classes[name] else { continue }
      for (member, file) in appClass.members where member.kind == .function && member.body != nil {
        guard
          let kind = kinds.first(where: {
            member.baseName == $0.delegatePrefix + "SupportedInterfaceOrientations"
              || member.baseName == $0.delegatePrefix + "PreferredInterfaceOrientationForPresentation"
          }), self.kind(of: name) != kind
        else { continue }
        report.assumptions.append(
          .init(
            file: file, line: member.line,
            text: tr(
              "%s implements %s as some %s's delegate; which one is set at run time: not modelled (add it as that container's delegate in the inspector)",
              name, member.baseName, kind.importName)
          ))
      }
    }
  }

  /// A delegate method's answer when it is a value (a flag's choice included), said as a fact.
  mutating func delegateValue<T>(
    _ member: CodeMember, of name: String, in appClass: AppClass, file: String, question: String,
    literal: @escaping ([SourceToken]) -> T?
  ) -> Value<T>? {
    let reading = CodeValues<T>.read(
      member.body ?? [], question: question, language: appClass.language, kind: .view,
      conditions: conditions(owner: name), literal: literal)
    guard case .answer(.value(let value)) = reading.answer else { return nil }
    report.facts.append(
      .init(
        file: file, line: member.line,
        text: tr("%s's delegate (itself) %s: %s", name, member.baseName, describe(value))))
    return value
  }

  // MARK: The window's root built in code

  /// The root the code assigns to a window (`window.rootViewController = …`), with where.
  /// `storyboard` gives a storyboard's initial controller (or one by identifier) as a node.
  /// The launch methods' assignment wins: another method's (a log-out screen) is a later change.
  func codeRoot(storyboard: @escaping (String?, String?) -> Node?) -> (node: Node, file: String, line: Int)? {
    let launching = [
      "application(_:didFinishLaunchingWithOptions:)", "application:didFinishLaunchingWithOptions:",
      "application(_:willFinishLaunchingWithOptions:)", "application:willFinishLaunchingWithOptions:",
      "scene(_:willConnectTo:options:)", "scene:willConnectToSession:options:",
    ]
    for launch in [true, false] {
      for source in files {
        // A UIWindow subclass's own root is that window's, not the app's main window's.
        for declaration in source.declarations where !isWindowClass(declaration.name) {
          for member in declaration.members
          where member.kind == .function && launching.contains(member.name) == launch {
            guard let body = member.body else { continue }
            var tree = CodeTree(language: source.language, kindOf: { kind(of: $0) }, storyboard: storyboard)
            if let (node, line) = tree.root(in: body) { return (node, source.file, line) }
          }
        }
      }
    }
    return nil
  }

  /// Whether a class is a `UIWindow` subclass (through the app's own classes).
  func isWindowClass(_ name: String) -> Bool {
    var current: String? = name
    var seen: Set<String> = []
    while let next = current, seen.insert(next).inserted {
      if next == "UIWindow" { return true }
      current = classes[next]?.superclass
    }
    return false
  }

  /// The tabs or stack a container class sets for itself (`viewControllers = [...]` in its
  /// `viewDidLoad` or initializer), through its own wrapper methods too (`addChildViewController:
  /// title:image:` that wraps each tab in a navigation controller).
  func ownChildren(_ name: String, storyboard: @escaping (String?, String?) -> Node?) -> [Node] {
    var methods: [String: CodeMember] = [:]
    for appClass in answering(name) {
      for (member, _) in appClass.members where member.kind == .function && member.body != nil {
        if methods[member.name] == nil { methods[member.name] = member }
      }
    }
    for appClass in answering(name) {
      for (member, _) in appClass.members where member.kind == .function {
        guard let body = member.body else { continue }
        var tree = CodeTree(language: appClass.language, kindOf: { kind(of: $0) }, storyboard: storyboard)
        tree.methods = methods
        if let children = tree.ownChildren(in: body), !children.isEmpty { return children }
      }
    }
    return []
  }
}

/// Evaluates the expressions that build controllers in one method body.
struct CodeTree {
  let language: SourceLanguage
  let kindOf: (String) -> ControllerKind?
  let storyboard: (String?, String?) -> Node?
  var bindings: [String: Node] = [:]
  /// The class's own methods with parameters, by the name the code calls them with.
  var methods: [String: CodeMember] = [:]

  /// A call of one of `methods` with parameters, and its arguments.
  func ownCall(_ statement: [SourceToken]) -> (CodeMember, [[SourceToken]])? {
    var list = statement
    let objectiveC = list.first?.is("[") == true
    if objectiveC { list.removeFirst() }
    if list.first?.is("self") == true { list.removeFirst() }
    if list.first?.is(".") == true { list.removeFirst() }
    guard let name = objectiveC ? CodeActions.selector(list) : CodeActions.swiftName(list),
      let member = methods[name], !member.parameters.isEmpty
    else { return nil }
    return (member, CodeActions.arguments(statement))
  }

  init(
    language: SourceLanguage, kindOf: @escaping (String) -> ControllerKind?,
    storyboard: @escaping (String?, String?) -> Node?
  ) {
    self.language = language
    self.kindOf = kindOf
    self.storyboard = storyboard
  }

  /// The last `….rootViewController = E` of the body, evaluated after the statements before it.
  mutating func root(in body: [SourceToken]) -> (Node, Int)? {
    var found: (Node, Int)?
    for statement in CodeStatements.split(body, language: language) {
      if let node = assignment(statement, to: "rootViewController") {
        found = (node, statement[0].line)
      } else if let setter = statement.firstIndex(where: { $0.is("setRootViewController") }),
        setter + 2 < statement.count, statement[setter + 1].is(":")
      {
        if let node = node(Array(statement[(setter + 2)..<(statement.count - 1)])) {
          found = (node, statement[0].line)
        }
      } else {
        bind(statement)
      }
    }
    return found
  }

  /// `viewControllers = [...]` or `self.viewControllers = @[...]`, else the controllers added one
  /// by one (`addChild(nav)`, `[self addChildViewController:nav]`), in order; a call of the class's
  /// own method with parameters is followed with its arguments.
  mutating func ownChildren(in body: [SourceToken], depth: Int = 0) -> [Node]? {
    var added: [Node] = []
    for statement in CodeStatements.split(body, language: language) {
      if depth < 4, let (member, arguments) = ownCall(statement) {
        // The wrapper's parameters hold the controllers given; what it adds is added here.
        let outer = bindings
        for (parameter, argument) in zip(member.parameters, arguments) {
          if let child = node(argument) { bindings[parameter] = child }
        }
        if let inner = ownChildren(in: member.body ?? [], depth: depth + 1) { added += inner }
        bindings = outer
        continue
      }
      var names = statement.prefix(5).map(\.text)
      if names.first == "[" { names.removeFirst() }
      if names.first == "self" { names.removeFirst(names.count > 1 && names[1] == "." ? 2 : 1) }
      if names.first == "viewControllers", let equals = CodeStatements.topLevel(statement, "=").first {
        return list(Array(statement[(equals + 1)...]))
      }
      // `setViewControllers([a, b], animated: false)`, `[self setViewControllers:@[a, b] animated:NO]`.
      if names.first == "setViewControllers",
        let call = statement.firstIndex(where: { $0.is("setViewControllers") }),
        let open = statement[(call + 1)...].firstIndex(where: { $0.is("[") || $0.is("@") })
      {
        var argument = Array(statement[open...])
        if statement.first?.is("[") == true { argument = Array(argument.dropLast()) }
        let end =
          CodeStatements.topLevel(argument, ",").first ?? argument.firstIndex(where: { $0.is("animated") })
          ?? argument.count
        if let children = list(Array(argument[..<end])) { return children }
      }
      if let call = names.first, ["addChild", "addChildViewController"].contains(call),
        let at = statement.firstIndex(where: { $0.is(call) }), at + 1 < statement.count
      {
        // `addChild(E)` or `addChildViewController:E]`.
        let rest = Array(statement[(at + 1)...])
        let argument: [SourceToken]
        if rest.first?.is("(") == true {
          argument = Array(rest[1..<max(1, CodeStatements.closing(rest, 0) - 1)])
        } else {
          argument = Array(rest.dropFirst().dropLast())
        }
        if let child = node(argument) { added.append(child) }
        continue
      }
      bind(statement)
    }
    return added.isEmpty ? nil : added
  }

  func assignment(_ statement: [SourceToken], to property: String) -> Node? {
    guard let equals = CodeStatements.topLevel(statement, "=").first, equals > 0,
      statement[equals - 1].is(property)
    else { return nil }
    return node(Array(statement[(equals + 1)...]))
  }

  /// `let nav = …`, `UINavigationController *nav = …;`, and `tabs.viewControllers = [...]`.
  mutating func bind(_ statement: [SourceToken]) {
    guard let equals = CodeStatements.topLevel(statement, "=").first, equals > 0 else { return }
    let left = Array(statement[..<equals])
    let value = Array(statement[(equals + 1)...])
    if left.count >= 3, left[left.count - 1].is("viewControllers"), left[left.count - 2].is("."),
      let target = left[left.count - 3].kind == .identifier ? left[left.count - 3].text : nil,
      var node = bindings[target], let children = list(value)
    {
      switch kindOf(node.className) {
      case .tabBar?: node.tabs = children
      case .navigation?: node.stack = children
      case .pageView?: node.pages = Array(children.prefix(1))
      default: node.children = children
      }
      bindings[target] = node
      return
    }
    guard let name = left.last(where: { $0.kind == .identifier }), left.count <= 5,
      left.first.map({ ["let", "var"].contains($0.text) || $0.kind == .identifier }) == true,
      let built = node(value), Self.depth(built) < 32
    else { return }
    bindings[name.text] = built
  }

  /// How deep a built tree is (variables can nest what one expression cannot).
  static func depth(_ node: Node) -> Int { 1 + (node.childNodes.map(depth).max() ?? 0) }

  /// A string literal's text: `"Main"` or `@"Main"` → Main.
  static func stringValue(_ token: SourceToken) -> String {
    String(token.text.drop(while: { $0 == "@" }).dropFirst().dropLast())
  }

  /// `[A(), B()]` or `@[a, b]`.
  func list(_ tokens: [SourceToken]) -> [Node]? {
    var tokens = CodeStatements.unwrapped(tokens)
    if tokens.first?.is("@") == true { tokens.removeFirst() }
    guard tokens.first?.is("[") == true, tokens.last?.is("]") == true,
      CodeStatements.closing(tokens, 0) == tokens.count
    else { return nil }
    return CodeLiterals.split(Array(tokens.dropFirst().dropLast()), at: ",").compactMap { node($0) }
  }

  /// A controller expression: a binding, `X()`, `X(rootViewController: E)`, `[[X alloc] init…]`,
  /// `[X new]`, a storyboard's `instantiateInitialViewController()` or `instantiateViewController(withIdentifier:)`.
  func node(_ written: [SourceToken], depth: Int = 0) -> Node? {
    guard depth < 32 else { return nil }
    let tokens = CodeStatements.unwrapped(written.filter { !$0.is(";") })
    guard let first = tokens.first else { return nil }
    if tokens.count == 1, let bound = bindings[first.text] { return bound }
    let texts = tokens.map(\.text)
    if let at = texts.firstIndex(where: {
      $0 == "instantiateInitialViewController" || $0 == "instantiateViewController"
    }) {
      let name = tokens.first(where: { $0.kind == .string }).map(Self.stringValue)
      let identifier =
        texts[at] == "instantiateViewController"
        ? tokens[at...].first(where: { $0.kind == .string }).map(Self.stringValue) : nil
      return storyboard(texts[at] == "instantiateViewController" ? nil : name, identifier)
    }
    // Objective-C: [[X alloc] init…] or [X new], with initWithRootViewController: E.
    if first.is("[") {
      let names = tokens.filter { $0.kind == .identifier }
      guard let className = names.first?.text, kindOf(className) != nil else { return nil }
      var node = Node(className: className)
      if let at = tokens.firstIndex(where: { $0.is("initWithRootViewController") }), at + 2 < tokens.count {
        // The argument runs to the message's closing bracket.
        if let root = self.node(Array(tokens[(at + 2)..<(tokens.count - 1)]), depth: depth + 1) {
          node.stack = [root]
        }
      }
      return node
    }
    // Swift: X(…) or X.init(…) or X().
    guard first.kind == .identifier, let kind = kindOf(first.text) else { return nil }
    var node = Node(className: first.text)
    guard let open = tokens.firstIndex(where: { $0.is("(") }) else { return nil }
    let close = CodeStatements.closing(tokens, open)
    let arguments = Array(tokens[(open + 1)..<max(open + 1, close - 1)])
    if arguments.count > 2, arguments[0].is("rootViewController"), arguments[1].is(":"), kind == .navigation,
      let root = self.node(Array(arguments[2...]), depth: depth + 1)
    {
      node.stack = [root]
    }
    return node
  }
}
