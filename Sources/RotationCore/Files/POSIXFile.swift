import Glibc

/// Writing to a file descriptor (FileHandle belongs to the full Foundation, which the app does
/// not link).
public enum POSIXFile {
  /// Writes every byte of `bytes` to `descriptor`, again after an interrupted write. Returns nil
  /// once all are written, else the error number of the write that failed.
  @discardableResult
  public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
    bytes.withUnsafeBytes { buffer in
      var written = 0
      while written < buffer.count {
        let result = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
        if result < 0, errno == EINTR { continue }
        guard result > 0 else { return result < 0 ? errno : EIO }
        written += result
      }
      return nil
    }
  }
}
