// The fuzzer compiles the core and this module as one module, without RotationCore.
#if canImport(RotationCore)
  import RotationCore
#endif

/// The conditions app code writes around orientation, as the scenario's (`Condition`): a Bool flag
/// or property, a piece of state compared with a value, the transition a lifecycle method runs in
/// (`isMovingFromParent`), the device held sideways (`UIDevice.current.orientation.isLandscape`),
/// and the controller on top being of a class (`top is PlayerViewController`,
/// `isKindOfClass:`, `responds(to: #selector(canRotate))`).
struct CodeConditions {
  /// Whether a name is a Bool the scenario knows (an app flag, a Bool property).
  var isBool: (String) -> Bool
  /// The type of a piece of state, for a comparison.
  var stateType: (String) -> StateType?
  /// Whether a name is a class of the app (what `is` and `isKindOfClass:` test).
  var isClass: (String) -> Bool
  /// Whether a class is a container (a cast to it binds the window's root, not the top).
  var isContainer: (String) -> Bool = { _ in false }
  /// Whether a name is a method of the app's controllers that answers a Bool with a literal
  /// (`@objc func canRotate() -> Bool { false }`, overridden to `true` where rotation is allowed).
  var isBoolMethod: (String) -> Bool = { _ in false }
  /// What a computed property of the code's class returns (`isFullScreen` → `orientationMask.isFullScreen`).
  var computed: (String) -> [SourceToken]? = { _ in nil }
  /// What a computed property of an orientation type's extension returns, in `self`.
  var valueComputed: (String) -> [SourceToken]? = { _ in nil }

  static let transitions: [String: TransitionQuery] = [
    "isMovingFromParent": .isMovingFromParent, "isMovingFromParentViewController": .isMovingFromParent,
    "isMovingToParent": .isMovingToParent, "isMovingToParentViewController": .isMovingToParent,
    "isBeingDismissed": .isBeingDismissed, "isBeingPresented": .isBeingPresented,
  ]

  static let landscape: [DeviceOrientation] = [.landscapeLeft, .landscapeRight]
  static let portrait: [DeviceOrientation] = [.portrait, .portraitUpsideDown]

  /// The condition `written` says, or nil for one the scenario cannot say (`a && b`, a call).
  func parse(_ written: [SourceToken], depth: Int = 0) -> Condition? {
    let tokens = CodeStatements.unwrapped(written)
    guard !tokens.isEmpty, depth < 8 else { return nil }
    if !CodeStatements.topLevel(tokens, "&&").isEmpty || !CodeStatements.topLevel(tokens, "||").isEmpty {
      return nil
    }
    // `if let top = …, top.responds(to: …)`: the bindings hold; one test is the condition.
    if !CodeStatements.topLevel(tokens, ",").isEmpty {
      let tests = CodeLiterals.split(tokens, at: ",").filter { !bindingHolds($0) }
      return tests.count == 1 ? parse(tests[0], depth: depth + 1) : nil
    }
    if tokens[0].is("!") {
      return parse(Array(tokens.dropFirst()), depth: depth + 1).map { .not($0) }
    }
    // `if let vc = top as? PlayerVC`: the controller on top is one.
    if let tested = testedCast(tokens) { return .topIs(tested) }
    let names = tokens.filter { $0.kind == .identifier }.map(\.text)
    // `#available(iOS 16, *)`, `@available(iOS 16.0, *)`.
    if names.first == "#available" || names.first == "@available" {
      guard let number = tokens.first(where: { $0.kind == .number }), let version = SystemVersion(number.text)
      else {
        return nil
      }
      return .available(version)
    }
    if let query = names.lazy.compactMap({ Self.transitions[$0] }).first,
      names.allSatisfy({
        Self.transitions[$0] != nil || ["self", "navigationController", "parent"].contains($0)
      })
    {
      return .transition(query)
    }
    if let selected = selectedIndexCondition(tokens, names: names) { return selected }
    // `top.canRotate()`, `[top canRotate]`, `top.canRotate() == true`: the controller on top is
    // one of the classes whose method answers YES.
    if let marker = boolMethodCall(tokens) { return marker }
    if let device = deviceCondition(tokens, names: names) { return device }
    if let interface = interfaceCondition(tokens, names: names) { return interface }
    if let top = topCondition(tokens, names: names) { return .topIs(top) }
    // `NAME == VALUE`, `NAME != VALUE` for a piece of state.
    for comparison in ["==", "!="] {
      guard let at = CodeStatements.topLevel(tokens, comparison).first, at > 0 else { continue }
      let left = Array(tokens[..<at])
      let right = Array(tokens[(at + 1)...])
      guard let name = left.last(where: { $0.kind == .identifier })?.text, left.last?.kind == .identifier,
        let type = stateType(name), type != .bool, let value = CodeState.value(right, type: type)
      else { continue }
      return comparison == "==" ? .equals(name, value) : .not(.equals(name, value))
    }
    if let (flag, negated) = CodeValues<Bool>.flag(tokens), isBool(flag) {
      return negated ? .not(.flag(flag)) : .flag(flag)
    }
    return nil
  }

