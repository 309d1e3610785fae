/// A value an override returns: a literal, one of two values chosen by a condition (an app flag,
/// the window asked about, or another condition), a piece of state's value, or a switch over one.
public indirect enum Value<T: Sendable & Equatable>: Sendable, Equatable {
  case literal(T)
  case conditional(flag: String, then: Value<T>, else: Value<T>)
  /// The app delegate's answer for one window (`ifWindow`) and for the others.
  case window(name: String, then: Value<T>, else: Value<T>)
  /// One of two values chosen by a condition other than a flag (`{"if": {"topIs": …}}`).
  case test(Condition, then: Value<T>, else: Value<T>)
  /// The value a piece of state holds (`{"read": NAME}`): the controller's property of that name,
  /// else the app's.
  case read(String)
  /// A `switch` over a piece of state: the first case equal to its value, else the default.
  case choose(String, cases: [SwitchCase<T>], default: Value<T>)
  /// The app's own code (docs/scenario-format.md#code): run by the simulation; only ever the whole
  /// answer, never inside a condition.
  case code(CodeBody)

  /// The flags and state names this value reads, each time it reads one.
  public var flags: [String] {
    switch self {
    case .literal: return []
    case .conditional(let flag, let then, let otherwise): return [flag] + then.flags + otherwise.flags
    case .window(_, let then, let otherwise): return then.flags + otherwise.flags
    case .test(let condition, let then, let otherwise): return condition.names + then.flags + otherwise.flags
    case .read(let name): return [name]
    case .code: return []
    case .choose(let name, let cases, let otherwise):
      return [name] + cases.flatMap(\.value.flags) + otherwise.flags
    }
  }

  /// The windows this value names.
  public var windows: [String] {
    switch self {
    case .literal, .read, .code: return []
    case .conditional(_, let then, let otherwise), .test(_, let then, let otherwise):
      return then.windows + otherwise.windows
    case .window(let name, let then, let otherwise): return [name] + then.windows + otherwise.windows
    case .choose(_, let cases, let otherwise): return cases.flatMap(\.value.windows) + otherwise.windows
    }
  }

  /// The conditions this value tests (`topIs` names a class).
  public var conditions: [Condition] {
    switch self {
    case .literal, .read, .code: return []
    case .conditional(_, let then, let otherwise), .window(_, let then, let otherwise):
      return then.conditions + otherwise.conditions
    case .test(let condition, let then, let otherwise):
      return [condition] + then.conditions + otherwise.conditions
    case .choose(_, let cases, let otherwise): return cases.flatMap(\.value.conditions) + otherwise.conditions
    }
  }

  /// The same value with `transform` applied to each condition it tests.
  public func mappingConditions(_ transform: (Condition) -> Condition) -> Value<T> {
    switch self {
    case .literal, .read, .code: return self
    case .conditional(let flag, let then, let otherwise):
      return .conditional(
        flag: flag, then: then.mappingConditions(transform), else: otherwise.mappingConditions(transform))
    case .window(let name, let then, let otherwise):
      return .window(
        name: name, then: then.mappingConditions(transform), else: otherwise.mappingConditions(transform))
    case .test(let condition, let then, let otherwise):
      return .test(
        transform(condition), then: then.mappingConditions(transform),
        else: otherwise.mappingConditions(transform))
    case .choose(let name, let cases, let otherwise):
      return .choose(
        name,
        cases: cases.map { SwitchCase($0.match, $0.value.mappingConditions(transform)) },
        default: otherwise.mappingConditions(transform))
    }
  }
}

/// One case of a `switch` over state: the value it matches and the answer.
public struct SwitchCase<T: Sendable & Equatable>: Sendable, Equatable {
  public var match: StateValue
  public var value: Value<T>

  public init(_ match: StateValue, _ value: Value<T>) {
    self.match = match
    self.value = value
  }
}

