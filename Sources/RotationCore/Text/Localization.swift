import CIntl
import Synchronization

/// The texts a person reads — reason texts, messages, labels — in their language, through
/// gettext (domain `rotation-lab`, catalogues in `po/`). What UIKit itself says stays in its own
/// English: call lines (`-[Class selector]`), mask and orientation names, exception names and
/// reasons are never passed through `tr`.
///
/// A translatable text is one string literal passed to `tr` or `trn`, so that `xgettext` finds it
/// (po/check.py fails when a file calls them but po/POTFILES does not list it). Values go in as
/// `%s` or `%N$s` (the translation may reorder them); `%%` is a percent sign.
public enum Localization {
  public static let domain = "rotation-lab"

  /// Sets the locale from the environment and binds the catalogues in `directory`
  /// (`<prefix>/share/locale`). With no usable locale (unset, or `C`) the program runs in
  /// `C.UTF-8`: glibc ignores `LANGUAGE` under `C`, and `LANGUAGE=zh_CN` must still switch the
  /// language of a shell that sets nothing else.
  public static func start(directory: String?) {
    let chosen = setlocale(LC_ALL, "").map { String(cString: $0) }
    if chosen == nil || chosen == "C" || chosen == "POSIX" { setlocale(LC_ALL, "C.UTF-8") }
    if let directory { bindtextdomain(domain, directory) }
    bind_textdomain_codeset(domain, "UTF-8")
    textdomain(domain)
  }

  /// Each literal's translation, looked up once: a reason text is made for every step, and
  /// gettext's lookup with the copies around it cost the simulator half its time per step
  /// (rotation-lab-bench's step_us, 8.5 → 18.5 µs). Keyed by the literal's address, which a
  /// `StaticString` keeps for the program's life. The language is chosen once, at start.
  private static let cache = Mutex<[Int: String]>([:])

  static func translated(_ text: StaticString) -> String {
    guard text.hasPointerRepresentation else { return lookUp(text.description) }
    let key = Int(bitPattern: text.utf8Start)
    if let known = cache.withLock({ $0[key] }) { return known }
    let found = lookUp(text.description)
    cache.withLock { $0[key] = found }
    return found
  }

  /// The singular or plural form for `count`, in the reader's language.
  static func translated(_ singular: StaticString, _ plural: StaticString, _ count: Int) -> String {
    let english = count == 1 ? singular.description : plural.description
    return singular.description.withCString { one in
      plural.description.withCString { many in
        dngettext(domain, one, many, UInt(max(count, 0))).map { String(cString: $0) } ?? english
      }
    }
  }

  /// gettext answers with the very pointer it was given when there is no translation: the text is
  /// copied while that pointer still lives.
  private static func lookUp(_ english: String) -> String {
    english.withCString { String(cString: dgettext(domain, $0)) }
  }

  /// Puts `arguments` into `format`: `%s` takes the next one, `%N$s` the Nth, `%%` is `%`.
  /// Anything else is kept as written.
  public static func format(_ format: String, _ arguments: [String]) -> String {
    // Read as UTF-8: every byte this looks for is ASCII, so each cut falls between characters
    // (and scanning bytes, not Characters, keeps a step's reason texts cheap).
    let bytes = format.utf8
    guard bytes.contains(UInt8(ascii: "%")) else { return format }
    var result = ""
    var next = 0
    var literal = bytes.startIndex
    var index = bytes.startIndex
    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    while index < bytes.endIndex {
      guard bytes[index] == UInt8(ascii: "%") else {
        index = bytes.index(after: index)
        continue
      }
      result += Substring(bytes[literal..<index])
      var cursor = bytes.index(after: index)
      if cursor < bytes.endIndex, bytes[cursor] == UInt8(ascii: "%") {
        result += "%"
        index = bytes.index(after: cursor)
        literal = index
        continue
      }
      var number = 0
      var digits = 0
      while cursor < bytes.endIndex, isDigit(bytes[cursor]), digits < 4 {
        number = number * 10 + Int(bytes[cursor] - UInt8(ascii: "0"))
        digits += 1
        cursor = bytes.index(after: cursor)
      }
      let dollar = bytes.index(cursor, offsetBy: 1, limitedBy: bytes.endIndex) ?? bytes.endIndex
      if digits > 0, dollar < bytes.endIndex, bytes[cursor] == UInt8(ascii: "$"),
        bytes[dollar] == UInt8(ascii: "s"),
        number >= 1, number <= arguments.count
      {
        result += arguments[number - 1]
        index = bytes.index(after: dollar)
      } else if digits == 0, cursor < bytes.endIndex, bytes[cursor] == UInt8(ascii: "s"),
        next < arguments.count
      {
        result += arguments[next]
        next += 1
        index = bytes.index(after: cursor)
      } else {
        // Not a directive this knows (or nothing left to put in): kept as written.
        result += "%"
        index = bytes.index(after: index)
      }
      literal = index
    }
    return result + Substring(bytes[literal..<bytes.endIndex])
  }

}

/// `format` in the reader's language, with `arguments` put in (see `Localization.format`; with no
/// arguments `%%` still reads `%`, so that a text is written one way whether or not it takes values).
public func tr(_ format: StaticString, _ arguments: any CustomStringConvertible...) -> String {
  Localization.format(Localization.translated(format), arguments.map(\.description))
}

/// The singular or plural form for `count`, in the reader's language, with `arguments` put in.
public func trn(
  _ singular: StaticString, _ plural: StaticString, _ count: Int, _ arguments: any CustomStringConvertible...
) -> String {
  Localization.format(Localization.translated(singular, plural, count), arguments.map(\.description))
}
