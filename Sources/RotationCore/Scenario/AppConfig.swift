/// The app: its delegate, Info.plist list and the flags and methods its code uses.
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
  /// The app's state beyond its flags, with its values at launch, in file order.
  public var state: [StateVariable] = []
  /// What the app delegate does when UIKit posts a notification it observes.
  public var observers: [Observer] = []
  /// The app delegate's answers as a container's delegate (`navigationControllerSupportedInterfaceOrientations:`),
  /// for the containers whose node names it (`"delegate": "AppDelegate"`: `nav.delegate = self` at launch).
  public var asDelegate: ContainerDelegate?
  /// Whether the app adopts the UIScene life cycle (a scene manifest, or the app delegate's
  /// `application(_:configurationForConnecting:options:)`); false for an app that builds its window
  /// in the app delegate. From iOS 18.4 UIKit says at launch that this will become an assert.
  public var sceneLifecycle = true
  /// `UIRequiresFullScreenIgnoredStartingWithVersion` (read from iPadOS 26.2): from this version on,
  /// `UIRequiresFullScreen` is ignored.
  public var requiresFullScreenIgnoredStartingWithVersion: SystemVersion?
  /// The window question written under a signature UIKit never calls (a Swift 2 or 3 name, a renamed
  /// selector keyword): its answer, never asked (docs/rules.md#unhooked-delegate-method).
  public var unhooked: UnhookedMethod?
  /// The cross-platform framework the app is built with, and its orientation plugins
  /// (docs/rules.md#plugins).
  public var framework: Framework?
  public var plugins: [PluginUse] = []

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

/// An observer of a notification UIKit posts (`UIDeviceOrientationDidChangeNotification`…): the
/// method of the class (or app delegate) that handles it, as
/// `addObserver(self, selector: #selector(rotated), name: …)` names it.
public struct Observer: Sendable, Equatable {
  public var notification: String
  public var method: String

  public init(notification: String, method: String) {
    self.notification = notification
    self.method = method
  }

  /// The notifications a scenario's code may observe: those the simulator posts.
  public static let notifications = [
    "UIDeviceOrientationDidChangeNotification", "UIApplicationWillChangeStatusBarOrientationNotification",
    "UIApplicationDidChangeStatusBarOrientationNotification",
  ]
}

public struct Method: Sendable, Equatable {
  public var name: String
  public var actions: [Action]
  public init(name: String, actions: [Action]) {
    self.name = name
    self.actions = actions
  }
}

/// An app delegate method meant as `application:supportedInterfaceOrientationsForWindow:` that UIKit
/// never calls, because its selector is not that one.
public struct UnhookedMethod: Sendable, Equatable {
  /// As the code writes it: `application(_:supportedInterfaceOrientationsForWindow:)`.
  public var method: String
  /// What it would answer if UIKit called it.
  public var answer: Value<OrientationMask>

  public init(method: String, answer: Value<OrientationMask>) {
    self.method = method
    self.answer = answer
  }
}
