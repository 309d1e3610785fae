/// Launch: the launch screen, the window's root, the first appearance and the first decision
/// (docs/rules.md#launch-screen, docs/rules.md#launch-order).
extension StepRun {
  mutating func launch() throws(StepFailure) -> Phrase {
    // The root the app chooses by a flag (`"rootIf"`): launch is the first step, so the flags hold
    // their first values.
    let root = state.tree.instantiate(scenario.launchRoot, kinds: kinds, parent: nil)
    state.tree.addWindow(name: mainWindowName, root: root, level: 0, hidden: false)
    // iOS 8 consulted a hidden window's root too (docs/rules.md#ios8-hidden-window-drives).
    state.tree.hiddenWindowsDrive = system.version.major == 8
    createWindows()
    state.launched = true
    // An app without the UIScene life cycle: UIKit's runtime issue at launch, from iOS 18.4
    // (TN3187; the 26 text from UIKitCore 26.1's _UIApplicationLogRuntimeIssueIfNeededForNoSceneLifecycleAdoption).
    if !scenario.app.sceneLifecycle, system.version >= SystemVersion("18.4")! {
      console.append(
        Phrase(
          verbatim: system.version.major >= 26
            ? "[UIKit App Config] `UIScene` lifecycle will soon be required. Failure to adopt will result in an assert in the future."
            : "[UIKit App Config] This process does not adopt UIScene lifecycle. This will become an assert in a future version."
        ))
    }

    // The launch screen follows Info.plist, not the app delegate (docs/rules.md#launch-screen).
    let launchMask = scenario.app.infoPlist.map(OrientationMask.init) ?? system.idiomDefaultMask
    let launchMaskSource =
      scenario.app.infoPlist == nil ? say("the idiom's default") : Phrase(verbatim: "Info.plist")
    if let mapped = state.deviceOrientation.interfaceOrientation, launchMask.contains(mapped) {
      state.interfaceOrientation = mapped
    } else {
      state.interfaceOrientation = snapOrder.first(where: launchMask.contains) ?? .portrait
    }
    let launchOrientation = state.interfaceOrientation

    // Setting the window's root: UIKit checks the app's and the root's masks (not in multitasking).
    if !multitasking {
      _ = try askApp(depth: 0)
      _ = try askSupported(root, depth: 0)
    }

    // Appearance: a tab bar controller forwards viewWillAppear: to its selected child at once; a
    // navigation controller shows its top child only after the window has rotated
    // (docs/rules.md#launch-appearance-timing: seed 000's tab bar log shows the child's
    // viewWillAppear: before the first shouldAutorotate, the navigation log after it).
    let chain = tree.shownChain(from: root)
    var deferred: [Int] = []
    for (position, id) in chain.enumerated() {
      if position > 0 && tree[chain[position - 1]].kind == .navigation {
        deferred = Array(chain[position...])
        break
      }
      try lifecycle(id, .viewWillAppear, depth: 0)
    }
    try decide(.launch, depth: 0)
    for id in deferred { try lifecycle(id, .viewWillAppear, depth: 0) }

    // The shown child is asked for its mask too; UIKit ignores the answer (openradar 14080208)
    // unless the app has none of its orientations (docs/rules.md#entering-child-checked).
    if let leaf = chain.last, leaf != tree.decider, leaf != root, !multitasking {
      let app = try askApp(depth: 0)
      try checkEnteringLeaf(of: root, app: app.value, depth: 0)
    }
    for id in chain { try lifecycle(id, .viewDidAppear, depth: 0) }
    try showLaunchWindows()

    return say("The launch screen showed %s (from %s). ", launchOrientation.name, launchMaskSource)
      + outcome(nil)
  }
}
