// The fuzzer compiles the core and this module as one module, without RotationCore.
#if canImport(RotationCore)
  import RotationCore
#endif

/// How the app's code reaches UIKit indirectly: observers registered for the device's or the
/// interface's changes, `NSInvocation` with `setOrientation:`, a singleton's or helper object's
/// method, and the app's helpers, inlined with the call's arguments.
extension CodeActions {
  /// `NotificationCenter.default.addObserver(self, selector: #selector(rotated), name:
  /// UIDevice.orientationDidChangeNotification, object: nil)` and Objective-C's.
  mutating func observer(_ tokens: [SourceToken], line: Int) {
    let texts = tokens.map(\.text)
    let notification: String?
    if texts.contains("orientationDidChangeNotification")
      || texts.contains("UIDeviceOrientationDidChangeNotification")
      || texts.contains("UIDeviceOrientationDidChange")
    {
      notification = "UIDeviceOrientationDidChangeNotification"
    } else if texts.contains("didChangeStatusBarOrientationNotification")
      || texts.contains("UIApplicationDidChangeStatusBarOrientationNotification")
    {
      notification = "UIApplicationDidChangeStatusBarOrientationNotification"
    } else if texts.contains("willChangeStatusBarOrientationNotification")
      || texts.contains("UIApplicationWillChangeStatusBarOrientationNotification")
    {
      notification = "UIApplicationWillChangeStatusBarOrientationNotification"
    } else {
      notification = nil
    }
    guard let notification else { return }
    guard let selector = texts.firstIndex(where: { $0 == "#selector" || $0 == "@selector" }),
      let method = tokens[(selector + 1)...].first(where: { $0.kind == .identifier && !$0.is("self") })
    else {
      note(line, tr("an observer of %s without a method (a block): not modelled", notification))
      return
    }
    let name =
      methods.first(where: { $0.key.prefix(while: { $0 != "(" && $0 != ":" }) == method.text })?.value
      ?? method.text
    observers.removeAll { $0.notification == notification }
    observers.append(Observer(notification: notification, method: name))
  }

  /// `NSInvocation` calling `setOrientation:` on the device: forcing, with the argument it was given.
  mutating func invocationStatement(_ tokens: [SourceToken], names: Set<String>, line: Int) -> Bool {
    if tokens.contains(where: { $0.kind == .string && $0.text.contains("setOrientation:") }) {
      invoking = true
      return true
    }
    guard invoking else { return false }
    if names.contains("setArgument") || names.contains("setArgument:"),
      let ampersand = tokens.firstIndex(where: { $0.is("&") }), ampersand + 1 < tokens.count
    {
      invocation = expand([tokens[ampersand + 1]])
      return true
    }
    if names.contains("invoke"), let value = invocation {
      forcing(value, line: line)
      invoking = false
      return true
    }
    return false
  }

  /// A call of one of the app's helpers (`AppUtility.lockOrientation(.landscape, andRotateTo:
  /// .landscapeRight)`, `[[Rotator shared] rotateTo:UIInterfaceOrientationLandscapeRight]`): its
  /// body read here with the call's arguments.
  mutating func inlineHelper(_ tokens: [SourceToken], depth: Int) -> Bool {
    guard depth < 8, inlining.count < 4 else { return false }
    let objectiveC = tokens.first?.is("[") == true
    // The called function: the last name before the argument list (Swift) or the selector's first
    // part after the receiver (Objective-C).
    var calledAt: Int?
    if objectiveC {
      var level = 0
      for (index, token) in tokens.enumerated() {
        if token.is("[") { level += 1 }
        if token.is("]") { level -= 1 }
        if level == 1, index > 1, token.kind == .identifier,
          tokens[index - 1].is("]") || tokens[index - 1].kind == .identifier
        {
          calledAt = index
          break
        }
      }
    } else {
      calledAt = tokens.firstIndex(where: { $0.is("(") }).flatMap { $0 > 0 ? $0 - 1 : nil }
    }
    guard let at = calledAt, tokens[at].kind == .identifier, let candidates = world.helpers[tokens[at].text]
    else {
      return false
    }
    let receiverNames = Set(tokens[..<at].filter { $0.kind == .identifier }.map(\.text))
    let arguments =
      objectiveC
      ? Self.selectorArguments(Array(tokens[at...].dropLast())) : Self.arguments(Array(tokens[at...]))
    let fitting = candidates.filter { $0.member.parameters.count == arguments.count }
    guard
      let helper = fitting.first(where: { receiverNames.contains($0.owner) })
        ?? (fitting.count == 1 ? fitting.first : nil)
    else { return false }
    return inline(helper, arguments: arguments, line: tokens[0].line, depth: depth)
  }

