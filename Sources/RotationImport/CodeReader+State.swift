// The fuzzer compiles the core and this module as one module, without RotationCore.
#if canImport(RotationCore)
  import RotationCore
#endif

/// The app's state as its code declares it: stored masks and orientations (and values of the app's
/// enums) in the app delegate, in shared places (a static property, a file-level variable) or in a
/// controller (each instance's own); the controllers classes keep in stored properties; the
/// functions of the app's other types, which calls inline.
extension CodeReader {
  /// A piece of state the code declares: its first value and where.
  struct DeclaredState {
    var value: StateValue
    var file: String
    var line: Int
    /// The class whose instances each hold one (nil: the app's, one for all).
    var owner: String?
  }

  /// The enums the app declares.
  var enumNames: Set<String> {
    Set(files.flatMap { $0.declarations.filter(\.isEnum).map(\.name) })
  }

  /// The state type of a stored property, with the app's enums as `case` values.
  func stateType(of member: CodeMember, enums: Set<String>) -> StateType? {
    guard member.kind == .property, member.body == nil else { return nil }
    if let type = CodeState.type(of: member) { return type }
    let typeNames = member.type.filter { $0.kind == .identifier }.map(\.text)
    if typeNames.count == 1, enums.contains(typeNames[0]) { return .word }
    if let first = member.initial.first, enums.contains(first.text), CodeState.caseName(member.initial) != nil
    {
      return .word
    }
    return nil
  }

  /// The app's state and the controllers' properties the code declares.
  func declaredState() -> (app: [String: DeclaredState], properties: [String: [String: DeclaredState]]) {
    let enums = enumNames
    var app: [String: DeclaredState] = [:]
    var properties: [String: [String: DeclaredState]] = [:]
    let delegate = appDelegate?.name
    let setByPresenters = presenterSetBools()
    func add(_ member: CodeMember, file: String, owner: String?) {
      // A Bool is an app flag, unless a presenter sets it on the instance it makes: then each
      // instance has its own (`vc.enableAutorotate = true; push(vc)`).
      let perInstance = owner.map { setByPresenters.contains("\($0).\(member.name)") } == true
      guard member.kind == .property, member.body == nil,
        let type = perInstance ? .bool : stateType(of: member, enums: enums),
        ScenarioDecoder.isIdentifier(member.name)
      else {
        return
      }
      let declared = DeclaredState(
        value: CodeState.first(member, type: type), file: file, line: member.line, owner: owner)
      if let owner {
        if properties[owner]?[member.name] == nil { properties[owner, default: [:]][member.name] = declared }
      } else if app[member.name] == nil {
        app[member.name] = declared
      }
    }
    for source in files {
      for global in source.globals { add(global, file: source.file, owner: nil) }
    }
    for name in order {
      guard let appClass = classes[name] else { continue }
      let controller = isController(name)
      for (member, file) in appClass.members {
        // A controller's instance property is each instance's; the app delegate's, a static
        // one's and another type's are the app's.
        add(member, file: file, owner: controller && !member.isStatic && name != delegate ? name : nil)
      }
    }
    // What the app delegate's launch sets is the state's value at launch (`self.mask = …` in
    // `application:didFinishLaunchingWithOptions:`).
    if let delegate = appDelegate {
      for (member, file) in delegate.members
      where member.kind == .function && member.name.contains("inishLaunching") {
        for statement in CodeStatements.split(member.body ?? [], language: delegate.language) {
          guard let equals = CodeStatements.topLevel(statement, "=").first, equals > 0,
            statement[equals - 1].kind == .identifier, let declared = app[statement[equals - 1].text],
            let value = CodeState.value(Array(statement[(equals + 1)...]), type: declared.value.type)
          else { continue }
          app[statement[equals - 1].text] = DeclaredState(
            value: value, file: file, line: statement[0].line, owner: nil)
        }
      }
    }
    // A class has its project base classes' properties too.
    for name in order where isController(name) {
      for base in chain(name).project.dropFirst() {
        for (property, declared) in properties[base.name] ?? [:] where properties[name]?[property] == nil {
          properties[name, default: [:]][property] = declared
        }
      }
    }
    return (app, properties)
  }

