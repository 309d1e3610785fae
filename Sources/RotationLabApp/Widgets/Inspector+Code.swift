import CGtk
import RotationCore

/// The inspector's part for the selected class's code: its lifecycle methods and named methods,
/// each a list of actions run in order (set a flag, call a method, force an orientation…), with
/// actions added, removed and reordered, and methods added and removed.
extension Inspector {
  func codeSection(_ scenario: Scenario, _ spec: ClassSpec, into column: Widget) {
    let className = spec.name
    let heading = label(tr("Code"))
    addStyleClass(heading, "dim-label")
    gtk_widget_set_margin_top(heading, 8)
    pack(column, heading)
    for hook in spec.hooks {
      pack(
        column,
        actionList(
          scenario, className: className, title: hook.selector.rawValue, owner: .hook(hook.selector),
          actions: hook.actions))
    }
    for method in spec.methods {
      pack(
        column,
        actionList(
          scenario, className: className, title: tr("method %s", method.name), owner: .method(method.name),
          actions: method.actions))
    }
    let adders = EditBar.row()
    let addHook = EditBar.menuButton(
      tr("Add Lifecycle Method"), tooltip: tr("Override a lifecycle method"), icon: "list-add-symbolic")
    let free = LifecycleSelector.allCases.filter { spec.hook($0) == nil }
    EventMenu.set(addHook, free.map { MenuEntry.item($0.rawValue, $0) }, owner: self) {
      [unowned self] selector in
      self.change(tr("Add %s", selector.rawValue)) { scenario, _ throws(EditError) in
        try scenario.addHook(selector, to: className)
      }
    }
    setSensitive(addHook, !free.isEmpty)
    let addMethod = EditBar.iconButton(
      tr("Add Method"), tooltip: tr("Add a named method that actions can call"), icon: "document-new-symbolic"
    )
    onSignal(raw(addMethod), "clicked", owner: self) { [unowned self] in
      Dialogs.askName(
        over: self.toplevel, title: tr("Add Method"),
        detail: tr("A method of %s that its actions run when it is called.", className), initial: "",
        field: tr("Method Name")
      ) { [unowned self] name, _ in
        self.change(tr("Add Method %s", name)) { scenario, _ throws(EditError) in
          try scenario.addMethod(name, to: className)
        }
      }
    }
    pack(adders, addHook)
    pack(adders, addMethod)
    pack(column, adders)
  }

  /// A hook's or method's actions, each with its buttons, then Add Action and Remove.
  private func actionList(
    _ scenario: Scenario, className: String, title: String, owner: ActionOwner, actions: [Action]
  ) -> Widget {
    let list = box(GTK_ORIENTATION_VERTICAL, spacing: 2)
    gtk_widget_set_margin_top(list, 4)
    let header = box(GTK_ORIENTATION_HORIZONTAL, spacing: 4)
    let caption = label(title)
    gtk_label_set_ellipsize(cast(raw(caption)), PANGO_ELLIPSIZE_MIDDLE)
    gtk_widget_set_tooltip_text(caption, title)
    pack(header, caption, expand: true)
    let add = EditBar.menuButton(
      tr("Add Action to %s", title), tooltip: tr("Add an action at the end"), icon: "list-add-symbolic")
    EventMenu.set(add, EventMenu.codeActions(scenario, className: className), owner: self) {
      [unowned self] action in
      self.change(tr("Add Action")) { scenario, _ throws(EditError) in
        try scenario.addAction(action, to: owner, of: className)
      }
    }
    let remove = EditBar.iconButton(
      tr("Remove %s", title), tooltip: tr("Remove it with its actions"), icon: "user-trash-symbolic")
    onSignal(raw(remove), "clicked", owner: self) { [unowned self] in
      self.change(tr("Remove %s", title)) { scenario, _ throws(EditError) in
        switch owner {
        case .hook(let selector): try scenario.removeHook(selector, from: className)
        case .method(let name): try scenario.removeMethod(name, from: className)
        }
      }
    }
    pack(header, add)
    pack(header, remove)
    pack(list, header)
    actionRows(
      scenario, className: className, title: title, owner: owner, branch: [], actions: actions, into: list)
    return list
  }

  /// The rows of one list of actions (a hook's or method's, or a branch of an `if` in it), each with
  /// its buttons; an `if` shows its two branches below it, each with its own Add Action.
  private func actionRows(
    _ scenario: Scenario, className: String, title: String, owner: ActionOwner, branch: [BranchStep],
    actions: [Action], into list: Widget
  ) {
    let indent = Int32(12 + 16 * branch.count)
    for (index, action) in actions.enumerated() {
      let line = box(GTK_ORIENTATION_HORIZONTAL, spacing: 2)
      gtk_widget_set_margin_start(line, indent)
      var shown = action.label
      if case .when(let condition, _, _) = action { shown = "if " + condition.described.text }
      let text = label("\(index + 1). \(shown)")
      gtk_label_set_ellipsize(cast(raw(text)), PANGO_ELLIPSIZE_END)
      gtk_widget_set_tooltip_text(text, action.label)
      pack(line, text, expand: true)
      for (icon, offset, name) in [
        ("go-up-symbolic", -1, tr("Move Action %s of %s Up", index + 1, title)),
        ("go-down-symbolic", 1, tr("Move Action %s of %s Down", index + 1, title)),
      ] {
        let move = EditBar.iconButton(name, tooltip: name, icon: icon)
        setSensitive(move, actions.indices.contains(index + offset))
        onSignal(raw(move), "clicked", owner: self) { [unowned self] in
          self.change(tr("Move Action")) { scenario, _ throws(EditError) in
            try scenario.moveAction(at: index, by: offset, of: owner, of: className, in: branch)
          }
        }
        pack(line, move)
      }
      let drop = removeButton(
        tr("Remove Action %s of %s", index + 1, title), tooltip: tr("Remove this action"),
        undo: tr("Remove Action")
      ) { scenario throws(EditError) in
        try scenario.removeAction(at: index, of: owner, of: className, in: branch)
      }
      pack(line, drop)
      pack(list, line)
      guard case .when(_, let then, let otherwise) = action, branch.count < 6 else { continue }
      for (isThen, nested) in [(true, then), (false, otherwise)] {
        // `method fullTapped › 2 then`: the branch's own title names its buttons.
        let inner = branch + [BranchStep(index, then: isThen)]
        let branchTitle = title + " › " + (isThen ? tr("%s then", index + 1) : tr("%s otherwise", index + 1))
        let header = box(GTK_ORIENTATION_HORIZONTAL, spacing: 2)
        gtk_widget_set_margin_start(header, indent + 8)
        pack(header, label(isThen ? tr("then") : tr("otherwise")), expand: true)
        let add = EditBar.menuButton(
          tr("Add Action to %s", branchTitle), tooltip: tr("Add an action at the end"),
          icon: "list-add-symbolic")
        EventMenu.set(add, EventMenu.codeActions(scenario, className: className), owner: self) {
          [unowned self] action in
          self.change(tr("Add Action")) { scenario, _ throws(EditError) in
            try scenario.addAction(action, to: owner, of: className, in: inner)
          }
        }
        pack(header, add)
        pack(list, header)
        actionRows(
          scenario, className: className, title: branchTitle, owner: owner, branch: inner, actions: nested,
          into: list)
      }
    }
  }
}
