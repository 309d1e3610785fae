import FoundationEssentials
import Glibc

/// Builds a `Scenario` from `rotation-lab.scenario/1` JSON.
///
/// Every error names the JSON path and what was expected there. Unknown members are errors (a
/// misspelt override would otherwise silently fall back to UIKit's default, the very bug this
/// tool exists to find), except members whose name starts with `_`, which are kept for comments
/// and tools.
public struct ScenarioDecoder {
  /// Files larger than this are refused before they are read.
  public static let maxFileBytes = 8 * 1024 * 1024
  /// Controllers a scenario may declare in its window tree and any pushed or presented subtree.
  public static let maxControllers = 200_000

  private var flagNames: Set<String> = []
  private var classKinds: [String: ControllerKind] = [:]
  private var methodOwners: [String: Set<String>] = [:]
  private var appMethodNames: Set<String> = []
  private var delegateClass = "AppDelegate"
  private var nodeCount = 0

  public init() {}

  // MARK: - Entry points

  /// Reads and decodes the file at `path`. The error names `displayName` (default: `path`).
  public static func load(path: String, displayName: String? = nil) throws(ScenarioError) -> Scenario {
    let name = displayName ?? path
    let bytes = try readFile(path: path, displayName: name)
    do {
      return try decode(bytes: bytes)
    } catch {
      throw error.inFile(name)
    }
  }

