// MARK: - Design note
//
// A text the simulator says — a step's reason, a mask's source, a call's note — kept as data until
// the edge, as a compiler keeps its diagnostics: a template (the English literal, which is also
// its gettext id) and its arguments. An argument is a name or value in UIKit's own words (a class,
// a mask, an orientation), another phrase, or the rule of docs/rules.md the text cites. Nothing
// is formatted or translated while the simulator runs; each edge renders with its own style:
//
//   Phrase ──text(.people)──▶ the text trace, the renderer (translated; rules as docs/rules.md#…)
//          ──text(.machine)─▶ trace --json (English, the same bytes in every locale)
//          ──text(style)────▶ the window (translated, escaped for markup, rules as links)
//          ──rules──────────▶ the anchors it cites, in order, for --json and for checks
//
// A template never spells a rule's path: the rule is an argument (`%3$s`), so translators keep a
// placeholder, not a marker, and the window never scans text to find what to link.

/// One rule of docs/rules.md, by its anchor (`no-push-pop`).
public struct Rule: Sendable, Hashable {
  public let anchor: String
  public init(_ anchor: String) { self.anchor = anchor }
}

/// A text kept as its templates and arguments until an edge renders it.
public struct Phrase: Sendable, Hashable {
  /// What a template's `%s` takes.
  public enum Value: Sendable, Hashable {
    /// UIKit's own words or a name (a class, a mask, an orientation): never translated.
    case verbatim(String)
    /// A rule of docs/rules.md, shown as its citation or a link.
    case rule(Rule)
    /// Another phrase, rendered in the same style.
    case phrase(Phrase)
  }

  /// How a piece's first letter is changed when it is rendered (a sentence's start, or a clause
  /// after a colon).
  enum Casing: Sendable, Hashable {
    case asWritten, upperFirst, lowerFirst
  }

  struct Template: Sendable, Hashable {
    let literal: StaticString
    static func == (a: Template, b: Template) -> Bool { a.literal.description == b.literal.description }
    func hash(into hasher: inout Hasher) { hasher.combine(literal.description) }
  }

  enum Piece: Sendable, Hashable {
    case template(Template, [Value], Casing)
    /// The singular or the plural template, chosen for `count` in the reader's language.
    case plural(Template, Template, Int, [Value], Casing)
    case verbatim(String, Casing)
  }

  var pieces: [Piece]

  init(pieces: [Piece]) { self.pieces = pieces }

  /// Nothing to say.
  public init() { pieces = [] }

  /// Text that is said as it is, in every language: UIKit's own words, a name.
  public init(verbatim text: String) { pieces = text.isEmpty ? [] : [.verbatim(text, .asWritten)] }

  public var isEmpty: Bool { pieces.isEmpty }

  public static func + (a: Phrase, b: Phrase) -> Phrase { Phrase(pieces: a.pieces + b.pieces) }
  public static func += (a: inout Phrase, b: Phrase) { a.pieces += b.pieces }

  /// The same, with the first letter said in upper case (the start of a sentence).
  public var capitalizedFirst: Phrase { cased(.upperFirst) }
  /// The same, with the first letter said in lower case (a clause after a colon).
  public var lowercasedFirst: Phrase { cased(.lowerFirst) }

  private func cased(_ casing: Casing) -> Phrase {
    guard let first = pieces.first else { return self }
    var copy = self
    switch first {
    case .template(let template, let values, _): copy.pieces[0] = .template(template, values, casing)
    case .plural(let one, let many, let count, let values, _):
      copy.pieces[0] = .plural(one, many, count, values, casing)
    case .verbatim(let text, _): copy.pieces[0] = .verbatim(text, casing)
    }
    return copy
  }

  /// The rules it cites, in the order it cites them, each once.
  public var rules: [Rule] {
    var found: [Rule] = []
    func visit(_ phrase: Phrase) {
      for piece in phrase.pieces {
        let values: [Value]
        switch piece {
        case .template(_, let found, _), .plural(_, _, _, let found, _): values = found
        case .verbatim: values = []
        }
        for value in values {
          switch value {
          case .rule(let rule): if !found.contains(rule) { found.append(rule) }
          case .phrase(let inner): visit(inner)
          case .verbatim: break
          }
        }
      }
    }
    visit(self)
    return found
  }

  /// The text for a person, in their language, rules cited as `docs/rules.md#anchor`.
  public var text: String { text(.people) }

  /// The text in `style`.
  public func text(_ style: PhraseStyle) -> String {
    var out = ""
    for piece in pieces {
      switch piece {
      case .verbatim(let text, let casing):
        out += style.escape(Phrase.apply(casing, to: text))
      case .template(let template, let values, let casing):
        let format =
          style.translated ? Localization.translated(template.literal) : template.literal.description
        out += Phrase.render(format, values, casing, style)
      case .plural(let one, let many, let count, let values, let casing):
        let format =
          style.translated
          ? Localization.translated(one.literal, many.literal, count)
          : (count == 1 ? one : many).literal.description
        out += Phrase.render(format, values, casing, style)
      }
    }
    return out
  }

