import Foundation
import RotationCore
import Testing

@testable import RotationLabApp

/// The window's menus carry each event as data: the target of a window action (`win.act`,
/// `win.insert-step`…) is the event in its scenario-file form, read back against the session's
/// scenario when the item is chosen. Every event a menu offers for a bundled scenario must come
/// back as itself; an event the scenario does not declare is refused with where and why.
@MainActor
@Suite struct EventMenuTests {
  static let scenarios: [URL] = {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Assets/scenarios")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted().map { folder.appendingPathComponent($0) }
  }()

  func events(_ entries: [EventEntry]) -> [Action] {
    entries.flatMap { entry -> [Action] in
      switch entry {
      case .item(_, let event): [event]
      case .submenu(_, let children): events(children)
      }
    }
  }

  /// What the action bar and the step edits offer for `scenario`.
  func offered(_ scenario: Scenario) -> [Action] {
    events(
      EventMenu.everyEvent(scenario) + EventMenu.pushes(scenario) + EventMenu.presentations(scenario)
        + EventMenu.windowEvents(scenario) + EventMenu.rotations + EventMenu.forcings)
  }

  @Test func everyEventAMenuOffersComesBackFromItsTarget() throws {
    #expect(Self.scenarios.count >= 20)
    var checked = 0
    for file in Self.scenarios {
      let scenario = try ScenarioDecoder.load(path: file.path)
      for event in offered(scenario) {
        let back = try ScenarioDecoder.event(text: event.stepText, in: scenario)
        #expect(back == event, "\(file.lastPathComponent): \(event.stepText) came back as \(back.stepText)")
        checked += 1
      }
    }
    // Pushes, presentations in every style, windows, tabs, flags: hundreds of events.
    #expect(checked > 500)
  }

  @Test func aTargetTheScenarioDoesNotDeclareIsRefusedWithItsPath() throws {
    let file = try #require(Self.scenarios.first { $0.lastPathComponent == "seed000-push.json" })
    let scenario = try ScenarioDecoder.load(path: file.path)
    #expect(
      try ScenarioDecoder.event(text: #"{"push": "LandscapeRightVC"}"#, in: scenario)
        == .push(Node(className: "LandscapeRightVC")))
    do {
      _ = try ScenarioDecoder.event(text: #"{"push": "NoSuchVC"}"#, in: scenario)
      Issue.record("an undeclared class was taken")
    } catch {
      #expect(error.description.contains("step.push"), "\(error.description)")
      #expect(error.description.contains("NoSuchVC"))
    }
    do {
      _ = try ScenarioDecoder.event(text: #"{"setFlag": "noSuchFlag", "to": true}"#, in: scenario)
      Issue.record("an undeclared flag was taken")
    } catch {
      #expect(error.description.contains("noSuchFlag"))
    }
    do {
      _ = try ScenarioDecoder.event(text: "{\"push\": ", in: scenario)
      Issue.record("broken JSON was taken")
    } catch {
      #expect(error.description.contains("invalid JSON"))
    }
  }
}
