// The fuzzer compiles the core and this module as one module, without RotationCore.
#if canImport(RotationCore)
  import RotationCore
#endif

/// Dart and JavaScript / TypeScript (with JSX) as tokens with their lines, for the reader of a
/// cross-platform app's orientation calls (`ScriptReader`). No Dart or JavaScript parser is among
/// the system libraries a Swift program can use here (Debian's are Node or Dart programs), and the
/// reader needs only a subset — names, calls, blocks, literals — so this is a small lexer of our
/// own, fuzzed with the others (Tests/Fuzz). It knows what hides code: strings (`'…'`, `"…"`,
/// Dart's `'''…'''` and `r'…'`, JavaScript's template strings, with `${…}` interpolation nesting),
/// comments (Dart's block comments nest, JavaScript's do not; their text is kept, for calls left
/// commented out) and JavaScript's regular expression literals (a `/` where a value starts). A
/// quote that does not close on its line ends at the line's end: in JSX text an apostrophe
/// (`Don't`) is not a string, and the next line reads as code again.
struct ScriptLexer {
  enum Language: Sendable, Equatable {
    case dart
    case javaScript
  }

  var tokens: [SourceToken] = []
  /// Each comment's text (without its markers) with its first line.
  var comments: [(line: Int, text: String)] = []

  static let multiCharacter = [
    "?..", "...", "===", "!==", "=>", "?.", "??", "==", "!=", "<=", ">=", "&&", "||", "++", "--", "+=",
    "-=", "..",
  ]
  /// Words after which a `/` starts a regular expression, not a division.
  static let beforeValue: Set<String> = [
    "return", "typeof", "case", "in", "of", "new", "delete", "void", "throw", "else", "do", "await", "yield",
  ]

  init(_ bytes: [UInt8], language: Language) {
    let text = Array(String(decoding: bytes, as: UTF8.self).utf8)
    var cursor = Cursor(bytes: text, language: language)
    cursor.run(until: nil)
    tokens = cursor.tokens
    comments = cursor.comments
  }

  struct Cursor {
    let bytes: [UInt8]
    let language: Language
    var index = 0
    var line = 1
    var tokens: [SourceToken] = []
    var comments: [(line: Int, text: String)] = []
    /// How many interpolations this cursor is inside; past `maximumNesting` an interpolation is
    /// read as the string's text (no stack runs out on hostile input).
    var nesting = 0
    static let maximumNesting = 32

    init(bytes: [UInt8], language: Language) {
      self.bytes = bytes
      self.language = language
    }

    func peek(_ offset: Int = 0) -> UInt8? {
      index + offset < bytes.count ? bytes[index + offset] : nil
    }

    func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    mutating func step() {
      if bytes[index] == 0x0A { line += 1 }
      index += 1
    }

