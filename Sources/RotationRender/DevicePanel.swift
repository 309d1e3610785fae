import FoundationEssentials
import Glibc
import RotationCore

/// The device mockup: a phone or pad body turned to how the device is held, and a screen whose
/// content sits in the interface orientation the core decided. Where the two differ, the content
/// is visibly sideways or upside down — that is the picture of UIKit refusing to turn.
public enum DevicePanel {
  public static let preferredSize = (width: 300.0, height: 470.0)

  /// The body's angle for a device orientation, clockwise: landscapeLeft (Home button on the
  /// right) is the body turned a quarter counter-clockwise.
  public static func bodyAngle(_ orientation: DeviceOrientation) -> Double {
    switch orientation {
    case .portrait, .unknown, .faceUp, .faceDown: return 0
    case .landscapeLeft: return -Double.pi / 2
    case .landscapeRight: return Double.pi / 2
    case .portraitUpsideDown: return Double.pi
    }
  }

  /// The content's angle in the world for an interface orientation: upright when the device is
  /// held in the matching device orientation.
  public static func contentAngle(_ orientation: InterfaceOrientation, bodyAngle: Double) -> Double {
    guard orientation != .unknown else { return bodyAngle }
    return bodyAngle - self.bodyAngle(orientation.deviceOrientation)
  }

  /// The body's size for the scenario's hardware, upright.
  static func bodySize(_ system: SystemConfig) -> (width: Double, height: Double) {
    switch (system.idiom, system.homeButton) {
    case (.pad, _): return (190, 260)
    case (.phone, true): return (132, 262)
    case (.phone, false): return (128, 268)
    }
  }

  public static func draw(_ model: DiagramModel, options: DiagramOptions, on canvas: Canvas, in rect: Rect) {
    let step = model.step
    let system = model.scenario.system
    canvas.group {
      canvas.translate(rect.x, rect.y)
      canvas.text(tr("Device"), x: 14, y: 6, font: Theme.heading, color: Theme.text)
      let center = (rect.width / 2, 44 + 150.0)
      let held = step.physicalOrientation
      let flat = options.bodyAngle == nil && (held == .faceUp || held == .faceDown)
      let body = options.bodyAngle ?? bodyAngle(held)
      let content = options.contentAngle ?? contentAngle(step.interfaceOrientation, bodyAngle: body)
      if step.state.orientationLock { drawLock(x: rect.width - 46, y: 34, on: canvas) }
      canvas.group {
        canvas.translate(center.0, center.1)
        if flat {
          canvas.scale(1, 0.5)
          canvas.group {
            canvas.translate(0, 14)
            let size = bodySize(system)
            canvas.fill(
              Rect(x: -size.width / 2, y: -size.height / 2, width: size.width, height: size.height),
              Theme.deviceShadow, radius: 22)
          }
        }
        canvas.rotate(body)
        if held == .faceDown && options.bodyAngle == nil {
          drawBack(system, on: canvas)
        } else {
          drawBody(system, on: canvas)
          drawScreen(model, contentRelative: content - body, on: canvas)
        }
      }
      if let exception = step.exception {
        drawCrashBanner(
          exception, centerX: rect.width / 2, y: center.1 - 40, width: rect.width - 40, on: canvas)
      }
      drawCaption(model, flat: flat, y: 44 + 300 + 16, width: rect.width, on: canvas)
    }
  }

  // MARK: - Body

