import Foundation
import RotationCore
import RotationRender
import Testing

/// Golden images of the bundled scenarios, compared per pixel with a small tolerance.
/// Re-record with `RECORD_GOLDENS=1 swift test --filter RenderGoldenTests` (the run fails on
/// purpose), then look at every changed image before committing it.
@Suite struct RenderGoldenTests {
  struct Golden: Sendable, CustomTestStringConvertible {
    let scenario: String
    let step: Int
    let panel: DiagramPanel
    var palette: Palette = .light
    var name: String {
      "\(scenario.replacingOccurrences(of: ".json", with: ""))-step\(step)\(panel == .all ? "" : "-\(panel.rawValue)")"
        + (palette == .light ? "" : "-\(palette.name)")
    }
    var testDescription: String { name }
  }

  static let goldens: [Golden] = [
    Golden(scenario: "seed000-launch-and-rotate.json", step: 1, panel: .all),
    Golden(scenario: "seed000-launch-and-rotate.json", step: 2, panel: .all),
    Golden(scenario: "seed000-push.json", step: 2, panel: .all),
    Golden(scenario: "seed000-present.json", step: 2, panel: .all),
    Golden(scenario: "seed000-tab-bar.json", step: 1, panel: .all),
    Golden(scenario: "seed001-video-call-parent-returns-no.json", step: 5, panel: .all),
    Golden(scenario: "seed001-fix-without-preferred.json", step: 4, panel: .all),
    Golden(scenario: "seed002-tab-navigation-forwarding.json", step: 2, panel: .all),
    Golden(scenario: "seed003-visible-selected-attempt.json", step: 7, panel: .all),
    Golden(scenario: "seed004-orientation-lock.json", step: 2, panel: .all),
    Golden(scenario: "seed004-empty-intersection.json", step: 1, panel: .all),
    Golden(scenario: "seed004-default-masks-ipad.json", step: 3, panel: .all),
    Golden(scenario: "seed004-landscape-after-pop.json", step: 4, panel: .all),
    Golden(scenario: "seed000-present.json", step: 2, panel: .tree),
    Golden(scenario: "seed000-present.json", step: 2, panel: .device),
    Golden(scenario: "seed000-present.json", step: 2, panel: .masks),
    Golden(scenario: "seed000-present.json", step: 2, panel: .calls),
    // The structures of real apps: a side menu, a split view, an alert, a second window.
    Golden(scenario: "container-drawer-forwards-to-center.json", step: 2, panel: .all),
    Golden(scenario: "split-view-reader-stays-landscape.json", step: 3, panel: .all),
    Golden(scenario: "alert-over-a-portrait-screen.json", step: 3, panel: .all),
    Golden(scenario: "second-window-video-player.json", step: 3, panel: .all),
    Golden(scenario: "page-view-pages-are-not-asked.json", step: 2, panel: .tree),
    // iPadOS 26: the orientation lock granted while driving (effectiveGeometry's line in the panel).
    Golden(scenario: "ipados26-driving-game-locks.json", step: 4, panel: .masks),
    // The dark variant: each panel, and a crash (the banner and the exception's colours).
    Golden(scenario: "seed000-present.json", step: 2, panel: .tree, palette: .dark),
    Golden(scenario: "seed000-present.json", step: 2, panel: .device, palette: .dark),
    Golden(scenario: "seed000-present.json", step: 2, panel: .masks, palette: .dark),
    Golden(scenario: "seed000-present.json", step: 2, panel: .calls, palette: .dark),
    Golden(scenario: "seed001-fix-without-preferred.json", step: 4, panel: .all, palette: .dark),
    Golden(scenario: "alert-over-a-portrait-screen.json", step: 3, panel: .all, palette: .dark),
  ]

  @Test(arguments: goldens)
  func diagramMatchesItsGolden(_ golden: Golden) throws {
    let diagram = try model(golden.scenario, step: golden.step)
    let bytes = try Exporter.render(
      diagram, options: DiagramOptions(panel: golden.panel, palette: golden.palette), format: .png)
    let url = snapshots.appendingPathComponent(golden.name + ".png")
    if recording || !FileManager.default.fileExists(atPath: url.path) {
      try FileManager.default.createDirectory(at: snapshots, withIntermediateDirectories: true)
      try Data(bytes).write(to: url)
      // Recording fails the run, as snapshot libraries do: a forgotten RECORD_GOLDENS=1 must not
      // turn a suite green.
      Issue.record(
        recording
          ? "RECORD_GOLDENS=1: recorded \(url.lastPathComponent); look at it, commit it, run again without it"
          : "recorded a missing golden \(url.lastPathComponent); look at it and commit it")
      return
    }
    let actual = try #require(Pixels(pngBytes: bytes, scratch: golden.name))
    let expected = try #require(Pixels(png: url))
    if let difference = compare(actual, expected) {
      let failed = FileManager.default.temporaryDirectory.appendingPathComponent(golden.name + ".actual.png")
      try Data(bytes).write(to: failed)
      Issue.record("\(golden.name): \(difference); the new image is at \(failed.path)")
    }
  }

  @Test func aGoldenComparisonNoticesAChangedStep() throws {
    // The push step and the launch step of the same scenario must not pass for each other.
    let launch = try renderPixels(try model("seed000-push.json", step: 1), options: DiagramOptions())
    let push = try renderPixels(try model("seed000-push.json", step: 2), options: DiagramOptions())
    #expect(compare(launch, push) != nil)
  }
}
