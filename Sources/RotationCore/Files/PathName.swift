/// The parts of a slash-separated file path, as the app shows and builds them (NSString's path
/// methods belong to the full Foundation, which the app does not link: it costs every launch its
/// start-up, see docs/performance.md). FoundationEssentials' own path API is URL's, which is not
/// the same thing: `URL(filePath: "c.json").deletingLastPathComponent()` is the working folder,
/// made absolute with a slash after it, where a relative name here stays relative ("c.json" → ""),
/// so that what the command line writes and says (`wrote app-step3.png`) keeps the person's own
/// relative paths.
public enum PathName {
  /// The last component: "/a/b/c.json" → "c.json"; "/a/b/" → "b".
  public static func last(_ path: String) -> String {
    let trimmed = trimmingTrailingSlashes(path)
    guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
    return trimmed == "/" ? "/" : String(trimmed[trimmed.index(after: slash)...])
  }

  /// The path without its last component: "/a/b/c.json" → "/a/b"; "c.json" → ""; "/c" → "/".
  public static func folder(_ path: String) -> String {
    let trimmed = trimmingTrailingSlashes(path)
    guard let slash = trimmed.lastIndex(of: "/") else { return "" }
    return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
  }

  /// The extension of the last component, without its dot: "a/b.tar.png" → "png"; ".profile" → "".
  public static func pathExtension(_ path: String) -> String {
    let name = last(path)
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
    return String(name[name.index(after: dot)...])
  }

  /// The path without the last component's extension: "a/b.json" → "a/b".
  public static func deletingExtension(_ path: String) -> String {
    let trimmed = trimmingTrailingSlashes(path)
    let ext = pathExtension(trimmed)
    return ext.isEmpty ? trimmed : String(trimmed.dropLast(ext.count + 1))
  }

  private static func trimmingTrailingSlashes(_ path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    return String(trimmed)
  }
}

extension StringProtocol {
  /// The text without the spaces, tabs and line breaks around it.
  public func trimmingWhitespace() -> String {
    // Walks in from both ends only as far as the whitespace goes (reversing the whole text twice,
    // as this once did, made reading the 94 rules of docs/rules.md take 48 ms instead of 10).
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }
}
