import CGtk
import FoundationEssentials
import RotationCore
import RotationResources

/// The window's dialogs: a question that does not block the main loop, About, and the keyboard
/// shortcuts window (a GtkBuilder file, `Assets/ui/shortcuts.ui`).
@MainActor
enum Dialogs {
  /// A modal question over `parent`: `then` gets the chosen response.
  static func ask(
    over parent: Widget, _ text: String, detail: String, buttons: [(String, GtkResponseType)],
    type: GtkMessageType = GTK_MESSAGE_QUESTION, then: @escaping @MainActor (GtkResponseType) -> Void
  ) {
    let dialog = rl_message_dialog_new(cast(raw(parent)), type, GTK_BUTTONS_NONE, text)!
    rl_message_dialog_set_secondary(dialog, detail)
    for (title, response) in buttons {
      gtk_dialog_add_button(cast(raw(dialog)), title, response.rawValue)
    }
    connect(raw(dialog), "response", arguments: 1) { response, _, _ in
      let answer = GtkResponseType(rawValue: Int32(truncatingIfNeeded: Int(bitPattern: response)))
      gtk_widget_destroy(dialog)
      then(answer)
      return 0
    }
    gtk_widget_show_all(dialog)
  }

  static func showAbout(over parent: Widget) {
    let dialog = gtk_about_dialog_new()!
    let about: UnsafeMutablePointer<GtkAboutDialog> = cast(raw(dialog))
    gtk_about_dialog_set_program_name(about, "Rotation Lab")
    gtk_about_dialog_set_version(about, BuildConfiguration.version)
    gtk_about_dialog_set_comments(
      about,
      tr("See how UIKit decides an iOS app's interface orientation: who is asked, in which order, and why."))
    gtk_about_dialog_set_logo_icon_name(about, BuildConfiguration.applicationID)
    gtk_about_dialog_set_license_type(about, GTK_LICENSE_MIT_X11)
    gtk_window_set_transient_for(cast(raw(dialog)), cast(raw(parent)))
    gtk_window_set_modal(cast(raw(dialog)), 1)
    connect(raw(dialog), "response", arguments: 1) { _, _, _ in
      gtk_widget_destroy(dialog)
      return 0
    }
    gtk_widget_show_all(dialog)
  }

  /// A rule of docs/rules.md: its title, its text and its sources.
  static func showRule(_ rule: RuleBook.Rule, over parent: Widget?) {
    let dialog = rl_message_dialog_new(
      parent.map { cast(raw($0)) }, GTK_MESSAGE_INFO, GTK_BUTTONS_CLOSE, rule.title)!
    rl_message_dialog_set_secondary(
      dialog, rule.text + "\n\n" + rule.sources + "\n\ndocs/rules.md#" + rule.anchor)
    gtk_window_set_title(cast(raw(dialog)), "docs/rules.md#" + rule.anchor)
    connect(raw(dialog), "response", arguments: 1) { _, _, _ in
      gtk_widget_destroy(dialog)
      return 0
    }
    gtk_widget_show_all(dialog)
  }

  /// Shows the shortcuts window; false when its UI file is missing or does not load.
  static func showShortcuts(over parent: Widget) -> Bool {
    guard let path = Resources.file("ui/shortcuts.ui") else { return false }
    // gtk_builder_new_from_file would abort the app on a file it cannot parse.
    let builder = gtk_builder_new()!
    defer { g_object_unref(raw(builder)) }
    // Its titles are marked translatable: they come from the app's catalogue.
    gtk_builder_set_translation_domain(builder, Localization.domain)
    var error: UnsafeMutablePointer<GError>?
    guard gtk_builder_add_from_file(builder, path, &error) != 0 else {
      g_clear_error(&error)
      return false
    }
    guard let object = gtk_builder_get_object(builder, "shortcuts") else { return false }
    let shortcuts: Widget = cast(raw(object))
    gtk_window_set_transient_for(cast(raw(shortcuts)), cast(raw(parent)))
    gtk_widget_show_all(shortcuts)
    return true
  }
}
