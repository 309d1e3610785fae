/// What a reviewer of rotation code would point out in a scenario's run: each finding with its
/// severity, the steps where it shows and the rule it rests on (docs/rules.md). The findings are
/// read from the run the simulator made, never guessed: an override counts as unused only if no
/// decision in the run asked it.
public struct Finding: Sendable, Equatable {
  public enum Severity: String, Sendable, Comparable {
    case error, warning, note

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
      let order: [Severity] = [.error, .warning, .note]
      return order.firstIndex(of: lhs)! < order.firstIndex(of: rhs)!
    }
  }

  public var severity: Severity
  /// One sentence a user can act on.
  public var message: String
  /// 1-based steps where it shows (empty for a finding about the scenario itself).
  public var steps: [Int]
  /// The anchor in docs/rules.md.
  public var rule: String
  /// For an exception: the chain of answers that led to it, as the trace prints them.
  public var chain: [String] = []
}

public enum Diagnosis {
  /// The findings of a run of `scenario`, most severe first, then in step order.
  public static func findings(_ scenario: Scenario, steps: [Step]) -> [Finding] {
    var found: [Finding] = []
    found += exceptions(steps)
    found += unusedOverrides(scenario, steps)
    found += masksThatCannotWork(scenario)
    if scenario.system.profile == .modern {
      found += olderAPIs(scenario, steps) + staleCache(scenario, steps)
    }
    found += sceneLifecycle(scenario)
    found += unhookedMethods(scenario)
    found += unhookedPlugins(scenario)
    found += turnsThatDidNotHappen(scenario, steps)
    return found.enumerated().sorted { a, b in
      a.element.severity != b.element.severity ? a.element.severity < b.element.severity : a.offset < b.offset
    }.map(\.element)
  }

  public static func findings(_ scenario: Scenario) -> [Finding] {
    findings(scenario, steps: Simulator.run(scenario))
  }

  // MARK: - Exceptions

  static func exceptions(_ steps: [Step]) -> [Finding] {
    steps.compactMap { step in
      guard let exception = step.exception else { return nil }
      let chain = step.calls.filter {
        $0.kind == .orientation || $0.kind == .appDelegate || $0.kind == .containerDelegate
      }
      .map { String(repeating: "  ", count: $0.depth) + $0.signature + ($0.answer.map { " -> \($0)" } ?? "") }
      return Finding(
        severity: .error,
        message: "\(exception.name): \(exception.reason)" + (exception.fix.map { " " + $0.text } ?? ""),
        steps: [step.index], rule: exception.rule.anchor, chain: chain)
    }
  }

  // MARK: - Overrides no decision asks

