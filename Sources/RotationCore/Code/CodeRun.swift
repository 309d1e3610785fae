/// The bounds of one run of the app's code.
enum CodeLimits {
  /// Statements and expressions one run may take before it stops: a loop without end is a
  /// message, not a hang.
  static let budget = 10_000
  /// Closures, blocks and functions of the app nested inside each other.
  static let maxNesting = 16
}

/// What the app's code runs against: the simulation's state, and — where the code may change the
/// app (a method, a hook; not an answer) — the step that performs what it does.
protocol CodeHost {
  var answers: Answers { get }
  /// Performs what the code does to UIKit or to the app's state; false where nothing may change
  /// (an answer being asked) or the step has already failed.
  mutating func act(_ action: Action, selfID: Int?, depth: Int) -> Bool
  /// Whether the step has failed (an exception, a limit): the code stops.
  var failed: Bool { get }
  /// Records a call the code made where it happens, and gives its place in the step's calls; nil
  /// where the answer keeps its calls.
  mutating func log(_ call: Call) -> Int?
  /// Sets the answer of a call `log` recorded, once the function has returned.
  mutating func answer(_ text: String, ofCallAt index: Int)
  /// Keeps a value the scenario's state has no type for under `key`; false where nothing may
  /// change.
  mutating func keep(_ value: CodeValue, as key: String) -> Bool
  /// Adds an observer, or removes the owner's (those of one notification when it is named); false
  /// where nothing may change.
  mutating func observe(_ observer: CodeObserver) -> Bool
  mutating func removeObservers(of owner: CodeValue, named notification: String?) -> Bool
  /// Posts a notification: its observers run (the scenario's and those the code registered); false
  /// where nothing may change.
  mutating func post(_ notification: String, depth: Int) -> Bool
}

/// An answer's host: asking changes nothing (docs/rules.md#code-answers).
struct AnswerHost: CodeHost {
  let answers: Answers
  func act(_ action: Action, selfID: Int?, depth: Int) -> Bool { false }
  var failed: Bool { false }
  func log(_ call: Call) -> Int? { nil }
  func answer(_ text: String, ofCallAt index: Int) {}
  func keep(_ value: CodeValue, as key: String) -> Bool { false }
  func post(_ notification: String, depth: Int) -> Bool { false }
  func observe(_ observer: CodeObserver) -> Bool { false }
  func removeObservers(of owner: CodeValue, named notification: String?) -> Bool { false }
}

/// Runs a lowered body against the simulation in one state (Answers): locals and control flow
/// here, expressions in CodeRun+Expressions.swift, UIKit's objects in CodeRun+UIKit.swift.
///
/// An answer is asked without changing the app (Answers.swift): a body that assigns to a property
/// runs on, but the assignment is not kept, and the note says so (a choice: UIKit asks these
/// getters many times a step, and a getter with side effects is rare — docs/rules.md#code-answers).
/// What the code reads that the model does not have is `unknown`: an input taken at its default (a
/// condition on it as NO), an answer that ends unknown is UIKit's default, each said with its line.
struct CodeRun<Host: CodeHost> {
  /// What the code runs against: the state asked (an answer), or the step that runs it (a method,
  /// a hook), which performs what the code does to UIKit (CodeRun+Actions.swift).
  var host: Host
  var answers: Answers { host.answers }
  let body: CodeBody
  /// The controller whose code runs (nil: the app delegate's).
  let selfID: Int?
  /// The call's depth: questions this code asks of other controllers sit one below.
  let depth: Int
  /// What `super`'s answer to the question being asked is (UIKit's default for the class), and
  /// the question (`supportedInterfaceOrientations`) it answers.
  var superAnswer: CodeValue?
  var question: String?
  var scopes: [[String: CodeValue]] = [[:]]
  /// UIKit calls the code made (another controller's answer), in order.
  var calls: [Call] = []
  /// What could not be followed, once each, with its place (`PlayerVC.swift:14`).
  var notes: [(place: String, note: CodeNote)] = []
  /// The body running now: the answer's, or a function it called.
  var current: CodeBody
  /// `self` of the body running now, innermost last.
  var selves: [CodeValue]
  /// Functions of the app running inside each other.
  var callDepth = 0
  /// Whether the run is not the code's as it runs on a device (it does not parse, or it ran out of
  /// its bound): the answer is then UIKit's default (docs/rules.md#code-answers). A value the code
  /// cannot know is no such thing: it is an input taken at its default (NO, nil), and said.
  var guessed = false
  /// Controllers the code made (`PlayerVC()`), in order.
  var made: [MadeController] = []
  /// Stored properties first read in this run, by the key their value is kept under: later reads
  /// in the run get the same object (a controller made by the initial value and not shown yet).
  var storedThisRun: [String: CodeValue] = [:]
  /// The properties whose setter is running (`set(newValue)`, `setFoo:`): an assignment to the same
  /// property inside it, or `objc_setAssociatedObject`, stores the value.
  var setting: [(object: CodeValue, name: String)] = []
  /// `NSInvocation`s the code builds: the selector, the target and the argument at index 2.
  var invocations: [(selector: String?, target: CodeValue?, argument: CodeValue?)] = []
  /// Blocks sent to the main queue, with their `self`.
  var later: [(block: CodeValue, owner: CodeValue)] = []
  var exception: ModelledException?
  var steps = 0
  var stopped = false
  var line = 1

