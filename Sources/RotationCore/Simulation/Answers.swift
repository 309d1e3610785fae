/// What the app's code answers UIKit's orientation questions, worked out without recording
/// anything: the answer, where it came from, and the calls UIKit makes to get it (a forwarded or
/// delegate call one level below its caller). Asking is pure: overrides are values or conditions
/// on flags, never code that changes the app, so the simulator asks here and records the calls
/// separately (`StepRun.ask…`), and the tree and inspector ask the same questions quietly.
///
/// A class that does not override a question gets UIKit's default (docs/rules.md#defaults); a
/// container that forwards asks its child (docs/rules.md#forwarding); a container that does not
/// override may still be answered by its delegate (docs/rules.md#container-delegates).
struct Answer<T> {
  var value: T
  /// `overridden`, `UIKit default`, `forwarded to topViewController NavVC`, …
  var source: Phrase
  /// The calls UIKit makes for this answer, in order.
  var calls: [Call]
  /// What the app's code raises while answering (a forward to a child index that does not exist).
  var exception: ModelledException? = nil

  /// Whether every call fits under the simulator's depth limit (a forwarding chain deeper than
  /// that stops at the limit, and the answer there is UIKit's default).
  var complete: Bool { calls.allSatisfy { $0.depth <= Simulator.maxDepth } }
}

/// Where a forwarding override lands: a controller (nil when the property is nil), or an exception.
enum Forwarded {
  case controller(Int?)
  case raised(ModelledException)
}

/// The questions, asked of a scenario's app in one state.
struct Answers {
  let model: AppModel
  let state: SimulationState
  /// The answers of the app's code under way, innermost last (`id:question`): a getter whose code
  /// asks itself again, directly or through another, recurses without end on a device
  /// (docs/rules.md#code-answers).
  var asking: [String] = []

  var scenario: Scenario { model.scenario }
  var classes: [String: ClassSpec] { model.classes }
  /// The delegate method's signature as the mask table names it.
  var delegateSource: String { model.delegateSource }

  var system: SystemConfig { scenario.system }
  var tree: ControllerTree { state.tree }
  func name(_ id: Int) -> String { state.tree.controllers.read(id) { $0.className }! }

  static func delegateSource(_ scenario: Scenario) -> String {
    "-[\(scenario.app.delegateClass) application:supportedInterfaceOrientationsForWindow:]"
  }

  /// The name of the window UIKit asks about: the driving window's (docs/rules.md#driving-window).
  var drivingWindow: String {
    tree.windows.indices.contains(tree.driver) ? tree.windows[tree.driver].name : mainWindowName
  }

  /// `application:supportedInterfaceOrientationsForWindow:` for `window` (default: the driving
  /// window), or the Info.plist list when the delegate does not implement it (docs/rules.md#app-mask).
  /// With several windows the call's note says which window was asked about.
  func app(depth: Int, window: String? = nil) -> Answer<OrientationMask> {
    let app = scenario.app
    let window = window ?? drivingWindow
    if let value = app.supportedInterfaceOrientationsForWindow {
      var mask: OrientationMask
      var codeNote: Phrase?
      var raised: ModelledException?
      var below: [Call] = []
      if case .code(let body) = value {
        // What the delegate's code answers. Where it depends on what is not known here, every
        // orientation is taken: the delegate's method is there to allow more than the Info.plist
        // list at some moment (a guess, as the import made it before code ran; docs/rules.md#code-answers).
        let ran = runCode(
          body, selfID: nil, depth: depth, default: OrientationMask.all,
          question: "application:supportedInterfaceOrientationsForWindow:",
          arguments: [.object(.application), .object(.window(tree.window(named: window) ?? tree.driver))])
        mask = ran.value
        codeNote = ran.note
        below = ran.calls
        raised = ran.exception
      } else {
        mask = evaluate(value, window: window)
      }
      var call = Call(
        receiver: app.delegateClass, receiverID: nil,
        method: .supportedInterfaceOrientationsForWindow,
        answer: mask.name, overridden: true, depth: depth, kind: .appDelegate,
        note: scenario.windows.isEmpty ? nil : say("window: %s", window))
      if let codeNote { call.note = call.note.map { say("%1$s; %2$s", $0, codeNote) } ?? codeNote }
      return Answer(
        value: mask, source: Phrase(verbatim: delegateSource), calls: [call] + below, exception: raised)
    }
    if let list = app.infoPlist {
      return Answer(value: OrientationMask(list), source: Phrase(verbatim: "Info.plist"), calls: [])
    }
    let idiom = system.idiom == .pad ? "iPad" : "iPhone"
    return Answer(
      value: system.idiomDefaultMask, source: say("Info.plist without the key: %s default", idiom), calls: [])
  }

