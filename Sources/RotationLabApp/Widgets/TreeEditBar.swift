import CGtk
import RotationCore

/// The tree's edits, under the tree: add a controller under the selected one where UIKit holds
/// one (or a new window), remove it, move it among its siblings, make it its window's root. They
/// act on the starting tree: a pushed or presented controller is a step's, not the tree's. Each
/// control stands for a window action (`win.add-controller` with a class as its target…); the bar
/// shows the scenario and selection it is given.
@MainActor
final class TreeEditBar {
  let widget = box(GTK_ORIENTATION_VERTICAL, spacing: 2)
  let caption = label("", wrap: false)
  let add = EditBar.menuButton(
    tr("Add Controller"), tooltip: tr("Add a controller under the selected one, or a new window"),
    icon: "list-add-symbolic")
  let remove = EditBar.iconButton(
    tr("Remove Controller"), tooltip: tr("Remove the selected controller with what it holds"),
    icon: "list-remove-symbolic")
  let up = EditBar.iconButton(tr("Move Up"), tooltip: tr("Move it one place earlier"), icon: "go-up-symbolic")
  let down = EditBar.iconButton(
    tr("Move Down"), tooltip: tr("Move it one place later"), icon: "go-down-symbolic")
  let root = EditBar.iconButton(
    tr("Set as Root"), tooltip: tr("Make it its window's root"), icon: "go-top-symbolic")

  init() {
    name(widget, tr("Tree Edits"))
    let row = EditBar.row()
    for control in [add, remove, up, down, root] { pack(row, control) }
    name(caption, tr("Selected Controller"))
    addStyleClass(caption, "dim-label")
    gtk_label_set_ellipsize(cast(raw(caption)), PANGO_ELLIPSIZE_MIDDLE)
    pack(widget, row)
    pack(widget, caption)
    bind(remove, to: .removeController)
    bind(up, to: .moveControllerUp)
    bind(down, to: .moveControllerDown)
    bind(root, to: .setAsRoot)
  }

  func refresh(_ scenario: Scenario, selected: NodePath?) {
    let path = selected ?? NodePath()
    let node = scenario.node(at: path)
    let text =
      selected == nil
      ? tr("Click a controller to edit the tree there")
      : tr("Selected: %s at %s", node?.className ?? "?", path.description)
    setLabel(caption, text)
    gtk_widget_set_tooltip_text(caption, text)
    // The menu is made again only when what it lists changes, not at every step shown.
    let classes = scenario.classes.filter { $0.kind != .alert }.map(\.name)
    let under = node.flatMap { scenario.nextSlot(under: $0) != nil ? $0.className : nil }
    if menuListed?.classes != classes || menuListed?.under != under {
      menuListed = (classes, under)
      setAddMenu(classes: classes, under: under)
    }
    // Remove, Move Up, Move Down and Set as Root follow their actions (`MainWindow.updateActions`).
  }

  /// The classes and the parent the Add Controller menu lists now.
  private var menuListed: (classes: [String], under: String?)?

  /// Add Controller's menu: each class under `under` (when it holds children), and a new window
  /// with each class as its root.
  private func setAddMenu(classes: [String], under: String?) {
    enum Addition {
      case controller(String)
      case window(rootClass: String)
    }
    var entries: [MenuEntry<Addition>] = []
    if let under {
      entries = (classes + ["UIViewController"]).map {
        .item(tr("Add %s under %s", $0, under), .controller($0))
      }
    }
    entries.append(
      .submenu(
        tr("New Window"), classes.map { .item(tr("New Window with %s", $0), .window(rootClass: $0)) }))
    EventMenu.set(add, entries) { addition in
      switch addition {
      case .controller(let className): (.addController, className)
      case .window(let rootClass): (.addWindow, rootClass)
      }
    }
  }
}
