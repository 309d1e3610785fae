import CGtk
import RotationCore

/// The inspector's controls: captioned rows, combo boxes, check buttons and mask checks, each
/// acting only on a person's change (not while the window updates them).
extension Inspector {
  /// A caption over its control: the control has the column's whole width, so its value reads
  /// whole at a laptop's width (a long caption is ellipsized, with the whole in its tooltip).
  func row(_ title: String, _ control: Widget) -> Widget {
    let line = box(GTK_ORIENTATION_VERTICAL, spacing: 2)
    let caption = label(title)
    gtk_label_set_ellipsize(cast(raw(caption)), PANGO_ELLIPSIZE_END)
    gtk_widget_set_tooltip_text(caption, title)
    gtk_widget_set_margin_top(line, 4)
    pack(line, caption)
    pack(line, control)
    return line
  }

  /// A remove button named `name` whose click makes `edit` one undoable change, named `undo`
  /// (else `name`).
  func removeButton(
    _ name: String, tooltip: String, undo: String? = nil,
    _ edit: @escaping (inout Scenario) throws(EditError) -> Void
  ) -> Widget {
    let button = EditBar.iconButton(name, tooltip: tooltip, icon: "list-remove-symbolic")
    onSignal(raw(button), "clicked", owner: self) { [unowned self] in
      self.change(undo ?? name) { scenario, _ throws(EditError) in try edit(&scenario) }
    }
    return button
  }

  func combo<T: Equatable>(
    _ accessibleName: String, _ choices: [(String, T?)], current: T?, onChange: @escaping (T?) -> Void
  ) -> Widget {
    let combo = gtk_combo_box_text_new()!
    name(combo, accessibleName)
    for choice in choices { gtk_combo_box_text_append_text(cast(raw(combo)), choice.0) }
    let index = choices.firstIndex(where: { $0.1 == current }) ?? 0
    gtk_combo_box_set_active(cast(raw(combo)), Int32(index))
    // As wide as the column: a long value is ellipsized, whole in the tooltip and the open list.
    rl_combo_box_ellipsize(combo)
    scrollsThePane(combo)
    if choices.indices.contains(index) { gtk_widget_set_tooltip_text(combo, choices[index].0) }
    onSignal(raw(combo), "changed", owner: self) { [unowned self] in
      guard !self.updating else { return }
      let chosen = Int(gtk_combo_box_get_active(cast(raw(combo))))
      if choices.indices.contains(chosen) { onChange(choices[chosen].1) }
    }
    return combo
  }

  /// A section's dim caption with its add button at the end of the row.
  func sectionRow(_ caption: String, _ add: Widget) -> Widget {
    let row = box(GTK_ORIENTATION_HORIZONTAL, spacing: 4)
    let text = label(caption)
    addStyleClass(text, "dim-label")
    pack(row, text, expand: true)
    pack(row, add)
    return row
  }

  /// The mouse wheel over a choice scrolls the inspector instead of changing the choice (GTK's
  /// combo box changes its value on a scroll: scrolling the inspector used to edit the scenario).
  func scrollsThePane(_ choice: Widget) {
    onEvent(choice, .scroll, owner: nil) { event in
      if let pane = gtk_widget_get_ancestor(choice, gtk_scrolled_window_get_type()) {
        _ = gtk_widget_event(pane, UnsafeMutableRawPointer(event).assumingMemoryBound(to: GdkEvent.self))
      }
      return true
    }
  }

  func check(_ title: String, active: Bool, onToggle: @escaping (Bool) -> Void) -> Widget {
    let toggle = gtk_check_button_new_with_label(title)!
    // A long title (a selector) is ellipsized within the column, whole in the tooltip.
    if let text = gtk_bin_get_child(cast(raw(toggle))) {
      gtk_label_set_ellipsize(cast(raw(text)), PANGO_ELLIPSIZE_MIDDLE)
      gtk_widget_set_tooltip_text(toggle, title)
    }
    gtk_toggle_button_set_active(cast(raw(toggle)), active ? 1 : 0)
    onSignal(raw(toggle), "toggled", owner: self) { [unowned self] in
      guard !self.updating else { return }
      onToggle(gtk_toggle_button_get_active(cast(raw(toggle))) != 0)
    }
    return toggle
  }

  /// Four check buttons, one per interface orientation; an edit that would empty the mask is refused.
  func maskChecks(
    prefix: String, mask: OrientationMask, sensitive: Bool, onChange: @escaping (OrientationMask) -> Void
  )
    -> Widget
  {
    let line = gtk_grid_new()!
    gtk_grid_set_column_spacing(cast(raw(line)), 8)
    gtk_widget_set_margin_start(line, 12)
    var toggles: [(InterfaceOrientation, Widget)] = []
    for (index, orientation) in InterfaceOrientation.concrete.enumerated() {
      let toggle = gtk_check_button_new_with_label(orientation.name)!
      name(toggle, "\(prefix) \(orientation.name)")
      gtk_toggle_button_set_active(cast(raw(toggle)), mask.contains(orientation) ? 1 : 0)
      setSensitive(toggle, sensitive)
      toggles.append((orientation, toggle))
      gtk_grid_attach(cast(raw(line)), toggle, Int32(index % 2), Int32(index / 2), 1, 1)
    }
    for (_, toggle) in toggles {
      onSignal(raw(toggle), "toggled", owner: self) { [unowned self] in
        guard !self.updating else { return }
        let chosen = OrientationMask(
          toggles.filter { gtk_toggle_button_get_active(cast(raw($0.1))) != 0 }.map(\.0))
        guard !chosen.isEmpty else {
          return self.change(
            .refused(tr("A mask needs at least one orientation: UIKit treats an empty mask as invalid.")))
        }
        onChange(chosen)
      }
    }
    return line
  }
}
