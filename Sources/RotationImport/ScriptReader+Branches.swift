// The fuzzer compiles the core and this module as one module, without RotationCore.
#if canImport(RotationCore)
  import RotationCore
#endif

/// `if … else` in a Dart or JavaScript function, and the Bool state its conditions read: each
/// branch keeps its own steps (a Flutter `toggleFullScreen` that locks landscape in one branch and
/// portrait in the other must not run both), and `_isFullScreen = !_isFullScreen` inside the
/// function — or inside Flutter's `setState(() { … })`, which runs at once — is kept as a step.
extension ScriptReader {
  /// Values known before the app runs: `Platform.isIOS`, `Platform.OS === 'ios'`, `kIsWeb`.
  static let platformTruths: [String: Bool] = [
    "isIOS": true, "isAndroid": false, "kIsWeb": false, "isMacOS": false, "isWindows": false,
    "isLinux": false, "isFuchsia": false,
  ]

  /// The `if` at `index` in function `inside`: its condition, then its body (braces or one
  /// statement) until `endBranchBody`.
  mutating func openBranch(at index: Int, in inside: Int) {
    guard let close = matchingClose(index + 1) else { return }
    let condition = condition(in: (index + 2)..<close, parameters: functions[inside].parameters)
    append(.branch(condition, then: [], else: [], line: tokens[index].line), to: inside)
    var open = OpenBranch(function: inside)
    if code(close + 1, "{") { open.brace = close + 1 } else { open.statementNest = nest }
    branches.append(open)
  }

  /// After a branch's body (its `}` or its statement's `;` at `index`): an `else` opens the other
  /// body; otherwise the `if` ends, with the `else if` chains it closes.
  mutating func endBranchBody(after index: Int) {
    guard var open = branches.last else { return }
    if !open.inElse, code(index + 1, "else") {
      open.inElse = true
      open.brace = nil
      open.statementNest = nil
      if code(index + 2, "{") {
        open.brace = index + 2
      } else if code(index + 2, "if") {
        open.endsWithInner = true
      } else {
        open.statementNest = nest
      }
      branches[branches.count - 1] = open
      return
    }
    branches.removeLast()
    while let outer = branches.last, outer.endsWithInner, outer.inElse { branches.removeLast() }
  }

  /// Adds `step` to function `inside`, inside the branches open in it.
  mutating func append(_ step: ScriptStep, to inside: Int) {
    // A catch block runs only when what it guards fails: its calls are said, not run.
    if let function = frames.lastIndex(where: { $0.frame == .function(inside) }),
      frames[function...].contains(where: { $0.frame == .catchBody })
    {
      if case .plugin(let call, _, let line) = step {
        findings.append(
          .init(
            file: file, line: line,
            text: tr(
              "%s is in a catch block: it runs only when the code it guards fails: not modelled",
              call.call + "()")))
      }
      return
    }
    let path = branches.filter { $0.function == inside }.map(\.inElse)
    functions[inside].steps = Self.inserted(step, into: functions[inside].steps, path: path[...])
  }

  static func inserted(_ step: ScriptStep, into list: [ScriptStep], path: ArraySlice<Bool>) -> [ScriptStep] {
    guard let inElse = path.first, case .branch(let condition, var then, var other, let line)? = list.last
    else {
      return list + [step]
    }
    if inElse {
      other = inserted(step, into: other, path: path.dropFirst())
    } else {
      then = inserted(step, into: then, path: path.dropFirst())
    }
    return list.dropLast() + [.branch(condition, then: then, else: other, line: line)]
  }

