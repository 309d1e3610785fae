// MARK: - Design note
//
// Reading what a user's app already has (an Xcode project's build settings and Info.plist today;
// storyboards and view controller code next) into a `Scenario`, and saying exactly what was read
// and what was assumed. The core knows nothing of Xcode files: this module produces a Scenario
// and a report. Property lists, the old-style project.pbxproj included, go through
// FoundationEssentials' PropertyListDecoder (XML, binary and OpenStep), never a parser of our own;
// the report's line numbers come from locating each key in the text.

// The fuzzer compiles the core and this module as one module, without RotationCore.
#if canImport(RotationCore)
  import RotationCore
#endif

/// What an import took from the user's files and what it had to assume, each with where.
public struct ImportReport: Sendable, Equatable {
  public struct Line: Sendable, Equatable {
    /// The file, as the user named it.
    public var file: String
    /// 1-based line in the file; nil when the format has no lines (a binary plist) or the fact is
    /// about the file as a whole.
    public var line: Int?
    public var text: String

    public init(file: String, line: Int?, text: String) {
      self.file = file
      self.line = line
      self.text = text
    }

    /// `Info.plist:12: text`, or `Info.plist: text`.
    public var description: String { "\(file)\(line.map { ":\($0)" } ?? ""): \(text)" }
  }

  /// Facts taken from the files.
  public var facts: [Line] = []
  /// What could not be read, or was not there, and what the scenario assumes instead.
  public var assumptions: [Line] = []

  public init() {}

  /// The report as text: the facts, then the assumptions.
  public var text: String {
    var out = "Read:\n" + facts.map { "  \($0.description)\n" }.joined()
    out +=
      "Assumed:\n"
      + (assumptions.isEmpty ? "  nothing\n" : assumptions.map { "  \($0.description)\n" }.joined())
    return out
  }
}

/// The interface orientations of a supported-orientations list as Info.plist and build settings
/// write them (`UIInterfaceOrientationPortrait`, or `portrait`), in order and without repeats;
/// `leftOut` is told each word that is not one.
func interfaceOrientations(_ words: [String], leftOut: (String) -> Void) -> [InterfaceOrientation] {
  var list: [InterfaceOrientation] = []
  for written in words {
    let short = written.hasPrefix("UIInterfaceOrientation") ? String(written.dropFirst(22)) : written
    if let orientation = InterfaceOrientation(name: short.prefix(1).lowercased() + short.dropFirst()),
      orientation != .unknown
    {
      if !list.contains(orientation) { list.append(orientation) }
    } else {
      leftOut(written)
    }
  }
  return list
}

/// A file an import cannot use at all.
public struct ImportError: Error, Sendable, Equatable, CustomStringConvertible {
  public var file: String
  public var message: String

  public init(file: String, message: String) {
    self.file = file
    self.message = message
  }

  public var description: String { "\(file): \(message)" }
}

/// A scenario made from the user's files, with its report.
public struct ImportResult: Sendable {
  public var scenario: Scenario
  public var report: ImportReport
  /// The storyboard the app launches with (`UIMainStoryboardFile`, a scene's
  /// `UISceneStoryboardFile`, Xcode 13's `INFOPLIST_KEY_UIMainStoryboardFile`), without extension.
  var mainStoryboard: String?
  /// The line that names it.
  var mainStoryboardSource: ImportReport.Line?
}
