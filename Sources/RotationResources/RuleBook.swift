import FoundationEssentials

/// The rules of docs/rules.md by anchor, for the window to show where a reason cites one (a
/// `Rule` argument of its phrase, shown as `docs/rules.md#no-push-pop`). The document is installed with the data (`rules.md`) and read
/// from `docs/` in the source tree.
public struct RuleBook: Sendable {
  public struct Rule: Sendable, Equatable {
    public var anchor: String
    /// The heading, without its markdown.
    public var title: String
    /// The rule's words: its paragraphs before "Sources:", as plain text.
    public var text: String
    /// The "Sources:" and "Tested by:" paragraphs, as plain text.
    public var sources: String
  }

  public let rules: [String: Rule]

  /// Reads the rules from the document's markdown: each rule starts with `<a id="anchor"></a>`
  /// on a line of its own, followed by its heading. Read as UTF-8 bytes: every mark it looks for
  /// is ASCII, so each cut falls between characters, and scanning Characters made the 84 KB
  /// document take ~50 ms to read, in the window's first panels.
  public init(markdown: String) {
    var rules: [String: Rule] = [:]
    var anchor: String?
    var title: [UInt8]?
    var text: [UInt8] = []
    var sources: [UInt8] = []
    var inSources = false
    func close() {
      if let anchor {
        rules[anchor] = Rule(
          anchor: anchor, title: Self.string(title ?? []), text: Self.string(Self.trimmed(text[...])),
          sources: Self.string(Self.trimmed(sources[...])))
      }
      anchor = nil
    }
    let anchorMark = Array(#"<a id=""#.utf8)
    let bytes = Array(markdown.utf8)
    var lineStart = 0
    while lineStart <= bytes.count {
      let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
      let line = Self.trimmed(bytes[lineStart..<lineEnd], leading: false)
      lineStart = lineEnd + 1
      if line.starts(with: anchorMark),
        let end = line.dropFirst(anchorMark.count).firstIndex(of: UInt8(ascii: "\""))
      {
        close()
        anchor = Self.string(line[(line.startIndex + anchorMark.count)..<end])
        title = nil
        text = []
        sources = []
        inSources = false
      } else if anchor != nil, title == nil, line.first == UInt8(ascii: "#") {
        title = Self.plain(line.drop { $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: " ") })
      } else if anchor != nil, line.elementsEqual("---".utf8) {
        close()
      } else if anchor != nil {
        if line.starts(with: "Sources:".utf8) || line.starts(with: "Tested by:".utf8) {
          if inSources { sources.append(UInt8(ascii: "\n")) }
          inSources = true
        }
        let words = line.isEmpty ? Array("\n\n".utf8) : Self.plain(line) + [UInt8(ascii: " ")]
        if inSources { sources += words } else { text += words }
      }
    }
    close()
    self.rules = rules
  }

  public func rule(_ anchor: String) -> Rule? { rules[anchor] }

  /// The book the app shows, from the installed or source tree's document; nil when not found.
  public static let shared: RuleBook? = {
    guard let data = Resources.dataDirectory else { return nil }
    for path in [data + "/rules.md", data + "/../docs/rules.md"] {
      if let text = try? String(contentsOfFile: path, encoding: .utf8) { return RuleBook(markdown: text) }
    }
    return nil
  }()

  /// A line of markdown as plain text: code spans, emphasis and links keep only their words.
  static func plain(_ line: ArraySlice<UInt8>) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(line.count)
    var index = line.startIndex
    while index < line.endIndex {
      let byte = line[index]
      if byte == UInt8(ascii: "["), let close = line[index...].firstIndex(of: UInt8(ascii: "]")),
        close + 1 < line.endIndex, line[close + 1] == UInt8(ascii: "("),
        let end = line[close...].firstIndex(of: UInt8(ascii: ")"))
      {
        out += line[(index + 1)..<close]
        index = end + 1
        continue
      }
      if byte != UInt8(ascii: "`") && byte != UInt8(ascii: "*") { out.append(byte) }
      index += 1
    }
    return Array(trimmed(out[...]))
  }

  /// `bytes` without ASCII whitespace at its ends (or only at its end).
  static func trimmed(_ bytes: ArraySlice<UInt8>, leading: Bool = true) -> ArraySlice<UInt8> {
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
    var slice = bytes
    if leading { while let first = slice.first, isSpace(first) { slice = slice.dropFirst() } }
    while let last = slice.last, isSpace(last) { slice = slice.dropLast() }
    return slice
  }

  static func string(_ bytes: some Collection<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
}