  /// What the tokens of `range` test: a Bool name (negated with `!`, or compared with a Bool), a
  /// parameter compared with a literal, a platform truth, else the text as written.
  func condition(in range: Range<Int>, parameters: [String], depth: Int = 0) -> ScriptCondition {
    var range = range
    guard depth < 16 else { return .unread(range.map(text).joined(separator: " ")) }
    while let first = range.first, let last = range.last, code(first, "("), matchingClose(first) == last {
      range = (first + 1)..<last
    }
    let written = range.map(text).joined(separator: " ")
    // `a && b`, `a || b`: a part known before the app runs decides or drops out.
    for (word, decides) in [("||", true), ("&&", false)] {
      let parts = split(range, at: word)
      guard parts.count > 1 else { continue }
      let read = parts.map { condition(in: $0, parameters: parameters, depth: depth + 1) }
      if read.contains(.constant(decides)) { return .constant(decides) }
      let open = read.filter { $0 != .constant(!decides) }
      if open.isEmpty { return .constant(!decides) }
      return open.count == 1 ? open[0] : .unread(written)
    }
    var negated = false
    if let first = range.first, code(first, "!") {
      negated = true
      range = (first + 1)..<range.upperBound
    }
    if let truth = platformCall(range) { return .constant(truth != negated) }
    if let name = boolName(range) {
      if let truth = Self.platformTruths[name] { return .constant(truth != negated) }
      if range.count == 1, let position = parameters.firstIndex(of: name) {
        return .argument(position, .bool(true), negated: negated)
      }
      if range.count == 1, case .interface(let list, let was)? = orientationLocal(name) {
        return .interface(list, negated: was != negated)
      }
      return .flag(name, negated: negated)
    }
    guard !negated else { return .unread(written) }
    if let test = sizeComparison(range, parameters: parameters) { return test }
    // `a == b`, `a === b`, `a != b`, `a !== b` at the top level.
    let operators = ["==", "===", "!=", "!=="]
    if let index = topLevel(range, where: { tokens[$0].kind == .punctuation && operators.contains(text($0)) })
    {
      let different = text(index).hasPrefix("!")
      let left = range.lowerBound..<index
      let right = (index + 1)..<range.upperBound
      for (side, other) in [(left, right), (right, left)] {
        // A parameter compared with `Orientation.x` is the caller's argument, except the
        // orientation an OrientationBuilder's `builder` is given.
        let parameter = side.count == 1 ? parameters.firstIndex(of: text(side.lowerBound)) : nil
        if let list = layoutOrientation(other),
          side.map(text).last?.lowercased().hasSuffix("orientation") == true,
          parameter == nil || current.map({ functions[$0].name.hasSuffix(".builder") }) == true
        {
          return .interface(list, negated: different)
        }
        guard let value = literal(other, parameters: []) else { continue }
        if let position = parameter {
          return .argument(position, value, negated: different)
        }
        if case .bool(let truth) = value, side.count == 1,
          case .interface(let list, let was)? = orientationLocal(text(side.lowerBound))
        {
          return .interface(list, negated: was != (truth == different))
        }
        if case .bool(let truth) = value, let name = boolName(side) {
          return .flag(name, negated: truth == different)
        }
        if text(side.upperBound - 1) == "OS", case .string(let platform) = value {
          return .constant((platform == "ios") != different)
        }
      }
    }
    return .unread(written)
  }

  /// Flutter's `Orientation.portrait` (taller than wide: either portrait) and
  /// `Orientation.landscape` (either landscape).
  func layoutOrientation(_ range: Range<Int>) -> [InterfaceOrientation]? {
    guard language == .dart, range.count == 3, text(range.lowerBound) == "Orientation",
      code(range.lowerBound + 1, ".")
    else {
      return nil
    }
    switch text(range.lowerBound + 2) {
    case "portrait": return [.portrait, .portraitUpsideDown]
    case "landscape": return [.landscapeLeft, .landscapeRight]
    default: return nil
    }
  }

  /// `width > height` — the bare names of a file that reads React Native's `useWindowDimensions()`
  /// or `Dimensions.get('window')` (not the function's own parameters: `Image.getSize`'s callback
  /// gets an image's), or Flutter's `MediaQuery.of(context).size.width` — compared at the top level:
  /// the window is wider than tall exactly while the interface is landscape (a full-screen app on
  /// an iPhone). A video's or an image's size is not the window's: nil.
  func sizeComparison(_ range: Range<Int>, parameters: [String]) -> ScriptCondition? {
    let comparison = topLevel(range) {
      tokens[$0].kind == .punctuation && [">", "<", ">=", "<="].contains(text($0)) && $0 > range.lowerBound
        && $0 + 1 < range.upperBound
    }
    guard let index = comparison else { return nil }
    func side(_ part: Range<Int>) -> String? {
      let words = part.map(text)
      guard let last = words.last, ["width", "height"].contains(last) else { return nil }
      if language == .javaScript {
        return words.count == 1 && readsWindowSize && !parameters.contains(last) ? last : nil
      }
      return words.contains("MediaQuery") ? last : nil
    }
    guard let left = side(range.lowerBound..<index), let right = side((index + 1)..<range.upperBound),
      left != right
    else { return nil }
    let wider = (left == "width") == text(index).hasPrefix(">")
    return .interface(
      wider ? [.landscapeLeft, .landscapeRight] : [.portrait, .portraitUpsideDown], negated: false)
  }

