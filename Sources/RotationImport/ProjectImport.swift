import FoundationEssentials

// The fuzzer compiles the core and this module as one module, without RotationCore.
#if canImport(RotationCore)
  import RotationCore
#endif

/// An Xcode project (`App.xcodeproj`, or its `project.pbxproj`) into a scenario: the app target's
/// build settings that Xcode 13+ turns into Info.plist keys (`INFOPLIST_KEY_…`), the device family
/// and deployment target, and the target's own Info.plist file when it names one. The pbxproj is
/// an old-style (OpenStep) property list, which FoundationEssentials' PropertyListDecoder reads.
public enum ProjectImport {
  /// One value of `buildSettings`: a string, or a list of strings.
  enum Setting: Decodable {
    case text(String)
    case list([String])

    init(from decoder: Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let text = try? container.decode(String.self) {
        self = .text(text)
      } else {
        self = .list(try container.decode([String].self))
      }
    }

    var words: [String] {
      switch self {
      case .text(let text): return text.split(separator: " ").map(String.init)
      case .list(let list): return list
      }
    }

    var text: String {
      switch self {
      case .text(let text): return text
      case .list(let list): return list.joined(separator: " ")
      }
    }
  }

  /// The fields of the objects the import reads; others decode to nils.
  struct Object: Decodable {
    var isa: String
    var name: String?
    var productType: String?
    var buildConfigurationList: String?
    var buildConfigurations: [String]?
    var defaultConfigurationName: String?
    var buildSettings: [String: Setting]?
  }

  struct Project: Decodable {
    var objects: [String: Object]
    var rootObject: String
  }

  public static func load(path: String) throws(ImportError) -> ImportResult {
    let file = path.hasSuffix(".xcodeproj") ? path + "/project.pbxproj" : path
    let shown =
      PathName.last(path.hasSuffix(".xcodeproj") ? path : PathName.folder(path)) + "/project.pbxproj"
    return try read(
      try SourceFolder.read(file, shown: shown, kind: tr("project files")), file: shown, path: path)
  }

