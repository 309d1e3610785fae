import CGtk
import RotationCore

/// The inspector's editor of an answer that may depend on the app's state, as code such as
/// `return self.isLandscape ? .landscape : .portrait` does: always one value, or one value when a
/// flag is YES and another when it is NO — each of which may depend on another flag in turn (as the
/// seed articles' `_orientationMask` does), up to three conditions deep; the value a piece of state
/// holds (`return AppDelegate.orientationLock`), or a `switch` over one. The app delegate's answer
/// may also depend on the window it is asked for (`ifWindow`), and it and a container's on the
/// controller on top (`topViewController is PlayerViewController`).
extension Inspector {
  /// How the plain value of an answer is edited (mask checks, an orientation, YES or NO).
  struct LiteralEditor<T> {
    /// The editor of `value`, with accessible names starting with the prefix; `set` takes a new value.
    var make: (_ prefix: String, _ value: T, _ set: @escaping (T) -> Void) -> Widget
  }

  /// What an answer can depend on where it is edited: the Bools (app flags and the class's Bool
  /// properties), the windows, the state of other types (the app's and the class's), and the
  /// classes a `topIs` condition can name.
  struct ValueContext {
    var flags: [String] = []
    var windows: [String] = []
    var states: [StateVariable] = []
    var tops: [String] = []

    /// For the code of `className` (nil: the app delegate's answer) in `scenario`.
    init(_ scenario: Scenario, className: String?) {
      let own = className.flatMap { name in scenario.classes.first { $0.name == name } }
      flags =
        scenario.app.flags.map(\.name) + (own?.properties.filter { $0.value.type == .bool }.map(\.name) ?? [])
      states = scenario.app.state + (own?.properties.filter { $0.value.type != .bool } ?? [])
      if className == nil {
        windows = scenario.windows.isEmpty ? [] : scenario.windowNames
      }
      // Who tests the controller on top: the app delegate, and the containers over it.
      if className == nil || [.navigation, .tabBar].contains(own?.kind) {
        tops = scenario.classes.filter { $0.kind == .view }.map(\.name)
      }
    }
  }

  static let deepestCondition = 3

  func valueEditor<T: Sendable & Equatable>(
    _ prefix: String, _ value: Value<T>, context: ValueContext, literal: LiteralEditor<T>,
    depth: Int = 0, onChange: @escaping (Value<T>) -> Void
  ) -> Widget {
    let column = box(GTK_ORIENTATION_VERTICAL, spacing: 2)
    let plain = Self.firstLiteral(value)
    let current: Value<T> = if case .literal = value { .literal(plain) } else { value }
    var shapes: [(String, Value<T>?)] = [(tr("always"), .literal(plain))]
    if depth < Self.deepestCondition {
      shapes += Self.shapes(of: value, context: context)
    }
    if !shapes.contains(where: { $0.1 == current }) {
      // A shape from the file the choices do not make (a condition on the device, say): kept.
      shapes.append((tr("as in the file"), current))
    }
    if shapes.count > 1 {
      pack(
        column,
        combo(tr("%s Depends On", prefix), shapes, current: current) { chosen in
          if let chosen { onChange(chosen) }
        })
    }
    func branches(
      _ condition: String, _ heading: String, _ then: Value<T>, _ otherwise: Value<T>,
      _ make: @escaping (Value<T>, Value<T>) -> Value<T>
    ) {
      pack(
        column,
        branchEditors(
          prefix, condition: condition, heading: heading, then, otherwise, context: context, literal: literal,
          depth: depth
        ) { onChange(make($0, $1)) })
    }
    switch value {
    case .literal(let plain):
      pack(column, literal.make(prefix, plain) { onChange(.literal($0)) })
    case .conditional(let flag, let then, let otherwise):
      branches(flag, tr("if %s:", flag), then, otherwise) { .conditional(flag: flag, then: $0, else: $1) }
    case .window(let name, let then, let otherwise):
      branches(name, tr("for the window %s:", name), then, otherwise) {
        .window(name: name, then: $0, else: $1)
      }
    case .test(let condition, let then, let otherwise):
      let text = condition.described.text
      branches(text, tr("if %s:", text), then, otherwise) { .test(condition, then: $0, else: $1) }
    case .read(let name):
      let note = label(tr("returns the value %s holds", name), wrap: true)
      addStyleClass(note, "dim-label")
      pack(column, note)
    case .code(let body):
      // The app's own code, as written; the call order shows what it answered at the shown step.
      let place = label(tr("the app's code at %s:", body.place(1)), wrap: true)
      addStyleClass(place, "dim-label")
      pack(column, place)
      let source = label(Self.dedented(body.source), wrap: true, selectable: true)
      addStyleClass(source, "monospace")
      pack(column, source)
    case .choose(let name, let cases, let otherwise):
      pack(
        column,
        switchEditor(
          prefix, name, cases, otherwise, context: context, literal: literal, depth: depth, onChange: onChange
        ))
    }
    return column
  }

