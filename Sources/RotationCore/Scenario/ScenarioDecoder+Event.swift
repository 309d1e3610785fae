import FoundationEssentials

/// One event on its own, in its scenario-file form (`{"push": "Detail"}`, `"pop"`), checked
/// against a scenario's declarations as a step of that scenario is: the window's menus carry
/// their events this way, as the targets of its actions (`win.act`), so that a menu item holds
/// data, not a closure.
extension ScenarioDecoder {
  /// Decodes `text` as a step of `scenario`: its classes, methods, flags and windows are the ones
  /// a step may name.
  public static func event(text: String, in scenario: Scenario) throws(ScenarioError) -> Action {
    let json: JSONValue
    do {
      json = try JSONParser.parse(Array(text.utf8))
    } catch {
      throw ScenarioError(
        line: error.line, column: error.column, message: tr("invalid JSON: %s", error.message))
    }
    var decoder = ScenarioDecoder()
    decoder.declare(scenario)
    return try decoder.action(json, "step", inHook: false)
  }

  /// The names `scenario` declares, as reading its file would have found them.
  mutating func declare(_ scenario: Scenario) {
    delegateClass = scenario.app.delegateClass
    flagNames = Set(scenario.app.flags.map(\.name))
    appMethodNames = Set(scenario.app.methods.map(\.name))
    windowNames = Set([mainWindowName] + scenario.windows.map(\.name))
    pluginNames = Set(
      PluginCatalog.inUse(framework: scenario.app.framework, plugins: scenario.app.plugins).map(\.plugin.name)
    )
    for variable in scenario.app.state { stateTypes[variable.name] = variable.value.type }
    for spec in scenario.classes {
      classKinds[spec.name] = spec.kind
      for method in spec.methods { methodOwners[method.name, default: []].insert(spec.name) }
      for variable in spec.properties {
        propertyTypes[spec.name, default: [:]][variable.name] = variable.value.type
      }
      isANames.formUnion(spec.isA)
    }
    classKinds.merge(ControllerKind.uikitClasses) { declared, _ in declared }
  }
}

extension Action {
  /// The event as a step of a scenario file writes it, on one line: what a window action's
  /// target carries (`ScenarioDecoder.event(text:in:)` reads it back).
  public var stepText: String { ScenarioEncoder.encode(self).serialized() }
}
