import RotationCore
import Testing

/// Putting values into a translated text, as C's printf does for `%s` and `%N$s` (a translation
/// may reorder the values of its English text).
@Suite struct LocalizationTests {
  @Test func valuesInTheirOrder() {
    #expect(
      Localization.format("%s turns to %s.", ["NavVC", "landscapeRight"]) == "NavVC turns to landscapeRight.")
    #expect(Localization.format("%s", ["only"]) == "only")
    #expect(Localization.format("no values", []) == "no values")
  }

  @Test func numberedValuesMayBeReordered() {
    #expect(Localization.format("%2$s 转到 %1$s", ["landscapeRight", "NavVC"]) == "NavVC 转到 landscapeRight")
    #expect(Localization.format("%1$s, %1$s and %2$s", ["a", "b"]) == "a, a and b")
  }

  @Test func percentSignsAndWhatIsNotADirective() {
    #expect(Localization.format("100%% of %s", ["steps"]) == "100% of steps")
    #expect(Localization.format("100%%", []) == "100%")
    // Nothing to put in, an unknown directive, a number out of range and a lone % at the end are
    // kept as written rather than read past the arguments.
    #expect(Localization.format("%s and %s", ["one"]) == "one and %s")
    #expect(Localization.format("%d items", ["3"]) == "%d items")
    #expect(Localization.format("%3$s", ["a", "b"]) == "%3$s")
    #expect(Localization.format("50%", []) == "50%")
  }

  @Test func valuesAreNotReadAgain() {
    // A value that itself holds a directive is put in as it is.
    #expect(Localization.format("%s then %s", ["%s", "b"]) == "%s then b")
  }

  /// Without a catalogue bound (as in this test process), a text is its English.
  @Test func englishWithoutACatalogue() {
    #expect(
      tr("%s: valid (%s, %s)", "a.json", "2 classes", "3 steps") == "a.json: valid (2 classes, 3 steps)")
    #expect(trn("%s step", "%s steps", 1, 1) == "1 step")
    #expect(trn("%s step", "%s steps", 2, 2) == "2 steps")
  }
}
