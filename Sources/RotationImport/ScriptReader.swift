// The fuzzer compiles the core and this module as one module, without RotationCore.
#if canImport(RotationCore)
  import RotationCore
#endif

/// A Dart or JavaScript function that calls an orientation API or another such function, named
/// as the source names it: qualified by its class, object or component (`PlayerService.landscape`,
/// `_PlayerPageState.dispose`), a callback by what it is passed to or assigned to
/// (`VideoScreen.useEffect`, its returned cleanup `VideoScreen.useEffect.cleanup`,
/// `_HomeState.build.onPressed`), else by its line (`VideoScreen.line42`).
struct ScriptFunction: Sendable, Equatable {
  var name: String
  var parameters: [String]
  var file: String
  var line: Int
  var steps: [ScriptStep] = []
}

/// What a function does that the import keeps, in the source's order.
enum ScriptStep: Sendable, Equatable {
  /// An orientation API's call; `awaited` when the code waits for it (`await`, `.then`, `return`).
  case plugin(PluginCall, awaited: Bool, line: Int)
  /// A call that may reach a project function, as written (`this.landscape`, `landscape`), with
  /// its literal arguments (nil when one is not a literal or a parameter).
  case call(String, args: [JSONValue]?, line: Int)
  /// `if (…) {…} else {…}`: the steps of each branch.
  indirect case branch(ScriptCondition, then: [ScriptStep], else: [ScriptStep], line: Int)
  /// `_isFullScreen = true`, `= !_isFullScreen` (nil: the toggle), kept when a condition reads it.
  case assign(String, Bool?, line: Int)
}

/// What an `if` tests, as far as the reader can tell.
enum ScriptCondition: Sendable, Equatable {
  /// A Bool field or variable (`_isFullScreen`, `this.locked`), or its negation.
  case flag(String, negated: Bool)
  /// The function's parameter compared with a literal (`orientation === 'landscape'`).
  case argument(Int, JSONValue, negated: Bool)
  /// Known before the app runs (`Platform.isIOS`, `Platform.OS === 'android'`).
  case constant(Bool)
  /// Flutter's layout orientation (`orientation == Orientation.portrait`, also through a local set
  /// from it): the interface is in one of these when the code runs.
  case interface([InterfaceOrientation], negated: Bool)
  /// Anything else, as written.
  case unread(String)
}

/// One file read: its functions and what the report says of it (look-alikes, arguments that are
/// not literals, calls outside any function).
struct ScriptReader {
  let tokens: [SourceToken]
  let comments: [(line: Int, text: String)]
  let language: ScriptLexer.Language
  let file: String
  var apis: ScriptAPIs
  var functions: [ScriptFunction] = []
  var findings: [ImportReport.Line] = []
  /// `const landscape = [DeviceOrientation.landscapeLeft, …]` and the like, by name.
  var constants: [String: JSONValue] = [:]
  /// `final isPortrait = orientation == Orientation.portrait;`: what each such local tests, and the
  /// function that declares it (it is known there and in the closures inside it).
  var orientationLocals: [String: (function: String, test: ScriptCondition)] = [:]

  enum Frame: Equatable {
    /// A class, mixin or object literal that qualifies the functions in it.
    case scope(String)
    case function(Int)
    case block
    /// The braces of an `if` or `else` body (the open branch's place in `branches`).
    case branchBody
    /// A `catch` block: it runs only when what it guards fails.
    case catchBody
  }

  /// An `if` being read: its function, whether its else part is being read, and where its body
  /// is — the `{` expected at `brace`, or a lone statement ending at the next `;` at `nest`.
  struct OpenBranch {
    var function: Int
    var inElse = false
    var brace: Int?
    var statementNest: Int?
    /// An `else if`: this branch ends when the one in its else part does.
    var endsWithInner = false
  }
  var branches: [OpenBranch] = []
  /// Bool fields and variables with their declared values (`bool _isFullScreen = false;`).
  var boolDefaults: [String: Bool] = [:]
  /// React's state setters (`setShow` → `show`) and the file's `<Modal>`s.
  var stateSetters: [String: String] = [:]
  var modals: [ScriptModal] = []
  /// The names the file imports React Native's `Modal` as, and whether it reads the window's size.
  var modalNames: Set<String> = []
  var readsWindowSize = false

  /// The open frames: `brace` ones close at their `}`; an arrow's expression body closes where the
  /// expression ends, at `nest` brackets deep.
  var frames: [(frame: Frame, brace: Bool, nest: Int)] = []
  var nest = 0