  /// The Bool properties (`Class.name`) that some code sets on a controller it has just made
  /// (`let vc = PlayerVC(); vc.enableAutorotate = true`).
  func presenterSetBools() -> Set<String> {
    var found: Set<String> = []
    let tree = CodeTree(language: .swift, kindOf: { kind(of: $0) }, storyboard: { _, _ in nil })
    for name in order where isController(name) {
      for (member, _) in classes[name]?.members ?? [] where member.kind == .function {
        var made: [String: String] = [:]
        for var statement in Self.statementsDeep(member.body ?? [], language: classes[name]!.language) {
          // `case 0: vc.flag = true` in a switch.
          if statement.first?.is("case") == true || statement.first?.is("default") == true,
            let colon = statement.firstIndex(where: { $0.is(":") })
          {
            statement = Array(statement[(colon + 1)...])
          }
          if let (local, value) = CodeActions.binding(statement) ?? guardOrIfBinding(statement) {
            let cast = value.lastIndex(where: { $0.is("as") }).flatMap { at in
              value[(at + 1)...].first(where: { $0.kind == .identifier })?.text
            }
            if let className = cast.flatMap({ isController($0) ? $0 : nil }) ?? tree.node(value)?.className {
              made[local] = className
            }
            continue
          }
          guard let equals = CodeStatements.topLevel(statement, "=").first, equals >= 3,
            statement[equals - 2].is("."), let local = statement.first?.text, let className = made[local],
            CodeValues<Bool>.bool(Array(statement[(equals + 1)...])) != nil
          else { continue }
          let property = statement[equals - 1].text
          if declares(className, property) { found.insert("\(className).\(property)") }
        }
        // What `prepare(for:sender:)` sets on a segue's destination (CodeSegues.swift).
        if CodeSegues.isPrepare(member), let body = member.body {
          for setting in CodeSegues.settings(body, language: classes[name]!.language)
          where CodeValues<Bool>.bool(setting.value) != nil && declares(setting.destination, setting.name) {
            found.insert("\(setting.destination).\(setting.name)")
          }
        }
      }
    }
    return found
  }

  private func declares(_ className: String, _ property: String) -> Bool {
    chain(className).project.contains { appClass in
      appClass.members.contains { $0.member.kind == .property && $0.member.name == property }
    }
  }

  /// A body's statements, and those inside its blocks (an `if`'s, a `switch`'s), in order.
  static func statementsDeep(_ body: [SourceToken], language: SourceLanguage, depth: Int = 0)
    -> [[SourceToken]]
  {
    var result: [[SourceToken]] = []
    for statement in CodeStatements.split(body, language: language) {
      result.append(statement)
      guard depth < 6 else { continue }
      var index = 0
      while index < statement.count {
        if statement[index].is("{") {
          let close = CodeStatements.closing(statement, index)
          result += statementsDeep(
            Array(statement[(index + 1)..<max(index + 1, close - 1)]), language: language, depth: depth + 1)
          index = close
        } else {
          index += 1
        }
      }
    }
    return result
  }

  /// `guard let vc = E else { … }` or `if let vc = E`: the name and E.
  func guardOrIfBinding(_ statement: [SourceToken]) -> (String, [SourceToken])? {
    guard statement.first?.is("guard") == true || statement.first?.is("if") == true, statement.count > 4,
      statement[1].is("let") || statement[1].is("var"), statement[2].kind == .identifier, statement[3].is("=")
    else { return nil }
    let end = statement.firstIndex(where: { $0.is("else") || $0.is("{") }) ?? statement.count
    return (statement[2].text, Array(statement[4..<max(4, end)]))
  }

