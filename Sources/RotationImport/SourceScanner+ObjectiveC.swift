// The fuzzer compiles the core and this module as one module, without RotationCore.
#if canImport(RotationCore)
  import RotationCore
#endif

/// The Objective-C half of the scanner: `@interface`/`@implementation` blocks and categories, their
/// methods' selectors and bodies, and `@property` declarations.
extension SourceScanner {
  mutating func objectiveC() {
    while index < tokens.count {
      let current = tokens[index]
      if current.is("@interface") || current.is("@implementation") {
        objectiveCBlock(implementation: current.is("@implementation"))
      } else if current.is("@protocol") {
        while index < tokens.count, !matches(index, "@end"), !matches(index, ";") { index += 1 }
        index += 1
      } else if current.is("{") {
        index = closing(index)
      } else if current.is("BOOL") || current.is("bool"), let name = token(index + 1),
        name.kind == .identifier,
        matches(index + 2, "=") || matches(index + 2, ";")
      {
        var member = CodeMember(kind: .property, name: name.text, type: [current], line: current.line)
        index += 2
        if matches(index, "=") {
          index += 1
          let start = index
          while index < tokens.count, !matches(index, ";") { index += 1 }
          member.initial = Array(tokens[start..<index])
        }
        globals.append(member)
      } else {
        index += 1
      }
    }
  }

  mutating func objectiveCBlock(implementation: Bool) {
    let line = tokens[index].line
    index += 1
    guard let name = token(index), name.kind == .identifier else { return }
    index += 1
    var declaration = CodeDeclaration(
      name: name.text, form: implementation ? .implementation : .type, file: file, line: line)
    if matches(index, "(") {
      let category = token(index + 1).flatMap { $0.kind == .identifier ? $0.text : nil }
      declaration.form = .extensionOf(category)
      index = closing(index)
    } else if matches(index, ":"), let superclass = token(index + 1) {
      declaration.superclass = superclass.text
      index += 2
    }
    if matches(index, "<") {
      let close = closing(index)
      declaration.protocols = tokens[(index + 1)..<max(index + 1, close - 1)].filter {
        $0.kind == .identifier
      }.map(\.text)
      index = close
    }
    if matches(index, "{") { index = closing(index) }  // instance variables
    while index < tokens.count, !matches(index, "@end") {
      let current = tokens[index]
      if current.is("@property") {
        index += 1
        if matches(index, "(") { index = closing(index) }
        let start = index
        while index < tokens.count, !matches(index, ";"), !matches(index, "@end") { index += 1 }
        let parts = tokens[start..<index].filter { $0.kind == .identifier }
        if let last = parts.last, parts.count >= 2 {
          declaration.members.append(
            CodeMember(kind: .property, name: last.text, type: Array(parts.dropLast()), line: current.line))
        }
      } else if (current.is("-") || current.is("+")) && matches(index + 1, "(") {
        if let method = objectiveCMethod(isStatic: current.is("+")) {
          if implementation || method.body != nil { declaration.members.append(method) }
        }
        continue
      } else if current.is("{") {
        index = closing(index)
        continue
      }
      index += 1
    }
    index += 1
    declarations.append(declaration)
  }

  mutating func objectiveCMethod(isStatic: Bool) -> CodeMember? {
    let line = tokens[index].line
    index += 1
    let typeClose = closing(index)
    let type = Array(tokens[(index + 1)..<max(index + 1, typeClose - 1)])
    index = typeClose
    var selector = ""
    var parameters: [String] = []
    var parameterTypes: [[SourceToken]] = []
    while index < tokens.count, !matches(index, "{"), !matches(index, ";"), !matches(index, "@end") {
      guard let part = token(index), part.kind == .identifier else {
        index += 1
        continue
      }
      if matches(index + 1, ":") {
        selector += part.text + ":"
        index += 2
        var argumentType: [SourceToken] = []
        if matches(index, "(") {
          let close = closing(index)
          argumentType = Array(tokens[(index + 1)..<max(index + 1, close - 1)])
          index = close
        }
        if let argument = token(index), argument.kind == .identifier {
          parameters.append(argument.text)
          parameterTypes.append(argumentType)
        }
        index += 1  // the argument's name
      } else {
        if selector.isEmpty { selector = part.text }
        index += 1
      }
    }
    var member = CodeMember(kind: .function, name: selector, isStatic: isStatic, type: type, line: line)
    member.parameters = parameters
    member.parameterTypes = parameterTypes
    if matches(index, "{") {
      let close = closing(index)
      member.body = Array(tokens[(index + 1)..<max(index + 1, close - 1)])
      index = close
    } else {
      index += 1
    }
    return member
  }
}
