/// A body's tokens cut into statements, for `CodeValues` and `CodeActions`: a statement ends at
/// `;`, at the end of a block that no `else` or `catch` continues, or (in Swift) at a line break
/// that does not continue an expression. Brackets and closures stay inside their statement.
enum CodeStatements {
  /// Punctuation that ends a line without ending the expression, or starts a line that continues one.
  static let continuesAfter: Set<String> = [
    "=", "?", ":", "||", "&&", "??", ",", "|", "+", "-", "(", "[", ".",
  ]
  static let continuesBefore: Set<String> = [".", "?", ":", "||", "&&", "??", "|", "?.", ")", "]"]

  static func split(_ tokens: [SourceToken], language: SourceLanguage) -> [[SourceToken]] {
    var statements: [[SourceToken]] = []
    var start = 0
    var index = 0
    var depth = 0
    func end(at stop: Int) {
      if stop > start { statements.append(Array(tokens[start..<stop])) }
      start = stop
    }
    while index < tokens.count {
      let token = tokens[index]
      if language == .swift, depth == 0, index > start, token.line != tokens[index - 1].line,
        !(tokens[index - 1].kind == .punctuation && continuesAfter.contains(tokens[index - 1].text)),
        !(token.kind == .punctuation && continuesBefore.contains(token.text)), !token.is("else"),
        !token.is("catch")
      {
        end(at: index)
      }
      if token.kind == .punctuation {
        switch token.text {
        case "(", "[": depth += 1
        case ")", "]": depth = max(0, depth - 1)
        case "{":
          index = closing(tokens, index)
          if depth == 0 {
            let next = index < tokens.count ? tokens[index] : nil
            if next?.is("else") != true && next?.is("catch") != true && next?.is("while") != true {
              end(at: index)
            }
          }
          continue
        case ";" where depth == 0:
          end(at: index)
          index += 1
          start = index
          continue
        default: break
        }
      }
      index += 1
    }
    end(at: tokens.count)
    return statements
  }

  /// A `switch` body's arms: `case PATTERNS:` (the patterns split at commas) or `default:` (nil),
  /// each with its tokens up to the next arm at the body's own level.
  static func switchArms(_ body: [SourceToken]) -> [(patterns: [[SourceToken]]?, body: [SourceToken])] {
    var arms: [(patterns: [[SourceToken]]?, body: [SourceToken])] = []
    var index = 0
    var level = 0
    while index < body.count {
      let token = body[index]
      if level == 0, token.is("case") || token.is("default") {
        var end = index + 1
        while end < body.count, !body[end].is(":") { end += 1 }
        let patterns =
          token.is("case")
          ? CodeLiterals.split(Array(body[(index + 1)..<min(end, body.count)]), at: ",") : nil
        arms.append((patterns, []))
        index = end + 1
        continue
      }
      if token.is("{") || token.is("(") || token.is("[") { level += 1 }
      if token.is("}") || token.is(")") || token.is("]") { level = max(0, level - 1) }
      if !arms.isEmpty { arms[arms.count - 1].body.append(token) }
      index += 1
    }
    return arms
  }

  /// An `if` statement's condition, its block and its `else` block (an `else if` chain stays one
  /// statement in the else part); nil when the statement has no condition the language allows.
  static func ifParts(_ tokens: [SourceToken], language: SourceLanguage) -> (
    condition: [SourceToken], then: [SourceToken], otherwise: [SourceToken]
  )? {
    var rest = Array(tokens.dropFirst())
    let condition: [SourceToken]
    if language == .objectiveC || rest.first?.is("(") == true && !rest.contains(where: { $0.is("{") }) {
      guard rest.first?.is("(") == true else { return nil }
      let close = closing(rest, 0)
      condition = Array(rest[1..<max(1, close - 1)])
      rest = Array(rest[close...])
    } else {
      guard let open = topLevel(rest, "{").first else { return nil }
      condition = Array(rest[..<open])
      rest = Array(rest[open...])
    }
    var thenBody: [SourceToken] = rest
    var elseBody: [SourceToken] = []
    if rest.first?.is("{") == true {
      let close = closing(rest, 0)
      thenBody = Array(rest[1..<max(1, close - 1)])
      elseBody = Array(rest[close...])
    }
    if elseBody.first?.is("else") == true {
      elseBody.removeFirst()
      if elseBody.first?.is("{") == true {
        elseBody = Array(elseBody[1..<max(1, closing(elseBody, 0) - 1)])
      }
    } else {
      elseBody = []
    }
    return (condition, thenBody, elseBody)
  }

  /// The index after the `}` (or `)`, `]`) that closes the bracket at `open`.
  static func closing(_ tokens: [SourceToken], _ open: Int) -> Int {
    let pairs: [String: String] = ["(": ")", "[": "]", "{": "}"]
    guard let close = pairs[tokens[open].text] else { return open + 1 }
    let opening = tokens[open].text
    var depth = 0
    var index = open
    while index < tokens.count {
      if tokens[index].is(opening) {
        depth += 1
      } else if tokens[index].is(close) {
        depth -= 1
        if depth == 0 { return index + 1 }
      }
      index += 1
    }
    return tokens.count
  }

  /// Without one pair of brackets around the whole (`(x)` → `x`), repeatedly.
  static func unwrapped(_ tokens: [SourceToken]) -> [SourceToken] {
    var tokens = tokens
    var unwraps = 0  // a bound: each unwrap scans the tokens once
    while unwraps < 16, tokens.count >= 2, tokens.first!.is("("), tokens.last!.is(")"),
      closing(tokens, 0) == tokens.count
    {
      unwraps += 1
      tokens = Array(tokens.dropFirst().dropLast())
    }
    return tokens
  }

  /// The top-level positions of `text` (outside brackets).
  static func topLevel(_ tokens: [SourceToken], _ text: String) -> [Int] {
    var found: [Int] = []
    var depth = 0
    for (index, token) in tokens.enumerated() where token.kind == .punctuation {
      if [")", "]", "}"].contains(token.text) { depth -= 1 }
      if depth == 0 && token.text == text { found.append(index) }
      if ["(", "[", "{"].contains(token.text) { depth += 1 }
    }
    return found
  }

  /// Whether the statement only logs (NSLog, print, os_log): it changes nothing the model sees.
  static func onlyLogs(_ statement: [SourceToken]) -> Bool {
    guard let first = statement.first else { return true }
    return ["NSLog", "print", "debugPrint", "os_log", "DDLogDebug", "DDLogInfo", "Logger"].contains(
      first.text)
  }

  /// The source text of tokens, for report lines: `topViewController?.supportedInterfaceOrientations`.
  static func text(_ tokens: some Collection<SourceToken>, limit: Int = 80) -> String {
    var out = ""
    var previous: SourceToken?
    for token in tokens {
      if let previous, needsSpace(previous, token) { out += " " }
      out += token.text
      previous = token
    }
    return out.count > limit ? String(out.prefix(limit - 1)) + "…" : out
  }

  static func needsSpace(_ left: SourceToken, _ right: SourceToken) -> Bool {
    let tight: Set<String> = [".", "?.", "(", "[", ")", "]", "!", ":", ",", ";"]
    if left.kind == .punctuation && [".", "?.", "(", "[", "!"].contains(left.text) { return false }
    if right.kind == .punctuation && tight.contains(right.text) { return right.text == ":" && left.is("?") }
    return true
  }
}