  static let keywords: Set<String> = [
    "if", "for", "while", "switch", "catch", "with", "return", "function", "typeof", "new", "super", "do",
    "else", "try", "finally", "await", "throw", "case", "in", "of", "delete", "void", "assert", "yield",
    "import", "export", "require", "sizeof",
  ]
  static let effectHooks: Set<String> = ["useEffect", "useLayoutEffect", "useFocusEffect"]
  static let maximumFunctions = 2_000

  init(bytes: [UInt8], language: ScriptLexer.Language, file: String, apis: ScriptAPIs) {
    let lexer = ScriptLexer(bytes, language: language)
    tokens = lexer.tokens
    comments = lexer.comments
    self.language = language
    self.file = file
    self.apis = apis
    if language == .javaScript { self.apis.addImports(tokens) } else { self.apis.addDartImports(tokens) }
    readReactBindings()
    read()
    reportCommentedCalls()
  }

  func text(_ index: Int) -> String { index >= 0 && index < tokens.count ? tokens[index].text : "" }
  func code(_ index: Int, _ text: String) -> Bool {
    index >= 0 && index < tokens.count && tokens[index].is(text)
  }
  func isName(_ index: Int) -> Bool {
    index >= 0 && index < tokens.count && tokens[index].kind == .identifier
      && !Self.keywords.contains(tokens[index].text)
  }

  /// The innermost function being read, if any.
  var current: Int? {
    for entry in frames.reversed() { if case .function(let index) = entry.frame { return index } }
    return nil
  }

  /// The name the innermost class, object or function gives what is declared in it.
  var qualifier: String? {
    for entry in frames.reversed() {
      switch entry.frame {
      case .scope(let name): return name
      case .function(let index): return functions[index].name
      case .block, .branchBody, .catchBody: continue
      }
    }
    return nil
  }

  mutating func read() {
    var index = 0
    while index < tokens.count {
      let token = tokens[index]
      if token.kind == .punctuation {
        closeExpressionBodies(at: token.text)
        switch token.text {
        case "{":
          if let open = branches.last, open.brace == index {
            frames.append((.branchBody, true, nest))
          } else {
            frames.append((classify(brace: index), true, nest))
          }
          nest += 1
        case "}":
          var closed: Frame?
          while let last = frames.popLast() {
            if last.brace {
              closed = last.frame
              break
            }
          }
          nest = max(0, nest - 1)
          if closed == .branchBody { endBranchBody(after: index) }
        case ";":
          if let open = branches.last, open.statementNest == nest, open.brace == nil {
            endBranchBody(after: index)
          }
        case "(", "[": nest += 1
        case ")", "]": nest = max(0, nest - 1)
        case "=>" where !code(index + 1, "{"):
          if let opened = openFunction(paramsEndingAt: index - 1) {
            frames.append((.function(opened), false, nest))
          }
        default: break
        }
      } else if token.kind == .identifier, !code(index - 1, "."), !code(index - 1, "?.") {
        readName(at: index)
      }
      index += 1
    }
  }

  /// An expression-bodied arrow ends at a `;` or `,` at its own depth, or a bracket that closes
  /// around it.
  mutating func closeExpressionBodies(at text: String) {
    while let last = frames.last, !last.brace {
      let ends =
        ((text == ";" || text == ",") && nest <= last.nest)
        || ([")", "]", "}"].contains(text) && nest <= last.nest)
      guard ends else { return }
      frames.removeLast()
    }
  }

  /// What the `{` at `index` opens: a function's body, a class or object namespace, or a block.
  mutating func classify(brace index: Int) -> Frame {
    if code(index - 1, "=>") {
      return openFunction(paramsEndingAt: index - 2).map(Frame.function) ?? .block
    }
    var close = index - 1
    while ["async", "sync", "*"].contains(text(close)) { close -= 1 }
    // A TypeScript return type: `landscape(): Promise<void> {`.
    if let parameters = parametersClose(beforeReturnType: close) { close = parameters }
    if text(index - 1) == "catch" { return .catchBody }
    if code(close, ")"), let open = matchingOpen(close) {
      let before = open - 1
      if text(before) == "catch" { return .catchBody }
      if tokens.indices.contains(before), tokens[before].kind == .identifier,
        Self.keywords.contains(tokens[before].text), text(before) != "function"
      {
        return .block
      }
      if isName(before), !code(before - 1, "."), !code(before - 1, "new") {
        return openFunction(named: text(before), params: open, line: tokens[before].line)
          .map(Frame.function) ?? .block
      }
      return openFunction(paramsEndingAt: close).map(Frame.function) ?? .block
    }
    // `class Name … {`, `mixin Name … {`, `extension Name on … {` up to the statement's start.
    var back = index - 1
    while back >= 0, back > index - 40, !code(back, ";"), !code(back, "{"), !code(back, "}") {
      if ["class", "mixin", "extension"].contains(text(back)), tokens[back].kind == .identifier,
        isName(back + 1)
      {
        return .scope(text(back + 1))
      }
      back -= 1
    }
    // `const PlayerService = {` and `export const PlayerService = {`: an object of functions.
    if code(index - 1, "="), isName(index - 2), ["const", "let", "var", "final"].contains(text(index - 3)) {
      return .scope(text(index - 2))
    }
    return .block
  }

