import CGtk
import RotationCore
import RotationRender

/// The controller tree, drawn by the renderer: the deciding controller highlighted, the selected
/// class outlined (the selected controller, for the tree edits, more strongly). A click selects a
/// node; hovering shows its answers.
@MainActor
final class ControllerTreeView {
  let area: Widget
  private var model: DiagramModel?
  /// The class the inspector shows, outlined in the tree.
  var selectedClass: String? {
    didSet { gtk_widget_queue_draw(area) }
  }
  /// The controller the tree edits act on, where it hangs in the starting tree.
  var selectedPath: NodePath? {
    didSet { gtk_widget_queue_draw(area) }
  }

  /// `select` gets the id of the node a person clicked.
  init(select: @escaping @MainActor (Int) -> Void) {
    area = named(gtk_drawing_area_new(), tr("Controller Tree"))
    gtk_widget_add_events(area, Int32(GDK_BUTTON_PRESS_MASK.rawValue | GDK_POINTER_MOTION_MASK.rawValue))
    gtk_widget_set_can_focus(area, 1)
    onDraw(area, owner: self) { [unowned self] cr in self.draw(cr) }
    onEvent(area, .buttonPress, owner: self) { [unowned self] button in
      gtk_widget_grab_focus(self.area)
      if let node = self.node(atX: button.pointee.x, y: button.pointee.y) { select(node.id) }
      return true
    }
    // A motion event read as one (its x and y, not a button event's).
    onEvent(area, .motionNotify, owner: self) { [unowned self] motion in
      self.hover(x: motion.pointee.x, y: motion.pointee.y)
      return false
    }
  }

  func show(_ model: DiagramModel) {
    self.model = model
    gtk_widget_set_size_request(area, 340, Int32(TreePanel.height(for: model)))
    gtk_widget_queue_draw(area)
  }

  private var width: Double { Double(gtk_widget_get_allocated_width(area)) }

  private func draw(_ cr: OpaquePointer) {
    guard let model else { return }
    let canvas = Canvas(context: cr)
    let bounds = Rect(x: 0, y: 0, width: width, height: Double(gtk_widget_get_allocated_height(area)))
    canvas.fill(bounds, Theme.panel)
    TreePanel.draw(model, on: canvas, in: bounds)
    let layouts = TreePanel.layout(model, width: width)
    if let selectedPath,
      let index = model.tree.nodes.firstIndex(where: { model.tree.path(of: $0.id) == selectedPath })
    {
      canvas.stroke(layouts[index].box.insetBy(-3, -3), Theme.visible, width: 2, radius: 9)
    } else if let selectedClass,
      let index = model.tree.nodes.firstIndex(where: { $0.className == selectedClass })
    {
      canvas.stroke(
        layouts[index].box.insetBy(-3, -3), Theme.visible.withAlpha(0.6), width: 1.5, radius: 9, dash: [3, 2])
    }
  }

  private func node(atX x: Double, y: Double) -> TreeNodeSnapshot? {
    guard let model else { return nil }
    let layouts = TreePanel.layout(model, width: width)
    guard let index = layouts.firstIndex(where: { $0.box.contains(x: x, y: y) }) else { return nil }
    return model.tree.nodes[index]
  }

  private func hover(x: Double, y: Double) {
    guard let node = node(atX: x, y: y) else {
      gtk_widget_set_tooltip_text(area, nil)
      return
    }
    gtk_widget_set_tooltip_text(area, Self.tooltip(node))
  }

  /// A node's class, kind, three answers (and whether they are UIKit's defaults), forwarding,
  /// hooks and methods.
  static func tooltip(_ node: TreeNodeSnapshot) -> String {
    let answers = node.answers
    func origin(_ overridden: Bool) -> String { overridden ? "" : tr(" (UIKit default)") }
    var lines = ["\(node.className) (\(node.kind.uikitClass))"]
    lines.append(
      "shouldAutorotate → \(answers.shouldAutorotate ? "YES" : "NO")\(origin(answers.shouldAutorotateOverridden))"
    )
    lines.append(
      "supportedInterfaceOrientations → \(answers.supported.name)\(origin(answers.supportedOverridden))")
    lines.append(
      "preferredInterfaceOrientationForPresentation → \(answers.preferred.name)"
        + origin(answers.preferredOverridden))
    lines += answers.forwards.map { tr("forwards %s", $0) }
    if !answers.hooks.isEmpty { lines.append(tr("overrides %s", answers.hooks.joined(separator: ", "))) }
    if !answers.methods.isEmpty { lines.append(tr("methods %s", answers.methods.joined(separator: ", "))) }
    return lines.joined(separator: "\n")
  }
}
