import Glibc

// The fuzzer compiles the core and this module as one module, without RotationCore.
#if canImport(RotationCore)
  import RotationCore
#endif

/// The files of an app's folder that an import reads: Xcode projects, Info.plists, storyboards
/// and xibs, Swift and Objective-C sources. The walk never follows a symbolic link to a folder
/// (so a link loop ends), takes only regular files, skips what is not the app's own (dependencies,
/// build products, tests, hidden folders) and stops at a depth and a count, saying so.
struct SourceFolder {
  /// Paths as found (root-prefixed) with the name the report shows (relative to the root).
  struct Found: Sendable, Equatable {
    var path: String
    var shown: String
  }

  var projects: [Found] = []
  var plists: [Found] = []
  var storyboards: [Found] = []
  var sources: [Found] = []
  /// Dart, JavaScript and TypeScript files (a cross-platform app's own code, `ScriptImport`).
  var scripts: [Found] = []
  /// Folder names this walk also skips (a cross-platform app's platform folders).
  var skipping: Set<String> = []
  var report = ImportReport()

  static let maximumDepth = 24
  static let maximumEntries = 50_000
  /// Folders that hold other people's code or build products.
  static let skipped: Set<String> = [
    "Pods", "Carthage", "build", "Build", "DerivedData", "node_modules", "vendor", "SourcePackages",
    "fastlane",
    // A Flutter or React Native app's other platforms (its macos/ has a Runner of its own).
    "android", "macos", "linux", "windows",
  ]
  static let skippedSuffixes = [
    ".xcassets", ".xcworkspace", ".framework", ".xcframework", ".bundle", ".appex", ".app", ".playground",
    "Tests", ".dSYM", ".docc", ".swiftpm",
  ]

  init(root: String, skipping: Set<String> = []) {
    self.skipping = skipping
    var entries = 0
    walk(root, shown: "", depth: 0, entries: &entries)
  }

  mutating func walk(_ folder: String, shown: String, depth: Int, entries: inout Int) {
    guard let directory = opendir(folder) else {
      report.assumptions.append(
        .init(
          file: shown.isEmpty ? PathName.last(folder) : shown, line: nil,
          text: tr("cannot be listed (%s): its files are not read", String(cString: strerror(errno)))))
      return
    }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafePointer(to: entry.pointee.d_name) {
        $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
      }
      if name != "." && name != ".." { names.append(name) }
    }
    for name in names.sorted() {
      entries += 1
      if entries > Self.maximumEntries {
        if entries == Self.maximumEntries + 1 {
          report.assumptions.append(
            .init(
              file: shown.isEmpty ? "." : shown, line: nil,
              text: tr("more than %s files and folders: the rest are not read", Self.maximumEntries)))
        }
        return
      }
      let path = folder + "/" + name
      let relative = shown.isEmpty ? name : shown + "/" + name
      var status = stat()
      guard lstat(path, &status) == 0 else { continue }
      var type = status.st_mode & S_IFMT
      if type == S_IFLNK {
        var target = stat()
        guard stat(path, &target) == 0 else {
          report.assumptions.append(
            .init(file: relative, line: nil, text: tr("a symbolic link that leads nowhere: skipped")))
          continue
        }
        if target.st_mode & S_IFMT == S_IFDIR {
          report.assumptions.append(
            .init(
              file: relative, line: nil, text: tr("a symbolic link to a folder: not followed (it could loop)")
            ))
          continue
        }
        type = target.st_mode & S_IFMT
      }
      if type == S_IFDIR {
        if name.hasSuffix(".xcodeproj") {
          projects.append(Found(path: path, shown: relative))
          continue
        }
        if name.hasPrefix(".") || Self.skipped.contains(name) || skipping.contains(name)
          || Self.skippedSuffixes.contains(where: name.hasSuffix)
        {
          continue
        }
        if depth + 1 >= Self.maximumDepth {
          report.assumptions.append(
            .init(
              file: relative, line: nil,
              text: ImportReport.notRead(tr("nested deeper than %s folders", Self.maximumDepth))))
          continue
        }
        walk(path, shown: relative, depth: depth + 1, entries: &entries)
        continue
      }
      let wanted = [".storyboard", ".xib", ".swift", ".m", ".mm", ".h", ".plist"].contains(
        where: name.hasSuffix)
      guard type == S_IFREG else {
        if wanted {
          report.assumptions.append(
            .init(
              file: relative, line: nil,
              text: ImportReport.notRead(tr("not a regular file (a pipe, socket or device)"))))
        }
        continue
      }
      let found = Found(path: path, shown: relative)
      if name.hasSuffix(".storyboard") || name.hasSuffix(".xib") {
        storyboards.append(found)
      } else if name.hasSuffix(".swift") || name.hasSuffix(".m") || name.hasSuffix(".mm")
        || name.hasSuffix(".h")
      {
        sources.append(found)
      } else if name == "Info.plist" || name.hasSuffix("-Info.plist") {
        plists.append(found)
      } else if ScriptImport.language(of: name) != nil {
        scripts.append(found)
      }
    }
  }

  /// A file the person named, or a project names: refused when it is a pipe, socket or device
  /// (reading would wait on it), else read with the limit and the words of its `kind`.
  static func read(
    _ path: String, shown: String, maxBytes: Int = ScenarioDecoder.maxFileBytes, kind: String
  ) throws(ImportError) -> [UInt8] {
    if exists(path) && !isRegularFile(path) {
      throw ImportError(
        file: shown, message: ImportReport.notRead(tr("not a regular file (a pipe, socket or device)")))
    }
    do {
      return try ScenarioDecoder.readFile(path: path, displayName: shown, maxBytes: maxBytes, kind: kind)
    } catch {
      throw ImportError(file: shown, message: error.message)
    }
  }

  static func exists(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0
  }

  /// Whether the path is a regular file (following links), one reading cannot block on.
  static func isRegularFile(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
  }

  /// Whether the path is a folder (following links: the user named it).
  static func isFolder(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
  }
}