  /// The view controller class a binding casts to (`let vc = top as? PlayerVC`): a test of the
  /// controller on top. A cast to a container, or of the window's root, is not one.
  func testedCast(_ tokens: [SourceToken]) -> String? {
    guard tokens.first?.is("let") == true || tokens.first?.is("var") == true,
      let cast = tokens.firstIndex(where: { $0.is("as") }), cast + 2 < tokens.count,
      tokens[cast + 1].is("?")
        || tokens[cast + 1].is("!"),
      isClass(tokens[cast + 2].text), !tokens.contains(where: { $0.is("rootViewController") })
    else { return nil }
    let name = tokens[cast + 2].text
    return ["UINavigationController", "UITabBarController", "UISplitViewController", "UIPageViewController"]
      .contains(name) || isContainer(name) ? nil : name
  }

  /// Whether a clause is a binding that holds (`let x = …` that is no test of the controller on top).
  func bindingHolds(_ clause: [SourceToken]) -> Bool {
    guard clause.first?.is("let") == true || clause.first?.is("var") == true else { return false }
    return testedCast(clause) == nil
  }

  /// Whether every clause of a condition is a binding that holds.
  func bindingsOnly(_ tokens: [SourceToken]) -> Bool {
    let clauses = CodeLiterals.split(CodeStatements.unwrapped(tokens), at: ",")
    return !clauses.isEmpty && clauses.allSatisfy(bindingHolds)
  }

  /// Whether the condition holds on every device the model has: `[[UIDevice currentDevice]
  /// respondsToSelector:@selector(setOrientation:)]` (the guard around an `NSInvocation`).
  static func holdsAlways(_ tokens: [SourceToken]) -> Bool {
    let names = Set(tokens.filter { $0.kind == .identifier }.map(\.text))
    // `if !(window.isKeyWindow) { window.makeKeyAndVisible() }`: making a key window key again
    // changes nothing, so the block may as well run.
    if names.contains("isKeyWindow") { return true }
    return (names.contains("respondsToSelector") || names.contains("responds"))
      && (names.contains("UIDevice") || names.contains("currentDevice"))
  }

  /// `selectedIndex == 0`, `selectedViewController == viewControllers[0]`,
  /// `[self.selectedViewController isEqual:[self.viewControllers objectAtIndex:0]]`.
  func selectedIndexCondition(_ tokens: [SourceToken], names: [String]) -> Condition? {
    guard
      names.contains("selectedIndex")
        || names.contains("selectedViewController") && names.contains("viewControllers"),
      let number = tokens.last(where: { $0.kind == .number }), let index = Int(number.text)
    else { return nil }
    let negated = tokens.contains { $0.is("!=") } || tokens.first?.is("!") == true
    return negated ? .not(.selectedIndex(index)) : .selectedIndex(index)
  }

  /// A call of a Bool method that marks classes (`isBoolMethod`), compared with a literal or not.
  func boolMethodCall(_ tokens: [SourceToken]) -> Condition? {
    var call = tokens
    var negated = false
    for comparison in ["==", "!="] {
      if let at = CodeStatements.topLevel(call, comparison).first,
        let value = CodeValues<Bool>.bool(Array(call[(at + 1)...]))
      {
        negated = (comparison == "==") != value
        call = Array(call[..<at])
      }
    }
    call = CodeStatements.unwrapped(call)
    var texts = call.map(\.text)
    if texts.first == "[", texts.last == "]" { texts = Array(texts.dropFirst().dropLast()) }
    if texts.suffix(2) == ["(", ")"] { texts = Array(texts.dropLast(2)) }
    guard let name = texts.last, isBoolMethod(name), texts.count >= 2 else { return nil }
    return negated ? .not(.topIs(name)) : .topIs(name)
  }