  /// A body as it reads on its own: the blank lines around it and the indentation its lines share
  /// taken away (the narrow column wraps less).
  static func dedented(_ source: String) -> String {
    var lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    while let first = lines.first, first.allSatisfy(\.isWhitespace) { lines.removeFirst() }
    while let last = lines.last, last.allSatisfy(\.isWhitespace) { lines.removeLast() }
    let indents = lines.filter { !$0.allSatisfy(\.isWhitespace) }.map {
      $0.prefix(while: { $0 == " " || $0 == "\t" }).count
    }
    let common = indents.min() ?? 0
    return lines.map {
      String($0.dropFirst(min(common, $0.prefix(while: { $0 == " " || $0 == "\t" }).count)))
    }
    .joined(separator: "\n")
  }

  /// The shapes an answer can take besides a plain value: each keeps the value's branches.
  static func shapes<T: Sendable & Equatable>(of value: Value<T>, context: ValueContext) -> [(
    String, Value<T>?
  )] {
    // Choosing the shape the value already has keeps it; another starts from its branches.
    let (then, otherwise) = branches(value)
    func kept(_ shape: Value<T>) -> Value<T> { sameShape(shape, value) ? value : shape }
    var shapes: [(String, Value<T>?)] = []
    for flag in context.flags {
      shapes.append((tr("depends on %s", flag), kept(.conditional(flag: flag, then: then, else: otherwise))))
    }
    for window in context.windows {
      shapes.append(
        (tr("depends on the window %s", window), kept(.window(name: window, then: then, else: otherwise))))
    }
    for top in context.tops {
      shapes.append(
        (tr("depends on whether %s is on top", top), kept(.test(.topIs(top), then: then, else: otherwise))))
    }
    let wanted = StateType.of(T.self)
    for state in context.states {
      if state.value.type == wanted { shapes.append((tr("returns %s", state.name), .read(state.name))) }
      shapes.append(
        (
          tr("switch over %s", state.name),
          kept(.choose(state.name, cases: [SwitchCase(state.value, then)], default: otherwise))
        ))
    }
    return shapes
  }

  /// Whether two values have the same shape: the same kind of condition on the same thing.
  static func sameShape<T>(_ lhs: Value<T>, _ rhs: Value<T>) -> Bool {
    switch (lhs, rhs) {
    case (.conditional(let a, _, _), .conditional(let b, _, _)): return a == b
    case (.window(let a, _, _), .window(let b, _, _)): return a == b
    case (.test(let a, _, _), .test(let b, _, _)): return a == b
    case (.choose(let a, _, _), .choose(let b, _, _)): return a == b
    case (.read(let a), .read(let b)): return a == b
    default: return false
    }
  }

