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

  var flagNames: Set<String> = []
  /// Whether `app.asDelegate` is given: then a container's node may name the app delegate.
  var appAnswersAsDelegate = false
  var classKinds: [String: ControllerKind] = [:]
  var methodOwners: [String: Set<String>] = [:]
  var appMethodNames: Set<String> = []
  /// The plugins `app.plugins` declares (docs/rules.md#plugins).
  var pluginNames: Set<String> = []
  var delegateClass = "AppDelegate"
  var windowNames: Set<String> = [mainWindowName]
  /// Whether `ifWindow` may appear: only in the app delegate's answer, which UIKit asks per window.
  var windowConditionsAllowed = false
  /// The app's state by name, and each class's properties (AppState.swift).
  var stateTypes: [String: StateType] = [:]
  var propertyTypes: [String: [String: StateType]] = [:]
  /// The names classes list in `isA`.
  var isANames: Set<String> = []
  /// The class whose code is being read (its properties are in scope), nil for the app delegate's.
  var currentClass: String?
  var nodeCount = 0

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

  /// Reads a file's bytes, refusing directories, unreadable files and files over `maxBytes` (for
  /// `kind` of file: "scenario files") by their size, without reading them.
  public static func readFile(
    path: String, displayName: String, maxBytes: Int = maxFileBytes, kind: String = tr("scenario files")
  ) throws(ScenarioError) -> [UInt8] {
    let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      switch errno {
      case ENOENT, ENOTDIR: throw ScenarioError(file: displayName, message: tr("no such file"))
      case EACCES, EPERM:
        throw ScenarioError(file: displayName, message: tr("cannot be read (permission denied?)"))
      case let code:
        throw ScenarioError(
          file: displayName, message: tr("cannot be read (%s)", String(cString: strerror(code))))
      }
    }
    defer { close(descriptor) }
    // The size and kind of the file that was opened, not of whatever the path names by now.
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw ScenarioError(
        file: displayName, message: tr("cannot be read (%s)", String(cString: strerror(errno))))
    }
    if status.st_mode & S_IFMT == S_IFDIR {
      throw ScenarioError(file: displayName, message: tr("is a directory, not one of the %s", kind))
    }
    if status.st_mode & S_IFMT == S_IFREG, status.st_size > maxBytes {
      throw ScenarioError(
        file: displayName,
        message: tr("the file is %s bytes; %s are limited to %s bytes", status.st_size, kind, maxBytes))
    }
    // Read at most one byte past the limit: a file that grew after the size check is still refused.
    let limit = maxBytes + 1
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
          file: displayName, message: tr("cannot be read (%s)", String(cString: strerror(errno))))
      }
      if read == 0 { break }
      count += read
    }
    if count > maxBytes {
      throw ScenarioError(file: displayName, message: tr("the file is larger than %s bytes", maxBytes))
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
      throw ScenarioError(
        line: error.line, column: error.column, message: tr("invalid JSON: %s", error.message))
    }
    var decoder = ScenarioDecoder()
    return try decoder.scenario(json)
  }

  public static func decode(text: String) throws(ScenarioError) -> Scenario {
    try decode(bytes: Array(text.utf8))
  }

  // MARK: - The document

  mutating func scenario(_ json: JSONValue) throws(ScenarioError) -> Scenario {
    let root = try object(json, "", expected: tr("a scenario object"))
    try allow(
      root, "",
      [
        "format", "title", "system", "device", "app", "classes", "window", "windows", "steps", "expect",
        "functions", "storyboards",
      ])
    guard let formatValue = json["format"] else {
      throw ScenarioError(path: "format", message: tr("missing; expected \"%s\"", scenarioFormat))
    }
    let format = try string(formatValue, "format")
    guard format == scenarioFormat else {
      throw ScenarioError(
        path: "format", message: tr("expected \"%s\", found \"%s\"", scenarioFormat, format))
    }
    let title =
      try json["title"].map { v throws(ScenarioError) in try string(v, "title") } ?? "Untitled scenario"
    let system = try systemConfig(json["system"])
    let device = try deviceConfig(json["device"])

    // Declarations first, so that references anywhere can be checked.
    try scanWindowNames(json["windows"])
    let appJSON = json["app"] ?? .object([])
    let appMembers = try object(appJSON, "app", expected: tr("an object"))
    try allow(
      appMembers, "app",
      [
        "delegateClass", "infoPlist", "supportedInterfaceOrientationsForWindow", "flags", "methods",
        "requiresFullScreen", "state", "observes", "asDelegate", "sceneLifecycle",
        "requiresFullScreenIgnoredStartingWithVersion", "unhooked", "framework", "plugins",
      ])
    if let value = appJSON["delegateClass"] { delegateClass = try identifier(value, "app.delegateClass") }
    let flags = try flagList(appJSON["flags"])
    flagNames = Set(flags.map(\.name))
    let (framework, plugins) = try frameworkAndPlugins(appJSON)
    // Flutter's own API is a plugin of the framework: its mask is every FlutterViewController's.
    let used = PluginCatalog.inUse(framework: framework, plugins: plugins)
    pluginNames = Set(used.map(\.plugin.name))
    // A plugin's mask is app state its calls set; the app delegate may return it ({"plugin": NAME}).
    let plist =
      try appJSON["infoPlist"].map { v throws(ScenarioError) in
        OrientationMask(try orientationList(v, "app.infoPlist"))
      } ?? .all
    let appState =
      try stateList(appJSON["state"], "app.state")
      + used.compactMap { inUse in
        inUse.plugin.maskState.map { name in
          StateVariable(
            name: name,
            value: .mask(
              plugins.first { $0.name == inUse.plugin.name }?.defaultMask
                ?? inUse.plugin.initial(inUse.version, infoPlist: plist)))
        }
      }
    for variable in appState {
      guard !flagNames.contains(variable.name) else {
        throw ScenarioError(
          path: "app.state." + variable.name,
          message: tr("\"%s\" is already a flag in app.flags", variable.name))
      }
      stateTypes[variable.name] = variable.value.type
    }
    if let methods = appJSON["methods"] {
      for (name, _) in try object(methods, "app.methods", expected: tr("an object of method names")) {
        appMethodNames.insert(name)
      }
    }
    guard let classesJSON = json["classes"] else {
      throw ScenarioError(path: "classes", message: tr("missing; expected an object of class names"))
    }
    let classMembers = try object(classesJSON, "classes", expected: tr("an object of class names"))
    for (name, value) in classMembers where !name.hasPrefix("_") {
      let path = "classes." + name
      _ = try identifier(.string(name), path)
      if let kind = ControllerKind.uikitClasses[name], value["category"] == nil {
        throw ScenarioError(
          path: path,
          message: tr(
            "\"%s\" is UIKit's own class: use it in the tree without declaring it (it behaves as UIKit's %s controller), declare a subclass under your own name, or give the \"category\" that overrides UIKit's class itself",
            name, kind.rawValue))
      }
      _ = try object(value, path, expected: tr("an object describing the class"))
      guard let kindValue = value["kind"] else {
        throw ScenarioError(
          path: path + ".kind",
          message: tr(
            "missing; expected one of %s",
            ControllerKind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")))
      }
      classKinds[name] = try enumValue(kindValue, path + ".kind", ControllerKind.self)
      if let uikit = ControllerKind.uikitClasses[name], classKinds[name] != uikit {
        throw ScenarioError(
          path: path + ".kind",
          message: tr("a category of UIKit's %s keeps its kind; expected \"%s\"", name, uikit.rawValue))
      }
      if let methods = value["methods"] {
        for (method, _) in try object(methods, path + ".methods", expected: tr("an object of method names")) {
          methodOwners[method, default: []].insert(name)
        }
      }
      // Properties and isA first, so that any class's code and any node can name them.
      for variable in try stateList(value["properties"], path + ".properties") {
        propertyTypes[name, default: [:]][variable.name] = variable.value.type
      }
      if let list = value["isA"] {
        for (index, item) in try array(
          list, path + ".isA", expected: tr("an array of class and protocol names")
        )
        .enumerated() {
          isANames.insert(try identifier(item, "\(path).isA[\(index)]"))
        }
      }
    }
    classKinds.merge(ControllerKind.uikitClasses) { declared, _ in declared }
    // The frameworks' controllers the app uses without declaring them (docs/rules.md#plugins).
    let engineClasses = used.compactMap { PluginCatalog.controllerClass(of: $0.plugin) }.filter {
      classKinds[$0.name] == nil
    }
    for spec in engineClasses { classKinds[spec.name] = .view }
    if classKinds[delegateClass] != nil {
      throw ScenarioError(
        path: "app.delegateClass",
        message: tr("\"%s\" is also a view controller class; expected another name", delegateClass))
    }

    windowConditionsAllowed = true
    let windowMask = try appJSON["supportedInterfaceOrientationsForWindow"].map { v throws(ScenarioError) in
      try maskValue(v, "app.supportedInterfaceOrientationsForWindow")
    }
    windowConditionsAllowed = false
    var app = AppConfig(
      delegateClass: delegateClass,
      infoPlist: try appJSON["infoPlist"].map { v throws(ScenarioError) in
        try orientationList(v, "app.infoPlist")
      },
      supportedInterfaceOrientationsForWindow: windowMask,
      flags: flags,
      methods: try methodList(appJSON["methods"], "app.methods"),
      requiresFullScreen: try appJSON["requiresFullScreen"].map { v throws(ScenarioError) in
        try bool(v, "app.requiresFullScreen")
      } ?? false)
    app.state = appState
    app.framework = framework
    app.plugins = plugins
    app.observers = try observers(appJSON["observes"], "app.observes", methods: app.methods)
    if let value = appJSON["asDelegate"] {
      app.asDelegate = try delegateAnswers(value, "app.asDelegate", className: delegateClass)
    }
    appAnswersAsDelegate = app.asDelegate != nil
    if let value = appJSON["sceneLifecycle"] { app.sceneLifecycle = try bool(value, "app.sceneLifecycle") }
    if let value = appJSON["unhooked"] {
      let members = try object(value, "app.unhooked", expected: tr("an object"))
      try allow(members, "app.unhooked", ["method", "answer"])
      guard let method = value["method"], let answer = value["answer"] else {
        throw ScenarioError(
          path: "app.unhooked", message: tr("expected \"method\" (the signature as written) and \"answer\""))
      }
      app.unhooked = UnhookedMethod(
        method: try string(method, "app.unhooked.method"),
        answer: try maskValue(answer, "app.unhooked.answer"))
    }
    if let value = appJSON["requiresFullScreenIgnoredStartingWithVersion"] {
      let path = "app.requiresFullScreenIgnoredStartingWithVersion"
      guard case .string(let text) = value, let version = SystemVersion(text) else {
        throw ScenarioError(path: path, message: tr("expected a version as a string, such as \"26\""))
      }
      try requireExisting(version, text, path)
      app.requiresFullScreenIgnoredStartingWithVersion = version
    }

    var classes: [ClassSpec] = []
    for (name, value) in classMembers where !name.hasPrefix("_") {
      classes.append(try classSpec(name: name, value))
    }
    for spec in engineClasses where !classes.contains(where: { $0.name == spec.name }) {
      classes.append(spec)
    }

    guard let windowJSON = json["window"] else {
      throw ScenarioError(
        path: "window", message: tr("missing; expected an object with a \"root\" controller"))
    }
    let windowMembers = try object(windowJSON, "window", expected: tr("an object with a \"root\" controller"))
    try allow(windowMembers, "window", ["root", "rootIf"])
    guard let rootJSON = windowJSON["root"] else {
      throw ScenarioError(
        path: "window.root", message: tr("missing; expected a controller such as {\"class\": \"NavVC\"}"))
    }
    let window = try node(rootJSON, "window.root")
    let rootIf = try rootChoice(windowJSON["rootIf"], flags: flags)
    let windows = try windowList(json["windows"])

    var steps: [Action] = [.launch]
    if let stepsJSON = json["steps"] {
      let items = try array(stepsJSON, "steps", expected: tr("an array of events"))
      steps = []
      for (index, item) in items.enumerated() {
        let path = "steps[\(index)]"
        let action = try self.action(item, path, inHook: false)
        if action == .launch && index != 0 {
          throw ScenarioError(path: path, message: tr("\"launch\" may only be the first step"))
        }
        if index == 0 && action != .launch {
          throw ScenarioError(
            path: path, message: tr("expected \"launch\" as the first step, found %s", item.kindName))
        }
        steps.append(action)
      }
    }
    let expectations = try expectationList(json["expect"], stepCount: steps.count)
    var scenario = Scenario(
      title: title, system: system, device: device, app: app, classes: classes, window: window,
      windows: windows, steps: steps, expectations: expectations)
    scenario.rootIf = rootIf
    scenario.functions = try functionTable(json["functions"])
    scenario.storyboards = try storyboardTable(json["storyboards"])
    return scenario
  }

  /// `"rootIf": {"flag": NAME, "root": NODE}`, the flag one of `app.flags`.
  mutating func rootChoice(_ json: JSONValue?, flags: [Flag]) throws(ScenarioError) -> RootChoice? {
    guard let json else { return nil }
    let path = "window.rootIf"
    let members = try object(json, path, expected: tr("an object with \"flag\" and \"root\""))
    try allow(members, path, ["flag", "root"])
    guard case .string(let flag)? = json["flag"] else {
      throw ScenarioError(path: path + ".flag", message: tr("expected the name of a flag in app.flags"))
    }
    guard flags.contains(where: { $0.name == flag }) else {
      throw ScenarioError(path: path + ".flag", message: tr("\"%s\" is not a flag in app.flags", flag))
    }
    guard let rootJSON = json["root"] else {
      throw ScenarioError(
        path: path + ".root", message: tr("missing; expected a controller such as {\"class\": \"NavVC\"}"))
    }
    return RootChoice(flag: flag, root: try node(rootJSON, path + ".root"))
  }
}