  /// `UIApplication.shared.statusBarOrientation.isPortrait`, `windowScene.interfaceOrientation ==
  /// .landscapeLeft`, `UIInterfaceOrientationIsLandscape(…)`.
  func interfaceCondition(_ tokens: [SourceToken], names: [String]) -> Condition? {
    let landscape: [InterfaceOrientation] = [.landscapeLeft, .landscapeRight]
    let portrait: [InterfaceOrientation] = [.portrait, .portraitUpsideDown]
    if names.contains("UIInterfaceOrientationIsLandscape") { return .interface(landscape) }
    if names.contains("UIInterfaceOrientationIsPortrait") { return .interface(portrait) }
    guard names.contains("statusBarOrientation") || names.contains("interfaceOrientation") else { return nil }
    if names.last == "isLandscape" { return .interface(landscape) }
    if names.last == "isPortrait" { return .interface(portrait) }
    for comparison in ["==", "!="] {
      guard let at = CodeStatements.topLevel(tokens, comparison).first else { continue }
      guard let orientation = CodeLiterals.orientation(Array(tokens[(at + 1)...])) else { return nil }
      return comparison == "==" ? .interface([orientation]) : .not(.interface([orientation]))
    }
    return nil
  }

  /// `UIDevice.current.orientation.isLandscape`, `UIDeviceOrientationIsPortrait(…)`,
  /// `UIDevice.current.orientation == .landscapeLeft`.
  func deviceCondition(_ tokens: [SourceToken], names: [String]) -> Condition? {
    if names.contains("UIDeviceOrientationIsLandscape") { return .device(Self.landscape) }
    if names.contains("UIDeviceOrientationIsPortrait") { return .device(Self.portrait) }
    let fromDevice =
      names.contains("orientation") && (names.contains("UIDevice") || names.contains("currentDevice"))
    guard fromDevice else { return nil }
    if names.last == "isLandscape" { return .device(Self.landscape) }
    if names.last == "isPortrait" { return .device(Self.portrait) }
    if names.last == "isFlat" { return .device([.faceUp, .faceDown]) }
    for comparison in ["==", "!="] {
      guard let at = CodeStatements.topLevel(tokens, comparison).first else { continue }
      let right = CodeStatements.unwrapped(Array(tokens[(at + 1)...]))
      guard let name = CodeLiterals.member(right, type: "UIDeviceOrientation"),
        let orientation = DeviceOrientation(name: name)
      else { return nil }
      return comparison == "==" ? .device([orientation]) : .not(.device([orientation]))
    }
    return nil
  }

  /// The class or selector a test of the controller on top names: `x is C`, `isKind(of: C.self)`,
  /// `[x isKindOfClass:[C class]]`, `responds(to: #selector(canRotate))`,
  /// `[x respondsToSelector:@selector(canRotate)]`.
  func topCondition(_ tokens: [SourceToken], names: [String]) -> String? {
    if let at = tokens.firstIndex(where: { $0.is("is") }), at + 1 < tokens.count, at > 0,
      isClass(tokens[at + 1].text)
    {
      return tokens[at + 1].text
    }
    for test in ["isKind", "isKindOfClass", "isMember", "isMemberOfClass"] where names.contains(test) {
      if let after = names.firstIndex(of: test), let tested = names[(after + 1)...].first(where: isClass) {
        return tested
      }
    }
    for test in ["responds", "respondsToSelector"] where names.contains(test) {
      // `Selector("canRotate")`, `NSSelectorFromString(@"canRotate")`.
      if let string = tokens.first(where: { $0.kind == .string }) {
        let method = CodeTree.stringValue(string).prefix(while: { $0 != ":" })
        return ScenarioDecoder.isIdentifier(String(method)) ? String(method) : nil
      }
      // `#selector(canRotate)`, `#selector(PlayerVC.canRotate)`, `@selector(canRotate)`: the method,
      // the last name before the selector's `(` closes (its labels come after it).
      if let selector = tokens.firstIndex(where: { ["#selector", "@selector"].contains($0.text) }),
        selector + 1 < tokens.count, tokens[selector + 1].is("(")
      {
        let close = CodeStatements.closing(tokens, selector + 1)
        let inside = tokens[(selector + 2)..<max(selector + 2, close - 1)].prefix {
          !$0.is("(") && !$0.is(":")
        }
        guard let method = inside.last(where: { $0.kind == .identifier })?.text else { return nil }
        return ScenarioDecoder.isIdentifier(method) ? method : nil
      }
    }
    return nil
  }
}
