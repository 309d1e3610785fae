import Foundation
import RotationCore
import Testing

/// Seed 000 logged every orientation call with `NSLog(@"%s", __FUNCTION__)` in five experiments.
/// Each bundled scenario reproduces one set-up; its trace, reduced to the calls an NSLog would
/// show (overridden methods) and compared by order of first appearance of each distinct
/// `-[Class selector]`, must equal the log's — which also rules out any call the log never shows
/// (docs/rules.md#seed-conformance).
@Suite struct SeedConformanceTests {
  /// The log blocks of the seed article, in order, each a list of `-[Class selector]`.
  static func seedLogBlocks() throws -> [[String]] {
    let text = try String(
      contentsOf: packageRoot.appendingPathComponent("Tests/RotationCoreTests/Fixtures/seed-000.txt"),
      encoding: .utf8)
    var blocks: [[String]] = []
    var current: [String] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      // 2020-08-12 18:54:38.481 rotation[17319:3924945] -[AppDelegate application:supportedInterfaceOrientationsForWindow:]
      if line.contains(" rotation["), let start = line.range(of: "] -[") ?? line.range(of: "] +["),
        line.hasSuffix("]")
      {
        current.append(String(line[line.index(start.lowerBound, offsetBy: 2)...]))
      } else if !current.isEmpty {
        blocks.append(current)
        current = []
      }
    }
    if !current.isEmpty { blocks.append(current) }
    return blocks
  }

  struct Experiment: CustomTestStringConvertible, Sendable {
    let block: Int
    let name: String
    let scenario: String
    let step: Int
    var testDescription: String { name }
  }

  static let experiments = [
    Experiment(block: 0, name: "launch", scenario: "seed000-launch-and-rotate.json", step: 1),
    Experiment(block: 1, name: "manual rotation", scenario: "seed000-launch-and-rotate.json", step: 2),
    Experiment(block: 2, name: "push LandscapeRightVC", scenario: "seed000-push.json", step: 2),
    Experiment(
      block: 3, name: "present over a portrait-only NavVC", scenario: "seed000-present.json", step: 2),
    Experiment(block: 4, name: "tab bar root launch", scenario: "seed000-tab-bar.json", step: 1),
  ]

  @Test func theSeedHoldsFiveLogs() throws {
    let blocks = try Self.seedLogBlocks()
    #expect(blocks.count == 5)
    #expect(blocks.map(\.count) == [20, 11, 14, 20, 27])
  }

  @Test(arguments: experiments)
  func traceMatchesTheSeedLog(_ experiment: Experiment) throws {
    let log = try Self.seedLogBlocks()[experiment.block]
    let steps = Simulator.run(try bundledScenario(experiment.scenario))
    let step = try #require(steps.first(where: { $0.index == experiment.step }))
    #expect(step.status == .ran)
    #expect(firstAppearances(step.loggedSignatures) == firstAppearances(log))
  }

  @Test func pushIsDecidedByTheNavigationControllerAlone() throws {
    // Seed 000: "只調用了LandscapeRightVC的旋轉方向的方法，而supportedInterfaceOrientations、
    // shouldAutorotate方法均未調用，但屏幕方向確實已經橫屏了".
    let steps = Simulator.run(try bundledScenario("seed000-push.json"))
    let push = steps[1]
    #expect(push.calls(to: "-[LandscapeRightVC supportedInterfaceOrientations]").isEmpty)
    #expect(push.calls(to: "-[LandscapeRightVC shouldAutorotate]").isEmpty)
    #expect(push.interfaceOrientation.isLandscape)
    #expect(push.masks?.controllerClass == "NavVC")
  }

  @Test func presentTurnsUnderAPortraitOnlyStack() throws {
    // Seed 000: "通過present後確實已經橫屏 … 最終屏幕旋轉方向取決於被present出來的視圖容器所支持的屏幕方向".
    let steps = Simulator.run(try bundledScenario("seed000-present.json"))
    #expect(steps[1].interfaceOrientation == .landscapeLeft)
    #expect(steps[1].masks?.controllerClass == "LandscapeRightVC")
    #expect(steps[2].interfaceOrientation == .portrait)
  }

  @Test func aPortraitTabBarNeverTurnsItsLandscapeTab() throws {
    // Seed 000: "假如tabbar不支持橫屏，那麼子控制器無論如何旋轉都不會有效".
    let steps = Simulator.run(try bundledScenario("seed000-tab-bar.json"))
    #expect(steps.count == 3)
    #expect(steps.allSatisfy { $0.status == .ran && $0.interfaceOrientation == .portrait })
    #expect(steps[1].deviceOrientation == .landscapeLeft, "the device did turn")
  }
}
