import RotationCore

/// Every colour the diagrams and the window use, in a light and a dark variant (GNOME's
/// palette; the dark one after Adwaita's dark style). Text colours keep a contrast of at least
/// 4.5:1 against the backgrounds they are drawn on (`textPairs`, held by a test).
public struct Palette: Sendable, Equatable {
  public var name: String
  public var background: Color
  public var panel: Color
  public var panelBorder: Color
  public var text: Color
  public var secondaryText: Color
  public var faintText: Color
  public var grid: Color
  /// The deciding controller.
  public var decider: Color
  /// What the user sees.
  public var visible: Color
  /// A supported orientation in the tree's small squares.
  public var allowed: Color
  /// A supported orientation's cell in the mask table, and its check mark.
  public var allowedCell: Color
  public var onAllowedCell: Color
  /// The intersection's cells (and "YES" in the tree), and the check mark on them.
  public var allowedStrong: Color
  public var onAllowedStrong: Color
  public var refused: Color
  public var lifecycle: Color
  public var method: Color
  public var api: Color
  public var notification: Color
  public var exceptionFill: Color
  public var presentation: Color
  /// Deprecations, scene errors and the interface following UIDevice rather than the hardware.
  public var warning: Color
  /// Text on a filled accent: the status chip, the crash banner.
  public var onAccent: Color
  /// The deciding controller's fill in a Graphviz export.
  public var deciderFill: Color
  /// The border of a controller whose view is not in the window, in a Graphviz export.
  public var hiddenBorder: Color
  /// The device mockup: body, back, edge, bezel, buttons and lenses, and text drawn on it.
  public var deviceBody: Color
  public var deviceBack: Color
  public var deviceEdge: Color
  public var deviceBezel: Color
  public var deviceButton: Color
  public var deviceLens: Color
  public var onDevice: Color
  public var deviceShadow: Color
  /// The app's screen inside the mockup: its background, status and navigation bars, a sheet or alert card.
  public var screen: Color
  public var statusBar: Color
  public var navigationBar: Color
  public var card: Color

  public static let light = Palette(
    name: "light", background: Color(hex: 0xFAFAFA), panel: Color(hex: 0xFFFFFF),
    panelBorder: Color(hex: 0xDEDDDA), text: Color(hex: 0x241F31), secondaryText: Color(hex: 0x5E5C64),
    faintText: Color(hex: 0x6F6E73), grid: Color(hex: 0xEDEDEC), decider: Color(hex: 0xB84100),
    visible: Color(hex: 0x1B62C0), allowed: Color(hex: 0x2EC27E), allowedCell: Color(hex: 0x2EC27E),
    onAllowedCell: Color(hex: 0x102A1C), allowedStrong: Color(hex: 0x1A7A48),
    onAllowedStrong: Color(hex: 0xFFFFFF),
    refused: Color(hex: 0xC01C28), lifecycle: Color(hex: 0x1A5FB4), method: Color(hex: 0x813D9C),
    api: Color(hex: 0x0B6F78), notification: Color(hex: 0x865E3C), exceptionFill: Color(hex: 0xFCE4E4),
    presentation: Color(hex: 0x9141AC), warning: Color(hex: 0xB84100), onAccent: Color(hex: 0xFFFFFF),
    deciderFill: Color(hex: 0xFDEBDD), hiddenBorder: Color(hex: 0xC0BFBC), deviceBody: Color(hex: 0x3D3846),
    deviceBack: Color(hex: 0x5E5C64), deviceEdge: Color(hex: 0x77767B), deviceBezel: Color(hex: 0x000000),
    deviceButton: Color(hex: 0x2A2730), deviceLens: Color(hex: 0x1E1E1E), onDevice: Color(hex: 0xFFFFFF),
    deviceShadow: Color(hex: 0x000000, alpha: 0.12), screen: Color(hex: 0xF6F5F4),
    statusBar: Color(hex: 0x241F31),
    navigationBar: Color(hex: 0xE8E6E3), card: Color(hex: 0xFFFFFF))

  public static let dark = Palette(
    name: "dark", background: Color(hex: 0x242424), panel: Color(hex: 0x303030),
    panelBorder: Color(hex: 0x4A4A4A), text: Color(hex: 0xFFFFFF), secondaryText: Color(hex: 0xC0BFBC),
    faintText: Color(hex: 0xA8A7A4), grid: Color(hex: 0x3A3A3A), decider: Color(hex: 0xFFA348),
    visible: Color(hex: 0x78AEED), allowed: Color(hex: 0x33D17A), allowedCell: Color(hex: 0x1F5C3A),
    onAllowedCell: Color(hex: 0xFFFFFF), allowedStrong: Color(hex: 0x57E389),
    onAllowedStrong: Color(hex: 0x102A1C),
    refused: Color(hex: 0xFF7B63), lifecycle: Color(hex: 0x99C1F1), method: Color(hex: 0xDC8ADD),
    api: Color(hex: 0x5BC8AF), notification: Color(hex: 0xCDAB8F), exceptionFill: Color(hex: 0x4A2426),
    presentation: Color(hex: 0xDC8ADD), warning: Color(hex: 0xFFA348), onAccent: Color(hex: 0x1E1E1E),
    deciderFill: Color(hex: 0x4D3319), hiddenBorder: Color(hex: 0x5E5C64), deviceBody: Color(hex: 0x151419),
    deviceBack: Color(hex: 0x3D3846), deviceEdge: Color(hex: 0x77767B), deviceBezel: Color(hex: 0x000000),
    deviceButton: Color(hex: 0x2A2730), deviceLens: Color(hex: 0x1E1E1E), onDevice: Color(hex: 0xFFFFFF),
    deviceShadow: Color(hex: 0x000000, alpha: 0.35), screen: Color(hex: 0x1E1E1E),
    statusBar: Color(hex: 0x000000),
    navigationBar: Color(hex: 0x383838), card: Color(hex: 0x2C2C2E))

