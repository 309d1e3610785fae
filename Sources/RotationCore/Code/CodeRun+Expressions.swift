/// Expressions: names, operators, casts, closures. Members and calls on UIKit's objects are in
/// CodeRun+UIKit.swift.
extension CodeRun {
  mutating func evaluate(_ expression: CodeExpression) -> CodeValue {
    guard tick() else { return .unknown("…") }
    switch expression {
    case .bool(let value): return .bool(value)
    case .int(let value): return .int(value)
    case .string(let value): return .string(value)
    case .null: return .null
    case .implicit(let name): return .implicit(name)
    case .name(let name): return resolve(name)
    case .member(let target, let name):
      if case .name("super") = target { return superMember(name) }
      return member(evaluate(target), name)
    case .call(let receiver, let name, let arguments):
      if case .name("super")? = receiver {
        let values = arguments.map { (label: $0.label, value: evaluate($0.value)) }
        if let ran = superCall(name, values) { return ran }
        if arguments.isEmpty { return superMember(name) }
        return .null
      }
      // `flag.toggle()`: a Bool flipped where it is kept.
      if name == "toggle", arguments.isEmpty, let receiver, case .bool(let value) = evaluate(receiver) {
        assign(receiver, .bool(!value))
        return .null
      }
      let values = arguments.map { (label: $0.label, value: evaluate($0.value)) }
      guard let receiver else { return function(name, values) }
      return call(evaluate(receiver), name, values)
    case .invoke(let closure):
      return invoke(evaluate(closure), [])
    case .subscripted(let target, let index):
      let collection = evaluate(target)
      let position = evaluate(index)
      guard case .array(let elements) = collection, case .int(let at) = position else {
        return .unknown("\(collection.text)[\(position.text)]")
      }
      return elements.indices.contains(at) ? elements[at] : .null
    case .unary(let op, let operand):
      let value = evaluate(operand)
      switch (op, value) {
      case ("!", _):
        // An unknown input is taken at its default, NO, where it is read: `!locked` is then YES.
        if value.truth == nil { note(line, .takenAsNo(value.text)) }
        return .bool(!(value.truth ?? false))
      case ("-", .int(let number)): return .int(0 &- number)
      case ("~", .int(let number)): return .int(~number)
      case ("~", .mask(let mask)): return .mask(OrientationMask.all.subtracting(mask))
      case ("+", _): return value
      default: return .unknown(op + value.text)
      }
    case .binary(let op, let lhs, let rhs):
      let left = evaluate(lhs)
      switch op {
      case "&&":
        guard decide(left, lhs) else { return .bool(false) }
        let right = evaluate(rhs)
        return .bool(decide(right, rhs))
      case "||":
        if decide(left, lhs) { return .bool(true) }
        let right = evaluate(rhs)
        return .bool(decide(right, rhs))
      case "??":
        return left == .null ? evaluate(rhs) : left
      default:
        var right = evaluate(rhs)
        var left = left
        // `player == nil` where the player is not known here: an optional input at its default, nil.
        if op == "==" || op == "!=" || op == "===" || op == "!==" {
          if right == .null, left.isUnknown {
            note(line, .takenAsNil(left.text))
            left = .null
          } else if left == .null, right.isUnknown {
            note(line, .takenAsNil(right.text))
            right = .null
          }
        }
        return binary(op, left, right)
      }
    case .ternary(let condition, let yes, let no):
      return decide(evaluate(condition), condition) ? evaluate(yes) : evaluate(no)
    case .array(let elements): return .array(elements.map { evaluate($0) })
    case .cast(let value, let type, let cast):
      let object = evaluate(value)
      let fits = isInstance(object, of: type)
      switch cast {
      case .check: return fits.map(CodeValue.bool) ?? .unknown("\(object.text) is \(type)")
      case .forced: return object
      case .optional: return fits == false ? .null : object
      }
    case .closure(let parameters, let body):
      // A closure keeps the locals it was written among, and its place for notes.
      return .closure(parameters: parameters, body: body, captured: scopes, source: current)
    case .unknown(let text):
      note(line, .unknown(text))
      if text == CodeLowering.tooDeep { guessed = true }
      return .unknown(text)
    }
  }

  /// A binary operator on two values.
  func binary(_ op: String, _ left: CodeValue, _ right: CodeValue) -> CodeValue {
    // A controller the code made and then showed is the instance it became.
    let (left, right) = (shown(left), shown(right))
    switch op {
    case "==", "===":
      return CodeValue.same(left, right).map(CodeValue.bool) ?? .unknown("\(left.text) == \(right.text)")
    case "!=", "!==":
      return CodeValue.same(left, right).map { .bool(!$0) } ?? .unknown("\(left.text) != \(right.text)")
    case "|", "&", "^":
      if case .int(let a) = left, case .int(let b) = right {
        return .int(op == "|" ? a | b : op == "&" ? a & b : a ^ b)
      }
      // An interface orientation or'ed into a mask counts by its raw value, as C computes it
      // (`UIInterfaceOrientationMaskPortrait | UIInterfaceOrientationLandscapeLeft` is portrait and
      // upside-down).
      func bits(_ value: CodeValue) -> OrientationMask? {
        value.asMask ?? number(value).map(OrientationMask.init(rawValue:))
      }
      guard let a = bits(left), let b = bits(right) else {
        return .unknown("\(left.text) \(op) \(right.text)")
      }
      return .mask(op == "|" ? a.union(b) : op == "&" ? a.intersection(b) : a.symmetricDifference(b))
    case "+", "-", "*", "/", "%", "<", ">", "<=", ">=", "<<", ">>":
      guard let a = number(left), let b = number(right) else {
        return .unknown("\(left.text) \(op) \(right.text)")
      }
      switch op {
      case "+": return .int(a &+ b)
      case "-": return .int(a &- b)
      case "*": return .int(a &* b)
      case "/": return b == 0 ? .unknown("\(a) / 0") : .int(a.dividedReportingOverflow(by: b).partialValue)
      case "%":
        return b == 0 ? .unknown("\(a) % 0") : .int(a.remainderReportingOverflow(dividingBy: b).partialValue)
      case "<": return .bool(a < b)
      case ">": return .bool(a > b)
      case "<=": return .bool(a <= b)
      case ">=": return .bool(a >= b)
      case "<<": return .int(b >= 0 && b < 63 ? a << b : 0)
      default: return .int(b >= 0 && b < 63 ? a >> b : 0)
      }
    default:
      return .unknown("\(left.text) \(op) \(right.text)")
    }
  }

