/// Writes a `Scenario` back as `rotation-lab.scenario/1` JSON, the inverse of `ScenarioDecoder`.
///
/// Masks are written by name where UIKit has one, else as lists; defaults are written out, so a
/// saved file says everything the simulator assumed.
public enum ScenarioEncoder {
  public static func encode(_ scenario: Scenario) -> JSONValue {
    var app: [(key: String, value: JSONValue)] = [("delegateClass", .string(scenario.app.delegateClass))]
    if let list = scenario.app.infoPlist { app.append(("infoPlist", .array(list.map { .string($0.name) }))) }
    let pluginStates = Dictionary(
      uniqueKeysWithValues: PluginCatalog.inUse(
        framework: scenario.app.framework, plugins: scenario.app.plugins
      )
      .compactMap { use in use.plugin.maskState.map { ($0, use.plugin.name) } })
    if let framework = scenario.app.framework {
      app.append(
        (
          "framework",
          .object([("name", .string(framework.name.rawValue)), ("version", .string(framework.version.text))])
        ))
    }
    if !scenario.app.plugins.isEmpty {
      app.append(
        (
          "plugins",
          .array(
            scenario.app.plugins.map {
              var members: [(key: String, value: JSONValue)] = [
                ("name", .string($0.name)), ("version", .string($0.version.text)),
              ]
              if let written = $0.defaultMask {
                members.append((PluginUse.defaultMaskKey, Self.mask(written)))
              }
              return .object(members)
            })
        ))
    }
    if case .read(let name)? = scenario.app.supportedInterfaceOrientationsForWindow,
      let plugin = pluginStates[name]
    {
      app.append(("supportedInterfaceOrientationsForWindow", .object([("plugin", .string(plugin))])))
    } else if let value = scenario.app.supportedInterfaceOrientationsForWindow {
      app.append(("supportedInterfaceOrientationsForWindow", encode(value, mask)))
    }
    if !scenario.app.flags.isEmpty {
      app.append(("flags", .object(scenario.app.flags.map { ($0.name, .bool($0.value)) })))
    }
    if !scenario.app.methods.isEmpty { app.append(("methods", encode(scenario.app.methods))) }
    if scenario.app.requiresFullScreen { app.append(("requiresFullScreen", .bool(true))) }
    if let version = scenario.app.requiresFullScreenIgnoredStartingWithVersion {
      app.append(("requiresFullScreenIgnoredStartingWithVersion", .string(version.text)))
    }
    if !scenario.app.sceneLifecycle { app.append(("sceneLifecycle", .bool(false))) }
    if let unhooked = scenario.app.unhooked {
      app.append(
        (
          "unhooked",
          .object([("method", .string(unhooked.method)), ("answer", encode(unhooked.answer, mask))])
        ))
    }
    // A plugin's mask is the plugin's, not written as the app's state.
    let ownState = scenario.app.state.filter { pluginStates[$0.name] == nil }
    if !ownState.isEmpty { app.append(("state", encode(ownState))) }
    if !scenario.app.observers.isEmpty { app.append(("observes", encode(scenario.app.observers))) }
    if let answers = scenario.app.asDelegate { app.append(("asDelegate", encodeAnswers(answers))) }
    var system: [(key: String, value: JSONValue)] = [
      ("version", .string(scenario.system.version.text)),
      ("idiom", .string(scenario.system.idiom.rawValue)),
      ("homeButton", .bool(scenario.system.homeButton)),
    ]
    if let multitasking = scenario.system.multitasking {
      system.append(("multitasking", .bool(multitasking)))
    }
    if let windowing = scenario.system.windowing { system.append(("windowing", .string(windowing.rawValue))) }
    if let fills = scenario.system.sceneFillsScreen { system.append(("sceneFillsScreen", .bool(fills))) }

    // The classes the framework brings are not written: the file names the framework.
    let own = scenario.classes.filter { $0.origin != PluginCatalog.engineOrigin }
    let classes: [(key: String, value: JSONValue)] = own.map { ($0.name, encode($0)) }
    return .object(
      [
        ("format", .string(scenarioFormat)),
        ("title", .string(scenario.title)),
        ("system", .object(system)),
        (
          "device",
          .object([
            ("orientation", .string(scenario.device.orientation.name)),
            ("orientationLock", .bool(scenario.device.orientationLock)),
          ])
        ),
        ("app", .object(app)),
        ("classes", .object(classes)),
        (
          "window",
          .object(
            [("root", encode(scenario.window))]
              + (scenario.rootIf.map {
                [("rootIf", .object([("flag", .string($0.flag)), ("root", encode($0.root))]))]
              } ?? []))
        ),
      ]
        + (scenario.windows.isEmpty ? [] : [("windows", .array(scenario.windows.map(encode(_:))))])
        + [("steps", .array(scenario.steps.map(encode(_:))))]
        + (scenario.expectations.isEmpty ? [] : [("expect", .array(scenario.expectations.map(encode(_:))))])
        + (scenario.functions.isEmpty
          ? [] : [("functions", .object(scenario.functions.map { ($0.name, encode($0.body)) }))])
        + (scenario.storyboards.isEmpty
          ? [] : [("storyboards", .object(scenario.storyboards.map { ($0.name, encode($0)) }))]))
  }