  /// Each text colour with the backgrounds the diagrams and lists draw it on.
  public var textPairs: [(text: String, background: String, foreground: Color, on: Color)] {
    var pairs: [(String, String, Color, Color)] = []
    let onPanels: [(String, Color)] = [
      ("text", text), ("secondaryText", secondaryText), ("faintText", faintText), ("decider", decider),
      ("visible", visible), ("allowedStrong", allowedStrong), ("refused", refused), ("lifecycle", lifecycle),
      ("method", method), ("api", api), ("notification", notification), ("presentation", presentation),
      ("warning", warning),
    ]
    for (name, color) in onPanels {
      pairs.append((name, "panel", color, panel))
      pairs.append((name, "background", color, background))
    }
    pairs.append(("refused", "exceptionFill", refused, exceptionFill))
    pairs.append(("onAllowedCell", "allowedCell", onAllowedCell, allowedCell))
    pairs.append(("onAllowedStrong", "allowedStrong", onAllowedStrong, allowedStrong))
    for (name, color) in [("refused", refused), ("faintText", faintText), ("decider", decider)] {
      pairs.append(("onAccent", name, onAccent, color))
    }
    pairs.append(("onDevice", "deviceBody", onDevice, deviceBody))
    pairs.append(("onDevice", "deviceBezel", onDevice, deviceBezel))
    pairs.append(("onDevice", "statusBar", onDevice, statusBar))
    pairs.append(("text", "navigationBar", text, navigationBar))
    pairs.append(("visible", "screen", visible, screen))
    pairs.append(("presentation", "card", presentation, card))
    return pairs
  }
}

/// The colours of the palette in use and the fonts, in one place. The palette is a task-local
/// value: `Theme.using(.dark) { … }` draws dark on this thread only, so tests and exports in
/// parallel never see each other's choice; without it, the light variant.
public enum Theme {
  @TaskLocal public static var palette: Palette = .light

  /// Runs `body` with `palette` as the colours.
  public static func using<T>(_ palette: Palette, _ body: () throws -> T) rethrows -> T {
    try $palette.withValue(palette, operation: body)
  }

  public static var background: Color { palette.background }
  public static var panel: Color { palette.panel }
  public static var panelBorder: Color { palette.panelBorder }
  public static var text: Color { palette.text }
  public static var secondaryText: Color { palette.secondaryText }
  public static var faintText: Color { palette.faintText }
  public static var grid: Color { palette.grid }
  public static var decider: Color { palette.decider }
  public static var visible: Color { palette.visible }
  public static var allowed: Color { palette.allowed }
  public static var allowedCell: Color { palette.allowedCell }
  public static var onAllowedCell: Color { palette.onAllowedCell }
  public static var allowedStrong: Color { palette.allowedStrong }
  public static var onAllowedStrong: Color { palette.onAllowedStrong }
  public static var refused: Color { palette.refused }
  public static var lifecycle: Color { palette.lifecycle }
  public static var method: Color { palette.method }
  public static var api: Color { palette.api }
  public static var notification: Color { palette.notification }
  public static var exceptionFill: Color { palette.exceptionFill }
  public static var presentation: Color { palette.presentation }
  public static var warning: Color { palette.warning }
  public static var onAccent: Color { palette.onAccent }
  public static var deciderFill: Color { palette.deciderFill }
  public static var hiddenBorder: Color { palette.hiddenBorder }
  public static var deviceBody: Color { palette.deviceBody }
  public static var deviceBack: Color { palette.deviceBack }
  public static var deviceEdge: Color { palette.deviceEdge }
  public static var deviceBezel: Color { palette.deviceBezel }
  public static var deviceButton: Color { palette.deviceButton }
  public static var deviceLens: Color { palette.deviceLens }
  public static var onDevice: Color { palette.onDevice }
  public static var deviceShadow: Color { palette.deviceShadow }
  public static var screen: Color { palette.screen }
  public static var statusBar: Color { palette.statusBar }
  public static var navigationBar: Color { palette.navigationBar }
  public static var card: Color { palette.card }

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
