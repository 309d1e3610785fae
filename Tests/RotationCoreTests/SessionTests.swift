import Foundation
import RotationCore
import Testing

/// The session the window shows, apart from it: actions, edits, Undo and Redo, and what counts as
/// unsaved, each held to what a person would expect of an editor.
@Suite struct SessionTests {
  /// Seed 000's push, from its file: launch, push LandscapeRightVC, pop; step 3 shown.
  func opened() throws -> Session {
    let scenario = try bundledScenario("seed000-push.json")
    return Session(history: History(scenario: scenario), filePath: "/tmp/seed000-push.json")
  }

  func events(_ session: Session) -> [String] { session.history.events.map(\.label) }

  @Test func aSessionFromAFileIsSavedAndOneWithoutAFileIsNot() throws {
    let session = try opened()
    #expect(!session.dirty)
    #expect(session.history.shown == 3)
    #expect(session.undoStack.canUndo == false)
    let imported = Session(history: session.history, filePath: nil)
    #expect(imported.dirty)
    #expect(imported.filePath == nil)
  }

  @Test func anActionOnAnEarlierStepReplacesTheLaterOnesAndUndoPutsThemBack() throws {
    var session = try opened()
    session.show(step: 1)
    session.act(.rotateDevice(.landscapeLeft))
    #expect(events(session) == ["launch", "rotate device to landscapeLeft"])
    #expect(session.history.shown == 2)
    #expect(session.dirty)
    #expect(session.undoStack.undoLabel == "rotate device to landscapeLeft")
    let undoing = session.undo()
    let undone = try #require(undoing)
    #expect(undone.label == "rotate device to landscapeLeft")
    #expect(events(session) == ["launch", "push LandscapeRightVC", "pop"])
    #expect(session.history.shown == 1)
    // Back to what the file holds: nothing is unsaved.
    #expect(!session.dirty)
    #expect(session.redo() != nil)
    #expect(events(session) == ["launch", "rotate device to landscapeLeft"])
    #expect(session.dirty)
  }

  @Test func aRefusedEditLeavesTheSessionAsItWas() throws {
    var session = try opened()
    let before = session.state
    // Removing a class the tree uses is refused by the edit itself…
    let removal = session.change("Remove Class") { (scenario, _) throws(EditError) in
      try scenario.removeClass("NavVC")
    }
    guard case .refused(let reason) = removal else {
      Issue.record("removing the root's class was taken: \(removal)")
      return
    }
    #expect(reason.hasPrefix("NavVC cannot be removed while it is used"))
    // …and one whose result would not load is refused too: a step pushes a class that is gone.
    let refused = session.change("Drop LandscapeRightVC") { scenario, _ in
      scenario.classes.removeAll { $0.name == "LandscapeRightVC" }
    }
    guard case .refused = refused else {
      Issue.record("a scenario whose step pushes a missing class was taken: \(refused)")
      return
    }
    #expect(session.state == before)
    #expect(!session.undoStack.canUndo)
    #expect(!session.dirty)
    #expect(session.change("Nothing") { _, _ in } == .unchanged)
    #expect(!session.undoStack.canUndo)
  }

  @Test func anEditSaysFromWhichStepTheOutcomeChanges() throws {
    var session = try opened()
    // The pushed page no longer forces a rotation: only steps 2 and 3 can change.
    let outcome = session.change("Portrait page") { scenario, _ in
      scenario.updateClass("LandscapeRightVC") { $0.hooks = [] }
    }
    #expect(outcome == .changed(firstChangedStep: 2))
    #expect(session.dirty)
    #expect(session.history.shown == 3)
    // A mask edit the run never asks about changes no step.
    let quiet = session.change("Wider page") { scenario, _ in
      scenario.updateClass("ViewController") { $0.preferredInterfaceOrientationForPresentation = nil }
    }
    #expect(quiet == .changed(firstChangedStep: nil))
    #expect(session.undoStack.undoLabel == "Wider page")
    _ = session.undo()
    _ = session.undo()
    #expect(!session.dirty)
    #expect(session.state.scenario == (try bundledScenario("seed000-push.json")))
  }

  @Test func savingMakesTheSessionCleanAndUndoPastTheSaveDirtyAgain() throws {
    var session = try opened()
    session.act(.rotateDevice(.landscapeRight))
    #expect(session.dirty)
    session.saved(to: "/tmp/elsewhere.json")
    #expect(!session.dirty)
    #expect(session.filePath == "/tmp/elsewhere.json")
    #expect(session.scenarioToSave.steps.map(\.label).last == "rotate device to landscapeRight")
    _ = session.undo()
    #expect(session.dirty, "the saved file has the rotation; the session no longer does")
    _ = session.redo()
    #expect(!session.dirty)
    // A new change forgets what was undone.
    _ = session.undo()
    session.act(.pop)
    #expect(!session.undoStack.canRedo)
  }
}
