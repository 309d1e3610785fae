/// A value an override returns: a literal, or one of two values chosen by an app flag.
public indirect enum Value<T: Sendable & Equatable>: Sendable, Equatable {
  case literal(T)
  case conditional(flag: String, then: Value<T>, else: Value<T>)

  /// The flags this value reads.
  public var flags: [String] {
    switch self {
    case .literal: return []
    case .conditional(let flag, let then, let otherwise): return [flag] + then.flags + otherwise.flags
    }
  }
}

/// Which child a container subclass forwards an orientation question to (docs/rules.md#forwarding).
public enum ForwardTarget: String, Sendable, CaseIterable {
  /// `topViewController` of a navigation controller.
  case top
  /// `visibleViewController` of a navigation controller: a controller presented over it, else the top.
  case visible
  /// `selectedViewController` of a tab bar controller.
  case selected

  /// The UIKit property the forwarding code reads.
  public var property: String {
    switch self {
    case .top: return "topViewController"
    case .visible: return "visibleViewController"
    case .selected: return "selectedViewController"
    }
  }
}

/// How a class answers one orientation question.
public enum Override<T: Sendable & Equatable>: Sendable, Equatable {
  case value(Value<T>)
  case forward(ForwardTarget)
}
