// MARK: - Design note
//
// The simulator applies one event at a time to a `SimulationState` and returns a `Step`. Inside a
// step it plays UIKit: it asks the app's classes the orientation questions in the order the seed
// logs show, runs lifecycle hooks and methods (which can set flags, force the device orientation
// and push or present, re-entering the simulator), and records every call with its answer.
//
//   apply(event) ─▶ perform(action) ─┬─▶ decide(trigger)      app ∩ controller ∩ device, shouldAutorotate
//                                    ├─▶ lifecycle(hook)      runs the class's actions, nested one level
//                                    └─▶ setInterface(o)      notifications, viewWillTransitionToSize:
//
// A modelled UIKit exception unwinds the step as a Swift error and terminates the app; later
// steps are reported as not run. Where a rule is our inference rather than a seed's log or
// Apple's documentation, the reason text says so.

/// Applies events to a scenario's app, one step at a time.
public struct Simulator: Sendable {
  public let scenario: Scenario
  public private(set) var state = SimulationState()
  /// Steps applied so far.
  public private(set) var stepCount = 0

  /// Calls a hook or method may nest before the step is stopped.
  public static let maxDepth = 64
  /// Calls one step may record before it is stopped.
  public static let maxCallsPerStep = 10_000

  let classes: [String: ClassSpec]
  let kinds: [String: ControllerKind]
  /// The app delegate's method as the mask table names it, built once: every step's table holds
  /// it, and one shared string costs nothing per step.
  let delegateSource: String

  public init(scenario: Scenario) {
    self.scenario = scenario
    delegateSource = StepRun.delegateSource(scenario)
    var classes: [String: ClassSpec] = [:]
    for spec in scenario.classes { classes[spec.name] = spec }
    self.classes = classes
    self.kinds = classes.mapValues(\.kind)
    state.physicalOrientation = scenario.device.orientation
    state.orientationLock = scenario.device.orientationLock
    state.deviceOrientation = Self.reported(
      physical: scenario.device.orientation, lock: scenario.device.orientationLock,
      idiom: scenario.system.idiom,
      interface: .portrait)
    state.flags = Dictionary(uniqueKeysWithValues: scenario.app.flags.map { ($0.name, $0.value) })
  }

  /// A simulator that continues from `state`, as if it had just applied step `index`.
  public init(scenario: Scenario, resuming state: SimulationState, after index: Int) {
    self.init(scenario: scenario)
    self.state = state
    stepCount = index
  }

  /// Runs every step of the scenario from launch.
  public static func run(_ scenario: Scenario) -> [Step] {
    var simulator = Simulator(scenario: scenario)
    return scenario.steps.map { simulator.apply($0) }
  }

  /// What UIDevice reports for a hardware pose: under the orientation lock an iPhone reads
  /// portrait (rule 15); an iPad keeps the orientation it was locked in.
  static func reported(physical: DeviceOrientation, lock: Bool, idiom: Idiom, interface: InterfaceOrientation)
    -> DeviceOrientation
  {
    guard lock else { return physical }
    if idiom == .pad, interface != .unknown { return interface.deviceOrientation }
    return .portrait
  }

  // MARK: - Applying an event

  /// Applies `event` and returns the step it made. Never throws: exceptions and limits are results.
  public mutating func apply(_ event: Action) -> Step {
    stepCount += 1
    var run = StepRun(simulator: self)
    if let terminated = state.terminatedAt {
      run.reason = "The app terminated at step \(terminated) with a UIKit exception; this step did not run."
      return run.finish(event: event, index: stepCount, status: .notRun)
    }
    if !state.launched && event != .launch {
      run.reason = "The app has not launched yet; this step did not run."
      return run.finish(event: event, index: stepCount, status: .notRun)
    }
    var status = StepStatus.ran
    do {
      try run.performEvent(event)
    } catch {
      switch error {
      case .exception(let exception):
        run.exception = exception
        run.reason = "UIKit raised \(exception.name): the app terminates here. " + exception.reason
        run.state.terminatedAt = stepCount
        status = .exception
      case .limit(let message):
        run.limit = message
        run.reason = message
      }
    }
    let step = run.finish(event: event, index: stepCount, status: status)
    state = step.state
    return step
  }
}

/// Why a step stopped early.
enum StepFailure: Error {
  case exception(ModelledException)
  case limit(String)
}

/// What triggered an orientation decision.
enum Trigger {
  case launch
  case deviceChange
  case attempt
  case dismiss
}

// MARK: - One step's run

/// The mutable working set of one step: the state being changed and the trace being recorded.
struct StepRun {
  let scenario: Scenario
  let classes: [String: ClassSpec]
  let kinds: [String: ControllerKind]
  var state: SimulationState
  var calls: [Call] = []
  var notifications: [String] = []
  var console: [String] = []
  var exception: ModelledException?
  var error: SceneError?
  var deprecations: [String] = []
  var limit: String?
  var masks: MaskTable?
  let delegateSource: String
  var reason = ""
  var decided = false
  /// What made UIKit decide, prefixed to the next decision's reason ("LandscapeRightVC forced …: ").
  var context: String?

  init(simulator: Simulator) {
    self.init(
      scenario: simulator.scenario, classes: simulator.classes, kinds: simulator.kinds,
      state: simulator.state,
      delegateSource: simulator.delegateSource)
  }

  init(
    scenario: Scenario, classes: [String: ClassSpec], kinds: [String: ControllerKind], state: SimulationState,
    delegateSource: String? = nil
  ) {
    self.scenario = scenario
    self.delegateSource = delegateSource ?? Self.delegateSource(scenario)
    self.classes = classes
    self.kinds = kinds
    self.state = state
  }

