import FoundationEssentials

#if canImport(RotationCore)
  import RotationCore
#endif

/// A Flutter, React Native, Expo, Capacitor or Cordova project (issue #30, docs/import.md): its
/// `ios/` Xcode project is read as any other; this part recognises the framework and its version
/// (`pubspec.lock`, `package.json` with `package-lock.json` or `yarn.lock`), the orientation plugins
/// and their versions, and whether the app delegate returns the plugin's mask — the hook the
/// plugins' READMEs ask for, whose absence is the classic bug. The manifests are read as the data
/// they are: package files with the project's JSON parser, `pubspec.lock` and `yarn.lock` line by
/// line for the few keys needed (no YAML parser is among the system libraries).
enum FrameworkImport {
  /// The npm packages that name a framework, strongest first.
  static let npmFrameworks: [(package: String, name: FrameworkName)] = [
    ("expo", .expo), ("@capacitor/core", .capacitor), ("cordova-ios", .cordova),
    ("react-native", .reactNative),
  ]

  /// Adds the framework and plugins found beside the Xcode project to `result`, with report lines.
  /// `plists` are the Info.plists the folder's walk found (Expo's key is read from them).
  static func apply(folder root: String, plists: [SourceFolder.Found], to result: inout ImportResult) {
    var found = FrameworkFacts()
    var appFolder = root
    // Flutter and React Native keep the project in ios/, Capacitor in ios/App/.
    for base in [root, PathName.folder(root), PathName.folder(PathName.folder(root))] where !base.isEmpty {
      let here = read(base)
      if !here.source.isEmpty, found.source.isEmpty || found.framework == nil && here.framework != nil {
        appFolder = base
      }
      found.merge(here)
      if found.framework != nil { break }
    }
    guard found.framework != nil || !found.plugins.isEmpty else { return }
    var scenario = result.scenario
    scenario.app.framework = found.framework
    scenario.app.plugins = found.plugins
    if let framework = found.framework {
      result.report.facts.append(
        .init(
          file: found.source, line: nil,
          text: tr("a %s app, version %s", framework.name.rawValue, framework.version.text)))
    }
    for use in found.plugins {
      result.report.facts.append(
        .init(file: found.source, line: nil, text: tr("orientation plugin %s %s", use.name, use.version.text))
      )
      guard let plugin = PluginCatalog.plugin(named: use.name) else { continue }
      let plist = scenario.app.infoPlist.map(OrientationMask.init) ?? .all
      if let state = plugin.maskState, !scenario.app.state.contains(where: { $0.name == state }) {
        scenario.app.state.append(
          StateVariable(name: state, value: .mask(plugin.initial(use.version, infoPlist: plist))))
      }
      // The README's AppDelegate step: return the plugin's mask (the code reader finds the call).
      if use.name == PluginCatalog.reactNativeOrientationLocker.name {
        if scenario.app.supportedInterfaceOrientationsForWindow == .read(PluginCatalog.lockerMaskState) {
          result.report.facts.append(
            .init(
              file: found.source, line: nil, text: tr("the app delegate returns [Orientation getOrientation]")
            ))
        } else {
          result.report.assumptions.append(
            .init(
              file: found.source, line: nil,
              text: tr(
                "the app delegate does not return [Orientation getOrientation]: the plugin's locks change nothing UIKit asks (its README's AppDelegate step is missing)"
              )))
        }
      }
    }
    // The framework's controller named in a storyboard without code of the app's (Flutter's
    // Main.storyboard names FlutterViewController) is the framework's, answering the plugin's mask.
    let used = PluginCatalog.inUse(framework: scenario.app.framework, plugins: scenario.app.plugins)
    for engine in used.compactMap({ PluginCatalog.controllerClass(of: $0.plugin) }) {
      guard let index = scenario.classes.firstIndex(where: { $0.name == engine.name }) else { continue }
      let named = scenario.classes[index]
      let fromStoryboardOnly =
        named.origin.map { $0.contains(".storyboard:") || $0.contains(".xib:") } ?? true
      guard fromStoryboardOnly, named.methods.isEmpty, named.supportedInterfaceOrientations == nil else {
        continue
      }
      scenario.classes[index] = engine
      result.report.assumptions.removeAll { line in
        named.origin == line.file + (line.line.map { ":\($0)" } ?? "")
      }
      result.report.facts.append(
        .init(
          file: named.origin ?? found.source, line: nil,
          text: tr("%s is the framework's controller: it answers with the plugin's mask", engine.name)))
    }
    expoDefaultMask(plists, into: &scenario, report: &result.report)
    expoRootAndDelegate(into: &scenario, report: &result.report, source: found.source)
    result.scenario = scenario
    // The app's own Dart or JavaScript: its orientation calls and the functions that reach them.
    ScriptImport.apply(base: appFolder, to: &result)
  }

