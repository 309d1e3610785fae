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
    if !CodeStatements.topLevel(tokens, "&&").isEmpty || !CodeStatements.topLevel(tokens, "||").isEmpty
      || !CodeStatements.topLevel(tokens, ",").isEmpty
    {
      return nil
    }
    if tokens[0].is("!") {
      return parse(Array(tokens.dropFirst()), depth: depth + 1).map { .not($0) }
    }
    // `if let vc = top as? PlayerVC`: the controller on top is one.
    if tokens[0].is("let") || tokens[0].is("var"), let cast = tokens.firstIndex(where: { $0.is("as") }),
      cast + 2 < tokens.count, tokens[cast + 1].is("?"), isClass(tokens[cast + 2].text)
    {
      return .topIs(tokens[cast + 2].text)
    }
    let names = tokens.filter { $0.kind == .identifier }.map(\.text)
    if let query = names.lazy.compactMap({ Self.transitions[$0] }).first,
      names.allSatisfy({
        Self.transitions[$0] != nil || ["self", "navigationController", "parent"].contains($0)
      })
    {
      return .transition(query)
    }
    if let device = deviceCondition(tokens, names: names) { return device }
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
      if let selector = names.firstIndex(where: { ["#selector", "@selector", "selector"].contains($0) }),
        selector + 1 < names.count
      {
        let method =
          names[selector + 1] == "self" && selector + 2 < names.count
          ? names[selector + 2] : names[selector + 1]
        return ScenarioDecoder.isIdentifier(method) ? method : nil
      }
    }
    return nil
  }
}
