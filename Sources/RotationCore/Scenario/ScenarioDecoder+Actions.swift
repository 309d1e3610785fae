import FoundationEssentials

/// Actions: the steps and what hooks and methods do.
extension ScenarioDecoder {
  mutating func actionList(_ json: JSONValue, _ path: String) throws(ScenarioError) -> [Action] {
    var actions: [Action] = []
    for (index, item) in try array(json, path, expected: tr("an array of actions")).enumerated() {
      actions.append(try action(item, "\(path)[\(index)]", inHook: true))
    }
    return actions
  }

  static let eventVerbs = [
    "rotateDevice", "setOrientationLock", "push", "present", "selectTab", "setFlag", "setDeviceOrientation",
    "call", "log", "setNeedsUpdateOfSupportedInterfaceOrientations",
    "setNeedsUpdateOfPrefersInterfaceOrientationLocked",
    "requestGeometryUpdate", "showWindow",
    "hideWindow", "makeKeyAndVisible", "pop", "dismiss", "if", "toggle", "set", "setDelegate", "plugin",
  ]
  /// The events that act on a window's tree and take `"window": NAME` (default: the key window).
  static let treeVerbs: Set<String> = ["push", "pop", "present", "dismiss", "selectTab"]
  static let bareEvents = [
    "launch", "pop", "dismiss", "attemptRotationToDeviceOrientation",
    "setNeedsUpdateOfSupportedInterfaceOrientations", "setNeedsUpdateOfPrefersInterfaceOrientationLocked",
  ]

  mutating func action(_ json: JSONValue, _ path: String, inHook: Bool) throws(ScenarioError) -> Action {
    let expectation = tr(
      "an event: one of %s, or an object with one of %s",
      Self.bareEvents.map { "\"\($0)\"" }.joined(separator: ", "),
      Self.eventVerbs.map { "\"\($0)\"" }.joined(separator: ", "))
    let action: Action
    switch json {
    case .string(let word):
      switch word {
      case "launch": action = .launch
      case "pop": action = .pop
      case "dismiss": action = .dismiss
      case "attemptRotationToDeviceOrientation": action = .attemptRotationToDeviceOrientation
      case "setNeedsUpdateOfSupportedInterfaceOrientations":
        action = .setNeedsUpdateOfSupportedInterfaceOrientations(nil)
      case "setNeedsUpdateOfPrefersInterfaceOrientationLocked":
        action = .setNeedsUpdateOfPrefersInterfaceOrientationLocked(nil)
      default:
        throw ScenarioError(
          path: path,
          message: tr(
            "expected %s, found \"%s\"%s", expectation, word,
            suggestion(word, Self.bareEvents + Self.eventVerbs)))
      }
    case .object(let members) where members.contains(where: { $0.key == "code" }) && inHook:
      // The app's own code as a hook's or method's action (docs/scenario-format.md#code).
      guard let body = try codeBody(json, path) else { preconditionFailure("an object with code") }
      action = .code(body)
    case .object(let members) where members.contains(where: { $0.key == "plugin" }):
      // A plugin call's "call" is its function, not an app method (docs/rules.md#plugins).
      action = try pluginCall(json, path)
    case .object(let members):
      // "set" is also a push's or present's member (the new instance's properties).
      let verbs = members.filter { Self.eventVerbs.contains($0.key) }.map(\.key)
      guard let verb = verbs.first(where: { $0 != "set" }) ?? verbs.first else {
        let first = members.first?.key ?? ""
        throw ScenarioError(
          path: path,
          message: tr(
            "expected %s, found an object without one%s", expectation, suggestion(first, Self.eventVerbs)))
      }
      // A tree event may name its window; the rest of the object is the event's own.
      var own = members
      var window: String?
      if Self.treeVerbs.contains(verb), let index = members.firstIndex(where: { $0.key == "window" }) {
        window = try windowName(members[index].value, path + ".window")
        own.remove(at: index)
      }
      let inner = try objectAction(verb: verb, .object(own), own, path + "." + verb, objectPath: path)
      action = window.map { .inWindow($0, inner) } ?? inner
    default:
      throw ScenarioError(path: path, message: tr("expected %s, found %s", expectation, json.kindName))
    }
    if inHook {
      switch action {
      case .launch, .rotateDevice, .setOrientationLock:
        throw ScenarioError(
          path: path,
          message: tr(
            "\"%s\" is something a person does to the device; app code cannot do it. Expected an action app code can take (push, present, setFlag, setDeviceOrientation, call …)",
            action.label))
      default: break
      }
    }
    return action
  }

