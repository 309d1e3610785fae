import FoundationEssentials

/// `"expect": [{"step": N, "interface": …, "device": …, "decidedBy": …, "exception": …, "called": […],
/// "notCalled": […], "error": …}]`: what should happen, checked by `rotation-lab check`.
extension ScenarioDecoder {
  static let expectationMembers = [
    "step", "interface", "device", "decidedBy", "exception", "called", "notCalled", "error", "sceneWindow",
  ]

  func expectationList(_ json: JSONValue?, stepCount: Int) throws(ScenarioError) -> [Expectation] {
    guard let json else { return [] }
    var result: [Expectation] = []
    for (index, item) in try array(json, "expect", expected: tr("an array of expectations")).enumerated() {
      result.append(try expectation(item, "expect[\(index)]", stepCount: stepCount))
    }
    return result
  }

  func expectation(_ json: JSONValue, _ path: String, stepCount: Int) throws(ScenarioError) -> Expectation {
    let members = try object(
      json, path, expected: tr("an expectation such as {\"step\": 2, \"interface\": \"portrait\"}"))
    try allow(members, path, Self.expectationMembers)
    guard let stepValue = json["step"] else {
      throw ScenarioError(
        path: path + ".step", message: tr("missing; expected the step's number, from 1 as in the trace"))
    }
    let step = try integer(stepValue, path + ".step")
    guard step >= 1 && step <= stepCount else {
      throw ScenarioError(
        path: path + ".step", message: tr("expected a step from 1 to %s, found %s", stepCount, step))
    }
    var result = Expectation(step: step)
    // Something to check: a member other than the step and comments, and not an empty call list.
    let stated = members.contains { key, value in
      guard key != "step", !key.hasPrefix("_") else { return false }
      if key == "called" || key == "notCalled", case .array(let items) = value { return !items.isEmpty }
      return true
    }
    guard stated else {
      throw ScenarioError(
        path: path,
        message: tr(
          "states nothing; expected one of %s",
          Self.expectationMembers.dropFirst().map { "\"\($0)\"" }.joined(separator: ", ")))
    }
    if let value = json["interface"] {
      if case .array(let items) = value {
        guard !items.isEmpty else {
          throw ScenarioError(
            path: path + ".interface", message: tr("expected at least one interface orientation"))
        }
        result.interface = try items.enumerated().map { index, item throws(ScenarioError) in
          try interfaceOrientation(item, "\(path).interface[\(index)]")
        }
      } else {
        result.interface = [try interfaceOrientation(value, path + ".interface")]
      }
    }
    if let value = json["device"] { result.device = try deviceOrientation(value, path + ".device") }
    if let value = json["decidedBy"] {
      let name = try identifier(value, path + ".decidedBy")
      guard classKinds[name] != nil else {
        throw ScenarioError(
          path: path + ".decidedBy",
          message: tr(
            "the class \"%s\" is not declared in classes and is not one of UIKit's%s", name,
            suggestion(name, Array(classKinds.keys))))
      }
      result.decidedBy = name
    }
    if let value = json["exception"] {
      result.exception = .some(value == .null ? nil : try identifier(value, path + ".exception"))
    }
    if let value = json["error"] {
      result.error = .some(value == .null ? nil : try integer(value, path + ".error"))
    }
    if let value = json["sceneWindow"] {
      let name = try string(value, path + ".sceneWindow")
      guard let window = SceneWindow(rawValue: name) else {
        throw ScenarioError(
          path: path + ".sceneWindow",
          message: tr(
            "expected one of %s, found \"%s\"",
            SceneWindow.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "), name))
      }
      result.sceneWindow = window
    }
    result.called = try signatures(json["called"], path + ".called")
    result.notCalled = try signatures(json["notCalled"], path + ".notCalled")
    return result
  }

  /// `["-[NavVC supportedInterfaceOrientations]", …]`, as the trace prints calls.
  func signatures(_ json: JSONValue?, _ path: String) throws(ScenarioError) -> [String] {
    guard let json else { return [] }
    var result: [String] = []
    for (index, item) in try array(
      json, path, expected: tr("an array of calls such as \"-[NavVC shouldAutorotate]\"")
    )
    .enumerated() {
      let text = try string(item, "\(path)[\(index)]")
      let inside = text.dropFirst(2).dropLast()
      guard text.hasPrefix("-[") || text.hasPrefix("+["), text.hasSuffix("]"),
        inside.split(separator: " ").count == 2
      else {
        throw ScenarioError(
          path: "\(path)[\(index)]",
          message: tr(
            "expected a call as the trace prints it, such as \"-[NavVC shouldAutorotate]\", found \"%s\"",
            text))
      }
      result.append(text)
    }
    return result
  }
}
