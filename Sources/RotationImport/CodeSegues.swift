// The fuzzer compiles the core and this module as one module, without RotationCore.
#if canImport(RotationCore)
  import RotationCore
#endif

/// What a controller's `prepare(for:sender:)` (`prepareForSegue:sender:`) sets on the controller a
/// segue shows, before UIKit presents or pushes it: `if segue.identifier == "showPlayer", let player
/// = segue.destination as? PlayerVC { player.isFullScreen = false }`. Read once per class; applied
/// to the tree a segue it performs shows (`CodeWorld.prepared`). The identifier may be tested with
/// `==`, `isEqualToString:`, a `guard` or a `switch`; the destination bound with `as?`/`as!`, an
/// Objective-C declaration or cast, or through a navigation controller's `topViewController`.
enum CodeSegues {
  struct Setting: Equatable {
    /// The segue's identifier the code tests; nil when it sets the property for any segue.
    var identifier: String?
    /// The class the destination is cast to; empty for the destination itself, uncast
    /// (`segue.destination.modalPresentationStyle = .fullScreen`).
    var destination: String
    var name: String
    var value: [SourceToken]
  }

  static func isPrepare(_ member: CodeMember) -> Bool {
    member.kind == .function
      && (member.isSwift("prepare(for:sender:)") || member.name == "prepareForSegue:sender:")
  }

  static func settings(_ body: [SourceToken], language: SourceLanguage) -> [Setting] {
    var reader = Reader(language: language)
    reader.walk(CodeStatements.split(body, language: language), identifier: nil, bound: [:], depth: 0)
    return reader.settings
  }

  private struct Reader {
    var language: SourceLanguage
    var settings: [Setting] = []

    /// Blocks nested deeper than real code nests them are not read (a fuzzer's `if` in `if`…).
    static let deepest = 12

    mutating func walk(
      _ statements: [[SourceToken]], identifier: String?, bound: [String: String], depth: Int
    ) {
      guard depth <= Self.deepest else { return }
      var identifier = identifier
      var bound = bound
      for statement in statements {
        let tokens = statement.filter { !$0.is(";") }
        guard let first = tokens.first else { continue }
        if first.is("if") {
          // The blocks keep their `;`: Objective-C's statements end there.
          guard let parts = CodeStatements.ifParts(statement, language: language) else { continue }
          var inner = bound
          var tested = identifier
          for clause in CodeLiterals.split(parts.condition, at: ",") {
            if let name = Self.identifierTest(clause) { tested = name }
            if let (local, cast) = binding(clause) { inner[local] = cast }
          }
          walk(
            CodeStatements.split(parts.then, language: language), identifier: tested, bound: inner,
            depth: depth + 1)
          walk(
            CodeStatements.split(parts.otherwise, language: language), identifier: identifier, bound: bound,
            depth: depth + 1)
        } else if first.is("guard"), let elseAt = tokens.firstIndex(where: { $0.is("else") }) {
          for clause in CodeLiterals.split(Array(tokens[1..<elseAt]), at: ",") {
            if let name = Self.identifierTest(clause) { identifier = name }
            if let (local, cast) = binding(clause) { bound[local] = cast }
          }
        } else if first.is("switch"), tokens.contains(where: { $0.is("identifier") }),
          let open = statement.firstIndex(where: { $0.is("{") })
        {
          let close = CodeStatements.closing(statement, open)
          let body = Array(statement[(open + 1)..<max(open + 1, close - 1)])
          for arm in CodeStatements.switchArms(body) {
            let label = arm.patterns?.first?.first.flatMap {
              $0.kind == .string ? CodeTree.stringValue($0) : nil
            }
            walk(
              CodeStatements.split(arm.body, language: language), identifier: label, bound: bound,
              depth: depth + 1)
          }
        } else if let (local, cast) = binding(tokens) {
          bound[local] = cast
        } else if first.is("("), let equals = CodeStatements.topLevel(tokens, "=").first, equals >= 2,
          let cast = Self.cast(tokens[..<equals]), tokens[equals - 1].kind == .identifier
        {
          // `(segue.destination as? PlayerVC)?.mask = .portrait`.
          settings.append(
            Setting(
              identifier: identifier, destination: cast, name: tokens[equals - 1].text,
              value: Array(tokens[(equals + 1)...])))
        } else if let equals = CodeStatements.topLevel(tokens, "=").first, equals >= 3,
          tokens[equals - 2].is(".") || tokens[equals - 2].is("?."),
          let cast = bound[tokens[equals - 3].text]
            ?? (Self.destinationNames.contains(tokens[equals - 3].text) ? "" : nil)
        {
          // `vc.isFullScreen = false`; `segue.destination.modalPresentationStyle = .fullScreen`.
          settings.append(
            Setting(
              identifier: identifier, destination: cast, name: tokens[equals - 1].text,
              value: Array(tokens[(equals + 1)...])))
        }
      }
    }

