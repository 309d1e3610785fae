/// Where a KVC forcing call gets its orientation from.
public enum DeviceOrientationSource: Sendable, Equatable {
  case orientation(DeviceOrientation)
  /// `UIDevice.current.setValue(preferredInterfaceOrientationForPresentation.rawValue, …)` as in
  /// docs/rules.md#kvc-preferred-raw-value: the receiver's own preferred interface orientation, passed as a raw value.
  case selfPreferred
  /// `let saved = UIDevice.current.orientation` … `UIDevice.current.setValue(saved.rawValue, …)`: what
  /// UIDevice reported when the running method began, written back after the method's own forcing
  /// (capacitor-screen-orientation PR #14). Outside a method, what it reports now.
  case saved
}

/// The `UIWindowSceneGeometryPreferences` subclass a geometry request passes.
public enum GeometryPreferences: String, Sendable, CaseIterable {
  case iOS
  case macOS
  case visionOS

  public var className: String {
    switch self {
    case .iOS: return "UIWindowSceneGeometryPreferencesIOS"
    case .macOS: return "UIWindowSceneGeometryPreferencesMac"
    case .visionOS: return "UIWindowSceneGeometryPreferencesVision"
    }
  }
}

/// A user's action, a script's step, or an action run by a hook or method.
public enum Action: Sendable, Equatable {
  case launch
  case rotateDevice(DeviceOrientation)
  case setOrientationLock(Bool)
  case push(Node)
  case pop
  case present(Node, style: PresentationStyle?)
  case dismiss
  case selectTab(Int)
  case setFlag(String, Bool)
  case setDeviceOrientation(DeviceOrientationSource)
  case attemptRotationToDeviceOrientation
  /// A method of a controller or the app delegate; `args` are the literal arguments of an
  /// imported Dart or JavaScript function, read in its body as `{"arg": N}`.
  case call(String, on: String?, args: [JSONValue] = [])
  case log(String)
  /// `-[UIViewController setNeedsUpdateOfSupportedInterfaceOrientations]` (iOS 16+) on an instance of
  /// the class, or on the deciding controller when nil.
  case setNeedsUpdateOfSupportedInterfaceOrientations(String?)
  /// iOS 26's `-[UIViewController setNeedsUpdateOfPrefersInterfaceOrientationLocked]` on an instance of
  /// the class, or on the deciding controller when nil (docs/rules.md#orientation-lock-preference).
  case setNeedsUpdateOfPrefersInterfaceOrientationLocked(String?)
  /// `-[UIWindowScene requestGeometryUpdate:]` with `UIWindowSceneGeometryPreferencesIOS(interfaceOrientations:)`,
  /// or another platform's preferences object.
  case requestGeometryUpdate(OrientationMask, preferences: GeometryPreferences = .iOS)
  /// `window.hidden = NO`.
  case showWindow(String)
  /// `window.hidden = YES`.
  case hideWindow(String)
  /// `-[UIWindow makeKeyAndVisible]`.
  case makeKeyAndVisible(String)
  /// A tree event (push, pop, present, dismiss, selectTab) sent to a window other than the key one.
  indirect case inWindow(String, Action)
  /// Sets a piece of state: the running controller's property of that name, else the app's.
  case setState(String, StateValue)
  /// A call of a plugin's Dart or JavaScript function, run as its native steps (docs/rules.md#plugins).
  case plugin(PluginCall)
  /// Flips a Bool: the running controller's property, else the app's flag (`isSelected.toggle()`).
  case toggle(String)
  /// Runs `then` or `else` by a condition.
  indirect case when(Condition, then: [Action], else: [Action])
  /// `self.navigationController.delegate = self` (or the tab bar controller's): the running
  /// controller answers for the nearest container of that kind above it.
  case setDelegate(ControllerKind)
  /// The app's own code, run as it is written (docs/scenario-format.md#code): what it does to UIKit
  /// and to the app's state is performed as the vocabulary's actions would be.
  case code(CodeBody)

  /// A short label for headers and timelines (`push LandscapeRightVC`), in the reader's language.
  /// A method as a call writes it: `PlayerService.only(["portraitUp"])`, or its bare name.
  public static func called(_ name: String, args: [JSONValue]) -> String {
    args.isEmpty ? name : name + "(" + args.map { $0.serialized() }.joined(separator: ", ") + ")"
  }

