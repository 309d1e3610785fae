/// The mutable working set of one step: the state being changed and the trace being recorded.
///
/// Every rule returns its own reason text (nil when it has none, as a logged line). A rule that
/// makes UIKit decide the orientation records its reason with `decide(_:reason:)` instead, and
/// the step's reason is then its decisions', in order, whatever else ran around them: a push
/// whose `viewWillAppear:` forces a rotation is explained by the rotation.
struct StepRun {
  let model: AppModel
  var state: SimulationState
  var calls: [Call] = []
  var notifications: [String] = []
  var console: [Phrase] = []
  var exception: ModelledException?
  var error: SceneError?
  var deprecations: [Phrase] = []
  var limit: Phrase?
  var masks: MaskTable?
  /// The orientation the interface is turning to while the turn's callbacks run: a decision inside
  /// them for the same orientation turns nothing (docs/rules.md#turn-reentry).
  var turningTo: InterfaceOrientation?
  /// While a presentation is dismissed: the orientation it was presented in (docs/rules.md#dismiss-flat).
  var returnTo: InterfaceOrientation?
  /// The reasons of the step's orientation decisions, in order (a method can turn the interface
  /// and turn it back).
  var decisions: [Phrase] = []
  /// Whether each decision says the scene judged it by stale cached orientations
  /// (docs/rules.md#ios16-rotation-uses-cache), in the order of `decisions`.
  var staleDecisions: [Bool] = []
  /// The step's reason, set when the step ends.
  var reason = Phrase()
  /// Geometry requests that passed UIKit's check and wait for the transaction to commit
  /// (docs/rules.md#geometry-request-async).
  var pendingRequests: [OrientationMask] = []
  /// The plugin's native class while its steps run (docs/rules.md#plugins): who forces the device.
  var nativeCaller: String?
  /// iOS 26: what UIKit's own re-check of the orientation lock preference published during the
  /// step, said after the step's reason (docs/rules.md#orientation-lock-preference).
  var lockNote: Phrase?
  /// What UIDevice reported as each method under way began, innermost last (`{"setDeviceOrientation":
  /// "saved"}`).
  var methodStarts: [DeviceOrientation] = []
  /// The literal arguments of the method calls under way, innermost last (`{"arg": N}`).
  var arguments: [[JSONValue]] = []
  /// While the app's code runs (StepRun+Code.swift): the last reason an action it performed gave,
  /// and the failure that stopped it, rethrown when the code returns.
  var codeSaid: Phrase?
  var codeFailure: StepFailure?
  /// What UIKit passes the lifecycle method whose code is about to run (`animated`, the
  /// transition's size and coordinator), taken by the next code run only.
  var hookArguments: [CodeValue]?

  init(model: AppModel, state: SimulationState) {
    self.model = model
    self.state = state
  }

  var scenario: Scenario { model.scenario }
  var classes: [String: ClassSpec] { model.classes }
  var kinds: [String: ControllerKind] { model.kinds }

  var system: SystemConfig { scenario.system }
  var modern: Bool { system.profile == .modern }
  var multitasking: Bool { scenario.multitasking }
  var tree: ControllerTree { state.tree }
  /// A controller's class, a released one's too (its method may still be running).
  func name(_ id: Int) -> String {
    state.tree.controllers.read(id) { $0.className } ?? state.tree.released[id] ?? "UIViewController"
  }

  func finish(event: Action, index: Int, status: StepStatus) -> Step {
    var table = masks
    if table == nil, state.launched, status != .notRun { table = answers.currentMasks() }
    // Between steps, tree events go to the key window (what the action bar offers reads this).
    var state = state
    state.tree.current = state.tree.key
    state.tree.released = [:]
    var step = Step(
      index: index, event: event, status: status, calls: calls, masks: table,
      physicalOrientation: state.physicalOrientation, deviceOrientation: state.deviceOrientation,
      interfaceOrientation: state.interfaceOrientation, reason: reason, notifications: notifications,
      console: console, exception: exception, error: error, deprecations: deprecations, limit: limit,
      state: state, refusedByStaleCache: limit == nil && staleDecisions.contains(true))
    if lockAvailable { step.interfaceOrientationLocked = state.orientationLockGranted }
    step.sceneWindow = sceneWindow
    return step
  }

  /// Records a decision: the table UIKit intersected and why the interface ends where it does.
  /// `stale`: the reason says the scene judged it by a stale cache.
  mutating func decide(_ table: MaskTable?, reason: Phrase, replacingLast: Bool = false, stale: Bool = false)
  {
    if let table { masks = table }
    if replacingLast, !decisions.isEmpty {
      decisions.removeLast()
      staleDecisions.removeLast()
    }
    decisions.append(reason)
    staleDecisions.append(stale)
  }

  /// The reason of a step that decided nothing and whose rule said nothing.
  static var nothingChanged: Phrase { say("Nothing changed the interface orientation.") }

