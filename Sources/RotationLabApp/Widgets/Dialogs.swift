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
    // The dialog goes with its answer; `then` belongs to whoever asked.
    onResponse(raw(dialog), owner: nil) { response in
      gtk_widget_destroy(dialog)
      then(GtkResponseType(rawValue: response))
    }
    gtk_widget_show_all(dialog)
  }

  /// Asks for a name (and, given `kinds`, a controller kind): Add Class, Rename Class. `then`
  /// gets them on OK; nothing happens on Cancel.
  static func askName(
    over parent: Widget, title: String, detail: String, initial: String, field: String = tr("Class Name"),
    kinds: [ControllerKind]? = nil, then: @escaping @MainActor (String, ControllerKind?) -> Void
  ) {
    let dialog = rl_message_dialog_new(cast(raw(parent)), GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE, title)!
    gtk_window_set_title(cast(raw(dialog)), title)
    rl_message_dialog_set_secondary(dialog, detail)
    gtk_dialog_add_button(cast(raw(dialog)), tr("_Cancel"), GTK_RESPONSE_CANCEL.rawValue)
    gtk_dialog_add_button(cast(raw(dialog)), tr("_OK"), GTK_RESPONSE_ACCEPT.rawValue)
    gtk_dialog_set_default_response(cast(raw(dialog)), GTK_RESPONSE_ACCEPT.rawValue)
    let area = gtk_message_dialog_get_message_area(cast(raw(dialog)))!
    let entry = named(gtk_entry_new(), field)
    gtk_entry_set_text(cast(raw(entry)), initial)
    gtk_entry_set_activates_default(cast(raw(entry)), 1)
    pack(area, entry)
    let kindChooser = kinds.map { kinds -> Widget in
      let chooser = named(gtk_combo_box_text_new(), tr("Class Kind"))
      for kind in kinds {
        gtk_combo_box_text_append_text(cast(raw(chooser)), tr("%s subclass", kind.uikitClass))
      }
      gtk_combo_box_set_active(cast(raw(chooser)), 0)
      pack(area, chooser)
      return chooser
    }
    onResponse(raw(dialog), owner: nil) { response in
      let answer = GtkResponseType(rawValue: response)
      let text = String(cString: gtk_entry_get_text(cast(raw(entry)))).trimmingWhitespace()
      let kind = kindChooser.flatMap { chooser in
        kinds.map { $0[max(0, Int(gtk_combo_box_get_active(cast(raw(chooser)))))] }
      }
      gtk_widget_destroy(dialog)
      if answer == GTK_RESPONSE_ACCEPT { then(text, kind) }
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
    onResponse(raw(dialog), owner: nil) { _ in gtk_widget_destroy(dialog) }
    gtk_widget_show_all(dialog)
  }

  /// A rule of docs/rules.md: its title, its text and its sources.
  static func showRule(_ rule: RuleBook.Rule, over parent: Widget?) {
    let dialog = rl_message_dialog_new(
      parent.map { cast(raw($0)) }, GTK_MESSAGE_INFO, GTK_BUTTONS_CLOSE, rule.title)!
    rl_message_dialog_set_secondary(
      dialog, rule.text + "\n\n" + rule.sources + "\n\ndocs/rules.md#" + rule.anchor)
    gtk_window_set_title(cast(raw(dialog)), "docs/rules.md#" + rule.anchor)
    onResponse(raw(dialog), owner: nil) { _ in gtk_widget_destroy(dialog) }
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