  /// The world one body's statements see (CodeWorld.swift), with the storyboards' lookups.
  func world(
    storyboard: @escaping (String?, String?) -> Node?,
    segue: @escaping (String) -> (node: Node, push: Bool, style: PresentationStyle?)?
  ) -> CodeWorld {
    var world = CodeWorld()
    let kinds = { (name: String) -> ControllerKind? in self.kind(of: name) }
    world.kind = kinds
    world.storyboard = storyboard
    world.segue = segue
    let (app, properties) = declaredState()
    world.appState = app.mapValues(\.value.type)
    world.properties = properties.mapValues { $0.mapValues(\.value.type) }
    let delegate = appDelegate?.name
    for name in order {
      guard let appClass = classes[name] else { continue }
      let controller = isController(name)
      for (member, file) in appClass.members {
        if controller, CodeSegues.isPrepare(member), let body = member.body {
          world.segueSettings[name, default: []] += CodeSegues.settings(body, language: appClass.language)
        }
        if controller || name == delegate, member.kind == .property,
          let node = storedController(member, kinds: kinds, storyboard: storyboard)
        {
          if name == delegate {
            world.delegateControllers[member.name] = node
          } else {
            world.storedControllers[name, default: [:]][member.name] = node
          }
        }
        if (!controller || name == delegate), member.kind == .function, member.body != nil {
          world.helpers[member.baseName, default: []].append(
            CodeWorld.Helper(owner: name, member: member, language: appClass.language, file: file))
        }
      }
    }
    // `weak var delegate: PlayerDelegate?`: the one controller adopting PlayerDelegate answers it.
    for name in order where isController(name) {
      for (member, _) in classes[name]?.members ?? []
      where member.kind == .property && member.name.lowercased().hasSuffix("delegate") {
        let types = Set(member.type.filter { $0.kind == .identifier }.map(\.text))
        let adopters = order.filter { isController($0) && !Set(protocols[$0] ?? []).isDisjoint(with: types) }
        if adopters.count == 1 { world.delegateTargets[name] = adopters[0] }
      }
    }
    world.codeWindows = codeWindows(storyboard: storyboard)
    for window in world.codeWindows {
      world.windowProperties[window.property] = window.window.name
    }
    world.mainWindowProperties = mainWindowProperties().values.reduce(into: []) { $0.formUnion($1) }
    // Functions of an extension of UIKit's controller classes (`extension UIViewController { func
    // rotate(to:) }`): every controller has them, so a call inlines them as it does the app's helpers.
    for (name, appClass) in uikitExtensions {
      for (member, file) in appClass.members where member.kind == .function && member.body != nil {
        world.helpers[member.baseName, default: []].append(
          CodeWorld.Helper(owner: name, member: member, language: appClass.language, file: file))
      }
    }
    // Bool methods answered with literals, in controllers or in an extension of UIKit's class.
    for appClass in classes.values.map({ $0 }) + uikitExtensions.values.map({ $0 }) {
      for (member, _) in appClass.members
      where member.kind == .function && member.parameters.isEmpty
        && member.type.contains(where: { ["Bool", "BOOL"].contains($0.text) })
        && Self.literalBool(member.body) != nil
        && (isController(appClass.name) || uikitExtensions[appClass.name] != nil)
      {
        world.boolMethods.insert(member.baseName)
      }
    }
    for (type, appClass) in classes
    where ["UIInterfaceOrientationMask", "UIInterfaceOrientation", "UIDeviceOrientation"].contains(type) {
      for (member, _) in appClass.members where member.kind == .property {
        if let getter = CodeConditions.returned(member.body) { world.valueComputed[member.name] = getter }
      }
    }
    for name in order where isController(name) {
      for appClass in answering(name) {
        for (member, _) in appClass.members
        where member.kind == .property && world.computed[name]?[member.name] == nil {
          if let getter = CodeConditions.returned(member.body) {
            world.computed[name, default: [:]][member.name] = getter
          }
          if !member.setterCondition.isEmpty {
            world.setterConditions[name, default: [:]][member.name] = member.setterCondition
          }
        }
      }
    }
    for name in order where isController(name) {
      var names: [String: String] = [:]
      for (call, scenarioName) in methodNaming(name) { names[call] = scenarioName }
      world.methodNames[name] = names
      for appClass in chain(name).project {
        for (member, file) in appClass.members
        where Self.isOwnMethod(member) && world.methods[name]?[member.name] == nil {
          world.methods[name, default: [:]][member.name] = CodeWorld.Helper(
            owner: appClass.name, member: member, language: appClass.language, file: file)
        }
      }
    }
    return world
  }