  /// A value as a number: an integer, or the raw value of an orientation or mask.
  func number(_ value: CodeValue) -> Int? {
    switch value {
    case .int(let number): return number
    case .mask(let mask): return mask.rawValue
    case .interface(let orientation): return orientation.rawValue
    case .device(let orientation): return orientation.rawValue
    case .bool(let flag): return flag ? 1 : 0
    default: return nil
    }
  }

  /// Runs a closure or block with its arguments.
  mutating func invoke(_ closure: CodeValue, _ arguments: [CodeValue]) -> CodeValue {
    guard case .closure(let parameters, let body, let captured, let source) = closure else {
      return .unknown(closure.text + "()")
    }
    guard callDepth < Self.maxNesting else {
      note(line, .nesting(Self.maxNesting))
      guessed = true
      return .unknown("{ … }()")
    }
    // A closure without a parameter list names its arguments `$0`, `$1`.
    let names = parameters.isEmpty ? arguments.indices.map { "$\($0)" } : parameters
    let locals = Dictionary(zip(names, arguments), uniquingKeysWith: { first, _ in first })
    return inFrame(of: source, scopes: captured + [locals], self: nil) { run in
      run.result(of: body, implicitReturn: true) ?? .null
    }
  }

  /// An identifier: a local, `self`, a constant, a property of `self`, the app's state, a class.
  mutating func resolve(_ name: String) -> CodeValue {
    if let value = local(name) { return value }
    switch name {
    case "self": return selves.last!
    case "Self":
      // The class of `self`, whose static functions the code calls (`Self.convert(…)`).
      switch selves.last! {
      case .object(.controller(let id)):
        if let controller = answers.tree.controllers[id] { return .object(.type(controller.className)) }
      case .object(.type(let name)): return .object(.type(name))
      default: break
      }
    case "nil", "NULL", "Nil": return .null
    case "YES", "true", "TRUE": return .bool(true)
    case "NO", "false", "FALSE": return .bool(false)
    default: break
    }
    if let constant = CodeValue.constant(name) { return constant }
    // An instance variable is its property with an underscore (`_isFull`).
    let property = name.hasPrefix("_") && name.count > 1 ? String(name.dropFirst()) : name
    let own = member(selves.last!, property)
    if !own.isUnknown { return own }
    if let first = name.first, first.isUppercase { return .object(.type(name)) }
    return own
  }

  /// Assigns to a local, else to a property or the app's state through the host
  /// (CodeRun+Actions.swift; an answer's host keeps nothing, and the note says so).
  mutating func assign(_ target: CodeExpression, _ value: CodeValue) {
    switch target {
    case .name(let name):
      if setLocal(name, value) { return }
      let property = name.hasPrefix("_") && name.count > 1 ? String(name.dropFirst()) : name
      assignProperty(selves.last!, property, value)
    case .member(let object, let name):
      assignProperty(evaluate(object), name, value)
    default:
      note(line, .unknown("… = \(value.text)"))
    }
  }

  /// Whether a value is an instance of the class `type`; nil when that is not known.
  func isInstance(_ value: CodeValue, of type: String) -> Bool? {
    switch value {
    case .null: return false
    case .object(.controller(let id)):
      guard let controller = answers.tree.controllers[id] else { return false }
      return Self.controller(
        className: controller.className, kind: controller.kind, is: type, answers.classes)
    case .object(.appDelegate): return type == answers.scenario.app.delegateClass
    case .object(.instance(let name)), .object(.type(let name)):
      return name == type || answers.classes[name]?.is(type) == true
    case .object(.device): return type == "UIDevice"
    case .object(.application): return type == "UIApplication"
    case .object(.window): return type == "UIWindow"
    case .object(.scene): return type == "UIWindowScene" || type == "UIScene"
    case .object(.made(let index)):
      let className = made[index].node.className
      let kind = answers.model.kinds[className] ?? ControllerKind.uikitClasses[className] ?? .view
      return Self.controller(className: className, kind: kind, is: type, answers.classes)
    default: return nil
    }
  }

  /// Whether a controller of `className` and `kind` is a `type`: its class, a project superclass
  /// the scenario records, or the UIKit class of its kind and the classes above it.
  static func controller(
    className: String, kind: ControllerKind, is type: String, _ classes: [String: ClassSpec]
  )
    -> Bool
  {
    if className == type || classes[className]?.is(type) == true { return true }
    if ["UIViewController", "UIResponder", "NSObject"].contains(type) { return true }
    return ControllerKind.uikitClasses[type] == kind && type == kind.uikitClass
  }
}
