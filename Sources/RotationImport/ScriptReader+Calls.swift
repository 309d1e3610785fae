// The fuzzer compiles the core and this module as one module, without RotationCore.
#if canImport(RotationCore)
  import RotationCore
#endif

/// The orientation APIs a file can call: the receivers and bare functions its imports bind to the
/// plugins the app declares (`import Orientation from 'react-native-orientation-locker'`,
/// `import * as ScreenOrientation from 'expo-screen-orientation'`, `import { lockAsync } from …`,
/// `const Orientation = require(…)`), Flutter's `SystemChrome`, Cordova's global
/// `screen.orientation`.
struct ScriptAPIs: Sendable {
  /// The plugins the app declares (app.plugins, and `flutter` for a Flutter app).
  var declared: Set<String>
  /// Receiver as written → plugin.
  var receivers: [String: String] = [:]
  /// A bare imported function → (plugin, call).
  var functions: [String: (plugin: String, call: String)] = [:]
  /// Packages imported that hold orientation calls the model does not know.
  var unknownPackages: [String] = []

  static let knownElsewhere = ["react-native-orientation", "react-native-screen-orientation"]

  init(declared: Set<String>) {
    self.declared = declared
    if declared.contains(PluginCatalog.flutter.name) {
      receivers["SystemChrome"] = PluginCatalog.flutter.name
    }
    let cordova = PluginCatalog.cordovaScreenOrientation.name
    if declared.contains(cordova) {
      receivers["screen.orientation"] = cordova
      receivers["window.screen.orientation"] = cordova
    }
  }

  /// A Dart file's `import 'package:auto_orientation/…'`: a pub package the model knows binds the
  /// class its calls are made on (`AutoOrientation`); any other orientation package is said.
  mutating func addDartImports(_ tokens: [SourceToken]) {
    for (index, token) in tokens.enumerated()
    where token.kind == .string && index > 0 && tokens[index - 1].text == "import" {
      let path = String(token.text.dropFirst().dropLast())
      guard path.hasPrefix("package:"), let name = path.dropFirst(8).split(separator: "/").first,
        name.lowercased().contains("orientation"), !unknownPackages.contains(String(name))
      else { continue }
      // The `orientation` package (sososdk/flutter_orientation, `OrientationPlugin.m`) posts the
      // engine's own orientation notification with the mask, as SystemChrome's call does.
      if name == "orientation", declared.contains(PluginCatalog.flutter.name) {
        receivers["OrientationPlugin"] = PluginCatalog.flutter.name
        continue
      }
      if let known = PluginCatalog.plugin(named: String(name)), declared.contains(known.name) {
        for call in known.calls { receivers[String(call.prefix { $0 != "." })] = known.name }
        continue
      }
      unknownPackages.append(String(name))
    }
  }

  /// Dart calls that reach the engine as another's does: the call the model runs for them.
  static let engineAliases = [
    "OrientationPlugin.setPreferredOrientations": "SystemChrome.setPreferredOrientations"
  ]

  /// Ionic Native's wrappers of cordova-plugin-screen-orientation: an injected `ScreenOrientation`.
  static let cordovaWrappers = [
    "@awesome-cordova-plugins/screen-orientation", "@ionic-native/screen-orientation",
  ]

  /// The imports of a JavaScript file, bound to the declared plugins.
  mutating func addImports(_ tokens: [SourceToken]) {
    func code(_ i: Int, _ text: String) -> Bool { i >= 0 && i < tokens.count && tokens[i].is(text) }
    for (index, token) in tokens.enumerated() where token.kind == .string {
      var package = String(token.text.dropFirst().dropLast())
      if Self.cordovaWrappers.contains(where: { package.hasPrefix($0) }),
        declared.contains(PluginCatalog.cordovaScreenOrientation.name)
      {
        bindInjected(tokens)
        continue
      }
      if !package.hasPrefix("@"), let slash = package.firstIndex(of: "/") {
        package = String(package[..<slash])
      }
      let local = [".", "@/", "~/", "src/", "/"].contains(where: package.hasPrefix)
      let orientationLike = !local && package.lowercased().contains("orientation") && code(index - 1, "from")
      guard
        PluginCatalog.plugin(named: package) != nil || Self.knownElsewhere.contains(package)
          || orientationLike
      else { continue }
      guard declared.contains(package) else {
        if !unknownPackages.contains(package) { unknownPackages.append(package) }
        continue
      }
      let plugin = package
      // `… from 'pkg'` or `require('pkg')`: the binding is before.
      var end = index - 1
      if code(end, "from") {
        end -= 1
      } else if code(end, "("), end > 0, tokens[end - 1].text == "require", code(end - 2, "=") {
        end -= 3
      } else {
        continue
      }
      if end >= 0, tokens[end].kind == .identifier {
        // `import Orientation from`, `import * as X from`, `const X = require(…)`.
        receivers[tokens[end].text] = plugin
      } else if code(end, "}") {
        var index = end - 1
        while index >= 0, !code(index, "{") {
          if tokens[index].kind == .identifier, !code(index - 1, "as"), tokens[index].text != "as" {
            let local = tokens[index].text
            let imported = code(index - 1, "as") ? tokens[index - 2].text : local
            bind(imported, as: local, plugin: plugin)
          } else if tokens[index].text == "as", index + 1 < tokens.count, index >= 1 {
            bind(tokens[index - 1].text, as: tokens[index + 1].text, plugin: plugin)
          }
          index -= 1
        }
      }
    }
  }

