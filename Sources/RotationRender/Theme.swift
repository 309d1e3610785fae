import RotationCore

/// Colours and fonts of the diagrams, in one place (GNOME's palette, Adwaita-like neutrals).
public enum Theme {
  public static let background = Color(hex: 0xFAFAFA)
  public static let panel = Color(hex: 0xFFFFFF)
  public static let panelBorder = Color(hex: 0xDEDDDA)
  public static let text = Color(hex: 0x241F31)
  public static let secondaryText = Color(hex: 0x5E5C64)
  public static let faintText = Color(hex: 0x9A9996)
  public static let grid = Color(hex: 0xEDEDEC)

  /// The deciding controller.
  public static let decider = Color(hex: 0xE66100)
  /// What the user sees.
  public static let visible = Color(hex: 0x1C71D8)
  /// A supported orientation cell, an allowed result.
  public static let allowed = Color(hex: 0x2EC27E)
  public static let allowedStrong = Color(hex: 0x26A269)
  public static let refused = Color(hex: 0xC01C28)
  public static let lifecycle = Color(hex: 0x1A5FB4)
  public static let method = Color(hex: 0x813D9C)
  public static let api = Color(hex: 0x0E7C86)
  public static let notification = Color(hex: 0x986A44)
  public static let exceptionFill = Color(hex: 0xFCE4E4)
  public static let presentation = Color(hex: 0x9141AC)
  /// Deprecations, scene errors and the interface following UIDevice rather than the hardware.
  public static let warning = Color(hex: 0xE66100)
  /// The deciding controller's fill in a Graphviz export.
  public static let deciderFill = Color(hex: 0xFDEBDD)
  /// The border of a controller whose view is not in the window, in a Graphviz export.
  public static let hiddenBorder = Color(hex: 0xC0BFBC)

  public static let deviceBody = Color(hex: 0x3D3846)
  public static let deviceBack = Color(hex: 0x5E5C64)
  public static let screen = Color(hex: 0xF6F5F4)
  public static let statusBar = Color(hex: 0x241F31)
  public static let navigationBar = Color(hex: 0xE8E6E3)

  public static let title = Font(size: 17, bold: true)
  public static let heading = Font(size: 13, bold: true)
  public static let body = Font(size: 12)
  public static let bodyBold = Font(size: 12, bold: true)
  public static let small = Font(size: 10)
  public static let smallBold = Font(size: 10, bold: true)
  public static let code = Font("DejaVu Sans Mono", size: 11)
  public static let codeItalic = Font("DejaVu Sans Mono", size: 11, italic: true)
  public static let codeBold = Font("DejaVu Sans Mono", size: 11, bold: true)
}