/// Which controller a class forwards an orientation question to (docs/rules.md#forwarding).
public enum ForwardTarget: Sendable, Equatable, Hashable {
  /// `topViewController` of a navigation controller.
  case top
  /// `visibleViewController` of a navigation controller: a controller presented over it, else the top.
  case visible
  /// `selectedViewController` of a tab bar controller.
  case selected
  /// `childViewControllers[index]` of a custom container; a negative index counts from the end.
  case child(Int)
  /// A split view controller's column (`viewControllerForColumn:`).
  case column(SplitColumn)
  /// `viewControllers.firstObject` of a page view controller: the current page.
  case current
  /// `presentedViewController`: the controller presented over this one's level, if any.
  case presented
  /// `presentingViewController`: UIKit's own deferral for an alert, and what a presented
  /// controller's code can answer with (`{"forwardTo": "presenting"}`).
  case presenting

  /// `selectedIndex` of a tab bar or page view controller: the condition `{"selectedIndexIs": N}`.
  public static let selectedIndexWord = "selectedIndexIs"

  /// The word the scenario format uses after `forwardTo`.
  public var word: String {
    switch self {
    case .top: return "top"
    case .visible: return "visible"
    case .selected: return "selected"
    case .child: return "child"
    case .column(let column): return column.rawValue
    case .current: return "current"
    case .presented: return "presented"
    case .presenting: return "presenting"
    }
  }

  /// A short label: the word, with a child's index (`child[-1]`).
  public var label: String {
    if case .child(let index) = self { return "child[\(index)]" }
    return word
  }

  /// Every word `forwardTo` accepts.
  public static let words = [
    "top", "visible", "selected", "child", "primary", "supplementary", "secondary", "current", "presented",
    "presenting",
  ]

  /// The UIKit property the forwarding code reads.
  public var property: String {
    switch self {
    case .top: return "topViewController"
    case .visible: return "visibleViewController"
    case .selected: return "selectedViewController"
    case .child(let index): return "childViewControllers[\(index)]"
    case .column(let column): return "viewControllerForColumn:\(column.rawValue)"
    case .current: return "viewControllers.firstObject"
    case .presented: return "presentedViewController"
    case .presenting: return "presentingViewController"
    }
  }

  /// Whether a class of `kind` has this property to forward to (`presented` fits every kind).
  public func fits(_ kind: ControllerKind) -> Bool {
    switch (kind, self) {
    case (_, .presented), (_, .presenting), (.navigation, .top), (.navigation, .visible),
      (.tabBar, .selected),
      // `childViewControllers` of any container: a tab bar's tabs and a navigation stack are its
      // children too (`viewControllers.lastObject`).
      (.container, .child), (.tabBar, .child), (.navigation, .child), (.splitView, .column),
      (.pageView, .current):
      return true
    default: return false
    }
  }

  /// The targets offered for a class of `kind`: a container's first and last child, a split view's
  /// columns, and so on; `presented` last.
  public static func offered(for kind: ControllerKind) -> [ForwardTarget] {
    let own: [ForwardTarget]
    switch kind {
    case .navigation: own = [.top, .visible]
    case .tabBar: own = [.selected]
    case .container: own = [.child(0), .child(-1)]
    case .splitView: own = SplitColumn.allCases.map(ForwardTarget.column)
    case .pageView: own = [.current]
    case .view, .alert: own = []
    }
    return own + [.presented]
  }
}

/// How a class answers one orientation question.
public indirect enum Override<T: Sendable & Equatable>: Sendable, Equatable {
  case value(Value<T>)
  case forward(ForwardTarget)
  /// One answer or the other by a condition, where one of them forwards
  /// (`if ([self.topViewController isKindOfClass:…]) return [self.topViewController shouldAutorotate]; return NO;`).
  case branch(Condition, then: Override<T>, else: Override<T>)

  /// The values at its leaves (a branch's, each).
  public var values: [Value<T>] {
    switch self {
    case .value(let value): return [value]
    case .forward: return []
    case .branch(_, let then, let otherwise): return then.values + otherwise.values
    }
  }

  /// The conditions its branches test.
  public var conditions: [Condition] {
    switch self {
    case .value(let value): return value.conditions
    case .forward: return []
    case .branch(let condition, let then, let otherwise):
      return [condition] + then.conditions + otherwise.conditions
    }
  }
}