  /// `constructor(private screenOrientation: ScreenOrientation)` or a field of that type: the
  /// name the page calls the plugin through (`this.screenOrientation.lock(…)`).
  mutating func bindInjected(_ tokens: [SourceToken]) {
    let cordova = PluginCatalog.cordovaScreenOrientation.name
    for index in tokens.indices.dropFirst(2)
    where tokens[index].text == "ScreenOrientation" && tokens[index - 1].is(":")
      && tokens[index - 2].kind == .identifier
    {
      receivers["this." + tokens[index - 2].text] = cordova
      receivers[tokens[index - 2].text] = cordova
    }
  }

  mutating func bind(_ imported: String, as local: String, plugin: String) {
    guard let known = PluginCatalog.plugin(named: plugin) else { return }
    if known.calls.contains(imported) {
      functions[local] = (plugin, imported)
    } else if imported == "ScreenOrientation" || imported == "default" || imported == "Orientation" {
      receivers[local] = plugin
    }
  }
}

extension ScriptReader {
  /// The code at an identifier that starts a chain (`Orientation.lockToLandscape(…)`,
  /// `this.landscape()`, `DeviceOrientation.landscapeLeft;`, `const x = […]`).
  mutating func readName(at start: Int) {
    if language == .javaScript, modalNames.contains(text(start)), code(start - 1, "<") {
      readModal(at: start)
      return
    }
    var end = start
    while (code(end + 1, ".") || code(end + 1, "?.")) && tokens.indices.contains(end + 2)
      && tokens[end + 2].kind == .identifier
    {
      end += 2
    }
    let chain = stride(from: start, through: end, by: 2).map { tokens[$0].text }
    let written = chain.joined(separator: ".")
    if chain == ["if"], code(end + 1, "("), let inside = current {
      openBranch(at: start, in: inside)
      return
    }
    if code(end + 1, "="), !code(end + 2, "="), chain.count == 1 || (chain.count == 2 && chain[0] == "this") {
      readAssignment(of: chain.last!, valueAt: end + 2)
      if chain.count == 1 {
        readConstant(named: written, valueAt: end + 2)
        readOrientationLocal(named: written, valueAt: end + 2)
      }
      return
    }
    guard code(end + 1, "(") else {
      lookAlike(chain, start: start, end: end)
      return
    }
    guard let close = matchingClose(end + 1), !Self.keywords.contains(chain[0]) else { return }
    // A declaration's head (`landscape() {`, `landscape() async {`, `landscape(): void {`), not a call.
    if ["{", "=>", "async", "sync"].contains(text(close + 1))
      || (code(close + 1, ":") && language == .javaScript)
    {
      return
    }
    let awaited =
      ["await", "return", "=>"].contains(text(start - 1))
      || (code(close + 1, ".") && text(close + 2) == "then")
    let arguments = argumentValues(open: end + 1, close: close)
    let line = tokens[start].line
    if let (plugin, call) = api(chain) {
      guard let inside = current else {
        findings.append(
          .init(
            file: file, line: line,
            text: tr("%s runs when the file loads, in no function: not modelled", written + "()")))
        return
      }
      // auto_orientation's modes send no argument to iOS (`forceSensor:` is Android's).
      let ignored = plugin == PluginCatalog.autoOrientation.name
      guard let values = ignored ? [] : arguments.values else {
        findings.append(
          .init(
            file: file, line: line,
            text: tr(
              "%s: its argument %s is not a literal the import can read: the call is not modelled",
              written + "()",
              arguments.unread)))
        return
      }
      append(
        .plugin(PluginCall(plugin: plugin, call: call, args: values), awaited: awaited, line: line),
        to: inside)
      return
    }
    if chain.count > 1, let plugin = apis.receivers[chain.dropLast().joined(separator: ".")],
      let member = chain.last,
      ["lock", "unlock", "setpreferred", "force"].contains(where: member.lowercased().hasPrefix)
    {
      findings.append(
        .init(
          file: file, line: line,
          text: tr("%s is not a function of %s the model knows: not modelled", written + "()", plugin)))
      return
    }
    guard let inside = current, chain[0] != "super" else { return }
    if readStateSetter(chain, open: end + 1, close: close, line: line, in: inside) { return }
    // A call given a function (`useEffect(() => …)`, `.then((_) {…})`) runs it later, if at all:
    // the function is read as its own (`VideoScreen.useEffect`), the call is not a step.
    let givesFunction = ((end + 2)..<close).contains {
      code($0, "=>") || code($0, "function") || (code($0, ")") && code($0 + 1, "{"))
    }
    guard !givesFunction else { return }
    append(.call(written, args: arguments.values, line: line), to: inside)
  }

