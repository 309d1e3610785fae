import CGtk
import FoundationEssentials
import Glibc
import RotationCore
import RotationRender

/// The device mockup, animated by the frame clock: when a step turns the device, the body turns
/// first (0.3 s, eased); then, if UIKit let the interface follow, the content turns; if not, it
/// visibly stays. With animations off on the desktop, the step is shown at once.
@MainActor
final class DeviceView {
  static let phaseDuration = 0.3

  let area: Widget
  private var model: DiagramModel?
  /// The angles on screen now; nil when the step's own angles apply (and flat poses draw flat).
  private var body: Double?
  private var content: Double?
  private var animation:
    (fromBody: Double, toBody: Double, fromContent: Double, toContent: Double, start: Int)?
  private var ticking = false
  /// Runs once, when the main loop is next idle after the first draw (the window's first frame).
  var afterFirstDraw: (() -> Void)?

  init() {
    area = gtk_drawing_area_new()
    name(area, tr("Device Mockup"))
    gtk_widget_set_size_request(area, 300, 360)
    gtk_widget_set_can_focus(area, 1)
    onDraw(area, owner: self) { [unowned self] cr in self.draw(cr) }
  }

  /// The body angle and the content's angle relative to the body for a step.
  static func angles(_ step: Step) -> (body: Double, content: Double) {
    let body = DevicePanel.bodyAngle(step.physicalOrientation)
    return (body, DevicePanel.contentAngle(step.interfaceOrientation, bodyAngle: body) - body)
  }

  func show(_ model: DiagramModel, animated: Bool) {
    let previous = self.model
    self.model = model
    let target = Self.angles(model.step)
    let flat = [DeviceOrientation.faceUp, .faceDown].contains(model.step.physicalOrientation)
    let wasFlat =
      previous.map { [DeviceOrientation.faceUp, .faceDown].contains($0.step.physicalOrientation) } ?? true
    guard animated, !flat, !wasFlat, rl_animations_enabled() != 0, let previous else {
      animation = nil
      body = nil
      content = nil
      gtk_widget_queue_draw(area)
      return
    }
    let from = body.map { ($0, content ?? 0) } ?? Self.angles(previous.step)
    let toBody = from.0 + Self.shortest(from.0, target.body)
    let toContent = from.1 + Self.shortest(from.1, target.content)
    guard abs(toBody - from.0) > 1e-6 || abs(toContent - from.1) > 1e-6 else {
      gtk_widget_queue_draw(area)
      return
    }
    let clock = gtk_widget_get_frame_clock(area)
    let now = clock.map { gdk_frame_clock_get_frame_time($0) } ?? g_get_monotonic_time()
    animation = (from.0, toBody, from.1, toContent, now)
    body = from.0
    content = from.1
    if !ticking {
      ticking = true
      addTick(area) { [unowned self] in self.tick() }
    }
    gtk_widget_queue_draw(area)
  }

  /// The signed smallest turn from `a` to `b`.
  static func shortest(_ a: Double, _ b: Double) -> Double {
    atan2(sin(b - a), cos(b - a))
  }

  static func ease(_ t: Double) -> Double {
    let t = min(max(t, 0), 1)
    return t < 0.5 ? 4 * t * t * t : 1 - pow(-2 * t + 2, 3) / 2
  }

  private func tick() -> Bool {
    guard let animation, let clock = gtk_widget_get_frame_clock(area) else {
      ticking = false
      return false
    }
    let elapsed = Double(gdk_frame_clock_get_frame_time(clock) - animation.start) / 1_000_000
    let first = Self.ease(elapsed / Self.phaseDuration)
    let second = Self.ease((elapsed - Self.phaseDuration) / Self.phaseDuration)
    body = animation.fromBody + (animation.toBody - animation.fromBody) * first
    content = animation.fromContent + (animation.toContent - animation.fromContent) * second
    gtk_widget_queue_draw(area)
    if elapsed >= 2 * Self.phaseDuration {
      self.animation = nil
      body = nil
      content = nil
      ticking = false
      return false
    }
    return true
  }

  var isAnimating: Bool { animation != nil }

  private func draw(_ cr: OpaquePointer) {
    // The first frame ends the launch's wait even with nothing to show (a first file that did not
    // load): the panels, and the error bar with its message, follow it.
    if !drawnOnce {
      drawnOnce = true
      whenFrameEnds()
    }
    guard let model else { return }
    let started = g_get_monotonic_time()
    let width = Double(gtk_widget_get_allocated_width(area))
    let height = Double(gtk_widget_get_allocated_height(area))
    Self.paint(
      model, bodyAngle: body, contentAngle: body.map { $0 + (content ?? 0) }, on: Canvas(context: cr),
      width: width, height: height)
    let elapsed = Double(g_get_monotonic_time() - started) / 1000
    BenchLog.shared?.record(drawMilliseconds: elapsed)
    if BenchLog.shared != nil, let toplevel = gtk_widget_get_toplevel(area) {
      var x: Int32 = 0
      var y: Int32 = 0
      _ = gtk_widget_translate_coordinates(area, toplevel, 0, 0, &x, &y)
      BenchLog.shared?.record(area: (x, y, Int32(width), Int32(height)))
    }
  }

  private var drawnOnce = false

  /// Draws the device for `model` centred in a `width` × `height` area, as large as fits (within
  /// limits), with the body and content at the given angles (the step's own when nil).
  nonisolated static func paint(
    _ model: DiagramModel, bodyAngle: Double?, contentAngle: Double?, on canvas: Canvas, width: Double,
    height: Double
  ) {
    canvas.fill(Rect(x: 0, y: 0, width: width, height: height), Theme.background)
    var options = DiagramOptions(panel: .device)
    if let bodyAngle {
      options.bodyAngle = bodyAngle
      options.contentAngle = contentAngle ?? bodyAngle
    }
    let panel = DevicePanel.preferredSize
    let scale = min(1.6, max(0.6, min(width / panel.width, height / panel.height)))
    canvas.translate((width - panel.width * scale) / 2, max(0, (height - panel.height * scale) / 2))
    canvas.scale(scale, scale)
    DevicePanel.draw(
      model, options: options, on: canvas, in: Rect(x: 0, y: 0, width: panel.width, height: panel.height))
  }

  /// Whether the window's first frame, with the device in it, is painted.
  private(set) var firstFramePainted = false

  /// Once the first frame is painted: notes its time for the bench and runs `afterFirstDraw`.
  private func whenFrameEnds() {
    guard let clock = gtk_widget_get_frame_clock(area) else { return }
    var handler: UInt = 0
    handler = onSignal(raw(clock), "after-paint", owner: self) { [unowned self] in
      g_signal_handler_disconnect(raw(clock), handler)
      self.firstFramePainted = true
      BenchLog.shared?.record(firstFrameAt: g_get_monotonic_time())
      if let afterFirstDraw = self.afterFirstDraw {
        self.afterFirstDraw = nil
        idle {
          afterFirstDraw()
          return false
        }
      }
    }
  }
}
