import Foundation
import RotationCore

/// `fix_ms`: the median time `rotation-lab fix` takes on the bundled scenarios of public reports,
/// each given the wish its reporter had (as the fix tests do: the bundled files themselves hold).
extension Bench {
  static let wishes:
    [(file: String, expectations: [Expectation], prepare: @Sendable (inout Scenario) -> Void)] = [
      ("seed001-fix-without-preferred.json", [Expectation(step: 4, exception: .some(nil))], { _ in }),
      (
        "ios16-request-fails-stale-cache.json",
        [Expectation(step: 3, interface: [.landscapeRight], error: .some(nil))],
        { _ in }
      ),
      ("ipad-multitasking.json", [Expectation(step: 2, interface: [.portrait])], { _ in }),
      (
        "plugin-lock-to-landscape-ios16.json",
        [Expectation(step: 2, interface: [.landscapeLeft, .landscapeRight])], { _ in }
      ),
      ("alert-over-a-portrait-screen.json", [Expectation(step: 3, exception: .some(nil))], { _ in }),
      ("photo-picker-in-a-landscape-app.json", [Expectation(step: 2, exception: .some(nil))], { _ in }),
      // Two that need the pair search: a side menu and its navigation controller that do not forward.
      (
        "container-drawer-forwards-to-center.json",
        [Expectation(step: 2, interface: [.portrait]), Expectation(step: 5, interface: [.landscapeRight])],
        { scenario in
          scenario.updateClass("DrawerController") { $0.supportedInterfaceOrientations = nil }
          scenario.updateClass("CenterNavigationController") { $0.supportedInterfaceOrientations = nil }
        }
      ),
    ]

  static func fixFigure() -> Figure {
    var samples: [Double] = []
    var found = 0
    for wish in wishes {
      guard var scenario = try? ScenarioDecoder.load(path: scenariosFolder + "/" + wish.file) else {
        continue
      }
      scenario.expectations = wish.expectations
      wish.prepare(&scenario)
      var times: [Double] = []
      for _ in 0..<5 {
        let start = now()
        let outcome = FixSearch.search(scenario)
        times.append(now() - start)
        if times.count == 1 && !outcome.fixes.isEmpty { found += 1 }
      }
      samples.append(median(times))
    }
    return Figure(
      name: "fix_ms", value: samples.isEmpty ? nil : median(samples) * 1000, unit: "ms", bound: 100,
      note: "median over \(samples.count) report wishes, a fix found for \(found); one needs the pair search")
  }
}
