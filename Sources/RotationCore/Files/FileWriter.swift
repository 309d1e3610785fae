import Glibc

/// Why a file could not be written, in words for the person who asked.
public struct WriteError: Error, CustomStringConvertible, Equatable {
  public var description: String
  public init(_ description: String) { self.description = description }
}

/// The one writer of the files the app makes — scenarios, reports, exports — as GLib's
/// `g_file_set_contents_full` writes them: the bytes go to a new temporary file beside the target
/// (created exclusively, so a link planted at its name is never followed), are synced, and the
/// file is renamed over the target; the folder is synced so the rename survives a crash. A write
/// that fails leaves the target as it was and no temporary behind. An existing file keeps its mode
/// (a new one gets the umask's); the target itself is replaced, so a symbolic link to a file there
/// becomes the new file, as GLib does. A target that is no regular file — a device, a pipe,
/// `/dev/stdout` — is written into instead: renaming over it would put a file in its place.
public enum FileWriter {
  public static func write(_ bytes: [UInt8], to path: String) throws(WriteError) {
    try write(bytes, to: path, temporaryName: randomName)
  }

  /// `temporaryName(attempt)` names the temporary file of each attempt (tests choose it, to
  /// plant a link there); a name that exists already is passed over for the next.
  static func write(_ bytes: [UInt8], to path: String, temporaryName: (Int) -> String) throws(WriteError) {
    let parent = PathName.folder(path)
    let folder = parent.isEmpty ? "." : parent
    var status = stat()
    var mode: mode_t?
    if stat(path, &status) == 0 {
      switch status.st_mode & S_IFMT {
      case S_IFDIR: throw WriteError(tr("%s is a directory", path))
      case S_IFREG: break
      // A device, a pipe or what /dev/stdout leads to is written into, never replaced.
      default: return try writeInPlace(bytes, to: path)
      }
    }
    if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG { mode = status.st_mode & 0o7777 }
    guard stat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
      throw WriteError(tr("cannot write %s: the folder %s does not exist", path, folder))
    }
    let prefix = (folder == "/" ? "" : folder) + "/." + PathName.last(path) + "."
    var temporary = ""
    var descriptor: Int32 = -1
    for attempt in 0..<16 {
      temporary = prefix + temporaryName(attempt)
      // O_EXCL: the name must not exist, not even as a link; the umask applies to 0o666.
      descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
      if descriptor >= 0 || errno != EEXIST { break }
    }
    guard descriptor >= 0 else {
      throw WriteError(tr("cannot write %s: %s", path, String(cString: strerror(errno))))
    }
    var failure: Int32? = nil
    if let mode, fchmod(descriptor, mode) != 0 { failure = errno }
    if failure == nil { failure = POSIXFile.writeAll(bytes, to: descriptor) }
    if failure == nil, fsync(descriptor) != 0 { failure = errno }
    if close(descriptor) != 0, failure == nil { failure = errno }
    if failure == nil, rename(temporary, path) != 0 { failure = errno }
    if let failure {
      unlink(temporary)
      throw WriteError(tr("cannot write %s: %s", path, String(cString: strerror(failure))))
    }
    // The rename is in the folder's entries: sync them too (a folder that cannot be opened for
    // reading still has the new file; there is nothing more to do then).
    let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if folderDescriptor >= 0 {
      fsync(folderDescriptor)
      close(folderDescriptor)
    }
  }

  /// Writes into what `path` opens (a device, a pipe): it has no folder entry to replace.
  static func writeInPlace(_ bytes: [UInt8], to path: String) throws(WriteError) {
    let descriptor = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw WriteError(tr("cannot write %s: %s", path, String(cString: strerror(errno))))
    }
    var failure = POSIXFile.writeAll(bytes, to: descriptor)
    if close(descriptor) != 0, failure == nil { failure = errno }
    if let failure { throw WriteError(tr("cannot write %s: %s", path, String(cString: strerror(failure)))) }
  }

  /// Twelve random letters and digits.
  static func randomName(_ attempt: Int) -> String {
    let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789")
    var generator = SystemRandomNumberGenerator()
    return String((0..<12).map { _ in letters[Int(generator.next(upperBound: UInt(letters.count)))] })
  }
}