  var system: SystemConfig { scenario.system }
  var modern: Bool { system.profile == .modern }
  var multitasking: Bool { scenario.multitasking }
  var tree: ControllerTree { state.tree }

  func finish(event: Action, index: Int, status: StepStatus) -> Step {
    var table = masks
    if table == nil, state.launched, status != .notRun {
      var quiet = self
      table = try? quiet.evaluateMasks()
    }
    return Step(
      index: index, event: event, status: status, calls: calls, masks: table,
      physicalOrientation: state.physicalOrientation, deviceOrientation: state.deviceOrientation,
      interfaceOrientation: state.interfaceOrientation, reason: reason, notifications: notifications,
      console: console, exception: exception, error: error, deprecations: deprecations, limit: limit,
      state: state)
  }

  // MARK: - Recording

  mutating func record(_ call: Call) throws(StepFailure) -> Int {
    if calls.count >= Simulator.maxCallsPerStep {
      throw .limit(
        "Stopped after \(Simulator.maxCallsPerStep) calls in one step: hooks or methods keep triggering each other "
          + "(a push or present in viewWillAppear: that pushes again, say).")
    }
    if call.depth > Simulator.maxDepth {
      throw .limit(
        "Stopped at call depth \(Simulator.maxDepth): \(call.signature) is part of a chain of methods or hooks "
          + "that call each other without end.")
    }
    calls.append(call)
    return calls.count - 1
  }

  func name(_ id: Int) -> String { tree[id].className }

  // MARK: - Events

  mutating func performEvent(_ event: Action) throws(StepFailure) {
    switch event {
    case .launch:
      try launch()
    case .rotateDevice(let orientation):
      try rotateDevice(to: orientation)
    case .setOrientationLock(let on):
      try setLock(on)
    default:
      try perform(event, selfID: nil, depth: 0)
    }
    if reason.isEmpty { reason = "Nothing changed the interface orientation." }
  }

  /// Runs an action a user, script, hook or method takes. `selfID` is the controller whose code runs it.
  mutating func perform(_ action: Action, selfID: Int?, depth: Int) throws(StepFailure) {
    switch action {
    case .launch, .rotateDevice, .setOrientationLock:
      try performEvent(action)
    case .push(let node): try push(node, depth: depth)
    case .pop: try pop(depth: depth)
    case .present(let node, let style): try present(node, style: style, depth: depth)
    case .dismiss: try dismiss(depth: depth)
    case .selectTab(let index): try selectTab(index, depth: depth)
    case .setFlag(let flag, let value):
      let old = state.flags[flag] ?? false
      state.flags[flag] = value
      if !decided {
        reason =
          "\(flag) is now \(value ? "YES" : "NO")\(old == value ? " (unchanged)" : ""). Nothing asks UIKit to decide again: "
          + "the new answers count at the next rotation, presentation, dismissal or attemptRotationToDeviceOrientation."
      }
    case .setDeviceOrientation(let source):
      try forceDeviceOrientation(source, selfID: selfID, depth: depth)
    case .attemptRotationToDeviceOrientation:
      _ = try record(
        Call(
          receiver: "UIViewController", receiverID: nil, selector: "attemptRotationToDeviceOrientation",
          answer: nil, overridden: false, depth: depth, kind: .api, note: modern ? "deprecated" : nil))
      if modern {
        deprecations.append(
          "+[UIViewController attemptRotationToDeviceOrientation] is deprecated in iOS 16.0: use "
            + "-[UIViewController setNeedsUpdateOfSupportedInterfaceOrientations]")
      }
      context = "attemptRotationToDeviceOrientation makes UIKit decide again"
      try decide(.attempt, depth: depth)
    case .setNeedsUpdateOfSupportedInterfaceOrientations(let className):
      try setNeedsUpdate(className, selfID: selfID, depth: depth)
    case .requestGeometryUpdate(let mask):
      try requestGeometryUpdate(mask, depth: depth)
    case .call(let method, let on):
      try callMethod(method, on: on, selfID: selfID, depth: depth)
    case .log(let text):
      console.append(text)
    }
  }

  // MARK: - Launch (rules 11, 16; seed 000's launch logs)

  mutating func launch() throws(StepFailure) {
    let root = state.tree.instantiate(scenario.window, kinds: kinds, parent: nil)
    state.tree.setRoot(root)
    state.launched = true

    // The launch screen follows Info.plist, not the app delegate (rule 16).
    let launchMask = scenario.app.infoPlist.map(OrientationMask.init) ?? system.idiomDefaultMask
    let launchMaskSource = scenario.app.infoPlist == nil ? "the idiom's default" : "Info.plist"
    if let mapped = state.deviceOrientation.interfaceOrientation, launchMask.contains(mapped) {
      state.interfaceOrientation = mapped
    } else {
      state.interfaceOrientation = snapOrder.first(where: launchMask.contains) ?? .portrait
    }
    let launchOrientation = state.interfaceOrientation

    // Setting the window's root: UIKit checks the app's and the root's masks (not in multitasking).
    if !multitasking {
      _ = try askApp(depth: 0)
      _ = try askSupported(root, depth: 0)
    }

    // Appearance: a tab bar controller forwards viewWillAppear: to its selected child at once; a
    // navigation controller shows its top child only after the window has rotated (seed 000: the
    // tab bar log shows the child's viewWillAppear: before the first shouldAutorotate, the
    // navigation log after it).
    let chain = tree.shownChain(from: root)
    var deferred: [Int] = []
    for (position, id) in chain.enumerated() {
      if position > 0 && tree[chain[position - 1]].kind == .navigation {
        deferred = Array(chain[position...])
        break
      }
      try lifecycle(id, .viewWillAppear, depth: 0)
    }
    try decide(.launch, depth: 0)
    for id in deferred { try lifecycle(id, .viewWillAppear, depth: 0) }

    // The shown child is asked for its mask too; UIKit ignores the answer (openradar 14080208).
    if let leaf = chain.last, leaf != tree.decider, leaf != root, !multitasking {
      _ = try askApp(depth: 0)
      let index = calls.count
      _ = try askSupported(leaf, depth: 0)
      if calls.indices.contains(index) {
        calls[index].note = "answer ignored: \(name(leaf)) is not the deciding controller"
      }
    }
    for id in chain { try lifecycle(id, .viewDidAppear, depth: 0) }

    let launchSentence =
      "The launch screen showed \(launchOrientation.name) (from \(launchMaskSource)). "
    reason = launchSentence + reason
  }