  static var budget: Int { CodeLimits.budget }
  static var maxNesting: Int { CodeLimits.maxNesting }

  init(host: Host, body: CodeBody, selfID: Int?, depth: Int) {
    self.host = host
    self.body = body
    self.selfID = selfID
    self.depth = depth
    current = body
    selves = [.object(selfID.map(CodeObject.controller) ?? .appDelegate)]
  }

  enum Flow: Equatable {
    case normal
    case returned(CodeValue)
    case broke
    case continued
    case fellThrough
  }

  /// Runs the program; its returned value (a Swift body of one expression returns it), nil when it
  /// returns nothing.
  mutating func run(_ program: CodeProgram, arguments: [CodeValue] = []) -> CodeValue? {
    for (name, value) in zip(body.parameters, arguments) { declare(name, value) }
    if let error = program.syntaxError {
      // What does not parse is not the app's code as it runs: the answer is a guess.
      note(error, .syntax)
      guessed = true
    }
    return result(of: program.statements, implicitReturn: body.language == .swift)
  }

  /// Runs a body's statements and gives what it returns (nil: it returns nothing). A body of one
  /// expression returns its value where the language does (a Swift getter, a closure).
  mutating func result(of statements: [CodeStatement], implicitReturn: Bool) -> CodeValue? {
    if implicitReturn, statements.count == 1, case .expression(let only) = statements[0].kind {
      line = statements[0].line
      return evaluate(only)
    }
    if case .returned(let value) = execute(statements) { return value }
    return nil
  }

  mutating func note(_ line: Int, _ note: CodeNote) {
    let place = current.place(line)
    guard !notes.contains(where: { $0.place == place && $0.note == note }) else { return }
    notes.append((place, note))
  }

  /// One more step of the budget; false once it is spent.
  mutating func tick() -> Bool {
    steps += 1
    if steps > Self.budget, !stopped {
      stopped = true
      guessed = true
      note(line, .budget(Self.budget))
    }
    return !stopped
  }

  // MARK: - Locals

  func local(_ name: String) -> CodeValue? {
    for scope in scopes.reversed() {
      if let value = scope[name] { return value }
    }
    return nil
  }

  mutating func declare(_ name: String, _ value: CodeValue) {
    scopes[scopes.count - 1][name] = value
  }

  /// Sets a local that exists; false when no scope has it.
  mutating func setLocal(_ name: String, _ value: CodeValue) -> Bool {
    for index in scopes.indices.reversed() where scopes[index][name] != nil {
      scopes[index][name] = value
      return true
    }
    return false
  }

  /// Runs `work` in a frame of its own — the body's code current, `frame` its locals, `self` the
  /// receiver when one is given, one level deeper — and gives the caller's frame back after.
  mutating func inFrame<T>(
    of body: CodeBody, scopes frame: [[String: CodeValue]], self receiver: CodeValue?,
    _ work: (inout Self) -> T
  ) -> T {
    let saved = (scopes, current, line)
    callDepth += 1
    if let receiver { selves.append(receiver) }
    current = body
    scopes = frame
    defer {
      (scopes, current, line) = saved
      if receiver != nil { selves.removeLast() }
      callDepth -= 1
    }
    return work(&self)
  }

  // MARK: - Statements

  mutating func execute(_ statements: [CodeStatement]) -> Flow {
    scopes.append([:])
    defer { scopes.removeLast() }
    // Swift's `defer { … }` (the grammar reads it as a call of `defer` with a closure): run when
    // the block is left, however it is left, the last one first.
    var deferred: [CodeValue] = []
    var flow = Flow.normal
    for statement in statements {
      if case .expression(.call(nil, "defer", let arguments)) = statement.kind, arguments.count == 1 {
        deferred.append(evaluate(arguments[0].value))
        continue
      }
      flow = execute(statement)
      if flow != .normal { break }
    }
    for block in deferred.reversed() where !stopped { _ = invoke(block, []) }
    return flow
  }

