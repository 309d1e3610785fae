// The fuzzer compiles the core and this module as one module, without RotationCore.
#if canImport(RotationCore)
  import RotationCore
#endif

/// What an imported scenario's answers and actions read and set, gathered once the classes are
/// built: the flags and pieces of state they name, the classes and protocols their `topIs`
/// conditions test, and the properties presenters set on the controllers they make.
struct StateUse {
  /// Names read or set, in order of first use.
  var names: [String] = []
  /// What `topIs` conditions name.
  var tops: [String] = []

  /// Whether the properties a push or present sets count (they are the new instance's, not a
  /// read of the code's own state).
  var nodes = true

  init() {}

  init(_ scenario: Scenario) {
    if let choice = scenario.rootIf { note(choice.flag) }
    readApp(scenario.app)
    for spec in scenario.classes { read(spec) }
  }

  mutating func readApp(_ app: AppConfig) {
    if let value = app.supportedInterfaceOrientationsForWindow { read(value) }
    // The answer under a signature UIKit never calls still names its flags (the file must load).
    if let value = app.unhooked?.answer { read(value) }
    if let value = app.asDelegate?.supportedInterfaceOrientations { read(value) }
    if let value = app.asDelegate?.preferredInterfaceOrientationForPresentation { read(value) }
    for method in app.methods { read(method.actions) }
  }

  mutating func read(_ spec: ClassSpec) {
    read(spec.shouldAutorotate)
    read(spec.supportedInterfaceOrientations)
    read(spec.preferredInterfaceOrientationForPresentation)
    if let value = spec.delegate?.supportedInterfaceOrientations { read(value) }
    if let value = spec.delegate?.preferredInterfaceOrientationForPresentation { read(value) }
    for actions in spec.hooks.map(\.actions) + spec.methods.map(\.actions) { read(actions) }
  }

  mutating func note(_ name: String) { if !names.contains(name) { names.append(name) } }

  mutating func read<T>(_ override: Override<T>?) {
    guard let override else { return }
    override.values.forEach { read($0) }
    for condition in override.conditions { read(condition) }
  }

  mutating func read<T>(_ value: Value<T>) {
    value.flags.forEach { note($0) }
    for condition in value.conditions { read(condition) }
  }

  mutating func read(_ condition: Condition) {
    switch condition {
    case .topIs(let name): if !tops.contains(name) { tops.append(name) }
    case .not(let inner): read(inner)
    default: condition.names.forEach { note($0) }
    }
  }

  mutating func read(_ actions: [Action]) {
    for action in actions {
      switch action {
      case .setFlag(let name, _), .setState(let name, _), .toggle(let name): note(name)
      case .when(let condition, let then, let otherwise):
        read(condition)
        read(then + otherwise)
      case .push(let node), .present(let node, _): if nodes { read(node) }
      case .inWindow(_, let inner): read([inner])
      default: break
      }
    }
  }

  mutating func read(_ node: Node) {
    node.properties.forEach { note($0.name) }
    node.childNodes.forEach { read($0) }
  }
}

