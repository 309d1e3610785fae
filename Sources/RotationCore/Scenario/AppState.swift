// MARK: - Design note
//
// Real apps hold orientation in state and change it as the person moves through them: a mask
// stored in the app delegate (`AppDelegate.orientationLock`, `AppUtility.lockOrientation`), a
// property the presenter sets before `present` (`vc.supportedOrientations = .landscapeLeft`), an
// enum of screens that a `switch` answers from. The scenario format says this with typed values:
//
//   app.state        NAME → initial value, shared by the app (`{"mask": "portrait"}`)
//   class properties NAME → initial value, one per instance (`"set"` on a push or present sets it)
//   answers          {"read": NAME}, {"switch": NAME, "cases": {…}, "default": V},
//                    {"if": CONDITION, "then": V, "else": V}
//   actions          {"set": NAME, "to": V}, {"toggle": NAME}, {"if": CONDITION, "then": [...], "else": [...]}
//
// Bool flags (`app.flags`, `setFlag`) keep their meaning; a Bool property of a class is per
// instance. Every piece of state keeps the name the app's code gives it.

/// A value of the app's state: a Bool, a mask, an interface orientation, or a case of one of the
/// app's enums (its name, as the code spells it: `player`).
public enum StateValue: Sendable, Equatable, Hashable {
  case bool(Bool)
  case mask(OrientationMask)
  case orientation(InterfaceOrientation)
  case word(String)

  public var type: StateType {
    switch self {
    case .bool: return .bool
    case .mask: return .mask
    case .orientation: return .orientation
    case .word: return .word
    }
  }

  /// The value as an answer of type `T` (a mask for `supportedInterfaceOrientations`…), nil when
  /// it is of another type.
  public func answer<T>(_: T.Type) -> T? {
    switch self {
    case .bool(let value): return value as? T
    case .mask(let value): return value as? T
    case .orientation(let value): return value as? T
    case .word(let value): return value as? T
    }
  }

  /// How the value reads in traces and reasons: `YES`, `landscape`, `player`.
  public var text: String {
    switch self {
    case .bool(let value): return value ? "YES" : "NO"
    case .mask(let value): return value.name
    case .orientation(let value): return value.name
    case .word(let value): return value
    }
  }
}

/// The types of state, as the format names them (`{"mask": …}`).
public enum StateType: String, Sendable, CaseIterable {
  case bool
  case mask
  case orientation
  /// A case of the app's own enum.
  case word = "case"

  /// The type an answer of `T` reads.
  public static func of<T>(_: T.Type) -> StateType? {
    if T.self == Bool.self { return .bool }
    if T.self == OrientationMask.self { return .mask }
    if T.self == InterfaceOrientation.self { return .orientation }
    return nil
  }
}

/// A named piece of state and its value at launch (or at an instance's creation).
public struct StateVariable: Sendable, Equatable {
  public var name: String
  public var value: StateValue

  public init(name: String, value: StateValue) {
    self.name = name
    self.value = value
  }
}

/// What a conditional answer or action tests.
public enum Condition: Sendable, Equatable {
  /// A Bool: the running controller's property of that name, else the app's flag.
  case flag(String)
  /// A piece of state (the controller's property, else the app's) equals a value.
  case equals(String, StateValue)
  /// The controller on top of the key window's tree — the top-most presented one, else a
  /// navigation controller's top, a tab bar controller's selected tab, down to a controller that
  /// shows no other — is of this class, or lists it in `isA` (a base class or a protocol), as
  /// `topViewController is PlayerViewController` or `responds(to:)` test.
  case topIs(String)
  /// `UIDevice.current.orientation` is one of these (`orientation.isLandscape`).
  case device([DeviceOrientation])
  /// The interface is in one of these (`UIApplication.shared.statusBarOrientation.isPortrait`).
  case interface([InterfaceOrientation])
  /// A question a lifecycle method asks of its own controller during the transition.
  case transition(TransitionQuery)
  /// `#available(iOS 16, *)`: the system is this version or later.
  case available(SystemVersion)
  /// The answering tab bar (or page view) controller's selected index is this one
  /// (`selectedViewController == viewControllers[0]`).
  case selectedIndex(Int)
  /// The method's Nth literal argument equals a value (`orientation === 'landscape'` in an imported
  /// JavaScript function; docs/import.md#dart-and-javascript).
  case argument(Int, JSONValue)
  /// The opposite.
  indirect case not(Condition)

  /// The flags and state names the condition reads.
  public var names: [String] {
    switch self {
    case .flag(let name), .equals(let name, _): return [name]
    case .not(let inner): return inner.names
    case .topIs, .device, .interface, .transition, .available, .selectedIndex, .argument: return []
    }
  }
}

/// `isMovingFromParent`, `isBeingDismissed` and their pair: what a controller's appearance
/// callbacks ask about the transition that runs them.
public enum TransitionQuery: String, Sendable, CaseIterable {
  case isMovingFromParent
  case isMovingToParent
  case isBeingDismissed
  case isBeingPresented
}

extension Condition {
  /// The condition as code would write it: `screen == player`, `top is PlayerVC`.
  public var described: Phrase {
    switch self {
    case .flag(let name): return Phrase(verbatim: name)
    case .equals(let name, let value): return Phrase(verbatim: "\(name) == \(value.text)")
    case .topIs(let name): return Phrase(verbatim: "top is \(name)")
    case .device(let orientations):
      return Phrase(verbatim: "UIDevice.orientation in [\(orientations.map(\.name).joined(separator: ", "))]")
    case .interface(let orientations):
      return Phrase(verbatim: "statusBarOrientation in [\(orientations.map(\.name).joined(separator: ", "))]")
    case .transition(let query): return Phrase(verbatim: query.rawValue)
    case .available(let version): return Phrase(verbatim: "#available(iOS \(version.text), *)")
    case .selectedIndex(let index): return Phrase(verbatim: "selectedIndex == \(index)")
    case .argument(let index, let value):
      return Phrase(verbatim: "argument \(index) == \(value.serialized())")
    case .not(let inner): return Phrase(verbatim: "!(\(inner.described.text))")
    }
  }

  /// The same condition with `rename` applied to the class a `topIs` names.
  public func renamingClass(_ rename: (String) -> String) -> Condition {
    switch self {
    case .topIs(let name): return .topIs(rename(name))
    case .not(let inner): return .not(inner.renamingClass(rename))
    default: return self
    }
  }
}