  func supported(_ id: Int, depth: Int) -> Answer<OrientationMask> {
    let spec = classes[name(id)]
    let recursive =
      tree[id].kind == .alert && spec?.supportedInterfaceOrientations == nil && presenterComesBack(to: id)
    var result = answer(
      id, .supportedInterfaceOrientations, override: spec?.supportedInterfaceOrientations, depth: depth,
      format: \.name, forward: { supported($0, depth: $1) },
      delegate: containerDelegate(of: id).flatMap { found in
        found.answers.supportedInterfaceOrientations.map { value in
          (
            selector: delegateSelector(for: id, "SupportedInterfaceOrientations:"), value: value,
            className: found.answers.className, selfID: found.selfID
          )
        }
      },
      default: system.idiomDefaultMask,
      // An alert's supported orientations are its presenter's (docs/rules.md#alert-defers-to-presenter),
      // unless asking the presenter would come back to the alert: UIKit's guard against recursion
      // then gives the idiom's default.
      uikit: tree[id].kind == .alert && !recursive ? .forward(.presenting) : nil)
    if recursive {
      result.calls[0].note = say(
        "its presenter would ask it again: UIKit's recursion guard gives the default")
    }
    return result
  }

  /// Whether the alert's presenter, following its forwarding overrides of the supported
  /// orientations, reaches the alert again (a navigation controller forwarding to
  /// `visibleViewController`, a class forwarding to `presentedViewController`).
  func presenterComesBack(to alert: Int) -> Bool {
    guard case .controller(var current?) = forwardTarget(of: alert, .presenting) else { return false }
    for _ in 0...Simulator.maxDepth {
      guard case .forward(let target)? = classes[name(current)]?.supportedInterfaceOrientations,
        case .controller(let next?) = forwardTarget(of: current, target)
      else { return false }
      if next == alert { return true }
      current = next
    }
    return false
  }

  /// iOS 26's `prefersInterfaceOrientationLocked`: NO unless overridden.
  func prefersLocked(_ id: Int, depth: Int) -> Answer<Bool> {
    answer(
      id, .prefersInterfaceOrientationLocked, override: classes[name(id)]?.prefersInterfaceOrientationLocked,
      depth: depth, format: { $0 ? "YES" : "NO" }, forward: { prefersLocked($0, depth: $1) }, delegate: nil,
      default: false)
  }

  func should(_ id: Int, depth: Int) -> Answer<Bool> {
    answer(
      id, .shouldAutorotate, override: classes[name(id)]?.shouldAutorotate, depth: depth,
      format: { $0 ? "YES" : "NO" }, forward: { should($0, depth: $1) }, delegate: nil, default: true)
  }

  /// When not overridden, the presentation uses the current status-bar orientation
  /// (docs/rules.md#default-preferred).
  func preferred(_ id: Int, depth: Int) -> Answer<InterfaceOrientation> {
    let spec = classes[name(id)]
    return answer(
      id, .preferredInterfaceOrientationForPresentation,
      override: spec?.preferredInterfaceOrientationForPresentation, depth: depth, format: \.name,
      forward: { preferred($0, depth: $1) },
      delegate: containerDelegate(of: id).flatMap { found in
        found.answers.preferredInterfaceOrientationForPresentation.map { value in
          (
            selector: delegateSelector(for: id, "PreferredInterfaceOrientationForPresentation:"),
            value: value,
            className: found.answers.className, selfID: found.selfID
          )
        }
      },
      default: state.interfaceOrientation == .unknown ? .portrait : state.interfaceOrientation)
  }

  /// Whether UIKit asks `id` for its preferred orientation when presenting it or returning to it:
  /// its class overrides `preferredInterfaceOrientationForPresentation` (with a value or by
  /// forwarding), or its container's delegate answers it. Otherwise UIKit picks the orientation
  /// itself and never calls the method (docs/rules.md#preferred-only-when-overridden).
  func hasPreference(_ id: Int) -> Bool {
    if classes[name(id)]?.preferredInterfaceOrientationForPresentation != nil { return true }
    return containerDelegate(of: id)?.answers.preferredInterfaceOrientationForPresentation != nil
  }