  static func drawBody(_ system: SystemConfig, on canvas: Canvas) {
    let size = bodySize(system)
    let rect = Rect(x: -size.width / 2, y: -size.height / 2, width: size.width, height: size.height)
    let radius = system.homeButton ? 18.0 : 24.0
    canvas.fill(rect, Theme.deviceBody, radius: radius)
    canvas.stroke(rect.insetBy(0.75, 0.75), Theme.deviceEdge, width: 1.5, radius: radius)
    // Side buttons (volume on the left, power on the right) show which way the body is turned.
    canvas.fill(Rect(x: rect.x - 3, y: rect.y + 58, width: 3, height: 22), Theme.deviceBody, radius: 1)
    canvas.fill(Rect(x: rect.x - 3, y: rect.y + 86, width: 3, height: 22), Theme.deviceBody, radius: 1)
    canvas.fill(Rect(x: rect.maxX, y: rect.y + 70, width: 3, height: 32), Theme.deviceBody, radius: 1)
    let screen = screenRect(system)
    canvas.fill(screen, Theme.deviceBezel, radius: system.homeButton ? 2 : 16)
    if system.homeButton {
      canvas.circle(
        center: (0, rect.maxY - 17), radius: 10, fill: Theme.deviceButton, stroke: Theme.deviceEdge,
        width: 1.2)
      canvas.fill(Rect(x: -16, y: rect.y + 14, width: 32, height: 4), Theme.deviceButton, radius: 2)
    }
  }

  static func drawBack(_ system: SystemConfig, on canvas: Canvas) {
    let size = bodySize(system)
    let rect = Rect(x: -size.width / 2, y: -size.height / 2, width: size.width, height: size.height)
    canvas.fill(rect, Theme.deviceBack, radius: system.homeButton ? 18 : 24)
    canvas.fill(Rect(x: rect.x + 12, y: rect.y + 12, width: 34, height: 34), Theme.deviceBody, radius: 9)
    canvas.circle(center: (rect.x + 22, rect.y + 22), radius: 6, fill: Theme.deviceLens)
    canvas.circle(center: (rect.x + 36, rect.y + 36), radius: 6, fill: Theme.deviceLens)
    canvas.text(
      tr("face down"), x: rect.x, y: rect.midY - 8, font: Theme.smallBold, color: Theme.onDevice,
      width: rect.width,
      alignment: .center)
  }

  static func screenRect(_ system: SystemConfig) -> Rect {
    let size = bodySize(system)
    let side = system.idiom == .pad ? 14.0 : 7.0
    let top = system.homeButton ? (system.idiom == .pad ? 22.0 : 36.0) : 7.0
    let bottom = system.homeButton ? (system.idiom == .pad ? 22.0 : 36.0) : 7.0
    return Rect(
      x: -size.width / 2 + side, y: -size.height / 2 + top, width: size.width - 2 * side,
      height: size.height - top - bottom)
  }

  // MARK: - Screen content