  mutating func execute(_ statement: CodeStatement) -> Flow {
    guard tick() else { return .returned(.unknown("…")) }
    line = statement.line
    switch statement.kind {
    case .expression(let expression):
      _ = evaluate(expression)
    case .declare(let name, let value):
      declare(name, value.map { evaluate($0) } ?? .null)
    case .assign(let target, let op, let value):
      var new = evaluate(value)
      if let op { new = binary(op, evaluate(target), new) }
      assign(target, new)
    case .branch(let conditions, let then, let otherwise):
      scopes.append([:])
      defer { scopes.removeLast() }
      return holds(conditions) ? execute(then) : execute(otherwise)
    case .guarded(let conditions, let otherwise):
      // A guard's bindings stay for the rest of the body: they go into the current scope.
      if !holds(conditions) { return execute(otherwise) }
    case .select(let subject, let cases, let fallsThrough):
      return select(evaluate(subject), cases, fallsThrough: fallsThrough)
    case .loop(let name, let collection, let filter, let body):
      return loop(name, evaluate(collection), filter, body)
    case .repeatWhile(let conditions, let body):
      while !stopped {
        scopes.append([:])
        let go = holds(conditions)
        let flow = go ? execute(body) : .broke
        scopes.removeLast()
        if flow == .broke { break }
        if case .returned = flow { return flow }
      }
    case .returns(let value):
      return .returned(value.map { evaluate($0) } ?? .null)
    case .breaks: return .broke
    case .continues: return .continued
    case .fallsThrough: return .fellThrough
    case .block(let statements):
      return execute(statements)
    case .unknown(let text):
      // A statement the run cannot follow (a C `for`, `repeat`, a cut): what ran is not all of it.
      note(statement.line, .unknown(text))
      guessed = true
    }
    return .normal
  }

  /// Whether every condition holds; bindings go into the current scope.
  mutating func holds(_ conditions: [CodeCondition]) -> Bool {
    for condition in conditions {
      switch condition {
      case .test(let expression):
        guard decide(evaluate(expression), expression) else { return false }
      case .bind(let name, let expression):
        let value = evaluate(expression)
        if value.isUnknown {
          note(line, .takenAsNil(value.text))
          return false
        }
        if value == .null { return false }
        declare(name, value)
      case .available(let major):
        if answers.system.version.major < major { return false }
      }
    }
    return true
  }

  /// A value as a condition: an unknown one is taken as NO, and said.
  mutating func decide(_ value: CodeValue, _ expression: CodeExpression) -> Bool {
    if let truth = value.truth { return truth }
    note(line, .takenAsNo(value.text))
    return false
  }

  private mutating func select(_ subject: CodeValue, _ cases: [CodeCase], fallsThrough: Bool) -> Flow {
    var running = false
    if subject.isUnknown {
      // No case can be told from another: the default arm, or none, is a guess.
      note(line, .noCase(subject.text))
    }
    let chosen =
      cases.firstIndex { arm in
        if arm.patterns.isEmpty && arm.binding == nil { return false }
        var bound = arm.binding.map { [$0: subject] } ?? [:]
        bound[CodeCase.subjectName] = subject
        scopes.append(bound)
        defer { scopes.removeLast() }
        let matches =
          (arm.binding != nil && arm.patterns.isEmpty)
          || arm.patterns.contains { pattern in
            if case .cast(_, _, .check) = pattern { return evaluate(pattern).truth == true }
            return CodeValue.same(subject, evaluate(pattern)) == true
          }
        // `case .a where condition:` and `case let x where condition:` both need the condition.
        return matches && (arm.guardedBy.map { decide(evaluate($0), $0) } ?? true)
      } ?? cases.firstIndex { $0.patterns.isEmpty && $0.binding == nil }
    guard let start = chosen else { return .normal }
    var fell = false
    for arm in cases[start...] {
      // C runs on into the next arm until a `break`; Swift only after `fallthrough`.
      if running && !fallsThrough && !fell { break }
      running = true
      fell = false
      scopes.append(arm.binding.map { [$0: subject] } ?? [:])
      let flow = execute(arm.body)
      scopes.removeLast()
      switch flow {
      case .normal: if !fallsThrough { return .normal }
      case .fellThrough:
        fell = true
        continue
      case .broke: return .normal
      default: return flow
      }
    }
    return .normal
  }

  private mutating func loop(
    _ name: String, _ collection: CodeValue, _ filter: CodeExpression?, _ body: [CodeStatement]
  ) -> Flow {
    guard case .array(let elements) = collection else {
      note(line, .loopSkipped(collection.text))
      return .normal
    }
    for element in elements where !stopped {
      scopes.append([name: element])
      defer { scopes.removeLast() }
      if let filter, !decide(evaluate(filter), filter) { continue }
      let flow = execute(body)
      if flow == .broke { break }
      if case .returned = flow { return flow }
    }
    return .normal
  }
}
