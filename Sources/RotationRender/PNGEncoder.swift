import CCairo
import CZlib

/// Encodes a cairo image surface as an RGB PNG with fast deflate.
///
/// cairo's own writer keeps the alpha channel and compresses hard; diagrams are opaque and large
/// (a tree of a hundred controllers is five thousand pixels tall), so three channels, the Up
/// filter and zlib's fastest level write them several times faster. The output is deterministic.
enum PNGEncoder {
  static func encode(_ surface: OpaquePointer) throws(ExportError) -> [UInt8] {
    cairo_surface_flush(surface)
    let width = Int(cairo_image_surface_get_width(surface))
    let height = Int(cairo_image_surface_get_height(surface))
    let stride = Int(cairo_image_surface_get_stride(surface))
    guard width > 0, height > 0, let data = cairo_image_surface_get_data(surface) else {
      throw ExportError("cannot encode an empty image")
    }
    // Rows of filter byte + RGB, the Up filter (each byte minus the one above) compresses the
    // long runs of a diagram well.
    let rowBytes = 1 + width * 3
    var raw = [UInt8](repeating: 0, count: rowBytes * height)
    var previous = [UInt8](repeating: 0, count: width * 3)
    var current = [UInt8](repeating: 0, count: width * 3)
    for y in 0..<height {
      let row = data + y * stride
      for x in 0..<width {
        // cairo's RGB24/ARGB32 is native-endian 0xAARRGGBB: little-endian bytes B, G, R, A.
        current[x * 3] = row[x * 4 + 2]
        current[x * 3 + 1] = row[x * 4 + 1]
        current[x * 3 + 2] = row[x * 4]
      }
      let base = y * rowBytes
      raw[base] = 2  // Up
      for i in 0..<(width * 3) { raw[base + 1 + i] = current[i] &- previous[i] }
      swap(&previous, &current)
    }
    var compressedLength = compressBound(uLong(raw.count))
    var compressed = [UInt8](repeating: 0, count: Int(compressedLength))
    let status = compress2(&compressed, &compressedLength, raw, uLong(raw.count), 1)
    guard status == Z_OK else { throw ExportError("cannot compress the PNG (zlib status \(status))") }
    compressed.removeSubrange(Int(compressedLength)...)

    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    var header = [UInt8]()
    header += bigEndian(UInt32(width))
    header += bigEndian(UInt32(height))
    header += [8, 2, 0, 0, 0]  // 8 bits, RGB, deflate, adaptive filtering, no interlace
    chunk("IHDR", header, into: &png)
    chunk("IDAT", compressed, into: &png)
    chunk("IEND", [], into: &png)
    return png
  }

  static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
  }

  static func chunk(_ type: String, _ body: [UInt8], into png: inout [UInt8]) {
    let typeBytes = Array(type.utf8)
    png += bigEndian(UInt32(body.count))
    png += typeBytes
    png += body
    let crc = (typeBytes + body).withUnsafeBufferPointer { buffer in
      crc32(0, buffer.baseAddress, uInt(buffer.count))
    }
    png += bigEndian(UInt32(crc))
  }
}