  // MARK: - Device orientation (rules 13–15)

  mutating func rotateDevice(to orientation: DeviceOrientation) throws(StepFailure) {
    state.physicalOrientation = orientation
    if state.orientationLock {
      reason =
        "Orientation lock is on: UIDevice keeps reporting \(state.deviceOrientation.name), no "
        + "UIDeviceOrientationDidChangeNotification is posted, and the interface stays \(state.interfaceOrientation.name)."
      return
    }
    try changeReportedOrientation(to: orientation, depth: 0, forced: false)
  }

  mutating func setLock(_ on: Bool) throws(StepFailure) {
    guard state.orientationLock != on else {
      reason = "Orientation lock was already \(on ? "on" : "off")."
      return
    }
    state.orientationLock = on
    let target = Simulator.reported(
      physical: state.physicalOrientation, lock: on, idiom: system.idiom,
      interface: state.interfaceOrientation)
    if on {
      reason =
        system.idiom == .pad
        ? "Orientation lock is on: the iPad stays in \(state.interfaceOrientation.name). "
        : "Orientation lock is on: UIDevice now reports portrait whatever the hardware does. "
    } else {
      reason = "Orientation lock is off: UIDevice reports the hardware's \(target.name) again. "
    }
    let prefix = reason
    reason = ""
    try changeReportedOrientation(to: target, depth: 0, forced: false)
    reason = prefix + reason
  }

  /// Forcing through KVC: `[[UIDevice currentDevice] setValue:@(o) forKey:@"orientation"]` (rule 14).
  mutating func forceDeviceOrientation(_ source: DeviceOrientationSource, selfID: Int?, depth: Int)
    throws(StepFailure)
  {
    let orientation: DeviceOrientation
    switch source {
    case .orientation(let value):
      orientation = value
    case .selfPreferred:
      // Seed 002 passes an interface orientation's raw value as a device orientation.
      let receiver = selfID ?? tree.decider
      let preferred = try askPreferred(receiver, depth: depth)
      orientation = DeviceOrientation(rawValue: preferred.rawValue) ?? .unknown
    }
    _ = try record(
      Call(
        receiver: "UIDevice", receiverID: nil, selector: "setValue:forKey:", answer: nil, overridden: false,
        depth: depth, kind: .api,
        note: "@(UIDeviceOrientation\(orientation.name.capitalizedFirst)) forKey:@\"orientation\""))
    if modern {
      // Rule 18: iOS 16 ignores the KVC trick and says so in the console.
      console.append(
        "[Orientation] BUG IN CLIENT OF UIKIT: Setting UIDevice.orientation is not supported. "
          + "Please use UIWindowScene.requestGeometryUpdate(_:)")
      if !decided {
        reason =
          "iOS \(system.version) ignores setting UIDevice.orientation through KVC (rule 18): the device still reports "
          + "\(state.deviceOrientation.name) and the interface stays \(state.interfaceOrientation.name)."
      }
      return
    }
    let who = selfID.map { name($0) } ?? scenario.app.delegateClass
    context = "\(who) forced UIDevice.orientation to \(orientation.name) through KVC"
    try changeReportedOrientation(to: orientation, depth: depth, forced: true)
    context = nil
  }

  mutating func changeReportedOrientation(to orientation: DeviceOrientation, depth: Int, forced: Bool)
    throws(StepFailure)
  {
    guard state.deviceOrientation != orientation else {
      if !decided {
        reason =
          forced
          ? "UIDevice.orientation is already \(orientation.name): setting it again posts no notification and UIKit "
            + "decides nothing (this is why the seeds set faceDown first)."
          : "The device already reports \(orientation.name): nothing to decide."
      }
      return
    }
    state.deviceOrientation = orientation
    notifications.append("UIDeviceOrientationDidChangeNotification")
    guard orientation.interfaceOrientation != nil else {
      if !decided {
        reason =
          "\(orientation.name) has no interface orientation: UIKit does not ask anyone, and the interface stays "
          + "\(state.interfaceOrientation.name)."
      }
      return
    }
    try decide(.deviceChange, depth: depth)
  }

  // MARK: - The decision (rules 2–4, 6, 9, 11, 13)

