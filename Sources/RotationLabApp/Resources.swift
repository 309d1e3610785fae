import FoundationEssentials
import Glibc

/// Finds the bundled scenarios: installed under `<prefix>/share/<binary name>/scenarios`, or in the
/// source tree's `Assets/scenarios` when run from a build folder, or where
/// `ROTATION_LAB_DATA_DIR` says.
public enum Resources {
  public static let defaultScenario = "seed000-present.json"

  public static var scenariosDirectory: String? {
    var candidates: [String] = []
    if let custom = getenv("ROTATION_LAB_DATA_DIR") {
      candidates.append(String(cString: custom) + "/scenarios")
    }
    let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
    var folder = executable.deletingLastPathComponent()
    candidates.append(
      folder.deletingLastPathComponent().appendingPathComponent("share/rotation-lab/scenarios").path)
    for _ in 0..<6 {
      candidates.append(folder.appendingPathComponent("Assets/scenarios").path)
      folder = folder.deletingLastPathComponent()
    }
    candidates.append(FileManager.default.currentDirectoryPath + "/Assets/scenarios")
    return candidates.first { FileManager.default.fileExists(atPath: $0 + "/" + defaultScenario) }
  }

  /// The scenario the app opens with.
  public static var defaultScenarioPath: String? {
    scenariosDirectory.map { $0 + "/" + defaultScenario }
  }

  /// Every bundled scenario, by file name.
  public static var bundledScenarios: [String] {
    guard let folder = scenariosDirectory,
      let names = try? FileManager.default.contentsOfDirectory(atPath: folder)
    else { return [] }
    return names.filter { $0.hasSuffix(".json") }.sorted().map { folder + "/" + $0 }
  }
}
