import CGtk
import RotationCore

/// The inspector's part for iPad windowing and today's systems (docs/rules.md#ipad-multitasking,
/// #ipados26-windowing, #orientation-lock-preference, #scene-lifecycle): the Info.plist keys that
/// opt out of multitasking, the scene life cycle, the setting a person picks on the iPad, and a
/// class's iOS 26 orientation-lock members. Each control is shown where the device and version
/// have it (or where the scenario already sets it), so an iPhone on iOS 17 shows none of them.
extension Inspector {
  /// The class's `prefersInterfaceOrientationLocked` and `childViewControllerForInterfaceOrientationLock`.
  func lockSection(_ scenario: Scenario, _ spec: ClassSpec, into column: Widget) {
    guard
      scenario.system.version.major >= 26 || spec.prefersInterfaceOrientationLocked != nil
        || spec.childForInterfaceOrientationLock != nil
    else { return }
    let className = spec.name
    let forwards = ForwardTarget.offered(for: spec.kind)
    pack(
      column,
      overrideEditor(
        "prefersInterfaceOrientationLocked", accessibleName: tr("Orientation Lock Preference Override"),
        prefix: tr("Locked"), spec.prefersInterfaceOrientationLocked,
        notOverridden: tr("not overridden (%s)", "NO"),
        fallback: true, forwards: forwards, context: ValueContext(scenario, className: className),
        literal: yesNoEditor
      ) { [unowned self] value in
        self.edit { $0.updateClass(className) { $0.prefersInterfaceOrientationLocked = value } }
      })
    var children: [(String, ForwardTarget?)] = [(tr("not overridden (nil)"), nil)]
    children += forwards.map { (tr("forward to %s", $0.property), $0) }
    pack(
      column,
      row(
        "childViewControllerForInterfaceOrientationLock",
        combo(tr("Orientation Lock Child"), children, current: spec.childForInterfaceOrientationLock) {
          [unowned self] target in
          self.edit { $0.updateClass(className) { $0.childForInterfaceOrientationLock = target } }
        }))
  }

  /// The app's full-screen keys and scene life cycle, and the iPad's multitasking or windowing.
  func windowingSection(_ scenario: Scenario, into column: Widget) {
    let system = scenario.system
    let lifecycle = check(
      tr("Adopts the scene life cycle (UIApplicationSceneManifest)"), active: scenario.app.sceneLifecycle
    ) { [unowned self] on in self.edit { $0.app.sceneLifecycle = on } }
    name(lifecycle, tr("Scene Life Cycle"))
    pack(column, lifecycle)
    guard system.idiom == .pad else { return }

    let fullScreen = check(
      tr("Requires full screen (UIRequiresFullScreen)"), active: scenario.app.requiresFullScreen
    ) { [unowned self] on in self.edit { $0.app.requiresFullScreen = on } }
    name(fullScreen, tr("Requires Full Screen"))
    pack(column, fullScreen)
    pack(column, ignoredFromEntry(scenario.app.requiresFullScreenIgnoredStartingWithVersion))

    if system.version.major < 26 {
      let choices: [(String, Bool?)] = [
        (tr("as UIKit decides for the app"), nil), (tr("on"), true), (tr("off"), false),
      ]
      pack(
        column,
        row(
          tr("Multitasking (Split View, Slide Over)"),
          combo(tr("Multitasking"), choices, current: system.multitasking) { [unowned self] value in
            self.edit { $0.system.multitasking = value }
          }))
      return
    }
    let modes: [(String, Windowing?)] = [
      (tr("Full-screen apps"), .fullScreenApps), (tr("Windowed apps"), .windowedApps),
      (tr("Stage Manager"), .stageManager),
    ]
    pack(
      column,
      row(
        tr("Windowing (iPadOS 26 Settings)"),
        combo(tr("Windowing"), modes, current: system.effectiveWindowing) { [unowned self] value in
          self.edit { $0.system.windowing = value }
        }))
    let fills: [(String, Bool?)] = [
      (tr("as the windowing implies"), nil), (tr("yes"), true), (tr("no"), false),
    ]
    pack(
      column,
      row(
        tr("Scene centred, screen-sized and not covered"),
        combo(tr("Scene Fills Screen"), fills, current: system.sceneFillsScreen) { [unowned self] value in
          self.edit { $0.system.sceneFillsScreen = value }
        }))
  }

  /// `UIRequiresFullScreenIgnoredStartingWithVersion`: a version, or empty for no key.
  private func ignoredFromEntry(_ current: SystemVersion?) -> Widget {
    let entry = gtk_entry_new()!
    name(entry, tr("Requires Full Screen Ignored From"))
    gtk_entry_set_text(cast(raw(entry)), current?.text ?? "")
    gtk_entry_set_width_chars(cast(raw(entry)), 6)
    onSignal(raw(entry), "activate", owner: self) { [unowned self] in
      let text = String(String(cString: gtk_entry_get_text(cast(raw(entry)))).filter { $0 != " " })
      if text.isEmpty {
        return self.edit { $0.app.requiresFullScreenIgnoredStartingWithVersion = nil }
      }
      guard let parsed = SystemVersion(text), parsed.exists else {
        return self.change(
          .refused(
            tr(
              "“%s” is not a released system version: expected one such as 26 (iPadOS reads the key from 26.2).",
              text)
          ))
      }
      self.edit { $0.app.requiresFullScreenIgnoredStartingWithVersion = parsed }
    }
    return row(tr("UIRequiresFullScreenIgnoredStartingWithVersion (Enter; empty: no key)"), entry)
  }
}
