import Foundation
import Glibc
import RotationCore
import Testing

@testable import RotationImport

/// Inputs made to break an importer: each ends in a clear report line or error, never a crash or
/// a hang. The files are made here, in a scratch folder, so that the repository holds no 50 MB file.
@Suite final class HostileImportTests {
  /// The scratch folders this test made, removed when it ends (a suite class's `deinit` runs after
  /// each test): a test leaves nothing behind in /tmp.
  private var made: [URL] = []

  deinit { for folder in made { try? FileManager.default.removeItem(at: folder) } }

  func scratch() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    made.append(folder)
    return folder
  }

  func write(_ text: String, _ name: String, in folder: URL) throws {
    let url = folder.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  static let storyboardHead =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" "
    + "version=\"3.0\" initialViewController=\"root\">\n<scenes>\n"

  @Test func binaryGarbageNamedAsAStoryboardIsAClearError() throws {
    let folder = try scratch()
    var bytes = [UInt8](repeating: 0, count: 4096)
    for index in bytes.indices { bytes[index] = UInt8(truncatingIfNeeded: index &* 7919 &+ 13) }
    try Data(bytes).write(to: folder.appendingPathComponent("Main.storyboard"))
    #expect {
      try AppImport.load(path: folder.appendingPathComponent("Main.storyboard").path)
    } throws: { error in
      let description = (error as? ImportError)?.description ?? ""
      return description.hasPrefix("Main.storyboard: line ")
        && description.contains("not well-formed XML (libxml2: ")
    }
  }

  @Test func aFiftyMegabyteStoryboardIsReadWithItsControllersCut() throws {
    let folder = try scratch()
    // The initial tab bar controller holds 400,000 tabs: 50 MB of storyboard.
    var text =
      Self.storyboardHead + "<scene sceneID=\"s\"><objects><tabBarController id=\"root\"><connections>\n"
    let count = 400_000
    text.reserveCapacity(60 << 20)
    for index in 0..<count {
      text +=
        "<segue destination=\"v\(index)\" kind=\"relationship\" relationship=\"viewControllers\" id=\"g\(index)\"/>\n"
    }
    text += "</connections></tabBarController></objects></scene>\n"
    for index in 0..<count {
      text += "<scene><objects><viewController id=\"v\(index)\"/></objects></scene>\n"
    }
    text += "</scenes></document>\n"
    #expect(text.utf8.count > 50_000_000)
    try write(text, "Main.storyboard", in: folder)
    let result = try AppImport.load(path: folder.appendingPathComponent("Main.storyboard").path)
    #expect(result.scenario.window.tabs.count == StoryboardTree.maximumControllers - 1)
    #expect(
      result.report.assumptions.contains {
        $0.text == "more than \(StoryboardTree.maximumControllers) controllers: the rest are cut from here"
      })
  }

  @Test func entitiesAreNeitherExpandedNorLoaded() throws {
    let folder = try scratch()
    // A billion laughs, and an external entity naming a file that would be read if entities were loaded.
    var laughs = "<!DOCTYPE document [<!ENTITY l0 \"ha\">"
    for level in 1...12 {
      laughs += "<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: 10) + "\">"
    }
    laughs += "<!ENTITY secret SYSTEM \"file:///etc/hostname\">]>\n"
    let document =
      "<?xml version=\"1.0\"?>\n" + laughs
      + "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" initialViewController=\"root\">"
      + "<scenes><scene><objects><viewController id=\"root\" customClass=\"HomeVC\" userLabel=\"&l12;&secret;\"/>"
      + "</objects></scene></scenes></document>\n"
    try write(document, "Main.storyboard", in: folder)
    let started = ContinuousClock.now
    let outcome = Result { try AppImport.load(path: folder.appendingPathComponent("Main.storyboard").path) }
    // No expansion: the answer comes at once (a billion laughs expanded would take minutes and gigabytes).
    #expect(ContinuousClock.now - started < .seconds(10))
    switch outcome {
    case .success(let result): #expect(result.scenario.window.className == "HomeVC")
    case .failure(let error): #expect((error as? ImportError)?.description.contains("libxml2") == true)
    }
  }

  @Test func deepNestingEndsInLibxml2sLimit() throws {
    let folder = try scratch()
    let depth = 100_000
    let text =
      Self.storyboardHead + String(repeating: "<view>", count: depth)
      + String(repeating: "</view>", count: depth)
      + "</scenes></document>\n"
    try write(text, "Deep.storyboard", in: folder)
    #expect {
      try AppImport.load(path: folder.appendingPathComponent("Deep.storyboard").path)
    } throws: { error in
      (error as? ImportError)?.description.contains("Deep.storyboard: line 4: not well-formed XML (libxml2: ")
        == true
    }
  }

  @Test func aSymbolicLinkLoopAndLinksThatLeadNowhereAreReportedNotFollowed() throws {
    let folder = try scratch()
    try write("import UIKit\nclass HomeVC: UIViewController {}\n", "App/HomeVC.swift", in: folder)
    #expect(symlink(".", folder.appendingPathComponent("App/loop").path) == 0)
    #expect(symlink("nowhere.swift", folder.appendingPathComponent("App/Gone.swift").path) == 0)
    #expect(mkfifo(folder.appendingPathComponent("App/Pipe.swift").path, 0o600) == 0)
    // A file whose read fails even for root: the kernel answers EIO for /proc/self/mem at 0.
    #expect(symlink("/proc/self/mem", folder.appendingPathComponent("App/Memory.swift").path) == 0)
    let result = try AppImport.load(path: folder.path)
    let assumed = result.report.assumptions.map(\.description)
    #expect(assumed.contains("App/loop: a symbolic link to a folder: not followed (it could loop)"))
    #expect(assumed.contains("App/Gone.swift: a symbolic link that leads nowhere: skipped"))
    #expect(assumed.contains("App/Pipe.swift: not a regular file (a pipe, socket or device): not read"))
    #expect(assumed.contains { $0.hasPrefix("App/Memory.swift: cannot be read (") })
    #expect(result.scenario.classes.map(\.name) == ["HomeVC"])
  }

  @Test func aPipeNamedOnTheCommandLineIsRefusedNotWaitedFor() throws {
    let folder = try scratch()
    for name in ["Pipe.swift", "Pipe.storyboard", "Info.plist"] {
      #expect(mkfifo(folder.appendingPathComponent(name).path, 0o600) == 0)
      #expect {
        try AppImport.load(path: folder.appendingPathComponent(name).path)
      } throws: { error in
        (error as? ImportError)?.description.hasSuffix(
          "\(name): not a regular file (a pipe, socket or device): not read")
          == true
      }
    }
  }

  @Test func sourceThatIsNotUTF8IsReadAndSaidSo() throws {
    let folder = try scratch()
    var bytes =
      Array("import UIKit\n// caf".utf8) + [0xE9, 0xFF] + Array("\nclass HomeVC: UIViewController {\n".utf8)
    bytes += Array("  override var shouldAutorotate: Bool { false }\n}\n".utf8)
    try Data(bytes).write(to: folder.appendingPathComponent("HomeVC.swift"))
    let result = try AppImport.load(path: folder.appendingPathComponent("HomeVC.swift").path)
    #expect(result.scenario.classes.first?.shouldAutorotate == .value(.literal(false)))
    #expect(
      result.report.assumptions.map(\.description).contains(
        "HomeVC.swift:2: is not UTF-8 here: undecodable bytes are read as U+FFFD"))
  }

  /// Found by the fuzzer: a window kept in a property whose name has bytes that are not UTF-8
  /// (read as U+FFFD) is no window the format can name; the import leaves it out and loads.
  @Test func aWindowPropertyNameThatIsNotUTF8IsLeftOut() throws {
    let folder = try scratch()
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/window-name-not-utf8.swift.txt")
    try FileManager.default.copyItem(at: fixture, to: folder.appendingPathComponent("App.swift"))
    let result = try AppImport.load(path: folder.appendingPathComponent("App.swift").path)
    #expect(result.scenario.windows.allSatisfy { ScenarioDecoder.isIdentifier($0.name) })
  }

  @Test func unterminatedCommentsAndStringsEndTheFileAndAreSaid() throws {
    let folder = try scratch()
    try write(
      "class A: UIViewController {\n  let s = \"open\n}\n/* never closed\nclass B: UIViewController {}\n",
      "A.swift",
      in: folder)
    let result = try AppImport.load(path: folder.appendingPathComponent("A.swift").path)
    let assumed = result.report.assumptions.map(\.description)
    #expect(assumed.contains("A.swift:2: a string that opens here does not close on its line"))
    #expect(
      assumed.contains("A.swift:4: a comment that opens here never closes: the rest of the file is not read"))
    #expect(result.scenario.classes.map(\.name) == ["A"])
  }

  @Test func deeplyNestedCodeIsCutNotOverflowed() throws {
    let folder = try scratch()
    let depth = 20_000
    var text = String(repeating: "class Inner: UIViewController {\n", count: depth)
    text += String(repeating: "}\n", count: depth)
    text +=
      "class A: UIViewController {\n  override var supportedInterfaceOrientations: UIInterfaceOrientationMask {\n"
    text +=
      "    return " + String(repeating: "(", count: depth) + ".portrait"
      + String(repeating: ")", count: depth) + "\n  }\n"
    text += "  override var shouldAutorotate: Bool {\n"
    text += String(repeating: "    if flag { return true } else ", count: 2_000) + "{ return false }\n  }\n"
    text += "  override var preferredInterfaceOrientationForPresentation: UIInterfaceOrientation {\n    "
    text +=
      String(repeating: "flag ? .portrait : (", count: 3_000) + ".landscapeLeft"
      + String(repeating: ")", count: 3_000)
    text += "\n  }\n}\n"
    try write(text, "Deep.swift", in: folder)
    let started = ContinuousClock.now
    let result = try AppImport.load(path: folder.appendingPathComponent("Deep.swift").path)
    #expect(ContinuousClock.now - started < .seconds(20))
    let a = try #require(result.scenario.classes.first(where: { $0.name == "A" }))
    // Kept as code; run, each is cut at the lowering's bound and its answer is UIKit's default,
    // said so, and the run comes back (no stack overflow).
    guard case .value(.code)? = a.shouldAutorotate, case .value(.code)? = a.supportedInterfaceOrientations
    else {
      Issue.record("the deep answers are not kept as code")
      return
    }
    var scenario = result.scenario
    scenario.window = Node(className: "A")
    let steps = Simulator.run(scenario)
    let calls = steps[0].calls.filter { $0.receiver == "A" }
    let supported = try #require(calls.first { $0.selector == "supportedInterfaceOrientations" })
    #expect(supported.answer == "allButUpsideDown")
    #expect(supported.note?.text.contains("nested more than 100 levels deep") == true)
  }

  /// Found by the fuzzer: a branch that forwards when the top is a class that is no controller (its
  /// superclass misspelled) named a class the scenario does not have, and the scenario did not load.
  @Test func aBranchOnATopThatIsNoControllerIsPrunedAndTheScenarioLoads() throws {
    let folder = try scratch()
    try write(
      "class Gallery: UINavigationController {\n"
        + "  override var supportedInterfaceOrientations: UIInterfaceOrientationMask {\n"
        + "    if topViewController is Photo { return topViewController?.supportedInterfaceOrientations ?? .portrait }\n"
        + "    return .portrait\n  }\n}\nclass Photo: UIViewContholler {\n"
        + "  override var supportedInterfaceOrientations: UIInterfaceOrientationMask { mask() }\n}\n",
      "App/Gallery.swift", in: folder)
    let result = try AppImport.load(path: folder.path)
    let text = ScenarioEncoder.text(result.scenario)
    #expect(!text.contains("\"Photo\""))
    _ = try ScenarioDecoder.decode(text: text)
    #expect(result.report.text.contains("a test of the controller on top for it never holds"))
  }

  @Test func anEmptyFolderHasNothingUsable() throws {
    let folder = try scratch()
    #expect {
      try AppImport.load(path: folder.path)
    } throws: { error in
      (error as? ImportError)?.message
        == "nothing usable: no Xcode project, Info.plist, storyboard or view controller code in the folder"
    }
  }
}
