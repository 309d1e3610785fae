// MARK: - Design note
//
// A scenario is an app's configuration (Info.plist, app delegate, flags), its classes and what
// each overrides, the window's controller tree, and the events to replay. It is plain data:
// `ScenarioDecoder` builds it from `rotation-lab.scenario/1` JSON with path-naming errors and
// `ScenarioEncoder` writes it back. The simulator reads it and never changes it.
//
//   Scenario
//   ├── system (version, idiom, homeButton)     device (orientation, lock)
//   ├── app (infoPlist?, delegate mask?, flags, methods)
//   ├── classes: name → ClassSpec (kind, overrides, lifecycle hooks, methods)
//   ├── window.root: Node (class, stack | tabs + selected)
//   └── steps: [Action]

/// The scenario file format this build reads and writes.
public let scenarioFormat = "rotation-lab.scenario/1"

/// A whole scenario file.
public struct Scenario: Sendable, Equatable {
  public var title: String
  public var system: SystemConfig
  public var device: DeviceConfig
  public var app: AppConfig
  /// Classes in file order.
  public var classes: [ClassSpec]
  public var window: Node
  public var steps: [Action]

  public init(
    title: String, system: SystemConfig, device: DeviceConfig, app: AppConfig,
    classes: [ClassSpec], window: Node, steps: [Action]
  ) {
    self.title = title
    self.system = system
    self.device = device
    self.app = app
    self.classes = classes
    self.window = window
    self.steps = steps
  }

  /// Whether the app runs in iPad multitasking, where UIKit asks no controller and the interface
  /// follows the device (rule 20): an iPad app on iOS 9 or later that supports all four
  /// orientations in Info.plist and does not require full screen, unless `system.multitasking` says.
  public var multitasking: Bool {
    guard system.idiom == .pad, system.version.major >= 9 else { return false }
    if let explicit = system.multitasking { return explicit }
    let plist = app.infoPlist.map(OrientationMask.init) ?? system.idiomDefaultMask
    return plist == .all && !app.requiresFullScreen
  }

  /// The class named `name`, if the scenario declares it.
  public func spec(named name: String) -> ClassSpec? {
    classes.first(where: { $0.name == name })
  }
}

/// An iOS version such as `13.0`.
public struct SystemVersion: Sendable, Equatable, Comparable, CustomStringConvertible {
  public var major: Int
  public var minor: Int
  public var text: String

  public init?(_ text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }),
      let major = Int(parts[0])
    else { return nil }
    self.major = major
    self.minor = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
    self.text = text
  }

  public var description: String { text }

  public static func < (lhs: SystemVersion, rhs: SystemVersion) -> Bool {
    (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
  }

  public static func == (lhs: SystemVersion, rhs: SystemVersion) -> Bool {
    lhs.major == rhs.major && lhs.minor == rhs.minor
  }
}

/// Which rules a system version follows.
public enum BehaviourProfile: String, Sendable {
  /// iOS 6 to 15: `shouldAutorotate`, KVC forcing, `attemptRotationToDeviceOrientation`.
  case classic
  /// iOS 16 and later: cached supported orientations, `setNeedsUpdateOfSupportedInterfaceOrientations`,
  /// `requestGeometryUpdate` (rules document, section 6).
  case modern

  public var summary: String {
    switch self {
    case .classic: return "classic rules (iOS 6–15)"
    case .modern: return "iOS 16+ rules"
    }
  }
}

public struct SystemConfig: Sendable, Equatable {
  public var version: SystemVersion
  public var idiom: Idiom
  public var homeButton: Bool
  /// iPad multitasking (Split View, Slide Over); nil means UIKit's default for the app (rule 20).
  public var multitasking: Bool?

  public init(version: SystemVersion, idiom: Idiom, homeButton: Bool, multitasking: Bool? = nil) {
    self.version = version
    self.idiom = idiom
    self.homeButton = homeButton
    self.multitasking = multitasking
  }

  public var profile: BehaviourProfile { version.major >= 16 ? .modern : .classic }

  /// Rule 3: iPads support all four orientations; iPhones without a Home button cannot be used
  /// upside down.
  public var deviceMask: OrientationMask {
    idiom == .phone && !homeButton ? .allButUpsideDown : .all
  }

  /// Rules 1–2: the mask UIKit uses when the Info.plist key is absent, and the default
  /// `supportedInterfaceOrientations`: all on iPad, all but upside-down on iPhone.
  public var idiomDefaultMask: OrientationMask {
    idiom == .pad ? .all : .allButUpsideDown
  }
}