  /// The plugin call `chain` names, if any.
  func api(_ chain: [String]) -> (plugin: String, call: String)? {
    if chain.count == 1 { return apis.functions[chain[0]] }
    guard let plugin = apis.receivers[chain.dropLast().joined(separator: ".")],
      let known = PluginCatalog.plugin(named: plugin)
    else { return nil }
    // Dart's calls are named with their class (`SystemChrome.setPreferredOrientations`), the
    // npm plugins' without their receiver (`lockToLandscape`).
    let joined = chain.joined(separator: ".")
    var call = plugin == PluginCatalog.flutter.name || known.calls.contains(joined) ? joined : chain.last!
    if let alias = ScriptAPIs.engineAliases[call] { call = alias }
    return known.calls.contains(call) ? (plugin, call) : nil
  }

  /// A bare `DeviceOrientation.landscapeLeft;` or a plugin function named but not called.
  mutating func lookAlike(_ chain: [String], start: Int, end: Int) {
    guard code(end + 1, ";"), [";", "{", "}"].contains(text(start - 1)) || start == 0 else { return }
    let written = chain.joined(separator: ".")
    if chain.count == 2, chain[0] == "DeviceOrientation" {
      findings.append(
        .init(
          file: file, line: tokens[start].line,
          text: tr(
            "%s alone does nothing (it names an orientation; SystemChrome.setPreferredOrientations sets it): not modelled",
            written)))
    } else if api(chain) != nil {
      findings.append(
        .init(
          file: file, line: tokens[start].line,
          text: tr("%s is named, not called (no parentheses): not modelled", written)))
    }
  }

  /// Whether the name before the `=` whose value starts at `index` is declared there: a keyword or
  /// a type before it (`const x =`, `List<X> x =`, `final x =`), not `this`.
  func declares(valueAt index: Int) -> Bool {
    index >= 3 && (tokens[index - 3].kind == .identifier || code(index - 3, ">")) && !code(index - 3, "this")
  }

  /// `const landscape = [DeviceOrientation.landscapeLeft, …];` kept for the calls that pass it.
  mutating func readConstant(named name: String, valueAt index: Int) {
    guard declares(valueAt: index) else { return }
    guard let end = literalEnd(from: index), let value = literal(index..<end, parameters: []) else { return }
    if constants.count < 1_000 { constants[name] = value }
    if let scope = qualifier { constants[scope + "." + name] = value }
  }

  /// Where the literal that starts at `index` ends (exclusive): a bracketed value or one token.
  func literalEnd(from index: Int) -> Int? {
    var start = index
    while ["const", "new"].contains(text(start)) { start += 1 }
    if code(start, "<") {
      while start < tokens.count, !code(start, ">") { start += 1 }
      start += 1
    }
    guard start < tokens.count else { return nil }
    guard code(start, "[") || code(start, "{") else { return start + 1 }
    var depth = 0
    for position in start..<tokens.count {
      if code(position, "[") || code(position, "{") || code(position, "(") { depth += 1 }
      if code(position, "]") || code(position, "}") || code(position, ")") {
        depth -= 1
        if depth == 0 { return position + 1 }
      }
    }
    return nil
  }

  /// The arguments between `open` and `close`, each a literal or a parameter of the function;
  /// nil values with the first one that is neither.
  func argumentValues(open: Int, close: Int) -> (values: [JSONValue]?, unread: String) {
    var values: [JSONValue] = []
    for range in split(open + 1..<close) where !range.isEmpty {
      // Dart's named arguments and TypeScript's casts are not read: the value must stand alone.
      guard let value = literal(range, parameters: current.map { functions[$0].parameters } ?? []) else {
        return (nil, range.map(text).joined(separator: " "))
      }
      values.append(value)
    }
    return (values, "")
  }

  /// The parts of a range between its commas (or `word`s: `&&`, `||`), at its own depth.
  func split(_ range: Range<Int>, at word: String = ",") -> [Range<Int>] {
    var parts: [Range<Int>] = []
    var depth = 0
    var start = range.lowerBound
    for index in range {
      if ["(", "[", "{"].contains(text(index)) && tokens[index].kind == .punctuation { depth += 1 }
      if [")", "]", "}"].contains(text(index)) && tokens[index].kind == .punctuation { depth -= 1 }
      if depth == 0, code(index, word) {
        parts.append(start..<index)
        start = index + 1
      }
    }
    parts.append(start..<range.upperBound)
    return parts
  }

