import CGtk
import RotationCore

/// The window's actions (`win.NAME`), as GNOME Text Editor registers its own: each button and
/// menu item names the action it stands for (`gtk_actionable_set_action_name`), with its target
/// where the action takes one — an event in its scenario-file form (`win.act('"pop"')`), a class,
/// a path. GTK makes a control insensitive while its action is disabled, and `updateActions()` is
/// the one place where the enabled states (and the lock's state) are set, from the session. The
/// controls hold no handler and decide nothing, and no widget holds the window.
enum WindowAction: String, CaseIterable, Sendable {
  case rotateLeft = "rotate-left"
  case rotateRight = "rotate-right"
  case pop
  case dismiss
  case attemptRotation = "attempt-rotation"
  case stepBack = "step-back"
  case stepForward = "step-forward"
  case undo
  case redo
  case removeStep = "remove-step"
  case moveStepUp = "move-step-up"
  case moveStepDown = "move-step-down"
  case removeController = "remove-controller"
  case moveControllerUp = "move-controller-up"
  case moveControllerDown = "move-controller-down"
  case setAsRoot = "set-as-root"
  case compare
  case addClass = "add-class"
  case renameClass = "rename-class"
  case removeClass = "remove-class"
  // With an event as their target (`Action.stepText`).
  case act
  case insertStep = "insert-step"
  case insertStepBefore = "insert-step-before"
  case changeStep = "change-step"
  // With a name as their target.
  case addController = "add-controller"
  case addWindow = "add-window"
  case selectClass = "select-class"
  case openFile = "open-file"
  case setSystemVersion = "set-system-version"
  /// With the index of a fix the diagnosis found for the session.
  case applyFix = "apply-fix"
  case previewFix = "preview-fix"
  /// The orientation lock: a state (on or off) that a toggle button shows and asks to change.
  case orientationLock = "orientation-lock"

  /// `win.pop`: what a control's action name says.
  var detailedName: String { "win." + rawValue }

  /// Whether the action takes a string: an event's text, a class, a window's root class, a path,
  /// a system version.
  var takesText: Bool {
    switch self {
    case .act, .insertStep, .insertStepBefore, .changeStep, .addController, .addWindow, .selectClass,
      .openFile, .setSystemVersion, .applyFix, .previewFix:
      return true
    default: return false
    }
  }

  /// The actions whose target is an event.
  var takesEvent: Bool { [.act, .insertStep, .insertStepBefore, .changeStep].contains(self) }
}

/// Makes `control` (a button, a toggle button, a menu item) stand for `action`, with `target` for
/// an action that takes one.
func bind(_ control: Widget, to action: WindowAction, target: String? = nil) {
  precondition(action.takesText == (target != nil), "win.\(action.rawValue) and its target disagree")
  gtk_actionable_set_action_name(OpaquePointer(control), action.detailedName)
  if let target {
    gtk_actionable_set_action_target_value(OpaquePointer(control), g_variant_new_string(target))
  }
}

/// Activates `action` of the window `widget` is in, as a control bound to it would: for a choice
/// that is not a button (the inspector's class chooser).
func activate(_ action: WindowAction, target: String? = nil, from widget: Widget) {
  guard let group = gtk_widget_get_action_group(widget, "win") else { return }
  g_action_group_activate_action(group, action.rawValue, target.map { g_variant_new_string($0) })
}

extension MainWindow {
  /// Adds every action to the window (its `win` group); they start disabled.
  func addActions() {
    let text = g_variant_type_new("s")
    defer { g_variant_type_free(text) }
    for action in WindowAction.allCases {
      let simple: OpaquePointer
      if action == .orientationLock {
        simple = g_simple_action_new_stateful(action.rawValue, nil, g_variant_new_boolean(0))!
        // A toggle asks for the other state; the session decides it (`updateActions` shows it).
        onActivate(simple, .changeState, owner: self) { [unowned self] value in
          guard let value else { return }
          self.perform(.setOrientationLock(g_variant_get_boolean(value) != 0))
        }
      } else {
        simple = g_simple_action_new(action.rawValue, action.takesText ? text : nil)!
        onActivate(simple, owner: self) { [unowned self] parameter in
          self.run(action, parameter.map { String(cString: g_variant_get_string($0, nil)) })
        }
      }
      g_simple_action_set_enabled(simple, 0)
      g_action_map_add_action(OpaquePointer(window), simple)
      windowActions[action] = simple
      g_object_unref(raw(simple))
    }
  }

