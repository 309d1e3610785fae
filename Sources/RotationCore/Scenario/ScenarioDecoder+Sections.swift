import FoundationEssentials

/// The file's sections: system, device, flags, methods, the app and its Info.plist, classes.
extension ScenarioDecoder {
  func systemConfig(_ json: JSONValue?) throws(ScenarioError) -> SystemConfig {
    let json = json ?? .object([])
    let members = try object(json, "system", expected: tr("an object"))
    try allow(
      members, "system", ["version", "idiom", "homeButton", "multitasking", "windowing", "sceneFillsScreen"])
    var version = SystemVersion("13.0")!
    if let value = json["version"] {
      let text: String
      switch value {
      case .string(let s): text = s
      case .number(let n):
        // A number would lose what a string keeps ("16.10" is not 16.1), so the format asks for one.
        let written = JSONValue.format(number: n)
        throw ScenarioError(
          path: "system.version",
          message: tr(
            "expected a version as a string, such as \"%s\", found the number %s",
            written.contains(".") ? written : written + ".0", written))
      default:
        throw ScenarioError(
          path: "system.version", message: tr("expected a version such as \"13.0\", found %s", value.kindName)
        )
      }
      guard let parsed = SystemVersion(text) else {
        throw ScenarioError(
          path: "system.version", message: tr("expected a version such as \"13.0\", found \"%s\"", text))
      }
      guard parsed.major >= 6 else {
        throw ScenarioError(
          path: "system.version",
          message: tr(
            "expected iOS 6 or later (shouldAutorotate and masks arrived in iOS 6), found \"%s\"", text))
      }
      try requireExisting(parsed, text, "system.version")
      version = parsed
    }
    let idiom =
      try json["idiom"].map { v throws(ScenarioError) in try enumValue(v, "system.idiom", Idiom.self) }
      ?? .phone
    let homeButton =
      try json["homeButton"].map { v throws(ScenarioError) in try bool(v, "system.homeButton") } ?? true
    var system = SystemConfig(version: version, idiom: idiom, homeButton: homeButton)
    if let value = json["windowing"] {
      guard idiom == .pad, version.major >= 26 else {
        throw ScenarioError(
          path: "system.windowing",
          message: tr("windowing is iPadOS 26's setting: it needs \"idiom\": \"pad\" and version 26 or later")
        )
      }
      system.windowing = try enumValue(value, "system.windowing", Windowing.self)
    }
    // Written by the encoder, and documented, but not read until issue #27's work found it ignored.
    if let value = json["multitasking"] {
      guard idiom == .pad else {
        throw ScenarioError(
          path: "system.multitasking", message: tr("multitasking is an iPad's: it needs \"idiom\": \"pad\""))
      }
      system.multitasking = try bool(value, "system.multitasking")
    }
    if let value = json["sceneFillsScreen"] {
      system.sceneFillsScreen = try bool(value, "system.sceneFillsScreen")
    }
    return system
  }

  /// Refuses iOS 19 to 25, which were never released: after 18 Apple numbered the next release 26.
  func requireExisting(_ version: SystemVersion, _ text: String, _ path: String) throws(ScenarioError) {
    guard version.exists else {
      throw ScenarioError(
        path: path,
        message: tr(
          "iOS %s does not exist: after iOS 18 Apple numbered the next release 26; expected 18.x or 26.x, found \"%s\"",
          version.major, text))
    }
  }

  func deviceConfig(_ json: JSONValue?) throws(ScenarioError) -> DeviceConfig {
    let json = json ?? .object([])
    let members = try object(json, "device", expected: tr("an object"))
    try allow(members, "device", ["orientation", "orientationLock"])
    let orientation =
      try json["orientation"].map { v throws(ScenarioError) in try deviceOrientation(v, "device.orientation")
      } ?? .portrait
    let lock =
      try json["orientationLock"].map { v throws(ScenarioError) in try bool(v, "device.orientationLock") }
      ?? false
    return DeviceConfig(orientation: orientation, orientationLock: lock)
  }

  func flagList(_ json: JSONValue?) throws(ScenarioError) -> [Flag] {
    guard let json else { return [] }
    var flags: [Flag] = []
    for (name, value) in try object(json, "app.flags", expected: tr("an object of flag names and booleans")) {
      _ = try identifier(.string(name), "app.flags")
      flags.append(Flag(name: name, value: try bool(value, "app.flags." + name)))
    }
    return flags
  }

  mutating func methodList(_ json: JSONValue?, _ path: String) throws(ScenarioError) -> [Method] {
    guard let json else { return [] }
    var methods: [Method] = []
    for (name, value) in try object(json, path, expected: tr("an object of method names")) {
      _ = try methodName(.string(name), path)
      methods.append(Method(name: name, actions: try actionList(value, path + "." + name)))
    }
    return methods
  }