  /// The order UIKit tries when the current orientation is not allowed: Info.plist order, then
  /// portrait, landscapeRight, landscapeLeft, upside down (our inference).
  var snapOrder: [InterfaceOrientation] {
    var order = scenario.app.infoPlist ?? []
    for o in [InterfaceOrientation.portrait, .landscapeRight, .landscapeLeft, .portraitUpsideDown]
    where !order.contains(o) {
      order.append(o)
    }
    return order
  }

  /// Asks the deciding controller and turns the interface if UIKit would.
  mutating func decide(_ trigger: Trigger, depth: Int) throws(StepFailure) {
    if multitasking { return decideInMultitasking(depth: depth) }
    let decider = tree.decider
    let table: MaskTable
    var preferred: InterfaceOrientation?
    if modern, trigger == .deviceChange, var cached = state.sceneCache {
      // Rule 19: on iOS 16 a device rotation is checked against the scene's cached supported
      // orientations; nobody is asked.
      cached.deviceOrientation = state.deviceOrientation
      cached.controllerSource = "cached by the scene (iOS 16 asks nobody on rotation)"
      cached.decided = true
      table = cached
    } else {
      let app = try askApp(depth: depth)
      let supported = try askSupported(decider, depth: depth)
      if trigger == .dismiss {
        let answer = try askPreferred(decider, depth: depth)
        do {
          try checkPreferred(answer, supported: supported.mask)
        } catch {
          // The exception comes before shouldAutorotate is asked; the table still shows what UIKit saw.
          recordInterruptedTable(app: app, supported: supported, controller: decider, depth: depth)
          throw error
        }
        preferred = answer
      }
      if modern {
        // Rule 17: shouldAutorotate is no longer called; the masks alone decide.
        var fresh = maskTable(
          app: app, supported: supported, controller: decider, should: true, decided: true)
        fresh.shouldAutorotateCalled = false
        state.sceneCache = fresh
        table = fresh
      } else {
        let should = try askShould(decider, depth: depth)
        table = maskTable(app: app, supported: supported, controller: decider, should: should, decided: true)
      }
    }
    masks = table
    decided = true
    let prefix = context.map { $0 + ": " } ?? ""
    context = nil
    try conclude(table, preferred: preferred, trigger: trigger, depth: depth)
    reason = prefix + (prefix.isEmpty ? reason : reason.lowercasedFirst)
  }

  /// Rule 20: in iPad multitasking UIKit asks no controller; the interface follows the device.
  mutating func decideInMultitasking(depth: Int) {
    var table = MaskTable(
      app: .all, appSource: "not consulted (iPad multitasking)", controllerClass: name(tree.decider),
      controllerID: tree.decider, controller: .all, controllerSource: "not asked (iPad multitasking)",
      device: system.deviceMask, deviceSource: deviceSource, shouldAutorotate: true,
      deviceOrientation: state.deviceOrientation, decided: true)
    table.shouldAutorotateCalled = false
    masks = table
    decided = true
    context = nil
    let current = state.interfaceOrientation
    guard let target = state.deviceOrientation.interfaceOrientation else {
      reason =
        "In iPad multitasking the interface follows the device; \(state.deviceOrientation.name) has none, so it stays \(current.name)."
      return
    }
    reason =
      "The app supports multitasking, so UIKit asks no controller (rule 20): the interface follows the device to "
      + "\(target.name)."
    try? setInterface(target, depth: depth)
  }

  /// `-[UIViewController setNeedsUpdateOfSupportedInterfaceOrientations]` (iOS 16+): the scene asks
  /// again, refreshes its cache, and turns the interface if the device's orientation is now allowed
  /// (or the current one no longer is).
  mutating func setNeedsUpdate(_ className: String?, selfID: Int?, depth: Int) throws(StepFailure) {
    let receiverID = className.flatMap { instance(of: $0) } ?? selfID ?? tree.decider
    let receiver = className ?? name(receiverID)
    guard modern else {
      throw .exception(
        ModelledException(
          name: "NSInvalidArgumentException",
          reason:
            "-[\(receiver) setNeedsUpdateOfSupportedInterfaceOrientations]: unrecognized selector sent to instance "
            + "(the method arrived in iOS 16; iOS \(system.version) does not have it)"))
    }
    _ = try record(
      Call(
        receiver: receiver, receiverID: receiverID,
        selector: "setNeedsUpdateOfSupportedInterfaceOrientations",
        answer: nil, overridden: false, depth: depth, kind: .api, note: nil))
    context = "setNeedsUpdateOfSupportedInterfaceOrientations refreshes the scene's cached orientations"
    try decide(.attempt, depth: depth)
  }

