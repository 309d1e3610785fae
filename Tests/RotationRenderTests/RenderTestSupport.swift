import CCairo
import Foundation
import RotationCore
import RotationRender
import Testing

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()
let snapshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
  "__Snapshots__")

func bundledScenario(_ name: String) throws -> Scenario {
  try ScenarioDecoder.load(path: packageRoot.appendingPathComponent("Assets/scenarios/\(name)").path)
}

func model(_ name: String, step: Int? = nil) throws -> DiagramModel {
  let scenario = try bundledScenario(name)
  let steps = Simulator.run(scenario)
  return DiagramModel(scenario: scenario, steps: steps, index: step ?? steps.count)
}

/// Decoded pixels of an image surface: straight (not premultiplied) RGBA bytes.
struct Pixels {
  let width: Int
  let height: Int
  let data: [UInt8]

  init(surface: OpaquePointer) {
    cairo_surface_flush(surface)
    width = Int(cairo_image_surface_get_width(surface))
    height = Int(cairo_image_surface_get_height(surface))
    let stride = Int(cairo_image_surface_get_stride(surface))
    let base = cairo_image_surface_get_data(surface)!
    let opaque = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24
    var out = [UInt8](repeating: 0, count: width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        let p = base + y * stride + x * 4
        let (b, g, r) = (p[0], p[1], p[2])
        let a = opaque ? 255 : p[3]
        func straight(_ c: UInt8) -> UInt8 { a == 0 ? 0 : UInt8(min(255, Int(c) * 255 / Int(a))) }
        let i = (y * width + x) * 4
        out[i] = straight(r)
        out[i + 1] = straight(g)
        out[i + 2] = straight(b)
        out[i + 3] = a
      }
    }
    data = out
  }

  init?(png: URL) {
    guard let surface = cairo_image_surface_create_from_png(png.path),
      cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
    else { return nil }
    defer { cairo_surface_destroy(surface) }
    self.init(surface: surface)
  }

  init?(pngBytes: [UInt8], scratch name: String) {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "rl-\(name)-\(UUID().uuidString).png")
    defer { try? FileManager.default.removeItem(at: url) }
    guard (try? Data(pngBytes).write(to: url)) != nil else { return nil }
    self.init(png: url)
  }

  func rgb(_ x: Int, _ y: Int) -> (Int, Int, Int) {
    let i = (y * width + x) * 4
    return (Int(data[i]), Int(data[i + 1]), Int(data[i + 2]))
  }

  func matches(_ x: Int, _ y: Int, _ color: Color, tolerance: Int = 12) -> Bool {
    let (r, g, b) = rgb(x, y)
    return abs(r - Int(color.red * 255)) <= tolerance && abs(g - Int(color.green * 255)) <= tolerance
      && abs(b - Int(color.blue * 255)) <= tolerance
  }
}

/// Renders the diagram to an image surface and returns its pixels.
func renderPixels(_ model: DiagramModel, options: DiagramOptions) throws -> Pixels {
  let bytes = try Exporter.render(model, options: options, format: .png)
  guard let pixels = Pixels(pngBytes: bytes, scratch: "render") else {
    throw ExportError("the rendered PNG could not be decoded")
  }
  return pixels
}

/// Compares two images: same size, and no more than 0.1% of pixels differing by more than a small
/// per-channel tolerance (fonts and rounding may move a few pixels).
func compare(_ actual: Pixels, _ expected: Pixels, tolerance: Int = 16) -> String? {
  guard actual.width == expected.width, actual.height == expected.height else {
    return "size \(actual.width)×\(actual.height), expected \(expected.width)×\(expected.height)"
  }
  var different = 0
  for i in stride(from: 0, to: actual.data.count, by: 4) {
    for c in 0..<4 where abs(Int(actual.data[i + c]) - Int(expected.data[i + c])) > tolerance {
      different += 1
      break
    }
  }
  let allowed = max(1, actual.width * actual.height / 1000)
  return different > allowed ? "\(different) pixels differ (at most \(allowed) may)" : nil
}

var recording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" }