  /// The scenario as the text of a file, ending with a newline.
  public static func text(_ scenario: Scenario) -> String {
    encode(scenario).serialized() + "\n"
  }

  static func encode(_ expectation: Expectation) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [("step", .number(Double(expectation.step)))]
    if let interface = expectation.interface {
      members.append(
        ("interface", interface.count == 1 ? orientation(interface[0]) : .array(interface.map(orientation))))
    }
    if let device = expectation.device { members.append(("device", .string(device.name))) }
    if let decider = expectation.decidedBy { members.append(("decidedBy", .string(decider))) }
    if let exception = expectation.exception {
      members.append(("exception", exception.map(JSONValue.string) ?? .null))
    }
    if !expectation.called.isEmpty {
      members.append(("called", .array(expectation.called.map(JSONValue.string))))
    }
    if !expectation.notCalled.isEmpty {
      members.append(("notCalled", .array(expectation.notCalled.map(JSONValue.string))))
    }
    if let error = expectation.error {
      members.append(("error", error.map { JSONValue.number(Double($0)) } ?? .null))
    }
    if let window = expectation.sceneWindow { members.append(("sceneWindow", .string(window.rawValue))) }
    return .object(members)
  }

  static func encode(_ window: WindowSpec) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("name", .string(window.name)), ("root", encode(window.root)),
    ]
    if window.level != 0 {
      let named = WindowSpec.levels.first(where: { $0.value == window.level })
      members.append(("level", named.map { .string($0.name) } ?? .number(window.level)))
    }
    if window.hidden { members.append(("hidden", .bool(true))) }
    if let windowClass = window.windowClass { members.append(("class", .string(windowClass))) }
    return .object(members)
  }

  static func encode(_ spec: ClassSpec) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [("kind", .string(spec.kind.rawValue))]
    if let value = spec.shouldAutorotate {
      members.append(("shouldAutorotate", encode(value, JSONValue.bool)))
    }
    if let value = spec.supportedInterfaceOrientations {
      members.append(("supportedInterfaceOrientations", encode(value, mask)))
    }
    if let value = spec.prefersInterfaceOrientationLocked {
      members.append(("prefersInterfaceOrientationLocked", encode(value, JSONValue.bool)))
    }
    if let target = spec.childForInterfaceOrientationLock {
      members.append(
        (
          "childViewControllerForInterfaceOrientationLock",
          encode(Override<Bool>.forward(target), JSONValue.bool)
        ))
    }
    if let value = spec.preferredInterfaceOrientationForPresentation {
      members.append(("preferredInterfaceOrientationForPresentation", encode(value, orientation)))
    }
    for hook in spec.hooks { members.append((hook.selector.rawValue, .array(hook.actions.map(encode(_:))))) }
    if !spec.methods.isEmpty { members.append(("methods", encode(spec.methods))) }
    if let delegate = spec.delegate {
      var fields: [(key: String, value: JSONValue)] = [("class", .string(delegate.className))]
      if let value = delegate.supportedInterfaceOrientations {
        fields.append(("supportedInterfaceOrientations", encode(value, mask)))
      }
      if let value = delegate.preferredInterfaceOrientationForPresentation {
        fields.append(("preferredInterfaceOrientationForPresentation", encode(value, orientation)))
      }
      members.append(("delegate", .object(fields)))
    }
    if spec.external { members.append(("external", .bool(true))) }
    if let category = spec.category { members.append(("category", .string(category))) }
    if let origin = spec.origin { members.append(("origin", .string(origin))) }
    return .object(members + stateMembers(spec))
  }

  static func encode(_ body: CodeBody) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("code", .string(body.source)), ("language", .string(body.language.rawValue)),
    ]
    if let file = body.file { members.append(("file", .string(file))) }
    if body.line != 1 || body.file != nil { members.append(("line", .number(Double(body.line)))) }
    if !body.parameters.isEmpty {
      members.append(("parameters", .array(body.parameters.map(JSONValue.string))))
    }
    if !body.parameterTypes.isEmpty {
      members.append(("parameterTypes", .array(body.parameterTypes.map(JSONValue.string))))
    }
    if !body.returnType.isEmpty { members.append(("returnType", .string(body.returnType))) }
    if body.stored { members.append(("stored", .bool(true))) }
    return .object(members)
  }

  static func encode(_ methods: [Method]) -> JSONValue {
    .object(methods.map { ($0.name, .array($0.actions.map(encode(_:)))) })
  }

  static func mask(_ value: OrientationMask) -> JSONValue {
    if OrientationMask.named.contains(where: { $0.mask == value }) { return .string(value.name) }
    return .array(value.orientations.map { .string($0.name) })
  }

  static func orientation(_ value: InterfaceOrientation) -> JSONValue { .string(value.name) }

  static func encode<T>(_ value: Value<T>, _ literal: (T) -> JSONValue) -> JSONValue {
    switch value {
    case .literal(let answer): return literal(answer)
    case .window(let name, let then, let otherwise):
      return .object([
        ("ifWindow", .string(name)), ("then", encode(then, literal)), ("else", encode(otherwise, literal)),
      ])
    case .conditional(let flag, let then, let otherwise):
      return .object([
        ("if", .string(flag)), ("then", encode(then, literal)), ("else", encode(otherwise, literal)),
      ])
    case .test(let condition, let then, let otherwise):
      return .object([
        ("if", encode(condition)), ("then", encode(then, literal)), ("else", encode(otherwise, literal)),
      ])
    case .read(let name): return .object([("read", .string(name))])
    case .code(let body): return encode(body)
    case .choose(let name, let cases, let otherwise):
      return .object([
        ("switch", .string(name)),
        ("cases", .object(cases.map { (key($0.match), encode($0.value, literal)) })),
        ("default", encode(otherwise, literal)),
      ])
    }
  }

  static func encode<T>(_ value: Override<T>, _ literal: (T) -> JSONValue) -> JSONValue {
    switch value {
    case .value(let inner): return encode(inner, literal)
    case .forward(.child(let index)):
      return .object([("forwardTo", .string("child")), ("index", .number(Double(index)))])
    case .forward(let target): return .object([("forwardTo", .string(target.word))])
    case .branch(let condition, let then, let otherwise):
      return .object([
        ("if", encode(condition)), ("then", encode(then, literal)), ("else", encode(otherwise, literal)),
      ])
    }
  }

  /// A tree node's members after its class member.
  static func children(_ node: Node) -> [(key: String, value: JSONValue)] {
    var members: [(key: String, value: JSONValue)] = []
    if !node.stack.isEmpty { members.append(("stack", .array(node.stack.map(encode(_:))))) }
    if !node.children.isEmpty { members.append(("children", .array(node.children.map(encode(_:))))) }
    for column in node.columns { members.append((column.role.rawValue, encode(column.node))) }
    if !node.pages.isEmpty {
      members.append(("pages", .array(node.pages.map(encode(_:)))))
      members.append(("current", .number(Double(node.selected))))
    }
    if !node.tabs.isEmpty {
      members.append(("tabs", .array(node.tabs.map(encode(_:)))))
      members.append(("selected", .number(Double(node.selected))))
    }
    if !node.properties.isEmpty { members.append(("set", encode(node.properties, typed: false))) }
    if let delegate = node.delegate { members.append(("delegate", .string(delegate))) }
    return members
  }

  /// `{"initial": NODE, "scenes": {IDENTIFIER: NODE}, "segues": {IDENTIFIER: ACTION}}`.
  static func encode(_ storyboard: StoryboardScenes) -> JSONValue {
    .object(
      (storyboard.initial.map { [("initial", encode($0))] } ?? [])
        + [("scenes", .object(storyboard.scenes.map { ($0.identifier, encode($0.root)) }))]
        + (storyboard.segues.isEmpty
          ? [] : [("segues", .object(storyboard.segues.map { ($0.identifier, encode($0.action)) }))]))
  }

  static func encode(_ node: Node) -> JSONValue {
    .object([("class", .string(node.className))] + children(node))
  }

  /// An event in its scenario-file form: `"pop"`, `{"push": "Detail"}`.
  public static func encode(_ action: Action) -> JSONValue {
    switch action {
    case .launch: return .string("launch")
    case .code(let body): return encode(body)
    case .showWindow(let name): return .object([("showWindow", .string(name))])
    case .hideWindow(let name): return .object([("hideWindow", .string(name))])
    case .makeKeyAndVisible(let name): return .object([("makeKeyAndVisible", .string(name))])
    case .plugin(let call):
      return .object(
        [("plugin", .string(call.plugin)), ("call", .string(call.call))]
          + (call.args.isEmpty ? [] : [("args", .array(call.args))]))
    case .inWindow(let name, let inner):
      switch encode(inner) {
      case .string(let verb): return .object([(verb, .bool(true)), ("window", .string(name))])
      case .object(let members): return .object(members + [("window", .string(name))])
      case let other: return other
      }
    case .pop: return .string("pop")
    case .dismiss: return .string("dismiss")
    case .attemptRotationToDeviceOrientation: return .string("attemptRotationToDeviceOrientation")
    case .rotateDevice(let o): return .object([("rotateDevice", .string(o.name))])
    case .setOrientationLock(let on): return .object([("setOrientationLock", .bool(on))])
    case .push(let node): return .object([("push", .string(node.className))] + children(node))
    case .present(let node, let style):
      var members: [(key: String, value: JSONValue)] = [("present", .string(node.className))]
      if let style { members.append(("style", .string(style.rawValue))) }
      return .object(members + children(node))
    case .selectTab(let index): return .object([("selectTab", .number(Double(index)))])
    case .setFlag(let flag, let value): return .object([("setFlag", .string(flag)), ("to", .bool(value))])
    case .setDeviceOrientation(.orientation(let o)):
      return .object([("setDeviceOrientation", .string(o.name))])
    case .setDeviceOrientation(.selfPreferred):
      return .object([("setDeviceOrientation", .string("preferredInterfaceOrientationForPresentation"))])
    case .setDeviceOrientation(.saved):
      return .object([("setDeviceOrientation", .string("saved"))])
    case .call(let name, let on, let args):
      var members: [(key: String, value: JSONValue)] = [("call", .string(name))]
      if let on { members.append(("on", .string(on))) }
      if !args.isEmpty { members.append(("args", .array(args))) }
      return .object(members)
    case .log(let text): return .object([("log", .string(text))])
    case .setNeedsUpdateOfSupportedInterfaceOrientations(let name):
      return name.map { .object([("setNeedsUpdateOfSupportedInterfaceOrientations", .string($0))]) }
        ?? .string("setNeedsUpdateOfSupportedInterfaceOrientations")
    case .setNeedsUpdateOfPrefersInterfaceOrientationLocked(let name):
      return name.map { .object([("setNeedsUpdateOfPrefersInterfaceOrientationLocked", .string($0))]) }
        ?? .string("setNeedsUpdateOfPrefersInterfaceOrientationLocked")
    case .setState(let name, let value): return .object([("set", .string(name)), ("to", plain(value))])
    case .toggle(let name): return .object([("toggle", .string(name))])
    case .setDelegate(let kind): return .object([("setDelegate", .string(kind.delegatePrefix))])
    case .when(let condition, let then, let otherwise):
      return .object(
        [("if", encode(condition)), ("then", .array(then.map(encode(_:))))]
          + (otherwise.isEmpty ? [] : [("else", .array(otherwise.map(encode(_:))))]))
    case .requestGeometryUpdate(let value, let preferences):
      let written: JSONValue = value.isEmpty ? .array([]) : mask(value)
      return .object(
        [("requestGeometryUpdate", written)]
          + (preferences == .iOS ? [] : [("preferences", .string(preferences.rawValue))]))
    }
  }
}