  /// The first token of `range` outside any brackets in it that `matches`.
  func topLevel(_ range: Range<Int>, where matches: (Int) -> Bool) -> Int? {
    var depth = 0
    for index in range {
      if ["(", "[", "{"].contains(text(index)) { depth += 1 }
      if [")", "]", "}"].contains(text(index)) { depth -= 1 }
      if depth == 0, matches(index) { return index }
    }
    return nil
  }

  /// What the local `name` tests where the reader is: the function that declared it, or a closure
  /// inside that function.
  func orientationLocal(_ name: String) -> ScriptCondition? {
    guard let local = orientationLocals[name], let inside = current else { return nil }
    let here = functions[inside].name
    return here == local.function || here.hasPrefix(local.function + ".") ? local.test : nil
  }

  /// `final isPortrait = orientation == Orientation.portrait;` (an OrientationBuilder's or
  /// `MediaQuery.of(context).orientation`): a later `if (isPortrait)` tests the interface when it
  /// runs, as the widget is built again on each turn. Any other assignment to the name forgets it.
  mutating func readOrientationLocal(named name: String, valueAt index: Int) {
    let declared = declares(valueAt: index) && !code(index - 3, "return")
    orientationLocals[name] = nil
    guard declared, let inside = current else { return }
    var end = index
    var depth = 0
    while end < tokens.count, end - index < 64 {
      if ["(", "[", "{"].contains(text(end)) { depth += 1 }
      if [")", "]", "}"].contains(text(end)) {
        if depth == 0 { break }
        depth -= 1
      }
      if depth == 0, code(end, ";") || code(end, ",") { break }
      end += 1
    }
    guard end > index, end < tokens.count else { return }
    let test = condition(in: index..<end, parameters: functions[inside].parameters)
    if case .interface = test, orientationLocals.count < 1_000 {
      orientationLocals[name] = (functions[inside].name, test)
    }
  }

  /// Ionic's `this.platform.is('ios')` (also 'hybrid', 'capacitor', 'cordova', 'mobile', 'iphone'),
  /// Capacitor's `Capacitor.isNativePlatform()` and `Capacitor.getPlatform() === 'ios'`: known on
  /// an iPhone.
  func platformCall(_ range: Range<Int>) -> Bool? {
    let words = range.map(text)
    if words.count >= 4, words.suffix(4).first == "is", words[words.count - 3] == "(", words.last == ")",
      tokens[range.upperBound - 2].kind == .string
    {
      let platform = unquoted(text(range.upperBound - 2))
      return ["ios", "hybrid", "capacitor", "cordova", "mobile", "iphone", "mobileweb"].contains(platform)
        ? platform != "mobileweb" : false
    }
    if words.suffix(3) == ["isNativePlatform", "(", ")"] { return true }
    if let equals = words.firstIndex(where: { ["===", "==", "!==", "!="].contains($0) }),
      words[..<equals].suffix(3) == ["getPlatform", "(", ")"], equals + 1 < words.count,
      tokens[range.lowerBound + equals + 1].kind == .string
    {
      let same = unquoted(words[equals + 1]) == "ios"
      return words[equals].hasPrefix("!") ? !same : same
    }
    return nil
  }

  /// A lone name, `this.name`, `widget.name` or `Platform.isIOS`: its last segment.
  func boolName(_ range: Range<Int>) -> String? {
    let names = Array(range)
    guard names.count % 2 == 1,
      names.enumerated().allSatisfy({
        $0.offset % 2 == 1 ? code($0.element, ".") : tokens[$0.element].kind == .identifier
      })
    else { return nil }
    let last = text(names.last!)
    guard !Self.keywords.contains(last), !["true", "false", "null"].contains(last) else { return nil }
    return last
  }

  /// `name = true`, `= false` or `= !name` (a toggle): a step where a function does it, and the
  /// declared value where a declaration does (`bool _isFullScreen = false;`).
  mutating func readAssignment(of name: String, valueAt index: Int) {
    var value: Bool??
    if ["true", "false"].contains(text(index)), [";", ")", ",", "}"].contains(text(index + 1)) {
      value = .some(text(index) == "true")
    } else if code(index, "!"),
      text(index + 1) == name || (text(index + 1) == "this" && text(index + 3) == name)
    {
      value = .some(nil)
    }
    guard let value else { return }
    let declared = declares(valueAt: index) && !code(index - 2, ".")
    if let inside = current, !declared || Self.keywords.contains(text(index - 3)) {
      append(.assign(name, value, line: tokens[index].line), to: inside)
    } else if let initial = value {
      boolDefaults[name] = initial
    }
  }
}