  /// The two branches of a condition, indented under it; `onChange` gets both after either changes.
  private func branchEditors<T: Sendable & Equatable>(
    _ prefix: String, condition: String, heading: String, _ then: Value<T>, _ otherwise: Value<T>,
    context: ValueContext, literal: LiteralEditor<T>, depth: Int,
    onChange: @escaping (Value<T>, Value<T>) -> Void
  ) -> Widget {
    let branches = box(GTK_ORIENTATION_VERTICAL, spacing: 2)
    gtk_widget_set_margin_start(branches, 12)
    pack(branches, label(heading))
    pack(
      branches,
      valueEditor(
        tr("%s if %s", prefix, condition), then, context: context, literal: literal, depth: depth + 1
      ) { onChange($0, otherwise) })
    pack(branches, label(tr("otherwise:")))
    pack(
      branches,
      valueEditor(
        tr("%s otherwise", prefix), otherwise, context: context, literal: literal, depth: depth + 1
      ) { onChange(then, $0) })
    return branches
  }

  /// The branches a new condition starts from: the old condition's (a switch's first case and
  /// default), or the value twice.
  static func branches<T>(_ value: Value<T>) -> (then: Value<T>, else: Value<T>) {
    switch value {
    case .literal, .read, .code: return (value, value)
    case .conditional(_, let then, let otherwise), .window(_, let then, let otherwise),
      .test(_, let then, let otherwise):
      return (then, otherwise)
    case .choose(_, let cases, let otherwise): return (cases.first?.value ?? otherwise, otherwise)
    }
  }

  /// The first plain value of an answer (its YES branch's, for one that depends on flags).
  static func firstLiteral<T>(_ value: Value<T>) -> T {
    switch value {
    case .literal(let plain): return plain
    case .read, .code: return StateValue.first(of: T.self)
    case .conditional(_, let then, _), .window(_, let then, _), .test(_, let then, _):
      return firstLiteral(then)
    case .choose(_, let cases, let otherwise): return firstLiteral(cases.first?.value ?? otherwise)
    }
  }

  var maskEditor: LiteralEditor<OrientationMask> {
    LiteralEditor { [unowned self] prefix, mask, set in
      self.maskChecks(prefix: prefix, mask: mask, sensitive: true, onChange: set)
    }
  }

  var orientationEditor: LiteralEditor<InterfaceOrientation> {
    LiteralEditor { [unowned self] prefix, orientation, set in
      self.combo(prefix, InterfaceOrientation.concrete.map { ($0.name, $0) }, current: orientation) {
        if let chosen = $0 { set(chosen) }
      }
    }
  }

  var yesNoEditor: LiteralEditor<Bool> {
    LiteralEditor { [unowned self] prefix, answer, set in
      self.combo(prefix, [("YES", true), ("NO", false)], current: answer) {
        if let chosen = $0 { set(chosen) }
      }
    }
  }

  /// An override's editor: not overridden, an answer (edited as above), or forwarded to a child.
  func overrideEditor<T: Sendable & Equatable>(
    _ title: String, accessibleName: String, prefix: String, _ current: Override<T>?, notOverridden: String,
    fallback: T, forwards: [ForwardTarget], context: ValueContext, literal: LiteralEditor<T>,
    onChange: @escaping (Override<T>?) -> Void
  ) -> Widget {
    let column = box(GTK_ORIENTATION_VERTICAL, spacing: 2)
    var answer: Value<T> = .literal(fallback)
    if case .value(let value)? = current { answer = value }
    var choices: [(String, Override<T>?)] = [(notOverridden, nil), (tr("returns"), .value(answer))]
    choices += forwards.map { (tr("forward to %s", $0.property), .forward($0)) }
    if let current, !choices.contains(where: { $0.1 == current }) {
      choices.append((tr("as in the file"), current))
    }
    pack(column, row(title, combo(accessibleName, choices, current: current, onChange: onChange)))
    if case .value(let value)? = current {
      pack(
        column,
        valueEditor(prefix, value, context: context, literal: literal) { onChange(.value($0)) })
    }
    return column
  }
}
