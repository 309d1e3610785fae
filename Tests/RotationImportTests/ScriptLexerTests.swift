import Testing

@testable import RotationImport

/// The Dart and JavaScript lexer (issue #30): what hides code is read as what it is.
@Suite struct ScriptLexerTests {
  func words(_ text: String, _ language: ScriptLexer.Language) -> [String] {
    ScriptLexer(Array(text.utf8), language: language).tokens.filter { $0.kind == .identifier }.map(\.text)
  }

  @Test func stringsCommentsAndInterpolationsHideTheirText() {
    // Dart: nested block comments, raw strings, triple quotes, interpolation with a string inside.
    #expect(words("a /* x /* y */ z */ b", .dart) == ["a", "b"])
    #expect(words(#"a r'\' b"#, .dart) == ["a", "b"])
    #expect(words("a '''x\n' y''' b", .dart) == ["a", "b"])
    #expect(words("a 'x ${f('}')} y' b", .dart) == ["a", "b"])
    // JavaScript: block comments do not nest; templates nest; regular expressions are values.
    #expect(words("a /* x /* y */ z */ b", .javaScript) == ["a", "z", "b"])
    #expect(words("a `x ${`y ${c}`} z` b", .javaScript) == ["a", "b"])
    #expect(words("a = /x\\/y[/]z/g; b", .javaScript) == ["a", "b"])
    #expect(words("a = c / d / e", .javaScript) == ["a", "c", "d", "e"])
    #expect(words("return /lock(/.test(s)", .javaScript) == ["return", "test", "s"])
  }

  /// An apostrophe in JSX text opens no string past its line; comments keep their text and line.
  @Test func jsxTextAndCommentsAreKeptApart() {
    let lexer = ScriptLexer(
      Array("<Text>Don't</Text>\nlock();\n// Orientation.lockToPortrait();".utf8), language: .javaScript)
    #expect(lexer.tokens.contains { $0.text == "lock" && $0.line == 2 })
    #expect(lexer.comments.first?.line == 3)
    #expect(lexer.comments.first?.text == " Orientation.lockToPortrait();")
  }

  /// Hostile input ends: unterminated strings and comments, and interpolations nested past the
  /// limit, without a crash or a runaway stack.
  @Test func hostileInputEnds() {
    let deep = String(repeating: "`${", count: 5_000)
    #expect(ScriptLexer(Array(deep.utf8), language: .javaScript).tokens.count < 10)
    #expect(words("a '''never", .dart) == ["a"])
    #expect(words("a /* never", .javaScript) == ["a"])
  }
}