  /// The arguments of a call: Swift's `f(a, to: b)` → `[a], [b]`; Objective-C's `[x f:a to:b]`.
  static func arguments(_ tokens: [SourceToken]) -> [[SourceToken]] {
    var list = tokens
    if list.first?.is("[") == true {
      list.removeFirst()
      while let first = list.first, first.kind == .identifier, list.count > 1, !list[1].is(":") {
        list.removeFirst()
      }
      return selectorArguments(Array(list.dropLast()))
    }
    guard let open = list.firstIndex(where: { $0.is("(") }) else { return [] }
    let close = CodeStatements.closing(list, open)
    let inner = Array(list[(open + 1)..<max(open + 1, close - 1)])
    guard !inner.isEmpty else { return [] }
    return CodeLiterals.split(inner, at: ",").map { argument in
      argument.count > 1 && argument[0].kind == .identifier && argument[1].is(":")
        ? Array(argument.dropFirst(2)) : argument
    }
  }

  /// Reads `helper`'s body here, its parameters bound to `arguments`; false when it cannot be.
  mutating func inline(_ helper: CodeWorld.Helper, arguments: [[SourceToken]], line: Int, depth: Int) -> Bool
  {
    guard let body = helper.member.body, helper.member.parameters.count == arguments.count, depth < 8,
      inlining.count < 4
    else { return false }
    let key = helper.owner + "." + helper.member.name
    guard !inlining.contains(key) else { return false }
    if let read = inlineByCases(helper, arguments: arguments, line: line, depth: depth) { return read }
    var bound: [String: [SourceToken]] = [:]
    for (index, parameter) in helper.member.parameters.enumerated() {
      let type =
        helper.member.parameterTypes.indices.contains(index)
        ? helper.member.parameterTypes[index].filter { $0.kind == .identifier }.map(\.text).first : nil
      var value = expand(arguments[index])
      // `.landscapeRight` for a `UIInterfaceOrientation` parameter: the type's case.
      if let type, type.hasPrefix("UI"), value.count == 2, value[0].is("."), value[1].kind == .identifier {
        value = [SourceToken(kind: .identifier, text: type, line: value[0].line), value[0], value[1]]
      }
      bound[parameter] = value
    }
    let outer = (locals, noteFile)
    locals.merge(bound) { _, new in new }
    noteFile = helper.file
    inlining.append(key)
    let before = actions.count
    read(body, depth: depth + 1)
    inlining.removeLast()
    (locals, noteFile) = outer
    if actions.count > before, !inlined.contains(where: { $0.name == key }) {
      inlined.append((key, helper.file, helper.member.line))
    }
    return true
  }

  /// The arguments of an Objective-C message's parts: `f:a g:b` → `[a], [b]`.
  static func selectorArguments(_ tokens: [SourceToken]) -> [[SourceToken]] {
    var arguments: [[SourceToken]] = []
    var level = 0
    var index = 0
    while index < tokens.count {
      let token = tokens[index]
      if token.is("[") || token.is("(") { level += 1 }
      if token.is("]") || token.is(")") { level -= 1 }
      if level == 0, token.is(":") {
        arguments.append([])
      } else if !arguments.isEmpty,
        !(level == 0 && token.kind == .identifier && index + 1 < tokens.count
          && tokens[index + 1].is(":"))
      {
        arguments[arguments.count - 1].append(token)
      }
      index += 1
    }
    return arguments
  }
}

extension CodeActions {
  /// A report line: where (the file of the helper being inlined, else the body's) and what.
  struct Note {
    var line: Int
    var text: String
    /// The file, when it is not the body's own (a helper's).
    var file: String?
  }

