// MARK: - Design note
//
// The app's own code, kept in the scenario and run by the simulation. An answer, a hook or a
// method may be code: its source text verbatim, its language and where it came from
// (`CodeBody`). It is parsed by tree-sitter (RotationSyntax) and lowered once per scenario into a
// small statement-and-expression form that Swift and Objective-C share (`CodeStatement`,
// `CodeExpression`): a Swift call and an Objective-C message become one `call`, a property read
// through `.` and a getter message one `member`. The evaluator (CodeRun) walks that form against
// the simulation's objects. What the lowering does not know stays in the form as `unknown`
// with its text, so the run can say which line it could not follow.
//
//   CodeBody (text) ─▶ SyntaxParser ─▶ SyntaxTree ─▶ CodeLowering ─▶ CodeProgram ─▶ CodeRun ─▶ value + calls

/// The language a piece of the app's code is written in.
public enum CodeLanguage: String, Sendable, CaseIterable, Hashable {
  case swift
  case objectiveC = "objc"
}

/// A piece of the app's own code: a method's or getter's body without its braces.
public struct CodeBody: Sendable, Hashable {
  public var source: String
  public var language: CodeLanguage
  /// The file it was read from, relative to the project (nil: written by hand).
  public var file: String?
  /// The line of the file the body's first line is.
  public var line: Int
  /// The names the body gives the method's parameters, in order (`application`, `window`).
  public var parameters: [String]
  /// The parameters' declared types where one is UIKit's orientation type (`UIDeviceOrientation`,
  /// `UIInterfaceOrientation`, `UIInterfaceOrientationMask`), else "": an argument written
  /// `.landscapeRight` is that type's value. Empty when no parameter has such a type.
  public var parameterTypes: [String] = []
  /// The declared result type where it is one of those types, else "": a function's
  /// `return .landscapeRight` is that type's value.
  public var returnType = ""
  /// A stored property's initial value (`let player = PlayerVC()`, an optional's `nil`), in the
  /// scenario's `functions`: run once per instance when the property is first read, then kept.
  public var stored: Bool

  public init(
    source: String, language: CodeLanguage, file: String? = nil, line: Int = 1, parameters: [String] = [],
    stored: Bool = false
  ) {
    self.source = source
    self.language = language
    self.file = file
    self.line = line
    self.parameters = parameters
    self.stored = stored
  }

  /// Whether `parameterTypes` may name `type`: an orientation type, or a gesture recognizer (whose
  /// handler, called as a step, runs once per phase of the gesture).
  public static func keepsType(_ type: String) -> Bool {
    orientationTypes.contains(type) || type.hasSuffix("GestureRecognizer")
  }

  /// The parameter types `parameterTypes` names.
  public static let orientationTypes: Set<String> = [
    "UIDeviceOrientation", "UIInterfaceOrientation", "UIInterfaceOrientationMask",
  ]

  /// `PlayerVC.swift:12`, or `line 12` for code written by hand.
  public func place(_ relativeLine: Int) -> String {
    let line = self.line + relativeLine - 1
    return file.map { "\($0):\(line)" } ?? "line \(line)"
  }
}

/// An argument of a call: its label (`forKey`, an Objective-C selector's part) and value.
public struct CodeArgument: Sendable, Equatable {
  public var label: String?
  public var value: CodeExpression
}

/// How a cast treats an object of another class.
public enum CodeCast: Sendable, Equatable {
  /// `as?`: nil.
  case optional
  /// `as!`, `as`, an Objective-C cast: the object as it is.
  case forced
  /// `is`, `isKindOfClass:`: a Bool.
  case check
}

/// An expression of either language.
public indirect enum CodeExpression: Sendable, Equatable {
  case bool(Bool)
  case int(Int)
  case string(String)
  case null
  /// An identifier: a local, a property of `self`, a constant, a type.
  case name(String)
  /// Swift's `.portrait`: a member of the type the context expects.
  case implicit(String)
  /// `a.b`, `a?.b`, `[a b]` (a getter message without arguments reads as a member too).
  case member(CodeExpression, String)
  /// `receiver.name(args)`, `[receiver name:a label:b]`, `name(args)` (no receiver).
  case call(CodeExpression?, String, [CodeArgument])
  /// A closure called where it is written: `{ … }()`.
  case invoke(CodeExpression)
  case subscripted(CodeExpression, CodeExpression)
  case unary(String, CodeExpression)
  case binary(String, CodeExpression, CodeExpression)
  case ternary(CodeExpression, CodeExpression, CodeExpression)
  case array([CodeExpression])
  case cast(CodeExpression, type: String, CodeCast)
  case closure(parameters: [String], body: [CodeStatement])
  /// What the lowering does not know, with its text.
  case unknown(String)
}

/// One condition of an `if`, `guard` or `while`: a test, `let name = value` (holds when the value
/// is not nil, and binds it), or `#available(iOS N, *)`.
public enum CodeCondition: Sendable, Equatable {
  case test(CodeExpression)
  case bind(String, CodeExpression)
  case available(Int)
}

/// One arm of a `switch`.
public struct CodeCase: Sendable, Equatable {
  /// The name a type pattern (`case is T:`) tests: the switch's subject, bound while the arm is
  /// tried (not a name Swift or C code can write).
  public static let subjectName = "$subject"

  /// The values it matches; empty for `default`. A `case let x where …` binds `binding`.
  public var patterns: [CodeExpression]
  public var binding: String?
  public var guardedBy: CodeExpression?
  public var body: [CodeStatement]
}

/// A statement of either language, with its line inside the body (1-based).
public struct CodeStatement: Sendable, Equatable {
  public indirect enum Kind: Sendable, Equatable {
    case expression(CodeExpression)
    case declare(String, CodeExpression?)
    /// `target = value`, or a compound assignment with its operator (`+`, `|`).
    case assign(CodeExpression, operator: String?, CodeExpression)
    case branch([CodeCondition], then: [CodeStatement], else: [CodeStatement])
    case guarded([CodeCondition], else: [CodeStatement])
    /// `fallsThrough`: C's switch, where an arm runs on into the next until a `break`.
    case select(CodeExpression, [CodeCase], fallsThrough: Bool)
    case loop(String, in: CodeExpression, where: CodeExpression?, [CodeStatement])
    case repeatWhile([CodeCondition], [CodeStatement])
    case returns(CodeExpression?)
    case breaks
    case continues
    case fallsThrough
    case block([CodeStatement])
    case unknown(String)
  }

  public var kind: Kind
  public var line: Int

  public init(_ kind: Kind, line: Int) {
    self.kind = kind
    self.line = line
  }
}

/// A body lowered: its statements, and whether the parser met text it could not place.
public struct CodeProgram: Sendable, Equatable {
  public var statements: [CodeStatement]
  /// The first line (inside the body) that did not parse, if any.
  public var syntaxError: Int?
}

/// How the scenario's `functions` name what assigning a property runs
/// (docs/scenario-format.md#code): its setter `Type.setFoo` (an Objective-C setter's own selector),
/// its Swift `didSet` `Type.didSetFoo`. The import writes these names, the run looks them up.
public enum PropertyAccessor {
  public static func setter(_ property: String) -> String { "set" + capitalized(property) }
  public static func didSet(_ property: String) -> String { "didSet" + capitalized(property) }

  /// `orientationMask` → `OrientationMask`.
  public static func capitalized(_ name: String) -> String { name.prefix(1).uppercased() + name.dropFirst() }
}
