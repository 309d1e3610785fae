import Foundation
import RotationCore
import Testing

/// The package's root folder, found from this file's path so that tests run from any directory.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

/// A bundled scenario under `Assets/scenarios/`.
func bundledScenario(_ name: String) throws -> Scenario {
  try ScenarioDecoder.load(path: packageRoot.appendingPathComponent("Assets/scenarios/\(name)").path)
}

/// Every bundled scenario file name.
func bundledScenarioNames() throws -> [String] {
  try FileManager.default.contentsOfDirectory(
    atPath: packageRoot.appendingPathComponent("Assets/scenarios").path
  )
  .filter { $0.hasSuffix(".json") }.sorted()
}

/// Decodes a scenario written inline in a test; `body` is the JSON members after `format`.
func scenario(_ body: String) throws -> Scenario {
  try ScenarioDecoder.decode(text: "{\"format\": \"rotation-lab.scenario/1\", \(body)}")
}

/// Runs a scenario's steps.
func run(_ body: String) throws -> [Step] {
  Simulator.run(try scenario(body))
}

extension Step {
  /// The NSLog view: only calls the app's own classes implement, as `-[Class selector]`.
  var loggedSignatures: [String] { calls.filter(\.overridden).map(\.signature) }
  var allSignatures: [String] { calls.map(\.signature) }

  func calls(to signature: String) -> [Call] { calls.filter { $0.signature == signature } }
}

/// The distinct entries of `list` in order of first appearance (the seeds' conformance rule).
func firstAppearances(_ list: [String]) -> [String] {
  var seen = Set<String>()
  return list.filter { seen.insert($0).inserted }
}

/// The pieces the app's-code test suites write their scenarios with: a phone on iOS 13 (Home
/// button) or 15, the Info.plist's three orientations, and a code object (CodeAnswerTests.code).
protocol CodeScenarioFixtures {}

extension CodeScenarioFixtures {
  static var phone13: String { CodeActionTests.phone13 }
  static var phone15: String {
    "\"system\": {\"version\": \"15.0\", \"idiom\": \"phone\", \"homeButton\": false}"
  }
  static var plist: String { CodeActionTests.plist }

  static func code(_ source: String, _ language: String = "swift", parameters: [String] = []) -> String {
    CodeAnswerTests.code(source, language, parameters: parameters)
  }

  /// A code object with its parameters' types.
  static func typed(_ code: String, _ types: [String]) -> String {
    String(code.dropLast()) + ", \"parameterTypes\": [" + types.map { "\"\($0)\"" }.joined(separator: ", ")
      + "]}"
  }
}
