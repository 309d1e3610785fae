import FoundationEssentials

// The fuzzer compiles the core and this module as one module, without RotationCore.
#if canImport(RotationCore)
  import RotationCore
#endif

/// An `Info.plist` (XML or binary) into a scenario: the supported orientations (the iPad variant
/// for an iPad app), `UIRequiresFullScreen`, the device family and the minimum system version. An
/// Info.plist says nothing of the controllers, so the window's root is UIKit's `UIViewController`,
/// and the report says so.
public enum InfoPlistImport {
  /// The keys read, as the decoder sees them.
  struct Keys: Decodable {
    var orientations: [String]?
    var padOrientations: [String]?
    var requiresFullScreen: Bool?
    var requiresFullScreenIgnoredFrom: String?
    var deviceFamily: [Int]?
    var minimumVersion: String?
    var sceneManifest: Manifest?
    var mainStoryboard: String?

    struct Manifest: Decodable {
      var configurations: [String: [Configuration]]?

      struct Configuration: Decodable {
        var storyboard: String?
        var delegateClass: String?

        enum CodingKeys: String, CodingKey {
          case storyboard = "UISceneStoryboardFile"
          case delegateClass = "UISceneDelegateClassName"
        }
      }

      enum CodingKeys: String, CodingKey {
        case configurations = "UISceneConfigurations"
      }

      var application: Configuration? { configurations?["UIWindowSceneSessionRoleApplication"]?.first }
    }

    enum CodingKeys: String, CodingKey {
      case orientations = "UISupportedInterfaceOrientations"
      case padOrientations = "UISupportedInterfaceOrientations~ipad"
      case requiresFullScreen = "UIRequiresFullScreen"
      case requiresFullScreenIgnoredFrom = "UIRequiresFullScreenIgnoredStartingWithVersion"
      case deviceFamily = "UIDeviceFamily"
      case minimumVersion = "MinimumOSVersion"
      case sceneManifest = "UIApplicationSceneManifest"
      case mainStoryboard = "UIMainStoryboardFile"
    }
  }

  /// `known` carries what a project already said (its device family and deployment target), which
  /// then wins over the file and is not reported as assumed.
  public static func load(path: String, displayName: String? = nil, known: SystemConfig? = nil)
    throws(ImportError)
    -> ImportResult
  {
    let name = displayName ?? path
    return try read(
      try SourceFolder.read(path, shown: name, kind: tr("property lists")), file: name, known: known)
  }

