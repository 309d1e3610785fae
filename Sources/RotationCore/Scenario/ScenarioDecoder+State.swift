import FoundationEssentials

/// State beyond flags (AppState.swift): `app.state`, a class's `properties`, the values that read
/// them (`read`, `switch`, `if` with a condition), the actions that change them (`set`, `toggle`,
/// `if`) and observers of UIKit's notifications.
extension ScenarioDecoder {
  /// `{"mask": V}`, `{"orientation": V}`, `{"case": NAME}`, `{"bool": B}` or a bare boolean: a
  /// piece of state's type and its first value.
  func typedValue(_ json: JSONValue, _ path: String) throws(ScenarioError) -> StateValue {
    if case .bool(let value) = json { return .bool(value) }
    let expected = tr(
      "a typed value: {\"mask\": MASK}, {\"orientation\": ORIENTATION}, {\"case\": NAME} or a boolean")
    guard case .object(let members) = json, members.count == 1, let type = StateType(rawValue: members[0].key)
    else {
      throw ScenarioError(path: path, message: tr("expected %s, found %s", expected, json.kindName))
    }
    return try stateValue(members[0].value, path + "." + type.rawValue, type: type)
  }

  /// A value of `type`, written as the format writes that type.
  func stateValue(_ json: JSONValue, _ path: String, type: StateType) throws(ScenarioError) -> StateValue {
    switch type {
    case .bool: return .bool(try bool(json, path))
    case .mask: return .mask(try mask(json, path))
    case .orientation: return .orientation(try interfaceOrientation(json, path))
    case .word: return .word(try identifier(json, path))
    }
  }

  /// `app.state` or a class's `properties`: names and their typed first values.
  func stateList(_ json: JSONValue?, _ path: String) throws(ScenarioError) -> [StateVariable] {
    guard let json else { return [] }
    var list: [StateVariable] = []
    for (name, value) in try object(json, path, expected: tr("an object of names and typed values")) {
      _ = try identifier(.string(name), path)
      list.append(StateVariable(name: name, value: try typedValue(value, path + "." + name)))
    }
    return list
  }

  /// The type of the state `name` that code of `currentClass` reads: its own property, else the
  /// app's state, else an app flag (a Bool).
  func stateType(of name: String, _ path: String) throws(ScenarioError) -> StateType {
    if let className = currentClass, let type = propertyTypes[className]?[name] { return type }
    if let type = stateTypes[name] { return type }
    if flagNames.contains(name) { return .bool }
    let own = currentClass.flatMap { propertyTypes[$0].map { Array($0.keys) } } ?? []
    let known = own + Array(stateTypes.keys) + Array(flagNames)
    throw ScenarioError(
      path: path,
      message: tr(
        "\"%s\" is not a property of %s, in app.state or in app.flags%s", name,
        currentClass ?? scenarioDelegateName, suggestion(name, known)))
  }

  var scenarioDelegateName: String { delegateClass }

  /// A condition: a flag's name, or an object (`topIs`, `deviceIs`, `is`/`equals`, a
  /// transition's question, `not`).
  func condition(_ json: JSONValue, _ path: String) throws(ScenarioError) -> Condition {
    if case .string = json {
      let name = try identifier(json, path)
      guard try stateType(of: name, path) == .bool else {
        throw ScenarioError(
          path: path,
          message: tr("\"%s\" is not a Bool; expected {\"is\": \"%s\", \"equals\": VALUE}", name, name))
      }
      return .flag(name)
    }
    let words =
      ["topIs", "deviceIs", "interfaceIs", "is", "not", "available", "arg", ForwardTarget.selectedIndexWord]
      + TransitionQuery.allCases.map(\.rawValue)
    let expected = tr(
      "a condition: a flag's name, or an object with one of %s",
      words.map { "\"\($0)\"" }.joined(separator: ", "))
    guard case .object(let members) = json, let word = members.first(where: { words.contains($0.key) })?.key
    else {
      throw ScenarioError(path: path, message: tr("expected %s, found %s", expected, json.kindName))
    }
    let value = json[word]!
    switch word {
    case "topIs":
      try allow(members, path, ["topIs"])
      let name = try identifier(value, path + ".topIs")
      guard classKinds[name] != nil || isANames.contains(name) else {
        throw ScenarioError(
          path: path + ".topIs",
          message: tr(
            "no class is or lists \"%s\" (in classes or a class's isA)%s", name,
            suggestion(name, Array(classKinds.keys) + Array(isANames))))
      }
      return .topIs(name)
    case "deviceIs":
      try allow(members, path, [word])
      return .device(
        try oneOrList(value, path + "." + word) { v, p throws(ScenarioError) in try deviceOrientation(v, p) })
    case "interfaceIs":
      try allow(members, path, [word])
      return .interface(
        try oneOrList(value, path + "." + word) { v, p throws(ScenarioError) in try interfaceOrientation(v, p)
        })
    case "is":
      try allow(members, path, ["is", "equals"])
      let name = try identifier(value, path + ".is")
      let type = try stateType(of: name, path + ".is")
      guard let equals = json["equals"] else {
        throw ScenarioError(
          path: path + ".equals", message: tr("missing; expected the value to compare with"))
      }
      return .equals(name, try stateValue(equals, path + ".equals", type: type))
    case "arg":
      try allow(members, path, ["arg", "equals"])
      let index = try integer(value, path + ".arg")
      guard index >= 0, index < 100 else {
        throw ScenarioError(path: path + ".arg", message: tr("expected an argument's index, 0 to 99"))
      }
      guard let equals = json["equals"] else {
        throw ScenarioError(
          path: path + ".equals", message: tr("missing; expected the value to compare with"))
      }
      return .argument(index, equals)
    case "not":
      try allow(members, path, ["not"])
      return .not(try condition(value, path + ".not"))
    case ForwardTarget.selectedIndexWord:
      try allow(members, path, [word])
      return .selectedIndex(try integer(value, path + "." + word))
    case "available":
      try allow(members, path, ["available"])
      let text = try string(value, path + ".available")
      guard let version = SystemVersion(text) else {
        throw ScenarioError(
          path: path + ".available",
          message: tr("expected a system version such as \"16.0\", found \"%s\"", text))
      }
      return .available(version)
    default:
      try allow(members, path, [word])
      guard case .bool(true) = value else {
        throw ScenarioError(
          path: path + "." + word, message: tr("expected true (as in {\"%s\": true})", word))
      }
      return .transition(TransitionQuery(rawValue: word)!)
    }
  }

