import Foundation
import RotationCore
import Testing

/// Malformed and hostile scenario files: each is refused with a message naming the file, the JSON
/// path and what was expected, and nothing crashes. Runtime abuse (endless hooks and methods)
/// becomes a step that records the limit.
@Suite final class HostileInputTests {
  /// The scratch folders this test made, removed when it ends (a suite class's `deinit` runs after
  /// each test): a test leaves nothing behind in /tmp.
  private var made: [URL] = []

  deinit { for folder in made { try? FileManager.default.removeItem(at: folder) } }

  static let folder = packageRoot.appendingPathComponent("Tests/RotationCoreTests/Fixtures/hostile")

  struct Case: Sendable, CustomTestStringConvertible {
    let file: String
    let path: String?
    let message: String
    var testDescription: String { file }
  }

  struct FixtureError: Error, CustomStringConvertible { let description: String }

  /// Every entry of expected.json; a malformed entry is an error, not a skipped case.
  static func cases() throws -> [Case] {
    let data = try Data(contentsOf: folder.appendingPathComponent("expected.json"))
    guard case .array(let items)? = try JSONParser.parse([UInt8](data))["cases"] else {
      throw FixtureError(description: "expected.json has no \"cases\" array")
    }
    return try items.enumerated().map { index, item in
      guard case .string(let file)? = item["file"], case .string(let message)? = item["message"],
        !message.isEmpty
      else {
        throw FixtureError(description: "expected.json cases[\(index)] needs a string file and message")
      }
      switch item["path"] {
      case .string(let value)?: return Case(file: file, path: value, message: message)
      case .null?, nil: return Case(file: file, path: nil, message: message)
      default: throw FixtureError(description: "expected.json cases[\(index)].path must be a string or null")
      }
    }
  }

  @Test func everyFixtureFileHasExactlyOneCase() throws {
    let listed = try Self.cases().map(\.file)
    let present = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
      .filter { $0 != "expected.json" }
    #expect(listed.count == 53)
    #expect(Set(listed).count == listed.count, "a file is listed twice")
    #expect(Set(listed) == Set(present), "fixture files without a case, or cases without a file")
  }

  @Test(arguments: try cases())
  func eachFileIsRefusedWithItsMessage(_ testCase: Case) throws {
    let url = Self.folder.appendingPathComponent(testCase.file)
    do {
      _ = try ScenarioDecoder.load(path: url.path, displayName: testCase.file)
      Issue.record("\(testCase.file) was accepted")
    } catch {
      #expect(error.file == testCase.file)
      #expect(error.path == testCase.path, "\(error)")
      #expect(error.message.contains(testCase.message), "\(error)")
      #expect(error.description.hasPrefix(testCase.file + (testCase.path == nil ? ":" : ": ")))
    }
  }

  func scratch(_ name: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "rl-hostile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    made.append(folder)
    return folder.appendingPathComponent(name)
  }

  @Test func aTreeNested100000DeepIsALimitNotAStackOverflow() throws {
    let depth = 100_000
    var text =
      #"{"format": "rotation-lab.scenario/1", "classes": {"Nav": {"kind": "navigation"}}, "window": {"root": "#
    text += String(repeating: #"{"class": "Nav", "stack": ["#, count: depth)
    text += String(repeating: "]}", count: depth) + "}}"
    let url = try scratch("deep.json")
    try Data(text.utf8).write(to: url)
    do {
      _ = try ScenarioDecoder.load(path: url.path, displayName: "deep.json")
      Issue.record("accepted")
    } catch {
      #expect(error.message == "invalid JSON: nesting deeper than \(JSONParser.defaultMaxDepth) levels")
      #expect(error.line == 1)
    }
  }

  @Test func a100MegabyteFileIsRefusedByItsSize() throws {
    let url = try scratch("huge.json")
    FileManager.default.createFile(atPath: url.path, contents: nil)
    let handle = try FileHandle(forWritingTo: url)
    try handle.truncate(atOffset: 100 * 1024 * 1024)  // sparse: nothing is written or read
    try handle.close()
    do {
      _ = try ScenarioDecoder.load(path: url.path, displayName: "huge.json")
      Issue.record("accepted")
    } catch {
      #expect(
        error.description
          == "huge.json: the file is 104857600 bytes; scenario files are limited to \(ScenarioDecoder.maxFileBytes) bytes"
      )
    }
  }

  @Test func tooManyControllersIsALimit() throws {
    let pages = Array(repeating: #"{"class": "P"}"#, count: ScenarioDecoder.maxControllers + 1).joined(
      separator: ",")
    let text =
      #"{"format": "rotation-lab.scenario/1", "classes": {"Nav": {"kind": "navigation"}, "P": {"kind": "view"}}, "#
      + #""window": {"root": {"class": "Nav", "stack": ["# + pages + "]}}}"
    do {
      _ = try ScenarioDecoder.decode(text: text)
      Issue.record("accepted")
    } catch {
      #expect(error.message.contains("more than \(ScenarioDecoder.maxControllers) controllers"))
    }
  }

  @Test func methodsThatCallEachOtherForeverStopAtTheDepthLimit() throws {
    let steps = try run(
      """
      "classes": {"V": {"kind": "view", "methods": {"ping": [{"call": "pong"}], "pong": [{"call": "ping"}]}}},
      "window": {"root": {"class": "V"}}, "steps": ["launch", {"call": "ping"}, {"rotateDevice": "landscapeLeft"}]
      """)
    let limit = try #require(steps[1].limit)
    #expect(limit.text.contains("Stopped at call depth \(Simulator.maxDepth)"))
    #expect(steps[1].status == .ran)
    #expect(steps[2].status == .ran)  // the app goes on: a limit is not an exception
  }

  @Test func hooksThatPushForeverStopAtALimit() throws {
    let steps = try run(
      """
      "classes": {"Nav": {"kind": "navigation"}, "Echo": {"kind": "view", "viewWillAppear:": [{"push": "Echo"}]}},
      "window": {"root": {"class": "Nav", "stack": [{"class": "Echo"}]}}
      """)
    let limit = try #require(steps[0].limit)
    #expect(limit.text.hasPrefix("Stopped"))
    #expect(steps[0].reason == limit)
  }
}