  /// Runs `action`; `text` is its target, for an action that takes one.
  func run(_ action: WindowAction, _ text: String? = nil) {
    if action.takesEvent {
      guard let text, let scenario = history?.scenario else { return }
      let event: Action
      do {
        event = try ScenarioDecoder.event(text: text, in: scenario)
      } catch {
        // A menu made for another scenario than the session's: say so rather than guess.
        return showError(tr("The event %s is not one of this scenario's: %s", text, error.description))
      }
      switch action {
      case .insertStep: insertStep(event)
      case .insertStepBefore: insertStep(event, before: true)
      case .changeStep: replaceStep(with: event)
      default: perform(event)
      }
      return
    }
    let name = text ?? ""
    switch action {
    case .rotateLeft: rotate(left: true)
    case .rotateRight: rotate(left: false)
    case .pop: perform(.pop)
    case .dismiss: perform(.dismiss)
    case .attemptRotation: perform(.attemptRotationToDeviceOrientation)
    case .stepBack: step(by: -1)
    case .stepForward: step(by: 1)
    case .undo: undo()
    case .redo: redo()
    case .removeStep: removeStep()
    case .moveStepUp: moveStep(by: -1)
    case .moveStepDown: moveStep(by: 1)
    case .removeController: removeController()
    case .moveControllerUp: moveController(by: -1)
    case .moveControllerDown: moveController(by: 1)
    case .setAsRoot: setAsRoot()
    case .compare: showCompare()
    case .addClass: askForNewClass()
    case .renameClass: askToRenameClass()
    case .removeClass: if let selectedClass { removeClass(selectedClass) }
    case .addController: addController(name)
    case .addWindow: addWindow(rootClass: name)
    case .selectClass: select(className: name)
    case .openFile: open(path: name, confirm: true)
    case .setSystemVersion: setSystemVersion(name)
    case .applyFix: if let found = fix(at: name) { applyFix(found.fix.scenario) }
    case .previewFix:
      if let found = fix(at: name) {
        showFixPreview(before: found.before, after: found.fix.scenario, number: found.number)
      }
    case .act, .insertStep, .insertStepBefore, .changeStep, .orientationLock: break
    }
  }

  /// Whether each action can apply now, and the lock's state: the one place the controls'
  /// sensitivity comes from.
  func updateActions() {
    let running = history?.isRunning ?? false
    let tree = history?.current.state.tree
    let shown = history?.shown ?? 0
    let count = history?.count ?? 0
    let selected = selectedPath
    let nonRoot = selected.map { !$0.isRoot } ?? false
    let loaded = history != nil
    let classSelected = selectedClass.flatMap { history?.scenario.kind(of: $0) } != nil
    let enabled: [WindowAction: Bool] = [
      .rotateLeft: running, .rotateRight: running, .attemptRotation: running,
      .pop: running && tree?.poppableNavigationController != nil,
      .dismiss: running && !(tree?.presentations.isEmpty ?? true),
      .act: running, .orientationLock: running,
      .stepBack: history?.canStepBack ?? false, .stepForward: history?.canStepForward ?? false,
      .undo: session?.undoStack.canUndo ?? false, .redo: session?.undoStack.canRedo ?? false,
      // Launch, the first step, stays where it is.
      .insertStep: loaded, .insertStepBefore: shown > 1, .changeStep: shown > 1,
      .removeStep: shown > 1, .moveStepUp: shown > 2, .moveStepDown: shown > 1 && shown < count,
      .removeController: selected != nil, .moveControllerUp: nonRoot, .moveControllerDown: nonRoot,
      .setAsRoot: nonRoot, .addController: loaded, .addWindow: loaded,
      .compare: loaded, .addClass: loaded, .renameClass: classSelected, .removeClass: classSelected,
      .selectClass: loaded, .openFile: true, .setSystemVersion: loaded, .applyFix: loaded,
      .previewFix: loaded,
    ]
    for (action, simple) in windowActions {
      let on: Int32 = enabled[action] == true ? 1 : 0
      if g_action_get_enabled(simple) != on { g_simple_action_set_enabled(simple, on) }
    }
    if let lock = windowActions[.orientationLock] {
      let on = history?.current.state.orientationLock ?? false
      let state = g_action_get_state(lock)
      if let state, (g_variant_get_boolean(state) != 0) != on {
        g_simple_action_set_state(lock, g_variant_new_boolean(on ? 1 : 0))
      }
      if let state { g_variant_unref(state) }
    }
  }
}
