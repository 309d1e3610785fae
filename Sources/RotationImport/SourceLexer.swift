// The fuzzer compiles the core and this module as one module, without RotationCore.
#if canImport(RotationCore)
  import RotationCore
#endif

/// Swift and Objective-C source as tokens with their lines: identifiers (with `@` and `#`
/// keywords: `@interface`, `#selector`), numbers, strings, punctuation. Comments are dropped
/// (Swift's nest, Objective-C's do not), strings keep their nesting (Swift's `\( … )`
/// interpolation, `"""` blocks, `#"…"#` raw strings; Objective-C's `@"…"` and character
/// literals), and Objective-C's preprocessor lines are dropped. Bytes that are not UTF-8 are read
/// as U+FFFD and said so. An unterminated comment or string ends the file and is said so.
struct SourceToken: Sendable, Equatable {
  enum Kind: Sendable, Equatable {
    case identifier
    case number
    case string
    case punctuation
  }

  var kind: Kind
  var text: String
  var line: Int

  func `is`(_ text: String) -> Bool { self.text == text && kind != .string }
}

enum SourceLanguage: Sendable, Equatable {
  case swift
  case objectiveC
}

struct SourceLexer {
  var tokens: [SourceToken] = []
  /// What the lexer could not read cleanly, with its line.
  var problems: [(line: Int, text: String)] = []

  static let multiCharacter = [
    "...", "..<", "->", "??", "||", "&&", "==", "!=", "<=", ">=", "<<", ">>", "?.",
  ]

  init(_ bytes: [UInt8], language: SourceLanguage) {
    let text: [UInt8]
    if String(validating: bytes, as: UTF8.self) == nil {
      // The line of the first byte that does not decode: where the first U+FFFD lands.
      let scalars = String(decoding: bytes, as: UTF8.self).unicodeScalars
      let first = scalars.firstIndex(of: "\u{FFFD}") ?? scalars.endIndex
      let line = 1 + scalars[..<first].reduce(0) { $0 + ($1 == "\n" ? 1 : 0) }
      problems.append((line, tr("is not UTF-8 here: undecodable bytes are read as U+FFFD")))
      text = Array(String(decoding: bytes, as: UTF8.self).utf8)
    } else {
      text = bytes
    }
    var lexer = Cursor(bytes: text, language: language)
    lexer.run()
    tokens = lexer.tokens
    problems += lexer.problems
  }

  /// The scanning state over the bytes.
  struct Cursor {
    let bytes: [UInt8]
    let language: SourceLanguage
    var index = 0
    var line = 1
    var atLineStart = true
    var tokens: [SourceToken] = []
    var problems: [(line: Int, text: String)] = []

    init(bytes: [UInt8], language: SourceLanguage) {
      self.bytes = bytes
      self.language = language
    }

    func peek(_ offset: Int = 0) -> UInt8? {
      index + offset < bytes.count ? bytes[index + offset] : nil
    }

    static func isIdentifierStart(_ byte: UInt8) -> Bool {
      (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte == 0x24
        || byte >= 0x80
    }

    static func isIdentifierPart(_ byte: UInt8) -> Bool {
      isIdentifierStart(byte) || (byte >= 0x30 && byte <= 0x39)
    }

    mutating func advance() {
      if bytes[index] == 0x0A {
        line += 1
        atLineStart = true
      }
      index += 1
    }

    mutating func emit(_ kind: SourceToken.Kind, from start: Int, line: Int) {
      tokens.append(
        SourceToken(kind: kind, text: String(decoding: bytes[start..<index], as: UTF8.self), line: line))
    }

    mutating func run() {
      while let byte = peek() {
        let startLine = line
        let start = index
        if byte == 0x0A || byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0C || byte == 0x0B {
          advance()
          continue
        }
        if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") {
          while let next = peek(), next != 0x0A { index += 1 }
          continue
        }
        if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
          blockComment()
          continue
        }
        if byte == UInt8(ascii: "#"), language == .objectiveC, atLineStart {
          directive()
          continue
        }
        atLineStart = false
        if byte == UInt8(ascii: "\"") {
          string(hashes: 0, startLine: startLine)
          emit(.string, from: start, line: startLine)
        } else if byte == UInt8(ascii: "#"), language == .swift, hashRawString(startLine: startLine) {
          emit(.string, from: start, line: startLine)
        } else if byte == UInt8(ascii: "@"), peek(1) == UInt8(ascii: "\"") {
          index += 1
          string(hashes: 0, startLine: startLine)
          emit(.string, from: start, line: startLine)
        } else if byte == UInt8(ascii: "'"), language == .objectiveC {
          character(startLine: startLine)
          emit(.string, from: start, line: startLine)
        } else if byte == UInt8(ascii: "`") {
          index += 1
          while let next = peek(), next != UInt8(ascii: "`"), next != 0x0A { index += 1 }
          if peek() == UInt8(ascii: "`") { index += 1 }
          let name = String(decoding: bytes[(start + 1)..<max(start + 1, index - 1)], as: UTF8.self)
          tokens.append(SourceToken(kind: .identifier, text: name, line: startLine))
        } else if Self.isIdentifierStart(byte)
          || ((byte == UInt8(ascii: "@") || byte == UInt8(ascii: "#"))
            && peek(1).map(Self.isIdentifierStart) == true)
        {
          index += 1
          while let next = peek(), Self.isIdentifierPart(next) { index += 1 }
          emit(.identifier, from: start, line: startLine)
        } else if byte >= 0x30 && byte <= 0x39 {
          while let next = peek(),
            Self.isIdentifierPart(next)
              || (next == UInt8(ascii: ".") && peek(1).map { $0 >= 0x30 && $0 <= 0x39 } == true)
          {
            index += 1
          }
          emit(.number, from: start, line: startLine)
        } else {
          let rest = bytes[index..<min(bytes.count, index + 3)]
          if let match = SourceLexer.multiCharacter.first(where: { rest.starts(with: Array($0.utf8)) }) {
            index += match.utf8.count
          } else {
            index += 1
          }
          emit(.punctuation, from: start, line: startLine)
        }
      }
    }

