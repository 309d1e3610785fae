/// Controllers the app's code makes from its storyboards: `UIStoryboard(name:bundle:)` (or a
/// controller's own `storyboard`), then `instantiateViewController(withIdentifier:)` or
/// `instantiateInitialViewController()`, bridged to the scenes the import read
/// (`Scenario.storyboards`, docs/scenario-format.md#storyboards). The controller made is one the
/// code may then set up, push or present, as one made by its initializer.
extension CodeRun {
  /// The storyboard calls; nil for any other call.
  mutating func storyboardCall(
    _ receiver: CodeValue, _ name: String, _ arguments: [(label: String?, value: CodeValue)]
  ) -> CodeValue? {
    let first = arguments.first?.value
    switch (receiver, name) {
    case (.object(.type("UIStoryboard")), "storyboardWithName"):
      guard case .string(let storyboard)? = first else { return .unknown("UIStoryboard(…)") }
      return .object(.storyboard(storyboard))
    case (.object(.storyboard(let storyboard)), "instantiateInitialViewController"):
      return madeFromStoryboard(storyboard, identifier: nil)
    case (.object(.storyboard(let storyboard)), "instantiateViewController"),
      (.object(.storyboard(let storyboard)), "instantiateViewControllerWithIdentifier"):
      guard case .string(let identifier)? = first else { return .unknown("instantiateViewController(…)") }
      return madeFromStoryboard(storyboard, identifier: identifier)
    default:
      return nil
    }
  }

  /// `performSegue(withIdentifier:sender:)`: the push or presentation the storyboard's segue of that
  /// identifier performs (the first storyboard that has it: identifiers are taken as unique, the
  /// model's choice), after the app's `prepare(for:sender:)` has run with the segue, whose
  /// destination it may set up (a property, `modalPresentationStyle`). Unknown, and said, when no
  /// storyboard here has it.
  mutating func performSegue(_ identifier: String, selfID: Int?, sender: CodeValue = .null) -> CodeValue {
    let found = answers.scenario.storyboards.lazy.compactMap {
      $0.segues.first { $0.identifier == identifier }
    }
    .first
    guard let found else {
      let text = "performSegue(\"\(identifier)\")"
      note(line, .unknown(text))
      return .unknown(text)
    }
    let (node, style, push): (Node, PresentationStyle?, Bool)
    switch found.action {
    case .push(let shown): (node, style, push) = (shown, nil, true)
    case .present(let shown, let presented): (node, style, push) = (shown, presented, false)
    default: return .null
    }
    made.append(MadeController(node: node, style: style))
    let destination = made.count - 1
    let me = selves.last!
    if let prepare = function("prepare", of: me, arity: 2) ?? function("prepareForSegue", of: me, arity: 2) {
      _ = runFunction(
        "prepare", owner: prepare.owner, prepare.body, on: me,
        [.object(.segue(identifier, destination)), sender])
    }
    let action: Action =
      push ? .push(made[destination].node) : .present(made[destination].node, style: made[destination].style)
    if act(action, selfID: selfID, "performSegue") { attach(.object(.made(destination))) }
    return .null
  }

  /// The scene's tree as a controller the code made; unknown when no storyboard of the scenario
  /// has it (one the import did not read).
  private mutating func madeFromStoryboard(_ storyboard: String?, identifier: String?) -> CodeValue {
    let named = answers.scenario.storyboards.filter { storyboard == nil || $0.name == storyboard }
    let root: Node?
    if let identifier {
      root = named.lazy.compactMap { $0.scenes.first { $0.identifier == identifier }?.root }.first
    } else {
      root = named.lazy.compactMap(\.initial).first
    }
    guard let root else {
      // A scene the import did not read (another module's storyboard): said once, with its line.
      let scene =
        identifier.map { "instantiateViewController(\"\($0)\")" } ?? "instantiateInitialViewController()"
      let text = (storyboard.map { "UIStoryboard(\"\($0)\")." } ?? "") + scene
      note(line, .unknown(text))
      return .unknown(text)
    }
    made.append(MadeController(node: root))
    return .object(.made(made.count - 1))
  }
}
