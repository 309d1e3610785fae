import RotationCore
import Testing

/// A phrase is data until an edge renders it: its rules, its casing and its values come out the
/// same in every style, and only the style decides language, escaping and how a rule is cited.
@Suite struct PhraseTests {
  @Test func aRuleIsAnArgumentCitedAsTheStyleSays() {
    let phrase = say("%1$s stays %2$s (%3$s).", "NavVC", InterfaceOrientation.portrait, Rule("no-push-pop"))
    #expect(phrase.text(.machine) == "NavVC stays portrait (docs/rules.md#no-push-pop).")
    let linked = PhraseStyle(translated: false, cite: { "<\($0.anchor)>" })
    #expect(phrase.text(linked) == "NavVC stays portrait (<no-push-pop>).")
    #expect(phrase.rules == [Rule("no-push-pop")])
  }

  @Test func rulesAreListedInOrderOnceAcrossNestedAndJoinedPhrases() {
    let inner = say("the intersection (%s)", Rule("intersection"))
    let phrase =
      say("%s, which is in %s (%s)", "Device portrait", inner, Rule("turn-or-stay"))
      + say(" Then: %s", say("again (%s, %s)", Rule("intersection"), Rule("fallback-order")))
    #expect(phrase.rules == [Rule("intersection"), Rule("turn-or-stay"), Rule("fallback-order")])
    #expect(
      phrase.text(.machine)
        == "Device portrait, which is in the intersection (docs/rules.md#intersection) "
        + "(docs/rules.md#turn-or-stay) Then: again (docs/rules.md#intersection, docs/rules.md#fallback-order)"
    )
  }

  @Test func casingChangesTheSentencesFirstLetterNeverAName() {
    // A class name first stays as it is written: "NavVC", "UINavigationController".
    let clause = say("%s returned NO", "NavVC")
    #expect(clause.lowercasedFirst.text(.machine) == "NavVC returned NO")
    #expect(
      say("%2$s for %1$s", "A", "UINavigationController").lowercasedFirst.text(.machine)
        == "UINavigationController for A")
    #expect(say("device %s maps", "portrait").capitalizedFirst.text(.machine) == "Device portrait maps")
    // A phrase put in first takes the casing: "…through KVC: device portrait maps…".
    let mapping = say("device %s maps", "portrait").capitalizedFirst
    #expect(
      say("%s, which is in it", mapping).lowercasedFirst.text(.machine)
        == "device portrait maps, which is in it")
    #expect(
      (Phrase(verbatim: "x") + say("the interface").capitalizedFirst).text(.machine) == "xThe interface")
    #expect(Phrase().capitalizedFirst.isEmpty)
  }

  @Test func escapingReachesTextAndValuesButNotTheCitation() {
    let style = PhraseStyle(
      translated: false, escape: { $0.replacing("<", with: "&lt;") }, cite: { "<a>\($0.anchor)</a>" })
    let phrase = say("a < b: %s (%s)", "<UIKit>", Rule("x")) + Phrase(verbatim: "<")
    #expect(phrase.text(style) == "a &lt; b: &lt;UIKit> (<a>x</a>)&lt;")
  }

  @Test func pluralsChooseByCount() {
    #expect(sayn("%s call vanishes", "%s calls vanish", 1, 1).text(.machine) == "1 call vanishes")
    #expect(sayn("%s call vanishes", "%s calls vanish", 3, 3).text(.machine) == "3 calls vanish")
  }

  @Test func equalPhrasesAreEqualDataWhateverTheyRenderTo() {
    #expect(say("stays %s", "portrait") == say("stays %s", "portrait"))
    #expect(say("stays %s", "portrait") != say("stays %s", "landscapeLeft"))
    #expect(say("stays %s", "portrait") != Phrase(verbatim: "stays portrait"))
    #expect(Set([say("a"), say("a"), say("b")]).count == 2)
  }
}
