import FoundationEssentials

/// Values: orientations, masks, conditional answers, overrides and hooks.
extension ScenarioDecoder {
  func override<T>(
    _ json: JSONValue, _ path: String, kind: ControllerKind,
    literal: (JSONValue, String) throws(ScenarioError) -> T
  ) throws(ScenarioError) -> Override<T> {
    if let body = try codeBody(json, path) { return .value(.code(body)) }
    // `{"if": …, "then": …, "else": …}` where a branch forwards: a branching override.
    if case .object(let members) = json, let test = json["if"], Self.forwards(json) {
      try allow(members, path, ["if", "then", "else"])
      guard let then = json["then"] else { throw ScenarioError(path: path + ".then", message: tr("missing")) }
      guard let otherwise = json["else"] else {
        throw ScenarioError(path: path + ".else", message: tr("missing"))
      }
      let parsed: Condition
      if case .string = test {
        let flag = try identifier(test, path + ".if")
        guard flagNames.contains(flag) || (currentClass.flatMap { propertyTypes[$0]?[flag] } == .bool) else {
          throw ScenarioError(
            path: path + ".if",
            message: tr(
              "the flag \"%s\" is not declared in app.flags%s", flag, suggestion(flag, Array(flagNames))))
        }
        parsed = .flag(flag)
      } else {
        parsed = try condition(test, path + ".if")
      }
      return .branch(
        parsed, then: try override(then, path + ".then", kind: kind, literal: literal),
        else: try override(otherwise, path + ".else", kind: kind, literal: literal))
    }
    if let forward = json["forwardTo"] {
      let members = try object(json, path, expected: tr("an object"))
      let word = try identifier(forward, path + ".forwardTo")
      guard ForwardTarget.words.contains(word) else {
        throw ScenarioError(
          path: path + ".forwardTo",
          message: tr(
            "expected one of %s, found \"%s\"%s",
            ForwardTarget.words.map { "\"\($0)\"" }.joined(separator: ", "),
            word, suggestion(word, ForwardTarget.words)))
      }
      let target: ForwardTarget
      switch word {
      case "top": target = .top
      case "visible": target = .visible
      case "selected": target = .selected
      case "current": target = .current
      case "presented": target = .presented
      case "presenting": target = .presenting
      case "child":
        try allow(members, path, ["forwardTo", "index"])
        target = .child(
          try json["index"].map { v throws(ScenarioError) in try integer(v, path + ".index") } ?? 0)
      default: target = .column(SplitColumn(rawValue: word)!)
      }
      if word != "child" { try allow(members, path, ["forwardTo"]) }
      guard target.fits(kind) else {
        var own: [ForwardTarget] = []
        for target in ForwardTarget.offered(for: kind) where target != .presented {
          if !own.contains(where: { $0.word == target.word }) { own.append(target) }
        }
        let expected =
          own.isEmpty
          ? tr("a plain %s controller has no child to forward to; expected \"presented\"", kind.rawValue)
          : tr(
            "expected %s for %s, or \"presented\"",
            own.map { "\"\($0.word)\"" }.joined(separator: tr(" or ")),
            kind.phrase)
        throw ScenarioError(
          path: path + ".forwardTo", message: tr("%s; found \"%s\" (%s)", expected, word, target.property))
      }
      return .forward(target)
    }
    return .value(try conditional(json, path, literal: literal))
  }

  /// Whether a conditional answer forwards in one of its branches.
  static func forwards(_ json: JSONValue) -> Bool {
    if json["forwardTo"] != nil { return true }
    guard json["if"] != nil else { return false }
    return json["then"].map(forwards) == true || json["else"].map(forwards) == true
  }

