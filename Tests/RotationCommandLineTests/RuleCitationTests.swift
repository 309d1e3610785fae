import Foundation
import RotationResources
import Testing

/// Reasons cite docs/rules.md by anchor, as data, and every anchor they cite is there.
@Suite struct RuleCitationTests {
  static let document = packageRoot.appendingPathComponent("docs/rules.md")

  /// The anchors of docs/rules.md, read with a regular expression, not with the app's reader.
  static func anchors() throws -> Set<String> {
    let text = try String(contentsOf: document, encoding: .utf8)
    let pattern = try NSRegularExpression(
      pattern: #"^<a id="([a-z0-9-]+)"></a>$"#, options: .anchorsMatchLines)
    let range = NSRange(text.startIndex..., in: text)
    return Set(
      pattern.matches(in: text, range: range).map { String(text[Range($0.range(at: 1), in: text)!]) })
  }

  @Test func noBundledTraceCitesABareRuleNumberAndEveryCitedRuleResolves() throws {
    let anchors = try Self.anchors()
    #expect(anchors.count > 50)
    let folder = packageRoot.appendingPathComponent("Assets/scenarios")
    let bare = try NSRegularExpression(
      pattern: #"\b(rules? [0-9]+|section [0-9]+|\(seed 00[0-9]\))"#, options: .caseInsensitive)
    var cited = 0
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    where name.hasSuffix(".json") {
      let trace = try rotationLab(["trace", "Assets/scenarios/" + name])
      #expect(trace.status == 0)
      let body = trace.output.split(separator: "\n").filter { !$0.hasPrefix("#") }.joined(separator: "\n")
      let range = NSRange(body.startIndex..., in: body)
      if let match = bare.firstMatch(in: body, range: range) {
        Issue.record("\(name) cites \(body[Range(match.range, in: body)!]) instead of an anchor")
      }
      // The rules a step's reason cites are data: trace --json's "rules" member, and each is
      // cited in the text as docs/rules.md#anchor.
      let json = try rotationLab(["trace", "Assets/scenarios/" + name, "--json"])
      let document = try #require(
        try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
      for step in try #require(document["steps"] as? [[String: Any]]) {
        let rules = try #require(step["rules"] as? [String], "\(name): a step without its rules member")
        let reason = try #require(step["reason"] as? String)
        for anchor in rules {
          cited += 1
          #expect(anchors.contains(anchor), "\(name) cites docs/rules.md#\(anchor), which does not exist")
          #expect(reason.contains("docs/rules.md#\(anchor)"), "\(name): \(anchor) is not in the reason")
        }
      }
    }
    #expect(cited > 10)
  }

  /// Every rule the code names (`Rule("anchor")`, read from the sources with a regular
  /// expression) is a rule of docs/rules.md, and no translatable text spells a citation itself.
  @Test func everyRuleTheCodeNamesIsInTheDocumentAndNoTextSpellsOne() throws {
    let anchors = try Self.anchors()
    let named = try NSRegularExpression(pattern: #"Rule\("([a-z0-9-]+)"\)"#)
    let spelled = try NSRegularExpression(
      pattern: #"(?<![\w.])(?:tr|trn|say|sayn)\(\s*"[^"\n]*docs/rules\.md#"#)
    var found = 0
    let sources = packageRoot.appendingPathComponent("Sources")
    let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
    for file in files where file.hasSuffix(".swift") {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      let range = NSRange(text.startIndex..., in: text)
      for match in named.matches(in: text, range: range) {
        found += 1
        let anchor = String(text[Range(match.range(at: 1), in: text)!])
        #expect(
          anchors.contains(anchor), "\(file) names Rule(\"\(anchor)\"), which docs/rules.md does not have")
      }
      #expect(
        spelled.firstMatch(in: text, range: range) == nil, "\(file) spells a rule in a translatable text")
    }
    #expect(found > 30)
  }

  @Test func theRuleBookReadsEachRuleAsTheDocumentWritesIt() throws {
    let text = try String(contentsOf: Self.document, encoding: .utf8)
    let book = RuleBook(markdown: text)
    let anchors = try Self.anchors()
    #expect(Set(book.rules.keys) == anchors)
    // The heading after the anchor, as the file has it.
    let lines = text.components(separatedBy: "\n")
    let at = try #require(lines.firstIndex(of: #"<a id="no-push-pop"></a>"#))
    let heading = lines[at + 1].drop { $0 == "#" || $0 == " " }
    let rule = try #require(book.rule("no-push-pop"))
    #expect(rule.title == String(heading))
    #expect(rule.text.hasPrefix("Pushing or popping a controller"))
    #expect(!rule.text.contains("Sources:"))
    #expect(rule.sources.hasPrefix("Sources:"))
  }

  @Test func aRuleReadsAsPlainTextWhateverTheLineEndingsAndLetters() {
    let markdown = """
      # Rules

      <a id="intersection"></a>
      ### The mask **intersection**

      The app's mask ∩ the deciding controller's, as `supportedInterfaceOrientations` says; see
      [Apple's page](https://developer.apple.com/documentation/uikit/uiviewcontroller) 方向掩码交集.

      Sources: *seed 002*, [UIKit](https://example.com/a).
      Tested by: `MaskTests`.

      ---
      Not a rule.
      """
    for document in [markdown, markdown.replacingOccurrences(of: "\n", with: "\r\n")] {
      let rule = RuleBook(markdown: document).rule("intersection")
      #expect(rule?.title == "The mask intersection")
      #expect(
        rule?.text
          == "The app's mask ∩ the deciding controller's, as supportedInterfaceOrientations says; see "
          + "Apple's page 方向掩码交集.")
      #expect(rule?.sources == "Sources: seed 002, UIKit. \nTested by: MaskTests.")
      #expect(RuleBook(markdown: document).rules.count == 1)
    }
  }

}