    mutating func blockComment() {
      let startLine = line
      let (end, lines) = Self.blockCommentEnd(bytes, from: index, nests: language == .swift)
      index = end ?? bytes.count
      line += lines
      if lines > 0 { atLineStart = true }
      if end != nil { return }
      problems.append(
        (startLine, tr("a comment that opens here never closes: the rest of the file is not read")))
    }

    /// Where the block comment opening at `start` ends (after its `*/`; nil when it never does) and
    /// how many lines it spans; `nests` for Swift's and Dart's comments, whose `/*` opens another.
    static func blockCommentEnd(_ bytes: [UInt8], from start: Int, nests: Bool) -> (end: Int?, lines: Int) {
      var depth = 0
      var index = start
      var lines = 0
      while index < bytes.count {
        let next = index + 1 < bytes.count ? bytes[index + 1] : 0
        if bytes[index] == UInt8(ascii: "/"), next == UInt8(ascii: "*") {
          if depth == 0 || nests { depth += 1 }
          index += 2
        } else if bytes[index] == UInt8(ascii: "*"), next == UInt8(ascii: "/") {
          depth -= 1
          index += 2
          if depth == 0 { return (index, lines) }
        } else {
          if bytes[index] == 0x0A { lines += 1 }
          index += 1
        }
      }
      return (nil, lines)
    }

    /// A preprocessor line (`#import`, `#pragma mark`, `#define` with `\` continuations).
    mutating func directive() {
      while let byte = peek() {
        if byte == UInt8(ascii: "\\"), peek(1) == 0x0A {
          index += 1
          advance()
          continue
        }
        if byte == 0x0A { return }
        index += 1
      }
    }

    /// `#"…"#`, `##"…"##`; false (nothing consumed) when the `#` starts something else.
    mutating func hashRawString(startLine: Int) -> Bool {
      var count = 0
      while peek(count) == UInt8(ascii: "#") { count += 1 }
      guard peek(count) == UInt8(ascii: "\"") else { return false }
      index += count
      string(hashes: count, startLine: startLine)
      return true
    }

    /// A string from its opening quote: `"…"` or `"""…"""`, ended by its quotes and `hashes` #s.
    mutating func string(hashes: Int, startLine: Int) {
      let block = peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"") && language == .swift
      index += block ? 3 : 1
      let quotes = block ? 3 : 1
      while let byte = peek() {
        if byte == 0x0A && !block {
          problems.append((startLine, tr("a string that opens here does not close on its line")))
          return
        }
        if byte == UInt8(ascii: "\\") && hashes == 0
          || byte == UInt8(ascii: "\\") && hasHashes(hashes, at: index + 1)
        {
          index += 1 + hashes
          if peek() == UInt8(ascii: "("), language == .swift {
            interpolation()
          } else if peek() != nil {
            advance()
          }
          continue
        }
        if byte == UInt8(ascii: "\""), (0..<quotes).allSatisfy({ peek($0) == UInt8(ascii: "\"") }),
          hasHashes(hashes, at: index + quotes)
        {
          index += quotes + hashes
          return
        }
        advance()
      }
      problems.append(
        (startLine, tr("a string that opens here never closes: the rest of the file is not read")))
    }

    func hasHashes(_ count: Int, at position: Int) -> Bool {
      (0..<count).allSatisfy { position + $0 < bytes.count && bytes[position + $0] == UInt8(ascii: "#") }
    }

    /// `\( … )` inside a Swift string: balanced parentheses, with strings inside.
    mutating func interpolation() {
      var depth = 0
      while let byte = peek() {
        if byte == UInt8(ascii: "(") {
          depth += 1
        } else if byte == UInt8(ascii: ")") {
          depth -= 1
          if depth == 0 {
            index += 1
            return
          }
        } else if byte == UInt8(ascii: "\"") {
          string(hashes: 0, startLine: line)
          continue
        } else if byte == 0x0A {
          advance()
          continue
        }
        index += 1
      }
    }

    mutating func character(startLine: Int) {
      index += 1
      while let byte = peek(), byte != 0x0A {
        index += 1
        if byte == UInt8(ascii: "\\") {
          if peek() != nil && peek() != 0x0A { index += 1 }
        } else if byte == UInt8(ascii: "'") {
          return
        }
      }
      problems.append((startLine, tr("a character literal that opens here does not close")))
    }
  }
}
