/// The iPad's edits: opting out of multitasking, and iPadOS 26's orientation lock preference with
/// the scene size restriction TN3192 pairs it with (docs/rules.md#ipad-multitasking,
/// docs/rules.md#orientation-lock-preference).
extension FixCatalogue {
  /// iPadOS 26: the controller that decides prefers a locked orientation, refreshed as it appears
  /// (TN3192); the system grants it while the scene fills the screen.
  static func lockPreference(_ scenario: Scenario) -> [Edit] {
    guard let root = scenario.classes.first(where: { $0.name == scenario.window.className }) else {
      return []
    }
    let name = root.name
    // A landscape-only (or portrait-only) screen also needs a usable window where the lock is not
    // granted: TN3192's UISceneSizeRestrictions.
    let oneShape: Bool
    if case .value(.literal(let mask))? = root.supportedInterfaceOrientations {
      oneShape = mask.isSubset(of: .landscape) || mask.isSubset(of: [.portrait, .portraitUpsideDown])
    } else {
      oneShape = false
    }
    let swiftSize =
      oneShape
      ? """


      // In a window (Windowed apps, Stage Manager) the lock is not granted: keep the scene usable.
      // SceneDelegate.scene(_:willConnectTo:options:)
      windowScene.sizeRestrictions?.minimumSize = CGSize(width: 1024, height: 768)
      """ : ""
    let objcSize =
      oneShape
      ? """


      // In a window (Windowed apps, Stage Manager) the lock is not granted: keep the scene usable.
      // -[SceneDelegate scene:willConnectToSession:options:]
      windowScene.sizeRestrictions.minimumSize = CGSizeMake(1024, 768);
      """ : ""
    return [
      Edit(
        title: tr(
          "Make %s prefer a locked orientation on iPadOS 26 (prefersInterfaceOrientationLocked)", name),
        change:
          "classes.\(name).prefersInterfaceOrientationLocked = true; viewDidAppear: setNeedsUpdateOfPrefersInterfaceOrientationLocked",
        swift: """
          // \(name)
          override var prefersInterfaceOrientationLocked: Bool { true }

          override func viewDidAppear(_ animated: Bool) {
              super.viewDidAppear(animated)
              setNeedsUpdateOfPrefersInterfaceOrientationLocked()
          }
          """ + swiftSize,
        objectiveC: """
          // \(name)
          - (BOOL)prefersInterfaceOrientationLocked {
              return YES;
          }

          - (void)viewDidAppear:(BOOL)animated {
              [super viewDidAppear:animated];
              [self setNeedsUpdateOfPrefersInterfaceOrientationLocked];
          }
          """ + objcSize,
        apply: { scenario in
          guard let index = scenario.classes.firstIndex(where: { $0.name == name }) else { return }
          scenario.classes[index].prefersInterfaceOrientationLocked = .value(.literal(true))
          let refresh = Action.setNeedsUpdateOfPrefersInterfaceOrientationLocked(nil)
          if let hook = scenario.classes[index].hooks.firstIndex(where: { $0.selector == .viewDidAppear }) {
            scenario.classes[index].hooks[hook].actions.append(refresh)
          } else {
            scenario.classes[index].hooks.append((.viewDidAppear, [refresh]))
          }
        }
      ).explained(
        tr(
          "In multitasking no controller is asked; on iPadOS 26 the system holds the orientation of a full-screen scene whose controller prefers the lock."
        ), rule: "orientation-lock-preference")
    ]
  }

  static func requiresFullScreen() -> Edit {
    Edit(
      title: tr("Opt out of iPad multitasking with UIRequiresFullScreen"),
      change: "app.requiresFullScreen = true",
      swift: "// Info.plist\n<key>UIRequiresFullScreen</key>\n<true/>",
      objectiveC: "// Info.plist\n<key>UIRequiresFullScreen</key>\n<true/>",
      apply: { $0.app.requiresFullScreen = true }
    ).explained(
      tr(
        "In multitasking UIKit asks no controller; an app that opts out of it lets its controllers decide again."
      ),
      rule: "ipad-multitasking")
  }
}
