// The fuzzer compiles the core and this module as one module, without RotationCore.
#if canImport(RotationCore)
  import RotationCore
#endif

/// The whole import: PATH is an `.xcodeproj` (or its `project.pbxproj`), a folder, an Info.plist,
/// a storyboard or xib, or a Swift / Objective-C file. A project or folder is read whole: the
/// app target's settings and Info.plist, the storyboards, and the code; the window's root is the
/// one the code assigns (`window.rootViewController = …`), else the main storyboard's initial
/// controller. Every class the tree, a segue or the code names becomes a scenario class with
/// what its code (and its base classes, and UIKit extensions) override.
public enum AppImport {
  /// Limits per file kind, in bytes.
  static let sourceLimit = 4 << 20
  static let storyboardLimit = 64 << 20

  /// The result's scenario is the one its file loads as (the frameworks' controllers and the
  /// plugins' mask state injected), so the window shows what `rotation-lab import` writes.
  public static func load(path written: String) throws(ImportError) -> ImportResult {
    var result = try read(path: written)
    result.scenario = try verify(result.scenario, file: PathName.last(written))
    return result
  }

  /// The scenario must load as the file `rotation-lab import` writes: a scenario that does not is
  /// the importer's bug, said as one instead of written.
  @discardableResult
  static func verify(_ scenario: Scenario, file: String) throws(ImportError) -> Scenario {
    do {
      return try ScenarioDecoder.decode(text: ScenarioEncoder.text(scenario))
    } catch {
      throw ImportError(
        file: file,
        message: tr("the import made a scenario that does not load (an importer bug): %s", error.description))
    }
  }

  static func read(path written: String) throws(ImportError) -> ImportResult {
    var path = written
    while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
    let last = PathName.last(path)
    if last.hasSuffix(".plist") { return try InfoPlistImport.load(path: path) }
    if last.hasSuffix(".xcodeproj") || last == "project.pbxproj" {
      let project = last == "project.pbxproj" ? PathName.folder(path) : path
      return try importProject(project, root: PathName.folder(project))
    }
    if SourceFolder.isFolder(path) {
      let folder = SourceFolder(root: path)
      if let project = folder.projects.first(where: { !$0.shown.contains("/") }) ?? folder.projects.first {
        var result = try importProject(project.path, root: PathName.folder(project.path), walked: folder)
        // A cross-platform app keeps its Xcode project in ios/ beside its manifests.
        FrameworkImport.apply(folder: PathName.folder(project.path), plists: folder.plists, to: &result)
        return result
      }
      return try importFolder(path, folder: folder)
    }
    if last.hasSuffix(".storyboard") || last.hasSuffix(".xib")
      || [".swift", ".m", ".mm", ".h"].contains(where: last.hasSuffix)
    {
      // Read once: the assembly takes these bytes instead of reading the file again.
      let bytes = try SourceFolder.read(path, shown: last, maxBytes: storyboardLimit, kind: tr("files"))
      var folder = SourceFolder()
      let found = SourceFolder.Found(path: path, shown: last)
      if last.hasSuffix(".storyboard") || last.hasSuffix(".xib") {
        folder.storyboards = [found]
      } else {
        folder.sources = [found]
      }
      return try importFolder(path, folder: folder, single: true, bytes: [path: bytes])
    }
    throw ImportError(
      file: path,
      message: tr(
        "expected an Xcode project (.xcodeproj), a folder, an Info.plist, a storyboard or xib, or a Swift or Objective-C file"
      ))
  }

  static func importProject(_ project: String, root: String, walked: SourceFolder? = nil) throws(ImportError)
    -> ImportResult
  {
    var settings = try ProjectImport.load(path: project)
    let folder = walked ?? SourceFolder(root: root.isEmpty ? "." : root)
    var assembly = Assembly(folder: folder)
    assembly.report = settings.report
    assembly.report.facts += folder.report.facts
    assembly.report.assumptions += folder.report.assumptions
    settings.scenario = assembly.build(
      base: settings.scenario, mainStoryboard: settings.mainStoryboard,
      mainSource: settings.mainStoryboardSource)
    return ImportResult(scenario: settings.scenario, report: assembly.report.oneLinePerFact)
  }

  /// A folder with no Xcode project, or one storyboard or source file.
  /// `bytes`: files already read, by path.
  static func importFolder(
    _ path: String, folder: SourceFolder, single: Bool = false, bytes: [String: [UInt8]] = [:]
  ) throws(ImportError) -> ImportResult {
    var assembly = Assembly(folder: folder)
    assembly.memory = bytes
    assembly.report = folder.report
    var base: ImportResult?
    // The app's own Info.plist: named so exactly, else one that ends in -Info.plist, never a
    // service's configuration (GoogleService-Info.plist).
    let candidates = folder.plists.filter { !PathName.last($0.path).hasPrefix("GoogleService") }
    if let plist = candidates.first(where: { PathName.last($0.path) == "Info.plist" }) ?? candidates.first {
      do {
        base = try InfoPlistImport.load(path: plist.path, displayName: plist.shown)
      } catch {
        assembly.report.assumptions.append(.init(file: plist.shown, line: nil, text: error.message))
      }
      assembly.report.facts += base?.report.facts ?? []
      assembly.report.assumptions += base?.report.assumptions ?? []
    } else if !single {
      assembly.report.assumptions.append(
        .init(
          file: PathName.last(path), line: nil,
          text: tr(
            "no Xcode project and no Info.plist: iOS 13 on an iPhone, and the idiom's default orientations")))
    }
    let scenario =
      base?.scenario
      ?? Scenario(
        title: "", system: SystemConfig(version: SystemVersion("13.0")!, idiom: .phone, homeButton: true),
        device: DeviceConfig(orientation: .portrait, orientationLock: false), app: AppConfig(), classes: [],
        window: Node(className: "UIViewController"), steps: [.launch])
    var built = assembly.build(
      base: scenario, mainStoryboard: base?.mainStoryboard, mainSource: base?.mainStoryboardSource)
    guard assembly.usable || base != nil else {
      // One file that could not be read says why; else what was missing.
      let why = assembly.report.assumptions.lazy.compactMap { ImportReport.whyNotRead($0.text) }.first
      throw ImportError(
        file: PathName.last(path),
        message: why
          ?? (single
            ? tr("nothing usable: no view controller class and no storyboard controller in it")
            : tr(
              "nothing usable: no Xcode project, Info.plist, storyboard or view controller code in the folder"
            ))
      )
    }
    built.title = tr("Imported from %s", PathName.last(path))
    return ImportResult(scenario: built, report: assembly.report.oneLinePerFact)
  }
}

extension SourceFolder {
  /// An empty walk, for a single file.
  init() {}
}