    /// `let vc = segue.destination as? C`, `C *vc = segue.destinationViewController`, `C *vc =
    /// (C *)[segue destinationViewController]`, `let vc = nav.topViewController as! C`.
    func binding(_ tokens: [SourceToken]) -> (String, String)? {
      guard let (name, value) = CodeActions.binding(tokens) else { return nil }
      if let cast = Self.cast(value[...]) { return (name, cast) }
      // Objective-C: `PlayerVC *vc = segue.destinationViewController`: the class it declares.
      if let declared = tokens.first, declared.kind == .identifier, !declared.is("let"), !declared.is("var"),
        Self.namesDestination(value[...])
      {
        return (name, declared.text)
      }
      return nil
    }

    static let destinationNames: Set<String> = ["destination", "destinationViewController"]

    static func namesDestination(_ tokens: ArraySlice<SourceToken>) -> Bool {
      tokens.contains {
        destinationNames.contains($0.text) || ["topViewController", "viewControllers"].contains($0.text)
      }
    }

    /// The class an expression over the destination is cast to (`segue.destination as? C`).
    static func cast(_ tokens: ArraySlice<SourceToken>) -> String? {
      guard namesDestination(tokens), let at = tokens.firstIndex(where: { $0.is("as") }) else { return nil }
      return tokens[(at + 1)...].first(where: { $0.kind == .identifier })?.text
    }

    /// `segue.identifier == "x"`, `[segue.identifier isEqualToString:@"x"]`: "x".
    static func identifierTest(_ clause: [SourceToken]) -> String? {
      guard clause.contains(where: { $0.is("identifier") }),
        clause.contains(where: { $0.is("==") || $0.is("isEqualToString") }),
        let literal = clause.first(where: { $0.kind == .string })
      else { return nil }
      return CodeTree.stringValue(literal)
    }
  }
}

extension CodeWorld {
  /// The tree a segue performed from `owner` shows, with what the owner's `prepare(for:sender:)`
  /// sets on it for that identifier (on the first controller of the class it casts to), and the
  /// presentation style it sets, if any (`modalPresentationStyle` wins over the storyboard's).
  func prepared(_ node: Node, from owner: String, identifier: String?) -> (
    node: Node, style: PresentationStyle?
  ) {
    var node = node
    var style: PresentationStyle?
    for setting in segueSettings[owner] ?? []
    where setting.identifier == nil || setting.identifier == identifier {
      if setting.name == "modalPresentationStyle" {
        style = CodeActions.presentationStyle(setting.value) ?? style
        continue
      }
      let className = setting.destination.isEmpty ? node.className : setting.destination
      guard let type = properties[className]?[setting.name],
        let value = CodeState.value(setting.value, type: type)
      else { continue }
      _ = Self.set(StateVariable(name: setting.name, value: value), on: className, in: &node)
    }
    return (node, style)
  }

  private static func set(_ variable: StateVariable, on className: String, in node: inout Node) -> Bool {
    if node.className == className {
      node.properties.removeAll { $0.name == variable.name }
      node.properties.append(variable)
      return true
    }
    for index in node.stack.indices where set(variable, on: className, in: &node.stack[index]) { return true }
    for index in node.tabs.indices where set(variable, on: className, in: &node.tabs[index]) { return true }
    for index in node.children.indices where set(variable, on: className, in: &node.children[index]) {
      return true
    }
    for index in node.columns.indices where set(variable, on: className, in: &node.columns[index].node) {
      return true
    }
    for index in node.pages.indices where set(variable, on: className, in: &node.pages[index]) { return true }
    return false
  }
}
