import Foundation
import RotationCore
import Testing

/// Runs the real `rotation-lab` binary, as a user or CI would.
struct Invocation {
  var status: Int32
  var output: String
  var errors: String
}

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

/// The built executable beside the test bundle.
func rotationLabBinary() throws -> URL {
  let candidates = [
    Bundle.main.bundleURL.appendingPathComponent("rotation-lab"),
    Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("rotation-lab"),
    Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent("rotation-lab"),
  ].compactMap { $0 }
  guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
    throw CocoaError(
      .fileNoSuchFile, userInfo: [NSFilePathErrorKey: candidates.map(\.path).joined(separator: ", ")])
  }
  return found
}

/// The environment the binary runs in: this process's, with the language fixed to English
/// (`LANGUAGE`, `LC_ALL` and `LANG`), so that a developer's locale cannot change what a test reads;
/// `overrides` are set after that (a test of the Chinese texts sets `LANGUAGE` itself).
func fixedEnvironment(_ overrides: [String: String] = [:]) -> [String: String] {
  var environment = ProcessInfo.processInfo.environment
  for key in environment.keys where key.hasPrefix("LC_") { environment[key] = nil }
  environment["LANGUAGE"] = "en"
  environment["LC_ALL"] = "C.UTF-8"
  environment["LANG"] = "C.UTF-8"
  environment.merge(overrides) { _, new in new }
  return environment
}

/// Runs the binary and reads its two streams at the same time: read one after the other, a
/// child that fills the other pipe (64 KiB) would wait for it forever, and so would the test.
func rotationLab(
  _ arguments: [String], in directory: URL = packageRoot, environment: [String: String] = [:]
) throws -> Invocation {
  let process = Process()
  process.executableURL = try rotationLabBinary()
  process.arguments = arguments
  process.currentDirectoryURL = directory
  process.environment = fixedEnvironment(environment)
  let out = Pipe()
  let err = Pipe()
  process.standardOutput = out
  process.standardError = err
  try process.run()
  let errors = StreamReader(err.fileHandleForReading)
  let outData = out.fileHandleForReading.readDataToEndOfFile()
  let errData = errors.wait()
  process.waitUntilExit()
  return Invocation(
    status: process.terminationStatus, output: String(decoding: outData, as: UTF8.self),
    errors: String(decoding: errData, as: UTF8.self))
}

/// Reads a stream to its end on a thread of its own.
final class StreamReader: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private var data = Data()

  init(_ handle: FileHandle) {
    Thread.detachNewThread { [self] in
      data = handle.readDataToEndOfFile()
      done.signal()
    }
  }

  /// Everything the stream carried, once it has closed.
  func wait() -> Data {
    done.wait()
    return data
  }
}

func temporaryDirectory(_ name: String) throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("rotation-lab-\(name)-\(getpid())")
  try? FileManager.default.removeItem(at: url)
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

@Suite struct CommandLineTests {
  @Test func traceprintsTheCallOrderInNSLogForm() throws {
    let result = try rotationLab(["trace", "Assets/scenarios/seed000-push.json"])
    #expect(result.status == 0)
    #expect(result.errors.isEmpty)
    let lines = result.output.split(separator: "\n").map(String.init)
    let step2 = try #require(lines.firstIndex(of: "Step 2: push LandscapeRightVC"))
    #expect(lines[step2 + 1].hasSuffix("-[ViewController viewWillDisappear:]"))
    #expect(lines[step2 + 2].hasSuffix("-[LandscapeRightVC viewWillAppear:]"))
    #expect(lines[step2 + 3].hasSuffix("  -[LandscapeRightVC switchToLandscapeRight]"))
    #expect(result.output.contains("-[NavVC supportedInterfaceOrientations] -> allButUpsideDown"))
    #expect(result.output.contains("-[ViewController viewDidDisappear:]  (UIKit default)"))
    #expect(result.output.contains("result: device landscapeRight (held portrait), interface landscapeLeft"))
  }

  @Test func traceJSONHasTheDocumentedShape() throws {
    let result = try rotationLab(["trace", "Assets/scenarios/seed001-fix-without-preferred.json", "--json"])
    #expect(result.status == 0)
    let document = try JSONParser.parse(result.output)
    guard case .array(let steps)? = document["steps"] else {
      Issue.record("no steps array")
      return
    }
    #expect(steps.count == 5)
    for step in steps {
      for key in [
        "event", "calls", "deviceOrientation", "interfaceOrientation", "masks", "reason", "notifications",
        "console",
        "exception",
      ] {
        #expect(step[key] != nil, "missing \(key)")
      }
    }
    guard case .array(let calls)? = steps[0]["calls"], let first = calls.first else {
      Issue.record("no calls")
      return
    }
    #expect(first["receiver"] != nil && first["selector"] != nil && first["answer"] != nil)
    #expect(first["overridden"] == .bool(true) || first["overridden"] == .bool(false))
    #expect(steps[3]["exception"]?["name"] == .string("UIApplicationInvalidInterfaceOrientation"))
    #expect(steps[4]["status"] == .string("notRun"))
    #expect(steps[1]["masks"]?["intersection"]?["raw"] == .number(26))
  }

