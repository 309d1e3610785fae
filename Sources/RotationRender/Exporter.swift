import CCairo
import FoundationEssentials
import Glibc
import RotationCore

/// The file formats a diagram exports to.
public enum ExportFormat: String, Sendable, CaseIterable {
  case png, svg, pdf, dot

  /// The format a file name's extension names, if any.
  public init?(path: String) {
    let ext = PathName.pathExtension(path).lowercased()
    self.init(rawValue: ext)
  }
}

/// Why an export failed.
public struct ExportError: Error, CustomStringConvertible, Equatable {
  public var description: String
  public init(_ description: String) { self.description = description }
}

/// Renders diagrams to bytes (`FileWriter` writes them).
///
/// The same model and options give byte-identical PNG and PDF (the PDF's creation date is fixed)
/// and SVG that differs at most in cairo's generated ids.
public enum Exporter {
  /// Renders the diagram in `format`; `scale` multiplies the pixel size (2 for HiDPI).
  public static func render(
    _ model: DiagramModel, options: DiagramOptions = DiagramOptions(), format: ExportFormat, scale: Double = 1
  ) throws(ExportError) -> [UInt8] {
    // The palette is task-local: this render's colours, whatever another thread draws.
    let rendered = Theme.using(options.palette) {
      Result { () throws(ExportError) -> [UInt8] in
        if format == .dot { return Array(DotExporter.dot(model).utf8) }
        let layout = measure(model, options: options)
        return try renderSurface(
          width: layout.width, height: layout.height, format: format, scale: scale,
          title: model.scenario.title
        ) { canvas in _ = Diagram.draw(model, options: options, on: canvas) }
      }
    }
    return try rendered.get()
  }

  /// Creates a surface of the format, lets `draw` paint on it, and returns the encoded bytes.
  static func renderSurface(
    width logicalWidth: Double, height logicalHeight: Double, format: ExportFormat, scale: Double,
    title: String,
    draw: (Canvas) -> Void
  ) throws(ExportError) -> [UInt8] {
    let width = logicalWidth * scale
    let height = logicalHeight * scale
    let sink = ByteSink()
    let surface: OpaquePointer?
    switch format {
    case .png:
      surface = cairo_image_surface_create(
        CAIRO_FORMAT_RGB24, Int32(width.rounded(.up)), Int32(height.rounded(.up)))
    case .svg:
      surface = cairo_svg_surface_create_for_stream(ByteSink.write, sink.pointer, width, height)
      if let surface { cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX) }
    case .pdf:
      surface = cairo_pdf_surface_create_for_stream(ByteSink.write, sink.pointer, width, height)
      if let surface {
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "2020-01-01T00:00:00Z")
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "Rotation Lab")
      }
    case .dot:
      surface = nil
    }
    guard let surface, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
      throw ExportError(
        tr("cannot create a %s surface of %s×%s pixels", format.rawValue, Int(width), Int(height)))
    }
    defer { cairo_surface_destroy(surface) }
    let context = cairo_create(surface)!
    do {
      let canvas = Canvas(context: context)
      canvas.scale(scale, scale)
      draw(canvas)
    }
    cairo_destroy(context)
    if format == .png {
      return try PNGEncoder.encode(surface)
    } else {
      cairo_surface_finish(surface)
      let status = cairo_surface_status(surface)
      guard status == CAIRO_STATUS_SUCCESS else {
        throw ExportError(
          tr("cannot write the %s: %s", format.rawValue, String(cString: cairo_status_to_string(status))))
      }
    }
    return sink.bytes
  }

  /// The diagram's layout, measured on a scratch surface.
  public static func measure(_ model: DiagramModel, options: DiagramOptions) -> DiagramLayout {
    let scratch = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
    defer { cairo_surface_destroy(scratch) }
    let context = cairo_create(scratch)!
    defer { cairo_destroy(context) }
    return Diagram.layout(model, options: options, canvas: Canvas(context: context))
  }
}

/// Collects what a cairo stream writes.
final class ByteSink {
  var bytes: [UInt8] = []

  var pointer: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

  /// A `cairo_write_func_t` that appends to the sink passed as its closure pointer.
  static let write: cairo_write_func_t = { closure, data, length in
    guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
    let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
    sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
    return CAIRO_STATUS_SUCCESS
  }
}

/// The controller tree as Graphviz DOT.
public enum DotExporter {
  public static func dot(_ model: DiagramModel) -> String {
    func quote(_ text: String) -> String {
      "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
        + "\""
    }
    var out = "digraph RotationLab {\n"
    out += "  label=\(quote("\(model.scenario.title)\n\(model.stepLine)"));\n  labelloc=t;\n"
    out +=
      "  rankdir=TB;\n  node [shape=box, style=\"rounded,filled\", fillcolor=\"\(Theme.panel.hex)\", fontname=\"DejaVu Sans\"];\n"
    // One UIWindow node per window; with one window it is plain `window`, as before.
    func windowID(_ name: String, several: Bool) -> String { several ? "window_\(name)" : "window" }
    for node in model.tree.nodes {
      guard case .root(let name, let level, let several, let drives, let keeps) = node.edge else { continue }
      let title =
        several
        ? "UIWindow \(name)\nlevel \(WindowSpec.levelName(level))\(drives ? ", drives" : "")"
          + (keeps.map { ", keeps \($0.name)" } ?? "") : "UIWindow"
      out +=
        "  \(windowID(name, several: several)) [label=\(quote(title)), shape=plaintext, fillcolor=\"none\"];\n"
    }
    for node in model.tree.nodes {
      let mask = node.answers.supported.name
      var attributes = [
        "label=\(quote("\(node.className)\n\(node.kind.uikitClass)\nsupports \(mask)"))"
      ]
      if node.isDecider {
        attributes.append(
          "color=\"\(Theme.decider.hex)\", penwidth=3, fillcolor=\"\(Theme.deciderFill.hex)\"")
      } else if node.isHidden {
        attributes.append("fontcolor=\"\(Theme.faintText.hex)\", color=\"\(Theme.hiddenBorder.hex)\"")
      }
      if node.isVisible { attributes.append("peripheries=2") }
      out += "  n\(node.id) [\(attributes.joined(separator: ", "))];\n"
    }
    var window = "window"
    for node in model.tree.nodes {
      switch node.edge {
      case .root(let name, _, let several, _, _):
        window = windowID(name, several: several)
        out += "  \(window) -> n\(node.id) [label=\"root\"];\n"
      case .stack, .tab, .child, .column, .page:
        out += "  n\(node.parent!) -> n\(node.id) [label=\"\(node.edge.label)\"];\n"
      case .presentation(let style, _):
        out +=
          "  \(window) -> n\(node.id) [label=\"presented (\(style.rawValue))\", style=dashed, color=\"\(Theme.presentation.hex)\"];\n"
      }
    }
    out += "}\n"
    return out
  }
}
