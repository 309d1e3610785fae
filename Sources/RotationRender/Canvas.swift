// MARK: - Design note
//
// RotationRender draws a step of a simulation as the core recorded it; it never decides an
// orientation. It knows Cairo and PangoCairo, never GTK: the GTK shell hands it a `cairo_t`, the
// command line an image, PDF or SVG surface.
//
//   Step + Scenario ──▶ DiagramModel ──▶ Diagram.layout(size) ──▶ panels draw on a Canvas
//                                            │                  TreePanel   DevicePanel
//                                            │                  MaskPanel   CallPanel
//                                            └──▶ Exporter: PNG · SVG · PDF (atomic writes) · DOT
//
// `Canvas` wraps a cairo context with the few drawing and text operations the panels share, so
// no panel touches Pango directly.

import CCairo
import FoundationEssentials
import Synchronization

/// A point, size or rectangle in device-independent pixels.
public struct Rect: Sendable, Equatable {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  public var maxX: Double { x + width }
  public var maxY: Double { y + height }
  public var midX: Double { x + width / 2 }
  public var midY: Double { y + height / 2 }

  public func insetBy(_ dx: Double, _ dy: Double) -> Rect {
    Rect(x: x + dx, y: y + dy, width: max(0, width - 2 * dx), height: max(0, height - 2 * dy))
  }

  public func intersects(_ other: Rect) -> Bool {
    x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
  }

  public func contains(x px: Double, y py: Double) -> Bool {
    px >= x && px < maxX && py >= y && py < maxY
  }
}

/// An RGBA colour, components from 0 to 1.
public struct Color: Sendable, Equatable {
  public var red: Double
  public var green: Double
  public var blue: Double
  public var alpha: Double

  public init(_ red: Double, _ green: Double, _ blue: Double, _ alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// `0xRRGGBB`.
  public init(hex: UInt32, alpha: Double = 1) {
    self.init(
      Double((hex >> 16) & 0xFF) / 255, Double((hex >> 8) & 0xFF) / 255, Double(hex & 0xFF) / 255, alpha)
  }

  public func withAlpha(_ alpha: Double) -> Color { Color(red, green, blue, alpha) }

  /// `#RRGGBB`, for Pango markup.
  public var hex: String {
    func byte(_ value: Double) -> String {
      let text = String(Int((min(max(value, 0), 1) * 255).rounded()), radix: 16, uppercase: true)
      return text.count == 1 ? "0" + text : text
    }
    return "#" + byte(red) + byte(green) + byte(blue)
  }
}

/// A font: family, size in points, weight and style.
public struct Font: Sendable, Hashable {
  public var family: String
  public var size: Double
  public var bold: Bool
  public var italic: Bool
  public var monospace: Bool { family.contains("Mono") }

  public init(_ family: String = "DejaVu Sans", size: Double, bold: Bool = false, italic: Bool = false) {
    self.family = family
    self.size = size
    self.bold = bold
    self.italic = italic
  }

  var pangoDescription: String {
    "\(family)\(bold ? " Bold" : "")\(italic ? " Oblique" : "") \(Int(size.rounded()))px"
  }
}

/// How text is laid out in a box.
public enum TextAlignment: Sendable {
  case left, center, right
}

/// Where text that does not fit is cut.
public enum Ellipsis: Sendable {
  case none, end, middle
}

/// Shaped text, kept across draws: laying text out (HarfBuzz shaping) costs more than drawing it,
/// and diagrams redraw the same strings over and over (every animation frame, every export).
/// Layouts share one Pango context with fixed font options, so a layout measured once draws the
/// same on any surface. A lock makes the cache safe from several threads.
final class LayoutCache: @unchecked Sendable {
  struct Key: Hashable {
    var text: String
    var font: Font
    var width: Int
    var markup: Bool
    var alignment: Int
    var ellipsis: Int
  }

  static let shared = LayoutCache()
  /// Layouts per generation. Two generations keep what is drawn again and again (the current and
  /// the last) and let go of text drawn once, such as a long session's changing captions.
  static let limit = 512

  /// Held while a layout is made or used (Synchronization's mutex guards no value here).
  let lock = Mutex(())
  private let context: OpaquePointer
  private var layouts: [Key: OpaquePointer] = [:]
  private var previous: [Key: OpaquePointer] = [:]
  private var fonts: [Font: OpaquePointer] = [:]

  private init() {
    let fontMap = pango_cairo_font_map_get_default()
    context = pango_font_map_create_context(fontMap)
    let options = cairo_font_options_create()
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
    pango_cairo_context_set_font_options(context, options)
    pango_cairo_context_set_resolution(context, 96)
    cairo_font_options_destroy(options)
  }