  /// The `)` of a parameter list followed by a return type that ends at `end`
  /// (`): Promise<void>`, `): Object`); nil when `end` is that `)` or no such type ends there.
  func parametersClose(beforeReturnType end: Int) -> Int? {
    guard end > 0, !code(end, ")"), let close = (max(0, end - 16)..<end).last(where: { code($0, ")") }),
      code(close + 1, ":"), close + 2 <= end,
      ((close + 2)...end).allSatisfy({
        tokens[$0].kind == .identifier || [".", "<", ">", "|", "[", "]", "?", ","].contains(text($0))
      })
    else { return nil }
    return close
  }

  /// The `(` that the `)` at `close` closes.
  func matchingOpen(_ close: Int) -> Int? {
    var depth = 0
    var index = close
    while index >= 0 {
      if code(index, ")") { depth += 1 }
      if code(index, "(") {
        depth -= 1
        if depth == 0 { return index }
      }
      index -= 1
    }
    return nil
  }

  /// The `)` that closes the `(` at `open`.
  func matchingClose(_ open: Int) -> Int? {
    var depth = 0
    var index = open
    while index < tokens.count {
      if code(index, "(") { depth += 1 }
      if code(index, ")") {
        depth -= 1
        if depth == 0 { return index }
      }
      index += 1
    }
    return nil
  }

  /// An anonymous function whose parameters end at `end` (a `)` or a lone parameter), named by
  /// where it stands.
  mutating func openFunction(paramsEndingAt written: Int) -> Int? {
    guard written >= 0 else { return nil }
    var end = written
    // A return type between the parameters and the arrow: `(props: Props): Object => {`.
    if let parameters = parametersClose(beforeReturnType: end) { end = parameters }
    var start = end
    if code(end, ")") {
      guard let open = matchingOpen(end) else { return nil }
      start = open
    } else if !isName(end) {
      return nil
    }
    var before = start - 1
    // Dart's `void landscape() => …;` and JavaScript's `function landscape(…)`: declared names.
    if code(start, "("), isName(before), text(before) != "async", !code(before - 1, "."),
      !code(before - 1, "?.")
    {
      return openFunction(named: text(before), params: start, line: tokens[before].line)
    }
    if text(before) == "function" { before -= 1 }
    if text(before) == "async" { before -= 1 }
    // A type, not a function: Flow's and TypeScript's `onShow: () => void;`.
    if code(end + 1, "=>"), Self.typeWords.contains(text(end + 2)), code(before, ":") { return nil }
    let name = callbackName(before: before)
    // Flutter's `setState(() { … })` runs its function at once: its steps are the caller's.
    guard name != "setState" else { return nil }
    return openFunction(named: name, params: start, line: tokens[start].line)
  }

  static let typeWords: Set<String> = [
    "void", "boolean", "string", "number", "any", "mixed", "Promise", "Object", "unknown", "never",
  ]

  /// The name a `=` or `:` at `index` gives: the name before it, past a type annotation
  /// (`setVisible: Function = (…) =>`, `const Screen: React.FC<Props> = () =>`).
  func assignedName(at index: Int) -> String? {
    guard code(index, "=") || code(index, ":") else { return nil }
    if code(index, "="), code(index - 1, ">") || isName(index - 1) {
      // Back over a type to its `:`.
      var back = index - 1
      var depth = 0
      while back > 0, back > index - 24 {
        if code(back, ">") { depth += 1 }
        if code(back, "<") { depth -= 1 }
        if depth == 0, code(back, ":"), isName(back - 1) { return text(back - 1) }
        if depth == 0,
          !(tokens[back].kind == .identifier
            || [".", "<", ">", "|", "[", "]", "?", ","].contains(text(back)))
        {
          break
        }
        back -= 1
      }
    }
    return isName(index - 1) ? text(index - 1) : nil
  }

