// MARK: - Design note
//
// Reading what a user's app already has into a `Scenario`, and saying exactly what was read and
// what was assumed. The core knows nothing of Xcode files: this module produces a Scenario and a
// report, and `AppImport` is its one entry (a project, a folder, or one file).
//
//   AppImport ── SourceFolder (the walk: no folder links followed, regular files only)
//      │         ProjectImport, InfoPlistImport (FoundationEssentials' PropertyListDecoder reads
//      │           XML, binary and the pbxproj's old-style plists; line numbers by locating keys)
//      │         StoryboardReader (libxml2's streaming reader, network and entities off)
//      │           └ StoryboardImport (the tree UIKit builds: relationships, embeds, segues)
//      │         SourceLexer → SourceScanner → CodeReader (+Classes, +App) with CodeValues,
//      │           CodeActions, CodeStatements: the code's classes, answers, actions and root
//      ├── Assembly: the root (code's, else the main storyboard's), the classes, flags, delegate
//      └── FrameworkImport (+Expo): a Flutter, React Native, Expo, Capacitor or Cordova app's
//            manifests, then ScriptLexer → ScriptReader (+Calls, +Branches) → ScriptImport
//            (+Methods): its Dart and JavaScript functions that reach an orientation plugin, as
//            app methods (docs/import.md#dart-and-javascript)
//
// The code is read by a lexer and scanner of our own rather than tree-sitter: Debian has
// libtree-sitter but not its Swift or Objective-C grammars (they are generated C from npm), and
// the import needs only declarations, balanced bodies and a few expression forms. What can hide
// code (comments, nested comments, interpolated, raw and multi-line strings, Objective-C literals
// and preprocessor lines) is handled exactly; the parsers are fuzzed. docs/import.md has the forms.
// Dart and JavaScript likewise: no parser for either is a library Swift can use here, and the
// reader needs names, calls, blocks, branches and literals only.

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
    var out = tr("Read:") + "\n" + facts.map { "  \($0.description)\n" }.joined()
    out +=
      tr("Assumed:") + "\n"
      + (assumptions.isEmpty
        ? "  " + tr("nothing") + "\n" : assumptions.map { "  \($0.description)\n" }.joined())
    return out
  }

  /// The report with each fact and assumption said once: a line whose file and text an earlier
  /// line already said (a storyboard read again for each reference to it, a base class's hook
  /// read for each subclass) is left out.
  public var oneLinePerFact: ImportReport {
    func once(_ lines: [Line]) -> [Line] {
      var seen: Set<String> = []
      return lines.filter { seen.insert($0.file + "\u{1}" + $0.text).inserted }
    }
    var report = self
    report.facts = once(facts)
    report.assumptions = once(assumptions)
    return report
  }

  /// `why: not read`: the text of a file (or folder) that is left out, and why.
  static func notRead(_ why: String) -> String { tr("%s: not read", why) }

  /// The `why` of a `notRead(_:)` text (in the reader's language); nil for any other text.
  static func whyNotRead(_ text: String) -> String? {
    let marker: Character = "\u{1}"
    let format = notRead(String(marker))
    guard let at = format.firstIndex(of: marker) else { return nil }
    let before = format[..<at]
    let after = format[format.index(after: at)...]
    guard text.count >= before.count + after.count, text.hasPrefix(before), text.hasSuffix(after) else {
      return nil
    }
    return String(text.dropFirst(before.count).dropLast(after.count))
  }
}

extension ControllerKind {
  /// "navigation controller", in the reader's language, for the import's report.
  var importName: String {
    switch self {
    case .view: return tr("view controller")
    case .navigation: return tr("navigation controller")
    case .tabBar: return tr("tab bar controller")
    case .container: return tr("container controller")
    case .splitView: return tr("split view controller")
    case .pageView: return tr("page view controller")
    case .alert: return tr("alert controller")
    }
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
