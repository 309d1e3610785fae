/// The scenario's own code as the fix catalogue edits it: the action lists of the app delegate and
/// of the app's classes (never a framework's), and in-place changes of one class.
extension Scenario {
  /// The app's own code: the action lists of the app delegate's methods and of the methods and
  /// hooks of every class that is not external, each with who it belongs to
  /// ("PlayerVC's enterFullScreen").
  var code: [(owner: String, actions: [Action])] {
    app.methods.map { (tr("the app delegate's %s", $0.name), $0.actions) }
      + classes.filter { !$0.external }.flatMap { spec in
        spec.methods.map { (tr("%s's %s", spec.name, $0.name), $0.actions) }
          + spec.hooks.map { (tr("%s's %s", spec.name, $0.selector.rawValue), $0.actions) }
      }
  }

  /// Rewrites the action lists of the app's own code (as `code`: external classes are left alone).
  mutating func mapCode(_ change: ([Action]) -> [Action]) {
    for index in app.methods.indices { app.methods[index].actions = change(app.methods[index].actions) }
    for index in classes.indices where !classes[index].external {
      for method in classes[index].methods.indices {
        classes[index].methods[method].actions = change(classes[index].methods[method].actions)
      }
      classes[index].hooks = classes[index].hooks.map { ($0.selector, change($0.actions)) }
    }
  }

  /// Rewrites every action: the steps and the code (as `mapCode`).
  mutating func mapActions(_ change: (Action) -> Action) {
    steps = steps.map(change)
    mapCode { $0.map(change) }
  }

  /// Changes the class named `name` in place (nothing when there is none).
  public mutating func updateClass(_ name: String, _ change: (inout ClassSpec) -> Void) {
    guard let index = classes.firstIndex(where: { $0.name == name }) else { return }
    change(&classes[index])
  }
}
