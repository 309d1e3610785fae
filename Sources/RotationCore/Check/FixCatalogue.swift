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
}

enum FixCatalogue {
  static let masks: [OrientationMask] = [.portrait, .landscape, .allButUpsideDown, .all]

  /// Every edit that could matter to `scenario`, the commonest first.
  static func edits(_ scenario: Scenario) -> [Edit] {
    // The app's own classes: a framework's classes cannot be edited.
    var scenario = scenario
    scenario.classes.removeAll(where: \.external)
    var edits: [Edit] = []
    for spec in scenario.classes {
      edits += forwarding(spec, to: ForwardTarget.offered(for: spec.kind).filter { $0 != .presented })
    }
    for spec in scenario.classes { edits += preferred(spec) }
    edits += presentFullScreen(scenario)
    if scenario.system.idiom == .pad && scenario.multitasking { edits.append(requiresFullScreen()) }
    if scenario.system.profile == .modern {
      edits += setNeedsUpdateAfterFlags(scenario)
      edits += requestInsteadOfKVC(scenario)
    }
    for spec in scenario.classes { edits += masksOf(spec) }
    edits += appMasks(scenario)
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
        title: "Forward \(name)'s supportedInterfaceOrientations to \(target.property)",
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
        apply: { scenario in scenario.updateClass(name) { $0.supportedInterfaceOrientations = override } })
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
      return index < 0
        ? ("children.last", "self.childViewControllers.lastObject")
        : ("children.first", "self.childViewControllers.firstObject")
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
          title:
            "Remove \(name)'s preferredInterfaceOrientationForPresentation (UIKit then picks one it supports)",
          change: "classes.\(name).preferredInterfaceOrientationForPresentation removed",
          swift: "// \(name): delete the preferredInterfaceOrientationForPresentation override",
          objectiveC: "// \(name).m: delete -preferredInterfaceOrientationForPresentation",
          apply: { scenario in
            scenario.updateClass(name) { $0.preferredInterfaceOrientationForPresentation = nil }
          }))
    }
    guard case .value(.literal(let mask))? = spec.supportedInterfaceOrientations else { return edits }
    for orientation in mask.orientations
    where spec.preferredInterfaceOrientationForPresentation != .value(.literal(orientation)) {
      edits.append(
        Edit(
          title: "Make \(name) prefer \(orientation.name), one of the orientations it supports",
          change: "classes.\(name).preferredInterfaceOrientationForPresentation = \"\(orientation.name)\"",
          swift: """
            // \(name)
            override var preferredInterfaceOrientationForPresentation: UIInterfaceOrientation { .\(orientation.name) }
            """,
          objectiveC: """
            // \(name).m
            - (UIInterfaceOrientation)preferredInterfaceOrientationForPresentation {
                return UIInterfaceOrientation\(orientation.name.capitalizedFirst);
            }
            """,
          apply: { scenario in
            scenario.updateClass(name) {
              $0.preferredInterfaceOrientationForPresentation = .value(.literal(orientation))
            }
          }))
    }
    return edits
  }

  // MARK: - Presentations

  static func presentFullScreen(_ scenario: Scenario) -> [Edit] {
    var edits: [Edit] = []
    var seen = Set<String>()
    for (index, step) in scenario.steps.enumerated() {
      guard case .present(let node, let style) = step, style != .fullScreen,
        ControllerKind.uikitClasses[node.className] != .alert, seen.insert(node.className).inserted
      else { continue }
      let name = node.className
      edits.append(
        Edit(
          title: "Present \(name) fullScreen instead of \(style?.rawValue ?? "the default style")",
          change: "steps[\(index)].style = \"fullScreen\" (and every other presentation of \(name))",
          swift: "\(name.lowercasedFirst)Controller.modalPresentationStyle = .fullScreen",
          objectiveC:
            "\(name.lowercasedFirst)Controller.modalPresentationStyle = UIModalPresentationFullScreen;",
          apply: { scenario in
            scenario.steps = scenario.steps.map { step in
              if case .present(let node, _) = step, node.className == name {
                return .present(node, style: .fullScreen)
              }
              return step
            }
          }))
    }
    return edits
  }

  static func requiresFullScreen() -> Edit {
    Edit(
      title: "Opt out of iPad multitasking with UIRequiresFullScreen",
      change: "app.requiresFullScreen = true",
      swift: "// Info.plist\n<key>UIRequiresFullScreen</key>\n<true/>",
      objectiveC: "// Info.plist\n<key>UIRequiresFullScreen</key>\n<true/>",
      apply: { $0.app.requiresFullScreen = true })
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
    let hasFlagCode =
      scenario.app.methods.contains { $0.actions.contains { if case .setFlag = $0 { true } else { false } } }
      || scenario.classes.contains { spec in
        (spec.methods.map(\.actions) + spec.hooks.map(\.actions)).contains { actions in
          actions.contains { if case .setFlag = $0 { true } else { false } }
        }
      }
    guard hasFlagCode else { return [] }
    return [
      Edit(
        title:
          "Call setNeedsUpdateOfSupportedInterfaceOrientations right after changing what a controller supports",
        change:
          "a setNeedsUpdateOfSupportedInterfaceOrientations action after each setFlag in methods and hooks",
        swift:
          "isFullScreen = true\nif #available(iOS 16.0, *) { setNeedsUpdateOfSupportedInterfaceOrientations() }",
        objectiveC:
          "self.isFullScreen = YES;\nif (@available(iOS 16.0, *)) { [self setNeedsUpdateOfSupportedInterfaceOrientations]; }",
        apply: { scenario in
          for index in scenario.app.methods.indices {
            scenario.app.methods[index].actions = refreshing(scenario.app.methods[index].actions)
          }
          for index in scenario.classes.indices {
            for method in scenario.classes[index].methods.indices {
              scenario.classes[index].methods[method].actions = refreshing(
                scenario.classes[index].methods[method].actions)
            }
            scenario.classes[index].hooks = scenario.classes[index].hooks.map {
              ($0.selector, refreshing($0.actions))
            }
          }
        })
    ]
  }

  /// Replace KVC forcing with a refresh and a geometry request for the same orientation.
  static func requestInsteadOfKVC(_ scenario: Scenario) -> [Edit] {
    @Sendable func replacing(_ actions: [Action]) -> [Action] {
      actions.flatMap { action -> [Action] in
        guard case .setDeviceOrientation(.orientation(let device)) = action else { return [action] }
        guard let interface = device.interfaceOrientation else { return [] }
        return [.setNeedsUpdateOfSupportedInterfaceOrientations(nil), .requestGeometryUpdate(interface.mask)]
      }
    }
    let kvc: (Action) -> Bool = { if case .setDeviceOrientation(.orientation) = $0 { true } else { false } }
    let uses =
      scenario.steps.contains(where: kvc) || scenario.app.methods.contains { $0.actions.contains(where: kvc) }
      || scenario.classes.contains {
        ($0.methods.map(\.actions) + $0.hooks.map(\.actions)).contains { $0.contains(where: kvc) }
      }
    guard uses else { return [] }
    return [
      Edit(
        title:
          "Replace the KVC forcing with setNeedsUpdateOfSupportedInterfaceOrientations and requestGeometryUpdate",
        change:
          "each setDeviceOrientation becomes setNeedsUpdateOfSupportedInterfaceOrientations + requestGeometryUpdate",
        swift: """
          if #available(iOS 16.0, *) {
              setNeedsUpdateOfSupportedInterfaceOrientations()
              view.window?.windowScene?.requestGeometryUpdate(.iOS(interfaceOrientations: .landscapeRight))
          }
          """,
        objectiveC: """
          if (@available(iOS 16.0, *)) {
              [self setNeedsUpdateOfSupportedInterfaceOrientations];
              UIWindowSceneGeometryPreferencesIOS *preferences = [[UIWindowSceneGeometryPreferencesIOS alloc]
                  initWithInterfaceOrientations:UIInterfaceOrientationMaskLandscapeRight];
              [self.view.window.windowScene requestGeometryUpdateWithPreferences:preferences errorHandler:nil];
          }
          """,
        apply: { scenario in
          for index in scenario.app.methods.indices {
            scenario.app.methods[index].actions = replacing(scenario.app.methods[index].actions)
          }
          for index in scenario.classes.indices {
            for method in scenario.classes[index].methods.indices {
              scenario.classes[index].methods[method].actions = replacing(
                scenario.classes[index].methods[method].actions)
            }
            scenario.classes[index].hooks = scenario.classes[index].hooks.map {
              ($0.selector, replacing($0.actions))
            }
          }
        })
    ]
  }

  // MARK: - Masks

  static func masksOf(_ spec: ClassSpec) -> [Edit] {
    let name = spec.name
    return masks.compactMap { mask in
      guard spec.supportedInterfaceOrientations != .value(.literal(mask)) else { return nil }
      return Edit(
        title: "Make \(name) support \(mask.name)",
        change: "classes.\(name).supportedInterfaceOrientations = \"\(mask.name)\"",
        swift: """
          // \(name)
          override var supportedInterfaceOrientations: UIInterfaceOrientationMask { .\(mask.name) }
          """,
        objectiveC: """
          // \(name).m
          - (UIInterfaceOrientationMask)supportedInterfaceOrientations {
              return UIInterfaceOrientationMask\(mask.name.capitalizedFirst);
          }
          """,
        apply: { scenario in
          scenario.updateClass(name) { $0.supportedInterfaceOrientations = .value(.literal(mask)) }
        })
    }
  }

  /// The app's mask: a wider one, or one that follows a flag the app's code sets.
  static func appMasks(_ scenario: Scenario) -> [Edit] {
    var edits: [Edit] = []
    for mask in [OrientationMask.allButUpsideDown, .all]
    where scenario.app.supportedInterfaceOrientationsForWindow != .literal(mask) {
      edits.append(
        Edit(
          title: "Let the app delegate allow \(mask.name) and limit each controller instead",
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
          apply: { $0.app.supportedInterfaceOrientationsForWindow = .literal(mask) }))
    }
    for flag in scenario.app.flags {
      let name = flag.name
      edits.append(
        Edit(
          title:
            "Make the app delegate's answer follow \(name): allButUpsideDown while it is YES, portrait otherwise",
          change:
            "app.supportedInterfaceOrientationsForWindow = {\"if\": \"\(name)\", \"then\": \"allButUpsideDown\", \"else\": \"portrait\"}",
          swift: """
            func application(_ application: UIApplication,
                             supportedInterfaceOrientationsFor window: UIWindow?) -> UIInterfaceOrientationMask {
                \(name) ? .allButUpsideDown : .portrait
            }
            """,
          objectiveC: """
            - (UIInterfaceOrientationMask)application:(UIApplication *)application
                supportedInterfaceOrientationsForWindow:(UIWindow *)window {
                return self.\(name) ? UIInterfaceOrientationMaskAllButUpsideDown : UIInterfaceOrientationMaskPortrait;
            }
            """,
          apply: {
            $0.app.supportedInterfaceOrientationsForWindow = .conditional(
              flag: name, then: .literal(.allButUpsideDown), else: .literal(.portrait))
          }))
    }
    return edits
  }

  static func shouldAutorotateYES(_ spec: ClassSpec) -> Edit {
    let name = spec.name
    return Edit(
      title: "Return YES from \(name)'s shouldAutorotate",
      change: "classes.\(name).shouldAutorotate = true",
      swift: "// \(name)\noverride var shouldAutorotate: Bool { true }",
      objectiveC: "// \(name).m\n- (BOOL)shouldAutorotate {\n    return YES;\n}",
      apply: { scenario in scenario.updateClass(name) { $0.shouldAutorotate = .value(.literal(true)) } })
  }
}

extension Scenario {
  /// Changes the class named `name` in place (nothing when there is none).
  public mutating func updateClass(_ name: String, _ change: (inout ClassSpec) -> Void) {
    guard let index = classes.firstIndex(where: { $0.name == name }) else { return }
    change(&classes[index])
  }
}
