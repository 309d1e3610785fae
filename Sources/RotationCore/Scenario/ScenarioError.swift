/// Why a scenario file could not be loaded: the file, where in it, and what was expected.
///
/// `description` is the one message users see, e.g.
/// `app.json: classes.NavVC.supportedInterfaceOrientations: expected a mask …, found the string "sideways"`.
public struct ScenarioError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file as the user named it, or nil for text that came from elsewhere.
  public var file: String?
  /// The JSON path (`classes.NavVC.kind`, `steps[3].push`), or nil when the problem is the whole file.
  public var path: String?
  /// Line and column, for syntax errors.
  public var line: Int?
  public var column: Int?
  public var message: String

  public init(file: String? = nil, path: String? = nil, line: Int? = nil, column: Int? = nil, message: String)
  {
    self.file = file
    self.path = path
    self.line = line
    self.column = column
    self.message = message
  }

  public var description: String {
    var parts: [String] = []
    var location = file ?? tr("<scenario>")
    if let line, let column { location += ":\(line):\(column)" }
    parts.append(location)
    if let path, !path.isEmpty { parts.append(path) }
    parts.append(message)
    return parts.joined(separator: ": ")
  }

  func inFile(_ file: String?) -> ScenarioError {
    var copy = self
    copy.file = file
    return copy
  }
}
