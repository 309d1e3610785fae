import CCairo
import CZlib
import RotationCore

/// Encodes a cairo image surface as PNG with fast deflate: RGB for an opaque `RGB24` surface,
/// RGBA (alpha un-premultiplied) for `ARGB32`. The output is deterministic.
///
/// Why not cairo's own writer (`cairo_surface_write_to_png_stream`): it goes through libpng at
/// zlib's default level with adaptive filtering, and diagrams are large (a tree of a hundred
/// controllers is 1280 × ~5,000 pixels). Measured on 2026-12-01 with `rotation-lab-bench --only
/// export`, that tree as PNG took 95–162 ms with cairo's writer (`export_vs_dot_ratio`
/// 0.189–0.215 against `dot -Tpng`, over the 0.2 bound in some runs) and 76 ms with this encoder
/// (0.116). Three channels where there is no alpha, the Up filter and zlib's fastest level make
/// the difference; cairo offers no way to choose them.
///
/// cairo stores a pixel as one native-endian 32-bit word, 0xAARRGGBB (the alpha byte unused in
/// `RGB24`); the encoder reads words, not bytes, so it is right on either byte order.
enum PNGEncoder {
  static func encode(_ surface: OpaquePointer) throws(ExportError) -> [UInt8] {
    cairo_surface_flush(surface)
    let width = Int(cairo_image_surface_get_width(surface))
    let height = Int(cairo_image_surface_get_height(surface))
    let stride = Int(cairo_image_surface_get_stride(surface))
    let format = cairo_image_surface_get_format(surface)
    guard format == CAIRO_FORMAT_RGB24 || format == CAIRO_FORMAT_ARGB32 else {
      throw ExportError(tr("cannot encode a cairo image of format %s as PNG", format.rawValue))
    }
    guard width > 0, height > 0, let data = cairo_image_surface_get_data(surface) else {
      throw ExportError(tr("cannot encode an empty image"))
    }
    let alpha = format == CAIRO_FORMAT_ARGB32
    let channels = alpha ? 4 : 3
    // Rows of filter byte + pixels; the Up filter (each byte minus the one above) compresses the
    // long runs of a diagram well.
    let rowBytes = 1 + width * channels
    var raw = [UInt8](repeating: 0, count: rowBytes * height)
    var previous = [UInt8](repeating: 0, count: width * channels)
    var current = [UInt8](repeating: 0, count: width * channels)
    let pixels = UnsafeRawPointer(data)
    for y in 0..<height {
      for x in 0..<width {
        let word = pixels.loadUnaligned(fromByteOffset: y * stride + x * 4, as: UInt32.self)
        let red = UInt8(truncatingIfNeeded: word >> 16)
        let green = UInt8(truncatingIfNeeded: word >> 8)
        let blue = UInt8(truncatingIfNeeded: word)
        let at = x * channels
        if alpha {
          let a = UInt8(truncatingIfNeeded: word >> 24)
          current[at] = unpremultiply(red, a)
          current[at + 1] = unpremultiply(green, a)
          current[at + 2] = unpremultiply(blue, a)
          current[at + 3] = a
        } else {
          current[at] = red
          current[at + 1] = green
          current[at + 2] = blue
        }
      }
      let base = y * rowBytes
      raw[base] = 2  // Up
      for i in 0..<(width * channels) { raw[base + 1 + i] = current[i] &- previous[i] }
      swap(&previous, &current)
    }
    var compressedLength = compressBound(uLong(raw.count))
    var compressed = [UInt8](repeating: 0, count: Int(compressedLength))
    let status = compress2(&compressed, &compressedLength, raw, uLong(raw.count), 1)
    guard status == Z_OK else { throw ExportError(tr("cannot compress the PNG (zlib status %s)", status)) }
    compressed.removeSubrange(Int(compressedLength)...)

    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    var header = [UInt8]()
    header += bigEndian(UInt32(width))
    header += bigEndian(UInt32(height))
    // 8 bits a channel, RGB (2) or RGBA (6), deflate, adaptive filtering, no interlace.
    header += [8, alpha ? 6 : 2, 0, 0, 0]
    chunk("IHDR", header, into: &png)
    chunk("IDAT", compressed, into: &png)
    chunk("IEND", [], into: &png)
    return png
  }

  /// A premultiplied channel back to its straight value, rounded (cairo's own writer does the same).
  static func unpremultiply(_ value: UInt8, _ alpha: UInt8) -> UInt8 {
    guard alpha != 0 else { return 0 }
    guard alpha != 255 else { return value }
    return UInt8(min(255, (UInt32(value) * 255 + UInt32(alpha) / 2) / UInt32(alpha)))
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
