// The fuzzer compiles the core and this module as one module, without RotationCore.
#if canImport(RotationCore)
  import RotationCore
#endif

/// A lifecycle method's or a method's statements as scenario actions: forcing through KVC
/// (`UIDevice.current.setValue(UIInterfaceOrientation.landscapeRight.rawValue, forKey: "orientation")`),
/// `attemptRotationToDeviceOrientation`, `setNeedsUpdateOfSupportedInterfaceOrientations`,
/// `requestGeometryUpdate(.iOS(interfaceOrientations: …))`, setting a Bool flag, and calling
/// another method of the class. `DispatchQueue.main.async { … }` runs its block at once (the model
/// has no run loop). Statements that only log or call `super` are dropped silently; any other
/// statement that touches orientation is reported with its line.
struct CodeActions {
  let owner: String
  let language: SourceLanguage
  /// Whether a name is a flag (a Bool property or shared variable the import knows).
  let isFlag: (String) -> Bool
  /// The methods the class (or its superclasses) has, by base name.
  let methods: Set<String>
  var actions: [Action] = []
  var notes: [(line: Int, text: String)] = []
  var flagsSet: [String] = []
  var ignored = 0
  /// The mask of a geometry preferences object made in an earlier statement.
  var pendingGeometry: OrientationMask?
  /// Local variables and their values (`let orientation = UIInterfaceOrientation.landscapeRight`,
  /// `NSNumber *value = [NSNumber numberWithInt:UIInterfaceOrientationLandscapeRight];`).
  var locals: [String: [SourceToken]] = [:]

  init(owner: String, language: SourceLanguage, isFlag: @escaping (String) -> Bool, methods: Set<String>) {
    self.owner = owner
    self.language = language
    self.isFlag = isFlag
    self.methods = methods
  }

  mutating func read(_ body: [SourceToken], depth: Int = 0) {
    for statement in CodeStatements.split(body, language: language) {
      self.statement(statement, depth: depth)
    }
  }

