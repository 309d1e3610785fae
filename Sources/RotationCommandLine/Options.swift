import RotationCore
import RotationRender

/// A value an option takes, read from its text as the declaration's type says, as
/// swift-argument-parser's `ExpressibleByArgument` does: a typo in a value is refused by parsing,
/// with what the option expects, before a command runs.
protocol ArgumentValue: Sendable {
  init?(argument text: String)
}

/// A value that is one of a few names (`png`, `svg`…): parsed from any of them, and listed in the
/// error when it is none.
protocol ArgumentChoice: ArgumentValue, CaseIterable, RawRepresentable where RawValue == String {}

extension ArgumentChoice {
  init?(argument text: String) { self.init(rawValue: text.lowercased()) }

  /// "png, svg, pdf or dot".
  static var choiceList: String {
    let names = allCases.map(\.rawValue)
    guard let last = names.last, names.count > 1 else { return names.first ?? "" }
    return tr("%s or %s", names.dropLast().joined(separator: ", "), last)
  }
}

extension String: ArgumentValue {
  init?(argument text: String) { self = text }
}

extension Int: ArgumentValue {
  init?(argument text: String) { self.init(text) }
}

extension Double: ArgumentValue {
  init?(argument text: String) {
    guard let value = Double(text), value.isFinite else { return nil }
    self = value
  }
}

/// `15,16`: system versions, comma-separated.
struct SystemList: ArgumentValue, Equatable {
  var versions: [SystemVersion]
  init?(argument text: String) {
    var versions: [SystemVersion] = []
    for item in text.split(separator: ",", omittingEmptySubsequences: false) {
      guard let version = SystemVersion(item.trimmingWhitespace()), version.major >= 6, version.exists else {
        return nil
      }
      versions.append(version)
    }
    self.versions = versions
  }
}

/// One option of a command, declared once: its name, the name of its value in the usage (nil for
/// a flag), its help line, how its text becomes a value and what the error says it expects.
struct OptionDeclaration: Sendable {
  let name: String
  let placeholder: String?
  let help: String
  /// nil for a flag.
  let read: (@Sendable (String) -> (any Sendable)?)?
  let expects: String

  /// `--step N`, or `--json`.
  var usage: String { placeholder.map { "\(name) \($0)" } ?? name }
}

/// A typed option: a command reads its value as `parsed[option]`, of the declared type.
struct Option<Value: ArgumentValue>: Sendable {
  let declaration: OptionDeclaration

  /// `expects` says what a wrong value should have been ("a step number from 1"); `accepts`
  /// narrows the type's values (a range).
  init(
    _ name: String, _ placeholder: String, help: String, expects: String,
    accepts: @escaping @Sendable (Value) -> Bool = { _ in true }
  ) {
    declaration = OptionDeclaration(
      name: name, placeholder: placeholder, help: help,
      read: { text in Value(argument: text).flatMap { accepts($0) ? $0 : nil } }, expects: expects)
  }
}

extension Option where Value == String {
  /// An option whose value is a path: any text but an empty one.
  init(path name: String, _ placeholder: String, help: String) {
    self.init(name, placeholder, help: help, expects: tr("a path"), accepts: { !$0.isEmpty })
  }
}

extension Option where Value: ArgumentChoice {
  /// An option whose value is one of the type's names; the error lists them.
  init(_ name: String, _ placeholder: String, help: String) {
    self.init(name, placeholder, help: help, expects: Value.choiceList)
  }
}

/// An option without a value.
struct Flag: Sendable {
  let declaration: OptionDeclaration
  init(_ name: String, help: String) {
    declaration = OptionDeclaration(name: name, placeholder: nil, help: help, read: nil, expects: "")
  }
}

/// What a command takes besides its options.
enum Operands: Sendable {
  /// Nothing.
  case none
  /// Exactly one: `FILE`, `PATH`.
  case one(String)
  /// One or more: `FILE...`.
  case several(String)
  /// At most one: `[COMMAND]`.
  case optional(String)

  var usage: String {
    switch self {
    case .none: return ""
    case .one(let name): return name
    case .several(let name): return name + "..."
    case .optional(let name): return "[\(name)]"
    }
  }
}

/// A command line parsed by a command's declaration: its operands, and its options' values by
/// their declarations.
struct ParsedArguments: Sendable {
  var operands: [String] = []
  var values: [String: any Sendable] = [:]
  var flags: Set<String> = []
  /// The names the command declared: reading another is a programming error, caught in tests.
  let declared: Set<String>

  /// The first operand (a command taking `.one` always has it).
  var file: String { operands.first ?? "" }

  subscript<Value>(option: Option<Value>) -> Value? {
    precondition(declared.contains(option.declaration.name), "\(option.declaration.name) is not declared")
    return values[option.declaration.name] as? Value
  }

  subscript(flag: Flag) -> Bool {
    precondition(declared.contains(flag.declaration.name), "\(flag.declaration.name) is not declared")
    return flags.contains(flag.declaration.name)
  }

  /// Whether the option was given at all.
  func has<Value>(_ option: Option<Value>) -> Bool { self[option] != nil }
}

extension ExportFormat: ArgumentChoice {}
extension DiagramPanel: ArgumentChoice {}
