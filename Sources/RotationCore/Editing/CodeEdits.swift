/// Changing what a class's code does: its lifecycle methods (hooks) and named methods, and the
/// actions each runs in order; and the app's flags those actions and answers read.
public enum ActionOwner: Sendable, Hashable {
  case hook(LifecycleSelector)
  case method(String)
}

/// A way into a list of actions nested in `if` actions: the action's index in its list, and
/// which of its branches (`then`, else `else`). An empty path is the hook's or method's own list.
public struct BranchStep: Sendable, Hashable {
  public var index: Int
  public var then: Bool

  public init(_ index: Int, then: Bool) {
    self.index = index
    self.then = then
  }
}

extension Action {
  /// Changes the list of actions at `path` inside `actions`.
  static func update(
    _ actions: inout [Action], at path: ArraySlice<BranchStep>,
    _ change: (inout [Action]) throws(EditError) -> Void
  ) throws(EditError) {
    guard let step = path.first else {
      try change(&actions)
      return
    }
    guard actions.indices.contains(step.index),
      case .when(let condition, var then, var otherwise) = actions[step.index]
    else {
      throw EditError(tr("Action %s is not an if.", step.index + 1))
    }
    if step.then {
      try update(&then, at: path.dropFirst(), change)
    } else {
      try update(&otherwise, at: path.dropFirst(), change)
    }
    actions[step.index] = .when(condition, then: then, else: otherwise)
  }
}

extension Scenario {
  func classIndex(_ className: String) throws(EditError) -> Int {
    guard let index = classes.firstIndex(where: { $0.name == className }) else {
      throw EditError(tr("There is no class named %s.", className))
    }
    return index
  }

  /// Overrides a lifecycle method with no actions yet (it is still called, and logs).
  public mutating func addHook(_ selector: LifecycleSelector, to className: String) throws(EditError) {
    let index = try classIndex(className)
    guard classes[index].hook(selector) == nil else {
      throw EditError(tr("%s already overrides %s.", className, selector.rawValue))
    }
    classes[index].hooks.append((selector: selector, actions: []))
  }

  public mutating func removeHook(_ selector: LifecycleSelector, from className: String) throws(EditError) {
    let before = self
    let index = try classIndex(className)
    classes[index].hooks.removeAll { $0.selector == selector }
    try keepIfLoads(before)
  }

  /// Adds a named method (what `call` actions run) with no actions yet.
  public mutating func addMethod(_ name: String, to className: String) throws(EditError) {
    let index = try classIndex(className)
    guard Self.isClassName(name) else {
      throw EditError(tr("'%s' cannot name a method: use letters, digits and _.", name))
    }
    guard !classes[index].methods.contains(where: { $0.name == name }) else {
      throw EditError(tr("%s already has a method named %s.", className, name))
    }
    classes[index].methods.append(Method(name: name, actions: []))
  }

  /// Removes a method; refused while an action calls it (the file would not load).
  public mutating func removeMethod(_ name: String, from className: String) throws(EditError) {
    let before = self
    let index = try classIndex(className)
    classes[index].methods.removeAll { $0.name == name }
    try keepIfLoads(before)
  }

  private mutating func updateActions(
    of owner: ActionOwner, in className: String, branch: [BranchStep],
    _ change: (inout [Action]) throws(EditError) -> Void
  ) throws(EditError) {
    let before = self
    let index = try classIndex(className)
    switch owner {
    case .hook(let selector):
      guard let at = classes[index].hooks.firstIndex(where: { $0.selector == selector }) else {
        throw EditError(tr("%s does not override %s.", className, selector.rawValue))
      }
      try Action.update(&classes[index].hooks[at].actions, at: branch[...], change)
    case .method(let name):
      guard let at = classes[index].methods.firstIndex(where: { $0.name == name }) else {
        throw EditError(tr("%s has no method named %s.", className, name))
      }
      try Action.update(&classes[index].methods[at].actions, at: branch[...], change)
    }
    try keepIfLoads(before)
  }

  /// Appends an action to a hook's or a method's list, or to a branch of an `if` in it.
  public mutating func addAction(
    _ action: Action, to owner: ActionOwner, of className: String, in branch: [BranchStep] = []
  ) throws(EditError) {
    try updateActions(of: owner, in: className, branch: branch) { actions throws(EditError) in
      actions.append(action)
    }
  }

  public mutating func removeAction(
    at index: Int, of owner: ActionOwner, of className: String, in branch: [BranchStep] = []
  ) throws(EditError) {
    try updateActions(of: owner, in: className, branch: branch) { actions throws(EditError) in
      guard actions.indices.contains(index) else { throw EditError(tr("There is no action %s.", index + 1)) }
      actions.remove(at: index)
    }
  }

  /// Moves an action one place earlier (`offset` -1) or later (+1) in its list.
  public mutating func moveAction(
    at index: Int, by offset: Int, of owner: ActionOwner, of className: String, in branch: [BranchStep] = []
  ) throws(EditError) {
    try updateActions(of: owner, in: className, branch: branch) { actions throws(EditError) in
      let target = index + offset
      guard actions.indices.contains(index), actions.indices.contains(target) else {
        throw EditError(offset < 0 ? tr("It is already the first.") : tr("It is already the last."))
      }
      actions.swapAt(index, target)
    }
  }

  /// Adds a flag of the app (NO at launch).
  public mutating func addFlag(_ name: String) throws(EditError) {
    guard Self.isClassName(name) else {
      throw EditError(tr("'%s' cannot name a flag: use letters, digits and _.", name))
    }
    guard !app.flags.contains(where: { $0.name == name }) else {
      throw EditError(tr("There is already a flag named %s.", name))
    }
    app.flags.append(Flag(name: name, value: false))
  }

  /// Removes a flag; refused while an answer or an action reads or sets it.
  public mutating func removeFlag(_ name: String) throws(EditError) {
    let before = self
    app.flags.removeAll { $0.name == name }
    do {
      try keepIfLoads(before)
    } catch {
      throw EditError(tr("%s cannot be removed while it is used: %s.", name, error.message))
    }
  }
}
