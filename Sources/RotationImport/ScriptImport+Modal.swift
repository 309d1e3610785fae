// The fuzzer compiles the core and this module as one module, without RotationCore.
#if canImport(RotationCore)
  import RotationCore
#endif

/// React Native's `<Modal>` as UIKit sees it (docs/rules.md#plugins): when its `visible` value
/// turns true, React Native presents `RCTModalHostViewController`, which answers the orientations
/// the Modal lists; when it turns false, it dismisses it. The controller's mask is app state the
/// Modal sets before it shows, so several Modals share the one class.
extension ScriptProgram {
  static let modalController = "RCTModalHostViewController"
  static let modalMaskState = "_rctModalSupportedOrientations"
  static let modalOrigin = "React Native's Modal"

  static func modalKey(_ file: String, _ name: String) -> String { file + "\u{0}" + name }

  /// `supportedOrientations` as React Native converts it: each name to the mask bit of that name
  /// (no swap: 'landscape-left' is UIInterfaceOrientationMaskLandscapeLeft), 'landscape' both;
  /// absent or empty, portrait (the default on an iPhone). Names it does not know add nothing.
  static func modalMask(_ orientations: [String]?) -> OrientationMask {
    var mask = OrientationMask()
    for name in orientations ?? [] {
      switch name {
      case "portrait": mask.insert(.portrait)
      case "portrait-upside-down": mask.insert(.portraitUpsideDown)
      case "landscape": mask.formUnion(.landscape)
      case "landscape-left": mask.insert(.landscapeLeft)
      case "landscape-right": mask.insert(.landscapeRight)
      default: continue
      }
    }
    return mask.isEmpty ? .portrait : mask
  }

  /// `name = shown` (nil: flipped) for the Modal shown by `name`: React Native presents only when
  /// the value turns true, and dismisses only when it turns false; the value is kept as an app flag.
  func modalSteps(_ modal: ScriptModal, shown: Bool?) -> [Action] {
    let visible = Condition.flag(modal.visible)
    let hide: [Action] = [.dismiss, .setFlag(modal.visible, false)]
    let show: [Action] = [
      .setState(Self.modalMaskState, .mask(Self.modalMask(modal.orientations))),
      .present(Node(className: Self.modalController), style: modal.style),
      .setFlag(modal.visible, true),
    ]
    switch shown {
    case true?: return [.when(visible, then: [], else: show)]
    case false?: return [.when(visible, then: hide, else: [])]
    case nil: return [.when(visible, then: hide, else: show)]
    }
  }

  /// The Modal's controller, once a method shows a Modal: a class of React Native's, answering the
  /// mask the Modal set (portrait until one shows), and the facts of each Modal read.
  func addModalController(into scenario: inout Scenario, report: inout ImportReport, used: [ScriptModal]) {
    // A Modal whose value no function read sets (a prop its parent passes, state set otherwise).
    for modal in modals.values.sorted(by: { ($0.file, $0.line) < ($1.file, $1.line) })
    where !used.contains(modal) {
      report.assumptions.append(
        .init(
          file: modal.file, line: modal.line,
          text: tr(
            "a React Native Modal shown by %s, answering %s: no function read sets %s, so when it shows is not modelled",
            modal.visible, Self.modalMask(modal.orientations).name, modal.visible)))
    }
    for modal in used where defaults[modal.visible] == true {
      report.assumptions.append(
        .init(
          file: modal.file, line: modal.line,
          text: tr(
            "%s starts true: React Native presents this Modal when it mounts, which is not read; the model starts it hidden",
            modal.visible)))
    }
    guard !used.isEmpty else { return }
    if !scenario.classes.contains(where: { $0.name == Self.modalController }) {
      var spec = ClassSpec(name: Self.modalController, kind: .view)
      spec.supportedInterfaceOrientations = .value(.read(Self.modalMaskState))
      spec.external = true
      spec.origin = Self.modalOrigin
      scenario.classes.append(spec)
    }
    if !scenario.app.state.contains(where: { $0.name == Self.modalMaskState }) {
      scenario.app.state.append(StateVariable(name: Self.modalMaskState, value: .mask(.portrait)))
    }
    for modal in used {
      report.facts.append(
        .init(
          file: modal.file, line: modal.line,
          text: tr(
            "a React Native Modal shown by %s: RCTModalHostViewController is presented (%s) answering %s",
            modal.visible, modal.style.rawValue, Self.modalMask(modal.orientations).name)))
    }
  }
}
