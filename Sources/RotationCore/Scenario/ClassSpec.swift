/// A view controller class of the app: its kind, what it overrides, its hooks and methods.
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
