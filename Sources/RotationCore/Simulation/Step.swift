/// What kind of call a trace line records.
public enum CallKind: String, Sendable, Hashable {
  /// `shouldAutorotate`, `supportedInterfaceOrientations`, `preferredInterfaceOrientationForPresentation`.
  case orientation
  /// `application:supportedInterfaceOrientationsForWindow:` on the app delegate.
  case appDelegate
  /// A navigation or tab bar controller delegate's orientation method.
  case containerDelegate
  /// `viewWillAppear:` and the other appearance and transition methods.
  case lifecycle
  /// A named method of the app (a class's or the app delegate's).
  case method
  /// A UIKit API the app called: KVC forcing, `attemptRotationToDeviceOrientation`.
  case api
}

/// The UIKit methods the simulator records and the checks look for, by type: what a call is, not
/// how its selector is spelled (the raw value is the selector, for the trace).
public enum UIKitMethod: String, Sendable, Hashable, CaseIterable {
  case shouldAutorotate
  case supportedInterfaceOrientations
  case preferredInterfaceOrientationForPresentation
  /// The app delegate's `application:supportedInterfaceOrientationsForWindow:`.
  case supportedInterfaceOrientationsForWindow = "application:supportedInterfaceOrientationsForWindow:"
  /// `-[UIDevice setValue:forKey:]` with `@"orientation"`: the KVC forcing trick.
  case setDeviceOrientationThroughKVC = "setValue:forKey:"
  case attemptRotationToDeviceOrientation
  case setNeedsUpdateOfSupportedInterfaceOrientations
  case requestGeometryUpdate = "requestGeometryUpdate:errorHandler:"
  /// iOS 26's orientation lock preference and its refresh.
  case prefersInterfaceOrientationLocked
  case setNeedsUpdateOfPrefersInterfaceOrientationLocked

  public var selector: String { rawValue }
  /// `+[UIViewController attemptRotationToDeviceOrientation]` is a class method.
  public var isClassMethod: Bool { self == .attemptRotationToDeviceOrientation }
}

/// One call in a step's call order, as `NSLog(@"%s", __FUNCTION__)` would show it.
public struct Call: Sendable, Hashable {
  /// The receiver's class, as NSLog prints it.
  public var receiver: String
  /// The controller instance, when the receiver is one.
  public var receiverID: Int?
  /// The selector in Objective-C form: `viewWillAppear:`.
  public var selector: String
  /// The answer, printed the UIKit way (`YES`, `portrait`, `allButUpsideDown`), or nil for void.
  public var answer: String?
  /// Whether the app's class implements the method. A call that is not overridden runs UIKit's
  /// default and would not appear in an NSLog trace.
  public var overridden: Bool
  /// Nesting: forwarded calls, hook actions and method bodies sit one level below their caller.
  public var depth: Int
  public var kind: CallKind
  /// A remark such as `answer ignored` or `forwarded to topViewController`.
  public var note: Phrase?
  /// Whether UIKit ignores the answer: a container's shown leaf asked as it enters the window,
  /// when it does not decide (docs/rules.md#entering-child-checked). The note says so in words.
  public var ignored = false
  /// Which of UIKit's own orientation methods this is (nil for lifecycle methods, the app's
  /// methods and container delegates), for the checks: they never compare selector text.
  public var method: UIKitMethod?

  public init(
    receiver: String, receiverID: Int?, selector: String, answer: String?, overridden: Bool, depth: Int,
    kind: CallKind, note: Phrase?
  ) {
    self.receiver = receiver
    self.receiverID = receiverID
    self.selector = selector
    self.answer = answer
    self.overridden = overridden
    self.depth = depth
    self.kind = kind
    self.note = note
  }

  /// A call of one of UIKit's own orientation methods.
  public init(
    receiver: String, receiverID: Int?, method: UIKitMethod, answer: String?, overridden: Bool, depth: Int,
    kind: CallKind, note: Phrase?
  ) {
    self.init(
      receiver: receiver, receiverID: receiverID, selector: method.selector, answer: answer,
      overridden: overridden, depth: depth, kind: kind, note: note)
    self.method = method
  }

  /// `-[NavVC supportedInterfaceOrientations]`, or `+[…]` for class methods.
  public var signature: String {
    "\(method?.isClassMethod == true ? "+" : "-")[\(receiver) \(selector)]"
  }
}

/// The three masks UIKit intersects, and what it made of them.
public struct MaskTable: Sendable, Hashable {
  public var app: OrientationMask
  /// `Info.plist`, `Info.plist (key absent: iPhone default)` or the delegate method's signature.
  public var appSource: Phrase
  public var controllerClass: String
  public var controllerID: Int
  public var controller: OrientationMask
  /// `overridden`, `UIKit default`, `forwarded to …`.
  public var controllerSource: Phrase
  public var device: OrientationMask
  public var deviceSource: Phrase
  public var shouldAutorotate: Bool
  /// False on iOS 16+ and in iPad multitasking, where UIKit no longer calls `shouldAutorotate`.
  public var shouldAutorotateCalled: Bool = true
  public var deviceOrientation: DeviceOrientation
  /// Whether UIKit ran this decision during the step, or the table only shows what it would see now.
  public var decided: Bool

  public var intersection: OrientationMask { app.intersection(controller).intersection(device) }
  public var mappedOrientation: InterfaceOrientation? { deviceOrientation.interfaceOrientation }
}

/// A UIKit exception the modelled app would raise; it terminates the app.
public struct ModelledException: Sendable, Equatable {
  public var name: String
  /// UIKit's own reason text.
  public var reason: String
  /// What would fix it, for the step's reason (not part of UIKit's text).
  public var fix: Phrase?
  /// The rule of docs/rules.md that raises it, for the diagnosis (never read from the text).
  public var rule: Rule