  /// `-[UIWindowScene requestGeometryUpdate:]` (iOS 16+), checked against the scene's cached
  /// supported orientations (rules 19 and 20).
  mutating func requestGeometryUpdate(_ requested: OrientationMask, depth: Int) throws(StepFailure) {
    guard modern else {
      throw .exception(
        ModelledException(
          name: "NSInvalidArgumentException",
          reason:
            "-[UIWindowScene requestGeometryUpdate:errorHandler:]: unrecognized selector sent to instance "
            + "(the method arrived in iOS 16; iOS \(system.version) does not have it)"))
    }
    _ = try record(
      Call(
        receiver: "UIWindowScene", receiverID: nil, selector: "requestGeometryUpdate:errorHandler:",
        answer: nil,
        overridden: false, depth: depth, kind: .api, note: "interfaceOrientations: \(requested.name)"))
    if multitasking {
      error = SceneError(
        domain: "UISceneErrorDomain", code: 101,
        message:
          "The current windowing mode does not allow for programmatic changes to interface orientation.")
      reason = "The app runs in iPad multitasking: programmatic orientation requests fail (rule 20)."
      return
    }
    if state.sceneCache == nil {
      var quiet = self
      state.sceneCache = try? quiet.evaluateMasks()
    }
    guard let cache = state.sceneCache else { return }
    let allowed = requested.intersection(cache.intersection)
    guard !allowed.isEmpty else {
      error = SceneError(
        domain: "UISceneErrorDomain", code: 101,
        message:
          "None of the requested orientations are supported by the view controller. Requested: "
          + "\(requested.uikitList); Supported: \(cache.intersection.uikitList)")
      reason =
        "requestGeometryUpdate(\(requested.name)) fails: the scene's cached supported orientations are "
        + "\(cache.intersection.name) (cached from \(cache.controllerClass); call "
        + "setNeedsUpdateOfSupportedInterfaceOrientations after changing what it supports). The interface stays "
        + "\(state.interfaceOrientation.name)."
      return
    }
    var table = cache
    table.deviceOrientation = state.deviceOrientation
    table.decided = true
    masks = table
    decided = true
    let current = state.interfaceOrientation
    if allowed.contains(current) {
      reason =
        "requestGeometryUpdate(\(requested.name)): \(current.name) is already allowed; the interface stays."
      return
    }
    let target = snapOrder.first(where: allowed.contains)!
    reason =
      "requestGeometryUpdate(\(requested.name)) overlaps the scene's supported \(cache.intersection.name): the interface "
      + "turns to \(target.name) (the device still reports \(state.deviceOrientation.name))."
    try setInterface(target, depth: depth)
    // During the transition UIKit asks the deciding controller again. If the cache was stale and
    // the controller no longer supports the new orientation, the interface snaps back (rule 19).
    let decider = tree.decider
    let app = try askApp(depth: depth)
    let supported = try askSupported(decider, depth: depth)
    var fresh = maskTable(app: app, supported: supported, controller: decider, should: true, decided: true)
    fresh.shouldAutorotateCalled = false
    state.sceneCache = fresh
    masks = fresh
    if !fresh.intersection.contains(target), let back = snapOrder.first(where: fresh.intersection.contains) {
      reason =
        "requestGeometryUpdate(\(requested.name)) passed the scene's stale cache (\(cache.intersection.name)), so the "
        + "interface turned to \(target.name); then UIKit asked \(name(decider)) again, which now supports only "
        + "\(fresh.intersection.name), and the interface snapped back to \(back.name). Call "
        + "setNeedsUpdateOfSupportedInterfaceOrientations when what it supports changes."
      try setInterface(back, depth: depth)
    }
  }

  /// The table of the masks UIKit intersects for `controller`.
  func maskTable(
    app: (mask: OrientationMask, source: String), supported: (mask: OrientationMask, source: String),
    controller: Int, should: Bool, decided: Bool
  ) -> MaskTable {
    MaskTable(
      app: app.mask, appSource: app.source, controllerClass: name(controller), controllerID: controller,
      controller: supported.mask, controllerSource: supported.source, device: system.deviceMask,
      deviceSource: deviceSource, shouldAutorotate: should, deviceOrientation: state.deviceOrientation,
      decided: decided)
  }

  /// Records the table of a decision an exception cut short, asking shouldAutorotate quietly.
  mutating func recordInterruptedTable(
    app: (mask: OrientationMask, source: String), supported: (mask: OrientationMask, source: String),
    controller: Int, depth: Int
  ) {
    var quiet = self
    let should = (try? quiet.askShould(controller, depth: depth)) ?? true
    masks = maskTable(app: app, supported: supported, controller: controller, should: should, decided: true)
  }

  var deviceSource: String {
    switch (system.idiom, system.homeButton) {
    case (.pad, _): return "iPad: all four"
    case (.phone, true): return "iPhone with a Home button: all four"
    case (.phone, false): return "iPhone without a Home button: no upside-down"
    }
  }

  /// Applies a decision's masks: the exception, the turn, or why the interface stays.
  mutating func conclude(_ table: MaskTable, preferred: InterfaceOrientation?, trigger: Trigger, depth: Int)
    throws(StepFailure)
  {
    let current = state.interfaceOrientation
    let decider = table.controllerClass
    if table.shouldAutorotateCalled && !table.shouldAutorotate {
      reason =
        "\(decider) returned NO from shouldAutorotate, so its supported orientations are not used and the interface "
        + "stays \(current.name)."
      return
    }
    let allowed = table.intersection
    if allowed.isEmpty {
      throw .exception(noCommonOrientation(decider))
    }
    let target = table.mappedOrientation
    let intersection =
      "the intersection \(allowed.name) (app \(table.app.name) ∩ \(decider) \(table.controller.name) ∩ device \(table.device.name))"
    let mapping =
      target.map { "device \(table.deviceOrientation.name) maps to interface \($0.name)" }
      ?? "device \(table.deviceOrientation.name) has no interface orientation"
    if let target, allowed.contains(target) {
      if target == current {
        reason =
          "\(mapping.capitalizedFirst), which is in \(intersection): the interface stays \(current.name)."
      } else {
        reason =
          "\(mapping.capitalizedFirst), which is in \(intersection): the interface turns to \(target.name)."
        try setInterface(target, depth: depth)
      }
      return
    }
    if allowed.contains(current) {
      reason =
        "\(mapping.capitalizedFirst)\(target == nil ? "" : ", which is not in \(intersection)"): the interface stays \(current.name)."
      if trigger == .launch && target != nil { reason += " (\(current.name) is allowed.)" }
      return
    }
    let snap: InterfaceOrientation
    if let preferred, allowed.contains(preferred) {
      snap = preferred
    } else {
      snap = snapOrder.first(where: allowed.contains)!
    }
    reason =
      "\(mapping.capitalizedFirst), and neither it nor the current \(current.name) is in \(intersection): "
      + "UIKit turns the interface to \(snap.name)"
      + (snap == preferred
        ? " (\(decider)'s preferredInterfaceOrientationForPresentation)."
        : " (the first allowed; our inference of UIKit's order).")
    try setInterface(snap, depth: depth)
  }