  mutating func note(_ line: Int, _ text: String) {
    notes.append(Note(line: line, text: text, file: noteFile))
  }
}

extension CodeActions {
  /// `switch EVENT.state { case .began: … }` in a handler: the one case whose statements do what
  /// the model sees is taken (a gesture's or a control's state is the person's, not the app's).
  mutating func switchStatement(_ tokens: [SourceToken], depth: Int) -> Bool {
    guard let open = CodeStatements.topLevel(tokens, "{").first else { return false }
    let close = CodeStatements.closing(tokens, open)
    let body = Array(tokens[(open + 1)..<max(open + 1, close - 1)])
    if let chain = deviceSwitch(subject: Array(tokens[1..<open]), body: body, depth: depth) {
      actions += chain
      return true
    }
    var cases: [(label: String, body: [SourceToken])] = []
    var index = 0
    while index < body.count {
      if body[index].is("case") || body[index].is("default") {
        var end = index + 1
        while end < body.count, !body[end].is(":") { end += 1 }
        cases.append((CodeStatements.text(body[index..<min(end, body.count)]), []))
        index = end + 1
        continue
      }
      if !cases.isEmpty { cases[cases.count - 1].body.append(body[index]) }
      index += 1
    }
    let taken = cases.map {
      ($0.label, branch(CodeStatements.split($0.body, language: language), depth: depth))
    }
    .filter { !$0.1.isEmpty }
    guard taken.count == 1 else { return false }
    actions += taken[0].1
    note(
      tokens[0].line,
      tr(
        "a switch over %s: the import takes %s, the one case that does something the model shows",
        CodeStatements.text(tokens[1..<open]), taken[0].0))
    return true
  }
}

extension CodeActions {
  /// `switch UIDevice.current.orientation { case .portrait: … }` (or over a local holding it): a
  /// chain of tests of the device's orientation, each case read with the local bound to its value.
  mutating func deviceSwitch(subject: [SourceToken], body: [SourceToken], depth: Int) -> [Action]? {
    let names = Set(expand(subject).filter { $0.kind == .identifier }.map(\.text))
    guard names.contains("orientation"), names.contains("UIDevice") || names.contains("currentDevice") else {
      return nil
    }
    let unwrapped = CodeStatements.unwrapped(subject)
    let local = unwrapped.count == 1 && unwrapped[0].kind == .identifier ? unwrapped[0].text : nil
    var otherwise: [Action] = []
    var arms: [(orientations: [DeviceOrientation], actions: [Action])] = []
    for arm in CodeStatements.switchArms(body) {
      let statements = CodeStatements.split(arm.body, language: language)
      guard let patterns = arm.patterns else {
        otherwise = branch(statements, depth: depth)
        continue
      }
      let orientations = patterns.compactMap {
        CodeLiterals.member(CodeStatements.unwrapped($0), type: "UIDeviceOrientation").flatMap(
          DeviceOrientation.init(name:))
      }
      guard orientations.count == patterns.count, !orientations.isEmpty else { return nil }
      guard let local else {
        arms.append((orientations, branch(statements, depth: depth)))
        continue
      }
      // Each case read with the local bound to it (`case .landscapeLeft, .landscapeRight: mask =
      // convert(device)` differs by case); one test for the cases that read alike.
      let saved = locals[local]
      var read: [(orientation: DeviceOrientation, actions: [Action])] = []
      for orientation in orientations {
        locals[local] = Self.typed("UIDeviceOrientation", orientation.name, line: 0)
        read.append((orientation, branch(statements, depth: depth)))
      }
      locals[local] = saved
      if read.allSatisfy({ $0.actions == read[0].actions }) {
        arms.append((orientations, read[0].actions))
      } else {
        arms += read.map { ([$0.orientation], $0.actions) }
      }
    }
    var chain = otherwise
    for arm in arms.reversed() {
      chain = [.when(.device(arm.orientations), then: arm.actions, else: chain)]
    }
    return chain
  }
}

extension String {
  var capitalizedFirstLetter: String { prefix(1).uppercased() + dropFirst() }
}
