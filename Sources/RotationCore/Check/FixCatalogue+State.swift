/// Edits of the state an app keeps (issue #28): a flag that means "lock" rather than "allow", a
/// refresh after a lock is released before iOS 16, and the AppUtility.lockOrientation pattern (a
/// mask the app delegate returns, set as a screen appears and restored as it goes).
extension FixCatalogue {
  /// The app delegate's answer following a flag as a lock: portrait while it is YES.
  static func lockFlags(_ scenario: Scenario) -> [Edit] {
    scenario.app.flags.map { flag in
      let name = flag.name
      return followingFlag(
        name, whileYes: .portrait, otherwise: .allButUpsideDown,
        title: tr(
          "Make the app delegate's answer follow %s as a lock: portrait while it is YES, allButUpsideDown otherwise",
          name),
        why: tr(
          "A flag can mean a lock as well as a permission: while %s is YES the app allows portrait only.",
          name))
    }
  }

  /// The app delegate's answer chosen by a flag of the app.
  static func followingFlag(
    _ name: String, whileYes: OrientationMask, otherwise: OrientationMask, title: String, why: String
  ) -> Edit {
    func objc(_ mask: OrientationMask) -> String { "UIInterfaceOrientationMask" + mask.name.capitalizedFirst }
    return Edit(
      title: title,
      change:
        "app.supportedInterfaceOrientationsForWindow = {\"if\": \"\(name)\", \"then\": \"\(whileYes.name)\", \"else\": \"\(otherwise.name)\"}",
      swift: """
        func application(_ application: UIApplication,
                         supportedInterfaceOrientationsFor window: UIWindow?) -> UIInterfaceOrientationMask {
            \(name) ? .\(whileYes.name) : .\(otherwise.name)
        }
        """,
      objectiveC: """
        - (UIInterfaceOrientationMask)application:(UIApplication *)application
            supportedInterfaceOrientationsForWindow:(UIWindow *)window {
            return self.\(name) ? \(objc(whileYes)) : \(objc(otherwise));
        }
        """,
      apply: {
        $0.app.supportedInterfaceOrientationsForWindow = .conditional(
          flag: name, then: .literal(whileYes), else: .literal(otherwise))
      }
    ).explained(why, rule: "app-mask")
  }

  /// Before iOS 16: once the code changes what the app allows (a plugin's unlock), UIKit decides
  /// again only when asked — `attemptRotationToDeviceOrientation`, or the device forced back.
  static func restoreAfterUnlock(_ scenario: Scenario) -> [Edit] {
    guard scenario.system.profile == .classic else { return [] }
    @Sendable func changesState(_ action: Action) -> Bool {
      switch action {
      case .setFlag, .setState, .toggle: return true
      default: return false
      }
    }
    @Sendable func after(_ extra: [Action]) -> @Sendable ([Action]) -> [Action] {
      { actions in
        var result: [Action] = []
        for (index, action) in actions.enumerated() {
          result.append(action)
          guard changesState(action) else { continue }
          let next = actions.indices.contains(index + 1) ? actions[index + 1] : nil
          if let next, extra.contains(next) { continue }
          result += extra
        }
        return result
      }
    }
    guard scenario.code.flatMap(\.actions).contains(where: changesState) else { return [] }
    return [
      Edit(
        title: tr("Call attemptRotationToDeviceOrientation right after the code changes what the app allows"),
        change: tr(
          "an attemptRotationToDeviceOrientation action after each change of a flag or state in the app's code"
        ),
        swift: "// " + tr("after the unlock") + "\nUIViewController.attemptRotationToDeviceOrientation()",
        objectiveC: "// " + tr("after the unlock")
          + "\n[UIViewController attemptRotationToDeviceOrientation];",
        apply: { scenario in scenario.mapCode(after([.attemptRotationToDeviceOrientation])) }
      ).explained(
        tr(
          "Before iOS 16 a changed answer counts only at the next decision; attemptRotationToDeviceOrientation makes UIKit decide now, with the device where it is."
        ), rule: "attempt-rotation"),
      Edit(
        title: tr("Force the device back to portrait right after the code changes what the app allows"),
        change: tr(
          "a setDeviceOrientation portrait action after each change of a flag or state in the app's code"),
        swift: "// " + tr("after the unlock")
          + "\nUIDevice.current.setValue(UIInterfaceOrientation.portrait.rawValue, forKey: \"orientation\")",
        objectiveC: "// " + tr("after the unlock")
          + "\n[[UIDevice currentDevice] setValue:@(UIInterfaceOrientationPortrait) forKey:@\"orientation\"];",
        apply: { scenario in scenario.mapCode(after([.setDeviceOrientation(.orientation(.portrait))])) }
      ).explained(
        tr(
          "Before iOS 16 setting UIDevice's orientation through KVC makes UIKit decide again, as if the device had turned."
        ),
        rule: "kvc-forcing"),
    ]
  }