  /// One value, or a list of them (`"landscapeLeft"` or `["landscapeLeft", "landscapeRight"]`).
  func oneOrList<T>(_ json: JSONValue, _ path: String, _ one: (JSONValue, String) throws(ScenarioError) -> T)
    throws(ScenarioError) -> [T]
  {
    guard case .array(let items) = json else { return [try one(json, path)] }
    var list: [T] = []
    for (index, item) in items.enumerated() { list.append(try one(item, "\(path)[\(index)]")) }
    return list
  }

  /// `{"read": NAME}` and `{"switch": NAME, "cases": {…}, "default": V}`: values of type `T` that
  /// state gives; nil for any other JSON.
  func stateReading<T>(
    _ json: JSONValue, _ path: String, literal: (JSONValue, String) throws(ScenarioError) -> T
  ) throws(ScenarioError) -> Value<T>? {
    guard case .object(let members) = json else { return nil }
    if let read = json["read"] {
      try allow(members, path, ["read"])
      let name = try identifier(read, path + ".read")
      let type = try stateType(of: name, path + ".read")
      guard let wanted = StateType.of(T.self), type == wanted else {
        throw ScenarioError(
          path: path + ".read",
          message: tr(
            "\"%s\" is of type %s; this answer needs type %s", name, type.rawValue,
            StateType.of(T.self)?.rawValue ?? "?"))
      }
      return .read(name)
    }
    guard let over = json["switch"] else { return nil }
    try allow(members, path, ["switch", "cases", "default"])
    let name = try identifier(over, path + ".switch")
    let type = try stateType(of: name, path + ".switch")
    guard let casesJSON = json["cases"] else {
      throw ScenarioError(
        path: path + ".cases", message: tr("missing; expected an object of values and answers"))
    }
    var cases: [SwitchCase<T>] = []
    for (key, answer) in try object(
      casesJSON, path + ".cases", expected: tr("an object of values and answers"))
    {
      let casePath = path + ".cases." + key
      let keyJSON: JSONValue = type == .bool ? .bool(key == "true" || key == "YES") : .string(key)
      let match = try stateValue(keyJSON, casePath, type: type)
      cases.append(SwitchCase(match, try conditional(answer, casePath, literal: literal)))
    }
    guard let otherwise = json["default"] else {
      throw ScenarioError(
        path: path + ".default", message: tr("missing; expected the answer for any other value"))
    }
    return .choose(
      name, cases: cases, default: try conditional(otherwise, path + ".default", literal: literal))
  }

  /// `"observes": {NOTIFICATION: METHOD}`: the method among `methods` that handles it.
  func observers(_ json: JSONValue?, _ path: String, methods: [Method]) throws(ScenarioError) -> [Observer] {
    guard let json else { return [] }
    var list: [Observer] = []
    for (name, handler) in try object(json, path, expected: tr("an object of notification names and methods"))
    {
      guard Observer.notifications.contains(name) else {
        throw ScenarioError(
          path: path + "." + name,
          message: tr(
            "expected one of %s, found \"%s\"%s",
            Observer.notifications.map { "\"\($0)\"" }.joined(separator: ", "),
            name, suggestion(name, Observer.notifications)))
      }
      let method = try identifier(handler, path + "." + name)
      guard methods.contains(where: { $0.name == method }) else {
        throw ScenarioError(
          path: path + "." + name,
          message: tr(
            "no method \"%s\" handles it; expected one of its methods%s", method,
            suggestion(method, methods.map(\.name))))
      }
      list.append(Observer(notification: name, method: method))
    }
    return list
  }

  /// `"set": {NAME: VALUE}` on a node: the new instance's properties, typed by its class's.
  func nodeProperties(_ json: JSONValue, _ path: String, className: String) throws(ScenarioError)
    -> [StateVariable]
  {
    var list: [StateVariable] = []
    let types = propertyTypes[className] ?? [:]
    for (name, value) in try object(json, path, expected: tr("an object of property names and values")) {
      guard let type = types[name] else {
        throw ScenarioError(
          path: path + "." + name,
          message: tr(
            "%s has no property \"%s\" in its properties%s", className, name,
            suggestion(name, Array(types.keys))))
      }
      list.append(StateVariable(name: name, value: try stateValue(value, path + "." + name, type: type)))
    }
    return list
  }
}
