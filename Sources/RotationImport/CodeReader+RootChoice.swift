// The fuzzer compiles the core and this module as one module, without RotationCore.
#if canImport(RotationCore)
  import RotationCore
#endif

/// A root the launch chooses: `if loggedIn { window.rootViewController = HomeVC() } else { … =
/// LoginVC() }`, or the same with a ternary. The scenario keeps both (`window.rootIf`), the
/// condition a flag that is NO at the first launch; a root some button swaps in later is not this.
extension CodeReader {
  struct RootChoiceFound {
    var flag: String
    /// The root while the flag is NO (the first launch's) and while it is YES.
    var no: Node
    var yes: Node
    var condition: String
    var file: String
    var line: Int
  }

  static let launchMethods: Set<String> = [
    "application(_:didFinishLaunchingWithOptions:)", "application:didFinishLaunchingWithOptions:",
    "scene(_:willConnectTo:options:)", "scene:willConnectToSession:options:",
  ]

  /// The launch methods' choice of root, when they make one.
  func codeRootChoice(storyboard: @escaping (String?, String?) -> Node?) -> RootChoiceFound? {
    for source in files {
      for declaration in source.declarations where !isWindowClass(declaration.name) {
        for member in declaration.members
        where member.kind == .function && Self.launchMethods.contains(member.name) {
          let tree = CodeTree(language: source.language, kindOf: { kind(of: $0) }, storyboard: storyboard)
          for statement in CodeStatements.split(member.body ?? [], language: source.language) {
            if let found = choice(statement, tree: tree, language: source.language, file: source.file) {
              return found
            }
          }
        }
      }
    }
    return nil
  }

  /// One statement's choice: an `if`/`else` whose branches each set the root, or a root set to a
  /// ternary.
  func choice(_ statement: [SourceToken], tree: CodeTree, language: SourceLanguage, file: String)
    -> RootChoiceFound?
  {
    var condition: [SourceToken]
    var yes: Node
    var no: Node
    if statement.first?.is("if") == true,
      let (test, thenBody, elseBody) = CodeStatements.ifParts(statement, language: language),
      !elseBody.isEmpty
    {
      var thenTree = tree
      var elseTree = tree
      guard let (a, _) = thenTree.root(in: thenBody), let (b, _) = elseTree.root(in: elseBody) else {
        return nil
      }
      (condition, yes, no) = (test, a, b)
    } else if let equals = CodeStatements.topLevel(statement, "=").first, equals > 0,
      statement[equals - 1].is("rootViewController"),
      case let right = Array(statement[(equals + 1)...]),
      let mark = CodeStatements.topLevel(right, "?").first,
      let colon = CodeStatements.topLevel(right, ":").first(where: { $0 > mark }),
      let a = tree.node(Array(right[(mark + 1)..<colon])), let b = tree.node(Array(right[(colon + 1)...]))
    {
      (condition, yes, no) = (Array(right[..<mark]), a, b)
    } else {
      return nil
    }
    condition = CodeStatements.unwrapped(condition)
    if condition.first?.is("!") == true, condition.count > 1 {
      condition.removeFirst()
      swap(&yes, &no)
    }
    return RootChoiceFound(
      flag: Self.choiceFlag(condition), no: no, yes: yes, condition: CodeStatements.text(condition),
      file: file,
      line: statement[0].line)
  }

  /// The flag a launch condition becomes: a key the app reads from its defaults (`bool(forKey:
  /// "hasLaunched")`), else the condition's words.
  static func choiceFlag(_ condition: [SourceToken]) -> String {
    if let key = condition.first(where: { $0.kind == .string }) {
      let text = CodeTree.stringValue(key)
      if ScenarioDecoder.isIdentifier(text) { return text }
    }
    let unwrapped = CodeStatements.unwrapped(condition)
    if unwrapped.count == 1, unwrapped[0].kind == .identifier { return unwrapped[0].text }
    return CodeActions.flagName(condition)
  }
}