  /// Whether `actions` force UIDevice to an orientation through KVC and attempt rotation after it.
  @Sendable static func forcesThenAttempts(_ actions: [Action]) -> Bool {
    guard
      let force = actions.firstIndex(where: {
        guard case .setDeviceOrientation(.orientation(let device)) = $0 else { return false }
        return device.interfaceOrientation != nil
      })
    else { return false }
    return actions[force...].contains(.attemptRotationToDeviceOrientation)
  }

  /// Before iOS 16, capacitor-screen-orientation PR #14 (fixing #13): a lock that forces UIDevice
  /// and attempts leaves UIDevice reporting the forced orientation, and an unlock that writes
  /// unknown leaves it nothing to turn to. The thread's fix saves UIDevice's orientation before the
  /// forcing and writes it back after the attempt, and has the unlock attempt instead of writing
  /// unknown.
  static func restoreDeviceAfterForcedLock(_ scenario: Scenario) -> [Edit] {
    guard scenario.system.profile == .classic,
      scenario.code.contains(where: { forcesThenAttempts($0.actions) })
    else { return [] }
    let unknown = Action.setDeviceOrientation(.orientation(.unknown))
    let rewrite: @Sendable ([Action]) -> [Action] = { actions in
      if forcesThenAttempts(actions) {
        guard !actions.contains(.setDeviceOrientation(.saved)),
          let last = actions.lastIndex(of: .attemptRotationToDeviceOrientation)
        else { return actions }
        var result = actions
        result.insert(.setDeviceOrientation(.saved), at: last + 1)
        return result
      }
      // Only an unlock: a list whose one forcing is the write of unknown (the seeds' "unknown, then
      // the target" trick forces again, and keeps it).
      let forcings = actions.filter {
        if case .setDeviceOrientation = $0 { return true } else { return false }
      }
      guard actions.contains(unknown), forcings.allSatisfy({ $0 == unknown }) else { return actions }
      var result = actions.filter { $0 != unknown }
      if !result.contains(.attemptRotationToDeviceOrientation) {
        result.append(.attemptRotationToDeviceOrientation)
      }
      return result
    }
    return [
      Edit(
        title: tr(
          "Write UIDevice's own orientation back after the lock's forced turn, and attempt rotation in the unlock"
        ),
        change: tr(
          "a setDeviceOrientation \"saved\" action after the attempt that follows a forcing; in code that writes unknown, an attemptRotationToDeviceOrientation instead"
        ),
        swift: """
          // lock
          let saved = UIDevice.current.orientation.rawValue
          UIDevice.current.setValue(orientation.rawValue, forKey: "orientation")
          UIViewController.attemptRotationToDeviceOrientation()
          UIDevice.current.setValue(saved, forKey: "orientation")
          // unlock: no write of unknown
          UIViewController.attemptRotationToDeviceOrientation()
          """,
        objectiveC: """
          // lock
          NSInteger saved = [UIDevice currentDevice].orientation;
          [[UIDevice currentDevice] setValue:@(orientation) forKey:@"orientation"];
          [UIViewController attemptRotationToDeviceOrientation];
          [[UIDevice currentDevice] setValue:@(saved) forKey:@"orientation"];
          // unlock: no write of unknown
          [UIViewController attemptRotationToDeviceOrientation];
          """,
        apply: { scenario in scenario.mapCode(rewrite) }
      ).explained(
        tr(
          "After a forced turn UIDevice keeps reporting the forced orientation, so a later attempt has nowhere else to go, and a write of unknown leaves it no orientation at all; writing the device's own orientation back lets the unlock's attempt turn the interface to where the device is held."
        ), rule: "kvc-forcing")
    ]
  }

  /// Before iOS 16: a page that must line the interface up when it appears (back from a pushed
  /// landscape page, seed 004) asks UIKit to decide in its `viewDidAppear:`.
  static func attemptOnAppearance(_ scenario: Scenario) -> [Edit] {
    guard scenario.system.profile == .classic else { return [] }
    return scenario.classes.filter { $0.kind == .view && !$0.external }.map { spec in
      let name = spec.name
      return Edit(
        title: tr("Call attemptRotationToDeviceOrientation in %s's viewDidAppear:", name),
        change: "classes.\(name).viewDidAppear: + attemptRotationToDeviceOrientation",
        swift: """
          // \(name)
          override func viewDidAppear(_ animated: Bool) {
              super.viewDidAppear(animated)
              UIViewController.attemptRotationToDeviceOrientation()
          }
          """,
        objectiveC: """
          // \(name).m
          - (void)viewDidAppear:(BOOL)animated {
              [super viewDidAppear:animated];
              [UIViewController attemptRotationToDeviceOrientation];
          }
          """,
        apply: { scenario in
          scenario.updateClass(name) {
            $0.appendToHook(.viewDidAppear, [.attemptRotationToDeviceOrientation])
          }
        }
      ).explained(
        tr(
          "Before iOS 16 a push or pop does not make UIKit decide; asking as %s appears turns the interface to what it supports.",
          name), rule: "no-push-pop")
    }
  }