  /// A callback's name from the code before it: the variable, property, named argument or JSX
  /// attribute it is given to, the call it is passed to, `cleanup` when an effect returns it.
  func callbackName(before index: Int) -> String {
    let line = tokens.indices.contains(index + 1) ? tokens[index + 1].line : 0
    if let name = assignedName(at: index) { return name }
    if code(index, "{"), code(index - 1, "="), isName(index - 2) { return text(index - 2) }
    // `React.memo<Props>(…)`, `forwardRef(…)`, `observer(…)`: the component the wrapper makes.
    var call = index - 1
    if code(call, ">"), let open = (max(0, index - 12)..<call).last(where: { code($0, "<") }) {
      call = open - 1
    }
    if code(index, "("), ["memo", "forwardRef", "observer"].contains(text(call)) {
      var back = call
      while code(back - 1, "."), isName(back - 2) { back -= 2 }
      if let name = assignedName(at: back - 1) { return name }
    }
    if code(index, "("), isName(index - 1) {
      let called = text(index - 1)
      // `useFocusEffect(useCallback(() => …))`: the effect, not the memo.
      if ["useCallback", "useMemo"].contains(called), code(index - 2, "("), isName(index - 3) {
        return text(index - 3)
      }
      return called
    }
    if code(index, ","), let open = unmatchedOpen(before: index), isName(open - 1) { return text(open - 1) }
    if text(index) == "return", let inside = current,
      Self.effectHooks.contains(lastSegment(functions[inside].name))
    {
      return "cleanup"
    }
    return "line\(line)"
  }

  func lastSegment(_ name: String) -> String { String(name.split(separator: ".").last ?? "") }

  /// The `(` of the call whose arguments include the token at `index`.
  func unmatchedOpen(before index: Int) -> Int? {
    var depth = 0
    var back = index
    while back >= 0 {
      if code(back, ")") || code(back, "]") || code(back, "}") { depth += 1 }
      if code(back, "(") || code(back, "[") || code(back, "{") {
        if depth == 0 { return code(back, "(") ? back : nil }
        depth -= 1
      }
      back -= 1
    }
    return nil
  }

  /// A new function `name` inside the current qualifier, its parameters read from the list that
  /// opens at `params` (a `(`, or a lone parameter).
  mutating func openFunction(named name: String, params: Int, line: Int) -> Int? {
    guard functions.count < Self.maximumFunctions else { return nil }
    let safe = name.unicodeScalars.map { $0 == "$" ? "_" : String($0) }.joined()
    var qualified = qualifier.map { $0 + "." + safe } ?? safe
    let base = qualified
    var suffix = 2
    while functions.contains(where: { $0.name == qualified }) {
      qualified = base + String(suffix)
      suffix += 1
    }
    guard ScenarioDecoder.isMethodName(qualified) else { return nil }
    functions.append(
      ScriptFunction(name: qualified, parameters: parameters(at: params), file: file, line: line))
    return functions.count - 1
  }

  /// The parameters' names: Dart's last name of each (`List<DeviceOrientation> orientations`),
  /// JavaScript's first (`mode: string = 'landscape'`); none for Dart's `{…}` named ones.
  func parameters(at open: Int) -> [String] {
    guard code(open, "("), let close = matchingClose(open) else { return isName(open) ? [text(open)] : [] }
    var names: [String] = []
    var segment: [Int] = []
    var depth = 0
    for index in (open + 1)..<close {
      if ["(", "[", "{", "<"].contains(text(index)) { depth += 1 }
      if [")", "]", "}", ">"].contains(text(index)) { depth -= 1 }
      if code(index, ","), depth == 0 {
        names.append(parameterName(segment))
        segment = []
      } else if depth == 0 {
        segment.append(index)
      }
    }
    if !segment.isEmpty { names.append(parameterName(segment)) }
    return names
  }

  func parameterName(_ segment: [Int]) -> String {
    let beforeDefault = segment.prefix { !code($0, "=") && !code($0, ":") && !code($0, "?") }
    let names = beforeDefault.filter { tokens[$0].kind == .identifier }
    let chosen = language == .dart ? names.last : names.first
    return chosen.map(text) ?? ""
  }
}