  /// The literal a Bool method's body returns (`return true`, `YES`).
  static func literalBool(_ body: [SourceToken]?) -> Bool? {
    guard var tokens = body?.filter({ !$0.is(";") }), !tokens.isEmpty else { return nil }
    if tokens.first?.is("return") == true { tokens.removeFirst() }
    return CodeValues<Bool>.bool(tokens)
  }

  /// What a class's Bool method answers (its most derived implementation, an extension of UIKit's
  /// class included), when a literal.
  func boolMethod(_ method: String, of name: String) -> Bool? {
    for appClass in answering(name) {
      if let (member, _) = appClass.members.last(where: {
        $0.member.kind == .function && $0.member.baseName == method && $0.member.body != nil
      }) {
        return Self.literalBool(member.body)
      }
    }
    return nil
  }

  /// The controller a stored property holds: its first value (`PlayerVC()`, a storyboard's), or
  /// its declared type when that is a controller class (`@property PlayerVC *player;`).
  func storedController(
    _ member: CodeMember, kinds: @escaping (String) -> ControllerKind?,
    storyboard: @escaping (String?, String?) -> Node?
  ) -> Node? {
    if !member.initial.isEmpty {
      let tree = CodeTree(language: .swift, kindOf: kinds, storyboard: storyboard)
      if let node = tree.node(member.initial) { return node }
    }
    if let body = member.body, member.body?.isEmpty == false {
      // `lazy var player: PlayerVC = { PlayerVC() }()` is read as its initial value by the scanner;
      // a computed property returning one is a getter.
      let tree = CodeTree(language: .swift, kindOf: kinds, storyboard: storyboard)
      if let returned = body.firstIndex(where: { $0.is("return") }),
        let node = tree.node(Array(body[(returned + 1)...]))
      {
        return node
      }
    }
    let typeNames = member.type.filter { $0.kind == .identifier }.map(\.text)
    if let controller = typeNames.last(where: { kinds($0) != nil && ControllerKind.uikitClasses[$0] == nil })
    {
      return Node(className: controller)
    }
    return nil
  }

  /// The scenario's names for a class's own methods, by the name the code calls each with: the
  /// base name, except where two methods share one, where the later keeps its labels
  /// (`tableView_didSelectRowAt`).
  func methodNaming(_ name: String) -> [(call: String, scenario: String)] {
    var taken: Set<String> = []
    var result: [(String, String)] = []
    for appClass in chain(name).project {
      for (member, _) in appClass.members where Self.isOwnMethod(member) {
        guard !result.contains(where: { $0.0 == member.name }) else { continue }
        var scenarioName = member.baseName
        if taken.contains(scenarioName) {
          let labels = member.name.dropFirst(member.baseName.count)
            .split(whereSeparator: { ":()".contains($0) }).map(String.init).filter { $0 != "_" }
          scenarioName = ([member.baseName] + labels).joined(separator: "_")
        }
        guard ScenarioDecoder.isIdentifier(scenarioName), taken.insert(scenarioName).inserted else {
          continue
        }
        result.append((member.name, scenarioName))
      }
    }
    return result
  }
}