  /// The app's screen, drawn in the interface orientation: `contentRelative` is the content's
  /// rotation relative to the body.
  static func drawScreen(_ model: DiagramModel, contentRelative: Double, on canvas: Canvas) {
    let system = model.scenario.system
    let screen = screenRect(system)
    canvas.group {
      canvas.clip(screen)
      guard model.step.state.launched, model.step.interfaceOrientation != .unknown else {
        canvas.text(
          tr("not launched"), x: screen.x, y: screen.midY - 8, font: Theme.small, color: Theme.onDevice,
          width: screen.width, alignment: .center)
        return
      }
      canvas.translate(screen.midX, screen.midY)
      canvas.rotate(contentRelative)
      let quarter = abs(sin(contentRelative))
      var width = screen.width * (1 - quarter) + screen.height * quarter
      var height = screen.height * (1 - quarter) + screen.width * quarter
      var content = Rect(x: -width / 2, y: -height / 2, width: width, height: height)
      if model.step.sceneWindow != .fullScreen {
        // iPadOS 26 with apps in windows: the app in a window of its own shape, floating on the
        // screen (docs/rules.md#windowed-request-reshapes).
        canvas.fill(content, Theme.deviceBack)
        content = floatingWindow(in: content, landscape: model.step.sceneWindow == .landscapeWindow)
        (width, height) = (content.width, content.height)
        canvas.fill(content.insetBy(-1.5, -1.5), Theme.presentation, radius: 5)
      }
      canvas.fill(content, Theme.screen)
      let statusHeight = 14.0
      canvas.fill(Rect(x: content.x, y: content.y, width: width, height: statusHeight), Theme.statusBar)
      canvas.text("9:41", x: content.x + 6, y: content.y + 1, font: Theme.smallBold, color: Theme.onDevice)
      let battery = Rect(x: content.maxX - 24, y: content.y + 3.5, width: 17, height: 7)
      canvas.stroke(battery, Theme.onDevice, width: 1, radius: 1.5)
      canvas.fill(battery.insetBy(1.5, 1.5), Theme.onDevice)
      let navigation = Rect(x: content.x, y: content.y + statusHeight, width: width, height: 22)
      canvas.fill(navigation, Theme.navigationBar)
      let visible = model.visibleNode
      canvas.text(
        visible?.className ?? "", x: navigation.x + 4, y: navigation.y + 4, font: Theme.smallBold,
        color: Theme.text,
        width: navigation.width - 8, alignment: .center, ellipsize: true)
      var bottom = content.maxY
      if let bar = model.visibleTabBar, !bar.tabs.isEmpty {
        let barRect = Rect(x: content.x, y: content.maxY - 20, width: width, height: 20)
        canvas.fill(barRect, Theme.navigationBar)
        let slot = width / Double(bar.tabs.count)
        for (index, tab) in bar.tabs.enumerated() {
          let color = tab.isShown ? Theme.visible : Theme.faintText
          canvas.circle(
            center: (content.x + slot * (Double(index) + 0.5), barRect.y + 10), radius: 4, fill: color)
        }
        bottom = barRect.y
      }
      let body = Rect(
        x: content.x + 8, y: navigation.maxY + 8, width: width - 16, height: bottom - navigation.maxY - 16)
      // Content lines, as a page would show, then the interface orientation in words.
      for line in 0..<3 {
        let lineWidth = body.width * [0.85, 0.7, 0.78][line]
        canvas.fill(
          Rect(x: body.x, y: body.y + Double(line) * 10, width: lineWidth, height: 5), Theme.panelBorder,
          radius: 2.5)
      }
      // Under an alert's card the words go below it.
      let wordsY = model.visibleAlert == nil ? body.midY - 6 : max(body.midY - 6, body.y + 26)
      canvas.text(
        tr("interface\n%s", model.step.interfaceOrientation.name), x: body.x, y: wordsY,
        font: Theme.smallBold,
        color: Theme.visible, width: body.width, alignment: .center)
      // A sheet that does not fill the window shows as a card.
      if let sheet = model.tree.nodes.last(where: {
        guard $0.window == model.frontWindow, !$0.isHidden else { return false }
        if case .presentation(_, false) = $0.edge { return true } else { return false }
      }) {
        let card = Rect(
          x: content.x + 6, y: content.y + statusHeight + 10, width: width - 12,
          height: height - statusHeight - 10)
        canvas.fill(card, Theme.card, radius: 8)
        canvas.stroke(card, Theme.presentation, width: 1.2, radius: 8)
        canvas.text(
          sheet.className, x: card.x + 4, y: card.y + 8, font: Theme.smallBold, color: Theme.presentation,
          width: card.width - 8, alignment: .center, ellipsize: true)
      }
      // An alert: a small card, over the content (or sheet) it was presented on.
      if let alert = model.visibleAlert {
        let card = Rect(x: content.x + width * 0.15, y: body.y - 4, width: width * 0.7, height: 28)
        canvas.fill(card, Theme.card, radius: 8)
        canvas.stroke(card, Theme.presentation, width: 1.2, radius: 8)
        canvas.text(
          alert.className, x: card.x + 4, y: card.y + 3, font: Theme.smallBold, color: Theme.presentation,
          width: card.width - 8, alignment: .center, ellipsize: true)
        canvas.line(from: (card.x, card.maxY - 8), to: (card.maxX, card.maxY - 8), Theme.panelBorder)
      }
    }
  }

  /// A window of landscape (4:3) or portrait (3:4) shape, centred in `screen`, smaller than it.
  static func floatingWindow(in screen: Rect, landscape: Bool) -> Rect {
    let ratio = landscape ? 4.0 / 3.0 : 3.0 / 4.0
    var width = screen.width * 0.86
    var height = width / ratio
    if height > screen.height * 0.8 {
      height = screen.height * 0.8
      width = height * ratio
    }
    return Rect(x: screen.midX - width / 2, y: screen.midY - height / 2, width: width, height: height)
  }