  func noCommonOrientation(_ decider: String) -> ModelledException {
    // Older systems printed the reason without the class name (rules document, rule 4).
    let suffix = system.version.major >= 8 ? ", and [\(decider) shouldAutorotate] is returning YES" : ""
    return ModelledException(
      name: "UIApplicationInvalidInterfaceOrientation",
      reason: "Supported orientations has no common orientation with the application\(suffix)")
  }

  /// Rule 5: the preferred orientation must be one the controller supports.
  func checkPreferred(_ preferred: InterfaceOrientation, supported: OrientationMask) throws(StepFailure) {
    guard !supported.contains(preferred) else { return }
    throw .exception(
      ModelledException(
        name: "UIApplicationInvalidInterfaceOrientation",
        reason:
          "preferredInterfaceOrientationForPresentation '\(preferred.name)' must match a supported interface orientation: '\(supported.uikitList)'!"
      ))
  }

  /// Turns the interface: status-bar notifications and, for a 90° turn, `viewWillTransitionToSize:`
  /// to every controller whose view is in the window (rule 7).
  mutating func setInterface(_ orientation: InterfaceOrientation, depth: Int) throws(StepFailure) {
    let old = state.interfaceOrientation
    guard orientation != old else { return }
    notifications.append("UIApplicationWillChangeStatusBarOrientationNotification")
    if old.isLandscape != orientation.isLandscape {
      for chain in tree.displayedChains {
        for id in chain { try lifecycle(id, .viewWillTransitionToSize, depth: depth) }
      }
    }
    state.interfaceOrientation = orientation
    notifications.append("UIApplicationDidChangeStatusBarOrientationNotification")
  }

  /// The masks UIKit would intersect now, asked without recording (for steps that decide nothing).
  mutating func evaluateMasks() throws(StepFailure) -> MaskTable {
    let decider = tree.decider
    let app = try askApp(depth: 0)
    let supported = try askSupported(decider, depth: 0)
    let should = try askShould(decider, depth: 0)
    return MaskTable(
      app: app.mask, appSource: app.source, controllerClass: name(decider), controllerID: decider,
      controller: supported.mask, controllerSource: supported.source, device: system.deviceMask,
      deviceSource: deviceSource, shouldAutorotate: should, deviceOrientation: state.deviceOrientation,
      decided: false)
  }

  // MARK: - Navigation (rule 12)

  mutating func push(_ node: Node, depth: Int) throws(StepFailure) {
    guard let nav = tree.deepestVisible(.navigation) else {
      console.append("pushViewController: sent to nil: no navigation controller is on screen")
      if !decided {
        reason =
          "No navigation controller is on screen (self.navigationController is nil), so the push does nothing."
      }
      return
    }
    if kinds[node.className] == .navigation {
      throw .exception(
        ModelledException(
          name: "NSInvalidArgumentException", reason: "Pushing a navigation controller is not supported"))
    }
    let oldChain = tree[nav].shownChild.map { tree.shownChain(from: $0) } ?? []
    let new = state.tree.instantiate(node, kinds: kinds, parent: nav)
    let newChain = tree.shownChain(from: new)
    for id in oldChain.reversed() { try lifecycle(id, .viewWillDisappear, depth: depth) }
    state.tree.append(child: new, to: nav)
    for id in newChain { try lifecycle(id, .viewWillAppear, depth: depth) }
    for id in oldChain.reversed() { try lifecycle(id, .viewDidDisappear, depth: depth) }
    for id in newChain { try lifecycle(id, .viewDidAppear, depth: depth) }
    if !decided {
      reason =
        "Push does not make UIKit decide again \(noRedecisionNote): \(name(tree.decider)) is not asked and the interface "
        + "stays \(state.interfaceOrientation.name)\(unsupportedNote())."
    }
  }

  mutating func pop(depth: Int) throws(StepFailure) {
    guard
      let nav = tree.visibleChain.last(where: { tree[$0].kind == .navigation && tree[$0].children.count > 1 })
    else {
      if !decided { reason = "Nothing to pop: the visible navigation stack holds one controller or none." }
      return
    }
    let children = tree[nav].children
    let oldChain = tree.shownChain(from: children[children.count - 1])
    let newChain = tree.shownChain(from: children[children.count - 2])
    for id in oldChain.reversed() { try lifecycle(id, .viewWillDisappear, depth: depth) }
    for id in newChain { try lifecycle(id, .viewWillAppear, depth: depth) }
    for id in oldChain.reversed() { try lifecycle(id, .viewDidDisappear, depth: depth) }
    _ = state.tree.popChild(of: nav)
    for id in newChain { try lifecycle(id, .viewDidAppear, depth: depth) }
    if !decided {
      reason =
        "Pop does not make UIKit decide again \(noRedecisionNote): the interface stays \(state.interfaceOrientation.name)"
        + "\(unsupportedNote()) until the device moves or the app forces a rotation (seed 004)."
    }
  }

