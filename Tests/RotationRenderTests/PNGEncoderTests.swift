import CCairo
import Foundation
import Testing

@testable import RotationRender

/// The PNG encoder read back by libpng (through cairo's PNG reader): every pixel of an opaque
/// and of a translucent image survives, and the header says RGB or RGBA as it should.
@Suite struct PNGEncoderTests {
  /// A surface with opaque, translucent and transparent areas in several colours.
  func paintedSurface(_ format: cairo_format_t) -> OpaquePointer {
    let surface = cairo_image_surface_create(format, 61, 37)!
    let cr = cairo_create(surface)!
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
    cairo_set_source_rgba(cr, 0, 0, 0, 0)
    cairo_paint(cr)
    let colours: [(Double, Double, Double, Double)] = [
      (1, 0, 0, 1), (0, 0.5, 1, 0.5), (0.2, 0.8, 0.1, 0.25), (1, 1, 1, 0.9), (0.35, 0.1, 0.6, 0.05),
    ]
    for (index, colour) in colours.enumerated() {
      cairo_set_source_rgba(cr, colour.0, colour.1, colour.2, colour.3)
      cairo_rectangle(cr, Double(index * 11), Double(index * 3), 17, 29 - Double(index * 2))
      cairo_fill(cr)
    }
    cairo_destroy(cr)
    cairo_surface_flush(surface)
    return surface
  }

  func words(_ surface: OpaquePointer) -> [UInt32] {
    let width = Int(cairo_image_surface_get_width(surface))
    let height = Int(cairo_image_surface_get_height(surface))
    let stride = Int(cairo_image_surface_get_stride(surface))
    let data = UnsafeRawPointer(cairo_image_surface_get_data(surface)!)
    var result: [UInt32] = []
    for y in 0..<height {
      for x in 0..<width {
        result.append(data.loadUnaligned(fromByteOffset: y * stride + x * 4, as: UInt32.self))
      }
    }
    return result
  }

  /// Encodes, writes and reads back with libpng.
  func roundTrip(_ surface: OpaquePointer) throws -> (bytes: [UInt8], decoded: OpaquePointer) {
    let bytes = try PNGEncoder.encode(surface)
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "rl-png-\(getpid())-\(bytes.count).png")
    try Data(bytes).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let decoded = cairo_image_surface_create_from_png(url.path)!
    try #require(cairo_surface_status(decoded) == CAIRO_STATUS_SUCCESS, "libpng could not read the file")
    return (bytes, decoded)
  }

  @Test func anOpaqueImageReadsBackExactlyAsRGB() throws {
    let surface = paintedSurface(CAIRO_FORMAT_RGB24)
    defer { cairo_surface_destroy(surface) }
    let (bytes, decoded) = try roundTrip(surface)
    defer { cairo_surface_destroy(decoded) }
    #expect(bytes[25] == 2, "colour type")
    #expect(cairo_image_surface_get_format(decoded) == CAIRO_FORMAT_RGB24)
    let original = words(surface).map { $0 & 0xFF_FFFF }
    #expect(Set(original).count >= 5)
    #expect(words(decoded).map { $0 & 0xFF_FFFF } == original)
  }

  @Test func aTranslucentImageKeepsItsAlpha() throws {
    let surface = paintedSurface(CAIRO_FORMAT_ARGB32)
    defer { cairo_surface_destroy(surface) }
    let (bytes, decoded) = try roundTrip(surface)
    defer { cairo_surface_destroy(decoded) }
    #expect(bytes[25] == 6, "colour type")
    #expect(cairo_image_surface_get_format(decoded) == CAIRO_FORMAT_ARGB32)
    let original = words(surface)
    let back = words(decoded)
    #expect(Set(original.map { $0 >> 24 }).count >= 5, "the test image has several alpha levels")
    #expect(original.count == back.count)
    for (index, (a, b)) in zip(original, back).enumerated() {
      // Alpha exactly; each premultiplied channel within 1 (straight values are rounded once).
      let ok =
        a >> 24 == b >> 24
        && [16, 8, 0].allSatisfy { shift in abs(Int((a >> shift) & 0xFF) - Int((b >> shift) & 0xFF)) <= 1 }
      if !ok {
        Issue.record("pixel \(index): 0x\(String(a, radix: 16)) came back as 0x\(String(b, radix: 16))")
        break
      }
    }
  }

  @Test func otherFormatsAreRefused() throws {
    let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 4, 4)!
    defer { cairo_surface_destroy(surface) }
    #expect(throws: ExportError.self) { try PNGEncoder.encode(surface) }
  }
}
