/// The edits iOS developers make to rotation code, as changes to a scenario, each with the Swift
/// and Objective-C a user would write. `FixSearch` tries them one at a time, then in pairs.
public struct Edit: Sendable {
  /// "Forward NavVC's supportedInterfaceOrientations to topViewController".
  public var title: String
  /// The scenario change: `classes.NavVC.supportedInterfaceOrientations = {"forwardTo": "top"}`.
  public var change: String
  public var swift: String
  public var objectiveC: String
  let apply: @Sendable (inout Scenario) -> Void
  /// Why it works, as a reviewer would say it: the cause it removes and the rule it relies on.
  public var why = ""
  public var rule: Rule?
}

extension Edit {
  /// The edit with the reason it works and the rule of docs/rules.md it relies on.
  func explained(_ why: String, rule anchor: String) -> Edit {
    var edit = self
    edit.why = why
    edit.rule = Rule(anchor)
    return edit
  }
}

enum FixCatalogue {
  static let masks: [OrientationMask] = [.portrait, .landscape, .allButUpsideDown, .all]

  /// Every edit that could matter to `scenario`, the commonest first.
  static func edits(_ original: Scenario) -> [Edit] {
    // The app's own classes: a framework's classes cannot be edited (`mapCode` skips them too,
    // as the apply closures work on the whole scenario).
    var scenario = original
    scenario.classes.removeAll(where: \.external)
    // A method UIKit never calls is the cause before any other: hook it first.
    var edits: [Edit] = hookUnhooked(scenario) + pluginRemedies(scenario)
    for spec in scenario.classes {
      edits += forwarding(spec, to: ForwardTarget.offered(for: spec.kind).filter { $0 != .presented })
    }
    // UIKit's own containers the app uses without a subclass: a category, or the app delegate as
    // their delegate.
    edits += uikitCategories(scenario)
    edits += containerDelegates(scenario)
    for spec in scenario.classes { edits += preferred(spec) }
    edits += presentFullScreen(scenario)
    edits += perWindowAnswers(scenario, original: original)
    if scenario.system.idiom == .pad && scenario.multitasking {
      // iPadOS 26 deprecates UIRequiresFullScreen (TN3192): the lock preference comes first there.
      if scenario.system.version.major >= 26 { edits += lockPreference(scenario) }
      edits.append(requiresFullScreen())
    }
    if scenario.system.profile == .modern {
      edits += setNeedsUpdateAfterFlags(scenario)
      edits += requestInsteadOfKVC(scenario)
    }
    edits += restoreDeviceAfterForcedLock(scenario)
    edits += restoreAfterUnlock(scenario)
    edits += attemptOnAppearance(scenario)
    edits += lockVariableInAppearance(scenario)
    for spec in scenario.classes { edits += masksOf(spec) }
    edits += appMasks(scenario)
    edits += lockFlags(scenario)
    edits += forwardToPresenting(scenario)
    for spec in scenario.classes
    where spec.shouldAutorotate != nil && spec.shouldAutorotate != .value(.literal(true)) {
      edits.append(shouldAutorotateYES(spec))
    }
    // Forwarding to the presented controller is rarely what a fix needs: last.
    for spec in scenario.classes { edits += forwarding(spec, to: [.presented]) }
    return edits
  }

  // MARK: - Forwarding

  static func forwarding(_ spec: ClassSpec, to targets: [ForwardTarget]) -> [Edit] {
    targets.compactMap { target in
      let override = Override<OrientationMask>.forward(target)
      guard spec.supportedInterfaceOrientations != override else { return nil }
      let name = spec.name
      let (swiftChild, objcChild) = childExpression(target)
      return Edit(
        title: tr("Forward %s's supportedInterfaceOrientations to %s", name, target.property),
        change: "classes.\(name).supportedInterfaceOrientations = {\"forwardTo\": \"\(target.word)\""
          + (target.word == "child" ? ", \"index\": \(childIndex(target))}" : "}"),
        swift: """
          // \(name)
          override var supportedInterfaceOrientations: UIInterfaceOrientationMask {
              \(swiftChild)?.supportedInterfaceOrientations ?? super.supportedInterfaceOrientations
          }
          """,
        objectiveC: """
          // \(name).m
          - (UIInterfaceOrientationMask)supportedInterfaceOrientations {
              UIViewController *child = \(objcChild);
              return child ? child.supportedInterfaceOrientations : [super supportedInterfaceOrientations];
          }
          """,
        apply: { scenario in scenario.updateClass(name) { $0.supportedInterfaceOrientations = override } }
      ).explained(
        tr(
          "%s answers for its children without asking them; forwarding to %s makes that controller's own answer count.",
          name, target.property), rule: "containers-ignore-children")
    }
  }