  // MARK: - Overlays and captions

  static func drawLock(x: Double, y: Double, on canvas: Canvas) {
    canvas.group {
      canvas.translate(x, y)
      canvas.fill(Rect(x: 0, y: 10, width: 20, height: 15), Theme.refused, radius: 3)
      canvas.polyline([(4, 11), (4, 5), (10, 0), (16, 5), (16, 11)], Theme.refused, width: 2.5)
      canvas.text(
        // TRANSLATORS: under the padlock drawn when the orientation lock is on.
        tr("lock"), x: -6, y: 27, font: Theme.small, color: Theme.refused, width: 32, alignment: .center)
    }
  }

  static func drawCrashBanner(
    _ exception: ModelledException, centerX: Double, y: Double, width: Double, on canvas: Canvas
  ) {
    let crash = tr("Crash: %s", escapeMarkup(exception.name))
    let text = "<b>\(crash)</b>\n\(escapeMarkup(exception.reason))"
    let size = canvas.measure(text, Theme.small, width: width - 16, markup: true)
    let rect = Rect(x: centerX - width / 2, y: y, width: width, height: size.height + 14)
    canvas.fill(rect, Theme.refused.withAlpha(0.94), radius: 6)
    canvas.text(
      text, x: rect.x + 8, y: rect.y + 7, font: Theme.small, color: Theme.onAccent, width: width - 16,
      markup: true)
  }

  static func describe(_ orientation: DeviceOrientation) -> String {
    switch orientation {
    case .landscapeLeft: return tr("landscapeLeft (Home button on the right)")
    case .landscapeRight: return tr("landscapeRight (Home button on the left)")
    case .portraitUpsideDown: return "portraitUpsideDown"
    default: return orientation.name
    }
  }

  static func drawCaption(_ model: DiagramModel, flat: Bool, y: Double, width: Double, on canvas: Canvas) {
    let step = model.step
    var lines: [String] = []
    let device = tr("Device")
    lines.append("<b>\(device)</b>  \(describe(step.physicalOrientation))")
    if step.deviceOrientation != step.physicalOrientation {
      let why = step.state.orientationLock ? tr("orientation lock") : tr("forced through KVC")
      lines.append(tr("UIDevice reports <b>%s</b> (%s)", step.deviceOrientation.name, why))
    }
    let interface = step.interfaceOrientation
    let interfaceHeading = tr("Interface")
    lines.append("<b>\(interfaceHeading)</b>  \(interface.name)")
    if let mapped = step.deviceOrientation.interfaceOrientation, mapped.isLandscape {
      lines.append(
        "<span foreground='\(Theme.secondaryText.hex)'>"
          + tr(
            "device %s = interface %s: landscape names are mirrored", step.deviceOrientation.name, mapped.name
          )
          + "</span>")
    }
    if let mapped = step.deviceOrientation.interfaceOrientation, interface != .unknown {
      if mapped != interface {
        lines.append(
          "<span foreground='\(Theme.refused.hex)'>" + tr("the interface does not follow the device")
            + "</span>")
      } else if step.deviceOrientation != step.physicalOrientation {
        lines.append(
          "<span foreground='\(Theme.warning.hex)'>"
            + tr("the interface follows what UIDevice reports, not the hardware") + "</span>")
      } else {
        lines.append(
          "<span foreground='\(Theme.allowedStrong.hex)'>" + tr("the interface follows the device")
            + "</span>")
      }
    }
    if step.state.orientationLock {
      lines.append("<span foreground='\(Theme.refused.hex)'>" + tr("orientation lock on") + "</span>")
    }
    if step.sceneWindow != .fullScreen {
      lines.append(
        "<span foreground='\(Theme.presentation.hex)'>"
          + tr("the app is in a %s that does not fill the screen", step.sceneWindow.rawValue) + "</span>")
    }
    canvas.text(
      lines.joined(separator: "\n"), x: 14, y: y, font: Theme.small, color: Theme.text, width: width - 28,
      alignment: .center, markup: true)
  }
}
