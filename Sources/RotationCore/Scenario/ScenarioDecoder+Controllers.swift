import FoundationEssentials

/// The controller tree: nodes, their kinds and children, and the controller limit.
extension ScenarioDecoder {
  mutating func node(_ json: JSONValue, _ path: String) throws(ScenarioError) -> Node {
    let members = try object(json, path, expected: tr("a controller such as {\"class\": \"NavVC\"}"))
    guard let classValue = json["class"] else {
      throw ScenarioError(
        path: path + ".class", message: tr("missing; expected a class name declared in classes"))
    }
    return try node(className: classValue, members: members, path, classKey: "class")
  }

  /// A node from an object whose class is `classValue` (under `classKey`) and whose `stack`,
  /// `tabs` and `selected` members describe the children.
  mutating func node(
    className classValue: JSONValue, members: [(key: String, value: JSONValue)], _ path: String,
    classKey: String,
    extra: [String] = []
  ) throws(ScenarioError) -> Node {
    nodeCount += 1
    if nodeCount > Self.maxControllers {
      throw ScenarioError(
        path: path, message: tr("more than %s controllers; expected a smaller tree", Self.maxControllers))
    }
    let name = try identifier(classValue, path + "." + classKey)
    guard let kind = classKinds[name] else {
      throw ScenarioError(
        path: path + "." + classKey,
        message: tr(
          "the class \"%s\" is not declared in classes and is not one of UIKit's%s", name,
          suggestion(name, Array(classKinds.keys))))
    }
    var allowed = [classKey, "set"] + extra + (kind.hasOrientationDelegate ? ["delegate"] : [])
    let own = Self.childKeys(of: kind)
    allowed += own
    for (key, _) in members where !allowed.contains(key) && !key.hasPrefix("_") {
      if let owner = ControllerKind.allCases.first(where: { Self.childKeys(of: $0).contains(key) }) {
        throw ScenarioError(
          path: path + "." + key,
          message: own.isEmpty
            ? tr("\"%s\" is %s; only %s has \"%s\"", name, kind.phrase, owner.phrase, key)
            : tr(
              "\"%s\" is %s; only %s has \"%s\" (%s has %s)", name, kind.phrase, owner.phrase, key,
              kind.phrase,
              own.map { "\"\($0)\"" }.joined(separator: ", ")))
      }
      throw ScenarioError(path: path, message: tr("unknown member \"%s\"%s", key, suggestion(key, allowed)))
    }
    var result = Node(className: name)
    let object = JSONValue.object(members)
    func list(_ key: String) throws(ScenarioError) -> [Node] {
      guard let value = object[key] else { return [] }
      var nodes: [Node] = []
      for (index, child) in try array(value, path + "." + key, expected: tr("an array of controllers"))
        .enumerated()
      {
        nodes.append(try node(child, "\(path).\(key)[\(index)]"))
      }
      return nodes
    }
    func index(_ key: String, count: Int) throws(ScenarioError) -> Int {
      guard let value = object[key] else { return 0 }
      let index = try integer(value, path + "." + key)
      guard index >= 0 && index < max(count, 1) else {
        throw ScenarioError(
          path: path + "." + key,
          message: tr("expected an index from 0 to %s, found %s", max(count - 1, 0), index))
      }
      return index
    }
    switch kind {
    case .navigation:
      result.stack = try list("stack")
    case .tabBar:
      result.tabs = try list("tabs")
      result.selected = try index("selected", count: result.tabs.count)
    case .container:
      result.children = try list("children")
    case .splitView:
      for column in SplitColumn.allCases {
        if let value = object[column.rawValue] {
          result.columns.append(Node.Column(column, try node(value, path + "." + column.rawValue)))
        }
      }
    case .pageView:
      result.pages = try list("pages")
      result.selected = try index("current", count: result.pages.count)
    case .view, .alert:
      break
    }
    if let set = object["set"] { result.properties = try nodeProperties(set, path + ".set", className: name) }
    if let value = object["delegate"] {
      let delegate = try identifier(value, path + ".delegate")
      guard delegate == delegateClass, appAnswersAsDelegate else {
        throw ScenarioError(
          path: path + ".delegate",
          message: tr(
            "expected the app delegate's class (%s) with app.asDelegate; a controller becomes a delegate with setDelegate",
            delegateClass))
      }
      result.delegate = delegate
    }
    return result
  }

  /// The members that hold a kind's children.
  static func childKeys(of kind: ControllerKind) -> [String] {
    switch kind {
    case .navigation: return ["stack"]
    case .tabBar: return ["tabs", "selected"]
    case .container: return ["children"]
    case .splitView: return SplitColumn.allCases.map(\.rawValue)
    case .pageView: return ["pages", "current"]
    case .view, .alert: return []
    }
  }
}
