/// Adding, renaming and removing the scenario's classes (docs/scenario-format.md, "classes").
extension Scenario {
  /// Whether `name` can name a class: an Objective-C identifier.
  public static func isClassName(_ name: String) -> Bool {
    func letter(_ c: Character) -> Bool { c == "_" || (c.isASCII && c.isLetter) }
    guard let first = name.first, letter(first) else { return false }
    return name.allSatisfy { letter($0) || ($0.isASCII && $0.isNumber) }
  }

  private func checkNewName(_ name: String) throws(EditError) {
    guard Self.isClassName(name) else {
      throw EditError(
        tr("'%s' cannot name a class: use letters, digits and _, not starting with a digit.", name))
    }
    if ControllerKind.uikitClasses[name] != nil {
      throw EditError(tr("%s is UIKit's own class; give the app's class a name of its own.", name))
    }
    if classes.contains(where: { $0.name == name }) || name == app.delegateClass {
      throw EditError(tr("There is already a class named %s.", name))
    }
  }

  /// Declares a new class of `kind` with no overrides (it answers as UIKit's class does).
  public mutating func addClass(_ name: String, kind: ControllerKind) throws(EditError) {
    try checkNewName(name)
    classes.append(ClassSpec(name: name, kind: kind))
  }

  /// Renames a declared class everywhere it is named: the trees, the steps, the hooks' and
  /// methods' actions, and the expectations.
  public mutating func renameClass(_ old: String, to new: String) throws(EditError) {
    guard let index = classes.firstIndex(where: { $0.name == old }) else {
      throw EditError(tr("There is no class named %s.", old))
    }
    guard classes[index].category == nil else {
      throw EditError(tr("%s is UIKit's own class, changed by a category: it cannot be renamed.", old))
    }
    guard classes[index].origin != PluginCatalog.engineOrigin else {
      throw EditError(tr("%s is the framework's own class: it cannot be renamed or removed.", old))
    }
    if new == old { return }
    try checkNewName(new)
    classes[index].name = new
    // The app's functions of the class go with it (`Old.helper` → `New.helper`); its code's text is
    // the app's and stays as written.
    functions = functions.map { entry in
      entry.name.hasPrefix(old + ".") ? (new + entry.name.dropFirst(old.count), entry.body) : entry
    }
    window = window.renamingClass(old, to: new)
    if let choice = rootIf {
      rootIf = RootChoice(flag: choice.flag, root: choice.root.renamingClass(old, to: new))
    }
    for at in windows.indices { windows[at].root = windows[at].root.renamingClass(old, to: new) }
    steps = steps.map { $0.renamingClass(old, to: new) }
    for at in classes.indices {
      classes[at].hooks = classes[at].hooks.map {
        (selector: $0.selector, actions: $0.actions.map { $0.renamingClass(old, to: new) })
      }
      for method in classes[at].methods.indices {
        classes[at].methods[method].actions = classes[at].methods[method].actions.map {
          $0.renamingClass(old, to: new)
        }
      }
    }
    for method in app.methods.indices {
      app.methods[method].actions = app.methods[method].actions.map { $0.renamingClass(old, to: new) }
    }
    // Conditions on the controller on top, and the classes that say they are one.
    let rename: (String) -> String = { $0 == old ? new : $0 }
    app.supportedInterfaceOrientationsForWindow = app.supportedInterfaceOrientationsForWindow?
      .mappingConditions {
        $0.renamingClass(rename)
      }
    for at in classes.indices {
      classes[at].renameInConditions(rename)
      classes[at].isA = classes[at].isA.map(rename)
    }
    for at in expectations.indices {
      if expectations[at].decidedBy == old { expectations[at].decidedBy = new }
      expectations[at].called = expectations[at].called.map { Self.renamingCall($0, old, new) }
      expectations[at].notCalled = expectations[at].notCalled.map { Self.renamingCall($0, old, new) }
    }
  }

  /// Whether a call written `-[Class selector]` is made on the class.
  static func call(_ call: String, names className: String) -> Bool {
    call.hasPrefix("-[" + className + " ") || call.hasPrefix("+[" + className + " ")
  }

  /// `-[Old selector]` → `-[New selector]`; any other call unchanged.
  static func renamingCall(_ call: String, _ old: String, _ new: String) -> String {
    for prefix in ["-[", "+["] where call.hasPrefix(prefix + old + " ") {
      return prefix + new + call.dropFirst(prefix.count + old.count)
    }
    return call
  }