  /// A literal the model can pass: a string, number, boolean, list, object, an orientation
  /// constant (`DeviceOrientation.landscapeLeft`, `OrientationLock.LANDSCAPE` → its last name), a
  /// known constant, or a parameter (`{"arg": N}`).
  func literal(_ range: Range<Int>, parameters: [String]) -> JSONValue? {
    var range = range
    while let first = range.first, ["const", "new"].contains(text(first)) {
      range = (first + 1)..<range.upperBound
    }
    if let first = range.first, code(first, "<"), let close = range.first(where: { code($0, ">") }) {
      range = (close + 1)..<range.upperBound
    }
    guard let first = range.first, let last = range.last else { return nil }
    let token = tokens[first]
    if range.count == 1 {
      switch token.kind {
      case .string:
        let body = unquoted(token.text)
        return body.contains("${") ? nil : .string(body)
      case .number: return Double(token.text).map(JSONValue.number)
      case .identifier:
        if token.text == "true" || token.text == "false" { return .bool(token.text == "true") }
        if token.text == "null" { return .null }
        if let position = parameters.firstIndex(of: token.text) {
          return .object([("arg", .number(Double(position)))])
        }
        return constants[token.text]
      case .punctuation: return nil
      }
    }
    if code(first, "["), code(last, "]") {
      var items: [JSONValue] = []
      for part in split((first + 1)..<last) where !part.isEmpty {
        guard let item = literal(part, parameters: parameters) else { return nil }
        items.append(item)
      }
      return .array(items)
    }
    if code(first, "{"), code(last, "}") {
      var members: [(key: String, value: JSONValue)] = []
      for part in split((first + 1)..<last) where !part.isEmpty {
        guard part.count >= 3, code(part.lowerBound + 1, ":"),
          let value = literal((part.lowerBound + 2)..<part.upperBound, parameters: parameters)
        else { return nil }
        let key = tokens[part.lowerBound]
        members.append((key.kind == .string ? unquoted(key.text) : key.text, value))
      }
      return .object(members)
    }
    // A dotted name: an orientation constant, or a constant the file declares.
    let names = Array(range)
    guard names.count % 2 == 1,
      names.enumerated().allSatisfy({
        $0.offset % 2 == 1 ? code($0.element, ".") : tokens[$0.element].kind == .identifier
      })
    else { return nil }
    let chain = stride(from: 0, to: names.count, by: 2).map { text(names[$0]) }
    if chain == ["DeviceOrientation", "values"] {
      return .array(["portraitUp", "landscapeLeft", "portraitDown", "landscapeRight"].map(JSONValue.string))
    }
    if let index = chain.firstIndex(of: "ORIENTATIONS"), index == chain.count - 2 {
      // Ionic Native's `ScreenOrientation.ORIENTATIONS.LANDSCAPE_PRIMARY` → 'landscape-primary'.
      return .string(String(chain.last!.lowercased().map { $0 == "_" ? "-" : $0 }))
    }
    // Flutter's layout `Orientation.landscape` too, passed to a function that compares it.
    if chain.contains("DeviceOrientation") || chain.contains("OrientationLock")
      || chain.contains("OrientationType")
      || (language == .dart && chain.count == 2 && chain[0] == "Orientation")
    {
      return .string(chain.last!)
    }
    return constants[chain.joined(separator: ".")]
  }

  func unquoted(_ text: String) -> String {
    var body = Substring(text)
    if body.hasPrefix("r") { body = body.dropFirst() }
    let quote = body.prefix(body.hasPrefix("'''") || body.hasPrefix("\"\"\"") ? 3 : 1)
    guard body.count >= 2 * quote.count, body.hasSuffix(quote) else {
      return String(body.dropFirst(quote.count))
    }
    return String(body.dropFirst(quote.count).dropLast(quote.count))
  }

  /// A comment that holds an orientation call: code left commented out, said so.
  mutating func reportCommentedCalls() {
    for comment in comments {
      let lexer = ScriptLexer(Array(comment.text.utf8), language: language)
      let words = lexer.tokens
      for (index, word) in words.enumerated() where word.kind == .identifier {
        guard index == 0 || !words[index - 1].is(".") else { continue }
        var end = index
        while end + 2 < words.count, words[end + 1].is("."), words[end + 2].kind == .identifier { end += 2 }
        let chain = stride(from: index, through: end, by: 2).map { words[$0].text }
        guard end + 1 < words.count, words[end + 1].is("("), api(chain) != nil else { continue }
        findings.append(
          .init(
            file: file, line: comment.line + word.line - 1,
            text: tr("%s is commented out: not modelled", chain.joined(separator: ".") + "()")))
      }
    }
  }
}