  /// A project file's bytes; `path` is where it is, for the Info.plist it names (nil: not read,
  /// as the fuzzer does).
  public static func read(_ bytes: [UInt8], file shown: String, path: String?) throws(ImportError)
    -> ImportResult
  {
    let project: Project
    do {
      project = try PropertyListDecoder().decode(Project.self, from: Data(bytes))
    } catch {
      throw ImportError(
        file: shown, message: tr("not an Xcode project file (an old-style property list with objects)"))
    }
    // The first application target, in file order of its id (the project's own order is not kept
    // by the decoder; ids sort stably).
    let targets = project.objects.filter {
      $0.value.isa == "PBXNativeTarget" && $0.value.productType == "com.apple.product-type.application"
    }
    .sorted { $0.key < $1.key }
    guard let (_, target) = targets.first else {
      throw ImportError(file: shown, message: tr("has no application target (PBXNativeTarget of an app)"))
    }
    let targetName = target.name ?? tr("the app")
    guard let listID = target.buildConfigurationList, let list = project.objects[listID],
      let configurationIDs = list.buildConfigurations, !configurationIDs.isEmpty
    else {
      throw ImportError(file: shown, message: tr("the target %s has no build configurations", targetName))
    }
    let configurations = configurationIDs.compactMap { id in project.objects[id].map { (id, $0) } }
    guard
      let chosen = configurations.first(where: { $0.1.name == (list.defaultConfigurationName ?? "Release") })
        ?? configurations.first
    else {
      throw ImportError(
        file: shown, message: tr("the target %s's build configurations are not in the file", targetName))
    }
    // The target's settings win over the project's (Xcode's own order), configuration by name.
    var settings = chosen.1.buildSettings ?? [:]
    var lines = SettingLines(bytes, after: chosen.0)
    if let projectList = project.objects[project.rootObject]?.buildConfigurationList,
      let projectIDs = project.objects[projectList]?.buildConfigurations,
      let projectID = projectIDs.first(where: { project.objects[$0]?.name == chosen.1.name }),
      let projectSettings = project.objects[projectID]?.buildSettings
    {
      let projectLines = SettingLines(bytes, after: projectID)
      for (key, value) in projectSettings where settings[key] == nil {
        settings[key] = value
        lines.lines[key] = projectLines[key]
      }
    }

    var report = ImportReport()
    func fact(_ key: String, _ text: String) {
      report.facts.append(.init(file: shown, line: lines[key], text: text))
    }
    func assume(_ key: String?, _ text: String) {
      report.assumptions.append(.init(file: shown, line: key.flatMap { lines[$0] }, text: text))
    }
    report.facts.append(
      .init(
        file: shown, line: nil,
        text: chosen.1.name.map { tr("the application target %s, %s configuration", targetName, $0) }
          ?? tr("the application target %s, its first configuration configuration", targetName)))

    // The device family and deployment target first: they choose which Info.plist list counts.
    var system = SystemConfig(version: SystemVersion("13.0")!, idiom: .phone, homeButton: true)
    if let family = settings["TARGETED_DEVICE_FAMILY"]?.text {
      let numbers = family.split(separator: ",").map { String($0).trimmingWhitespace() }
      let pad = numbers.contains("2") && !numbers.contains("1")
      system.idiom = pad ? .pad : .phone
      let both = numbers.contains("1") && numbers.contains("2")
      fact(
        "TARGETED_DEVICE_FAMILY",
        both
          ? tr("TARGETED_DEVICE_FAMILY %s: iPhone and iPad, modelled on an iPhone", family)
          : "TARGETED_DEVICE_FAMILY \(family): " + (pad ? "iPad" : "iPhone"))
    } else {
      assume(nil, tr("no TARGETED_DEVICE_FAMILY: an iPhone app"))
    }
    if let target = settings["IPHONEOS_DEPLOYMENT_TARGET"]?.text, let version = SystemVersion(target),
      version.major >= 6
    {
      system.version = version
      fact(
        "IPHONEOS_DEPLOYMENT_TARGET",
        tr("IPHONEOS_DEPLOYMENT_TARGET %s: the scenario runs on iOS %s", target, version.text))
    } else {
      assume(
        nil, tr("no usable IPHONEOS_DEPLOYMENT_TARGET: iOS %s, the format's default", system.version.text))
    }
    // A classic Info.plist file next; the build settings' keys win where both say something.
    var result: ImportResult?
    if let plist = settings["INFOPLIST_FILE"]?.text, !plist.isEmpty, let path {
      let root = PathName.folder(path.hasSuffix(".xcodeproj") ? path : PathName.folder(path))
      let resolved = plist.replacing("$(SRCROOT)/", with: "").replacing("${SRCROOT}/", with: "")
      let plistPath = (root.isEmpty ? "" : root + "/") + resolved
      do {
        result = try InfoPlistImport.load(path: plistPath, displayName: resolved, known: system)
        fact("INFOPLIST_FILE", tr("INFOPLIST_FILE %s: read", plist))
      } catch {
        assume(
          "INFOPLIST_FILE",
          tr("INFOPLIST_FILE %s cannot be read (%s): its keys are not known", plist, error.message))
      }
    }
    var scenario =
      result?.scenario
      ?? Scenario(
        title: "", system: system, device: DeviceConfig(orientation: .portrait, orientationLock: false),
        app: AppConfig(), classes: [], window: Node(className: "UIViewController"), steps: [.launch])
    scenario.title = tr("Imported from %s (%s)", targetName, PathName.last(path ?? shown))
    let idiomKey =
      scenario.system.idiom == .pad
      ? "INFOPLIST_KEY_UISupportedInterfaceOrientations_iPad"
      : "INFOPLIST_KEY_UISupportedInterfaceOrientations_iPhone"
    if let words = (settings[idiomKey] ?? settings["INFOPLIST_KEY_UISupportedInterfaceOrientations"])?.words {
      let key = settings[idiomKey] != nil ? idiomKey : "INFOPLIST_KEY_UISupportedInterfaceOrientations"
      let list = interfaceOrientations(words) { written in
        assume(key, tr("%s lists \"%s\", which is not an interface orientation: left out", key, written))
      }
      if !list.isEmpty {
        scenario.app.infoPlist = list
        fact(key, "\(key): \(list.map(\.name).joined(separator: ", "))")
      }
    } else if result?.scenario.app.infoPlist == nil {
      assume(
        nil,
        tr("no supported orientations in the build settings or an Info.plist: the idiom's default applies"))
    }
    if settings["GENERATE_INFOPLIST_FILE"]?.text == "YES" {
      fact(
        "GENERATE_INFOPLIST_FILE",
        tr("GENERATE_INFOPLIST_FILE YES: Xcode makes the Info.plist from the INFOPLIST_KEY_ settings"))
    }
    if settings["INFOPLIST_KEY_UIApplicationSceneManifest_Generation"]?.text == "YES" {
      scenario.app.sceneLifecycle = true
      fact(
        "INFOPLIST_KEY_UIApplicationSceneManifest_Generation",
        tr("a scene-based app (%s)", "INFOPLIST_KEY_UIApplicationSceneManifest_Generation"))
    }
    if let full = settings["INFOPLIST_KEY_UIRequiresFullScreen"]?.text {
      scenario.app.requiresFullScreen = full == "YES"
      fact("INFOPLIST_KEY_UIRequiresFullScreen", "INFOPLIST_KEY_UIRequiresFullScreen \(full)")
    }
    var main = result?.mainStoryboard.map { ($0, result?.mainStoryboardSource) }
    if let storyboard = settings["INFOPLIST_KEY_UIMainStoryboardFile"]?.text, main == nil {
      let key = "INFOPLIST_KEY_UIMainStoryboardFile"
      fact(key, tr("%s %s: the app launches with that storyboard", key, storyboard))
      main = (storyboard, .init(file: shown, line: lines[key], text: ""))
    }
    report.facts += result?.report.facts ?? []
    report.assumptions += result?.report.assumptions ?? []
    return ImportResult(
      scenario: scenario, report: report, mainStoryboard: main?.0, mainStoryboardSource: main?.1)
  }

  /// The line of each build setting of one configuration: the first `NAME =` after the line that
  /// opens the configuration's object.
  struct SettingLines {
    var lines: [String: Int] = [:]

    init(_ bytes: [UInt8], after id: String) {
      let text = String(decoding: bytes, as: UTF8.self)
      var started = false
      for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
        if !started {
          started = trimmed.hasPrefix(id)
          continue
        }
        if trimmed.hasPrefix("name = ") { break }  // the configuration's object ends with its name
        guard let equals = trimmed.firstIndex(of: "=") else { continue }
        var key = String(trimmed[..<equals]).trimmingWhitespace()
        if key.hasPrefix("\""), key.hasSuffix("\""), key.count >= 2 {
          key = String(key.dropFirst().dropLast())
        }
        if lines[key] == nil { lines[key] = index + 1 }
      }
    }

    subscript(key: String) -> Int? { lines[key] }
  }
}
