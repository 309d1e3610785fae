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
    let node = tree.nodes[best.block]
    let braces = node.children.filter { !tree.nodes[$0].isNamed }
    guard let open = braces.first(where: { tree.text($0) == "{" }),
      let close = braces.last(where: { tree.text($0) == "}" })
    else { return nil }
    let text = String(
      decoding: tree.source[tree.nodes[open].range.upperBound..<tree.nodes[close].range.lowerBound],
      as: UTF8.self)
    return CodeBody(
      source: text, language: language == .swift ? .swift : .objectiveC, file: file.file,
      line: tree.nodes[open].start.line, parameters: best.parameters)
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
  private func candidates(named name: String, in tree: SyntaxTree) -> [(
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
        guard selector == name, let body else { continue }
        found.append((body, parameters, tree.nodes[method].start.line, selector))
      }
    }
    return found
  }
}