  mutating func objectAction(
    verb: String, _ json: JSONValue, _ members: [(key: String, value: JSONValue)], _ path: String,
    objectPath: String
  ) throws(ScenarioError) -> Action {
    let value = json[verb]!
    func only(_ keys: [String]) throws(ScenarioError) { try allow(members, objectPath, [verb] + keys) }
    switch verb {
    case "rotateDevice":
      try only([])
      return .rotateDevice(try deviceOrientation(value, path))
    case "setOrientationLock":
      try only([])
      return .setOrientationLock(try bool(value, path))
    case "push":
      let node = try node(className: value, members: members, objectPath, classKey: "push")
      return .push(node)
    case "present":
      let node = try node(
        className: value, members: members, objectPath, classKey: "present", extra: ["style"])
      let style = try json["style"].map { v throws(ScenarioError) in
        try enumValue(v, objectPath + ".style", PresentationStyle.self)
      }
      return .present(node, style: style)
    case "selectTab":
      try only([])
      return .selectTab(try integer(value, path))
    case "pop", "dismiss":
      // The object form exists to name a window: {"pop": true, "window": "player"}.
      try only([])
      guard case .bool(true) = value else {
        throw ScenarioError(
          path: path, message: tr("expected true (as in {\"%s\": true, \"window\": \"player\"})", verb))
      }
      return verb == "pop" ? .pop : .dismiss
    case "showWindow", "hideWindow", "makeKeyAndVisible":
      try only([])
      let name = try windowName(value, path)
      switch verb {
      case "showWindow": return .showWindow(name)
      case "hideWindow": return .hideWindow(name)
      default: return .makeKeyAndVisible(name)
      }
    case "setFlag":
      try only(["to"])
      let name = try identifier(value, path)
      guard flagNames.contains(name) else {
        throw ScenarioError(
          path: path,
          message: tr(
            "the flag \"%s\" is not declared in app.flags%s", name, suggestion(name, Array(flagNames))))
      }
      guard let to = json["to"] else {
        throw ScenarioError(path: objectPath + ".to", message: tr("missing; expected true or false"))
      }
      return .setFlag(name, try bool(to, objectPath + ".to"))
    case "setDeviceOrientation":
      try only([])
      if case .string("preferredInterfaceOrientationForPresentation") = value {
        return .setDeviceOrientation(.selfPreferred)
      }
      if case .string("saved") = value { return .setDeviceOrientation(.saved) }
      return .setDeviceOrientation(.orientation(try deviceOrientation(value, path)))
    case "call":
      try only(["on", "args"])
      let name = try methodName(value, path)
      let args =
        try json["args"].map { v throws(ScenarioError) in
          try array(v, objectPath + ".args", expected: tr("an array of arguments"))
        } ?? []
      var on: String?
      if let onValue = json["on"] {
        let receiver = try identifier(onValue, objectPath + ".on")
        if receiver == delegateClass {
          guard appMethodNames.contains(name) else {
            throw ScenarioError(
              path: path,
              message: tr("the app delegate %s has no method \"%s\" in app.methods", receiver, name))
          }
        } else {
          guard classKinds[receiver] != nil else {
            throw ScenarioError(
              path: objectPath + ".on",
              message: tr(
                "the class \"%s\" is not declared%s", receiver, suggestion(receiver, Array(classKinds.keys))))
          }
          guard methodOwners[name]?.contains(receiver) == true else {
            throw ScenarioError(
              path: path, message: tr("the class %s has no method \"%s\" in its methods", receiver, name))
          }
        }
        on = receiver
      } else if methodOwners[name] == nil && !appMethodNames.contains(name) {
        let all = Array(methodOwners.keys) + Array(appMethodNames)
        throw ScenarioError(
          path: path,
          message: tr(
            "neither a class nor the app delegate has a method \"%s\"%s", name, suggestion(name, all)))
      }
      return .call(name, on: on, args: args)
    case "log":
      try only([])
      return .log(try string(value, path))
    case "setNeedsUpdateOfSupportedInterfaceOrientations",
      "setNeedsUpdateOfPrefersInterfaceOrientationLocked":
      try only([])
      let name = try identifier(value, path)
      guard classKinds[name] != nil else {
        throw ScenarioError(
          path: path,
          message: tr(
            "the class \"%s\" is not declared in classes%s", name, suggestion(name, Array(classKinds.keys))))
      }
      return verb == "setNeedsUpdateOfSupportedInterfaceOrientations"
        ? .setNeedsUpdateOfSupportedInterfaceOrientations(name)
        : .setNeedsUpdateOfPrefersInterfaceOrientationLocked(name)
    case "requestGeometryUpdate":
      try only(["preferences"])
      let preferences =
        try json["preferences"].map { v throws(ScenarioError) in
          try enumValue(v, objectPath + ".preferences", GeometryPreferences.self)
        } ?? .iOS
      // An empty list is a request with no orientations, which UIKit ignores.
      if case .array(let items) = value, items.isEmpty {
        return .requestGeometryUpdate([], preferences: preferences)
      }
      return .requestGeometryUpdate(try mask(value, path), preferences: preferences)
    case "set":
      try only(["to"])
      let name = try identifier(value, path)
      let type = try stateType(of: name, path)
      guard let to = json["to"] else {
        throw ScenarioError(path: objectPath + ".to", message: tr("missing; expected the new value"))
      }
      return .setState(name, try stateValue(to, objectPath + ".to", type: type))
    case "setDelegate":
      try only([])
      let kinds: [ControllerKind] = [.navigation, .tabBar, .splitView]
      let word = try identifier(value, path)
      guard let kind = kinds.first(where: { $0.delegatePrefix == word }) else {
        throw ScenarioError(
          path: path,
          message: tr(
            "expected one of %s, found \"%s\"",
            kinds.map { "\"\($0.delegatePrefix)\"" }.joined(separator: ", "), word))
      }
      return .setDelegate(kind)
    case "toggle":
      try only([])
      let name = try identifier(value, path)
      guard try stateType(of: name, path) == .bool else {
        throw ScenarioError(path: path, message: tr("\"%s\" is not a Bool; only a Bool can be toggled", name))
      }
      return .toggle(name)
    case "if":
      try only(["then", "else"])
      let test = try condition(value, path)
      guard let then = json["then"] else {
        throw ScenarioError(path: objectPath + ".then", message: tr("missing; expected an array of actions"))
      }
      let otherwise = try json["else"].map { v throws(ScenarioError) in
        try actionList(v, objectPath + ".else")
      }
      return .when(test, then: try actionList(then, objectPath + ".then"), else: otherwise ?? [])
    default:
      preconditionFailure("unhandled verb \(verb)")
    }
  }
}
