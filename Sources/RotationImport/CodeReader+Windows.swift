// The fuzzer compiles the core and this module as one module, without RotationCore.
#if canImport(RotationCore)
  import RotationCore
#endif

/// Windows the code makes: a controller keeps a `UIWindow` subclass in a stored property
/// (`var landscapeWindow: LandscapeWindow?`), whose initializer sets the window's root, as video
/// players after ZFPlayer do for full screen; the scenario's `windows` hold them, hidden until the
/// code shows them. A `UIWindow` property the code fills from `keyWindow` holds the main window.
extension CodeReader {
  /// A window the code makes, and the controller property that holds it.
  struct CodeWindow {
    var owner: String
    var property: String
    var window: WindowSpec
    var file: String
    var line: Int
  }

  /// The windows the app's controllers keep in stored properties, each named after its property.
  func codeWindows(storyboard: @escaping (String?, String?) -> Node?) -> [CodeWindow] {
    var found: [CodeWindow] = []
    for name in order where isController(name) {
      for (member, file) in classes[name]?.members ?? [] where member.kind == .property && member.body == nil
      {
        let typeNames = (member.type + member.initial).filter { $0.kind == .identifier }.map(\.text)
        guard let windowClass = typeNames.first(where: { $0 != "UIWindow" && isWindowClass($0) }),
          let (root, level) = windowRoot(windowClass, storyboard: storyboard)
        else { continue }
        let windowName = WindowSpec.name(forProperty: member.name)
        // A name the format cannot hold (bytes that are not UTF-8 read as U+FFFD) is not a window.
        guard ScenarioDecoder.isIdentifier(windowName),
          !found.contains(where: { $0.window.name == windowName })
        else { continue }
        var window = WindowSpec(name: windowName, root: root, level: level, hidden: true)
        window.windowClass = windowClass
        found.append(
          CodeWindow(owner: name, property: member.name, window: window, file: file, line: member.line))
      }
    }
    return found
  }

  /// The root (and level) a `UIWindow` subclass's initializer sets: `rootViewController = X` with X
  /// a controller it makes, or a property it made one in (`landscapeViewController =
  /// LandscapeViewController(); rootViewController = landscapeViewController`).
  func windowRoot(_ windowClass: String, storyboard: @escaping (String?, String?) -> Node?) -> (Node, Double)?
  {
    for appClass in chain(windowClass).project {
      for (member, _) in appClass.members where member.kind == .function && member.baseName == "init" {
        guard let body = member.body else { continue }
        var tree = CodeTree(language: appClass.language, kindOf: { kind(of: $0) }, storyboard: storyboard)
        var level: Double = 0
        for statement in CodeStatements.split(body, language: appClass.language) {
          let texts = statement.map(\.text)
          if texts.contains("windowLevel") {
            if texts.contains("alert") { level = 2000 }
            if texts.contains("statusBar") { level = 1000 }
          }
        }
        if let (node, _) = tree.root(in: body) { return (node, level) }
      }
    }
    return nil
  }

  /// The `UIWindow` properties of each class that the code fills from the key window
  /// (`previousKeyWindow = UIApplication.shared.keyWindow`): they hold the main window.
  func mainWindowProperties() -> [String: Set<String>] {
    var found: [String: Set<String>] = [:]
    for name in order where isController(name) {
      guard let appClass = classes[name] else { continue }
      for (member, _) in appClass.members where member.kind == .function {
        for statement in Self.statementsDeep(member.body ?? [], language: appClass.language) {
          guard let equals = CodeStatements.topLevel(statement, "=").first, equals > 0,
            statement[equals - 1].kind == .identifier
          else { continue }
          let right = statement[(equals + 1)...].map(\.text)
          if right.contains("keyWindow") || right.contains("window") && right.contains("view") {
            found[name, default: []].insert(statement[equals - 1].text)
          }
        }
      }
    }
    return found
  }
}
