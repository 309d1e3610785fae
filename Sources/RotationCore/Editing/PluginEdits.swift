/// Editing the app's framework and plugins (docs/scenario-format.md, `app.framework`,
/// `app.plugins`): the plugin's mask state and the framework's controller come and go with them,
/// as reading a file with them would make them.
extension Scenario {
  /// Sets the framework (nil: none); Flutter brings its controller and mask.
  public mutating func setFramework(_ framework: Framework?) throws(EditError) {
    // A declared package written for another framework (auto_orientation is Flutter's) stays valid
    // only with that framework.
    for use in app.plugins {
      if let refusal = PluginCatalog.plugin(named: use.name)?.refusal(in: framework?.name) {
        throw EditError(refusal)
      }
    }
    if app.framework?.name == .flutter, framework?.name != .flutter {
      try dropPlugin(PluginCatalog.flutter)
    }
    app.framework = framework
    if framework?.name == .flutter { bringPlugin(PluginCatalog.flutter, version: framework?.version) }
  }

  /// Declares `name` at `version`, or changes its version.
  public mutating func setPlugin(_ name: String, version: PackageVersion) throws(EditError) {
    guard let plugin = PluginCatalog.plugin(named: name), plugin.name != PluginCatalog.flutter.name else {
      throw EditError(tr("The model does not know the plugin %s.", name))
    }
    if let refusal = plugin.refusal(in: app.framework?.name) { throw EditError(refusal) }
    if let index = app.plugins.firstIndex(where: { $0.name == name }) {
      app.plugins[index].version = version
    } else {
      app.plugins.append(PluginUse(name: name, version: version))
      bringPlugin(plugin, version: version)
    }
  }

  /// Removes `name`, while no step, code or answer uses it.
  public mutating func removePlugin(_ name: String) throws(EditError) {
    guard let plugin = PluginCatalog.plugin(named: name), app.plugins.contains(where: { $0.name == name })
    else {
      throw EditError(tr("The app has no plugin %s.", name))
    }
    try dropPlugin(plugin)
    app.plugins.removeAll { $0.name == name }
  }

  private mutating func bringPlugin(_ plugin: PluginCatalog.Plugin, version: PackageVersion?) {
    let plist = app.infoPlist.map(OrientationMask.init) ?? .all
    if let state = plugin.maskState, !app.state.contains(where: { $0.name == state }) {
      app.state.append(
        StateVariable(name: state, value: .mask(plugin.initial(version, infoPlist: plist))))
    }
    if let spec = PluginCatalog.controllerClass(of: plugin),
      !classes.contains(where: { $0.name == spec.name })
    {
      classes.append(spec)
    }
  }

  private mutating func dropPlugin(_ plugin: PluginCatalog.Plugin) throws(EditError) {
    let calls = (steps + code.flatMap(\.actions)).contains {
      if case .plugin(let call) = $0 { return call.plugin == plugin.name }
      return false
    }
    let controller = plugin.controller.map { uses(ofClass: $0) } ?? []
    let answered = plugin.maskState.map { app.supportedInterfaceOrientationsForWindow == .read($0) } ?? false
    if calls || !controller.isEmpty || answered {
      throw EditError(tr("%s cannot be removed while the app uses it.", plugin.name))
    }
    if let state = plugin.maskState { app.state.removeAll { $0.name == state } }
    classes.removeAll { $0.name == plugin.controller && $0.origin == PluginCatalog.engineOrigin }
  }
}
