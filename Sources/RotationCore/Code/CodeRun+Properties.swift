/// Assigning to a property the app wrote accessors for (docs/rules.md#code-actions): a Swift
/// `set(newValue) { … }` or an Objective-C `setFoo:` runs with the value (the scenario's
/// `functions` hold it as `Type.setFoo`), and stores it where it assigns the property itself or
/// calls `objc_setAssociatedObject`; a Swift `didSet` (`Type.didSetFoo`) runs after the value is
/// stored, with `oldValue`.
extension CodeRun {
  mutating func assignProperty(_ object: CodeValue, _ name: String, _ value: CodeValue) {
    let target = shown(object)
    let (setterName, didSetName) = (PropertyAccessor.setter(name), PropertyAccessor.didSet(name))
    let inside = setting.contains { $0.name == name && $0.object == target }
    if !inside, case .object = target, let setter = function(setterName, of: target) {
      setting.append((target, name))
      _ = runFunction(setterName, owner: setter.owner, setter.body, on: target, [value])
      setting.removeLast()
      return
    }
    let old = inside ? CodeValue.null : member(target, name)
    assignMember(target, name, value)
    if !inside, case .object = target, let observer = function(didSetName, of: target) {
      _ = runFunction(didSetName, owner: observer.owner, observer.body, on: target, [old])
    }
  }

  /// `objc_setAssociatedObject(self, &key, value, policy)` inside a setter: the property being set
  /// takes the value; elsewhere it is not followed.
  mutating func associate(_ arguments: [CodeValue]) -> CodeValue {
    guard arguments.count >= 3, let current = setting.last, shown(arguments[0]) == current.object else {
      note(line, .unknown("objc_setAssociatedObject(…)"))
      return .null
    }
    assignMember(current.object, current.name, arguments[2])
    return .null
  }
}