public struct DeviceConfig: Sendable, Equatable {
  public var orientation: DeviceOrientation
  public var orientationLock: Bool

  public init(orientation: DeviceOrientation, orientationLock: Bool) {
    self.orientation = orientation
    self.orientationLock = orientationLock
  }
}

public struct AppConfig: Sendable, Equatable {
  public var delegateClass: String
  /// `UISupportedInterfaceOrientations` in file order; nil when the key is absent.
  public var infoPlist: [InterfaceOrientation]?
  /// The app delegate's `application:supportedInterfaceOrientationsForWindow:`; nil when the
  /// delegate does not implement it.
  public var supportedInterfaceOrientationsForWindow: Value<OrientationMask>?
  /// Flags in file order with their values at launch.
  public var flags: [Flag]
  /// Named methods of the app delegate.
  public var methods: [Method]
  /// `UIRequiresFullScreen`: the iPad app opts out of multitasking.
  public var requiresFullScreen: Bool

  public init(
    delegateClass: String = "AppDelegate", infoPlist: [InterfaceOrientation]? = nil,
    supportedInterfaceOrientationsForWindow: Value<OrientationMask>? = nil, flags: [Flag] = [],
    methods: [Method] = [], requiresFullScreen: Bool = false
  ) {
    self.delegateClass = delegateClass
    self.infoPlist = infoPlist
    self.supportedInterfaceOrientationsForWindow = supportedInterfaceOrientationsForWindow
    self.flags = flags
    self.methods = methods
    self.requiresFullScreen = requiresFullScreen
  }
}

public struct Flag: Sendable, Equatable {
  public var name: String
  public var value: Bool
  public init(name: String, value: Bool) {
    self.name = name
    self.value = value
  }
}

public struct Method: Sendable, Equatable {
  public var name: String
  public var actions: [Action]
  public init(name: String, actions: [Action]) {
    self.name = name
    self.actions = actions
  }
}

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

/// Which child a container subclass forwards an orientation question to (rule 7).
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

public enum ControllerKind: String, Sendable, CaseIterable {
  case view
  case navigation
  case tabBar

  /// The UIKit superclass the scenario's class subclasses.
  public var uikitClass: String {
    switch self {
    case .view: return "UIViewController"
    case .navigation: return "UINavigationController"
    case .tabBar: return "UITabBarController"
    }
  }
}

/// The lifecycle and transition methods a class can override with actions.
public enum LifecycleSelector: String, Sendable, CaseIterable {
  case viewWillAppear = "viewWillAppear:"
  case viewDidAppear = "viewDidAppear:"
  case viewWillDisappear = "viewWillDisappear:"
  case viewDidDisappear = "viewDidDisappear:"
  case viewWillTransitionToSize = "viewWillTransitionToSize:withTransitionCoordinator:"
}

/// A navigation or tab bar controller's delegate that answers for it when the container
/// does not override the question (`tabBarControllerSupportedInterfaceOrientations:` …).
public struct ContainerDelegate: Sendable, Equatable {
  public var className: String
  public var supportedInterfaceOrientations: Value<OrientationMask>?
  public var preferredInterfaceOrientationForPresentation: Value<InterfaceOrientation>?

  public init(
    className: String, supportedInterfaceOrientations: Value<OrientationMask>? = nil,
    preferredInterfaceOrientationForPresentation: Value<InterfaceOrientation>? = nil
  ) {
    self.className = className
    self.supportedInterfaceOrientations = supportedInterfaceOrientations
    self.preferredInterfaceOrientationForPresentation = preferredInterfaceOrientationForPresentation
  }
}

/// A view controller class of the app and what it overrides.
public struct ClassSpec: Sendable, Equatable {
  public var name: String
  public var kind: ControllerKind
  public var shouldAutorotate: Override<Bool>?
  public var supportedInterfaceOrientations: Override<OrientationMask>?
  public var preferredInterfaceOrientationForPresentation: Override<InterfaceOrientation>?
  /// Overridden lifecycle methods in file order; an empty action list still overrides (and logs).
  public var hooks: [(selector: LifecycleSelector, actions: [Action])]
  public var methods: [Method]
  public var delegate: ContainerDelegate?

  public init(
    name: String, kind: ControllerKind, shouldAutorotate: Override<Bool>? = nil,
    supportedInterfaceOrientations: Override<OrientationMask>? = nil,
    preferredInterfaceOrientationForPresentation: Override<InterfaceOrientation>? = nil,
    hooks: [(selector: LifecycleSelector, actions: [Action])] = [], methods: [Method] = [],
    delegate: ContainerDelegate? = nil
  ) {
    self.name = name
    self.kind = kind
    self.shouldAutorotate = shouldAutorotate
    self.supportedInterfaceOrientations = supportedInterfaceOrientations
    self.preferredInterfaceOrientationForPresentation = preferredInterfaceOrientationForPresentation
    self.hooks = hooks
    self.methods = methods
    self.delegate = delegate
  }