extension Assembly {
  /// The app's state and each class's properties that the scenario uses, with their first values
  /// from the code; the base classes, protocols and methods that `topIs` tests name, listed in
  /// `isA` of the classes that are them; a test that no class passes is left out (it never holds).
  mutating func addState(_ scenario: inout Scenario, code: CodeReader, reads: StateUse) {
    let (app, properties) = code.declaredState()
    for name in reads.names {
      guard let declared = app[name] else { continue }
      scenario.app.state.append(StateVariable(name: name, value: declared.value))
      report.facts.append(
        .init(
          file: declared.file, line: declared.line,
          text: tr(
            "%s is the app's state (%s), %s at launch", name, declared.value.type.rawValue,
            declared.value.text)))
    }
    for index in scenario.classes.indices {
      let name = scenario.classes[index].name
      // The tapped button's state, where the class's actions read or set it.
      var own = StateUse()
      for actions in scenario.classes[index].hooks.map(\.actions)
        + scenario.classes[index].methods.map(\.actions)
      {
        own.read(actions)
      }
      if own.names.contains(CodeActions.senderState) {
        scenario.classes[index].properties.append(
          StateVariable(name: CodeActions.senderState, value: .bool(false)))
      }
      for property in reads.names {
        guard let declared = properties[name]?[property] else { continue }
        scenario.classes[index].properties.append(StateVariable(name: property, value: declared.value))
        report.facts.append(
          .init(
            file: declared.file, line: declared.line,
            text: tr(
              "%s.%s is each instance's own (%s), %s when it is made", name, property,
              declared.value.type.rawValue, declared.value.text)))
      }
    }
    // `topIs` names: a class, or a base class, protocol or method some classes are or have.
    let declared = Set(scenario.classes.map(\.name))
    var unmatched: Set<String> = []
    for top in reads.tops where !declared.contains(top) {
      var matched = false
      for index in scenario.classes.indices {
        let name = scenario.classes[index].name
        let chain = code.chain(name).project
        // A Bool method that marks classes: those whose answer is YES are one.
        let isOne =
          code.world.boolMethods.contains(top)
          ? code.boolMethod(top, of: name) == true
          : chain.contains { $0.name == top }
            || chain.contains { code.declaredProtocols($0.name).contains(top) }
            || chain.contains {
              $0.members.contains { $0.member.kind == .function && $0.member.baseName == top }
            }
        if isOne {
          scenario.classes[index].isA.append(top)
          matched = true
        }
      }
      if !matched {
        unmatched.insert(top)
        report.assumptions.append(
          .init(
            file: ".", line: nil,
            text: tr(
              "no controller class is, adopts or implements %s: a test of the controller on top for it never holds",
              top)))
      }
    }
    guard !unmatched.isEmpty else { return }
    func pruned<T>(_ value: Value<T>) -> Value<T> { Self.pruning(value, unmatched) }
    scenario.app.supportedInterfaceOrientationsForWindow = scenario.app
      .supportedInterfaceOrientationsForWindow.map(pruned)
    for index in scenario.classes.indices {
      scenario.classes[index].supportedInterfaceOrientations = scenario.classes[index]
        .supportedInterfaceOrientations.map { Self.pruning($0, unmatched) }
      scenario.classes[index].shouldAutorotate = scenario.classes[index].shouldAutorotate.map {
        Self.pruning($0, unmatched)
      }
      scenario.classes[index].preferredInterfaceOrientationForPresentation = scenario.classes[index]
        .preferredInterfaceOrientationForPresentation.map { Self.pruning($0, unmatched) }
      scenario.classes[index].hooks = scenario.classes[index].hooks.map {
        ($0.selector, Self.pruning($0.actions, unmatched))
      }
      scenario.classes[index].methods = scenario.classes[index].methods.map {
        Method(name: $0.name, actions: Self.pruning($0.actions, unmatched))
      }
    }
  }

  /// An override without its tests of a controller on top that never holds, a branch's too.
  static func pruning<T>(_ override: Override<T>, _ never: Set<String>) -> Override<T> {
    switch override {
    case .value(let value): return .value(pruning(value, never))
    case .forward: return override
    case .branch(.topIs(let name), _, let otherwise) where never.contains(name):
      return pruning(otherwise, never)
    case .branch(.not(.topIs(let name)), let then, _) where never.contains(name): return pruning(then, never)
    case .branch(let condition, let then, let otherwise):
      return .branch(condition, then: pruning(then, never), else: pruning(otherwise, never))
    }
  }

  /// A value without its tests of a controller on top that never holds (they answer their else).
  static func pruning<T>(_ value: Value<T>, _ never: Set<String>) -> Value<T> {
    switch value {
    case .test(.topIs(let name), _, let otherwise) where never.contains(name):
      return pruning(otherwise, never)
    case .test(.not(.topIs(let name)), let then, _) where never.contains(name): return pruning(then, never)
    case .test(let condition, let then, let otherwise):
      return .test(condition, then: pruning(then, never), else: pruning(otherwise, never))
    case .conditional(let flag, let then, let otherwise):
      return .conditional(flag: flag, then: pruning(then, never), else: pruning(otherwise, never))
    case .window(let name, let then, let otherwise):
      return .window(name: name, then: pruning(then, never), else: pruning(otherwise, never))
    case .choose(let name, let cases, let otherwise):
      return .choose(
        name, cases: cases.map { SwitchCase($0.match, pruning($0.value, never)) },
        default: pruning(otherwise, never))
    case .literal, .read, .code: return value
    }
  }

  static func pruning(_ actions: [Action], _ never: Set<String>) -> [Action] {
    actions.flatMap { action -> [Action] in
      guard case .when(let condition, let then, let otherwise) = action else { return [action] }
      switch condition {
      case .topIs(let name) where never.contains(name): return pruning(otherwise, never)
      case .not(.topIs(let name)) where never.contains(name): return pruning(then, never)
      default: return [.when(condition, then: pruning(then, never), else: pruning(otherwise, never))]
      }
    }
  }
}