  /// Why push and pop leave the interface alone, per profile.
  var noRedecisionNote: String {
    modern
      ? "(on iOS 16 the app calls setNeedsUpdateOfSupportedInterfaceOrientations for that; our model)"
      : "(before iOS 16)"
  }

  /// ", although X does not support it" when the current orientation is outside what the deciding
  /// controller would now allow.
  func unsupportedNote() -> String {
    var quiet = self
    guard let table = try? quiet.evaluateMasks(), table.shouldAutorotate,
      !table.intersection.contains(state.interfaceOrientation)
    else { return "" }
    return ", although \(table.controllerClass) would now allow only \(table.intersection.name)"
  }

  mutating func selectTab(_ index: Int, depth: Int) throws(StepFailure) {
    guard let tab = tree.deepestVisible(.tabBar) else {
      if !decided { reason = "No tab bar controller is on screen: selecting a tab does nothing." }
      return
    }
    let children = tree[tab].children
    guard children.indices.contains(index) else {
      if !decided {
        reason = "\(name(tab)) has \(children.count) tabs; tab \(index) does not exist, nothing happens."
      }
      return
    }
    guard index != tree[tab].selected else {
      if !decided { reason = "Tab \(index) is already selected." }
      return
    }
    let oldChain = tree[tab].shownChild.map { tree.shownChain(from: $0) } ?? []
    let newChain = tree.shownChain(from: children[index])
    for id in oldChain.reversed() { try lifecycle(id, .viewWillDisappear, depth: depth) }
    state.tree.select(tab: index, of: tab)
    for id in newChain { try lifecycle(id, .viewWillAppear, depth: depth) }
    for id in oldChain.reversed() { try lifecycle(id, .viewDidDisappear, depth: depth) }
    for id in newChain { try lifecycle(id, .viewDidAppear, depth: depth) }
    if !decided {
      reason =
        "Selecting a tab does not make UIKit decide again: the interface stays \(state.interfaceOrientation.name)"
        + "\(unsupportedNote())."
    }
  }

  // MARK: - Presentation (rules 5, 8, 11)

  /// The style UIKit uses, and whether it fills the window.
  func resolve(_ style: PresentationStyle?) -> (style: PresentationStyle, takesOver: Bool, note: String) {
    let resolved = style ?? (system.version.major >= 13 ? .pageSheet : .fullScreen)
    var note = style == nil ? "no style given: iOS \(system.version) uses \(resolved.rawValue). " : ""
    switch resolved {
    case .fullScreen, .overFullScreen:
      return (resolved, true, note)
    case .pageSheet, .formSheet:
      if system.idiom == .phone && system.version.major < 13 {
        note += "Before iOS 13 an iPhone shows a \(resolved.rawValue) full screen. "
        return (resolved, true, note)
      }
      return (resolved, false, note)
    }
  }

  mutating func present(_ node: Node, style requested: PresentationStyle?, depth: Int) throws(StepFailure) {
    let (style, takesOver, note) = resolve(requested)
    let presenterChains = tree.displayedChains
    let new = state.tree.instantiate(node, kinds: kinds, parent: nil)
    let newChain = tree.shownChain(from: new)
    let presentedName = name(new)
    if !takesOver {
      state.tree.present(Presentation(controller: new, style: style, takesOver: false))
      for id in newChain { try lifecycle(id, .viewWillAppear, depth: depth) }
      for id in newChain { try lifecycle(id, .viewDidAppear, depth: depth) }
      if !decided {
        reason =
          note.capitalizedFirst
          + "A \(style.rawValue) does not fill the window, so \(presentedName) does not take over "
          + "rotation: \(name(tree.decider)) still decides, and the interface stays \(state.interfaceOrientation.name)."
      }
      return
    }

    // Seed 000's present log: the app and the presenting controller, then the presented
    // controller's preferred and supported orientations, then both shouldAutorotate. iOS 16 no
    // longer calls shouldAutorotate (rule 17); in iPad multitasking nobody is asked (rule 20).
    let presenter = tree.decider
    if multitasking {
      state.tree.present(Presentation(controller: new, style: style, takesOver: true))
      for id in newChain { try lifecycle(id, .viewWillAppear, depth: depth) }
      for id in newChain { try lifecycle(id, .viewDidAppear, depth: depth) }
      if !decided {
        reason =
          "In iPad multitasking UIKit asks no controller (rule 20): \(presentedName) appears in the current "
          + "\(state.interfaceOrientation.name)."
      }
      return
    }
    let app = try askApp(depth: depth)
    _ = try askSupported(presenter, depth: depth)
    let preferred = try askPreferred(new, depth: depth)
    let supported = try askSupported(new, depth: depth)
    do {
      try checkPreferred(preferred, supported: supported.mask)
    } catch {
      recordInterruptedTable(app: app, supported: supported, controller: new, depth: depth)
      throw error
    }
    var should = true
    if !modern {
      _ = try askShould(presenter, depth: depth)
      should = try askShould(new, depth: depth)
      _ = try askApp(depth: depth)
      _ = try askSupported(new, depth: depth)
    }

    var table = maskTable(app: app, supported: supported, controller: new, should: should, decided: true)
    table.shouldAutorotateCalled = !modern
    if modern { state.sceneCache = table }
    masks = table
    decided = true
    let allowed = table.intersection
    if allowed.isEmpty && should { throw .exception(noCommonOrientation(presentedName)) }

    let current = state.interfaceOrientation
    let target: InterfaceOrientation
    if allowed.contains(preferred) || (!should && supported.mask.contains(preferred)) {
      target = preferred
    } else if allowed.contains(current) {
      target = current
    } else {
      target = snapOrder.first(where: allowed.contains) ?? current
    }
    let turn = target == current ? "stays \(current.name)" : "turns to \(target.name)"
    reason =
      note.capitalizedFirst
      + "\(presentedName) fills the window, so it decides (rule 8) whatever \(name(presenter)) supports: "
      + "it prefers \(preferred.name) and allows \(allowed.name) (app \(app.mask.name) ∩ \(presentedName) "
      + "\(supported.mask.name) ∩ device \(system.deviceMask.name)); the interface \(turn)."
    let hidesPresenter = style == .fullScreen
    if hidesPresenter {
      for chain in presenterChains.reversed() {
        for id in chain.reversed() { try lifecycle(id, .viewWillDisappear, depth: depth) }
      }
    }
    state.tree.present(Presentation(controller: new, style: style, takesOver: true))
    try setInterface(target, depth: depth)
    for id in newChain { try lifecycle(id, .viewWillAppear, depth: depth) }
    if hidesPresenter {
      for chain in presenterChains.reversed() {
        for id in chain.reversed() { try lifecycle(id, .viewDidDisappear, depth: depth) }
      }
    }
    for id in newChain { try lifecycle(id, .viewDidAppear, depth: depth) }
  }

