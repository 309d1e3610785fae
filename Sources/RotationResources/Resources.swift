import FoundationEssentials
import Glibc
import RotationCore

/// Finds the bundled data — `scenarios/` and `ui/` — where meson installed it
/// (`BuildConfiguration.dataDirectory`, or `<prefix>/share/<binary name>` beside the executable),
/// in the source tree's `Assets` when run from a build folder, or where `ROTATION_LAB_DATA_DIR`
/// says.
public enum Resources {
  public static let defaultScenario = "seed000-present.json"

  /// The folder holding `scenarios/` and `ui/`.
  public static let dataDirectory: String? = {
    // The environment first; then the installed layout beside the executable; then a source
    // tree the executable was built in (so an uninstalled build uses its own data, not an older
    // install's); then where meson installs; then the working folder's source tree.
    var candidates: [String] = []
    if let custom = getenv("ROTATION_LAB_DATA_DIR") { candidates.append(String(cString: custom)) }
    let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
    var folder = executable.deletingLastPathComponent()
    candidates.append(
      folder.deletingLastPathComponent().appendingPathComponent("share/\(executable.lastPathComponent)").path)
    for _ in 0..<6 {
      candidates.append(folder.appendingPathComponent("Assets").path)
      folder = folder.deletingLastPathComponent()
    }
    if let installed = BuildConfiguration.dataDirectory { candidates.append(installed) }
    candidates.append(FileManager.default.currentDirectoryPath + "/Assets")
    return candidates.first { FileManager.default.fileExists(atPath: $0 + "/scenarios/" + defaultScenario) }
  }()

  public static var scenariosDirectory: String? { dataDirectory.map { $0 + "/scenarios" } }

  /// The folder of the compiled translations (`<language>/LC_MESSAGES/rotation-lab.mo`): where
  /// `ROTATION_LAB_LOCALE_DIR` says; `share/locale` beside the executable's folder, as installed;
  /// a `locale` folder in one of the executable's folders (`.build/locale`, which scripts/run and
  /// the end-to-end tests compile from `po/`); else where meson installs them.
  public static let localeDirectory: String? = {
    var candidates: [String] = []
    if let custom = getenv("ROTATION_LAB_LOCALE_DIR") { candidates.append(String(cString: custom)) }
    let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
    var folder = executable.deletingLastPathComponent()
    candidates.append(folder.deletingLastPathComponent().appendingPathComponent("share/locale").path)
    for _ in 0..<3 {
      candidates.append(folder.appendingPathComponent("locale").path)
      folder = folder.deletingLastPathComponent()
    }
    if let installed = BuildConfiguration.localeDirectory { candidates.append(installed) }
    return candidates.first { access($0, F_OK) == 0 }
  }()

  /// A bundled file by its path under the data folder (`ui/shortcuts.ui`), if it exists.
  public static func file(_ relativePath: String) -> String? {
    guard let path = dataDirectory.map({ $0 + "/" + relativePath }),
      FileManager.default.fileExists(atPath: path)
    else { return nil }
    return path
  }

  /// The scenario the app opens with.
  public static var defaultScenarioPath: String? {
    scenariosDirectory.map { $0 + "/" + defaultScenario }
  }

  /// Every bundled scenario, by path, sorted by file name.
  public static var bundledScenarios: [String] {
    guard let folder = scenariosDirectory,
      let names = try? FileManager.default.contentsOfDirectory(atPath: folder)
    else { return [] }
    return names.filter { $0.hasSuffix(".json") }.sorted().map { folder + "/" + $0 }
  }

  /// The bundled scenario named `name` (`seed000-present`, with or without `.json`), if there is
  /// one. Callers try it only when no file of that name exists.
  public static func bundledScenario(named name: String) -> String? {
    guard !name.contains("/"), !name.isEmpty else { return nil }
    let file = name.hasSuffix(".json") ? name : name + ".json"
    return bundledScenarios.first { PathName.last($0) == file }
  }

  /// `path` if a file is there, else the bundled scenario of that name, else `path` unchanged
  /// (so that reading it reports the missing file).
  public static func scenarioPath(_ path: String) -> String {
    if access(path, F_OK) == 0 { return path }
    return bundledScenario(named: path) ?? path
  }
}