  struct FrameworkFacts {
    var framework: Framework?
    var plugins: [PluginUse] = []
    var source = ""

    mutating func merge(_ other: FrameworkFacts) {
      if framework == nil, other.framework != nil {
        framework = other.framework
        source = other.source
      }
      for plugin in other.plugins where !plugins.contains(where: { $0.name == plugin.name }) {
        plugins.append(plugin)
        if source.isEmpty { source = other.source }
      }
    }
  }

  /// The framework and plugins the manifests in `folder` name.
  static func read(_ folder: String) -> FrameworkFacts {
    var facts = FrameworkFacts()
    let join = { (name: String) in folder.hasSuffix("/") ? folder + name : folder + "/" + name }
    if let pubspec = text(join("pubspec.lock")) {
      facts.source = "pubspec.lock"
      facts.framework = Framework(
        name: .flutter, version: flutterVersion(pubspec) ?? PackageVersion("3.0.0")!)
      let locked = pubVersions(pubspec)
      for plugin in PluginCatalog.all where plugin.framework == .flutter {
        if let found = locked[plugin.name].flatMap(PackageVersion.init) {
          facts.plugins.append(PluginUse(name: plugin.name, version: found))
        }
      }
      return facts
    }
    guard let package = text(join("package.json")), let json = try? JSONParser.parse(package) else {
      return facts
    }
    var declared: [String: String] = [:]
    for section in ["dependencies", "devDependencies"] {
      if case .object(let members)? = json[section] {
        for (name, value) in members { if case .string(let range) = value { declared[name] = range } }
      }
    }
    let locked = lockedVersions(folder: folder, join: join)
    let pods = podVersions(text(join("ios/Podfile.lock")) ?? text(join("Podfile.lock")) ?? "")
    func version(_ name: String) -> PackageVersion? {
      if let exact = locked[name].flatMap(PackageVersion.init) { return exact }
      if let pod = podNames[name], let exact = pods[pod].flatMap(PackageVersion.init) { return exact }
      return declared[name].flatMap(lowestVersion)
    }
    facts.source = "package.json"
    if let (package, name) = npmFrameworks.first(where: { declared[$0.package] != nil }),
      let found = version(package)
    {
      facts.framework = Framework(name: name, version: found)
    }
    // npm's packages: a pub package (a Flutter app's) is never read from package.json.
    for plugin in PluginCatalog.all where plugin.name != PluginCatalog.flutter.name && plugin.framework == nil
    {
      if declared[plugin.name] != nil, let found = version(plugin.name) {
        facts.plugins.append(PluginUse(name: plugin.name, version: found))
      }
    }
    return facts
  }

  static func text(_ path: String) -> String? {
    guard SourceFolder.isRegularFile(path),
      let bytes = try? SourceFolder.read(path, shown: path, kind: "manifest")
    else { return nil }
    return String(validating: bytes, as: UTF8.self)
  }

