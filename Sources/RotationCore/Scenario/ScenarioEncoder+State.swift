/// State beyond flags, written as `ScenarioDecoder+State` reads it.
extension ScenarioEncoder {
  /// A value as its type writes it (`"landscape"`, `true`, `"player"`): a `set`'s `to`, a
  /// comparison's `equals`.
  static func plain(_ value: StateValue) -> JSONValue {
    switch value {
    case .bool(let flag): return .bool(flag)
    case .mask(let value): return mask(value)
    case .orientation(let value): return orientation(value)
    case .word(let word): return .string(word)
    }
  }

  /// A value with its type (`{"mask": "landscape"}`; a Bool bare): a first value in `app.state`
  /// or `properties`.
  static func typed(_ value: StateValue) -> JSONValue {
    if case .bool(let flag) = value { return .bool(flag) }
    return .object([(value.type.rawValue, plain(value))])
  }

  static func encode(_ list: [StateVariable], typed: Bool = true) -> JSONValue {
    .object(list.map { ($0.name, typed ? Self.typed($0.value) : plain($0.value)) })
  }

  static func encode(_ observers: [Observer]) -> JSONValue {
    .object(observers.map { ($0.notification, .string($0.method)) })
  }

  static func encode(_ condition: Condition) -> JSONValue {
    switch condition {
    case .flag(let name): return .string(name)
    case .equals(let name, let value): return .object([("is", .string(name)), ("equals", plain(value))])
    case .topIs(let name): return .object([("topIs", .string(name))])
    case .device(let orientations):
      return .object([
        (
          "deviceIs",
          orientations.count == 1
            ? .string(orientations[0].name) : .array(orientations.map { .string($0.name) })
        )
      ])
    case .interface(let orientations):
      return .object([
        (
          "interfaceIs",
          orientations.count == 1
            ? .string(orientations[0].name) : .array(orientations.map { .string($0.name) })
        )
      ])
    case .transition(let query): return .object([(query.rawValue, .bool(true))])
    case .available(let version): return .object([("available", .string(version.text))])
    case .selectedIndex(let index):
      return .object([(ForwardTarget.selectedIndexWord, .number(Double(index)))])
    case .argument(let index, let value):
      return .object([("arg", .number(Double(index))), ("equals", value)])
    case .not(let inner): return .object([("not", encode(inner))])
    }
  }

  /// The state members of a class (`properties`, `isA`, `observes`).
  static func stateMembers(_ spec: ClassSpec) -> [(key: String, value: JSONValue)] {
    var members: [(key: String, value: JSONValue)] = []
    if !spec.properties.isEmpty { members.append(("properties", encode(spec.properties))) }
    if !spec.isA.isEmpty { members.append(("isA", .array(spec.isA.map(JSONValue.string)))) }
    if !spec.observers.isEmpty { members.append(("observes", encode(spec.observers))) }
    if let answers = spec.asDelegate { members.append(("asDelegate", encodeAnswers(answers))) }
    return members
  }

  /// What an object answers as a container's delegate.
  static func encodeAnswers(_ answers: ContainerDelegate) -> JSONValue {
    var fields: [(key: String, value: JSONValue)] = []
    if let value = answers.supportedInterfaceOrientations {
      fields.append(("supportedInterfaceOrientations", encode(value, mask)))
    }
    if let value = answers.preferredInterfaceOrientationForPresentation {
      fields.append(("preferredInterfaceOrientationForPresentation", encode(value, orientation)))
    }
    return .object(fields)
  }

  /// A switch's case key: the matched value as text.
  static func key(_ value: StateValue) -> String {
    switch value {
    case .bool(let flag): return flag ? "true" : "false"
    default: return value.text
    }
  }
}
