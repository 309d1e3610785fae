/// The arguments a person can give a method that reads them (an imported Dart or JavaScript
/// function, docs/import.md#dart-and-javascript): the literal lists its callers pass, and for a
/// method that only compares its argument, each value it compares with — so the step menu offers
/// `ChartScreen.setFullScreen("landscape")` rather than a call that runs nothing.
extension Scenario {
  /// The argument lists worth offering for `method`, in the order first met; empty when the
  /// method reads no argument.
  public func argumentChoices(for method: String) -> [[JSONValue]] {
    guard let actions = app.methods.first(where: { $0.name == method })?.actions, Self.readsArguments(actions)
    else { return [] }
    var choices: [[JSONValue]] = []
    func add(_ args: [JSONValue]) {
      if !args.isEmpty, !args.contains(where: Self.readsArgument), !choices.contains(args) {
        choices.append(args)
      }
    }
    for list in [steps] + app.methods.map(\.actions)
      + classes.flatMap({ $0.hooks.map(\.actions) + $0.methods.map(\.actions) })
    {
      Self.visit(list) { action in
        if case .call(method, _, let args) = action { add(args) }
      }
    }
    Self.visit(actions) { action in
      if case .when(let condition, _, _) = action {
        for case .argument(0, let value) in Self.tests(condition) { add([value]) }
      }
    }
    return choices
  }

  /// Every action of `actions`, branches' included.
  static func visit(_ actions: [Action], _ body: (Action) -> Void) {
    for action in actions {
      body(action)
      if case .when(_, let then, let otherwise) = action {
        visit(then, body)
        visit(otherwise, body)
      }
    }
  }

  static func tests(_ condition: Condition) -> [Condition] {
    if case .not(let inner) = condition { return tests(inner) }
    return [condition]
  }

  static func readsArguments(_ actions: [Action]) -> Bool {
    var reads = false
    visit(actions) { action in
      switch action {
      case .plugin(let call): reads = reads || call.args.contains(where: readsArgument)
      case .call(_, _, let args): reads = reads || args.contains(where: readsArgument)
      case .when(let condition, _, _):
        reads =
          reads || tests(condition).contains { if case .argument = $0 { return true } else { return false } }
      default: break
      }
    }
    return reads
  }

  /// Whether a value holds `{"arg": N}`.
  static func readsArgument(_ value: JSONValue) -> Bool {
    if value.argumentIndex != nil { return true }
    switch value {
    case .object(let members): return members.contains { readsArgument($0.value) }
    case .array(let items): return items.contains(where: readsArgument)
    default: return false
    }
  }
}