  /// The layout for `key`, made on first use. Call with `lock` held.
  func layout(_ key: Key) -> OpaquePointer {
    if let cached = layouts[key] { return cached }
    if let kept = previous.removeValue(forKey: key) {
      store(key, kept)
      return kept
    }
    let layout = pango_layout_new(context)!
    let description: OpaquePointer
    if let cached = fonts[key.font] {
      description = cached
    } else {
      description = pango_font_description_from_string(key.font.pangoDescription)!
      fonts[key.font] = description
    }
    pango_layout_set_font_description(layout, description)
    if key.markup {
      pango_layout_set_markup(layout, key.text, -1)
    } else {
      pango_layout_set_text(layout, key.text, -1)
    }
    if key.width >= 0 {
      pango_layout_set_width(layout, Int32(key.width))
      pango_layout_set_wrap(layout, key.ellipsis == 0 ? PANGO_WRAP_WORD_CHAR : PANGO_WRAP_CHAR)
    }
    switch key.alignment {
    case 1: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
    case 2: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
    default: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
    }
    switch key.ellipsis {
    case 1: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
    case 2: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_MIDDLE)
    default: break
    }
    store(key, layout)
    return layout
  }

  /// Files a layout in the current generation, retiring the last one when it is full.
  private func store(_ key: Key, _ layout: OpaquePointer) {
    if layouts.count >= Self.limit {
      for old in previous.values { g_object_unref(UnsafeMutableRawPointer(old)) }
      previous = layouts
      layouts = [:]
      layouts.reserveCapacity(Self.limit)
    }
    layouts[key] = layout
  }
}

/// A cairo context with shape and PangoCairo text helpers.
public final class Canvas {
  public let context: OpaquePointer

  /// Wraps `context`; the caller keeps ownership of it.
  public init(context: OpaquePointer) {
    self.context = context
  }

  // MARK: - State

  public func save() { cairo_save(context) }
  public func restore() { cairo_restore(context) }
  public func translate(_ x: Double, _ y: Double) { cairo_translate(context, x, y) }
  public func rotate(_ angle: Double) { cairo_rotate(context, angle) }
  public func scale(_ x: Double, _ y: Double) { cairo_scale(context, x, y) }

  /// Runs `body` with the state saved and restored around it.
  public func group(_ body: () -> Void) {
    save()
    body()
    restore()
  }

  /// Runs `body` with everything it draws faded to `alpha`. `bounds` (where the drawing stays)
  /// keeps the intermediate group small: without it, cairo makes it as large as the whole surface.
  public func faded(_ alpha: Double, bounds: Rect? = nil, _ body: () -> Void) {
    guard alpha < 1 else { return body() }
    save()
    if let bounds { clip(bounds) }
    cairo_push_group(context)
    body()
    cairo_pop_group_to_source(context)
    cairo_paint_with_alpha(context, alpha)
    restore()
  }