  mutating func dismiss(depth: Int) throws(StepFailure) {
    guard let top = tree.presentations.last else {
      if !decided { reason = "Nothing is presented: dismiss does nothing." }
      return
    }
    let oldChain = tree.shownChain(from: top.controller)
    let hidesPresenter = top.style == .fullScreen
    for id in oldChain.reversed() { try lifecycle(id, .viewWillDisappear, depth: depth) }
    let presenterChains = chainsBelowTop()
    if hidesPresenter {
      for chain in presenterChains { for id in chain { try lifecycle(id, .viewWillAppear, depth: depth) } }
    }
    let dismissedName = name(top.controller)
    // The presentation leaves the stack first (so the controller returned to decides); its
    // controllers live on until their viewDidDisappear: has run.
    _ = state.tree.popPresentation()
    if top.takesOver {
      // Rule 11: the controller returned to decides again and its preferred orientation is checked.
      try decide(.dismiss, depth: depth)
      reason = "\(dismissedName) is dismissed and \(name(tree.decider)) decides again. " + reason
    } else if !decided {
      reason =
        "\(dismissedName) did not fill the window, so dismissing it does not make UIKit decide again: "
        + "the interface stays \(state.interfaceOrientation.name)."
    }
    for id in oldChain.reversed() { try lifecycle(id, .viewDidDisappear, depth: depth) }
    if hidesPresenter {
      for chain in presenterChains { for id in chain { try lifecycle(id, .viewDidAppear, depth: depth) } }
    }
    state.tree.discard(top.controller)
  }

  /// The displayed chains if the top presentation were gone.
  func chainsBelowTop() -> [[Int]] {
    var copy = tree
    _ = copy.popPresentation()
    return copy.displayedChains
  }

  // MARK: - Methods and hooks

  mutating func callMethod(_ method: String, on receiverClass: String?, selfID: Int?, depth: Int)
    throws(StepFailure)
  {
    var receiverID: Int?
    var actions: [Action]?
    var receiverName = scenario.app.delegateClass
    if let receiverClass, receiverClass == scenario.app.delegateClass {
      actions = scenario.app.methods.first(where: { $0.name == method })?.actions
    } else if let receiverClass {
      receiverID = instance(of: receiverClass)
      if receiverID == nil {
        console.append("-[\(receiverClass) \(method)] skipped: no instance of \(receiverClass) exists")
        return
      }
      receiverName = receiverClass
      actions = classes[receiverClass]?.method(named: method)?.actions
    } else if let selfID, classes[name(selfID)]?.method(named: method) != nil {
      receiverID = selfID
      receiverName = name(selfID)
      actions = classes[receiverName]?.method(named: method)?.actions
    } else if let found = tree.displayedChains.reversed().joined().first(where: {
      classes[name($0)]?.method(named: method) != nil
    }) {
      receiverID = found
      receiverName = name(found)
      actions = classes[receiverName]?.method(named: method)?.actions
    } else {
      actions = scenario.app.methods.first(where: { $0.name == method })?.actions
    }
    guard let actions else {
      console.append("\(method) skipped: no controller on screen implements it")
      return
    }
    _ = try record(
      Call(
        receiver: receiverName, receiverID: receiverID, selector: method, answer: nil, overridden: true,
        depth: depth,
        kind: .method, note: nil))
    for action in actions { try perform(action, selfID: receiverID, depth: depth + 1) }
  }

  func instance(of className: String) -> Int? {
    if let shown = tree.displayedChains.reversed().joined().first(where: { name($0) == className }) {
      return shown
    }
    return tree.allInOrder.first(where: { name($0) == className })
  }

  mutating func lifecycle(_ id: Int, _ selector: LifecycleSelector, depth: Int) throws(StepFailure) {
    let className = name(id)
    let actions = classes[className]?.hook(selector)
    _ = try record(
      Call(
        receiver: className, receiverID: id, selector: selector.rawValue, answer: nil,
        overridden: actions != nil,
        depth: depth, kind: .lifecycle, note: nil))
    for action in actions ?? [] { try perform(action, selfID: id, depth: depth + 1) }
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