  @Test func aModelledExceptionIsAResultNotAFailure() throws {
    let result = try rotationLab(["trace", "Assets/scenarios/seed004-empty-intersection.json"])
    #expect(result.status == 0)
    #expect(
      result.output.contains(
        "*** Terminating app due to uncaught exception 'UIApplicationInvalidInterfaceOrientation', reason: 'Supported orientations has no common orientation with the application, and [LandscapeGameViewController shouldAutorotate] is returning YES'"
      ))
    #expect(result.output.contains("Step 2: rotate device to landscapeLeft  [not run]"))
  }

  @Test func aMalformedScenarioExitsWithStatusTwoAndOneClearMessage() throws {
    let directory = try temporaryDirectory("malformed")
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data(
      """
      {"format": "rotation-lab.scenario/1",
       "classes": {"NavVC": {"kind": "navigation", "supportedInterfaceOrientations": "sideways"}},
       "window": {"root": {"class": "NavVC"}}}
      """.utf8
    ).write(to: directory.appendingPathComponent("broken.json"))
    for command in ["trace", "validate"] {
      let result = try rotationLab([command, "broken.json"], in: directory)
      #expect(result.status == 2)
      #expect(result.output.isEmpty)
      let lines = result.errors.split(separator: "\n")
      #expect(lines.count == 1)
      #expect(
        lines.first?.hasPrefix(
          "rotation-lab: broken.json: classes.NavVC.supportedInterfaceOrientations: expected a mask") == true)
      #expect(result.errors.contains("found \"sideways\""))
    }
  }

  @Test func unreadableFilesExitWithStatusTwo() throws {
    let missing = try rotationLab(["trace", "no-such-file.json"])
    #expect(missing.status == 2)
    #expect(missing.errors == "rotation-lab: no-such-file.json: no such file\n")
    let directory = try rotationLab(["validate", "Assets"])
    #expect(directory.status == 2)
    #expect(directory.errors.contains("is a directory"))
  }

  @Test func validateReportsAValidFile() throws {
    let result = try rotationLab(["validate", "Assets/scenarios/seed002-tab-navigation-forwarding.json"])
    #expect(result.status == 0)
    #expect(
      result.output == "Assets/scenarios/seed002-tab-navigation-forwarding.json: valid (5 classes, 5 steps)\n"
    )
  }

  @Test func helpAndVersionWorkEverywhere() throws {
    for arguments in [["--help"], ["help"], ["trace", "--help"], ["validate", "-h"], ["help", "trace"]] {
      let result = try rotationLab(arguments)
      #expect(result.status == 0, "\(arguments)")
      #expect(result.output.hasPrefix("Usage: rotation-lab"), "\(arguments)")
    }
    let version = try rotationLab(["--version"])
    #expect(version.status == 0)
    #expect(version.output.hasPrefix("rotation-lab "))
  }

  @Test func badCommandLinesExitWithStatus64() throws {
    for arguments in [
      ["frobnicate"], ["trace"], ["trace", "a.json", "b.json"], ["trace", "a.json", "--svg"],
    ] {
      let result = try rotationLab(arguments)
      #expect(result.status == 64, "\(arguments)")
      #expect(result.errors.hasPrefix("rotation-lab: "), "\(arguments)")
    }
  }
}

@Suite struct HostileFilesOnTheCommandLineTests {
  @Test func everyHostileFileExitsWithStatusTwoAndOneLine() throws {
    let folder = packageRoot.appendingPathComponent("Tests/RotationCoreTests/Fixtures/hostile")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasSuffix(".json") && $0 != "expected.json"
    }
    #expect(files.count == 53)
    for file in files.sorted() {
      let result = try rotationLab(["trace", file], in: folder)
      #expect(result.status == 2, "\(file)")
      #expect(result.output.isEmpty, "\(file)")
      #expect(result.errors.hasPrefix("rotation-lab: \(file)"), "\(file): \(result.errors)")
      #expect(result.errors.split(separator: "\n").count == 1, "\(file): \(result.errors)")
    }
  }
}
