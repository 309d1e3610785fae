/// The declarations of one Swift or Objective-C file that matter for orientation: classes and
/// their superclass, Swift extensions, Objective-C interfaces, categories and implementations;
/// their properties and methods with the tokens of each body; and file-level variables (the
/// shared flags real apps keep). Bodies are kept as tokens for `CodeReader` to understand; the
/// scanner only finds where each declaration begins and ends, by balanced brackets.
struct CodeDeclaration: Sendable {
  enum Form: Sendable, Equatable {
    /// `class X: Super` or `@interface X : Super`.
    case type
    /// `extension X` or an Objective-C category `@interface/@implementation X (Name)`.
    case extensionOf(String?)
    /// `@implementation X` (the class is declared by an `@interface`, often in the header).
    case implementation
  }

  var name: String
  var form: Form
  var superclass: String?
  /// Adopted protocols (Swift's inheritance list after the superclass, Objective-C's `< >`).
  var protocols: [String] = []
  var file: String
  var line: Int
  var members: [CodeMember] = []
  /// A Swift `enum` (its type's values are cases: state a `switch` reads).
  var isEnum = false
}

struct CodeMember: Sendable {
  enum Kind: Sendable, Equatable {
    case property
    case function
  }

  var kind: Kind
  /// A property's name; a Swift function's name with its labels (`application(_:supportedInterfaceOrientationsFor:)`);
  /// an Objective-C selector (`application:supportedInterfaceOrientationsForWindow:`).
  var name: String
  var isOverride = false
  var isStatic = false
  /// The declared type (a property's, or a function's result).
  var type: [SourceToken] = []
  /// A stored property's initial value.
  var initial: [SourceToken] = []
  /// A computed property's getter or a function's body, without its braces.
  var body: [SourceToken]?
  var line: Int
  /// A function's parameters as its body names them (`orientation` in
  /// `lockOrientation(_ orientation: UIInterfaceOrientationMask)`), in order, with their types.
  var parameters: [String] = []
  var parameterTypes: [[SourceToken]] = []
  /// A property's setter condition (`set { if newValue != x, !isLocked { objc_setAssociatedObject(…) } }`):
  /// what must hold for an assignment to take.
  var setterCondition: [SourceToken] = []

  /// The name before any labels: `application` in `application(_:supportedInterfaceOrientationsFor:)`.
  var baseName: String {
    String(name.prefix(while: { $0 != "(" && $0 != ":" }))
  }

  /// Whether the member is `swiftName` as Swift 3 and later write it, or as Swift 2 did, where
  /// the first parameter's label was its name (`viewWillDisappear(animated:)` for
  /// `viewWillDisappear(_:)`).
  func isSwift(_ swiftName: String) -> Bool {
    if name == swiftName { return true }
    guard let open = name.firstIndex(of: "("), let colon = name[open...].firstIndex(of: ":"),
      swiftName.hasPrefix(String(name[...open]) + "_:")
    else { return false }
    return String(name[...open]) + "_" + name[colon...] == swiftName
  }
}

struct SourceScanner {
  var declarations: [CodeDeclaration] = []
  /// File-level variables: Swift's `var isLandscape = false`, Objective-C's `static BOOL allow = NO;`.
  var globals: [CodeMember] = []

  let tokens: [SourceToken]
  let file: String
  var index = 0
  /// Types declared inside types, as deep as now; deeper bodies are skipped.
  var nesting = 0
  static let maximumNesting = 32

  init(_ tokens: [SourceToken], file: String, language: SourceLanguage) {
    self.tokens = tokens
    self.file = file
    if language == .swift {
      var members: [CodeMember] = []
      swiftScope(end: tokens.count, owner: nil, members: &members)
      globals = members
    } else {
      objectiveC()
    }
  }

  func token(_ at: Int) -> SourceToken? { at < tokens.count ? tokens[at] : nil }

  func matches(_ at: Int, _ text: String) -> Bool { token(at)?.is(text) == true }