  /// The AppUtility.lockOrientation pattern: a mask the app delegate returns, set in a screen's
  /// `viewWillAppear:` and restored in its `viewWillDisappear:`.
  static func lockVariableInAppearance(_ scenario: Scenario) -> [Edit] {
    guard case .read(let name)? = scenario.app.supportedInterfaceOrientationsForWindow,
      let variable = scenario.app.state.first(where: { $0.name == name }),
      case .mask(let launch) = variable.value
    else { return [] }
    let refresh: [Action] =
      scenario.system.profile == .modern ? [.setNeedsUpdateOfSupportedInterfaceOrientations(nil)] : []
    var edits: [Edit] = []
    for spec in scenario.classes where spec.kind == .view && !spec.external {
      let className = spec.name
      for mask in masks where mask != launch {
        edits.append(
          Edit(
            title: tr(
              "Set %s to %s in %s's viewWillAppear: and back to %s in its viewWillDisappear:", name,
              mask.name,
              className, launch.name),
            change: "classes.\(className) viewWillAppear: setState \(name) = \"\(mask.name)\"; "
              + "viewWillDisappear: setState \(name) = \"\(launch.name)\"",
            swift: """
              // \(className)
              override func viewWillAppear(_ animated: Bool) {
                  super.viewWillAppear(animated)
                  AppDelegate.\(name) = .\(mask.name)
              }

              override func viewWillDisappear(_ animated: Bool) {
                  super.viewWillDisappear(animated)
                  AppDelegate.\(name) = .\(launch.name)
              }
              """,
            objectiveC: """
              // \(className).m
              - (void)viewWillAppear:(BOOL)animated {
                  [super viewWillAppear:animated];
                  AppDelegate.\(name) = UIInterfaceOrientationMask\(mask.name.capitalizedFirst);
              }

              - (void)viewWillDisappear:(BOOL)animated {
                  [super viewWillDisappear:animated];
                  AppDelegate.\(name) = UIInterfaceOrientationMask\(launch.name.capitalizedFirst);
              }
              """,
            apply: { scenario in
              scenario.updateClass(className) { spec in
                spec.appendToHook(.viewWillAppear, [.setState(name, .mask(mask))] + refresh)
                spec.appendToHook(.viewWillDisappear, [.setState(name, .mask(launch))] + refresh)
              }
            }
          ).explained(
            tr(
              "The app delegate returns %s at every decision: setting it as %s appears and restoring it as it goes keeps the other screens' mask.",
              name, className), rule: "app-state"))
      }
    }
    return edits
  }
}

extension FixCatalogue {
  /// The window question under a selector UIKit never calls: hooked by its right signature.
  static func hookUnhooked(_ scenario: Scenario) -> [Edit] {
    guard let unhooked = scenario.app.unhooked, scenario.app.supportedInterfaceOrientationsForWindow == nil
    else {
      return []
    }
    return [
      Edit(
        title: tr(
          "Rename the app delegate's %s to application(_:supportedInterfaceOrientationsFor:) so UIKit calls it",
          unhooked.method),
        change: "app.supportedInterfaceOrientationsForWindow = app.unhooked.answer; app.unhooked removed",
        swift: """
          func application(_ application: UIApplication,
                           supportedInterfaceOrientationsFor window: UIWindow?) -> UIInterfaceOrientationMask {
              // the body of \(unhooked.method)
          }
          """,
        objectiveC: """
          - (UIInterfaceOrientationMask)application:(UIApplication *)application
              supportedInterfaceOrientationsForWindow:(UIWindow *)window {
              // the body of \(unhooked.method)
          }
          """,
        apply: { scenario in
          scenario.app.supportedInterfaceOrientationsForWindow = unhooked.answer
          scenario.app.unhooked = nil
        }
      ).explained(
        tr(
          "UIKit calls the app delegate by one selector; under another name the method is never asked, and the Info.plist list decides instead."
        ), rule: "unhooked-delegate-method")
    ]
  }
}

extension ClassSpec {
  /// Adds actions at the end of a lifecycle override, making the override if there is none.
  mutating func appendToHook(_ selector: LifecycleSelector, _ actions: [Action]) {
    if let index = hooks.firstIndex(where: { $0.selector == selector }) {
      hooks[index].actions += actions
    } else {
      hooks.append((selector, actions))
    }
  }
}
