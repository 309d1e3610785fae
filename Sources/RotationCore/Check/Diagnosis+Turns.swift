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
    for step in steps where step.status == .ran {
      guard let masks = step.masks else { continue }
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
