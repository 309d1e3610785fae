#if canImport(RotationSyntax)
  import RotationSyntax
#endif

/// Where a scenario keeps code: the answers of its classes, of their container delegates, and of
/// the app delegate. Each body is parsed and lowered once when the scenario is loaded into a model
/// (`CodePrograms`), not on each question.
extension Value {
  /// The body when the value is code.
  var codeBody: CodeBody? {
    if case .code(let body) = self { return body }
    return nil
  }
}

extension Override {
  var codeBodies: [CodeBody] { values.compactMap(\.codeBody) }
}

extension ContainerDelegate {
  var codeBodies: [CodeBody] {
    [supportedInterfaceOrientations?.codeBody, preferredInterfaceOrientationForPresentation?.codeBody]
      .compactMap { $0 }
  }
}

extension Scenario {
  /// Every piece of code the scenario holds, in the order of its classes.
  public var codeBodies: [CodeBody] {
    var bodies: [CodeBody] = []
    for spec in classes {
      bodies += spec.shouldAutorotate?.codeBodies ?? []
      bodies += spec.supportedInterfaceOrientations?.codeBodies ?? []
      bodies += spec.preferredInterfaceOrientationForPresentation?.codeBodies ?? []
      bodies += spec.prefersInterfaceOrientationLocked?.codeBodies ?? []
      bodies += spec.delegate?.codeBodies ?? []
      bodies += spec.asDelegate?.codeBodies ?? []
    }
    bodies += app.supportedInterfaceOrientationsForWindow?.codeBody.map { [$0] } ?? []
    bodies += app.asDelegate?.codeBodies ?? []
    bodies += functions.map(\.body)
    // Code among actions: hooks, methods, observers' methods, the app delegate's methods.
    func walk(_ actions: [Action]) {
      for action in actions {
        switch action {
        case .code(let body): bodies.append(body)
        case .when(_, let then, let otherwise): walk(then + otherwise)
        default: break
        }
      }
    }
    for spec in classes {
      spec.hooks.forEach { walk($0.actions) }
      spec.methods.forEach { walk($0.actions) }
    }
    app.methods.forEach { walk($0.actions) }
    return bodies
  }
}

/// A scenario's code, lowered once, and its functions by name.
struct CodePrograms: Sendable {
  private var programs: [CodeBody: CodeProgram] = [:]
  /// `Type.name` (or `name`) → the functions of that name, overloads in file order.
  private(set) var overloads: [String: [CodeBody]] = [:]

  /// `Type.name` without the signature an overload's key adds (`lock(_:andRotateTo:)`, `lock:to:`).
  static func baseKey(_ name: String) -> String {
    let dot = name.lastIndex(of: ".").map { name.index(after: $0) } ?? name.startIndex
    guard let cut = name[dot...].firstIndex(where: { $0 == "(" || $0 == ":" }) else { return name }
    return String(name[..<cut])
  }

  /// The function `name` taking `arity` arguments (any when nil): the overload with that many
  /// parameters, else a Swift one with more (its last may have defaults); an Objective-C method of
  /// another arity is another selector (`addChildViewController:` is not the app's
  /// `addChildViewController:title:image:`).
  func function(_ name: String, arity: Int? = nil) -> CodeBody? {
    guard let found = overloads[name] else { return nil }
    guard let arity else { return found.first }
    return found.first { $0.parameters.count == arity }
      ?? found.first { $0.language == .swift && $0.parameters.count > arity }
  }

  init(_ scenario: Scenario) {
    for (name, body) in scenario.functions { overloads[Self.baseKey(name), default: []].append(body) }
    let bodies = scenario.codeBodies
    guard !bodies.isEmpty else { return }
    let parsers = CodeLowering.Parsers()
    for body in bodies where programs[body] == nil {
      programs[body] = CodeLowering.program(body, parser: parsers.parser(body.language))
    }
  }

  subscript(body: CodeBody) -> CodeProgram {
    // Every body of the scenario was lowered in init; a body made later (an edit) is a new model.
    programs[body] ?? CodeProgram(statements: [], syntaxError: 1)
  }
}
