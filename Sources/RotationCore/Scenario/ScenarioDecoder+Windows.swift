import FoundationEssentials

/// More windows: `"windows": [{"name", "root", "level", "hidden"}]` beside `"window"` (named `main`).
extension ScenarioDecoder {
  /// The windows' names, read before the app so that `ifWindow` can be checked (`main` first).
  mutating func scanWindowNames(_ json: JSONValue?) throws(ScenarioError) {
    windowNames = [mainWindowName]
    guard let json else { return }
    for (index, item) in try array(json, "windows", expected: tr("an array of windows")).enumerated() {
      let path = "windows[\(index)]"
      _ = try object(
        item, path,
        expected: tr("a window such as {\"name\": \"player\", \"root\": {\"class\": \"PlayerVC\"}}"))
      guard let nameValue = item["name"] else {
        throw ScenarioError(path: path + ".name", message: tr("missing; expected the window's name"))
      }
      let name = try identifier(nameValue, path + ".name")
      guard !windowNames.contains(name) else {
        throw ScenarioError(
          path: path + ".name",
          message: name == mainWindowName
            ? tr("\"main\" is the window \"window\" describes; expected another name")
            : tr("a window named \"%s\" is already declared; expected a unique name", name))
      }
      windowNames.insert(name)
    }
  }

  mutating func windowList(_ json: JSONValue?) throws(ScenarioError) -> [WindowSpec] {
    guard let json else { return [] }
    var windows: [WindowSpec] = []
    for (index, item) in try array(json, "windows", expected: tr("an array of windows")).enumerated() {
      let path = "windows[\(index)]"
      let members = try object(item, path, expected: tr("a window"))
      try allow(members, path, ["name", "root", "level", "hidden", "class"])
      let name = try identifier(item["name"]!, path + ".name")
      guard let rootJSON = item["root"] else {
        throw ScenarioError(
          path: path + ".root",
          message: tr("missing; expected a controller such as {\"class\": \"PlayerVC\"}"))
      }
      var window = WindowSpec(name: name, root: try node(rootJSON, path + ".root"))
      if let level = item["level"] { window.level = try windowLevel(level, path + ".level") }
      if let hidden = item["hidden"] { window.hidden = try bool(hidden, path + ".hidden") }
      if let windowClass = item["class"] { window.windowClass = try identifier(windowClass, path + ".class") }
      windows.append(window)
    }
    return windows
  }

  func windowLevel(_ json: JSONValue, _ path: String) throws(ScenarioError) -> Double {
    let names = WindowSpec.levels.map(\.name)
    let listed = names.map { "\"\($0)\"" }.joined(separator: ", ")
    switch json {
    case .number(let value) where value.isFinite: return value
    case .string(let word):
      let name = Self.uikitName(word, prefix: "UIWindowLevel")
      if let level = WindowSpec.levels.first(where: { $0.name == name }) { return level.value }
      throw ScenarioError(
        path: path,
        message: tr("expected %s or a number, found \"%s\"%s", listed, word, suggestion(name, names)))
    default:
      throw ScenarioError(path: path, message: tr("expected %s or a number, found %s", listed, json.kindName))
    }
  }

  /// A window an event names: one of the scenario's.
  func windowName(_ json: JSONValue, _ path: String) throws(ScenarioError) -> String {
    let name = try identifier(json, path)
    guard windowNames.contains(name) else {
      throw ScenarioError(
        path: path,
        message: tr(
          "no window is named \"%s\"; expected one of %s%s", name,
          windowNames.sorted().map { "\"\($0)\"" }.joined(separator: ", "),
          suggestion(name, Array(windowNames))))
    }
    return name
  }
}
