/// Editing the app's state (AppState.swift): pieces of app state and class properties added with
/// their first values, changed, and removed only while nothing reads or sets them; observers of
/// UIKit's notifications added and removed.
extension Scenario {
  /// Adds a piece of the app's state (`owner` nil) or a property of the class `owner`.
  public mutating func addState(_ variable: StateVariable, to owner: String? = nil) throws(EditError) {
    guard Self.isClassName(variable.name) else {
      throw EditError(tr("'%s' cannot name a piece of state: use letters, digits and _.", variable.name))
    }
    if let owner {
      let index = try classIndex(owner)
      guard classes[index].property(named: variable.name) == nil else {
        throw EditError(tr("%s already has a property named %s.", owner, variable.name))
      }
      classes[index].properties.append(variable)
    } else {
      guard !app.state.contains(where: { $0.name == variable.name }),
        !app.flags.contains(where: { $0.name == variable.name })
      else {
        throw EditError(tr("The app already has state or a flag named %s.", variable.name))
      }
      app.state.append(variable)
    }
  }

  /// Sets the first value of a piece of state (of the same type).
  public mutating func setFirstValue(_ name: String, _ value: StateValue, of owner: String? = nil)
    throws(EditError)
  {
    if let owner {
      let index = try classIndex(owner)
      guard let at = classes[index].properties.firstIndex(where: { $0.name == name }) else {
        throw EditError(tr("%s has no property named %s.", owner, name))
      }
      classes[index].properties[at].value = value
    } else {
      guard let at = app.state.firstIndex(where: { $0.name == name }) else {
        throw EditError(tr("The app has no state named %s.", name))
      }
      app.state[at].value = value
    }
  }

  /// Removes a piece of state or a property; refused while an answer, an action or a push's `set`
  /// names it.
  public mutating func removeState(_ name: String, from owner: String? = nil) throws(EditError) {
    let before = self
    if let owner {
      let index = try classIndex(owner)
      classes[index].properties.removeAll { $0.name == name }
    } else {
      app.state.removeAll { $0.name == name }
    }
    do {
      try keepIfLoads(before)
    } catch {
      throw EditError(tr("%s cannot be removed while it is used: %s.", name, error.message))
    }
  }

  /// Makes `method` of the class `owner` (nil: the app delegate) handle `notification`.
  public mutating func setObserver(_ notification: String, method: String, of owner: String? = nil)
    throws(EditError)
  {
    let observer = Observer(notification: notification, method: method)
    if let owner {
      let index = try classIndex(owner)
      guard classes[index].method(named: method) != nil else {
        throw EditError(tr("%s has no method named %s.", owner, method))
      }
      classes[index].observers.removeAll { $0.notification == notification }
      classes[index].observers.append(observer)
    } else {
      guard app.methods.contains(where: { $0.name == method }) else {
        throw EditError(tr("The app delegate has no method named %s.", method))
      }
      app.observers.removeAll { $0.notification == notification }
      app.observers.append(observer)
    }
  }

  public mutating func removeObserver(_ notification: String, of owner: String? = nil) throws(EditError) {
    if let owner {
      classes[try classIndex(owner)].observers.removeAll { $0.notification == notification }
    } else {
      app.observers.removeAll { $0.notification == notification }
    }
  }
}

extension ClassSpec {
  /// Renames, with `rename`, the classes its answers' conditions name (`topIs`).
  mutating func renameInConditions(_ rename: (String) -> String) {
    func renamed<T>(_ override: Override<T>?) -> Override<T>? {
      guard case .value(let value)? = override else { return override }
      return .value(value.mappingConditions { $0.renamingClass(rename) })
    }
    shouldAutorotate = renamed(shouldAutorotate)
    supportedInterfaceOrientations = renamed(supportedInterfaceOrientations)
    preferredInterfaceOrientationForPresentation = renamed(preferredInterfaceOrientationForPresentation)
    if var answers = delegate {
      answers.supportedInterfaceOrientations = answers.supportedInterfaceOrientations?.mappingConditions {
        $0.renamingClass(rename)
      }
      answers.preferredInterfaceOrientationForPresentation = answers
        .preferredInterfaceOrientationForPresentation?
        .mappingConditions { $0.renamingClass(rename) }
      delegate = answers
    }
  }
}
