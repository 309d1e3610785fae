/// `app.framework`, `app.plugins`, a plugin call and the app delegate's `{"plugin": NAME}`
/// (docs/scenario-format.md, "Frameworks and plugins").
extension ScenarioDecoder {
  func packageVersion(_ json: JSONValue, _ path: String) throws(ScenarioError) -> PackageVersion {
    guard case .string(let text) = json, let version = PackageVersion(text) else {
      throw ScenarioError(path: path, message: tr("expected a version as a string, such as \"1.7.0\""))
    }
    return version
  }

  func frameworkAndPlugins(_ app: JSONValue) throws(ScenarioError) -> (Framework?, [PluginUse]) {
    var framework: Framework?
    if let value = app["framework"] {
      let members = try object(value, "app.framework", expected: tr("an object"))
      try allow(members, "app.framework", ["name", "version"])
      guard let name = value["name"], let version = value["version"] else {
        throw ScenarioError(path: "app.framework", message: tr("expected \"name\" and \"version\""))
      }
      framework = Framework(
        name: try enumValue(name, "app.framework.name", FrameworkName.self),
        version: try packageVersion(version, "app.framework.version"))
    }
    var plugins: [PluginUse] = []
    if let list = app["plugins"] {
      for (index, item) in try array(list, "app.plugins", expected: tr("an array of plugins")).enumerated() {
        let path = "app.plugins[\(index)]"
        let members = try object(item, path, expected: tr("an object"))
        try allow(members, path, ["name", "version", PluginUse.defaultMaskKey])
        guard let name = item["name"], let version = item["version"] else {
          throw ScenarioError(path: path, message: tr("expected \"name\" and \"version\""))
        }
        let written = try string(name, path + ".name")
        var defaultMask: OrientationMask?
        if let value = item[PluginUse.defaultMaskKey] {
          let keyPath = path + "." + PluginUse.defaultMaskKey
          guard written == PluginCatalog.expoScreenOrientation.name else {
            throw ScenarioError(
              path: keyPath, message: tr("only expo-screen-orientation reads this Info.plist key"))
          }
          defaultMask = try mask(value, keyPath)
        }
        guard let known = PluginCatalog.plugin(named: written) else {
          throw ScenarioError(
            path: path + ".name",
            message: tr(
              "expected a plugin the model knows: %s, found \"%s\"",
              PluginCatalog.all.map { "\"\($0.name)\"" }.joined(separator: ", "), written))
        }
        if let refusal = known.refusal(in: framework?.name) {
          throw ScenarioError(path: path + ".name", message: refusal)
        }
        plugins.append(
          PluginUse(
            name: written, version: try packageVersion(version, path + ".version"), defaultMask: defaultMask))
      }
    }
    return (framework, plugins)
  }

  /// The plugin `name`, which the app must declare (`app.plugins`, or Flutter's as the framework).
  func declaredPlugin(_ name: String, _ path: String) throws(ScenarioError) -> PluginCatalog.Plugin {
    guard pluginNames.contains(name), let plugin = PluginCatalog.plugin(named: name) else {
      throw ScenarioError(
        path: path, message: tr("\"%s\" is not in app.plugins; declare it with its version", name))
    }
    return plugin
  }

  /// `{"plugin": NAME, "call": FUNCTION, "args": [...]}`, for a plugin `app.plugins` declares.
  func pluginCall(_ json: JSONValue, _ path: String) throws(ScenarioError) -> Action {
    let members = try object(json, path, expected: tr("an object"))
    try allow(members, path, ["plugin", "call", "args"])
    let name = try string(json["plugin"]!, path + ".plugin")
    let plugin = try declaredPlugin(name, path + ".plugin")
    guard let callValue = json["call"] else {
      throw ScenarioError(
        path: path + ".call", message: tr("missing; expected one of %s", plugin.calls.joined(separator: ", "))
      )
    }
    let call = try string(callValue, path + ".call")
    guard plugin.calls.contains(call) else {
      throw ScenarioError(
        path: path + ".call",
        message: tr(
          "%s has no function \"%s\" the model knows; expected one of %s", name, call,
          plugin.calls.joined(separator: ", ")))
    }
    let args =
      try json["args"].map { v throws(ScenarioError) in
        try array(v, path + ".args", expected: tr("an array of arguments"))
      } ?? []
    return .plugin(PluginCall(plugin: name, call: call, args: args))
  }
}
