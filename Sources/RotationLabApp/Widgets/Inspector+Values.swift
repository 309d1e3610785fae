import CGtk
import RotationCore

/// The inspector's editor of an answer that may depend on the app's flags, as code such as
/// `return self.isLandscape ? .landscape : .portrait` does: always one value, or one value when a
/// flag is YES and another when it is NO — each of which may depend on another flag in turn (as the
/// seed articles' `_orientationMask` does), up to three flags deep. The app delegate's answer may
/// also depend on the window it is asked for (`ifWindow`).
extension Inspector {
  /// How the plain value of an answer is edited (mask checks, an orientation, YES or NO).
  struct LiteralEditor<T> {
    /// The editor of `value`, with accessible names starting with the prefix; `set` takes a new value.
    var make: (_ prefix: String, _ value: T, _ set: @escaping (T) -> Void) -> Widget
  }

  static let deepestCondition = 3

  func valueEditor<T: Sendable & Equatable>(
    _ prefix: String, _ value: Value<T>, flags: [String], windows: [String] = [], literal: LiteralEditor<T>,
    depth: Int = 0, onChange: @escaping (Value<T>) -> Void
  ) -> Widget {
    let column = box(GTK_ORIENTATION_VERTICAL, spacing: 2)
    let plain = Self.firstLiteral(value)
    var shapes: [(String, Value<T>?)] = [(tr("always"), .literal(plain))]
    if depth < Self.deepestCondition {
      // Choosing the condition the value already has keeps it; another starts from its branches.
      let branches = Self.branches(value)
      func shape(keeping same: Bool, _ make: (Value<T>, Value<T>) -> Value<T>) -> Value<T> {
        same ? value : make(branches.then, branches.else)
      }
      let condition = Self.condition(of: value)
      for flag in flags {
        let kept = shape(keeping: condition == .flag(flag)) { .conditional(flag: flag, then: $0, else: $1) }
        shapes.append((tr("depends on %s", flag), kept))
      }
      for window in windows {
        let kept = shape(keeping: condition == .window(window)) { .window(name: window, then: $0, else: $1) }
        shapes.append((tr("depends on the window %s", window), kept))
      }
    }
    let current: Value<T> = if case .literal = value { .literal(plain) } else { value }
    if shapes.count > 1 {
      pack(
        column,
        combo(tr("%s Depends On", prefix), shapes, current: current) { chosen in
          if let chosen { onChange(chosen) }
        })
    }
    switch value {
    case .literal(let plain):
      pack(column, literal.make(prefix, plain) { onChange(.literal($0)) })
    case .conditional(let flag, let then, let otherwise):
      pack(
        column,
        branchEditors(
          prefix, condition: flag, heading: tr("if %s:", flag), then, otherwise, flags: flags,
          windows: windows,
          literal: literal, depth: depth
        ) { onChange(.conditional(flag: flag, then: $0, else: $1)) })
    case .window(let name, let then, let otherwise):
      pack(
        column,
        branchEditors(
          prefix, condition: name, heading: tr("for the window %s:", name), then, otherwise, flags: flags,
          windows: windows, literal: literal, depth: depth
        ) { onChange(.window(name: name, then: $0, else: $1)) })
    }
    return column
  }

  /// The two branches of a condition, indented under it; `onChange` gets both after either changes.
  private func branchEditors<T: Sendable & Equatable>(
    _ prefix: String, condition: String, heading: String, _ then: Value<T>, _ otherwise: Value<T>,
    flags: [String], windows: [String], literal: LiteralEditor<T>, depth: Int,
    onChange: @escaping (Value<T>, Value<T>) -> Void
  ) -> Widget {
    let branches = box(GTK_ORIENTATION_VERTICAL, spacing: 2)
    gtk_widget_set_margin_start(branches, 12)
    pack(branches, label(heading))
    pack(
      branches,
      valueEditor(
        tr("%s if %s", prefix, condition), then, flags: flags, windows: windows, literal: literal,
        depth: depth + 1
      ) { onChange($0, otherwise) })
    pack(branches, label(tr("otherwise:")))
    pack(
      branches,
      valueEditor(
        tr("%s otherwise", prefix), otherwise, flags: flags, windows: windows, literal: literal,
        depth: depth + 1
      ) { onChange(then, $0) })
    return branches
  }

  enum Condition: Equatable {
    case flag(String)
    case window(String)
  }

  /// What a value's first condition is about, if it has one.
  static func condition<T>(of value: Value<T>) -> Condition? {
    switch value {
    case .literal: return nil
    case .conditional(let flag, _, _): return .flag(flag)
    case .window(let name, _, _): return .window(name)
    }
  }

  /// The branches a new condition starts from: the old condition's, or the value twice.
  static func branches<T>(_ value: Value<T>) -> (then: Value<T>, else: Value<T>) {
    switch value {
    case .literal: return (value, value)
    case .conditional(_, let then, let otherwise), .window(_, let then, let otherwise):
      return (then, otherwise)
    }
  }

  /// The first plain value of an answer (its YES branch's, for one that depends on flags).
  static func firstLiteral<T>(_ value: Value<T>) -> T {
    switch value {
    case .literal(let plain): return plain
    case .conditional(_, let then, _), .window(_, let then, _): return firstLiteral(then)
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
    fallback: T, forwards: [ForwardTarget], flags: [String], literal: LiteralEditor<T>,
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
        valueEditor(prefix, value, flags: flags, literal: literal) { onChange(.value($0)) })
    }
    return column
  }
}
