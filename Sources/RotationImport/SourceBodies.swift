// The fuzzer compiles the core and this module as one module, without RotationCore.
#if canImport(RotationCore)
  import RotationCore
#endif
#if canImport(RotationSyntax)
  import RotationSyntax
#endif

/// A member's body as the app wrote it, found in its file's syntax tree (tree-sitter): the text
/// between the braces of a getter, a function or an Objective-C method, with the line of its
/// opening brace and the names of its parameters. An answer the import keeps as code
/// (docs/scenario-format.md#code) is this text. Files are parsed only when a body is asked of them,
/// once each.
final class SourceBodies {
  private var parsers: [SyntaxLanguage: SyntaxParser] = [:]
  private var trees: [String: SyntaxTree] = [:]
  private var texts: [String: String] = [:]
  /// The types that declare a function of each base name, found in the trees (cached).
  private var owners: [String: [(owner: String, body: CodeBody)]] = [:]

  /// The functions named `name` anywhere in `files`: only the files whose text holds the name are
  /// parsed, once each.
  func functions(named name: String, in files: [SourceFile]) -> [(owner: String, body: CodeBody)] {
    if let known = owners[name] { return known }
    var found: [(owner: String, body: CodeBody)] = []
    for file in files {
      let text = texts[file.file] ?? String(decoding: file.bytes, as: UTF8.self)
      texts[file.file] = text
      guard text.contains(name) else { continue }
      found += declarations(named: name, in: file)
    }
    owners[name] = found
    return found
  }

  /// The body of the member `name` (a property's name, a Swift function's base name, an
  /// Objective-C selector) declared nearest to `line` in `file`.
  func body(of name: String, in file: SourceFile, near line: Int) -> CodeBody? {
    let language: SyntaxLanguage = file.language == .swift ? .swift : .objectiveC
    let tree = parsed(file, language)
    var best: (block: Int, parameters: [String], distance: Int)?
    var found = candidates(named: name, in: tree)
    // A Swift name with its labels (`application(_:supportedInterfaceOrientationsFor:)`) picks the
    // declaration with those labels among several of one base name.
    if name.contains("("), found.contains(where: { $0.signature == name }) {
      found = found.filter { $0.signature == name }
    }
    for (block, parameters, start, _) in found {
      let distance = abs(start - line)
      if best == nil || distance < best!.distance { best = (block, parameters, distance) }
    }
    guard let best else { return nil }
    return body(at: best.block, parameters: best.parameters, in: tree, file: file)
  }

  private func parsed(_ file: SourceFile, _ language: SyntaxLanguage) -> SyntaxTree {
    if let tree = trees[file.file] { return tree }
    let parser = parsers[language] ?? SyntaxParser(language)
    parsers[language] = parser
    let tree = parser.parse(file.bytes)
    trees[file.file] = tree
    return tree
  }

  /// Each declaration of `name` with a body: the node that holds the braces, the parameters' names,
  /// the declaration's first line.
  private func candidates(named name: String, in tree: SyntaxTree, baseOnly: Bool = false) -> [(
    block: Int, parameters: [String], start: Int, signature: String
  )] {
    var found: [(block: Int, parameters: [String], start: Int, signature: String)] = []
    if tree.language == .swift {
      let base = name.split(separator: "(").first.map(String.init) ?? name
      for declaration in tree.descendants(kind: "property_declaration") {
        guard let pattern = tree.child(declaration, field: "name"),
          let bound = tree.child(pattern, field: "bound_identifier"), tree.text(bound) == base,
          let computed = tree.child(declaration, field: "computed_value")
        else { continue }
        let getter = tree.namedChildren(computed).first { tree.nodes[$0].kind == "computed_getter" }
        found.append((getter ?? computed, [], tree.nodes[declaration].start.line, base))
      }
      for declaration in tree.descendants(kind: "function_declaration") {
        guard let nameNode = tree.child(declaration, field: "name"), tree.text(nameNode) == base,
          let body = tree.child(declaration, field: "body")
        else { continue }
        let declared = tree.namedChildren(declaration).filter { tree.nodes[$0].kind == "parameter" }
        let parameters = declared.compactMap { parameter in
          tree.nodes[parameter].children.first {
            tree.nodes[$0].field == "name" && tree.nodes[$0].kind == "simple_identifier"
          }.map { tree.text($0) }
        }
        // Each parameter's label: its external name, else its name.
        let labels = declared.map { parameter in
          (tree.child(parameter, field: "external_name")
            ?? tree.nodes[parameter].children.first { tree.nodes[$0].field == "name" }).map { tree.text($0) }
            ?? "_"
        }
        let signature = base + "(" + labels.map { $0 + ":" }.joined() + ")"
        found.append((body, parameters, tree.nodes[declaration].start.line, signature))
      }
    } else {
      for method in tree.descendants(kind: "method_definition") {
        var selector = ""
        var parameters: [String] = []
        var body: Int?
        for child in tree.namedChildren(method) {
          switch tree.nodes[child].kind {
          case "identifier": selector += tree.text(child)
          case "method_parameter":
            selector += ":"
            if let last = tree.namedChildren(child).last(where: { tree.nodes[$0].kind == "identifier" }) {
              parameters.append(tree.text(last))
            }
          case "compound_statement": body = child
          default: break
          }
        }
        let matches = baseOnly ? selector.prefix { $0 != ":" } == name : selector == name
        guard matches, let body else { continue }
        found.append((body, parameters, tree.nodes[method].start.line, selector))
      }
    }
    return found
  }