    /// Reads tokens until the `}` that closes an interpolation (`closer`) or the end.
    mutating func run(until closer: UInt8?) {
      var depth = 0
      while let byte = peek() {
        let start = index
        let startLine = line
        if byte == 0x0A || byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0C || byte == 0x0B {
          step()
        } else if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") {
          while let next = peek(), next != 0x0A { index += 1 }
          comments.append((startLine, text((start + 2)..<index)))
        } else if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
          blockComment()
          comments.append((startLine, text((start + 2)..<max(start + 2, index - 2))))
        } else if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "`") {
          string(quote: byte, raw: false)
          tokens.append(SourceToken(kind: .string, text: text(start..<index), line: startLine))
        } else if byte == UInt8(ascii: "r"), language == .dart,
          peek(1) == UInt8(ascii: "'") || peek(1) == UInt8(ascii: "\"")
        {
          index += 1
          string(quote: bytes[index], raw: true)
          tokens.append(SourceToken(kind: .string, text: text(start..<index), line: startLine))
        } else if byte == UInt8(ascii: "/"), language == .javaScript, startsValue, regularExpression() {
          tokens.append(SourceToken(kind: .string, text: text(start..<index), line: startLine))
        } else if SourceLexer.Cursor.isIdentifierStart(byte) {
          index += 1
          while let next = peek(), SourceLexer.Cursor.isIdentifierPart(next) { index += 1 }
          tokens.append(SourceToken(kind: .identifier, text: text(start..<index), line: startLine))
        } else if byte >= 0x30 && byte <= 0x39 {
          while let next = peek(),
            SourceLexer.Cursor.isIdentifierPart(next)
              || (next == UInt8(ascii: ".") && peek(1).map { $0 >= 0x30 && $0 <= 0x39 } == true)
          {
            index += 1
          }
          tokens.append(SourceToken(kind: .number, text: text(start..<index), line: startLine))
        } else {
          if let closer {
            if byte == UInt8(ascii: "{") { depth += 1 }
            if byte == closer {
              if depth == 0 { return }
              depth -= 1
            }
          }
          let rest = bytes[index..<min(bytes.count, index + 3)]
          if let match = ScriptLexer.multiCharacter.first(where: { rest.starts(with: Array($0.utf8)) }) {
            index += match.utf8.count
          } else {
            index += 1
          }
          tokens.append(SourceToken(kind: .punctuation, text: text(start..<index), line: startLine))
        }
      }
    }

    /// Whether a value can start here: after nothing, an operator or an opening bracket, or a
    /// keyword such as `return` — where a `/` opens a regular expression.
    var startsValue: Bool {
      guard let last = tokens.last else { return true }
      switch last.kind {
      case .number, .string: return false
      case .identifier: return ScriptLexer.beforeValue.contains(last.text)
      case .punctuation: return ![")", "]", "}", "++", "--"].contains(last.text)
      }
    }

    /// `/…/flags` on one line (a `/` inside `[…]` does not end it); false, nothing consumed, when
    /// the line ends first.
    mutating func regularExpression() -> Bool {
      var offset = 1
      var inClass = false
      while let byte = peek(offset), byte != 0x0A {
        if byte == UInt8(ascii: "\\") {
          offset += 2
          continue
        }
        if byte == UInt8(ascii: "[") { inClass = true }
        if byte == UInt8(ascii: "]") { inClass = false }
        if byte == UInt8(ascii: "/") && !inClass {
          index += offset + 1
          while let next = peek(), SourceLexer.Cursor.isIdentifierPart(next) { index += 1 }
          return true
        }
        offset += 1
      }
      return false
    }

    mutating func blockComment() {
      let (end, lines) = SourceLexer.Cursor.blockCommentEnd(bytes, from: index, nests: language == .dart)
      index = end ?? bytes.count
      line += lines
    }

    /// A string from its opening quote. Dart's `'''`/`"""` and JavaScript's template strings span
    /// lines; the others end at the line's end if they do not close before.
    mutating func string(quote: UInt8, raw: Bool) {
      let triple = language == .dart && peek(1) == quote && peek(2) == quote
      let multiline = triple || quote == UInt8(ascii: "`")
      index += triple ? 3 : 1
      let interpolates = !raw && (language == .dart || quote == UInt8(ascii: "`"))
      while let byte = peek() {
        if byte == 0x0A && !multiline { return }
        if byte == UInt8(ascii: "\\") && !raw {
          index += 1
          if peek() != nil { step() }
          continue
        }
        if byte == quote && (!triple || (peek(1) == quote && peek(2) == quote)) {
          index += triple ? 3 : 1
          return
        }
        if interpolates, byte == UInt8(ascii: "$"), peek(1) == UInt8(ascii: "{"),
          nesting < Self.maximumNesting
        {
          index += 2
          // The code inside is read for its strings and braces only; its tokens are not kept.
          var inner = Cursor(bytes: bytes, language: language)
          (inner.index, inner.line, inner.nesting) = (index, line, nesting + 1)
          inner.run(until: UInt8(ascii: "}"))
          (index, line) = (inner.index, inner.line)
          if peek() != nil { index += 1 }
          continue
        }
        step()
      }
    }
  }
}
