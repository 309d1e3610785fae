import Foundation
import RotationResources
import Testing

/// Reason texts cite docs/rules.md by anchor, and every anchor they cite is there.
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

  @Test func noBundledTraceCitesABareRuleNumberAndEveryCitationResolves() throws {
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
      for anchor in RuleBook.citations(in: body) {
        cited += 1
        #expect(anchors.contains(anchor), "\(name) cites docs/rules.md#\(anchor), which does not exist")
      }
    }
    #expect(cited > 10)
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

  @Test func anAnchorEndsWhereItsLettersEndEvenBeforeAChineseWord() {
    let text = "界面保持不变（docs/rules.md#ios16-push-pop的规则），见 docs/rules.md#ios16。"
    #expect(RuleBook.citations(in: text) == ["ios16-push-pop", "ios16"])
    #expect(
      RuleBook.replacingCitations(in: text) { $0 == "ios16" ? "<\($0)>" : nil }
        == "界面保持不变（docs/rules.md#ios16-push-pop的规则），见 <ios16>。")
  }

  @Test func citationsAreFoundAndReplacedInOnePass() {
    let text = "stays (docs/rules.md#ios16-push-pop) and (docs/rules.md#ios16)."
    #expect(RuleBook.citations(in: text) == ["ios16-push-pop", "ios16"])
    #expect(RuleBook.replacingCitations(in: text) { "[\($0)]" } == "stays ([ios16-push-pop]) and ([ios16]).")
  }
}
