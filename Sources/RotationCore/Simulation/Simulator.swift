// MARK: - Design note
//
// The simulator applies one event at a time to a `SimulationState` and returns a `Step`. Inside a
// step it plays UIKit: it asks the app's classes the orientation questions in the order the seed
// logs show, runs lifecycle hooks and methods (which can set flags, force the device orientation
// and push or present, re-entering the simulator), and records every call with its answer.
//
//   apply(event) ─▶ StepRun.perform(action) ─┬─▶ Launch, DeviceEvents     launch, rotation, lock, KVC
//                                            ├─▶ Navigation, Presentation push, pop, tabs, present, dismiss
//                                            ├─▶ Scene                    iOS 16+ requests, multitasking
//                                            ├─▶ Decision                 app ∩ controller ∩ device
//                                            └─▶ Hooks                    lifecycle, methods, transitions
//
// What a controller answers is pure (`Answers`); asking records the calls (`Questions`). Each rule
// returns its own reason; an orientation decision's reason wins over the others of its step
// (`StepRun.decide(_:reason:)`). A modelled UIKit exception unwinds the step as a Swift error and
// terminates the app; later steps are reported as not run. Every rule is in docs/rules.md, and
// where a rule is the model's choice rather than a source's, its reason text says so.

/// Applies events to a scenario's app, one step at a time.
public struct Simulator: Sendable {
  public var scenario: Scenario { model.scenario }
  public private(set) var state = SimulationState()
  /// Steps applied so far.
  public private(set) var stepCount = 0

  /// Calls a hook or method may nest before the step is stopped.
  public static let maxDepth = 64
  /// Calls one step may record before it is stopped.
  public static let maxCallsPerStep = 10_000

  /// The scenario as every step reads it, built once and shared by reference.
  let model: AppModel

  public init(scenario: Scenario) {
    model = AppModel(scenario)
    state.physicalOrientation = scenario.device.orientation
    state.orientationLock = scenario.device.orientationLock
    state.deviceOrientation = Self.reported(
      physical: scenario.device.orientation, lock: scenario.device.orientationLock,
      idiom: scenario.system.idiom,
      interface: .portrait)
    state.flags = Dictionary(uniqueKeysWithValues: scenario.app.flags.map { ($0.name, $0.value) })
    state.values = Dictionary(scenario.app.state.map { ($0.name, $0.value) }, uniquingKeysWith: { $1 })
    state.system = scenario.system.version
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
  /// portrait (docs/rules.md#orientation-lock); an iPad keeps the orientation it was locked in
  /// (docs/rules.md#ipad-lock).
  static func reported(physical: DeviceOrientation, lock: Bool, idiom: Idiom, interface: InterfaceOrientation)
    -> DeviceOrientation
  {
    guard lock else { return physical }
    if idiom == .pad, interface != .unknown { return interface.deviceOrientation }
    return .portrait
  }

  /// Applies `event` and returns the step it made. Never throws: exceptions and limits are results.
  public mutating func apply(_ event: Action) -> Step {
    stepCount += 1
    var run = StepRun(model: model, state: state)
    if let terminated = state.terminatedAt {
      run.reason = say(
        "The app terminated at step %s with a UIKit exception; this step did not run.", terminated)
      return run.finish(event: event, index: stepCount, status: .notRun)
    }
    if !state.launched && event != .launch {
      run.reason = say("The app has not launched yet; this step did not run.")
      return run.finish(event: event, index: stepCount, status: .notRun)
    }
    var status = StepStatus.ran
    do {
      run.reason = try run.performEvent(event)
      run.reason = try run.commitTransaction(after: run.reason)
      if let note = run.lockNote { run.reason = run.reason + Phrase(verbatim: " ") + note }
    } catch {
      switch error {
      case .exception(let exception):
        run.exception = exception
        // UIKit's reason is its own English; a space or a full stop joins the fix to it.
        run.reason =
          say("UIKit raised %s: the app terminates here. ", exception.name)
          + Phrase(verbatim: exception.reason)
          + (exception.fix.map {
            Phrase(verbatim: exception.reason.last.map { ".!?".contains($0) } == true ? " " : ". ") + $0
          } ?? Phrase())
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

/// The scenario as the simulator reads it, made once per simulator and shared by reference: a step
/// asks its questions through `Answers` values made many times a step, and a reference is one
/// retain where a copy of the scenario was one per array and string it holds.
final class AppModel: Sendable {
  let scenario: Scenario
  /// The classes by name.
  let classes: [String: ClassSpec]
  let kinds: [String: ControllerKind]
  /// The app delegate's method as the mask table names it.
  let delegateSource: String
  /// The classes that observe each notification (`observes`), by name.
  let observingClasses: [String: [String]]
  /// The app's code in the scenario, parsed and lowered (Code/).
  let programs: CodePrograms

  init(_ scenario: Scenario) {
    self.scenario = scenario
    programs = CodePrograms(scenario)
    delegateSource = Answers.delegateSource(scenario)
    var classes: [String: ClassSpec] = [:]
    for spec in scenario.classes { classes[spec.name] = spec }
    self.classes = classes
    kinds = classes.mapValues(\.kind)
    var observing: [String: [String]] = [:]
    for spec in scenario.classes {
      for notification in Set(spec.observers.map(\.notification)) {
        observing[notification, default: []].append(spec.name)
      }
    }
    observingClasses = observing
  }
}

/// Why a step stopped early.
enum StepFailure: Error {
  case exception(ModelledException)
  case limit(Phrase)
}

/// What triggered an orientation decision.
enum Trigger {
  case launch
  case deviceChange
  /// A decision the app or UIKit asks for without a device change (a window shown or hidden, iOS 16's
  /// refresh).
  case attempt
  /// `+[UIViewController attemptRotationToDeviceOrientation]` itself.
  case attemptRotation
  case dismiss
}