  /// The versions a lockfile resolved: package-lock.json's `packages["node_modules/NAME"].version`
  /// (or v1's `dependencies[NAME].version`), else yarn.lock's `version "…"` under `NAME@…:`.
  static func lockedVersions(folder: String, join: (String) -> String) -> [String: String] {
    var versions: [String: String] = [:]
    if let lock = text(join("package-lock.json")), let json = try? JSONParser.parse(lock) {
      if case .object(let packages)? = json["packages"] {
        for (key, value) in packages where key.hasPrefix("node_modules/") {
          if case .string(let version)? = value["version"] { versions[String(key.dropFirst(13))] = version }
        }
      }
      if case .object(let dependencies)? = json["dependencies"] {
        for (name, value) in dependencies where versions[name] == nil {
          if case .string(let version)? = value["version"] { versions[name] = version }
        }
      }
    } else if let lock = text(join("yarn.lock")) {
      var current: [String] = []
      for line in lock.split(separator: "\n", omittingEmptySubsequences: false) {
        if !line.hasPrefix(" "), line.hasSuffix(":") {
          current = line.dropLast().split(separator: ",").map { entry in
            var name = String(entry.filter { $0 != "\"" && $0 != " " })
            if let at = name.dropFirst().firstIndex(of: "@") { name = String(name[..<at]) }
            return name
          }
        } else if line.hasPrefix("  version ") {
          let version = String(line.dropFirst(10).filter { $0 != "\"" })
          for name in current where versions[name] == nil { versions[name] = version }
        }
      }
    }
    return versions
  }

  /// The CocoaPods pods that ship each npm package's native side, as `ios/Podfile.lock` names
  /// them: their installed versions stand in when no npm lockfile does.
  static let podNames: [String: String] = [
    "react-native": "React-Core", "react-native-orientation-locker": "react-native-orientation-locker",
    "expo": "Expo", "expo-screen-orientation": "ExpoScreenOrientation", "@capacitor/core": "Capacitor",
    "@capacitor/screen-orientation": "CapacitorScreenOrientation",
  ]

  /// `ios/Podfile.lock`'s `PODS:` entries, `  - NAME (VERSION)`, by pod name.
  static func podVersions(_ lock: String) -> [String: String] {
    var versions: [String: String] = [:]
    for line in lock.split(separator: "\n") where line.hasPrefix("  - ") {
      let entry = line.dropFirst(4)
      guard let open = entry.firstIndex(of: "("), let close = entry.firstIndex(of: ")"), open < close else {
        continue
      }
      guard let name = entry[..<open].split(separator: " ").first.map(String.init) else { continue }
      let version = String(entry[entry.index(after: open)..<close])
      if versions[name] == nil, !name.contains("/") { versions[name] = version }
      // "ExpoScreenOrientation" was "EXScreenOrientation" before SDK 49.
      if name == "EXScreenOrientation", versions["ExpoScreenOrientation"] == nil {
        versions["ExpoScreenOrientation"] = version
      }
    }
    return versions
  }

  /// The lowest version a range allows: `^1.7.0` → 1.7.0, `~3.0.2` → 3.0.2, `>=3.22.0 <4` → 3.22.0.
  static func lowestVersion(_ range: String) -> PackageVersion? {
    let digits = range.drop { !$0.isNumber }
    return PackageVersion(String(digits.prefix { $0.isNumber || $0 == "." }))
  }

  /// `pubspec.lock`'s `sdks:` → `flutter: ">=3.22.0"`: the lowest Flutter the app allows.
  static func flutterVersion(_ lock: String) -> PackageVersion? {
    var inSDKs = false
    for line in lock.split(whereSeparator: \.isNewline) {
      if line.hasPrefix("sdks:") { inSDKs = true; continue }
      if inSDKs, !line.hasPrefix(" ") { inSDKs = false }
      if inSDKs, line.drop(while: { $0 == " " }).hasPrefix("flutter:") {
        return lowestVersion(String(line.split(separator: ":", maxSplits: 1).last ?? ""))
      }
    }
    return nil
  }

  /// The packages `pubspec.lock` resolved, each with its `version:` (a package is a two-space
  /// key under `packages:`, its version a four-space `version: "1.0.1"` below it).
  static func pubVersions(_ lock: String) -> [String: String] {
    var versions: [String: String] = [:]
    var package: String?
    // `\r\n` is one Character: lines split on either ending.
    for line in lock.split(whereSeparator: \.isNewline) {
      let indent = line.prefix { $0 == " " }.count
      let content = line.dropFirst(indent)
      if indent == 2, content.hasSuffix(":") {
        package = String(content.dropLast())
      } else if indent == 4, content.hasPrefix("version:"), let name = package {
        versions[name] = String(content.dropFirst(8).filter { ![" ", "\"", "'"].contains($0) })
      } else if indent < 2 {
        package = nil
      }
    }
    return versions
  }
}