  static func unusedOverrides(_ scenario: Scenario, _ steps: [Step]) -> [Finding] {
    var found: [Finding] = []
    let classes = Dictionary(scenario.classes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    for spec in scenario.classes where !spec.external {
      // iOS 16+ still asks it when nothing is in common: then its answer matters.
      let called = steps.contains {
        $0.calls.contains { $0.receiver == spec.name && $0.method == .shouldAutorotate }
      }
      if spec.shouldAutorotate != nil && scenario.system.profile == .modern && !called {
        found.append(
          Finding(
            severity: .warning,
            message: tr(
              "%s overrides shouldAutorotate, which iOS %s never calls to decide a turn: limit supportedInterfaceOrientations instead.",
              spec.name, scenario.system.version),
            steps: [], rule: "no-should-autorotate"))
      }
      guard case .value? = spec.supportedInterfaceOrientations else { continue }
      // Steps where one of its instances is in a visible window.
      let shown = steps.filter { step in
        step.state.launched
          && step.state.tree.allDisplayedChains.joined().contains {
            step.state.tree[$0].className == spec.name
          }
      }
      guard !shown.isEmpty else { continue }
      let asked = steps.contains { step in
        step.masks?.decided == true
          && step.calls.contains {
            $0.receiver == spec.name && $0.method == .supportedInterfaceOrientations
              && !$0.ignored
          }
      }
      guard !asked else { continue }
      let deciding = shown.first(where: { $0.masks?.decided == true })
      let (why, rule) =
        deciding.map { whyNotAsked(spec.name, scenario, $0, classes) }
        ?? (
          tr(
            "UIKit made no decision while it was on screen: a push, a pop or a tab selection does not make UIKit decide; turn the device or ask again (attemptRotationToDeviceOrientation, or setNeedsUpdateOfSupportedInterfaceOrientations from iOS 16)."
          ), "no-push-pop"
        )
      found.append(
        Finding(
          severity: .warning,
          message: tr("%s's supportedInterfaceOrientations is never the deciding answer: %s", spec.name, why),
          steps: shown.map(\.index), rule: rule))
    }
    return found
  }

  static func whyNotAsked(
    _ name: String, _ scenario: Scenario, _ step: Step, _ classes: [String: ClassSpec]
  ) -> (String, String) {
    if scenario.multitasking {
      // iPadOS 26 deprecates UIRequiresFullScreen (TN3192): the lock preference holds an orientation.
      if scenario.system.version.major >= 26 && !scenario.system.sceneQualifiesForLock {
        // TN3192: the lock is granted only to a scene that fills the screen.
        return (
          tr(
            "the iPad app runs in a window (iPadOS 26's Windowed apps or Stage Manager), where UIKit asks no controller and the system grants no orientation lock; give the scene a minimum size with UISceneSizeRestrictions so its layout holds in any shape, and prefer a locked orientation (prefersInterfaceOrientationLocked) for when it runs full screen."
          ),
          "orientation-lock-preference"
        )
      }
      if scenario.system.version.major >= 26 {
        return (
          tr(
            "the iPad app runs in multitasking, where UIKit asks no controller; on iPadOS 26 make the deciding controller prefer a locked orientation (prefersInterfaceOrientationLocked), as UIRequiresFullScreen is deprecated."
          ),
          "orientation-lock-preference"
        )
      }
      return (
        tr("the iPad app runs in multitasking, where UIKit asks no controller; set UIRequiresFullScreen."),
        "ipad-multitasking"
      )
    }
    let tree = step.state.tree
    guard let id = tree.allDisplayedChains.joined().first(where: { tree[$0].className == name }) else {
      return (tr("another controller decides."), "deciding-controller")
    }
    // A sheet or popover never decides, whatever its containers do.
    var top = id
    while let parent = tree[top].parent { top = parent }
    for window in tree.windows {
      if let presentation = window.presentations.first(where: { $0.controller == top }),
        !presentation.takesOver
      {
        return (
          tr(
            "it is presented as a %s, which never decides; present it fullScreen if it must choose the orientation.",
            presentation.style.rawValue), "presentation-styles"
        )
      }
    }
    var current = id
    while let parent = tree[current].parent {
      let container = tree[parent]
      let forwards: Bool
      if case .forward? = classes[container.className]?.supportedInterfaceOrientations {
        forwards = true
      } else {
        forwards = false
      }
      if !forwards {
        let target = forwardTarget(of: container, to: current)?.property
        let own = classes[container.className].map { !$0.external } ?? false
        let why: String
        switch (target, own) {
        case (let target?, true):
          why = tr(
            "its container %s does not forward the question to it (forward to %s), so UIKit never asks it.",
            container.className, target)
        case (let target?, false):
          why = tr(
            "its container %s does not forward the question to it (forward to %s), so UIKit never asks it; %s is not the app's code: add a category (a Swift extension) on it that forwards, or use a subclass that does.",
            container.className, target, container.className)
        case (nil, true):
          why = tr(
            "its container %s does not forward the question to it, so UIKit never asks it.",
            container.className)
        case (nil, false):
          why = tr(
            "its container %s does not forward the question to it, so UIKit never asks it; %s is not the app's code: use a subclass of it that forwards.",
            container.className, container.className)
        }
        return (why, "containers-ignore-children")
      }
      current = parent
    }
    return (tr("another controller decides at every step where it is on screen."), "deciding-controller")
  }

  /// Where `container` would forward to reach `child`: the child's own index or column, not always
  /// the first.
  static func forwardTarget(of container: Controller, to child: Int) -> ForwardTarget? {
    switch container.kind {
    case .container:
      return container.children.firstIndex(of: child).map { ForwardTarget.child($0) } ?? .child(0)
    case .splitView:
      if let index = container.children.firstIndex(of: child), container.columns.indices.contains(index) {
        return .column(container.columns[index])
      }
      return ForwardTarget.offered(for: container.kind).first
    default:
      return ForwardTarget.offered(for: container.kind).first
    }
  }

  // MARK: - Masks that cannot work

  static func masksThatCannotWork(_ scenario: Scenario) -> [Finding] {
    var found: [Finding] = []
    let noUpsideDown = scenario.system.idiom == .phone && !scenario.system.homeButton
    for spec in scenario.classes where !spec.external {
      var supported: OrientationMask?
      if case .value(.literal(let mask))? = spec.supportedInterfaceOrientations { supported = mask }
      if case .value(.literal(let preferred))? = spec.preferredInterfaceOrientationForPresentation {
        let mask = supported ?? scenario.system.idiomDefaultMask
        if !mask.contains(preferred) {
          found.append(
            Finding(
              severity: .warning,
              message: scenario.system.version.major >= 17
                ? tr(
                  "%s prefers %s, which it does not support (%s): iOS 17+ logs and ignores it.", spec.name,
                  preferred.name, mask.name)
                : tr(
                  "%s prefers %s, which it does not support (%s): UIKit raises when it asks.", spec.name,
                  preferred.name, mask.name),
              steps: [], rule: "preferred-not-supported"))
        }
      }
      if noUpsideDown, let supported, supported.contains(.portraitUpsideDown) {
        found.append(
          Finding(
            severity: .note,
            message: supported == OrientationMask.portraitUpsideDown
              ? tr(
                "%s supports portraitUpsideDown, which an iPhone without a Home button never shows: it can show nothing at all.",
                spec.name)
              : tr(
                "%s supports portraitUpsideDown, which an iPhone without a Home button never shows.",
                spec.name),
            steps: [], rule: "device-mask"))
      }
    }
    return found
  }

  // MARK: - iOS 16+

  /// An app without the UIScene life cycle: UIKit says so at launch from iOS 18.4, and Apple says it
  /// will not launch once built with the SDK after iOS 26's (TN3187).
  static func sceneLifecycle(_ scenario: Scenario) -> [Finding] {
    guard !scenario.app.sceneLifecycle else { return [] }
    return [
      Finding(
        severity: scenario.system.version >= SystemVersion("18.4")! ? .warning : .note,
        message: tr(
          "The app does not adopt the UIScene life cycle (no scene manifest): UIKit logs it at launch from iOS 18.4, and after iOS 26 an app built with the new SDK will not launch without it. Add a UIApplicationSceneManifest and a scene delegate that makes the window (TN3187)."
        ),
        steps: [1], rule: "scene-lifecycle")
    ]
  }

  /// The window question written under a selector UIKit never calls (docs/rules.md#unhooked-delegate-method).
  static func unhookedMethods(_ scenario: Scenario) -> [Finding] {
    guard let unhooked = scenario.app.unhooked else { return [] }
    return [
      Finding(
        severity: .warning,
        message: tr(
          "UIKit never calls the app delegate's %s: the method it calls is application(_:supportedInterfaceOrientationsFor:) in Swift (application:supportedInterfaceOrientationsForWindow: in Objective-C), so the answer %s is never used. Rename it to that signature.",
          unhooked.method, Self.describe(unhooked.answer)),
        steps: [1], rule: "unhooked-delegate-method")
    ]
  }

  /// An answer in a few words: a mask's name, or "depends on …".
  static func describe(_ value: Value<OrientationMask>) -> String {
    if case .literal(let mask) = value { return mask.name }
    return tr("(which depends on the app's state)")
  }

  static func olderAPIs(_ scenario: Scenario, _ steps: [Step]) -> [Finding] {
    var found: [Finding] = []
    let kvc = steps.filter { $0.calls.contains { $0.method == .setDeviceOrientationThroughKVC } }
    if !kvc.isEmpty {
      found.append(
        Finding(
          severity: .warning,
          message: tr(
            "Forcing UIDevice's orientation through KVC only logs on iOS %s: call setNeedsUpdateOfSupportedInterfaceOrientations, then requestGeometryUpdate.",
            scenario.system.version),
          steps: kvc.map(\.index), rule: "kvc-ignored"))
    }
    let attempts = steps.filter { $0.calls.contains { $0.method == .attemptRotationToDeviceOrientation } }
    if !attempts.isEmpty {
      found.append(
        Finding(
          severity: .note,
          message: tr(
            "attemptRotationToDeviceOrientation is deprecated in iOS 16: use setNeedsUpdateOfSupportedInterfaceOrientations."
          ),
          steps: attempts.map(\.index), rule: "attempt-rotation-deprecated"))
    }
    // A flag that a supported mask reads, set by the app's code with no refresh after it.
    var masksRead = Set<String>()
    for spec in scenario.classes {
      if case .value(let value)? = spec.supportedInterfaceOrientations { masksRead.formUnion(value.flags) }
    }
    masksRead.formUnion(scenario.app.supportedInterfaceOrientationsForWindow?.flags ?? [])
    var unrefreshed: [String] = []
    let code = scenario.code
    for (owner, actions) in code {
      for (index, action) in actions.enumerated() {
        guard case .setFlag(let flag, _) = action, masksRead.contains(flag) else { continue }
        let refreshed = actions[(index + 1)...].contains {
          if case .setNeedsUpdateOfSupportedInterfaceOrientations = $0 { return true }
          return false
        }
        if !refreshed { unrefreshed.append(tr("%s sets %s", owner, flag)) }
      }
    }
    if !unrefreshed.isEmpty {
      found.append(
        Finding(
          severity: .warning,
          message: tr(
            "%s, which a supported mask reads, and never calls setNeedsUpdateOfSupportedInterfaceOrientations after it: the scene keeps judging by its old cache.",
            unrefreshed.joined(pairwise: { tr("%s; %s", $0, $1) })),
          steps: [], rule: "set-needs-update"))
    }
    return found
  }

  /// Turns and requests the scene refused by its cached orientations, where the answers at that
  /// moment allowed them (the simulator says so in the step's reason, and marks the step).
  static func staleCache(_ scenario: Scenario, _ steps: [Step]) -> [Finding] {
    let refused = steps.filter { step in step.status == .ran && step.refusedByStaleCache }.map(\.index)
    guard !refused.isEmpty else { return [] }
    return [
      Finding(
        severity: .warning,
        message: tr(
          "The scene refused a turn or request with stale cached orientations, though the app and the deciding controller allowed it: call setNeedsUpdateOfSupportedInterfaceOrientations when what it supports changes."
        ),
        steps: refused, rule: "ios16-rotation-uses-cache")
    ]
  }
}