  private static func render(_ format: String, _ values: [Value], _ casing: Casing, _ style: PhraseStyle)
    -> String
  {
    // The casing is the sentence's: it changes the template's first letter, or a phrase put in
    // first, never a name or UIKit's word put in first ("NavVC returned NO" stays so).
    let leading = casing == .asWritten ? nil : leadingArgument(format)
    let arguments = values.enumerated().map { index, value -> String in
      switch value {
      case .verbatim(let text): return style.escape(text)
      case .rule(let rule): return style.cite(rule)
      case .phrase(let inner):
        return index == leading ? apply(casing, to: inner.text(style)) : inner.text(style)
      }
    }
    let cased = leading == nil ? apply(casing, to: format) : format
    // Escaped before the values go in: they are escaped (or markup) already.
    return Localization.format(style.escape(cased), arguments)
  }

  /// The argument a template begins with (`%s` the first, `%2$s` the second), if it begins with one.
  private static func leadingArgument(_ format: String) -> Int? {
    let bytes = Array(format.utf8.prefix(6))
    guard bytes.first == UInt8(ascii: "%"), bytes.count >= 2 else { return nil }
    if bytes[1] == UInt8(ascii: "s") { return 0 }
    var number = 0
    for byte in bytes.dropFirst() {
      if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
        number = number * 10 + Int(byte - UInt8(ascii: "0"))
      } else {
        return byte == UInt8(ascii: "$") && number > 0 ? number - 1 : nil
      }
    }
    return nil
  }

  private static func apply(_ casing: Casing, to text: String) -> String {
    switch casing {
    case .asWritten: return text
    case .upperFirst: return text.prefix(1).uppercased() + text.dropFirst()
    case .lowerFirst: return text.prefix(1).lowercased() + text.dropFirst()
    }
  }
}

/// How an edge renders a phrase.
public struct PhraseStyle: Sendable {
  /// Whether templates are said in the reader's language (else in the English they are written in).
  public var translated: Bool
  /// Applied to every piece of text (for markup), not to what `cite` makes.
  public var escape: @Sendable (String) -> String
  /// A rule as it appears in the text.
  public var cite: @Sendable (Rule) -> String

  public init(
    translated: Bool, escape: @escaping @Sendable (String) -> String = { $0 },
    cite: @escaping @Sendable (Rule) -> String = PhraseStyle.citation
  ) {
    self.translated = translated
    self.escape = escape
    self.cite = cite
  }

  /// `docs/rules.md#anchor`.
  public static let citation: @Sendable (Rule) -> String = { "docs/rules.md#\($0.anchor)" }
  /// For people: their language, rules cited by path.
  public static let people = PhraseStyle(translated: true)
  /// For machines (`--json`): English in every locale.
  public static let machine = PhraseStyle(translated: false)
}

/// What can go into a phrase's `%s`.
public protocol PhraseArgument {
  var phraseValue: Phrase.Value { get }
}

extension String: PhraseArgument {
  public var phraseValue: Phrase.Value { .verbatim(self) }
}
extension Substring: PhraseArgument {
  public var phraseValue: Phrase.Value { .verbatim(String(self)) }
}
extension Int: PhraseArgument {
  public var phraseValue: Phrase.Value { .verbatim(String(self)) }
}
extension Phrase: PhraseArgument {
  public var phraseValue: Phrase.Value { .phrase(self) }
}
extension Rule: PhraseArgument {
  public var phraseValue: Phrase.Value { .rule(self) }
}
extension OrientationMask: PhraseArgument {
  public var phraseValue: Phrase.Value { .verbatim(name) }
}
extension InterfaceOrientation: PhraseArgument {
  public var phraseValue: Phrase.Value { .verbatim(name) }
}
extension SystemVersion: PhraseArgument {
  public var phraseValue: Phrase.Value { .verbatim(text) }
}
extension DeviceOrientation: PhraseArgument {
  public var phraseValue: Phrase.Value { .verbatim(name) }
}

/// The singular or plural phrase for `count` (xgettext's `sayn:1,2`), with `arguments` put in.
public func sayn(
  _ singular: StaticString, _ plural: StaticString, _ count: Int, _ arguments: any PhraseArgument...
) -> Phrase {
  Phrase(pieces: [
    .plural(
      Phrase.Template(literal: singular), Phrase.Template(literal: plural), count,
      arguments.map(\.phraseValue),
      .asWritten)
  ])
}

/// A phrase from `template` (a translatable literal: xgettext finds it by this name, as it finds
/// `tr`) and its arguments, which `%s` and `%N$s` take in order or by number.
public func say(_ template: StaticString, _ arguments: any PhraseArgument...) -> Phrase {
  Phrase(pieces: [.template(Phrase.Template(literal: template), arguments.map(\.phraseValue), .asWritten)])
}
