/// How the app's code reads its state (AppState.swift) at a moment of the simulation: a name is
/// the running controller's property if its class declares one, else the app's state, else an app
/// flag; a condition tests that, the controller on top, the device or the transition running.
extension SimulationState {
  /// The value of `name` for code running on `selfID` (nil: the app delegate's code).
  func value(of name: String, selfID: Int?, classes: [String: ClassSpec]) -> StateValue? {
    if let selfID, let controller = tree.controllers[selfID] {
      if let own = controller.properties[name] { return own }
      if let declared = classes[controller.className]?.property(named: name) { return declared.value }
    }
    if let value = values[name] { return value }
    if let flag = flags[name] { return .bool(flag) }
    return nil
  }

  /// Whether `condition` holds for code running on `selfID`.
  /// `arguments` are the running method's literal arguments (`Condition.argument`).
  func holds(_ condition: Condition, selfID: Int?, classes: [String: ClassSpec], arguments: [JSONValue] = [])
    -> Bool
  {
    switch condition {
    case .flag(let name): return value(of: name, selfID: selfID, classes: classes) == .bool(true)
    case .equals(let name, let expected): return value(of: name, selfID: selfID, classes: classes) == expected
    case .topIs(let name):
      // The controller being presented is on top while its own presentation decides.
      guard let top = presenting.map({ tree.top(from: $0) }) ?? tree.topController else { return false }
      let className = tree[top].className
      return className == name || classes[className]?.is(name) == true
    case .device(let orientations): return orientations.contains(deviceOrientation)
    case .interface(let orientations): return orientations.contains(interfaceOrientation)
    case .available(let version): return system >= version
    case .selectedIndex(let index): return selfID.flatMap { tree.controllers[$0]?.selected } == index
    case .transition(let query): return selfID.map { transitions[$0]?.contains(query) == true } ?? false
    case .argument(let index, let value): return index < arguments.count && arguments[index] == value
    case .not(let inner): return !holds(inner, selfID: selfID, classes: classes, arguments: arguments)
    }
  }

  /// `value`'s answer for code running on `selfID`; `window` is the window UIKit asks about (for
  /// `ifWindow`).
  func evaluate<T>(_ value: Value<T>, selfID: Int?, window: String, classes: [String: ClassSpec]) -> T {
    func inner(_ value: Value<T>) -> T { evaluate(value, selfID: selfID, window: window, classes: classes) }
    switch value {
    case .literal(let answer): return answer
    case .conditional(let flag, let then, let otherwise):
      return inner(holds(.flag(flag), selfID: selfID, classes: classes) ? then : otherwise)
    case .window(let name, let then, let otherwise): return inner(window == name ? then : otherwise)
    case .test(let condition, let then, let otherwise):
      return inner(holds(condition, selfID: selfID, classes: classes) ? then : otherwise)
    case .read(let name):
      // The file's check makes every read name a value of the answer's type; an answer UIKit's
      // class gets from a category, asked of a subclass without the property, reads its type's
      // first value.
      return self.value(of: name, selfID: selfID, classes: classes)?.answer(T.self)
        ?? StateValue.first(of: T.self)
    case .choose(let name, let cases, let otherwise):
      let current = self.value(of: name, selfID: selfID, classes: classes)
      return inner(cases.first(where: { $0.match == current })?.value ?? otherwise)
    case .code:
      // Code is run where the question is asked (Answers.runCode); a value read without it (a
      // fix's preview of a plain value) has no code to run.
      return StateValue.first(of: T.self)
    }
  }
}

extension SimulationState {
  /// The answer a branching override gives now for code running on `selfID`: a value or a forward.
  func resolve<T>(_ override: Override<T>, selfID: Int?, classes: [String: ClassSpec]) -> Override<T> {
    guard case .branch(let condition, let then, let otherwise) = override else { return override }
    return resolve(
      holds(condition, selfID: selfID, classes: classes) ? then : otherwise, selfID: selfID, classes: classes)
  }
}

extension StateValue {
  /// The value an answer of `T` takes when its state cannot be read: NO, every orientation, portrait.
  public static func first<T>(of: T.Type) -> T {
    if let value = false as? T { return value }
    if let value = OrientationMask.all as? T { return value }
    if let value = InterfaceOrientation.portrait as? T { return value }
    preconditionFailure("answers are Bools, masks or orientations")
  }
}
