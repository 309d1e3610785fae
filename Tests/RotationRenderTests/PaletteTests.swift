import Foundation
import RotationRender
import Testing

/// The palette's two variants: every text colour readable on every background it is drawn on
/// (WCAG 2's contrast ratio, computed here from the sRGB values), the dark one dark.
@Suite struct PaletteTests {
  /// WCAG 2.1's relative luminance of an sRGB colour.
  static func luminance(_ color: Color) -> Double {
    func channel(_ value: Double) -> Double {
      value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * channel(color.red) + 0.7152 * channel(color.green) + 0.0722 * channel(color.blue)
  }

  static func contrast(_ a: Color, _ b: Color) -> Double {
    let (x, y) = (luminance(a), luminance(b))
    return (max(x, y) + 0.05) / (min(x, y) + 0.05)
  }

  @Test func theContrastFormulaAgreesWithKnownRatios() {
    // Black on white is 21:1; #767676 is the lightest grey that passes 4.5:1 on white (4.54:1),
    // #777777 the first that fails (4.48:1): the values every WCAG checker gives.
    #expect(abs(Self.contrast(Color(hex: 0x000000), Color(hex: 0xFFFFFF)) - 21) < 0.01)
    #expect(abs(Self.contrast(Color(hex: 0x767676), Color(hex: 0xFFFFFF)) - 4.54) < 0.01)
    #expect(abs(Self.contrast(Color(hex: 0x777777), Color(hex: 0xFFFFFF)) - 4.48) < 0.01)
  }

  @Test(arguments: [Palette.light, Palette.dark])
  func everyTextColourIsReadableOnItsBackgrounds(_ palette: Palette) {
    #expect(palette.textPairs.count >= 30)
    for pair in palette.textPairs {
      let ratio = Self.contrast(pair.foreground, pair.on)
      #expect(ratio >= 4.5, "\(palette.name): \(pair.text) on \(pair.background) is \(ratio):1")
    }
  }

  @Test func theDarkVariantIsDarkAndTheLightOneLight() {
    for background in [Palette.dark.panel, Palette.dark.background, Palette.dark.screen] {
      #expect(Self.luminance(background) < 0.05)
    }
    for background in [Palette.light.panel, Palette.light.background, Palette.light.screen] {
      #expect(Self.luminance(background) > 0.85)
    }
  }

  @Test func thePaletteInUseIsTheTasksOwn() {
    // Drawing dark on one thread leaves another's light: the palette is task-local.
    #expect(Theme.panel == Palette.light.panel)
    Theme.using(.dark) {
      #expect(Theme.panel == Palette.dark.panel)
      Theme.using(.light) { #expect(Theme.text == Palette.light.text) }
      #expect(Theme.text == Palette.dark.text)
    }
    #expect(Theme.text == Palette.light.text)
  }
}