  /// The index after the bracket that closes the one at `open` (`(`, `[`, `{`, `<`), or the end.
  func closing(_ open: Int) -> Int {
    let pairs: [String: String] = ["(": ")", "[": "]", "{": "}", "<": ">"]
    guard let first = token(open), let close = pairs[first.text] else { return open + 1 }
    var depth = 0
    var at = open
    while at < tokens.count {
      if tokens[at].is(first.text) {
        depth += 1
      } else if tokens[at].is(close) || first.text == "<" && tokens[at].is(">>") {
        // `Array<Set<Int>>`: the lexer's `>>` closes two.
        depth -= tokens[at].is(">>") ? 2 : 1
        if depth <= 0 { return at + 1 }
      } else if first.text == "<" && (tokens[at].is("{") || tokens[at].is(";")) {
        return at
      }
      at += 1
    }
    return tokens.count
  }

  static let swiftModifiers: Set<String> = [
    "public", "private", "fileprivate", "internal", "open", "final", "override", "static", "dynamic", "lazy",
    "weak", "unowned", "required", "convenience", "mutating", "nonmutating", "nonisolated", "indirect",
    "package",
  ]

  // MARK: Swift

  /// Declarations from `index` up to `end`; members of `owner` (a class or extension) go to `members`.
  mutating func swiftScope(end: Int, owner: Int?, members: inout [CodeMember]) {
    var isOverride = false
    var isStatic = false
    while index < end {
      let current = tokens[index]
      if current.kind == .identifier && current.text.hasPrefix("@") {
        index += 1
        if matches(index, "(") { index = closing(index) }
        continue
      }
      if current.kind == .identifier && Self.swiftModifiers.contains(current.text) {
        if current.text == "override" { isOverride = true }
        if current.text == "static" { isStatic = true }
        index += 1
        if matches(index, "(") { index = closing(index) }  // private(set)
        continue
      }
      let next = token(index + 1)
      if current.is("class"), let next, ["var", "func", "let", "subscript", "init"].contains(next.text) {
        isStatic = true
        index += 1
        continue
      }
      if current.is("class") || current.is("extension") || current.is("actor") {
        typeDeclaration(extension: current.is("extension"), end: end)
      } else if (current.is("struct") || current.is("enum")) && nesting < Self.maximumNesting {
        // A namespace's static properties (`enum Rotation { static var locked = true }`) are the
        // app's shared flags; a file's own struct or enum is also a declaration, whose functions
        // are helpers the app's code calls (`AppUtility.lockOrientation(_:andRotateTo:)`).
        let line = current.line
        let isEnum = current.is("enum")
        let name = token(index + 1).flatMap { $0.kind == .identifier ? $0.text : nil }
        while index < end, !matches(index, "{") { index += 1 }
        guard index < end else { continue }
        let bodyEnd = closing(index) - 1
        index += 1
        var inner: [CodeMember] = []
        nesting += 1
        swiftScope(end: bodyEnd, owner: nil, members: &inner)
        nesting -= 1
        if owner == nil, nesting == 0, let name {
          declarations.append(
            CodeDeclaration(name: name, form: .type, file: file, line: line, members: inner, isEnum: isEnum))
        } else {
          members += inner.filter { $0.isStatic && $0.kind == .property }
        }
        index = bodyEnd + 1
      } else if current.is("struct") || current.is("enum") || current.is("protocol") {
        skipToBody(end: end)
      } else if current.is("var") || current.is("let") {
        if let member = swiftProperty(end: end, isOverride: isOverride, isStatic: isStatic) {
          members.append(member)
        }
      } else if current.is("func") {
        if let member = swiftFunction(end: end, isOverride: isOverride, isStatic: isStatic) {
          members.append(member)
        }
      } else if current.is("init") {
        // An initializer, read as a function named `init` (it may build a container's children).
        if let member = swiftFunction(end: end, isOverride: isOverride, isStatic: false, initializer: true) {
          members.append(member)
        }
      } else if current.is("deinit") || current.is("subscript") {
        skipToBody(end: end)
      } else if current.is("{") {
        index = closing(index)
      } else {
        index += 1
      }
      isOverride = false
      isStatic = false
    }
  }

  /// Past the `{ … }` that follows (a body not read: a struct, an initializer).
  mutating func skipToBody(end: Int) {
    index += 1
    while index < end, !matches(index, "{") {
      if matches(index, "(") || matches(index, "[") { index = closing(index) } else { index += 1 }
    }
    if index < end { index = closing(index) }
  }