  static func childIndex(_ target: ForwardTarget) -> Int {
    if case .child(let index) = target { return index }
    return 0
  }

  static func childExpression(_ target: ForwardTarget) -> (swift: String, objectiveC: String) {
    switch target {
    case .top: return ("topViewController", "self.topViewController")
    case .visible: return ("visibleViewController", "self.visibleViewController")
    case .selected: return ("selectedViewController", "self.selectedViewController")
    case .child(let index):
      if index < 0 { return ("children.last", "self.childViewControllers.lastObject") }
      if index == 0 { return ("children.first", "self.childViewControllers.firstObject") }
      return (
        "(children.count > \(index) ? children[\(index)] : nil)",
        "(self.childViewControllers.count > \(index) ? self.childViewControllers[\(index)] : nil)"
      )
    case .column(let column):
      return (
        "viewController(for: .\(column.rawValue))",
        "[self viewControllerForColumn:UISplitViewControllerColumn\(column.rawValue.capitalizedFirst)]"
      )
    case .current: return ("viewControllers?.first", "self.viewControllers.firstObject")
    case .presented, .presenting: return ("presentedViewController", "self.presentedViewController")
    }
  }

  // MARK: - The preferred orientation

  static func preferred(_ spec: ClassSpec) -> [Edit] {
    let name = spec.name
    var edits: [Edit] = []
    if spec.preferredInterfaceOrientationForPresentation != nil {
      edits.append(
        Edit(
          title: tr(
            "Remove %s's preferredInterfaceOrientationForPresentation (UIKit then picks one it supports)",
            name),
          change: tr("classes.%s.preferredInterfaceOrientationForPresentation removed", name),
          swift: tr("// %s: delete the preferredInterfaceOrientationForPresentation override", name),
          objectiveC: tr("// %s.m: delete -preferredInterfaceOrientationForPresentation", name),
          apply: { scenario in
            scenario.updateClass(name) { $0.preferredInterfaceOrientationForPresentation = nil }
          }
        ).explained(
          tr(
            "The preferred orientation must be one %s supports; without the override UIKit picks one that it does.",
            name), rule: "preferred-not-supported"))
    }
    guard case .value(.literal(let mask))? = spec.supportedInterfaceOrientations else { return edits }
    for orientation in mask.orientations
    where spec.preferredInterfaceOrientationForPresentation != .value(.literal(orientation)) {
      let code = overriding(name, "preferredInterfaceOrientationForPresentation", returning: orientation.name)
      edits.append(
        Edit(
          title: tr("Make %s prefer %s, one of the orientations it supports", name, orientation.name),
          change: "classes.\(name).preferredInterfaceOrientationForPresentation = \"\(orientation.name)\"",
          swift: code.swift, objectiveC: code.objectiveC,
          apply: { scenario in
            scenario.updateClass(name) {
              $0.preferredInterfaceOrientationForPresentation = .value(.literal(orientation))
            }
          }
        ).explained(
          tr(
            "UIKit presents %s in the orientation it prefers; preferring %s, which it supports, gives UIKit a valid start.",
            name, orientation.name), rule: "preferred-not-supported"))
    }
    return edits
  }

  // MARK: - Presentations

  static func presentFullScreen(_ scenario: Scenario) -> [Edit] {
    let alerts = Set(scenario.classes.filter { $0.kind == .alert }.map(\.name))
    var names: [String] = []
    let all = scenario.steps + scenario.code.flatMap(\.actions)
    for action in all {
      var inner = action
      if case .inWindow(_, let wrapped) = action { inner = wrapped }
      guard case .present(let node, let style) = inner, style != .fullScreen, !names.contains(node.className),
        ControllerKind.uikitClasses[node.className] != .alert, !alerts.contains(node.className)
      else { continue }
      names.append(node.className)
    }
    return names.map { name in
      Edit(
        title: tr("Present %s fullScreen instead of as a sheet or popover", name),
        change: tr(
          "every presentation of %s (steps, methods and hooks) gets \"style\": \"fullScreen\"", name),
        swift:
          "let controller = \(name)()\ncontroller.modalPresentationStyle = .fullScreen\npresent(controller, animated: true)",
        objectiveC: "\(name) *controller = [[\(name) alloc] init];\n"
          + "controller.modalPresentationStyle = UIModalPresentationFullScreen;\n"
          + "[self presentViewController:controller animated:YES completion:nil];",
        apply: { scenario in scenario.mapActions { Self.fullScreen($0, name) } }
      ).explained(
        tr(
          "Only a presentation that fills the window decides; as a sheet or popover %s leaves its presenter deciding.",
          name), rule: "presentation-styles")
    }
  }

