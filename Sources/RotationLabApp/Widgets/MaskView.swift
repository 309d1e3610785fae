import CGtk
import RotationCore
import RotationRender
import RotationResources

/// The mask intersection (drawn by the renderer), the step's exception in red when it has one,
/// and the decision's reason. A rule the reason cites (an argument of its phrase, shown as
/// `docs/rules.md#anchor`) is a link: its tooltip is the rule's text, and a click shows the rule
/// with its sources.
@MainActor
final class MaskView {
  let area: Widget
  let reasonLabel: Widget
  let exceptionLabel: Widget
  private var model: DiagramModel?

  init() {
    area = named(gtk_drawing_area_new(), tr("Mask Intersection"))
    reasonLabel = named(label("", wrap: true, selectable: true), tr("Reason"))
    exceptionLabel = named(label("", wrap: true, selectable: true), tr("Exception"))
    // Shown only when the step has an exception.
    gtk_widget_set_no_show_all(exceptionLabel, 1)
    gtk_widget_set_margin_start(exceptionLabel, 8)
    gtk_widget_set_margin_start(reasonLabel, 8)
    onDraw(area, owner: self) { [unowned self] cr in self.draw(cr) }
    let reasonLabel = reasonLabel
    onActivateLink(reasonLabel, owner: self) { link in
      guard link.hasPrefix("rule:"), let rule = RuleBook.shared?.rule(String(link.dropFirst(5))) else {
        return false
      }
      Dialogs.showRule(rule, over: gtk_widget_get_toplevel(reasonLabel))
      return true
    }
  }

  /// Pango markup in the reader's language, each cited rule a link whose tooltip is the rule's
  /// text (a rule the book does not have is cited as plain text).
  static func linkingRules(in book: RuleBook?) -> PhraseStyle {
    PhraseStyle(translated: true, escape: escapeMarkup) { cited in
      let citation = escapeMarkup(PhraseStyle.citation(cited))
      guard let rule = book?.rule(cited.anchor) else { return citation }
      let tooltip = escapeMarkup(rule.title + "\n\n" + rule.text).replacing("\"", with: "&quot;")
      return "<a href=\"rule:\(cited.anchor)\" title=\"\(tooltip)\">\(citation)</a>"
    }
  }

  /// Puts the three parts into `column`, in order.
  func pack(into column: Widget) {
    RotationLabApp.pack(column, area)
    RotationLabApp.pack(column, exceptionLabel)
    RotationLabApp.pack(column, reasonLabel)
  }

  func show(_ model: DiagramModel) {
    self.model = model
    setMarkup(reasonLabel, MaskPanel.summary(model, style: Self.linkingRules(in: RuleBook.shared)))
    if let exception = model.step.exception {
      setMarkup(
        exceptionLabel,
        "<span foreground='\(Theme.refused.hex)'><b>\(escapeMarkup(exception.name))</b>\n"
          + "\(escapeMarkup(exception.reason))</span>")
      gtk_widget_show(exceptionLabel)
    } else {
      setLabel(exceptionLabel, "")
      gtk_widget_hide(exceptionLabel)
    }
    gtk_widget_set_size_request(area, 500, 230)
    gtk_widget_queue_draw(area)
  }

  private func draw(_ cr: OpaquePointer) {
    guard let model else { return }
    let canvas = Canvas(context: cr)
    let bounds = Rect(
      x: 0, y: 0, width: Double(gtk_widget_get_allocated_width(area)),
      height: Double(gtk_widget_get_allocated_height(area)))
    canvas.fill(bounds, Theme.panel)
    MaskPanel.draw(model, on: canvas, in: bounds, summary: false)
  }
}
