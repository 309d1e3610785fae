/// Findings about steps after which the interface stays where its deciding controller no longer
/// lets it be (issue #28: a finding for every cause the bundled scenarios' sources name): a push or
/// pop that decides nothing before iOS 16, a `shouldAutorotate` of NO that keeps a controller in an
/// orientation it does not support, and device turns under the orientation lock.
extension Diagnosis {
  static func turnsThatDidNotHappen(_ scenario: Scenario, _ steps: [Step]) -> [Finding] {
    var found: [Finding] = []
    var stayed: [Int] = []
    var gated: [Int] = []
    var locked: [Int] = []
    var forced: [Int] = []
    var waiting: [Int] = []
    var held: [(step: Int, name: String, value: StateValue)] = []
    // The mask the app delegate returns, its value at launch, and the screens that set it.
    var kept: (name: String, launch: StateValue, setters: Set<String>)?
    if case .read(let name)? = scenario.app.supportedInterfaceOrientationsForWindow,
      let launch = scenario.app.state.first(where: { $0.name == name })?.value
    {
      let setters = setters(of: name, in: scenario)
      if !setters.isEmpty { kept = (name, launch, setters) }
    }
    for step in steps where step.status == .ran {
      guard let masks = step.masks else { continue }
      // The app now allows where the device is, but nothing made UIKit decide (before iOS 16).
      if scenario.system.profile == .classic, !masks.decided, let mapped = masks.mappedOrientation,
        mapped != step.interfaceOrientation, masks.intersection.contains(mapped), step.event.isAppCode
      {
        waiting.append(step.index)
      }
      // The app delegate returns a mask the app keeps, changed from its launch value by a screen
      // that is gone, and it keeps the interface from where the device is.
      if let kept, let now = step.state.values[kept.name], now != kept.launch,
        let mapped = masks.mappedOrientation, !masks.app.contains(mapped),
        !step.state.tree.allDisplayedChains.joined().contains(where: {
          kept.setters.contains(step.state.tree[$0].className)
        })
      {
        held.append((step.index, kept.name, now))
      }
      let outside =
        step.interfaceOrientation != .unknown && !masks.intersection.contains(step.interfaceOrientation)
      switch step.event {
      case .push, .pop:
        if outside && scenario.system.profile == .classic && !masks.decided { stayed.append(step.index) }
      case .rotateDevice:
        if step.state.orientationLock { locked.append(step.index) }
      default: break
      }
      // A controller that says NO stays where another controller turned the interface (seed 001's
      // dismissed video call), while the device is somewhere it supports.
      var leftThere = false
      if let mapped = masks.mappedOrientation, mapped != step.interfaceOrientation,
        masks.intersection.contains(mapped), let turner = lastTurn(upTo: step.index, in: steps)
      {
        leftThere = turner != masks.controllerClass
      }
      if masks.shouldAutorotateCalled, !masks.shouldAutorotate, outside || leftThere {
        gated.append(step.index)
      }
      if scenario.system.profile == .classic,
        step.calls.contains(where: { $0.method == .setDeviceOrientationThroughKVC })
      {
        forced.append(step.index)
      }
    }
    if let first = stayed.first, let step = steps.first(where: { $0.index == first }), let masks = step.masks
    {
      found.append(
        Finding(
          severity: .warning,
          message: tr(
            "After the push or pop the interface stays %s, which %s (now deciding) does not allow (%s): before iOS 16 a push or pop does not make UIKit decide. Call attemptRotationToDeviceOrientation in the viewDidAppear: of the page shown, or force the orientation there.",
            step.interfaceOrientation.name, masks.controllerClass, masks.intersection.name),
          steps: stayed, rule: "no-push-pop"))
    }
    if let first = gated.first, let step = steps.first(where: { $0.index == first }), let masks = step.masks {
      found.append(
        Finding(
          severity: .warning,
          message: tr(
            "%s returns NO from shouldAutorotate while the interface is %s where another controller left it (the device is %s): UIKit does not use its mask, so it cannot turn back. Return YES and let supportedInterfaceOrientations limit it.",
            masks.controllerClass, step.interfaceOrientation.name, step.deviceOrientation.name),
          steps: gated, rule: "should-autorotate-gate"))
    }
    if !waiting.isEmpty {
      found.append(
        Finding(
          severity: .warning,
          message: tr(
            "The app's code changed what it allows, and the device's orientation is now allowed, but the interface stays: before iOS 16 a changed answer counts only at the next decision. Call attemptRotationToDeviceOrientation right after the change."
          ),
          steps: waiting, rule: "changed-answers-wait"))
    }
    if let first = held.first {
      found.append(
        Finding(
          severity: .warning,
          message: tr(
            "The app delegate returns %s, which is %s and keeps the interface from turning with the device: the code that set it did not restore it. Set it back in viewWillDisappear: of the screen that set it.",
            first.name, first.value.text),
          steps: held.map(\.step), rule: "app-state"))
    }
    if !forced.isEmpty {
      found.append(
        Finding(
          severity: .note,
          message: tr(
            "The app forces UIDevice's orientation through KVC: before iOS 16 it makes UIKit decide (the usual workaround where a push, pop or NO from shouldAutorotate decides nothing); from iOS 16 it only logs, so plan setNeedsUpdateOfSupportedInterfaceOrientations and requestGeometryUpdate."
          ),
          steps: forced, rule: "kvc-forcing"))
    }
    if !locked.isEmpty {
      found.append(
        Finding(
          severity: .note,
          message: tr(
            "The device is turned while the orientation lock is on: UIDevice keeps reporting portrait and the interface does not turn, whatever the masks allow."
          ),
          steps: locked, rule: "orientation-lock"))
    }
    return found
  }

  /// The class that decided the last turn of the interface up to step `index`.
  static func lastTurn(upTo index: Int, in steps: [Step]) -> String? {
    var previous = InterfaceOrientation.unknown
    var turner: String?
    for step in steps where step.index <= index {
      if step.interfaceOrientation != previous, previous != .unknown { turner = step.masks?.controllerClass }
      previous = step.interfaceOrientation
    }
    return turner
  }
}

extension Diagnosis {
  /// The classes whose code sets the piece of state `name` (the screens that lock and unlock).
  static func setters(of name: String, in scenario: Scenario) -> Set<String> {
    func sets(_ actions: [Action]) -> Bool {
      actions.contains {
        switch $0 {
        case .setState(let target, _): return target == name
        case .when(_, let then, let otherwise): return sets(then + otherwise)
        default: return false
        }
      }
    }
    return Set(
      scenario.classes.filter { spec in
        spec.hooks.contains { sets($0.actions) } || spec.methods.contains { sets($0.actions) }
      }.map(\.name))
  }
}

extension Action {
  /// Whether the step runs the app's own code (a method, a flag or state it sets), not a user's turn.
  var isAppCode: Bool {
    switch self {
    case .call, .setFlag, .setState, .toggle: return true
    default: return false
    }
  }
}
