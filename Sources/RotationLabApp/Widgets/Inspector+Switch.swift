import CGtk
import RotationCore

/// The inspector's editor of a `switch` over a piece of state: each case's answer (edited as any
/// answer is), the default's, and Add Case and Remove Case.
extension Inspector {
  func switchEditor<T: Sendable & Equatable>(
    _ prefix: String, _ name: String, _ cases: [SwitchCase<T>], _ otherwise: Value<T>, context: ValueContext,
    literal: LiteralEditor<T>, depth: Int, onChange: @escaping (Value<T>) -> Void
  ) -> Widget {
    let column = box(GTK_ORIENTATION_VERTICAL, spacing: 2)
    gtk_widget_set_margin_start(column, 12)
    for (index, item) in cases.enumerated() {
      let heading = box(GTK_ORIENTATION_HORIZONTAL, spacing: 4)
      pack(heading, label(tr("when %s is %s:", name, item.match.text)), expand: true)
      let remove = EditBar.iconButton(
        tr("Remove Case %s", item.match.text),
        tooltip: tr("Remove this case (its value then takes the default)"),
        icon: "list-remove-symbolic")
      onSignal(raw(remove), "clicked", owner: self) {
        var kept = cases
        kept.remove(at: index)
        // A switch without cases is its default.
        onChange(kept.isEmpty ? otherwise : .choose(name, cases: kept, default: otherwise))
      }
      pack(heading, remove)
      pack(column, heading)
      pack(
        column,
        valueEditor(
          tr("%s when %s", prefix, item.match.text), item.value, context: context, literal: literal,
          depth: depth + 1
        ) { changed in
          var edited = cases
          edited[index].value = changed
          onChange(.choose(name, cases: edited, default: otherwise))
        })
    }
    pack(column, label(tr("any other value:")))
    pack(
      column,
      valueEditor(tr("%s default", prefix), otherwise, context: context, literal: literal, depth: depth + 1) {
        onChange(.choose(name, cases: cases, default: $0))
      })
    let add = EditBar.iconButton(
      tr("Add Case"), tooltip: tr("Answer differently for another value of %s", name),
      icon: "list-add-symbolic")
    let type = context.states.first(where: { $0.name == name })?.value.type ?? .word
    onSignal(raw(add), "clicked", owner: self) { [unowned self] in
      Dialogs.askName(
        over: self.toplevel, title: tr("Add Case"),
        detail: tr("A value of %s (%s), as the scenario file writes it.", name, type.rawValue), initial: "",
        field: tr("Value")
      ) { [unowned self] text, _ in
        guard let match = Self.stateValue(text, type: type), !cases.contains(where: { $0.match == match })
        else {
          return self.change(.refused(tr("“%s” is not a new value of %s (%s).", text, name, type.rawValue)))
        }
        onChange(.choose(name, cases: cases + [SwitchCase(match, otherwise)], default: otherwise))
      }
    }
    pack(column, add)
    return column
  }

  /// A value of `type` as a person types it: `landscape`, `portrait`, `YES`, a case's name.
  static func stateValue(_ text: String, type: StateType) -> StateValue? {
    switch type {
    case .bool:
      return ["YES", "true"].contains(text)
        ? .bool(true) : ["NO", "false"].contains(text) ? .bool(false) : nil
    case .mask: return (try? OrientationMask(name: text)).map(StateValue.mask)
    case .orientation:
      return InterfaceOrientation.concrete.first { $0.name == text }.map(StateValue.orientation)
    case .word: return Scenario.isClassName(text) ? .word(text) : nil
    }
  }
}
