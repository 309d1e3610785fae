/// `{"code": TEXT, "language": "swift" | "objc", "file": PATH, "line": N, "parameters": [NAME]}`:
/// an answer that is the app's own code (docs/scenario-format.md#code). Only a whole answer is
/// code, never a branch of a condition.
extension ScenarioDecoder {
  func codeBody(_ json: JSONValue, _ path: String, function: Bool = false) throws(ScenarioError) -> CodeBody?
  {
    guard case .object(let members) = json, let text = json["code"] else { return nil }
    try allow(
      members, path,
      ["code", "language", "file", "line", "parameters", "parameterTypes", "returnType"]
        + (function ? ["stored"] : []))
    let source = try string(text, path + ".code")
    guard let languageJSON = json["language"] else {
      throw ScenarioError(path: path + ".language", message: tr("missing; expected \"swift\" or \"objc\""))
    }
    let word = try string(languageJSON, path + ".language")
    guard let language = CodeLanguage(rawValue: word) else {
      throw ScenarioError(
        path: path + ".language", message: tr("expected \"swift\" or \"objc\", found \"%s\"", word))
    }
    var body = CodeBody(source: source, language: language)
    if let file = json["file"] { body.file = try string(file, path + ".file") }
    if let line = json["line"] {
      body.line = try integer(line, path + ".line")
      guard body.line >= 1 else {
        throw ScenarioError(
          path: path + ".line", message: tr("expected a line number from 1, found %s", body.line))
      }
    }
    if let parameters = json["parameters"] {
      guard case .array(let names) = parameters else {
        throw ScenarioError(path: path + ".parameters", message: tr("expected a list of parameter names"))
      }
      for (index, name) in names.enumerated() {
        body.parameters.append(try identifier(name, "\(path).parameters[\(index)]"))
      }
    }
    if let types = json["parameterTypes"] {
      guard case .array(let names) = types, names.count == body.parameters.count else {
        throw ScenarioError(
          path: path + ".parameterTypes",
          message: tr("expected a list of %s type names, one per parameter", body.parameters.count))
      }
      for (index, name) in names.enumerated() {
        let type = try string(name, "\(path).parameterTypes[\(index)]")
        guard type.isEmpty || CodeBody.keepsType(type) else {
          throw ScenarioError(
            path: "\(path).parameterTypes[\(index)]",
            message: tr(
              "expected \"\", UIDeviceOrientation, UIInterfaceOrientation, UIInterfaceOrientationMask or a gesture recognizer's class, found \"%s\"",
              type))
        }
        body.parameterTypes.append(type)
      }
    }
    if let type = json["returnType"] {
      body.returnType = try string(type, path + ".returnType")
      guard CodeBody.orientationTypes.contains(body.returnType) else {
        throw ScenarioError(
          path: path + ".returnType",
          message: tr(
            "expected UIDeviceOrientation, UIInterfaceOrientation or UIInterfaceOrientationMask, found \"%s\"",
            body.returnType))
      }
    }
    if let stored = json["stored"] { body.stored = try bool(stored, path + ".stored") }
    return body
  }
}

extension ScenarioDecoder {
  /// `"functions": {"Type.name": CODE, …}`: the app's functions its code answers call.
  func functionTable(_ json: JSONValue?) throws(ScenarioError) -> [(name: String, body: CodeBody)] {
    guard let json else { return [] }
    var table: [(name: String, body: CodeBody)] = []
    for (name, value) in try object(json, "functions", expected: tr("an object of function names and code")) {
      let path = "functions." + name
      // `Type.name`, a nested type's `Outer.Inner.name`, or a free function's `name`; an overload
      // adds its signature (`Type.lock(_:andRotateTo:)`, `Type.lock:andRotateTo:`).
      let base = CodePrograms.baseKey(name)
      let signature = name.dropFirst(base.count)
      let parts = base.split(separator: ".", omittingEmptySubsequences: false)
      guard parts.allSatisfy({ Self.isIdentifier(String($0)) }),
        signature.allSatisfy({
          $0 == "(" || $0 == ")" || $0 == ":" || $0 == "_" || $0.isLetter || $0.isNumber
        })
      else {
        throw ScenarioError(
          path: path, message: tr("expected a function's name as Type.name or name, found \"%s\"", name))
      }
      guard let body = try codeBody(value, path, function: true) else {
        throw ScenarioError(
          path: path, message: tr("expected {\"code\": TEXT, \"language\": \"swift\" or \"objc\"}"))
      }
      table.append((name, body))
    }
    return table
  }
}

extension ScenarioDecoder {
  /// `"storyboards": {NAME: {"initial": NODE, "scenes": {IDENTIFIER: NODE}}}`: the controllers the
  /// app's code makes from its storyboards (docs/scenario-format.md#storyboards).
  mutating func storyboardTable(_ json: JSONValue?) throws(ScenarioError) -> [StoryboardScenes] {
    guard let json else { return [] }
    var table: [StoryboardScenes] = []
    for (name, value) in try object(json, "storyboards", expected: tr("an object of storyboard names")) {
      let path = "storyboards." + name
      let members = try object(value, path, expected: tr("an object with \"initial\" and \"scenes\""))
      try allow(members, path, ["initial", "scenes", "segues"])
      var storyboard = StoryboardScenes(name: name, initial: nil, scenes: [])
      if let initial = value["initial"] { storyboard.initial = try node(initial, path + ".initial") }
      if let scenes = value["scenes"] {
        for (identifier, root) in try object(
          scenes, path + ".scenes", expected: tr("an object of storyboard identifiers and controllers"))
        {
          storyboard.scenes.append(
            .init(identifier: identifier, root: try node(root, "\(path).scenes.\(identifier)")))
        }
      }
      if let segues = value["segues"] {
        for (identifier, performed) in try object(
          segues, path + ".segues", expected: tr("an object of segue identifiers and a push or presentation"))
        {
          let at = "\(path).segues.\(identifier)"
          let action = try action(performed, at, inHook: true)
          switch action {
          case .push, .present: storyboard.segues.append(.init(identifier: identifier, action: action))
          default:
            throw ScenarioError(path: at, message: tr("expected {\"push\": NODE} or {\"present\": NODE}"))
          }
        }
      }
      table.append(storyboard)
    }
    return table
  }
}
