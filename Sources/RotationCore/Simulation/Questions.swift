/// The orientation questions UIKit asks the app, each recorded as a call with its answer.
///
/// A class that does not override a question gets UIKit's default (rules 2, 5, 6); a container
/// that forwards asks its child, and the child's call is nested under its own (rule 7); a
/// container that does not override may still be answered by its delegate (rule 10).
extension StepRun {
  /// `application:supportedInterfaceOrientationsForWindow:`, or the Info.plist list when the
  /// delegate does not implement it (rule 1).
  mutating func askApp(depth: Int) throws(StepFailure) -> (mask: OrientationMask, source: String) {
    let app = scenario.app
    if let value = app.supportedInterfaceOrientationsForWindow {
      let mask = evaluate(value)
      _ = try record(
        Call(
          receiver: app.delegateClass, receiverID: nil,
          selector: "application:supportedInterfaceOrientationsForWindow:",
          answer: mask.name, overridden: true, depth: depth, kind: .appDelegate, note: nil))
      return (mask, delegateSource)
    }
    if let list = app.infoPlist {
      return (OrientationMask(list), "Info.plist")
    }
    let idiom = system.idiom == .pad ? "iPad" : "iPhone"
    return (system.idiomDefaultMask, "Info.plist without the key: \(idiom) default")
  }

  static func delegateSource(_ scenario: Scenario) -> String {
    "-[\(scenario.app.delegateClass) application:supportedInterfaceOrientationsForWindow:]"
  }

  mutating func askSupported(_ id: Int, depth: Int) throws(StepFailure) -> (
    mask: OrientationMask, source: String
  ) {
    let spec = classes[name(id)]
    let answer = try ask(
      id, "supportedInterfaceOrientations", override: spec?.supportedInterfaceOrientations, depth: depth,
      format: \.name,
      forward: { run, child, depth throws(StepFailure) in try run.askSupported(child, depth: depth).mask },
      delegate: spec?.delegate?.supportedInterfaceOrientations.map { value in
        (selector: delegateSelector(for: id, "SupportedInterfaceOrientations:"), value: value)
      },
      default: { run in run.system.idiomDefaultMask })
    return (answer.answer, answer.source)
  }

  mutating func askShould(_ id: Int, depth: Int) throws(StepFailure) -> Bool {
    try ask(
      id, "shouldAutorotate", override: classes[name(id)]?.shouldAutorotate, depth: depth,
      format: { $0 ? "YES" : "NO" },
      forward: { run, child, depth throws(StepFailure) in try run.askShould(child, depth: depth) },
      delegate: nil, default: { _ in true }
    ).answer
  }

  /// When not overridden, the presentation uses the current status-bar orientation (rule 5).
  mutating func askPreferred(_ id: Int, depth: Int) throws(StepFailure) -> InterfaceOrientation {
    let spec = classes[name(id)]
    return try ask(
      id, "preferredInterfaceOrientationForPresentation",
      override: spec?.preferredInterfaceOrientationForPresentation,
      depth: depth, format: \.name,
      forward: { run, child, depth throws(StepFailure) in try run.askPreferred(child, depth: depth) },
      delegate: spec?.delegate?.preferredInterfaceOrientationForPresentation.map { value in
        (selector: delegateSelector(for: id, "PreferredInterfaceOrientationForPresentation:"), value: value)
      },
      default: { run in
        run.state.interfaceOrientation == .unknown ? .portrait : run.state.interfaceOrientation
      }
    ).answer
  }

  /// `tabBarControllerSupportedInterfaceOrientations:` / `navigationControllerSupportedInterfaceOrientations:`.
  func delegateSelector(for id: Int, _ suffix: String) -> String {
    (tree[id].kind == .tabBar ? "tabBarController" : "navigationController") + suffix
  }

  /// Records one question and its answer; forwarded and delegate calls nest one level below.
  private mutating func ask<T>(
    _ id: Int, _ selector: String, override: Override<T>?, depth: Int, format: (T) -> String,
    forward: (inout StepRun, Int, Int) throws(StepFailure) -> T,
    delegate: (selector: String, value: Value<T>)?,
    default fallback: (StepRun) -> T
  ) throws(StepFailure) -> (answer: T, source: String) {
    let index = try record(
      Call(
        receiver: name(id), receiverID: id, selector: selector, answer: nil, overridden: override != nil,
        depth: depth,
        kind: .orientation, note: nil))
    let answer: T
    let source: String
    switch override {
    case .value(let value)?:
      answer = evaluate(value)
      source = "overridden"
    case .forward(let target)?:
      if let child = forwardTarget(of: id, target) {
        answer = try forward(&self, child, depth + 1)
        source = "forwarded to \(target.property) \(name(child))"
        calls[index].note = "forwards to \(target.property)"
      } else {
        answer = fallback(self)
        source = "forwarding found no \(target.property): UIKit default"
        calls[index].note = "\(target.property) is nil: UIKit default"
      }
    case nil:
      if let delegate, let delegateClass = classes[name(id)]?.delegate?.className {
        answer = evaluate(delegate.value)
        _ = try record(
          Call(
            receiver: delegateClass, receiverID: nil, selector: delegate.selector, answer: format(answer),
            overridden: true, depth: depth + 1, kind: .containerDelegate, note: nil))
        source = "answered by the delegate \(delegateClass)"
      } else {
        answer = fallback(self)
        source = "UIKit default"
      }
    }
    calls[index].answer = format(answer)
    return (answer, source)
  }

  func forwardTarget(of id: Int, _ target: ForwardTarget) -> Int? {
    switch target {
    case .top: return tree[id].children.last
    case .visible: return tree.visibleViewController(of: id)
    case .selected: return tree[id].shownChild
    }
  }

  func evaluate<T>(_ value: Value<T>) -> T {
    switch value {
    case .literal(let answer): return answer
    case .conditional(let flag, let then, let otherwise):
      return evaluate(state.flags[flag] == true ? then : otherwise)
    }
  }
}
