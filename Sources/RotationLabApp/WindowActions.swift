import CGtk
import RotationCore

/// The window's actions (`win.NAME`), as GNOME Text Editor registers its own: each button names
/// the action it stands for (`gtk_actionable_set_action_name`), GTK makes a button insensitive
/// while its action is disabled, and `updateActions()` is the one place where the enabled states
/// are set, from the session. The buttons hold no handler and decide nothing.
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

  /// `win.pop`: what a button's action name says.
  var detailedName: String { "win." + rawValue }
}

/// Makes `button` stand for `action`.
func bind(_ button: Widget, to action: WindowAction) {
  gtk_actionable_set_action_name(OpaquePointer(button), action.detailedName)
}

extension MainWindow {
  /// Adds every action to the window (its `win` group); they start disabled.
  func addActions() {
    for action in WindowAction.allCases {
      let simple = g_simple_action_new(action.rawValue, nil)!
      g_simple_action_set_enabled(simple, 0)
      onActivate(simple, owner: self) { [unowned self] _ in self.run(action) }
      g_action_map_add_action(OpaquePointer(window), simple)
      windowActions[action] = simple
      g_object_unref(raw(simple))
    }
  }

  func run(_ action: WindowAction) {
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
    }
  }

  /// Whether each action can apply now: the one place the buttons' sensitivity comes from.
  func updateActions() {
    let running = history?.isRunning ?? false
    let tree = history?.current.state.tree
    let shown = history?.shown ?? 0
    let count = history?.count ?? 0
    let selected = selectedPath
    let nonRoot = selected.map { !$0.isRoot } ?? false
    let enabled: [WindowAction: Bool] = [
      .rotateLeft: running, .rotateRight: running, .attemptRotation: running,
      .pop: running && tree?.poppableNavigationController != nil,
      .dismiss: running && !(tree?.presentations.isEmpty ?? true),
      .stepBack: history?.canStepBack ?? false, .stepForward: history?.canStepForward ?? false,
      .undo: session?.undoStack.canUndo ?? false, .redo: session?.undoStack.canRedo ?? false,
      // Launch, the first step, stays where it is.
      .removeStep: shown > 1, .moveStepUp: shown > 2, .moveStepDown: shown > 1 && shown < count,
      .removeController: selected != nil, .moveControllerUp: nonRoot, .moveControllerDown: nonRoot,
      .setAsRoot: nonRoot,
    ]
    for (action, simple) in windowActions {
      let on: Int32 = enabled[action] == true ? 1 : 0
      if g_action_get_enabled(simple) != on { g_simple_action_set_enabled(simple, on) }
    }
  }
}
