import CGtk
import RotationCore

/// The steps' edits, under the timeline: insert an event after or before the shown step, change the shown
/// step's event, remove it, move it. Launch, the first step, stays where it is. Each control stands
/// for a window action (`win.insert-step` with an event as its target, `win.remove-step`…), which
/// decides when it applies.
@MainActor
final class StepEditBar {
  let widget = EditBar.row()
  let insert = EditBar.menuButton(
    tr("Insert Step"), tooltip: tr("Insert an event after the shown step"), icon: "list-add-symbolic")
  let insertBefore = EditBar.menuButton(
    tr("Insert Step Before"), tooltip: tr("Insert an event before the shown step"),
    icon: "insert-object-symbolic")
  let change = EditBar.menuButton(
    tr("Change Step"), tooltip: tr("Replace the shown step's event"), icon: "document-edit-symbolic")
  let remove = EditBar.iconButton(
    tr("Remove Step"), tooltip: tr("Remove the shown step"), icon: "list-remove-symbolic")
  let up = EditBar.iconButton(
    tr("Move Step Up"), tooltip: tr("Move the shown step one place earlier"), icon: "go-up-symbolic")
  let down = EditBar.iconButton(
    tr("Move Step Down"), tooltip: tr("Move the shown step one place later"), icon: "go-down-symbolic")

  init() {
    name(widget, tr("Step Edits"))
    for control in [insert, insertBefore, change, remove, up, down] { pack(widget, control) }
    bind(remove, to: .removeStep)
    bind(up, to: .moveStepUp)
    bind(down, to: .moveStepDown)
  }

  /// The menus list the scenario's events: made when the scenario changes (as the action bar's).
  func rebuildMenus(_ scenario: Scenario) {
    let events = EventMenu.everyEvent(scenario)
    EventMenu.set(insert, events, action: .insertStep)
    EventMenu.set(insertBefore, events, action: .insertStepBefore)
    EventMenu.set(change, events, action: .changeStep)
  }

  /// What cannot apply to the shown step is insensitive: the menu buttons here (a menu button
  /// has no action of its own), as their items' actions are.
  func refresh(_ history: History) {
    let shown = history.shown
    setSensitive(insertBefore, shown > 1)
    setSensitive(change, shown > 1)
  }
}