  public var label: String { described.text }

  /// What a push or presentation sets on the new instance, as code says it (` with isFullScreen = NO`).
  static func settings(_ node: Node) -> String {
    node.properties.isEmpty
      ? "" : " with " + node.properties.map { "\($0.name) = \($0.value.text)" }.joined(separator: ", ")
  }

  /// The step's name as data: translated at the edge, English in `trace --json`.
  public var described: Phrase {
    switch self {
    case .launch: return Phrase(verbatim: "launch")
    case .rotateDevice(let o): return say("rotate device to %s", o.name)
    case .setOrientationLock(let on): return on ? say("orientation lock on") : say("orientation lock off")
    case .push(let node): return Phrase(verbatim: "push \(node.className)" + Self.settings(node))
    case .pop: return Phrase(verbatim: "pop")
    case .present(let node, let style):
      return Phrase(
        verbatim: "present \(node.className)" + (style.map { " (\($0.rawValue))" } ?? "")
          + Self.settings(node))
    case .dismiss: return Phrase(verbatim: "dismiss")
    case .selectTab(let index): return say("select tab %s", index)
    case .setFlag(let name, let value): return say("set %s = %s", name, value ? "YES" : "NO")
    case .setDeviceOrientation(.orientation(let o)): return say("force device orientation %s (KVC)", o.name)
    case .setDeviceOrientation(.selfPreferred):
      return say("force device orientation to preferredInterfaceOrientationForPresentation (KVC)")
    case .setDeviceOrientation(.saved):
      return say("force device orientation back to the one saved when the method began (KVC)")
    case .attemptRotationToDeviceOrientation: return Phrase(verbatim: "attemptRotationToDeviceOrientation")
    case .call(let name, let on, let args):
      let called = Self.called(name, args: args)
      return on.map { say("call %s %s", $0, called) } ?? say("call %s", called)
    case .log(let text): return say("log \"%s\"", text)
    case .setNeedsUpdateOfSupportedInterfaceOrientations(let name):
      return name.map { say("setNeedsUpdateOfSupportedInterfaceOrientations on %s", $0) }
        ?? Phrase(verbatim: "setNeedsUpdateOfSupportedInterfaceOrientations")
    case .setNeedsUpdateOfPrefersInterfaceOrientationLocked(let name):
      return name.map { say("setNeedsUpdateOfPrefersInterfaceOrientationLocked on %s", $0) }
        ?? Phrase(verbatim: "setNeedsUpdateOfPrefersInterfaceOrientationLocked")
    case .requestGeometryUpdate(let mask, .iOS): return Phrase(verbatim: "requestGeometryUpdate \(mask.name)")
    case .requestGeometryUpdate(_, let other):
      return Phrase(verbatim: "requestGeometryUpdate (\(other.className))")
    case .showWindow(let name): return say("show window %s", name)
    case .hideWindow(let name): return say("hide window %s", name)
    case .makeKeyAndVisible(let name): return Phrase(verbatim: "makeKeyAndVisible \(name)")
    case .plugin(let call): return Phrase(verbatim: "\(call.plugin) \(call.call)")
    case .inWindow(let name, let action): return say("%s in window %s", action.described, name)
    case .setState(let name, let value): return say("set %s = %s", name, value.text)
    case .toggle(let name): return Phrase(verbatim: "toggle \(name)")
    case .setDelegate(let kind): return Phrase(verbatim: "\(kind.delegatePrefix).delegate = self")
    case .code(let body): return say("run the app's code at %s", body.place(1))
    case .when(let condition, let then, let otherwise):
      func list(_ actions: [Action]) -> Phrase {
        actions.enumerated().reduce(Phrase()) { said, next in
          said + (next.offset > 0 ? Phrase(verbatim: ", ") : Phrase()) + next.element.described
        }
      }
      let branches = otherwise.isEmpty ? list(then) : say("%s; otherwise %s", list(then), list(otherwise))
      return say("if %s: %s", condition.described, branches)
    }
  }
}