  mutating func typeDeclaration(extension isExtension: Bool, end: Int) {
    let line = tokens[index].line
    index += 1
    var name = ""
    while index < end, let part = token(index), part.kind == .identifier || part.is("."), !part.is("where") {
      name += part.text
      index += 1
    }
    guard !name.isEmpty else { return }
    if matches(index, "<") { index = closing(index) }
    var inherited: [String] = []
    if matches(index, ":") {
      index += 1
      var current = ""
      while index < end, !matches(index, "{"), !matches(index, "where") {
        if matches(index, ",") {
          inherited.append(current)
          current = ""
        } else if matches(index, "<") {
          index = closing(index)
          continue
        } else if let part = token(index), part.kind == .identifier || part.is(".") {
          current += part.text
        }
        index += 1
      }
      if !current.isEmpty { inherited.append(current) }
    }
    while index < end, !matches(index, "{") { index += 1 }
    guard index < end else { return }
    let bodyEnd = closing(index) - 1
    index += 1
    var declaration = CodeDeclaration(
      name: name, form: isExtension ? .extensionOf(nil) : .type,
      superclass: isExtension ? nil : inherited.first,
      protocols: isExtension ? inherited : Array(inherited.dropFirst()),
      file: file, line: line)
    var members: [CodeMember] = []
    if nesting < Self.maximumNesting {
      nesting += 1
      swiftScope(end: bodyEnd, owner: declarations.count, members: &members)
      nesting -= 1
    }
    declaration.members = members
    declarations.append(declaration)
    index = bodyEnd + 1
  }

  /// The tokens of an expression that starts at `index`: to the end of its line, or further while
  /// a bracket is open or the line ends with an operator.
  /// `stopAtBlock`: a `{` after the first token ends it (a property's `didSet { … }` observers).
  mutating func swiftExpression(end: Int, stopAtBlock: Bool = false) -> [SourceToken] {
    let start = index
    var depth = 0
    while index < end {
      let current = tokens[index]
      if stopAtBlock, depth == 0, index > start, current.is("{"),
        !(tokens[index - 1].kind == .punctuation
          && ["=", "(", ",", "?", ":"].contains(tokens[index - 1].text))
      {
        break
      }
      if depth == 0, index > start, current.line != tokens[index - 1].line,
        !(tokens[index - 1].kind == .punctuation
          && ["=", "?", ":", "||", "&&", "??", ",", "|", "+"].contains(tokens[index - 1].text)),
        !(current.kind == .punctuation
          && [".", "?", ":", "||", "&&", "??", "|", "?."].contains(current.text))
      {
        break
      }
      if ["(", "[", "{"].contains(current.text) && current.kind == .punctuation { depth += 1 }
      if [")", "]", "}"].contains(current.text) && current.kind == .punctuation {
        if depth == 0 { break }
        depth -= 1
      }
      if depth == 0 && current.is(";") { break }
      index += 1
    }
    return Array(tokens[start..<index])
  }

  mutating func swiftProperty(end: Int, isOverride: Bool, isStatic: Bool) -> CodeMember? {
    let line = tokens[index].line
    index += 1
    guard let name = token(index), name.kind == .identifier else { return nil }
    index += 1
    var member = CodeMember(
      kind: .property, name: name.text, isOverride: isOverride, isStatic: isStatic, line: line)
    if matches(index, ":") {
      index += 1
      let start = index
      while index < end, !matches(index, "="), !matches(index, "{"),
        tokens[index].line == line || index == start
      {
        if matches(index, "(") || matches(index, "[") || matches(index, "<") {
          index = closing(index)
        } else {
          index += 1
        }
      }
      member.type = Array(tokens[start..<index])
    }
    if matches(index, "=") {
      index += 1
      member.initial = swiftExpression(end: end, stopAtBlock: true)
    }
    if matches(index, "{"), index < end {
      let close = closing(index)
      var body = Array(tokens[(index + 1)..<max(index + 1, close - 1)])
      index = close
      if body.count > 1, body[0].is("get"), body[1].is("{") {
        let inner = SourceScanner(body, file: file, bodyOnly: true)
        let getterEnd = inner.closing(1)
        let setter = Array(body[min(getterEnd, body.count)...])
        body = Array(body[2..<max(2, getterEnd - 1)])
        // A property kept in an associated object (`objc_getAssociatedObject(self, &key) as? T ??
        // DEFAULT`) is stored per instance: its first value is the default.
        if let stored = Self.associatedDefault(body) {
          member.initial = stored
          member.setterCondition = Self.setterCondition(setter)
          return member
        }
      } else if let first = body.first, ["willSet", "didSet", "set"].contains(first.text) {
        body = []
      }
      if member.initial.isEmpty { member.body = body }
    }
    return member
  }

