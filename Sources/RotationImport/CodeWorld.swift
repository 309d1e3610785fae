// The fuzzer compiles the core and this module as one module, without RotationCore.
#if canImport(RotationCore)
  import RotationCore
#endif

/// What the code reader knows of the whole app that one body's statements need: the controllers'
/// kinds, the storyboards (a controller by identifier, a segue by identifier), the app's state and
/// each class's properties by name and type, the controllers a class keeps in stored properties,
/// and the functions of the app's other types (helpers, singletons), which a call inlines with its
/// arguments.
struct CodeWorld {
  /// A controller class's kind (the app's, or UIKit's), nil for anything else.
  var kind: (String) -> ControllerKind? = { ControllerKind.uikitClasses[$0] }
  /// A storyboard's tree, by storyboard name and controller identifier (either may be nil).
  var storyboard: (String?, String?) -> Node? = { _, _ in nil }
  /// A segue by identifier: the tree it shows, whether it is a push (`show` in a navigation
  /// controller) and its presentation style.
  var segue: (String) -> (node: Node, push: Bool, style: PresentationStyle?)? = { _ in nil }
  /// Methods of the app's controllers that answer a literal Bool (`canRotate`): marks of the
  /// classes whose answer is YES.
  var boolMethods: Set<String> = []
  /// UIKit's default mask for the app's idiom (all on iPad, all but upside-down on iPhone).
  var idiomMask: OrientationMask = .allButUpsideDown
  /// The app's state (`app.state`): name → type.
  var appState: [String: StateType] = [:]
  /// Each class's properties: class → name → type.
  var properties: [String: [String: StateType]] = [:]
  /// The controller each stored property of a class holds (`lazy var playerVC = PlayerVC()`).
  var storedControllers: [String: [String: Node]] = [:]
  /// The controllers the app delegate keeps in stored properties, by property.
  var delegateControllers: [String: Node] = [:]
  /// Functions of the app's types that are not controllers (and the app delegate's), by base name.
  var helpers: [String: [Helper]] = [:]
  /// Each class's own methods (and its base classes'), as the scenario names them, by the name the
  /// code calls them with (a selector or a Swift name with labels).
  var methodNames: [String: [String: String]] = [:]
  /// Each class's own methods (its base classes' too), by the name the code calls them with.
  var methods: [String: [String: Helper]] = [:]

  /// The computed properties whose getter returns one expression, by class (its base classes'
  /// and its UIKit classes' extensions' too): class → name → expression.
  var computed: [String: [String: [SourceToken]]] = [:]
  /// What a property's setter requires before it stores (`set { if newValue != x, !isLocked { … } }`):
  /// class → name → condition.
  var setterConditions: [String: [String: [SourceToken]]] = [:]
  /// The computed properties of extensions of UIKit's orientation types, in `self`
  /// (`extension UIInterfaceOrientationMask { var isFullScreen: Bool { … } }`).
  var valueComputed: [String: [SourceToken]] = [:]

  /// The class that answers each class's `delegate` (the one app controller adopting the
  /// property's protocol): class → delegate class.
  var delegateTargets: [String: String] = [:]
  /// The windows the code makes, by the controller property that holds each: property → window name.
  var windowProperties: [String: String] = [:]
  /// Those windows as the scenario declares them, with where the code keeps each (the assembly
  /// adds them to `windows`).
  var codeWindows: [CodeReader.CodeWindow] = []
  /// The `UIWindow` properties filled from the key window (they hold the main window).
  var mainWindowProperties: Set<String> = []

  /// What each class's `prepare(for:sender:)` sets on a segue's destination (CodeSegues.swift).
  var segueSettings: [String: [CodeSegues.Setting]] = [:]

  struct Helper {
    var owner: String
    var member: CodeMember
    var language: SourceLanguage
    var file: String
  }

  /// The type of state `name` for code of `owner`: its own property, else the app's state.
  func stateType(_ name: String, owner: String?) -> StateType? {
    if let owner, let type = properties[owner]?[name] { return type }
    return appState[name]
  }
}

/// Reading state from code: a property's type from its declaration or first value.
enum CodeState {
  /// The state type a property declares (`UIInterfaceOrientationMask`, `UIInterfaceOrientation`)
  /// or its first value shows (`UIInterfaceOrientationMask.all`, `.landscapeRight` with a type).
  static func type(of member: CodeMember) -> StateType? {
    let typeText = member.type.map(\.text).joined()
    if typeText.contains("UIInterfaceOrientationMask") { return .mask }
    if typeText.contains("UIInterfaceOrientation") { return .orientation }
    let initial = member.initial.map(\.text).joined()
    if initial.hasPrefix("UIInterfaceOrientationMask") || initial.hasPrefix("[UIInterfaceOrientationMask") {
      return .mask
    }
    if initial.hasPrefix("UIInterfaceOrientation") { return .orientation }
    return nil
  }

  /// The first value of a property of `type` (UIKit's zero when the code gives none: a mask of
  /// none is no mask UIKit takes, so all).
  static func first(_ member: CodeMember, type: StateType) -> StateValue {
    switch type {
    case .mask: return .mask(CodeLiterals.mask(member.initial) ?? .all)
    case .orientation: return .orientation(CodeLiterals.orientation(member.initial) ?? .portrait)
    case .bool: return .bool(CodeValues<Bool>.bool(member.initial) ?? false)
    case .word: return .word(CodeState.caseName(member.initial) ?? "none")
    }
  }

  /// `.video`, `Screen.video`: an enum case's name.
  static func caseName(_ tokens: [SourceToken]) -> String? {
    let texts = CodeStatements.unwrapped(tokens).map(\.text)
    if texts.count == 2, texts[0] == ".", ScenarioDecoder.isIdentifier(texts[1]) { return texts[1] }
    if texts.count == 3, texts[1] == ".", ScenarioDecoder.isIdentifier(texts[2]),
      texts[0].first?.isUppercase == true
    {
      return texts[2]
    }
    return nil
  }

  /// A value of `type` as code writes it.
  static func value(_ tokens: [SourceToken], type: StateType) -> StateValue? {
    switch type {
    case .mask: return CodeLiterals.mask(tokens).map(StateValue.mask)
    case .orientation: return CodeLiterals.orientation(tokens).map(StateValue.orientation)
    case .bool: return CodeValues<Bool>.bool(tokens).map(StateValue.bool)
    case .word: return caseName(tokens).map(StateValue.word)
    }
  }
}
