import CIntl

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

  /// Puts `arguments` into `format`: `%s` takes the next one, `%N$s` the Nth, `%%` is `%`.
  /// Anything else is kept as written.
  public static func format(_ format: String, _ arguments: [String]) -> String {
    var result = ""
    var next = 0
    var rest = Substring(format)
    while let percent = rest.firstIndex(of: "%") {
      result += rest[..<percent]
      rest = rest[rest.index(after: percent)...]
      if rest.first == "%" {
        result += "%"
        rest = rest.dropFirst()
        continue
      }
      let digits = rest.prefix { $0.isASCII && $0.isNumber }
      let afterDigits = rest[digits.endIndex...]
      if !digits.isEmpty, afterDigits.hasPrefix("$s"), let n = Int(digits), n >= 1, n <= arguments.count {
        result += arguments[n - 1]
        rest = afterDigits.dropFirst(2)
      } else if rest.first == "s", next < arguments.count {
        result += arguments[next]
        next += 1
        rest = rest.dropFirst()
      } else {
        result += "%"
      }
    }
    return result + rest
  }
}

/// `format` in the reader's language, with `arguments` put in (see `Localization.format`; with no
/// arguments `%%` still reads `%`, so that a text is written one way whether or not it takes values).
public func tr(_ format: StaticString, _ arguments: any CustomStringConvertible...) -> String {
  // gettext answers with the very pointer it was given when there is no translation: the text is
  // copied while that pointer still lives.
  let translated = format.description.withCString { String(cString: dgettext(Localization.domain, $0)) }
  return Localization.format(translated, arguments.map(\.description))
}

/// The singular or plural form for `count`, in the reader's language, with `arguments` put in.
public func trn(
  _ singular: StaticString, _ plural: StaticString, _ count: Int, _ arguments: any CustomStringConvertible...
) -> String {
  let english = count == 1 ? singular.description : plural.description
  let chosen = singular.description.withCString { one in
    plural.description.withCString { many in
      dngettext(Localization.domain, one, many, UInt(max(count, 0))).map { String(cString: $0) } ?? english
    }
  }
  return Localization.format(chosen, arguments.map(\.description))
}
