import CGtk
import RotationCore

/// The inspector's part for a container's delegate: whether the navigation, tab bar, split view or
/// page view controller has a delegate that answers its orientation questions, and what it answers
/// (docs/rules.md#container-delegates).
extension Inspector {
  func delegateSection(_ spec: ClassSpec, context: ValueContext, into column: Widget) {
    let className = spec.name
    let prefix = spec.kind.delegatePrefix
    let delegate = spec.delegate
    // TRANSLATORS: the delegate method, "navigationControllerSupportedInterfaceOrientations:".
    let title = tr("Delegate (%sSupportedInterfaceOrientations:)", prefix)
    let heading = label(title)
    gtk_label_set_ellipsize(cast(raw(heading)), PANGO_ELLIPSIZE_MIDDLE)
    gtk_widget_set_tooltip_text(heading, title)
    addStyleClass(heading, "dim-label")
    gtk_widget_set_margin_top(heading, 6)
    pack(column, heading)

    let answers = delegate?.supportedInterfaceOrientations
    let implements = check(tr("Its delegate answers the supported orientations"), active: answers != nil) {
      [unowned self] on in
      self.edit { scenario in
        scenario.updateClass(className) { spec in
          var changed = spec.delegate ?? ContainerDelegate(className: className + "Delegate")
          changed.supportedInterfaceOrientations = on ? .literal(.allButUpsideDown) : nil
          spec.delegate = Self.keep(changed)
        }
      }
    }
    name(implements, tr("Delegate Answers Supported Orientations"))
    pack(column, implements)
    if let answers {
      pack(
        column,
        valueEditor(tr("Delegate of %s", className), answers, context: context, literal: maskEditor) {
          [unowned self] value in
          self.edit { $0.updateClass(className) { $0.delegate?.supportedInterfaceOrientations = value } }
        })
    }

    // Does not answer, or answers (always one orientation, or one per state of a flag, below).
    let current = delegate?.preferredInterfaceOrientationForPresentation
    let choices: [(String, Value<InterfaceOrientation>?)] = [
      (tr("does not answer"), nil), (tr("returns"), current ?? .literal(.portrait)),
    ]
    pack(
      column,
      row(
        tr("Delegate's preferred"),
        combo(tr("Delegate Preferred Orientation"), choices, current: current) { [unowned self] value in
          self.edit { scenario in
            scenario.updateClass(className) { spec in
              var changed = spec.delegate ?? ContainerDelegate(className: className + "Delegate")
              changed.preferredInterfaceOrientationForPresentation = value
              spec.delegate = Self.keep(changed)
            }
          }
        }))
    if let current {
      pack(
        column,
        valueEditor(
          tr("Delegate's preferred orientation"), current, context: context, literal: orientationEditor
        ) {
          [unowned self] value in
          self.edit {
            $0.updateClass(className) { $0.delegate?.preferredInterfaceOrientationForPresentation = value }
          }
        })
    }
  }

  /// A delegate that answers nothing is no delegate for rotation.
  static func keep(_ delegate: ContainerDelegate) -> ContainerDelegate? {
    delegate.supportedInterfaceOrientations == nil
      && delegate.preferredInterfaceOrientationForPresentation == nil
      ? nil : delegate
  }
}