  public func hook(_ selector: LifecycleSelector) -> [Action]? {
    hooks.first(where: { $0.selector == selector })?.actions
  }

  public func method(named name: String) -> Method? {
    methods.first(where: { $0.name == name })
  }

  public static func == (lhs: ClassSpec, rhs: ClassSpec) -> Bool {
    lhs.name == rhs.name && lhs.kind == rhs.kind && lhs.shouldAutorotate == rhs.shouldAutorotate
      && lhs.supportedInterfaceOrientations == rhs.supportedInterfaceOrientations
      && lhs.preferredInterfaceOrientationForPresentation == rhs.preferredInterfaceOrientationForPresentation
      && lhs.hooks.map(\.selector) == rhs.hooks.map(\.selector)
      && lhs.hooks.map(\.actions) == rhs.hooks.map(\.actions)
      && lhs.methods == rhs.methods && lhs.delegate == rhs.delegate
  }
}

/// A controller in a tree: its class, and for containers their children.
public struct Node: Sendable, Equatable {
  public var className: String
  /// A navigation controller's stack, bottom first.
  public var stack: [Node]
  /// A tab bar controller's tabs and the selected index.
  public var tabs: [Node]
  public var selected: Int

  public init(className: String, stack: [Node] = [], tabs: [Node] = [], selected: Int = 0) {
    self.className = className
    self.stack = stack
    self.tabs = tabs
    self.selected = selected
  }

  /// How many controllers the subtree holds.
  public var count: Int {
    1 + stack.reduce(0) { $0 + $1.count } + tabs.reduce(0) { $0 + $1.count }
  }
}

/// `UIModalPresentationStyle`, the ones that matter for rotation.
public enum PresentationStyle: String, Sendable, CaseIterable {
  case fullScreen
  case pageSheet
  case formSheet
  case overFullScreen
}

/// Where a KVC forcing call gets its orientation from.
public enum DeviceOrientationSource: Sendable, Equatable {
  case orientation(DeviceOrientation)
  /// `UIDevice.current.setValue(preferredInterfaceOrientationForPresentation.rawValue, …)` as in
  /// seed 002: the receiver's own preferred interface orientation, passed as a raw value.
  case selfPreferred
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
  case call(String, on: String?)
  case log(String)
  /// `-[UIViewController setNeedsUpdateOfSupportedInterfaceOrientations]` (iOS 16+) on an instance of
  /// the class, or on the deciding controller when nil.
  case setNeedsUpdateOfSupportedInterfaceOrientations(String?)
  /// `-[UIWindowScene requestGeometryUpdate:]` with `UIWindowSceneGeometryPreferencesIOS(interfaceOrientations:)`.
  case requestGeometryUpdate(OrientationMask)

  /// A short label for headers and timelines: `push LandscapeRightVC`.
  public var label: String {
    switch self {
    case .launch: return "launch"
    case .rotateDevice(let o): return "rotate device to \(o.name)"
    case .setOrientationLock(let on): return "orientation lock \(on ? "on" : "off")"
    case .push(let node): return "push \(node.className)"
    case .pop: return "pop"
    case .present(let node, let style):
      return "present \(node.className)" + (style.map { " (\($0.rawValue))" } ?? "")
    case .dismiss: return "dismiss"
    case .selectTab(let index): return "select tab \(index)"
    case .setFlag(let name, let value): return "set \(name) = \(value ? "YES" : "NO")"
    case .setDeviceOrientation(.orientation(let o)): return "force device orientation \(o.name) (KVC)"
    case .setDeviceOrientation(.selfPreferred):
      return "force device orientation to preferredInterfaceOrientationForPresentation (KVC)"
    case .attemptRotationToDeviceOrientation: return "attemptRotationToDeviceOrientation"
    case .call(let name, let on): return "call " + (on.map { "\($0) " } ?? "") + name
    case .log(let text): return "log \"\(text)\""
    case .setNeedsUpdateOfSupportedInterfaceOrientations(let name):
      return "setNeedsUpdateOfSupportedInterfaceOrientations" + (name.map { " on \($0)" } ?? "")
    case .requestGeometryUpdate(let mask): return "requestGeometryUpdate \(mask.name)"
    }
  }
}