  func conditional<T>(
    _ json: JSONValue, _ path: String, literal: (JSONValue, String) throws(ScenarioError) -> T
  ) throws(ScenarioError) -> Value<T> {
    if case .object(let members) = json, let window = json["ifWindow"] {
      guard windowConditionsAllowed else {
        throw ScenarioError(
          path: path + ".ifWindow",
          message: tr(
            "only the app delegate's supportedInterfaceOrientationsForWindow can depend on the window; expected a value or {\"if\": FLAG, …}"
          ))
      }
      try allow(members, path, ["ifWindow", "then", "else"])
      let name = try identifier(window, path + ".ifWindow")
      guard windowNames.contains(name) else {
        throw ScenarioError(
          path: path + ".ifWindow",
          message: tr(
            "no window is named \"%s\"; expected one of %s%s", name,
            windowNames.sorted().map { "\"\($0)\"" }.joined(separator: ", "),
            suggestion(name, Array(windowNames))))
      }
      guard let then = json["then"] else { throw ScenarioError(path: path + ".then", message: tr("missing")) }
      guard let otherwise = json["else"] else {
        throw ScenarioError(path: path + ".else", message: tr("missing"))
      }
      return .window(
        name: name, then: try conditional(then, path + ".then", literal: literal),
        else: try conditional(otherwise, path + ".else", literal: literal))
    }
    if let reading = try stateReading(json, path, literal: literal) { return reading }
    guard case .object(let members) = json, json["if"] != nil else {
      return .literal(try literal(json, path))
    }
    try allow(members, path, ["if", "then", "else"])
    if case .object = json["if"]! {
      let test = try condition(json["if"]!, path + ".if")
      guard let then = json["then"] else { throw ScenarioError(path: path + ".then", message: tr("missing")) }
      guard let otherwise = json["else"] else {
        throw ScenarioError(path: path + ".else", message: tr("missing"))
      }
      return .test(
        test, then: try conditional(then, path + ".then", literal: literal),
        else: try conditional(otherwise, path + ".else", literal: literal))
    }
    let flag = try identifier(json["if"]!, path + ".if")
    let ownBool = currentClass.flatMap { propertyTypes[$0]?[flag] } == .bool
    guard flagNames.contains(flag) || ownBool else {
      throw ScenarioError(
        path: path + ".if",
        message: tr(
          "the flag \"%s\" is not declared in app.flags%s", flag, suggestion(flag, Array(flagNames))))
    }
    guard let then = json["then"] else { throw ScenarioError(path: path + ".then", message: tr("missing")) }
    guard let otherwise = json["else"] else {
      throw ScenarioError(path: path + ".else", message: tr("missing"))
    }
    return .conditional(
      flag: flag, then: try conditional(then, path + ".then", literal: literal),
      else: try conditional(otherwise, path + ".else", literal: literal))
  }

  func maskValue(_ json: JSONValue, _ path: String) throws(ScenarioError) -> Value<OrientationMask> {
    if let body = try codeBody(json, path) { return .code(body) }
    // The app delegate returning a plugin's mask (`[Orientation getOrientation]`): the state its calls set.
    if windowConditionsAllowed, case .object(let members) = json, let name = json["plugin"] {
      try allow(members, path, ["plugin"])
      let plugin = try declaredPlugin(try string(name, path + ".plugin"), path + ".plugin")
      guard let state = plugin.maskState else {
        throw ScenarioError(
          path: path + ".plugin",
          message: tr(
            "%s keeps no mask of its own: there is none for the app delegate to return", plugin.name))
      }
      return .read(state)
    }
    return try conditional(json, path) { v, p throws(ScenarioError) in try mask(v, p) }
  }

  /// What a mask is, in the reader's language (asked each time: the language is chosen at start-up).
  static var maskExpectation: String {
    tr(
      "a mask: one of \"portrait\", \"portraitUpsideDown\", \"landscapeLeft\", \"landscapeRight\", \"landscape\", \"allButUpsideDown\", \"all\", or a list of interface orientations"
    )
  }