  mutating func statement(_ tokens: [SourceToken], depth: Int) {
    guard let head = tokens.first else { return }
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
      notes.append((line, tr("the block of %s… runs at once here (the model has no run loop)", head.text)))
      return
    }
    if head.is("if") || head.is("guard") || head.is("switch") {
      if names.contains(where: Self.touchesOrientation) {
        notes.append(
          (line, tr("a condition (%s) around rotation code: its actions are not modelled", head.text)))
      } else {
        ignored += 1
      }
      return
    }
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
    if names.contains("setNeedsUpdateOfSupportedInterfaceOrientations") {
      let texts = tokens.prefix(4).map(\.text)
      let onSelf =
        texts.first == "setNeedsUpdateOfSupportedInterfaceOrientations"
        || texts.starts(with: ["self", ".", "setNeedsUpdateOfSupportedInterfaceOrientations"])
        || texts.starts(with: ["[", "self", "setNeedsUpdateOfSupportedInterfaceOrientations"])
      actions.append(.setNeedsUpdateOfSupportedInterfaceOrientations(onSelf ? owner : nil))
      if !onSelf {
        notes.append(
          (
            line,
            tr(
              "setNeedsUpdateOfSupportedInterfaceOrientations on another controller: sent to the deciding one"
            )
          ))
      }
      return
    }
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
      let mask = CodeLiterals.mask(Array(tokens[(at + 2)..<end]))
      if mask == nil {
        notes.append(
          (
            line,
            tr(
              "geometry preferences with %s: not a literal mask", CodeStatements.text(tokens[(at + 2)..<end]))
          ))
      }
      if names.contains("requestGeometryUpdate") || names.contains("requestGeometryUpdateWithPreferences") {
        if let mask { actions.append(.requestGeometryUpdate(mask)) }
      } else {
        pendingGeometry = mask
      }
      return
    }
    if names.contains("requestGeometryUpdate") || names.contains("requestGeometryUpdateWithPreferences") {
      if let mask = pendingGeometry {
        actions.append(.requestGeometryUpdate(mask))
      } else {
        notes.append((line, tr("requestGeometryUpdate with preferences made elsewhere: not modelled")))
      }
      return
    }
    if let (name, value) = Self.binding(tokens) {
      let expanded = value.flatMap { token in
        token.kind == .identifier ? locals[token.text] ?? [token] : [token]
      }
      // A bound on what a local holds: variables built from variables could grow without end.
      locals[name] = expanded.count <= 64 ? expanded : nil
      let literal = value.contains(where: {
        $0.text.hasPrefix("UIInterfaceOrientation") || $0.text.hasPrefix("UIDeviceOrientation")
      })
      if literal || !names.contains(where: Self.touchesOrientation) {
        if !literal { ignored += 1 }
        return
      }
    }
    if let equals = CodeStatements.topLevel(tokens, "=").first, equals > 0,
      let value = CodeValues<Bool>.bool(Array(tokens[(equals + 1)...])),
      let name = tokens[..<equals].last(where: { $0.kind == .identifier })?.text,
      tokens[equals - 1].kind == .identifier, isFlag(name)
    {
      actions.append(.setFlag(name, value))
      if !flagsSet.contains(name) { flagsSet.append(name) }
      return
    }
    if let called = calledMethod(tokens) {
      actions.append(.call(called, on: nil))
      return
    }
    if names.contains(where: Self.touchesOrientation) {
      notes.append((line, tr("%s: not modelled", CodeStatements.text(tokens))))
    } else {
      ignored += 1
    }
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

  /// `foo()`, `self.foo(animated: true)`, `[self foo]`, `[self foo:YES]` for a method of the class.
  func calledMethod(_ tokens: [SourceToken]) -> String? {
    var list = tokens
    if list.first?.is("[") == true { list = Array(list.dropFirst()) }
    if list.first?.is("self") == true { list = Array(list.dropFirst()) }
    if list.first?.is("?") == true { list = Array(list.dropFirst()) }  // `self?.rotate()` in a weak closure
    if list.first?.is(".") == true || list.first?.is("?.") == true { list = Array(list.dropFirst()) }
    guard let name = list.first, name.kind == .identifier, methods.contains(name.text) else { return nil }
    return name.text
  }

  static func touchesOrientation(_ name: String) -> Bool {
    name.contains("rientation") || name.contains("otate") || name.contains("Geometry")
  }

  /// The device orientation a KVC forcing call sets, by raw value: `UIInterfaceOrientation.landscapeRight`
  /// is 3, which UIDevice reads as `UIDeviceOrientationLandscapeLeft`.
  mutating func forcing(_ written: [SourceToken], line: Int) {
    let tokens = written.flatMap { token in
      token.kind == .identifier ? locals[token.text] ?? [token] : [token]
    }
    let texts = tokens.map(\.text)
    if texts.contains("preferredInterfaceOrientationForPresentation") {
      actions.append(.setDeviceOrientation(.selfPreferred))
      return
    }
    for (index, token) in tokens.enumerated() where token.kind == .identifier {
      var written: (type: String, name: String)?
      for type in ["UIInterfaceOrientation", "UIDeviceOrientation"] {
        if token.text == type, index + 2 < tokens.count, tokens[index + 1].is("."),
          tokens[index + 2].kind == .identifier
        {
          written = (type, tokens[index + 2].text)
        } else if token.text.hasPrefix(type), token.text.count > type.count,
          !token.text.hasPrefix(type + "Mask")
        {
          let rest = token.text.dropFirst(type.count)
          written = (type, rest.prefix(1).lowercased() + rest.dropFirst())
        }
      }
      guard let written else { continue }
      let raw: Int?
      if written.type == "UIInterfaceOrientation" {
        raw = InterfaceOrientation(name: written.name)?.rawValue
      } else {
        raw = DeviceOrientation(name: written.name)?.rawValue
      }
      guard let raw, let device = DeviceOrientation(rawValue: raw) else { continue }
      actions.append(.setDeviceOrientation(.orientation(device)))
      if written.type == "UIInterfaceOrientation" && device.name != written.name {
        notes.append(
          (
            line,
            tr(
              "%1$s.%2$s is %3$s, which UIDevice reads as UIDeviceOrientation.%4$s (%5$s)",
              written.type, written.name, raw, device.name,
              PhraseStyle.citation(Rule("kvc-preferred-raw-value")))
          ))
      }
      return
    }
    if let number = tokens.first(where: { $0.kind == .number }), let raw = Int(number.text),
      let device = DeviceOrientation(rawValue: raw)
    {
      actions.append(.setDeviceOrientation(.orientation(device)))
      return
    }
    notes.append(
      (line, tr("a forcing call whose orientation is not a literal: %s", CodeStatements.text(written))))
  }
}