  /// Reads a file's bytes, refusing directories, unreadable files and files over `maxFileBytes`
  /// by their size, without reading them.
  public static func readFile(path: String, displayName: String) throws(ScenarioError) -> [UInt8] {
    let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      switch errno {
      case ENOENT, ENOTDIR: throw ScenarioError(file: displayName, message: "no such file")
      case EACCES, EPERM:
        throw ScenarioError(file: displayName, message: "cannot be read (permission denied?)")
      case let code:
        throw ScenarioError(file: displayName, message: "cannot be read (\(String(cString: strerror(code))))")
      }
    }
    defer { close(descriptor) }
    // The size and kind of the file that was opened, not of whatever the path names by now.
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw ScenarioError(file: displayName, message: "cannot be read (\(String(cString: strerror(errno))))")
    }
    if status.st_mode & S_IFMT == S_IFDIR {
      throw ScenarioError(file: displayName, message: "is a directory, not a scenario file")
    }
    if status.st_mode & S_IFMT == S_IFREG, status.st_size > maxFileBytes {
      throw ScenarioError(
        file: displayName,
        message: "the file is \(status.st_size) bytes; scenario files are limited to \(maxFileBytes) bytes")
    }
    // Read at most one byte past the limit: a file that grew after the size check is still refused.
    let limit = maxFileBytes + 1
    let expected = status.st_mode & S_IFMT == S_IFREG ? Int(status.st_size) + 1 : 64 * 1024
    var bytes = [UInt8](repeating: 0, count: min(limit, expected))
    var count = 0
    while count < limit {
      if count == bytes.count { bytes += [UInt8](repeating: 0, count: min(limit, 2 * count) - count) }
      let read = bytes.withUnsafeMutableBytes { buffer in
        Glibc.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
      }
      if read < 0, errno == EINTR { continue }
      guard read >= 0 else {
        throw ScenarioError(
          file: displayName, message: "cannot be read (\(String(cString: strerror(errno))))")
      }
      if read == 0 { break }
      count += read
    }
    if count > maxFileBytes {
      throw ScenarioError(file: displayName, message: "the file is larger than \(maxFileBytes) bytes")
    }
    bytes.removeSubrange(count...)
    return bytes
  }

  /// Decodes scenario JSON text.
  public static func decode(bytes: [UInt8]) throws(ScenarioError) -> Scenario {
    let json: JSONValue
    do {
      json = try JSONParser.parse(bytes)
    } catch {
      throw ScenarioError(line: error.line, column: error.column, message: "invalid JSON: " + error.message)
    }
    var decoder = ScenarioDecoder()
    return try decoder.scenario(json)
  }

  public static func decode(text: String) throws(ScenarioError) -> Scenario {
    try decode(bytes: Array(text.utf8))
  }

  // MARK: - The document

  mutating func scenario(_ json: JSONValue) throws(ScenarioError) -> Scenario {
    let root = try object(json, "", expected: "a scenario object")
    try allow(
      root, "", ["format", "title", "system", "device", "app", "classes", "window", "steps"])
    guard let formatValue = json["format"] else {
      throw ScenarioError(path: "format", message: "missing; expected \"\(scenarioFormat)\"")
    }
    let format = try string(formatValue, "format")
    guard format == scenarioFormat else {
      throw ScenarioError(path: "format", message: "expected \"\(scenarioFormat)\", found \"\(format)\"")
    }
    let title =
      try json["title"].map { v throws(ScenarioError) in try string(v, "title") } ?? "Untitled scenario"
    let system = try systemConfig(json["system"])
    let device = try deviceConfig(json["device"])

    // Declarations first, so that references anywhere can be checked.
    let appJSON = json["app"] ?? .object([])
    let appMembers = try object(appJSON, "app", expected: "an object")
    try allow(
      appMembers, "app",
      [
        "delegateClass", "infoPlist", "supportedInterfaceOrientationsForWindow", "flags", "methods",
        "requiresFullScreen",
      ])
    if let value = appJSON["delegateClass"] { delegateClass = try identifier(value, "app.delegateClass") }
    let flags = try flagList(appJSON["flags"])
    flagNames = Set(flags.map(\.name))
    if let methods = appJSON["methods"] {
      for (name, _) in try object(methods, "app.methods", expected: "an object of method names") {
        appMethodNames.insert(name)
      }
    }
    guard let classesJSON = json["classes"] else {
      throw ScenarioError(path: "classes", message: "missing; expected an object of class names")
    }
    let classMembers = try object(classesJSON, "classes", expected: "an object of class names")
    for (name, value) in classMembers where !name.hasPrefix("_") {
      let path = "classes." + name
      _ = try identifier(.string(name), path)
      _ = try object(value, path, expected: "an object describing the class")
      guard let kindValue = value["kind"] else {
        throw ScenarioError(
          path: path + ".kind", message: "missing; expected \"view\", \"navigation\" or \"tabBar\"")
      }
      classKinds[name] = try enumValue(kindValue, path + ".kind", ControllerKind.self)
      if let methods = value["methods"] {
        for (method, _) in try object(methods, path + ".methods", expected: "an object of method names") {
          methodOwners[method, default: []].insert(name)
        }
      }
    }
    if classKinds[delegateClass] != nil {
      throw ScenarioError(
        path: "app.delegateClass",
        message: "\"\(delegateClass)\" is also a view controller class; expected another name")
    }

    let app = AppConfig(
      delegateClass: delegateClass,
      infoPlist: try appJSON["infoPlist"].map { v throws(ScenarioError) in
        try orientationList(v, "app.infoPlist")
      },
      supportedInterfaceOrientationsForWindow: try appJSON["supportedInterfaceOrientationsForWindow"].map {
        v throws(ScenarioError) in try maskValue(v, "app.supportedInterfaceOrientationsForWindow")
      },
      flags: flags,
      methods: try methodList(appJSON["methods"], "app.methods"),
      requiresFullScreen: try appJSON["requiresFullScreen"].map { v throws(ScenarioError) in
        try bool(v, "app.requiresFullScreen")
      } ?? false)

    var classes: [ClassSpec] = []
    for (name, value) in classMembers where !name.hasPrefix("_") {
      classes.append(try classSpec(name: name, value))
    }

    guard let windowJSON = json["window"] else {
      throw ScenarioError(path: "window", message: "missing; expected an object with a \"root\" controller")
    }
    let windowMembers = try object(windowJSON, "window", expected: "an object with a \"root\" controller")
    try allow(windowMembers, "window", ["root"])
    guard let rootJSON = windowJSON["root"] else {
      throw ScenarioError(
        path: "window.root", message: "missing; expected a controller such as {\"class\": \"NavVC\"}")
    }
    let window = try node(rootJSON, "window.root")

    var steps: [Action] = [.launch]
    if let stepsJSON = json["steps"] {
      let items = try array(stepsJSON, "steps", expected: "an array of events")
      steps = []
      for (index, item) in items.enumerated() {
        let path = "steps[\(index)]"
        let action = try self.action(item, path, inHook: false)
        if action == .launch && index != 0 {
          throw ScenarioError(path: path, message: "\"launch\" may only be the first step")
        }
        if index == 0 && action != .launch {
          throw ScenarioError(
            path: path, message: "expected \"launch\" as the first step, found \(item.kindName)")
        }
        steps.append(action)
      }
    }
    return Scenario(
      title: title, system: system, device: device, app: app, classes: classes, window: window, steps: steps)
  }

  // MARK: - Sections

  private func systemConfig(_ json: JSONValue?) throws(ScenarioError) -> SystemConfig {
    let json = json ?? .object([])
    let members = try object(json, "system", expected: "an object")
    try allow(members, "system", ["version", "idiom", "homeButton", "multitasking"])
    var version = SystemVersion("13.0")!
    if let value = json["version"] {
      let text: String
      switch value {
      case .string(let s): text = s
      case .number(let n): text = JSONValue.format(number: n)
      default:
        throw ScenarioError(
          path: "system.version", message: "expected a version such as \"13.0\", found \(value.kindName)")
      }
      guard let parsed = SystemVersion(text) else {
        throw ScenarioError(
          path: "system.version", message: "expected a version such as \"13.0\", found \"\(text)\"")
      }
      guard parsed.major >= 6 else {
        throw ScenarioError(
          path: "system.version",
          message: "expected iOS 6 or later (shouldAutorotate and masks arrived in iOS 6), found \"\(text)\"")
      }
      version = parsed
    }
    let idiom =
      try json["idiom"].map { v throws(ScenarioError) in try enumValue(v, "system.idiom", Idiom.self) }
      ?? .phone
    let homeButton =
      try json["homeButton"].map { v throws(ScenarioError) in try bool(v, "system.homeButton") } ?? true
    return SystemConfig(version: version, idiom: idiom, homeButton: homeButton)
  }

  private func deviceConfig(_ json: JSONValue?) throws(ScenarioError) -> DeviceConfig {
    let json = json ?? .object([])
    let members = try object(json, "device", expected: "an object")
    try allow(members, "device", ["orientation", "orientationLock"])
    let orientation =
      try json["orientation"].map { v throws(ScenarioError) in try deviceOrientation(v, "device.orientation")
      } ?? .portrait
    let lock =
      try json["orientationLock"].map { v throws(ScenarioError) in try bool(v, "device.orientationLock") }
      ?? false
    return DeviceConfig(orientation: orientation, orientationLock: lock)
  }

  private func flagList(_ json: JSONValue?) throws(ScenarioError) -> [Flag] {
    guard let json else { return [] }
    var flags: [Flag] = []
    for (name, value) in try object(json, "app.flags", expected: "an object of flag names and booleans") {
      _ = try identifier(.string(name), "app.flags")
      flags.append(Flag(name: name, value: try bool(value, "app.flags." + name)))
    }
    return flags
  }

  private mutating func methodList(_ json: JSONValue?, _ path: String) throws(ScenarioError) -> [Method] {
    guard let json else { return [] }
    var methods: [Method] = []
    for (name, value) in try object(json, path, expected: "an object of method names") {
      _ = try identifier(.string(name), path)
      methods.append(Method(name: name, actions: try actionList(value, path + "." + name)))
    }
    return methods
  }

  private mutating func classSpec(name: String, _ json: JSONValue) throws(ScenarioError) -> ClassSpec {
    let path = "classes." + name
    let members = try object(json, path, expected: "an object describing the class")
    let kind = classKinds[name]!
    var known = [
      "kind", "shouldAutorotate", "supportedInterfaceOrientations",
      "preferredInterfaceOrientationForPresentation", "methods",
    ]
    known += LifecycleSelector.allCases.map(\.rawValue)
    if kind != .view { known.append("delegate") }
    try allow(members, path, known)

    var spec = ClassSpec(name: name, kind: kind)
    if let value = json["shouldAutorotate"] {
      spec.shouldAutorotate = try override(value, path + ".shouldAutorotate", kind: kind) {
        v, p throws(ScenarioError) in
        try bool(v, p)
      }
    }
    if let value = json["supportedInterfaceOrientations"] {
      spec.supportedInterfaceOrientations = try override(
        value, path + ".supportedInterfaceOrientations", kind: kind
      ) {
        v, p throws(ScenarioError) in try mask(v, p)
      }
    }
    if let value = json["preferredInterfaceOrientationForPresentation"] {
      spec.preferredInterfaceOrientationForPresentation = try override(
        value, path + ".preferredInterfaceOrientationForPresentation", kind: kind
      ) { v, p throws(ScenarioError) in try interfaceOrientation(v, p) }
    }
    for (key, value) in members {
      if let selector = LifecycleSelector(rawValue: key) {
        spec.hooks.append((selector, try actionList(value, path + "." + key)))
      }
    }
    spec.methods = try methodList(json["methods"], path + ".methods")
    if let value = json["delegate"] {
      spec.delegate = try containerDelegate(value, path + ".delegate", kind: kind)
    }
    return spec
  }

  private func containerDelegate(_ json: JSONValue, _ path: String, kind: ControllerKind)
    throws(ScenarioError)
    -> ContainerDelegate
  {
    let members = try object(json, path, expected: "an object with \"class\" and the delegate's answers")
    try allow(
      members, path,
      ["class", "supportedInterfaceOrientations", "preferredInterfaceOrientationForPresentation"])
    guard let classValue = json["class"] else {
      throw ScenarioError(path: path + ".class", message: "missing; expected the delegate's class name")
    }
    var delegate = ContainerDelegate(className: try identifier(classValue, path + ".class"))
    if let value = json["supportedInterfaceOrientations"] {
      delegate.supportedInterfaceOrientations = try maskValue(value, path + ".supportedInterfaceOrientations")
    }
    if let value = json["preferredInterfaceOrientationForPresentation"] {
      delegate.preferredInterfaceOrientationForPresentation = try conditional(
        value, path + ".preferredInterfaceOrientationForPresentation"
      ) { v, p throws(ScenarioError) in try interfaceOrientation(v, p) }
    }
    return delegate
  }

  // MARK: - Values

  private func override<T>(
    _ json: JSONValue, _ path: String, kind: ControllerKind,
    literal: (JSONValue, String) throws(ScenarioError) -> T
  ) throws(ScenarioError) -> Override<T> {
    if let forward = json["forwardTo"] {
      let members = try object(json, path, expected: "an object")
      try allow(members, path, ["forwardTo"])
      let target = try enumValue(forward, path + ".forwardTo", ForwardTarget.self)
      let fits: Bool
      switch (kind, target) {
      case (.navigation, .top), (.navigation, .visible), (.tabBar, .selected): fits = true
      default: fits = false
      }
      guard fits else {
        let allowed: String
        switch kind {
        case .navigation: allowed = "\"top\" or \"visible\" for a navigation controller"
        case .tabBar: allowed = "\"selected\" for a tab bar controller"
        case .view: allowed = "nothing: a plain view controller has no child to forward to"
        }
        throw ScenarioError(
          path: path + ".forwardTo", message: "expected \(allowed), found \"\(target.rawValue)\"")
      }
      return .forward(target)
    }
    return .value(try conditional(json, path, literal: literal))
  }

  private func conditional<T>(
    _ json: JSONValue, _ path: String, literal: (JSONValue, String) throws(ScenarioError) -> T
  ) throws(ScenarioError) -> Value<T> {
    guard case .object(let members) = json, json["if"] != nil else {
      return .literal(try literal(json, path))
    }
    try allow(members, path, ["if", "then", "else"])
    let flag = try identifier(json["if"]!, path + ".if")
    guard flagNames.contains(flag) else {
      throw ScenarioError(
        path: path + ".if",
        message: "the flag \"\(flag)\" is not declared in app.flags\(suggestion(flag, Array(flagNames)))")
    }
    guard let then = json["then"] else { throw ScenarioError(path: path + ".then", message: "missing") }
    guard let otherwise = json["else"] else { throw ScenarioError(path: path + ".else", message: "missing") }
    return .conditional(
      flag: flag, then: try conditional(then, path + ".then", literal: literal),
      else: try conditional(otherwise, path + ".else", literal: literal))
  }

  private func maskValue(_ json: JSONValue, _ path: String) throws(ScenarioError) -> Value<OrientationMask> {
    try conditional(json, path) { v, p throws(ScenarioError) in try mask(v, p) }
  }

  static let maskExpectation =
    "a mask: one of \"portrait\", \"portraitUpsideDown\", \"landscapeLeft\", \"landscapeRight\", \"landscape\", "
    + "\"allButUpsideDown\", \"all\", or a list of interface orientations"

  private func mask(_ json: JSONValue, _ path: String) throws(ScenarioError) -> OrientationMask {
    switch json {
    case .string(let name):
      do {
        return try OrientationMask(name: name)
      } catch {
        throw ScenarioError(
          path: path,
          message:
            "expected \(Self.maskExpectation), found \"\(name)\"\(suggestion(name, OrientationMask.named.map(\.name)))"
        )
      }
    case .array:
      let list = try orientationList(json, path)
      return OrientationMask(list)
    default:
      throw ScenarioError(path: path, message: "expected \(Self.maskExpectation), found \(json.kindName)")
    }
  }

  private func orientationList(_ json: JSONValue, _ path: String) throws(ScenarioError)
    -> [InterfaceOrientation]
  {
    let items = try array(json, path, expected: "a list of interface orientations")
    guard !items.isEmpty else {
      throw ScenarioError(
        path: path, message: "expected at least one interface orientation; an empty mask is invalid")
    }
    var list: [InterfaceOrientation] = []
    for (index, item) in items.enumerated() {
      let orientation = try interfaceOrientation(item, "\(path)[\(index)]")
      if list.contains(orientation) {
        throw ScenarioError(path: "\(path)[\(index)]", message: "\"\(orientation.name)\" is listed twice")
      }
      list.append(orientation)
    }
    return list
  }

  private func interfaceOrientation(_ json: JSONValue, _ path: String) throws(ScenarioError)
    -> InterfaceOrientation
  {
    let names = InterfaceOrientation.concrete.map(\.name)
    let expectation = "an interface orientation: " + names.map { "\"\($0)\"" }.joined(separator: ", ")
    guard case .string(let name) = json else {
      throw ScenarioError(path: path, message: "expected \(expectation), found \(json.kindName)")
    }
    guard let orientation = InterfaceOrientation(name: name), orientation != .unknown else {
      var hint = suggestion(name, names)
      if DeviceOrientation(name: name) != nil, hint.isEmpty {
        hint = " (\"\(name)\" is a device orientation; the interface has no such orientation)"
      }
      throw ScenarioError(path: path, message: "expected \(expectation), found \"\(name)\"\(hint)")
    }
    return orientation
  }

  private func deviceOrientation(_ json: JSONValue, _ path: String) throws(ScenarioError) -> DeviceOrientation
  {
    let names = DeviceOrientation.allCases.map(\.name)
    let expectation = "a device orientation: " + names.map { "\"\($0)\"" }.joined(separator: ", ")
    guard case .string(let name) = json else {
      throw ScenarioError(path: path, message: "expected \(expectation), found \(json.kindName)")
    }
    guard let orientation = DeviceOrientation(name: name) else {
      throw ScenarioError(
        path: path, message: "expected \(expectation), found \"\(name)\"\(suggestion(name, names))")
    }
    return orientation
  }

  // MARK: - Controllers

  private mutating func node(_ json: JSONValue, _ path: String) throws(ScenarioError) -> Node {
    let members = try object(json, path, expected: "a controller such as {\"class\": \"NavVC\"}")
    guard let classValue = json["class"] else {
      throw ScenarioError(
        path: path + ".class", message: "missing; expected a class name declared in classes")
    }
    return try node(className: classValue, members: members, path, classKey: "class")
  }

  /// A node from an object whose class is `classValue` (under `classKey`) and whose `stack`,
  /// `tabs` and `selected` members describe the children.
  private mutating func node(
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

  // MARK: - Actions

  private mutating func actionList(_ json: JSONValue, _ path: String) throws(ScenarioError) -> [Action] {
    var actions: [Action] = []
    for (index, item) in try array(json, path, expected: "an array of actions").enumerated() {
      actions.append(try action(item, "\(path)[\(index)]", inHook: true))
    }
    return actions
  }

  static let eventVerbs = [
    "rotateDevice", "setOrientationLock", "push", "present", "selectTab", "setFlag", "setDeviceOrientation",
    "call", "log", "setNeedsUpdateOfSupportedInterfaceOrientations", "requestGeometryUpdate",
  ]
  static let bareEvents = [
    "launch", "pop", "dismiss", "attemptRotationToDeviceOrientation",
    "setNeedsUpdateOfSupportedInterfaceOrientations",
  ]

  mutating func action(_ json: JSONValue, _ path: String, inHook: Bool) throws(ScenarioError) -> Action {
    let expectation =
      "an event: one of " + Self.bareEvents.map { "\"\($0)\"" }.joined(separator: ", ")
      + ", or an object with one of " + Self.eventVerbs.map { "\"\($0)\"" }.joined(separator: ", ")
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
      default:
        throw ScenarioError(
          path: path,
          message:
            "expected \(expectation), found \"\(word)\"\(suggestion(word, Self.bareEvents + Self.eventVerbs))"
        )
      }
    case .object(let members):
      guard let verb = members.first(where: { Self.eventVerbs.contains($0.key) })?.key else {
        let first = members.first?.key ?? ""
        throw ScenarioError(
          path: path,
          message: "expected \(expectation), found an object without one\(suggestion(first, Self.eventVerbs))"
        )
      }
      action = try objectAction(verb: verb, json, members, path + "." + verb, objectPath: path)
    default:
      throw ScenarioError(path: path, message: "expected \(expectation), found \(json.kindName)")
    }
    if inHook {
      switch action {
      case .launch, .rotateDevice, .setOrientationLock:
        throw ScenarioError(
          path: path,
          message: "\"\(action.label)\" is something a person does to the device; app code cannot do it. "
            + "Expected an action app code can take (push, present, setFlag, setDeviceOrientation, call …)")
      default: break
      }
    }
    return action
  }

  private mutating func objectAction(
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
    case "setFlag":
      try only(["to"])
      let name = try identifier(value, path)
      guard flagNames.contains(name) else {
        throw ScenarioError(
          path: path,
          message: "the flag \"\(name)\" is not declared in app.flags\(suggestion(name, Array(flagNames)))")
      }
      guard let to = json["to"] else {
        throw ScenarioError(path: objectPath + ".to", message: "missing; expected true or false")
      }
      return .setFlag(name, try bool(to, objectPath + ".to"))
    case "setDeviceOrientation":
      try only([])
      if case .string("preferredInterfaceOrientationForPresentation") = value {
        return .setDeviceOrientation(.selfPreferred)
      }
      return .setDeviceOrientation(.orientation(try deviceOrientation(value, path)))
    case "call":
      try only(["on"])
      let name = try identifier(value, path)
      var on: String?
      if let onValue = json["on"] {
        let receiver = try identifier(onValue, objectPath + ".on")
        if receiver == delegateClass {
          guard appMethodNames.contains(name) else {
            throw ScenarioError(
              path: path, message: "the app delegate \(receiver) has no method \"\(name)\" in app.methods")
          }
        } else {
          guard classKinds[receiver] != nil else {
            throw ScenarioError(
              path: objectPath + ".on",
              message:
                "the class \"\(receiver)\" is not declared\(suggestion(receiver, Array(classKinds.keys)))")
          }
          guard methodOwners[name]?.contains(receiver) == true else {
            throw ScenarioError(
              path: path, message: "the class \(receiver) has no method \"\(name)\" in its methods")
          }
        }
        on = receiver
      } else if methodOwners[name] == nil && !appMethodNames.contains(name) {
        let all = Array(methodOwners.keys) + Array(appMethodNames)
        throw ScenarioError(
          path: path,
          message: "no class and not the app delegate has a method \"\(name)\"\(suggestion(name, all))")
      }
      return .call(name, on: on)
    case "log":
      try only([])
      return .log(try string(value, path))
    case "setNeedsUpdateOfSupportedInterfaceOrientations":
      try only([])
      let name = try identifier(value, path)
      guard classKinds[name] != nil else {
        throw ScenarioError(
          path: path,
          message:
            "the class \"\(name)\" is not declared in classes\(suggestion(name, Array(classKinds.keys)))")
      }
      return .setNeedsUpdateOfSupportedInterfaceOrientations(name)
    case "requestGeometryUpdate":
      try only([])
      return .requestGeometryUpdate(try mask(value, path))
    default:
      preconditionFailure("unhandled verb \(verb)")
    }
  }

  // MARK: - Primitive readers

  private func object(_ json: JSONValue, _ path: String, expected: String) throws(ScenarioError)
    -> [(key: String, value: JSONValue)]
  {
    guard case .object(let members) = json else {
      throw ScenarioError(
        path: path.isEmpty ? nil : path, message: "expected \(expected), found \(json.kindName)")
    }
    return members
  }

  private func array(_ json: JSONValue, _ path: String, expected: String) throws(ScenarioError) -> [JSONValue]
  {
    guard case .array(let items) = json else {
      throw ScenarioError(path: path, message: "expected \(expected), found \(json.kindName)")
    }
    return items
  }

  private func string(_ json: JSONValue, _ path: String) throws(ScenarioError) -> String {
    guard case .string(let text) = json else {
      throw ScenarioError(path: path, message: "expected a string, found \(json.kindName)")
    }
    return text
  }

  private func bool(_ json: JSONValue, _ path: String) throws(ScenarioError) -> Bool {
    guard case .bool(let value) = json else {
      throw ScenarioError(path: path, message: "expected true or false, found \(json.kindName)")
    }
    return value
  }

  private func integer(_ json: JSONValue, _ path: String) throws(ScenarioError) -> Int {
    guard case .number(let value) = json, value == value.rounded(), abs(value) < 1e9 else {
      throw ScenarioError(path: path, message: "expected a whole number, found \(json.kindName)")
    }
    return Int(value)
  }

  private func identifier(_ json: JSONValue, _ path: String) throws(ScenarioError) -> String {
    let text = try string(json, path)
    let valid =
      !text.isEmpty && text.count <= 200
      && text.unicodeScalars.allSatisfy {
        $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_"
      }
      && !("0"..."9").contains(text.unicodeScalars.first!)
    guard valid else {
      throw ScenarioError(
        path: path,
        message:
          "expected an identifier (letters, digits and _, like an Objective-C name), found \"\(text.prefix(60))\""
      )
    }
    return text
  }

  private func enumValue<E: RawRepresentable & CaseIterable>(
    _ json: JSONValue, _ path: String, _ type: E.Type
  )
    throws(ScenarioError) -> E where E.RawValue == String
  {
    let names = E.allCases.map(\.rawValue)
    let expectation = names.map { "\"\($0)\"" }.joined(separator: ", ")
    guard case .string(let text) = json else {
      throw ScenarioError(path: path, message: "expected one of \(expectation), found \(json.kindName)")
    }
    guard let value = E(rawValue: text) else {
      throw ScenarioError(
        path: path, message: "expected one of \(expectation), found \"\(text)\"\(suggestion(text, names))")
    }
    return value
  }

  private func allow(_ members: [(key: String, value: JSONValue)], _ path: String, _ keys: [String])
    throws(ScenarioError)
  {
    for (key, _) in members where !keys.contains(key) && !key.hasPrefix("_") {
      throw ScenarioError(
        path: path.isEmpty ? nil : path, message: "unknown member \"\(key)\"\(suggestion(key, keys))")
    }
  }
}

// MARK: - Suggestions

/// ` (did you mean "X"?)` for the closest candidate within a small edit distance, else "".
func suggestion(_ word: String, _ candidates: [String]) -> String {
  let lowered = word.lowercased()
  var best: (String, Int)?
  for candidate in candidates.sorted() {
    let distance = editDistance(lowered, candidate.lowercased())
    if distance <= max(2, word.count / 4), best == nil || distance < best!.1 { best = (candidate, distance) }
  }
  guard let best, best.0 != word else { return "" }
  return " (did you mean \"\(best.0)\"?)"
}

func editDistance(_ a: String, _ b: String) -> Int {
  let a = Array(a.unicodeScalars)
  let b = Array(b.unicodeScalars)
  if a.isEmpty { return b.count }
  if b.isEmpty { return a.count }
  var previous = Array(0...b.count)
  var current = [Int](repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    current[0] = i
    for j in 1...b.count {
      current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
    }
    swap(&previous, &current)
  }
  return previous[b.count]
}