  public func clip(_ rect: Rect) {
    cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height)
    cairo_clip(context)
  }

  // MARK: - Shapes

  public func setColor(_ color: Color) {
    cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
  }

  public func roundedRectPath(_ rect: Rect, radius: Double) {
    let r = min(radius, rect.width / 2, rect.height / 2)
    cairo_new_sub_path(context)
    cairo_arc(context, rect.maxX - r, rect.y + r, r, -Double.pi / 2, 0)
    cairo_arc(context, rect.maxX - r, rect.maxY - r, r, 0, Double.pi / 2)
    cairo_arc(context, rect.x + r, rect.maxY - r, r, Double.pi / 2, Double.pi)
    cairo_arc(context, rect.x + r, rect.y + r, r, Double.pi, 3 * Double.pi / 2)
    cairo_close_path(context)
  }

  public func fill(_ rect: Rect, _ color: Color, radius: Double = 0) {
    if radius > 0 {
      roundedRectPath(rect, radius: radius)
    } else {
      cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height)
    }
    setColor(color)
    cairo_fill(context)
  }

  public func stroke(_ rect: Rect, _ color: Color, width: Double = 1, radius: Double = 0, dash: [Double] = [])
  {
    if radius > 0 {
      roundedRectPath(rect, radius: radius)
    } else {
      cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height)
    }
    strokeCurrentPath(color, width: width, dash: dash)
  }

  public func line(
    from start: (Double, Double), to end: (Double, Double), _ color: Color, width: Double = 1,
    dash: [Double] = []
  ) {
    cairo_move_to(context, start.0, start.1)
    cairo_line_to(context, end.0, end.1)
    strokeCurrentPath(color, width: width, dash: dash)
  }

  /// A polyline through `points`.
  public func polyline(_ points: [(Double, Double)], _ color: Color, width: Double = 1, dash: [Double] = []) {
    guard let first = points.first else { return }
    cairo_move_to(context, first.0, first.1)
    for point in points.dropFirst() { cairo_line_to(context, point.0, point.1) }
    strokeCurrentPath(color, width: width, dash: dash)
  }

  public func circle(
    center: (Double, Double), radius: Double, fill: Color? = nil, stroke: Color? = nil, width: Double = 1
  ) {
    cairo_new_sub_path(context)
    cairo_arc(context, center.0, center.1, radius, 0, 2 * Double.pi)
    if let fill {
      setColor(fill)
      if stroke != nil { cairo_fill_preserve(context) } else { cairo_fill(context) }
    }
    if let stroke { strokeCurrentPath(stroke, width: width) }
  }

  /// A filled triangle (an arrow head) through three points.
  public func triangle(_ a: (Double, Double), _ b: (Double, Double), _ c: (Double, Double), _ color: Color) {
    cairo_move_to(context, a.0, a.1)
    cairo_line_to(context, b.0, b.1)
    cairo_line_to(context, c.0, c.1)
    cairo_close_path(context)
    setColor(color)
    cairo_fill(context)
  }

  private func strokeCurrentPath(_ color: Color, width: Double, dash: [Double] = []) {
    setColor(color)
    cairo_set_line_width(context, width)
    dash.withUnsafeBufferPointer { cairo_set_dash(context, $0.baseAddress, Int32(dash.count), 0) }
    cairo_stroke(context)
    cairo_set_dash(context, nil, 0, 0)
  }

  public func paint(_ color: Color) {
    setColor(color)
    cairo_paint(context)
  }

  // MARK: - Text

  private func key(
    _ text: String, _ font: Font, width: Double?, markup: Bool, alignment: TextAlignment, ellipsis: Ellipsis
  ) -> LayoutCache.Key {
    let align: Int
    switch alignment {
    case .left: align = 0
    case .center: align = 1
    case .right: align = 2
    }
    let cut: Int
    switch width == nil ? .none : ellipsis {
    case .none: cut = 0
    case .end: cut = 1
    case .middle: cut = 2
    }
    return LayoutCache.Key(
      text: text, font: font, width: width.map { Int($0 * Double(rl_pango_scale())) } ?? -1, markup: markup,
      alignment: align, ellipsis: cut)
  }

  /// The size `text` takes in `font`, wrapped at `width` when given.
  public func measure(_ text: String, _ font: Font, width: Double? = nil, markup: Bool = false) -> (
    width: Double, height: Double
  ) {
    let cache = LayoutCache.shared
    return cache.lock.withLock { _ in
      let layout = cache.layout(
        key(text, font, width: width, markup: markup, alignment: .left, ellipsis: .none))
      var w: Int32 = 0
      var h: Int32 = 0
      pango_layout_get_pixel_size(layout, &w, &h)
      return (Double(w), Double(h))
    }
  }

  /// Draws `text` with its top-left corner at (x, y); returns its size. With `width`, the text
  /// wraps at that width (and aligns within it); with `ellipsize`, it is cut to one line instead.
  @discardableResult
  public func text(
    _ text: String, x: Double, y: Double, font: Font, color: Color, width: Double? = nil,
    alignment: TextAlignment = .left, markup: Bool = false, ellipsize: Bool = false, ellipsis: Ellipsis? = nil
  ) -> (width: Double, height: Double) {
    let cut = ellipsis ?? (ellipsize ? .end : Ellipsis.none)
    let cache = LayoutCache.shared
    // The layout is used under the lock, as the cache's other users do.
    return cache.lock.withLock { _ in
      drawLaid(
        cache, text, x: x, y: y, font: font, color: color, width: width, alignment: alignment, markup: markup,
        cut: cut)
    }
  }

  private func drawLaid(
    _ cache: LayoutCache, _ text: String, x: Double, y: Double, font: Font, color: Color, width: Double?,
    alignment: TextAlignment, markup: Bool, cut: Ellipsis
  ) -> (width: Double, height: Double) {
    let layout = cache.layout(
      key(text, font, width: width, markup: markup, alignment: alignment, ellipsis: cut))
    var w: Int32 = 0
    var h: Int32 = 0
    pango_layout_get_pixel_size(layout, &w, &h)
    setColor(color)
    cairo_move_to(context, x, y)
    pango_cairo_show_layout(context, layout)
    return (Double(w), Double(h))
  }
}

/// Escapes text for Pango markup.
public func escapeMarkup(_ text: String) -> String {
  let special: Set<UInt8> = [
    UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"),
  ]
  guard text.utf8.contains(where: special.contains) else { return text }
  var out = [UInt8]()
  out.reserveCapacity(text.utf8.count + 16)
  for byte in text.utf8 {
    switch byte {
    case UInt8(ascii: "&"): out += Array("&amp;".utf8)
    case UInt8(ascii: "<"): out += Array("&lt;".utf8)
    case UInt8(ascii: ">"): out += Array("&gt;".utf8)
    case UInt8(ascii: "\""): out += Array("&quot;".utf8)
    case UInt8(ascii: "'"): out += Array("&#39;".utf8)
    default: out.append(byte)
    }
  }
  return String(decoding: out, as: UTF8.self)
}
