import FoundationEssentials

/// The controller tree: nodes, their kinds and children, and the controller limit.
extension ScenarioDecoder {
  mutating func node(_ json: JSONValue, _ path: String) throws(ScenarioError) -> Node {
    let members = try object(json, path, expected: "a controller such as {\"class\": \"NavVC\"}")
    guard let classValue = json["class"] else {
      throw ScenarioError(
        path: path + ".class", message: "missing; expected a class name declared in classes")
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
        path: path, message: "more than \(Self.maxControllers) controllers; expected a smaller tree")
    }
    let name = try identifier(classValue, path + "." + classKey)
    guard let kind = classKinds[name] else {
      throw ScenarioError(
        path: path + "." + classKey,
        message: "the class \"\(name)\" is not declared in classes\(suggestion(name, Array(classKinds.keys)))"
      )
    }
    var allowed = [classKey] + extra
    switch kind {
    case .navigation: allowed.append("stack")
    case .tabBar: allowed += ["tabs", "selected"]
    case .view: break
    }
    for (key, _) in members where !allowed.contains(key) && !key.hasPrefix("_") {
      if key == "stack" || key == "tabs" || key == "selected" {
        throw ScenarioError(
          path: path + "." + key,
          message: "\"\(name)\" is a \(kind.rawValue) controller; only a "
            + (key == "stack" ? "navigation" : "tabBar") + " controller has \"\(key)\"")
      }
      throw ScenarioError(path: path, message: "unknown member \"\(key)\"\(suggestion(key, allowed))")
    }
    var result = Node(className: name)
    let object = JSONValue.object(members)
    if kind == .navigation, let stack = object["stack"] {
      for (index, child) in try array(stack, path + ".stack", expected: "an array of controllers")
        .enumerated()
      {
        result.stack.append(try node(child, "\(path).stack[\(index)]"))
      }
    }
    if kind == .tabBar {
      if let tabs = object["tabs"] {
        for (index, child) in try array(tabs, path + ".tabs", expected: "an array of controllers")
          .enumerated()
        {
          result.tabs.append(try node(child, "\(path).tabs[\(index)]"))
        }
      }
      if let selected = object["selected"] {
        let index = try integer(selected, path + ".selected")
        guard index >= 0 && index < max(result.tabs.count, 1) else {
          throw ScenarioError(
            path: path + ".selected",
            message: "expected an index from 0 to \(max(result.tabs.count - 1, 0)), found \(index)")
        }
        result.selected = index
      }
    }
    return result
  }
}