  public init(name: String, reason: String, fix: Phrase? = nil, rule: Rule) {
    self.name = name
    self.reason = reason
    self.fix = fix
    self.rule = rule
  }
}

/// An `NSError` a UIKit API returned, such as `requestGeometryUpdate`'s.
public struct SceneError: Sendable, Equatable {
  public var domain: String
  public var code: Int
  public var message: String
  /// Whether the error handler runs later, on a background queue: the system refused a request
  /// that UIKit had sent after the transaction committed (docs/rules.md#geometry-request-async).
  public var deliveredLater = false

  public init(domain: String, code: Int, message: String, deliveredLater: Bool = false) {
    self.domain = domain
    self.code = code
    self.message = message
    self.deliveredLater = deliveredLater
  }

  /// `Error Domain=UISceneErrorDomain Code=101 "…"`, as `NSError`'s description prints it.
  /// An error without a description prints `"(null)"`, as NSError does.
  public var description: String {
    "Error Domain=\(domain) Code=\(code) \"\(message.isEmpty ? "(null)" : message)\""
  }
}

/// How a step ended.
public enum StepStatus: String, Sendable {
  case ran
  /// The step raised a modelled UIKit exception: the real app terminates here.
  case exception
  /// An earlier step terminated the app, or the app had not launched.
  case notRun
}

/// The result of applying one event: the new state and everything UIKit did on the way.
public struct Step: Sendable {
  /// 1-based position in the history.
  public var index: Int
  public var event: Action
  public var status: StepStatus
  public var calls: [Call]
  public var masks: MaskTable?
  public var physicalOrientation: DeviceOrientation
  public var deviceOrientation: DeviceOrientation
  public var interfaceOrientation: InterfaceOrientation
  /// One sentence: why the interface is where it is after this step, as data (rendered at the edge).
  public var reason: Phrase
  public var notifications: [String]
  /// Console lines: UIKit's own (verbatim) and the model's remarks on skipped calls.
  public var console: [Phrase]
  public var exception: ModelledException?
  /// An error a UIKit API reported to the app (the app keeps running).
  public var error: SceneError?
  /// Deprecated APIs the step used, with what replaces them.
  public var deprecations: [Phrase]
  /// A runtime limit that cut the step short (endless hooks or recursion).
  public var limit: Phrase?
  /// The state after the step.
  public var state: SimulationState
  /// Whether the step's reason says the scene refused a turn or request by stale cached
  /// orientations that the answers at that moment allowed (docs/rules.md#ios16-rotation-uses-cache),
  /// for checks that must not depend on the reason's wording or language.
  public var refusedByStaleCache = false
  /// iPadOS 26: `effectiveGeometry.isInterfaceOrientationLocked` after the step; nil where the
  /// system has no such lock (docs/rules.md#orientation-lock-preference).
  public var interfaceOrientationLocked: Bool?
  /// The app's scene on the screen after the step: filling it unless iPadOS 26 runs apps in windows
  /// (docs/rules.md#windowed-request-reshapes).
  public var sceneWindow: SceneWindow = .fullScreen
}

/// Everything the simulator knows between steps.
public struct SimulationState: Sendable, Equatable {
  public var tree = ControllerTree()
  public var flags: [String: Bool] = [:]
  /// The app's state beyond its flags (`app.state`), by name.
  public var values: [String: StateValue] = [:]
  /// What the app's code keeps that the scenario's state has no type for (an object, a number, nil):
  /// `id:name` for a controller's property, `app:name` for the app's (docs/rules.md#code-actions).
  var codeValues: [String: CodeValue] = [:]
  /// The observers the app's code added, in the order it added them (CodeRun+Notifications.swift).
  var codeObservers: [CodeObserver] = []
  /// The controller whose full-screen presentation is being decided (it is on top for `topIs`).
  var presenting: Int?
  /// The system the app runs on, for `#available` conditions.
  var system = SystemVersion("13.0")!
  /// During a transition, what each controller's appearance callbacks learn from
  /// `isMovingFromParent`, `isBeingDismissed`…; empty between steps.
  var transitions: [Int: Set<TransitionQuery>] = [:]
  /// How the hardware is held.
  public var physicalOrientation: DeviceOrientation = .portrait
  /// What `UIDevice.currentDevice.orientation` reports (the lock and KVC make it differ).
  public var deviceOrientation: DeviceOrientation = .portrait
  /// Where the status bar is; unknown before launch.
  public var interfaceOrientation: InterfaceOrientation = .unknown
  public var orientationLock = false
  public var launched = false
  /// The step whose exception terminated the app.
  public var terminatedAt: Int?
  /// iOS 16+: the scene's cached supported orientations, refreshed by
  /// `setNeedsUpdateOfSupportedInterfaceOrientations`, presentations and launch (docs/rules.md#scene-cache).
  public var sceneCache: MaskTable?
  /// iOS 26: whether the system grants the lock the app prefers
  /// (`effectiveGeometry.isInterfaceOrientationLocked`; docs/rules.md#orientation-lock-preference).
  public var orientationLockGranted = false
  /// iPadOS 26 with apps in windows: the window a geometry request gave the scene; nil while it is
  /// where the windowing setting put it (docs/rules.md#windowed-request-reshapes).
  public var sceneWindow: SceneWindow?
  /// iOS 26: the preference UIKit last published to the system; a re-check publishes only a change.
  public var lockPreferencePublished = false
}