  func mask(_ json: JSONValue, _ path: String) throws(ScenarioError) -> OrientationMask {
    switch json {
    case .string(let written):
      let name = Self.uikitName(written, prefix: "UIInterfaceOrientationMask")
      do {
        return try OrientationMask(name: name)
      } catch {
        throw ScenarioError(
          path: path,
          message: tr(
            "expected %s, found \"%s\"%s", Self.maskExpectation, written,
            suggestion(name, OrientationMask.named.map(\.name))))
      }
    case .array:
      let list = try orientationList(json, path)
      return OrientationMask(list)
    default:
      throw ScenarioError(
        path: path, message: tr("expected %s, found %s", Self.maskExpectation, json.kindName))
    }
  }

  func orientationList(_ json: JSONValue, _ path: String) throws(ScenarioError)
    -> [InterfaceOrientation]
  {
    let items = try array(json, path, expected: tr("a list of interface orientations"))
    guard !items.isEmpty else {
      throw ScenarioError(
        path: path, message: tr("expected at least one interface orientation; an empty mask is invalid"))
    }
    var list: [InterfaceOrientation] = []
    for (index, item) in items.enumerated() {
      let orientation = try interfaceOrientation(item, "\(path)[\(index)]")
      if list.contains(orientation) {
        throw ScenarioError(
          path: "\(path)[\(index)]", message: tr("\"%s\" is listed twice", orientation.name))
      }
      list.append(orientation)
    }
    return list
  }

  func interfaceOrientation(_ json: JSONValue, _ path: String) throws(ScenarioError)
    -> InterfaceOrientation
  {
    let names = InterfaceOrientation.concrete.map(\.name)
    let expectation = tr("an interface orientation: %s", names.map { "\"\($0)\"" }.joined(separator: ", "))
    guard case .string(let written) = json else {
      throw ScenarioError(path: path, message: tr("expected %s, found %s", expectation, json.kindName))
    }
    let name = Self.uikitName(written, prefix: "UIInterfaceOrientation")
    guard let orientation = InterfaceOrientation(name: name), orientation != .unknown else {
      var hint = suggestion(name, names)
      if DeviceOrientation(name: Self.uikitName(written, prefix: "UIDeviceOrientation")) != nil, hint.isEmpty
      {
        hint = " " + tr("(\"%s\" is a device orientation; the interface has no such orientation)", written)
      }
      throw ScenarioError(path: path, message: tr("expected %s, found \"%s\"%s", expectation, written, hint))
    }
    return orientation
  }

  func deviceOrientation(_ json: JSONValue, _ path: String) throws(ScenarioError) -> DeviceOrientation {
    let names = DeviceOrientation.allCases.map(\.name)
    let expectation = tr("a device orientation: %s", names.map { "\"\($0)\"" }.joined(separator: ", "))
    guard case .string(let written) = json else {
      throw ScenarioError(path: path, message: tr("expected %s, found %s", expectation, json.kindName))
    }
    let name = Self.uikitName(written, prefix: "UIDeviceOrientation")
    guard let orientation = DeviceOrientation(name: name) else {
      throw ScenarioError(
        path: path, message: tr("expected %s, found \"%s\"%s", expectation, written, suggestion(name, names)))
    }
    return orientation
  }

  /// A name as UIKit spells it, where a user would paste it, in the format's spelling:
  /// `UIInterfaceOrientationMaskAllButUpsideDown` and `.allButUpsideDown` read as `allButUpsideDown`,
  /// `UIDeviceOrientationFaceDown` as `faceDown`. Anything else is returned as it is.
  static func uikitName(_ text: String, prefix: String) -> String {
    var name = Substring(text)
    if name.hasPrefix("."), name.count > 1 {
      name = name.dropFirst()
    } else if name.hasPrefix(prefix), name.count > prefix.count,
      name.dropFirst(prefix.count).first!.isUppercase
    {
      name = name.dropFirst(prefix.count)
    } else {
      return text
    }
    return name.prefix(1).lowercased() + name.dropFirst()
  }
}
