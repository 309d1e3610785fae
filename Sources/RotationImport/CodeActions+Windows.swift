// The fuzzer compiles the core and this module as one module, without RotationCore.
#if canImport(RotationCore)
  import RotationCore
#endif

/// What code does with the windows it keeps (CodeReader+Windows.swift): `landscapeWindow?
/// .makeKeyAndVisible()`, `landscapeWindow?.isHidden = true`, the main window kept from
/// `keyWindow` made key again; and the transition coordinator's blocks, which run as the
/// transition does.
extension CodeActions {
  /// The window a statement's receiver names (`landscapeWindow?`, `self.previousKeyWindow`).
  func window(_ receiver: [SourceToken]) -> String? {
    let names = receiver.filter { $0.kind == .identifier && !$0.is("self") }.map(\.text)
    guard names.count == 1, let property = names.first else { return nil }
    if let name = world.windowProperties[property] { return name }
    return world.mainWindowProperties.contains(property) ? "main" : nil
  }

  /// `W.makeKeyAndVisible()`, `W.isHidden = B`, `W.hidden = B`, `[W makeKeyAndVisible]`: true when
  /// the statement was one of these on a known window.
  mutating func windowStatement(_ tokens: [SourceToken]) -> Bool {
    var list = tokens
    if list.first?.is("[") == true, list.last?.is("]") == true { list = Array(list.dropFirst().dropLast()) }
    if let at = list.firstIndex(where: { $0.is("makeKeyAndVisible") }), at > 0,
      let name = window(Array(list[..<at]))
    {
      actions.append(.makeKeyAndVisible(name))
      return true
    }
    guard let equals = CodeStatements.topLevel(tokens, "=").first, equals > 1,
      tokens[equals - 1].is("isHidden") || tokens[equals - 1].is("hidden"),
      let name = window(Array(tokens[..<(equals - 1)])),
      let hidden = CodeValues<Bool>.bool(Array(tokens[(equals + 1)...]))
    else { return false }
    actions.append(hidden ? .hideWindow(name) : .showWindow(name))
    return true
  }

  /// `coordinator.animate(alongsideTransition: { … }, completion: { … })`: the blocks' statements,
  /// in order, as the transition runs them.
  mutating func coordinatorBlocks(_ tokens: [SourceToken], names: Set<String>, depth: Int) -> Bool {
    // `} completion: { … }`: a trailing closure the splitter leaves as a statement of its own.
    let trailing = tokens.count > 2 && tokens[0].is("completion") && tokens[1].is(":") && tokens[2].is("{")
    guard
      trailing
        || (names.contains("coordinator") || names.contains("animateAlongsideTransition"))
          && (names.contains("animate") || names.contains("animateAlongsideTransition")),
      depth < 6
    else { return false }
    var index = 0
    var read = false
    while index < tokens.count {
      guard tokens[index].is("{") else {
        index += 1
        continue
      }
      let close = CodeStatements.closing(tokens, index)
      var block = Array(tokens[(index + 1)..<max(index + 1, close - 1)])
      // `[unowned self] _ in`, `(context) in`: the closure's parameters.
      if let at = block.prefix(12).firstIndex(where: { $0.is("in") }) { block = Array(block[(at + 1)...]) }
      self.read(block, depth: depth + 1)
      read = true
      index = close
    }
    return read
  }
}

extension CodeActions {
  /// `delegate?.didRotate(orientation: o)`: the method of the controller that adopts the delegate
  /// protocol, read here with the call's arguments.
  mutating func delegateCallback(_ tokens: [SourceToken], line: Int, depth: Int) -> Bool {
    let list = Self.droppingSelf(tokens)
    guard list.count > 3, list[0].text.lowercased().hasSuffix("delegate"),
      let target = world.delegateTargets[owner]
    else { return false }
    var at = 1
    if list[at].is("?") { at += 1 }
    guard at < list.count - 1, list[at].is(".") || list[at].is("?.") else { return false }
    let call = Array(list[(at + 1)...])
    guard let called = Self.swiftName(call), let method = world.methods[target]?[called] else { return false }
    return inline(method, arguments: Self.arguments(call), line: line, depth: depth)
  }
}