  /// The default of a getter that reads an associated object: the tokens after its `??`.
  static func associatedDefault(_ getter: [SourceToken]) -> [SourceToken]? {
    guard getter.contains(where: { $0.is("objc_getAssociatedObject") }),
      let coalesce = getter.lastIndex(where: { $0.is("??") }), coalesce + 1 < getter.count
    else { return nil }
    let value = Array(getter[(coalesce + 1)...]).filter { !$0.is(";") }
    return value.contains(where: { $0.is("{") || $0.is("??") }) ? nil : value
  }

  /// `set { if COND { … } }` (or `set(newValue) { guard COND else { return } … }`): COND without the
  /// clauses about `newValue`, which compare the new value with the old one.
  static func setterCondition(_ setter: [SourceToken]) -> [SourceToken] {
    guard let open = setter.firstIndex(where: { $0.is("{") }), open + 1 < setter.count,
      setter[open + 1].is("if") || setter[open + 1].is("guard")
    else { return [] }
    let rest = setter[(open + 2)...]
    guard let end = rest.firstIndex(where: { $0.is("{") || $0.is("else") }) else { return [] }
    let clauses = CodeLiterals.split(Array(rest[..<end]), at: ",").filter {
      !$0.contains(where: { $0.is("newValue") })
    }
    return clauses.count == 1 ? clauses[0] : []
  }

  /// A scanner over a body's tokens only, for its bracket matching.
  init(_ tokens: [SourceToken], file: String, bodyOnly: Bool) {
    self.tokens = tokens
    self.file = file
  }

  mutating func swiftFunction(end: Int, isOverride: Bool, isStatic: Bool, initializer: Bool = false)
    -> CodeMember?
  {
    let line = tokens[index].line
    if !initializer { index += 1 }
    guard let name = token(index), name.kind == .identifier || name.kind == .punctuation else { return nil }
    index += 1
    if initializer, matches(index, "?") || matches(index, "!") { index += 1 }
    if matches(index, "<") { index = closing(index) }
    var labels: [String] = []
    var parameters: [String] = []
    var parameterTypes: [[SourceToken]] = []
    if matches(index, "(") {
      let close = closing(index)
      var at = index + 1
      var expectLabel = true
      var depth = 0
      while at < close - 1 {
        let current = tokens[at]
        if current.is("(") || current.is("[") || current.is("<") { depth += 1 }
        if current.is(")") || current.is("]") || current.is(">") { depth -= 1 }
        if depth == 0 && current.is(",") { expectLabel = true }
        if expectLabel && current.kind == .identifier && !current.text.hasPrefix("@") {
          labels.append(current.text)
          expectLabel = false
        }
        // The name the body uses: the word before the parameter's `:`; its type runs to the next
        // `,` or `=` at this level.
        if depth == 0, current.is(":"), at > index + 1, tokens[at - 1].kind == .identifier {
          parameters.append(tokens[at - 1].text)
          var typeEnd = at + 1
          var level = 0
          while typeEnd < close - 1 {
            let part = tokens[typeEnd]
            if part.is("(") || part.is("[") || part.is("<") { level += 1 }
            if part.is(")") || part.is("]") || part.is(">") { level -= 1 }
            if level == 0 && (part.is(",") || part.is("=")) { break }
            typeEnd += 1
          }
          parameterTypes.append(Array(tokens[(at + 1)..<typeEnd]))
        }
        at += 1
      }
      index = close
    }
    var member = CodeMember(
      kind: .function, name: name.text + "(" + labels.map { $0 + ":" }.joined() + ")", isOverride: isOverride,
      isStatic: isStatic, line: line)
    member.parameters = parameters
    member.parameterTypes = parameterTypes
    let typeStart = index
    while index < end, !matches(index, "{") { index += 1 }
    if let arrow = tokens[typeStart..<index].firstIndex(where: { $0.is("->") }) {
      member.type = Array(tokens[(arrow + 1)..<index])
    }
    if matches(index, "{") {
      let close = closing(index)
      member.body = Array(tokens[(index + 1)..<max(index + 1, close - 1)])
      index = close
    }
    return member
  }
}