  public static func read(_ bytes: [UInt8], file: String, known: SystemConfig? = nil) throws(ImportError)
    -> ImportResult
  {
    let keys: Keys
    do {
      keys = try PropertyListDecoder().decode(Keys.self, from: Data(bytes))
    } catch DecodingError.typeMismatch(_, let context) {
      let key = context.codingPath.map(\.stringValue).joined(separator: ".")
      throw ImportError(
        file: file,
        message: key.isEmpty
          ? tr("expected a property list whose top level is a dictionary")
          : "\(key): \(context.debugDescription.lowercasedFirstLetter)")
    } catch {
      throw ImportError(
        file: file, message: tr("not a property list (XML or binary) that PropertyListDecoder reads"))
    }
    let lines = KeyLines(bytes)
    var report = ImportReport()
    func fact(_ key: String, _ text: String) {
      report.facts.append(.init(file: file, line: lines[key], text: text))
    }
    func assume(_ key: String?, _ text: String) {
      report.assumptions.append(.init(file: file, line: key.flatMap { lines[$0] }, text: text))
    }

    var system = known ?? SystemConfig(version: SystemVersion("13.0")!, idiom: .phone, homeButton: true)
    if known != nil {
      // The project's settings say the device family and the system version.
    } else if let family = keys.deviceFamily {
      let pad = family.contains(2) && !family.contains(1)
      system.idiom = pad ? .pad : .phone
      fact(
        "UIDeviceFamily",
        "UIDeviceFamily \(family.map(String.init).joined(separator: ", ")): \(pad ? "iPad" : "iPhone")")
    } else {
      assume(
        nil,
        tr(
          "no UIDeviceFamily: an iPhone app (a project's TARGETED_DEVICE_FAMILY says which; import the project to know)"
        )
      )
    }
    if known != nil {
    } else if let text = keys.minimumVersion, let version = SystemVersion(text), version.major >= 6 {
      system.version = version
      fact("MinimumOSVersion", tr("MinimumOSVersion %s: the scenario runs on iOS %s", text, version.text))
    } else {
      assume(
        "MinimumOSVersion",
        tr("no usable MinimumOSVersion: iOS %s, the format's default", system.version.text))
    }

    var app = AppConfig()
    let key =
      system.idiom == .pad && keys.padOrientations != nil
      ? "UISupportedInterfaceOrientations~ipad" : "UISupportedInterfaceOrientations"
    if let names = system.idiom == .pad ? (keys.padOrientations ?? keys.orientations) : keys.orientations {
      let list = interfaceOrientations(names) { written in
        assume(key, tr("%s lists \"%s\", which is not an interface orientation: left out", key, written))
      }
      if list.isEmpty {
        assume(
          key, tr("%s lists no interface orientation: the key is taken as absent (the idiom's default)", key))
      } else {
        app.infoPlist = list
        fact(key, "\(key): \(list.map(\.name).joined(separator: ", "))")
      }
    } else {
      assume(
        nil,
        tr(
          "no UISupportedInterfaceOrientations: the idiom's default applies (%s)",
          PhraseStyle.citation(Rule("app-mask-default")))
      )
    }
    if let full = keys.requiresFullScreen {
      app.requiresFullScreen = full
      fact("UIRequiresFullScreen", "UIRequiresFullScreen \(full ? "YES" : "NO")")
    }
    if let text = keys.requiresFullScreenIgnoredFrom {
      if let version = SystemVersion(text), version.exists {
        app.requiresFullScreenIgnoredStartingWithVersion = version
        fact(
          "UIRequiresFullScreenIgnoredStartingWithVersion",
          tr(
            "UIRequiresFullScreenIgnoredStartingWithVersion %s: from iPadOS 26.2, UIRequiresFullScreen is ignored on %s and later",
            text, text))
      } else {
        assume(
          "UIRequiresFullScreenIgnoredStartingWithVersion",
          tr("UIRequiresFullScreenIgnoredStartingWithVersion %s is not a system version: left out", text))
      }
    }
    var main: (name: String, key: String)?
    if keys.sceneManifest == nil {
      // TN3187: without a scene manifest the app does not adopt the UIScene life cycle (unless its
      // app delegate configures scenes in code, which the code reader checks).
      app.sceneLifecycle = false
    }
    if let manifest = keys.sceneManifest {
      fact("UIApplicationSceneManifest", tr("a scene-based app (%s)", "UIApplicationSceneManifest"))
      if let storyboard = manifest.application?.storyboard { main = (storyboard, "UISceneStoryboardFile") }
    }
    if main == nil, let storyboard = keys.mainStoryboard { main = (storyboard, "UIMainStoryboardFile") }
    if let main { fact(main.key, tr("%s %s: the app launches with that storyboard", main.key, main.name)) }
    if known == nil { assume(nil, rootNote) }
    let scenario = Scenario(
      title: tr("Imported from %s", PathName.last(file)), system: system,
      device: DeviceConfig(orientation: .portrait, orientationLock: false), app: app, classes: [],
      window: Node(className: "UIViewController"), steps: [.launch])
    return ImportResult(
      scenario: scenario, report: report, mainStoryboard: main?.name,
      mainStoryboardSource: main.map { .init(file: file, line: lines[$0.key], text: "") })
  }

  /// What a lone Info.plist cannot say: the assembly drops it once storyboards or code give a root.
  static var rootNote: String {
    tr(
      "an Info.plist does not say which controllers the window holds: the root is UIKit's UIViewController (UIKit's defaults) unless the folder's storyboards or code say (import the folder or the project)"
    )
  }

  /// The line of each `<key>NAME</key>` in an XML property list (none for a binary one).
  struct KeyLines {
    var lines: [String: Int] = [:]

    init(_ bytes: [UInt8]) {
      guard !bytes.starts(with: Array("bplist".utf8)) else { return }
      var line = 1
      var index = 0
      let open = Array("<key>".utf8)
      let close = Array("</key>".utf8)
      while index < bytes.count {
        if bytes[index] == 0x0A {
          line += 1
        } else if bytes[index...].starts(with: open) {
          let start = index + open.count
          var end = start
          while end < bytes.count, !bytes[end...].starts(with: close), bytes[end] != 0x0A { end += 1 }
          if end < bytes.count, bytes[end] != 0x0A,
            let name = String(validating: bytes[start..<end], as: UTF8.self),
            lines[name] == nil
          {
            lines[name] = line
          }
          index = end
          continue
        }
        index += 1
      }
    }

    subscript(key: String) -> Int? { lines[key] }
  }
}

extension String {
  var lowercasedFirstLetter: String { prefix(1).lowercased() + dropFirst() }
}