  @Sendable static func fullScreen(_ action: Action, _ name: String) -> Action {
    switch action {
    case .present(let node, _) where node.className == name: return .present(node, style: .fullScreen)
    case .inWindow(let window, let inner): return .inWindow(window, fullScreen(inner, name))
    default: return action
    }
  }

  // MARK: - iOS 16+

  /// After every setFlag in a class's or the app delegate's code, ask the scene to refresh.
  static func setNeedsUpdateAfterFlags(_ scenario: Scenario) -> [Edit] {
    @Sendable func refreshing(_ actions: [Action]) -> [Action] {
      var result: [Action] = []
      for (index, action) in actions.enumerated() {
        result.append(action)
        if case .setFlag = action {
          let next = actions.indices.contains(index + 1) ? actions[index + 1] : nil
          if case .setNeedsUpdateOfSupportedInterfaceOrientations? = next { continue }
          result.append(.setNeedsUpdateOfSupportedInterfaceOrientations(nil))
        }
      }
      return result
    }
    let code = scenario.code.flatMap(\.actions)
    var flag: String?
    for action in code { if case .setFlag(let name, _) = action { flag = name; break } }
    guard let flag else { return [] }
    return [
      Edit(
        title: tr(
          "Call setNeedsUpdateOfSupportedInterfaceOrientations right after changing what a controller supports"
        ),
        change: tr(
          "a setNeedsUpdateOfSupportedInterfaceOrientations action after each setFlag in the app's methods and hooks"
        ),
        swift: "\(flag) = true\nif #available(iOS 16.0, *) {\n    "
          + tr("// the deciding controller, or window?.rootViewController from the app delegate")
          + "\n    viewController.setNeedsUpdateOfSupportedInterfaceOrientations()\n}",
        objectiveC: "self.\(flag) = YES;\nif (@available(iOS 16.0, *)) {\n"
          + "    [viewController setNeedsUpdateOfSupportedInterfaceOrientations];\n}",
        apply: { scenario in scenario.mapCode(refreshing) }
      ).explained(
        tr(
          "From iOS 16 the scene caches the supported orientations: a changed answer counts only once the app asks UIKit to refresh them."
        ), rule: "scene-cache")
    ]
  }

  /// Replace KVC forcing in the app's code with a refresh and a geometry request for the same
  /// orientation.
  static func requestInsteadOfKVC(_ scenario: Scenario) -> [Edit] {
    @Sendable func replacing(_ actions: [Action]) -> [Action] {
      actions.flatMap { action -> [Action] in
        guard case .setDeviceOrientation(.orientation(let device)) = action else { return [action] }
        // Forcing to faceUp, faceDown or unknown is the trick's first half: dropped.
        guard let interface = device.interfaceOrientation else { return [] }
        return [.setNeedsUpdateOfSupportedInterfaceOrientations(nil), .requestGeometryUpdate(interface.mask)]
      }
    }
    let code = scenario.code.flatMap(\.actions)
    var forced: InterfaceOrientation?
    var uses = false
    for action in code {
      guard case .setDeviceOrientation(.orientation(let device)) = action else { continue }
      uses = true
      if forced == nil { forced = device.interfaceOrientation }
    }
    guard uses else { return [] }
    let mask = (forced ?? .landscapeRight).mask.name
    let comment = tr(
      "// in the controller; from the app delegate, window?.rootViewController and window?.windowScene")
    return [
      Edit(
        title: tr(
          "Replace the KVC forcing with setNeedsUpdateOfSupportedInterfaceOrientations and requestGeometryUpdate"
        ),
        change: tr(
          "in the app's methods and hooks, each setDeviceOrientation to a portrait or landscape orientation becomes setNeedsUpdateOfSupportedInterfaceOrientations + requestGeometryUpdate of that interface orientation; forcing to faceUp, faceDown or unknown is dropped"
        ),
        swift: """
          if #available(iOS 16.0, *) {
              \(comment)
              setNeedsUpdateOfSupportedInterfaceOrientations()
              view.window?.windowScene?.requestGeometryUpdate(.iOS(interfaceOrientations: .\(mask)))
          }
          """,
        objectiveC: """
          if (@available(iOS 16.0, *)) {
              [self setNeedsUpdateOfSupportedInterfaceOrientations];
              UIWindowSceneGeometryPreferencesIOS *preferences = [[UIWindowSceneGeometryPreferencesIOS alloc]
                  initWithInterfaceOrientations:UIInterfaceOrientationMask\(mask.capitalizedFirst)];
              [self.view.window.windowScene requestGeometryUpdateWithPreferences:preferences errorHandler:nil];
          }
          """,
        apply: { scenario in scenario.mapCode(replacing) }
      ).explained(
        tr(
          "From iOS 16 setting UIDevice's orientation through KVC only logs; a geometry request turns the scene."
        ),
        rule: "kvc-ignored")
    ]
  }

