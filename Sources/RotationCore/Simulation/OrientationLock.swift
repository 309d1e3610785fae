/// iOS 26's orientation lock (docs/rules.md#orientation-lock-preference): an app says it would
/// rather the interface keep its orientation (`prefersInterfaceOrientationLocked`), UIKit publishes
/// that when the app calls `setNeedsUpdateOfPrefersInterfaceOrientationLocked`, and the system grants
/// it on iPad while the scene is centred, screen-sized and not covered. A granted lock freezes the
/// current orientation: the device's turns leave it.
extension StepRun {
  /// Whether the system can grant a lock: iPadOS 26 (on iPhone the masks already give the app the
  /// orientation it asks for; that the lock is iPad-only is the model's reading of TN3192).
  var lockAvailable: Bool { system.idiom == .pad && system.version.major >= 26 }

  /// The controller whose preference counts: from the root of the window that drives the scene, a
  /// presentation that fills the window (`_presentedStatusBarViewController`; the model's choice
  /// for the style, docs/rules.md#orientation-lock-preference), then
  /// `childViewControllerForInterfaceOrientationLock`, each recursively (UIKitCore 26.1,
  /// `-[UIViewController _effectiveInterfaceOrientationLockViewController]`).
  func lockController() -> Int {
    var id = tree.decider
    var seen: Set<Int> = []
    while seen.insert(id).inserted, let target = classes[name(id)]?.childForInterfaceOrientationLock,
      case .controller(let child?) = answers.forwardTarget(of: id, target)
    {
      id = child
    }
    return id
  }

  /// `-[UIViewController setNeedsUpdateOfPrefersInterfaceOrientationLocked]`: UIKit asks the
  /// preference again and publishes it; the system grants or refuses it.
  mutating func updateLockPreference(_ className: String?, selfID: Int?, depth: Int) throws(StepFailure)
    -> Phrase
  {
    let receiverID = className.flatMap { instance(of: $0) } ?? selfID ?? tree.decider
    let receiver = className ?? name(receiverID)
    guard system.version.major >= 26 else {
      throw unrecognized(
        receiver, "setNeedsUpdateOfPrefersInterfaceOrientationLocked", since: 26,
        fix: say("Fix: call it under `if #available(iOS 26.0, *)` (%s).", Rule("unrecognized-selector")))
    }
    _ = try record(
      Call(
        receiver: receiver, receiverID: receiverID,
        method: .setNeedsUpdateOfPrefersInterfaceOrientationLocked,
        answer: nil, overridden: false, depth: depth, kind: .api, note: nil))
    let deciding = lockController()
    let preferred = try record(answers.prefersLocked(deciding, depth: depth + 1)).value
    return publishLockPreference(preferred, of: deciding)
  }

  /// UIKit's own re-check of the preference, on iPadOS 26: when a presentation or a dismissal
  /// starts (the presenter's presented controller changes) and when a tab switch invalidates the
  /// tab bar controller's preferences (UIKitCore 26.1, `-[UIViewController
  /// _setPresentedStatusBarViewController:shouldJoinAnimationsInProgress:]` and `-[UITabBarController
  /// transitionFromViewController:toViewController:transition:shouldSetSelected:]`, both through
  /// `_invalidatePreferences:excluding:`). Only a changed preference is published, and only then
  /// does the step say so (`lockNote`).
  mutating func recheckLockPreference(on receiver: Int, when: Phrase, depth: Int) throws(StepFailure) {
    guard lockAvailable else { return }
    _ = try record(
      Call(
        receiver: name(receiver), receiverID: receiver,
        method: .setNeedsUpdateOfPrefersInterfaceOrientationLocked,
        answer: nil, overridden: false, depth: depth, kind: .api, note: say("UIKit, %s", when)))
    let deciding = lockController()
    let preferred = try record(answers.prefersLocked(deciding, depth: depth + 1)).value
    guard preferred != state.lockPreferencePublished else { return }
    // A step that presents and dismisses says each change, in order.
    let said =
      when.capitalizedFirst + say(", UIKit asks again: ") + publishLockPreference(preferred, of: deciding)
    lockNote = lockNote.map { $0 + Phrase(verbatim: " ") + said } ?? said
  }

  /// Publishes the preference of `deciding` and says what the system makes of it.
  mutating func publishLockPreference(_ preferred: Bool, of deciding: Int) -> Phrase {
    state.lockPreferencePublished = preferred
    // A window a geometry request reshaped is not screen-sized (docs/rules.md#windowed-request-reshapes).
    let screenSized = system.sceneQualifiesForLock && (state.sceneWindow ?? .fullScreen) == .fullScreen
    state.orientationLockGranted = preferred && lockAvailable && screenSized
    let rule = Rule("orientation-lock-preference")
    guard preferred else {
      return say(
        "%1$s does not prefer a locked orientation: the scene's orientation follows the device again (isInterfaceOrientationLocked NO, %2$s).",
        name(deciding), rule)
    }
    if state.orientationLockGranted {
      return say(
        "%1$s prefers a locked orientation and the scene fills the screen: the system locks it at %2$s (isInterfaceOrientationLocked YES, %3$s).",
        name(deciding), state.interfaceOrientation.name, rule)
    }
    if !lockAvailable {
      return say(
        "%1$s prefers a locked orientation, but only iPadOS 26 grants the lock (the model's reading of TN3192): nothing changes (%2$s).",
        name(deciding), rule)
    }
    return say(
      "%1$s prefers a locked orientation, but the scene is in a window (%2$s), not centred, screen-sized and uncovered: the system does not grant it (isInterfaceOrientationLocked NO, %3$s).",
      name(deciding), system.effectiveWindowing.rawValue, rule)
  }
}
