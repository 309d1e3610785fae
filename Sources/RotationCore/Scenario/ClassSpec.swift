/// A view controller class of the app: its kind, what it overrides, its hooks and methods.
public enum ControllerKind: String, Sendable, CaseIterable {
  case view
  case navigation
  case tabBar
  /// A custom container: a `UIViewController` subclass with child view controllers.
  case container
  case splitView
  case pageView
  case alert

  /// The UIKit superclass the scenario's class subclasses.
  public var uikitClass: String {
    switch self {
    case .view, .container: return "UIViewController"
    case .navigation: return "UINavigationController"
    case .tabBar: return "UITabBarController"
    case .splitView: return "UISplitViewController"
    case .pageView: return "UIPageViewController"
    case .alert: return "UIAlertController"
    }
  }

  /// UIKit's own classes, usable in a tree without being declared, with UIKit's behaviour.
  public static let uikitClasses: [String: ControllerKind] = [
    "UIViewController": .view, "UINavigationController": .navigation, "UITabBarController": .tabBar,
    "UISplitViewController": .splitView, "UIPageViewController": .pageView, "UIAlertController": .alert,
  ]

  /// How the kind reads in a sentence: "tab bar", "split view".
  public var spokenName: String {
    switch self {
    case .tabBar: return "tab bar"
    case .splitView: return "split view"
    case .pageView: return "page view"
    default: return rawValue
    }
  }

  /// "a" or "an" before `spokenName`.
  public var article: String { spokenName.first.map { "aeiou".contains($0) } == true ? "an" : "a" }

  /// The kind as a sentence names it, in the reader's language: "a tab bar controller" (in English,
  /// `article`, `spokenName` and "controller").
  public var phrase: String {
    switch self {
    case .view: return tr("a view controller")
    case .navigation: return tr("a navigation controller")
    case .tabBar: return tr("a tab bar controller")
    case .container: return tr("a container controller")
    case .splitView: return tr("a split view controller")
    case .pageView: return tr("a page view controller")
    case .alert: return tr("an alert controller")
    }
  }

  /// Whether a class of this kind can have a delegate that answers orientation questions.
  public var hasOrientationDelegate: Bool {
    switch self {
    case .navigation, .tabBar, .splitView, .pageView: return true
    case .view, .container, .alert: return false
    }
  }

  /// The delegate methods' prefix: `tabBarController` in `tabBarControllerSupportedInterfaceOrientations:`.
  public var delegatePrefix: String {
    switch self {
    case .tabBar: return "tabBarController"
    case .splitView: return "splitViewController"
    case .pageView: return "pageViewController"
    default: return "navigationController"
    }
  }
}

/// A split view controller's columns (`UISplitViewControllerColumn`), in the order they lie on screen.
public enum SplitColumn: String, Sendable, CaseIterable {
  case primary
  case supplementary
  case secondary
}

/// The lifecycle and transition methods a class can override with actions.
public enum LifecycleSelector: String, Sendable, CaseIterable {
  /// Once per instance, just before its first `viewWillAppear:` (docs/rules.md#view-did-load).
  case viewDidLoad
  case viewWillAppear = "viewWillAppear:"
  case viewDidAppear = "viewDidAppear:"
  case viewWillDisappear = "viewWillDisappear:"
  case viewDidDisappear = "viewDidDisappear:"
  case viewWillTransitionToSize = "viewWillTransitionToSize:withTransitionCoordinator:"
  /// iOS 6 and 7 sent these instead, around every turn (docs/rules.md#rotation-callbacks-before-ios8).
  case willRotate = "willRotateToInterfaceOrientation:duration:"
  case willAnimateRotation = "willAnimateRotationToInterfaceOrientation:duration:"
  case didRotate = "didRotateFromInterfaceOrientation:"
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
  /// A class the app cannot change (a framework's or Apple's, such as the photo picker's album
  /// list): fixes never edit it.
  public var external = false
  /// For one of UIKit's own classes declared here: the Objective-C category or Swift extension
  /// (its name, or `extension`) through which the app overrides UIKit's class itself.
  public var category: String?
  /// Where the class came from, for an imported scenario: `HomeVC.swift:12`.
  public var origin: String?
  /// Each instance's own state (`var supportedOrientations: UIInterfaceOrientationMask`) and its
  /// value when the instance is made, in file order.
  public var properties: [StateVariable] = []
  /// The app's base classes and protocols the class is, which `topIs` conditions match too.
  public var isA: [String] = []
  /// What an instance does when UIKit posts a notification it observes (while it is in a window's
  /// tree).
  public var observers: [Observer] = []
  /// The answers an instance gives as a container's delegate, once its code makes it one
  /// (`{"setDelegate": "navigationController"}`): `navigationControllerSupportedInterfaceOrientations:`…
  public var asDelegate: ContainerDelegate?
  /// iOS 26's `prefersInterfaceOrientationLocked` (docs/rules.md#orientation-lock-preference).
  public var prefersInterfaceOrientationLocked: Override<Bool>?
  /// iOS 26's `childViewControllerForInterfaceOrientationLock`: the child whose preference counts.
  public var childForInterfaceOrientationLock: ForwardTarget?

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

  public func property(named name: String) -> StateVariable? {
    properties.first(where: { $0.name == name })
  }

  /// Whether `name` is the class, one of its base classes or one of its protocols.
  public func `is`(_ name: String) -> Bool { self.name == name || isA.contains(name) }

  public func method(named name: String) -> Method? {
    methods.first(where: { $0.name == name })
  }

  public static func == (lhs: ClassSpec, rhs: ClassSpec) -> Bool {
    lhs.name == rhs.name && lhs.kind == rhs.kind && lhs.shouldAutorotate == rhs.shouldAutorotate
      && lhs.supportedInterfaceOrientations == rhs.supportedInterfaceOrientations
      && lhs.preferredInterfaceOrientationForPresentation == rhs.preferredInterfaceOrientationForPresentation
      && lhs.hooks.map(\.selector) == rhs.hooks.map(\.selector)
      && lhs.hooks.map(\.actions) == rhs.hooks.map(\.actions)
      && lhs.methods == rhs.methods && lhs.delegate == rhs.delegate && lhs.external == rhs.external
      && lhs.category == rhs.category && lhs.origin == rhs.origin && lhs.properties == rhs.properties
      && lhs.isA == rhs.isA && lhs.observers == rhs.observers && lhs.asDelegate == rhs.asDelegate
      && lhs.prefersInterfaceOrientationLocked == rhs.prefersInterfaceOrientationLocked
      && lhs.childForInterfaceOrientationLock == rhs.childForInterfaceOrientationLock
  }
}