  /// The step's reason: its last decision's, else what the rule said. Call it after the rule has
  /// run (`let own = try rule(); return outcome(own)`): in `outcome(try rule())` Swift reads `self`
  /// before the rule runs, and would see no decision.
  func outcome(_ own: Phrase?) -> Phrase {
    guard let first = decisions.first else { return own ?? Self.nothingChanged }
    // Each decision in order: a step that turns and turns back says both.
    return decisions.dropFirst().reduce(first) { said, next in say("%s Then: %s", said, next) }
  }

  // MARK: - Recording

  mutating func record(_ call: Call) throws(StepFailure) -> Int {
    if calls.count >= Simulator.maxCallsPerStep {
      throw .limit(
        say(
          "Stopped after %s calls in one step: hooks or methods keep triggering each other (a push or present in viewWillAppear: that pushes again, say).",
          Simulator.maxCallsPerStep))
    }
    if call.depth > Simulator.maxDepth {
      throw .limit(
        say(
          "Stopped at call depth %s: %s is part of a chain of methods or hooks that call each other without end.",
          Simulator.maxDepth, call.signature))
    }
    calls.append(call)
    return calls.count - 1
  }

  // MARK: - Events

  /// Runs a step's event and returns the step's reason.
  mutating func performEvent(_ event: Action) throws(StepFailure) -> Phrase {
    // Tree events go to the key window unless they name another.
    state.tree.current = tree.key
    switch event {
    case .launch:
      return try launch()
    case .rotateDevice(let orientation):
      let own = try rotateDevice(to: orientation)
      return outcome(own)
    case .setOrientationLock(let on):
      return try setLock(on)
    default:
      let own = try perform(event, selfID: nil, depth: 0)
      return outcome(own)
    }
  }

  /// Runs an action a user, script, hook or method takes, and returns its own reason.
  /// `selfID` is the controller whose code runs it.
  mutating func perform(_ action: Action, selfID: Int?, depth: Int) throws(StepFailure) -> Phrase? {
    switch action {
    case .launch, .rotateDevice, .setOrientationLock:
      return try performEvent(action)
    case .push(let node): return try push(node, depth: depth)
    case .pop: return try pop(depth: depth)
    case .present(let node, let style): return try present(node, style: style, depth: depth)
    case .dismiss: return try dismiss(depth: depth)
    case .selectTab(let index): return try selectTab(index, depth: depth)
    case .setFlag(let flag, let value):
      let old = state.flags[flag] ?? false
      state.flags[flag] = value
      return stateChanged(flag, from: .bool(old), to: .bool(value))
    case .setState(let name, let value):
      return setState(name, value, selfID: selfID)
    case .setDelegate(let kind):
      return setDelegate(kind, selfID: selfID)
    case .code(let body):
      return try runCode(body, selfID: selfID, depth: depth)
    case .toggle(let name):
      let old = state.value(of: name, selfID: selfID, classes: classes) ?? .bool(false)
      return setState(name, .bool(old != .bool(true)), selfID: selfID)
    case .when(let condition, let then, let otherwise):
      var said: Phrase?
      let holds = state.holds(condition, selfID: selfID, classes: classes, arguments: arguments.last ?? [])
      for action in holds ? then : otherwise {
        if let reason = try perform(action, selfID: selfID, depth: depth) { said = reason }
      }
      return said
    case .setDeviceOrientation(let source):
      return try forceDeviceOrientation(source, selfID: selfID, depth: depth)
    case .attemptRotationToDeviceOrientation:
      try attemptRotation(depth: depth)
      return nil
    case .setNeedsUpdateOfSupportedInterfaceOrientations(let className):
      try setNeedsUpdate(className, selfID: selfID, depth: depth)
      return nil
    case .setNeedsUpdateOfPrefersInterfaceOrientationLocked(let className):
      return try updateLockPreference(className, selfID: selfID, depth: depth)
    case .requestGeometryUpdate(let mask, let preferences):
      return try requestGeometryUpdate(mask, preferences: preferences, depth: depth)
    case .call(let method, let on, let args):
      // An argument that is the caller's own parameter (`{"arg": N}`) is passed on as its value.
      var missing: Int?
      arguments.append(args.map { Self.bind($0, to: arguments.last ?? [], missing: &missing) })
      defer { arguments.removeLast() }
      return try callMethod(method, on: on, selfID: selfID, depth: depth)
    case .log(let text):
      console.append(Phrase(verbatim: text))
      return nil
    case .showWindow(let name): return try show(name, makeKey: false, depth: depth)
    case .makeKeyAndVisible(let name): return try show(name, makeKey: true, depth: depth)
    case .plugin(let call): return try runPlugin(call, selfID: selfID, depth: depth)
    case .hideWindow(let name): return try hide(name, depth: depth)
    case .inWindow(let name, let inner):
      return try perform(inner, inWindow: name, selfID: selfID, depth: depth)
    }
  }
}

extension String {
  var capitalizedFirst: String {
    guard let first else { return self }
    return first.uppercased() + dropFirst()
  }

  var lowercasedFirst: String {
    guard let first else { return self }
    return first.lowercased() + dropFirst()
  }
}