  /// The delegate that answers for the container `id` when it does not override: the controller
  /// the app's code made its delegate (`navigationController?.delegate = self`), while that
  /// controller exists (the property is weak), else the delegate its class declares
  /// (docs/rules.md#container-delegates).
  func containerDelegate(of id: Int) -> (answers: ContainerDelegate, selfID: Int?)? {
    if let delegateID = tree[id].delegateID, let alive = tree.controllers[delegateID],
      var answers = classes[alive.className]?.asDelegate
    {
      answers.className = alive.className
      return (answers, delegateID)
    }
    // The app delegate, made the container's delegate as the code built the tree.
    if let delegate = tree[id].delegateClass, delegate == scenario.app.delegateClass,
      var answers = scenario.app.asDelegate
    {
      answers.className = delegate
      return (answers, nil)
    }
    return classes[name(id)]?.delegate.map { ($0, nil) }
  }

  /// `tabBarControllerSupportedInterfaceOrientations:`, `splitViewControllerSupportedInterfaceOrientations:` …
  func delegateSelector(for id: Int, _ suffix: String) -> String {
    tree[id].kind.delegatePrefix + suffix
  }

  /// One question: the receiver's call first, then any forwarded or delegate call below it.
  private func answer<T>(
    _ id: Int, _ method: UIKitMethod, override: Override<T>?, depth: Int, format: (T) -> String,
    forward: (Int, Int) -> Answer<T>,
    delegate: (selector: String, value: Value<T>, className: String, selfID: Int?)?,
    default fallback: T,
    uikit: Override<T>? = nil
  ) -> Answer<T> {
    var call = Call(
      receiver: name(id), receiverID: id, method: method, answer: nil, overridden: override != nil,
      depth: depth, kind: .orientation, note: nil)
    var below: [Call] = []
    var exception: ModelledException?
    let value: T
    let source: Phrase
    switch (override ?? uikit).map({ state.resolve($0, selfID: id, classes: classes) }) {
    case .branch?: preconditionFailure("resolve leaves no branch")
    case .value(.code(let body))?:
      let ran = runCode(body, selfID: id, depth: depth, default: fallback, question: method.rawValue)
      value = ran.value
      below = ran.calls
      exception = ran.exception
      source = ran.known ? say("overridden") : say("overridden by code not followed: UIKit default")
      call.note = ran.note
    case .value(let literal)?:
      value = evaluate(literal, selfID: id)
      source = say("overridden")
    case .forward(let target)?:
      let resolved = forwardTarget(of: id, target)
      if case .controller(let child?) = resolved, depth <= Simulator.maxDepth {
        let inner = forward(child, depth + 1)
        value = inner.value
        below = inner.calls
        exception = inner.exception
        if override == nil {
          source = say("deferred to %s %s", target.property, name(child))
          call.note = say("UIKit's %s defers to %s", tree[id].kind.uikitClass, target.property)
        } else {
          source = say("forwarded to %s %s", target.property, name(child))
          call.note = say("forwards to %s", target.property)
        }
      } else if case .raised(let raised) = resolved {
        value = fallback
        exception = raised
        source = say("forwarding raised %s", raised.name)
        call.note = say("%s raises %s", target.property, raised.name)
      } else {
        value = fallback
        source = say("forwarding found no %s: UIKit default", target.property)
        call.note = say("%s is nil: UIKit default", target.property)
      }
    case nil:
      if let delegate {
        var note: Phrase?
        var asked: [Call] = []
        if case .code(let body) = delegate.value {
          let ran = runCode(
            body, selfID: delegate.selfID, depth: depth + 1, default: fallback, question: delegate.selector,
            arguments: [.object(.controller(id))])
          value = ran.value
          note = ran.note
          asked = ran.calls
          exception = ran.exception
        } else {
          value = evaluate(delegate.value, selfID: delegate.selfID)
        }
        below =
          [
            Call(
              receiver: delegate.className, receiverID: delegate.selfID, selector: delegate.selector,
              answer: format(value), overridden: true, depth: depth + 1, kind: .containerDelegate, note: note)
          ] + asked
        source = say("answered by the delegate %s", delegate.className)
      } else {
        value = fallback
        source = say("UIKit default")
      }
    }
    call.answer = format(value)
    return Answer(value: value, source: source, calls: [call] + below, exception: exception)
  }