  /// Where the class is named, in words: the tree of a window, a step, another class's hook or
  /// method, an expectation. Empty when nothing uses it.
  public func uses(ofClass name: String) -> [String] {
    var uses: [String] = []
    for window in windowNames {
      // The main window's both roots, when the app chooses one at launch (`rootIf`).
      let roots =
        window == mainWindowName
        ? [self.window] + (rootIf.map { [$0.root] } ?? []) : [root(of: window)].compactMap { $0 }
      guard roots.contains(where: { $0.names(name) }) else { continue }
      uses.append(tr("the tree of window %s", window))
    }
    for (index, step) in steps.enumerated() where step.names(name) {
      uses.append(tr("step %s (%s)", index + 1, step.label))
    }
    for spec in classes {
      for hook in spec.hooks where hook.actions.contains(where: { $0.names(name) }) {
        uses.append(tr("%s's %s", spec.name, hook.selector.rawValue))
      }
      for method in spec.methods where method.actions.contains(where: { $0.names(name) }) {
        uses.append(tr("%s's method %s", spec.name, method.name))
      }
    }
    for method in app.methods where method.actions.contains(where: { $0.names(name) }) {
      uses.append(tr("%s's method %s", app.delegateClass, method.name))
    }
    for expectation in expectations
    where expectation.decidedBy == name
      || (expectation.called + expectation.notCalled).contains(where: { Self.call($0, names: name) })
    {
      uses.append(tr("the expectation of step %s", expectation.step))
    }
    return uses
  }

  /// Removes a class nothing uses; refuses, saying where, while something does.
  public mutating func removeClass(_ name: String) throws(EditError) {
    guard let index = classes.firstIndex(where: { $0.name == name }) else {
      throw EditError(tr("There is no class named %s.", name))
    }
    guard classes[index].origin != PluginCatalog.engineOrigin else {
      throw EditError(tr("%s is the framework's own class: it cannot be renamed or removed.", name))
    }
    let uses = uses(ofClass: name)
    guard uses.isEmpty else {
      throw EditError(
        tr("%s cannot be removed while it is used: %s.", name, uses.prefix(3).joined(separator: tr(", "))))
    }
    classes.remove(at: index)
  }
}

extension Node {
  /// Whether the class is this node's or any descendant's.
  public func names(_ className: String) -> Bool {
    self.className == className || childNodes.contains { $0.names(className) }
  }

  public func renamingClass(_ old: String, to new: String) -> Node {
    var node = self
    if node.className == old { node.className = new }
    node.stack = stack.map { $0.renamingClass(old, to: new) }
    node.tabs = tabs.map { $0.renamingClass(old, to: new) }
    node.children = children.map { $0.renamingClass(old, to: new) }
    node.columns = columns.map { Column($0.role, $0.node.renamingClass(old, to: new)) }
    node.pages = pages.map { $0.renamingClass(old, to: new) }
    return node
  }
}

extension Action {
  /// Whether the action names the class (a controller it pushes or presents, a method's receiver).
  public func names(_ className: String) -> Bool {
    switch self {
    case .push(let node), .present(let node, _): return node.names(className)
    case .call(_, let on, _): return on == className
    case .setNeedsUpdateOfSupportedInterfaceOrientations(let on): return on == className
    case .inWindow(_, let action): return action.names(className)
    case .when(let condition, let then, let otherwise):
      return condition.renamingClass { $0 == className ? "" : $0 } != condition
        || (then + otherwise).contains { $0.names(className) }
    default: return false
    }
  }

  public func renamingClass(_ old: String, to new: String) -> Action {
    switch self {
    case .push(let node): return .push(node.renamingClass(old, to: new))
    case .present(let node, let style): return .present(node.renamingClass(old, to: new), style: style)
    case .call(let name, let on, let args) where on == old: return .call(name, on: new, args: args)
    case .setNeedsUpdateOfSupportedInterfaceOrientations(let on) where on == old:
      return .setNeedsUpdateOfSupportedInterfaceOrientations(new)
    case .inWindow(let window, let action): return .inWindow(window, action.renamingClass(old, to: new))
    case .when(let condition, let then, let otherwise):
      return .when(
        condition.renamingClass { $0 == old ? new : $0 }, then: then.map { $0.renamingClass(old, to: new) },
        else: otherwise.map { $0.renamingClass(old, to: new) })
    default: return self
    }
  }
}