  /// The override of one of UIKit's orientation properties that returns `value`, in Swift and in
  /// Objective-C: `supportedInterfaceOrientations` returns a mask, the preferred orientation one
  /// orientation.
  static func overriding(_ className: String, _ property: String, returning value: String)
    -> (swift: String, objectiveC: String)
  {
    let type =
      property == "supportedInterfaceOrientations" ? "UIInterfaceOrientationMask" : "UIInterfaceOrientation"
    return (
      """
      // \(className)
      override var \(property): \(type) { .\(value) }
      """,
      """
      // \(className).m
      - (\(type))\(property) {
          return \(type)\(value.capitalizedFirst);
      }
      """
    )
  }

  // MARK: - Masks

  static func masksOf(_ spec: ClassSpec) -> [Edit] {
    let name = spec.name
    return masks.compactMap { mask in
      guard spec.supportedInterfaceOrientations != .value(.literal(mask)) else { return nil }
      let code = overriding(name, "supportedInterfaceOrientations", returning: mask.name)
      return Edit(
        title: tr("Make %s support %s", name, mask.name),
        change: "classes.\(name).supportedInterfaceOrientations = \"\(mask.name)\"",
        swift: code.swift, objectiveC: code.objectiveC,
        apply: { scenario in
          scenario.updateClass(name) { $0.supportedInterfaceOrientations = .value(.literal(mask)) }
        }
      ).explained(
        tr(
          "The deciding controller's mask is one side of the intersection: %s's now allows %s.", name,
          mask.name),
        rule: "intersection")
    }
  }

  /// The app's mask: a wider one, or one that follows a flag the app's code sets.
  static func appMasks(_ scenario: Scenario) -> [Edit] {
    var edits: [Edit] = []
    for mask in [OrientationMask.allButUpsideDown, .all]
    where scenario.app.supportedInterfaceOrientationsForWindow != .literal(mask) {
      edits.append(
        Edit(
          title: tr(
            "Let the app delegate allow %s (each controller's own supportedInterfaceOrientations then limits it)",
            mask.name),
          change: "app.supportedInterfaceOrientationsForWindow = \"\(mask.name)\"",
          swift: """
            func application(_ application: UIApplication,
                             supportedInterfaceOrientationsFor window: UIWindow?) -> UIInterfaceOrientationMask { .\(mask.name) }
            """,
          objectiveC: """
            - (UIInterfaceOrientationMask)application:(UIApplication *)application
                supportedInterfaceOrientationsForWindow:(UIWindow *)window {
                return UIInterfaceOrientationMask\(mask.name.capitalizedFirst);
            }
            """,
          apply: { $0.app.supportedInterfaceOrientationsForWindow = .literal(mask) }
        ).explained(
          tr(
            "The app's mask is one side of the intersection: %s lets each controller's own mask decide.",
            mask.name),
          rule: "app-mask"))
    }
    for flag in scenario.app.flags {
      let name = flag.name
      edits.append(
        followingFlag(
          name, whileYes: .allButUpsideDown, otherwise: .portrait,
          title: tr(
            "Make the app delegate's answer follow %s: allButUpsideDown while it is YES, portrait otherwise",
            name),
          why: tr(
            "The app delegate is asked at every decision: answering by %s lets the code that sets it widen the app's mask.",
            name)))
    }
    return edits
  }

  static func shouldAutorotateYES(_ spec: ClassSpec) -> Edit {
    let name = spec.name
    return Edit(
      title: tr("Return YES from %s's shouldAutorotate", name),
      change: "classes.\(name).shouldAutorotate = true",
      swift: "// \(name)\noverride var shouldAutorotate: Bool { true }",
      objectiveC: "// \(name).m\n- (BOOL)shouldAutorotate {\n    return YES;\n}",
      apply: { scenario in scenario.updateClass(name) { $0.shouldAutorotate = .value(.literal(true)) } }
    ).explained(
      tr(
        "While %s's shouldAutorotate says NO, its supported orientations are not used and nothing turns.",
        name),
      rule: "should-autorotate-gate")
  }
}