  /// The controller a forwarding override reads, nil when the property is nil, or the exception
  /// `childViewControllers[index]` raises when the index is out of range (docs/rules.md#forwarding).
  func forwardTarget(of id: Int, _ target: ForwardTarget) -> Forwarded {
    let controller = tree[id]
    switch target {
    case .top: return .controller(controller.children.last)
    case .visible: return .controller(tree.visibleViewController(of: id))
    case .selected, .current: return .controller(controller.shownChild)
    case .column(let column): return .controller(controller.child(in: column))
    case .presented: return .controller(tree.presentedViewController(of: id))
    case .presenting: return .controller(tree.presentingViewController(of: id))
    case .child(let index):
      let children = controller.children
      let position = index < 0 ? children.count + index : index
      if children.indices.contains(position) { return .controller(children[position]) }
      let bounds = children.isEmpty ? "for empty array" : "beyond bounds [0 .. \(children.count - 1)]"
      // Objective-C's index is unsigned: a position before the first wraps around.
      let printed = position < 0 ? String(UInt64(bitPattern: Int64(position))) : String(position)
      return .raised(
        ModelledException(
          name: "NSRangeException",
          reason: "*** -[__NSArrayM objectAtIndexedSubscript:]: index \(printed) \(bounds)",
          fix: say(
            "Fix: %1$s forwards to childViewControllers[%2$s], but it has %3$s children: forward to a child it has, or check the count first (%4$s).",
            name(id), index, children.count, Rule("forwarding")),
          rule: Rule("forwarding")))
    }
  }

  /// A value's answer in this state for code running on `selfID` (nil: the app delegate's);
  /// `ifWindow` compares `window` (default: the driving window).
  func evaluate<T>(_ value: Value<T>, selfID: Int? = nil, window: String? = nil) -> T {
    state.evaluate(value, selfID: selfID, window: window ?? drivingWindow, classes: classes)
  }

  // MARK: - Tables

  /// The masks UIKit intersects for `controller`.
  func maskTable(
    app: Answer<OrientationMask>, supported: Answer<OrientationMask>, controller: Int, should: Bool,
    decided: Bool
  ) -> MaskTable {
    MaskTable(
      app: app.value, appSource: app.source, controllerClass: name(controller), controllerID: controller,
      controller: supported.value, controllerSource: supported.source, device: system.deviceMask,
      deviceSource: deviceSource, shouldAutorotate: should, deviceOrientation: state.deviceOrientation,
      decided: decided)
  }

  /// The masks UIKit would intersect now, for steps that decide nothing (nil past the depth limit).
  func currentMasks() -> MaskTable? {
    let decider = tree.decider
    let app = app(depth: 0)
    let supported = supported(decider, depth: 0)
    let should = should(decider, depth: 0)
    guard supported.complete, should.complete else { return nil }
    var table = maskTable(
      app: app, supported: supported, controller: decider, should: should.value, decided: false)
    // iOS 16+ and iPad multitasking never call shouldAutorotate.
    table.shouldAutorotateCalled = system.profile != .modern && !scenario.multitasking
    return table
  }

  var deviceSource: Phrase {
    switch (system.idiom, system.homeButton) {
    case (.pad, _): return say("iPad: all four")
    case (.phone, true): return say("iPhone with a Home button: all four")
    case (.phone, false): return say("iPhone without a Home button: no upside-down")
    }
  }

  /// A controller's three answers, for the tree and the inspector.
  func controllerAnswers(of id: Int) -> ControllerAnswers {
    let spec = classes[name(id)]
    let supported = supported(id, depth: 0)
    let should = should(id, depth: 0)
    let preferred = preferred(id, depth: 0)
    var forwards: [String] = []
    if case .forward(let target)? = spec?.shouldAutorotate {
      forwards.append("shouldAutorotate → \(target.label)")
    }
    if case .forward(let target)? = spec?.supportedInterfaceOrientations {
      forwards.append("supportedInterfaceOrientations → \(target.label)")
    }
    if case .forward(let target)? = spec?.preferredInterfaceOrientationForPresentation {
      forwards.append("preferredInterfaceOrientationForPresentation → \(target.label)")
    }
    return ControllerAnswers(
      supported: supported.complete ? supported.value : system.idiomDefaultMask,
      supportedOverridden: spec?.supportedInterfaceOrientations != nil,
      shouldAutorotate: should.complete ? should.value : true,
      shouldAutorotateOverridden: spec?.shouldAutorotate != nil,
      preferred: preferred.complete ? preferred.value : .portrait,
      preferredOverridden: spec?.preferredInterfaceOrientationForPresentation != nil, forwards: forwards,
      hooks: spec?.hooks.map(\.selector.rawValue) ?? [], methods: spec?.methods.map(\.name) ?? [])
  }
}