  /// Every function, method or computed property named `name` declared in `file`, at any depth
  /// (a type nested in the app delegate, an extension, an Objective-C category), each with the type
  /// that declares it (the innermost: `Rotation` for `AppDelegate.Rotation.allow`) and its body.
  func declarations(named name: String, in file: SourceFile) -> [(owner: String, body: CodeBody)] {
    let language: SyntaxLanguage = file.language == .swift ? .swift : .objectiveC
    let tree = parsed(file, language)
    var found: [(owner: String, body: CodeBody)] = []
    for candidate in candidates(named: name, in: tree, baseOnly: true) {
      guard let owner = owner(of: candidate.block, in: tree),
        let body = body(at: candidate.block, parameters: candidate.parameters, in: tree, file: file)
      else { continue }
      found.append((owner, body))
    }
    return found
  }

  /// A Swift stored property's initial value as written (`UIApplication.shared.delegate as!
  /// AppDelegate`), for the declaration of `name` nearest to `line`.
  func initialValue(of name: String, in file: SourceFile, near line: Int) -> String? {
    guard file.language == .swift else { return nil }
    let tree = parsed(file, .swift)
    var best: (text: String, distance: Int)?
    for declaration in tree.descendants(kind: "property_declaration") {
      guard let pattern = tree.child(declaration, field: "name"),
        let bound = tree.child(pattern, field: "bound_identifier"), tree.text(bound) == name,
        let value = tree.child(declaration, field: "value")
      else { continue }
      let distance = abs(tree.nodes[declaration].start.line - line)
      if best == nil || distance < best!.distance { best = (tree.text(value), distance) }
    }
    return best?.text
  }

  /// A Swift property's accessors that run on assignment: its `set` (the value named as the setter
  /// names it, `newValue` by default) and its `didSet` (with `oldValue`), each with the type that
  /// declares the property. Objective-C setters are methods (`setFoo:`), found as any method is.
  func accessors(of name: String, in file: SourceFile) -> [(owner: String, kind: String, body: CodeBody)] {
    guard file.language == .swift else { return [] }
    let tree = parsed(file, .swift)
    var found: [(owner: String, kind: String, body: CodeBody)] = []
    for declaration in tree.descendants(kind: "property_declaration") {
      guard let pattern = tree.child(declaration, field: "name"),
        let bound = tree.child(pattern, field: "bound_identifier"), tree.text(bound) == name,
        let owner = owner(of: declaration, in: tree)
      else { continue }
      for setter in tree.descendants(of: declaration, kind: "computed_setter") {
        let named = tree.namedChildren(setter).first { tree.nodes[$0].kind == "simple_identifier" }
        let parameter = named.map { tree.text($0) } ?? "newValue"
        if let body = body(at: setter, parameters: [parameter], in: tree, file: file) {
          found.append((owner, "set", body))
        }
      }
      for observer in tree.descendants(of: declaration, kind: "didset_clause") {
        let named = tree.namedChildren(observer).first { tree.nodes[$0].kind == "simple_identifier" }
        let parameter = named.map { tree.text($0) } ?? "oldValue"
        if let body = body(at: observer, parameters: [parameter], in: tree, file: file) {
          found.append((owner, "didSet", body))
        }
      }
    }
    return found
  }

  /// The type a declaration belongs to: the innermost Swift type or extension, or the Objective-C
  /// class (or category's class) it is implemented in.
  private func owner(of node: Int, in tree: SyntaxTree) -> String? {
    var current = tree.nodes[node].parent
    while let at = current {
      switch tree.nodes[at].kind {
      case "class_declaration", "protocol_declaration":
        guard let name = tree.child(at, field: "name") else { return nil }
        // An extension names a type (`extension UIViewController`): its identifier.
        let identifier = tree.descendants(of: name, kind: "type_identifier").last ?? name
        return tree.text(identifier)
      case "class_implementation", "category_implementation":
        return tree.namedChildren(at).first { tree.nodes[$0].kind == "identifier" }.map { tree.text($0) }
      default: current = tree.nodes[at].parent
      }
    }
    return nil
  }

  /// The text between a block's braces as a body.
  private func body(at block: Int, parameters: [String], in tree: SyntaxTree, file: SourceFile) -> CodeBody? {
    let braces = tree.nodes[block].children.filter { !tree.nodes[$0].isNamed }
    guard let open = braces.first(where: { tree.text($0) == "{" }),
      let close = braces.last(where: { tree.text($0) == "}" })
    else { return nil }
    let text = String(
      decoding: tree.source[tree.nodes[open].range.upperBound..<tree.nodes[close].range.lowerBound],
      as: UTF8.self)
    return CodeBody(
      source: text, language: tree.language == .swift ? .swift : .objectiveC, file: file.file,
      line: tree.nodes[open].start.line, parameters: parameters)
  }
}
