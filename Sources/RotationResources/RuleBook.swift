import FoundationEssentials

/// The rules of docs/rules.md by anchor, for the window to show where a reason text cites one
/// (`docs/rules.md#no-push-pop`). The document is installed with the data (`rules.md`) and read
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
  /// on a line of its own, followed by its heading.
  public init(markdown: String) {
    var rules: [String: Rule] = [:]
    var current: Rule?
    var inSources = false
    func close() {
      if var rule = current {
        rule.text = rule.text.trimmingWhitespace()
        rule.sources = rule.sources.trimmingWhitespace()
        rules[rule.anchor] = rule
      }
    }
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if line.hasPrefix("<a id=\""), let end = line.dropFirst(7).firstIndex(of: "\"") {
        close()
        current = Rule(anchor: String(line.dropFirst(7)[..<end]), title: "", text: "", sources: "")
        inSources = false
      } else if current != nil, current!.title.isEmpty, line.hasPrefix("#") {
        let heading = line.drop { $0 == "#" || $0 == " " }
        current!.title = Self.plain(String(heading))
      } else if current != nil, line == "---" {
        close()
        current = nil
      } else if current != nil {
        if line.hasPrefix("Sources:") || line.hasPrefix("Tested by:") {
          if inSources { current!.sources += "\n" }
          inSources = true
        }
        let text = line.isEmpty ? "\n\n" : Self.plain(line) + " "
        if inSources { current!.sources += text } else { current!.text += text }
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

  /// The anchors `text` cites as `docs/rules.md#anchor`, in order.
  public static func citations(in text: String) -> [String] {
    var anchors: [String] = []
    _ = replacingCitations(in: text) { anchor in
      anchors.append(anchor)
      return nil
    }
    return anchors
  }

  /// `text` with each citation `docs/rules.md#anchor` replaced by what `replacement` gives for its
  /// anchor (kept as it is when that is nil), in one pass.
  public static func replacingCitations(in text: String, _ replacement: (String) -> String?) -> String {
    let marker = Array("docs/rules.md#")
    let characters = Array(text)
    var out = ""
    var index = 0
    while index < characters.count {
      if index + marker.count <= characters.count, Array(characters[index..<(index + marker.count)]) == marker
      {
        var end = index + marker.count
        while end < characters.count,
          characters[end].isLetter || characters[end].isNumber || characters[end] == "-"
        {
          end += 1
        }
        let citation = String(characters[index..<end])
        let anchor = String(characters[(index + marker.count)..<end])
        out += anchor.isEmpty ? citation : (replacement(anchor) ?? citation)
        index = end
      } else {
        out.append(characters[index])
        index += 1
      }
    }
    return out
  }

  /// A line of markdown as plain text: code spans, emphasis and links keep only their words.
  static func plain(_ line: String) -> String {
    var out = ""
    var index = line.startIndex
    while index < line.endIndex {
      let character = line[index]
      if character == "[", let close = line[index...].firstIndex(of: "]"),
        line.index(after: close) < line.endIndex, line[line.index(after: close)] == "(",
        let end = line[close...].firstIndex(of: ")")
      {
        out += line[line.index(after: index)..<close]
        index = line.index(after: end)
        continue
      }
      if character != "`" && character != "*" { out.append(character) }
      index = line.index(after: index)
    }
    return out.trimmingWhitespace()
  }
}