  mutating func classSpec(name: String, _ json: JSONValue) throws(ScenarioError) -> ClassSpec {
    let path = "classes." + name
    let members = try object(json, path, expected: tr("an object describing the class"))
    let kind = classKinds[name]!
    var known = [
      "kind", "shouldAutorotate", "supportedInterfaceOrientations",
      "preferredInterfaceOrientationForPresentation", "methods", "external", "category", "origin",
      "properties", "isA", "observes", "asDelegate", "prefersInterfaceOrientationLocked",
      "childViewControllerForInterfaceOrientationLock",
    ]
    known += LifecycleSelector.allCases.map(\.rawValue)
    if kind.hasOrientationDelegate { known.append("delegate") }
    try allow(members, path, known)

    var spec = ClassSpec(name: name, kind: kind)
    // The class's own properties are in scope in its answers and code.
    currentClass = name
    defer { currentClass = nil }
    spec.properties = try stateList(json["properties"], path + ".properties")
    if let list = json["isA"] {
      for (index, item) in try array(
        list, path + ".isA", expected: tr("an array of class and protocol names")
      )
      .enumerated() {
        spec.isA.append(try identifier(item, "\(path).isA[\(index)]"))
      }
    }
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
    spec.observers = try observers(json["observes"], path + ".observes", methods: spec.methods)
    if let value = json["prefersInterfaceOrientationLocked"] {
      spec.prefersInterfaceOrientationLocked = try override(
        value, path + ".prefersInterfaceOrientationLocked", kind: kind
      ) { v, p throws(ScenarioError) in try bool(v, p) }
    }
    if let value = json["childViewControllerForInterfaceOrientationLock"] {
      let childPath = path + ".childViewControllerForInterfaceOrientationLock"
      guard
        case .forward(let target) = try override(
          value, childPath, kind: kind, literal: { v, p throws(ScenarioError) in try bool(v, p) })
      else {
        throw ScenarioError(
          path: childPath, message: tr("expected a forwarding value such as {\"forwardTo\": \"top\"}"))
      }
      spec.childForInterfaceOrientationLock = target
    }
    if let value = json["asDelegate"] {
      spec.asDelegate = try delegateAnswers(value, path + ".asDelegate", className: name)
    }
    if let value = json["delegate"] {
      spec.delegate = try containerDelegate(value, path + ".delegate", kind: kind)
    }
    if let value = json["external"] { spec.external = try bool(value, path + ".external") }
    if let value = json["category"] {
      guard ControllerKind.uikitClasses[name] != nil else {
        throw ScenarioError(
          path: path + ".category",
          message: tr("only one of UIKit's own classes has a category here; \"%s\" is the app's class", name))
      }
      spec.category = try string(value, path + ".category")
    }
    if let value = json["origin"] { spec.origin = try string(value, path + ".origin") }
    return spec
  }

  /// `{"supportedInterfaceOrientations": …, "preferredInterfaceOrientationForPresentation": …}`: what an
  /// object answers as a container's delegate (a class's `asDelegate`, the app's).
  func delegateAnswers(_ value: JSONValue, _ path: String, className: String) throws(ScenarioError)
    -> ContainerDelegate
  {
    let answers = try object(value, path, expected: tr("an object with the delegate's answers"))
    try allow(
      answers, path, ["supportedInterfaceOrientations", "preferredInterfaceOrientationForPresentation"])
    var delegate = ContainerDelegate(className: className)
    delegate.supportedInterfaceOrientations = try value["supportedInterfaceOrientations"].map {
      v throws(ScenarioError) in
      try maskValue(v, path + ".supportedInterfaceOrientations")
    }
    delegate.preferredInterfaceOrientationForPresentation = try value[
      "preferredInterfaceOrientationForPresentation"
    ].map { v throws(ScenarioError) in
      if let body = try codeBody(v, path + ".preferredInterfaceOrientationForPresentation") {
        return .code(body)
      }
      return try conditional(v, path + ".preferredInterfaceOrientationForPresentation") {
        v, p throws(ScenarioError) in
        try interfaceOrientation(v, p)
      }
    }
    return delegate
  }

  func containerDelegate(_ json: JSONValue, _ path: String, kind: ControllerKind)
    throws(ScenarioError)
    -> ContainerDelegate
  {
    let members = try object(json, path, expected: tr("an object with \"class\" and the delegate's answers"))
    try allow(
      members, path,
      ["class", "supportedInterfaceOrientations", "preferredInterfaceOrientationForPresentation"])
    guard let classValue = json["class"] else {
      throw ScenarioError(path: path + ".class", message: tr("missing; expected the delegate's class name"))
    }
    var delegate = ContainerDelegate(className: try identifier(classValue, path + ".class"))
    if let value = json["supportedInterfaceOrientations"] {
      delegate.supportedInterfaceOrientations = try maskValue(value, path + ".supportedInterfaceOrientations")
    }
    if let value = json["preferredInterfaceOrientationForPresentation"],
      let body = try codeBody(value, path + ".preferredInterfaceOrientationForPresentation")
    {
      delegate.preferredInterfaceOrientationForPresentation = .code(body)
    } else if let value = json["preferredInterfaceOrientationForPresentation"] {
      delegate.preferredInterfaceOrientationForPresentation = try conditional(
        value, path + ".preferredInterfaceOrientationForPresentation"
      ) { v, p throws(ScenarioError) in try interfaceOrientation(v, p) }
    }
    return delegate
  }
}
