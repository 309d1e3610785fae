import CGtk
import FoundationEssentials
import RotationCore
import RotationRender
import RotationResources

/// The GtkApplication: one window, single instance (a second launch presents the window or opens
/// its file there), application-wide actions and their keyboard shortcuts.
@MainActor
public final class RotationLabApplication {
  /// `.Devel` in the development profile, so that it installs and runs beside the default one.
  static let applicationID = BuildConfiguration.applicationID

  let application: UnsafeMutablePointer<GtkApplication>
  var window: MainWindow?
  /// The file the window opened before the application registered, which "open" then brings
  /// again: it is shown, not read twice.
  var openedEarly: String?

  /// A path with its links and dots resolved, to tell whether two name the same file.
  static func canonical(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Runs the app. `files` are opened in the window (a second instance hands them to the first);
  /// `newInstance` skips the single-instance check (for tests and side-by-side sessions).
  public static func run(files: [String], newInstance: Bool) -> Int32 {
    BenchLog.mark("main")
    g_set_prgname("rotation-lab")
    g_set_application_name("Rotation Lab")
    // GTK first, then the worker: on two cores a worker started before gtk_init made it ~3 ms
    // slower, and what the worker does fits in the time the window takes to build.
    // main.swift set the locale (Localization.start); GTK must not set it again, or a shell
    // without LANG would lose the C.UTF-8 that lets LANGUAGE choose the language.
    gtk_disable_setlocale()
    let displayOpened = gtk_init_check(nil, nil) != 0
    BenchLog.mark("gtk-initialised")
    let preload = LaunchPreload(file: files.first, busName: newInstance ? nil : applicationID)
    var flags = G_APPLICATION_HANDLES_OPEN.rawValue
    if newInstance { flags |= G_APPLICATION_NON_UNIQUE.rawValue }
    let app = RotationLabApplication(
      application: gtk_application_new(applicationID, GApplicationFlags(rawValue: flags)))
    let arguments = ["rotation-lab"] + files
    if displayOpened { Appearance.follow { [unowned app] in app.window?.appearanceChanged() } }
    // Ended by a signal (a session logging out, a test closing the app): the window's settings,
    // held until the window settles, are written first. A signal cannot wait for an answer, so
    // unsaved changes are not asked about.
    for signal in [SIGTERM, SIGINT] {
      onUnixSignal(signal) { [unowned app] in
        app.window?.state.apply()
        g_settings_sync()
        exit(0)
      }
    }
    let early = Theme.using(Appearance.palette) {
      app.showEarly(preload, newInstance: newInstance, displayOpened: displayOpened)
    }
    switch early {
    case .shown:
      // The files go to the application still: if another launch registered first (both asked
      // at the same moment and found none), they are handed to its window instead of being lost
      // with this one; if this launch registers, its window has them open already.
      app.openedEarly = files.first.flatMap(Self.canonical)
    case .closed: return 0
    case .notShown: break
    }
    let argv = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    let status = argv.withUnsafeBufferPointer { buffer in
      g_application_run(
        cast(raw(app.application)), Int32(arguments.count),
        UnsafeMutablePointer(mutating: buffer.baseAddress))
    }
    g_object_unref(raw(app.application))
    return status
  }

  enum EarlyWindow { case shown, notShown, closed }

  /// Shows the window's first frame before the application registers on the session bus.
  ///
  /// Registering and starting the GtkApplication (the bus name, exported actions, the desktop's
  /// session services) before the first frame costs the launch 3–6 ms (docs/performance.md,
  /// "Registering the plain way"), and none of it is needed to draw. So when no
  /// first instance runs (asked on the launch worker while GTK initialises and the window is
  /// built), the window opens its scenario, shows, and the main loop runs until the first frame
  /// is painted (or a second passes, for a window that is never drawn). Then the application
  /// registers, without the files, which are open already, and takes the window on. When a first
  /// instance runs, or the bus does not answer, the window is dropped unseen and the application
  /// starts the usual way.
  func showEarly(_ preload: LaunchPreload, newInstance: Bool, displayOpened: Bool) -> EarlyWindow {
    guard displayOpened else { return .notShown }
    let early = MainWindow()
    BenchLog.mark("window-made")
    let found = preload.result()
    if !newInstance && found.firstInstanceRuns != false {
      early.destroy()
      return .notShown
    }
    window = early
    BenchLog.mark("window-built")
    if let path = found.path { early.open(path: path, confirm: false, preloaded: found.history) }
    BenchLog.mark("scenario-opened")
    var closed = false
    var waited = false
    onSignal(raw(early.window), "destroy", owner: nil) { closed = true }
    let deadline = timeout(milliseconds: 1000) {
      waited = true
      return false
    }
    early.present()
    BenchLog.mark("shown")
    while !early.deviceView.firstFramePainted && !waited && !closed {
      g_main_context_iteration(nil, 1)
    }
    if !waited { g_source_remove(deadline) }
    return closed ? .closed : .shown
  }

  init(application: UnsafeMutablePointer<GtkApplication>) {
    self.application = application
    onSignal(raw(application), "startup", owner: self) { [unowned self] in self.startup() }
    onSignal(raw(application), "activate", owner: self) { [unowned self] in self.present(files: []) }
    onOpen(raw(application), owner: self) { [unowned self] paths in self.present(files: paths) }
  }

  func startup() {
    BenchLog.mark("gtk-started")
    let shortcuts: [(String, [String], () -> Void)] = [
      ("new", ["<Control>n"], { [unowned self] in self.window?.newScenario() }),
      ("open", ["<Control>o"], { [unowned self] in self.window?.openWithChooser() }),
      ("undo", ["<Control>z"], { [unowned self] in self.window?.undo() }),
      ("redo", ["<Control><Shift>z"], { [unowned self] in self.window?.redo() }),
      ("import", ["<Control><Shift>o"], { [unowned self] in self.window?.importWithChooser() }),
      ("save", ["<Control>s"], { [unowned self] in self.window?.save() }),
      ("save-as", ["<Control><Shift>s"], { [unowned self] in self.window?.saveAs() }),
      ("export", ["<Control>e"], { [unowned self] in self.window?.exportWithChooser() }),
      ("quit", ["<Control>q"], { [unowned self] in self.quit() }),
      ("rotate-left", ["<Control>Left"], { [unowned self] in self.window?.rotate(left: true) }),
      ("rotate-right", ["<Control>Right"], { [unowned self] in self.window?.rotate(left: false) }),
      ("step-back", ["<Alt>Left"], { [unowned self] in self.window?.step(by: -1) }),
      ("step-forward", ["<Alt>Right"], { [unowned self] in self.window?.step(by: 1) }),
      ("shortcuts", ["<Control>question"], { [unowned self] in self.window?.showShortcuts() }),
      ("reload", ["<Control>r"], { [unowned self] in self.window?.reload() }),
      ("diagnose", ["<Control>i"], { [unowned self] in self.window?.showDiagnosis() }),
      ("about", [], { [unowned self] in self.window?.showAbout() }),
    ]
    for (name, accelerators, handler) in shortcuts {
      let action = g_simple_action_new(name, nil)!
      onActivate(action, owner: self) { _ in handler() }
      g_action_map_add_action(cast(raw(application)), cast(raw(action)))
      g_object_unref(raw(action))
      if !accelerators.isEmpty {
        var pointers = accelerators.map { strdup($0) } + [nil]
        pointers.withUnsafeMutableBufferPointer { buffer in
          buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) {
            gtk_application_set_accels_for_action(application, "app.\(name)", $0.baseAddress)
          }
        }
        for pointer in pointers { free(pointer) }
        pointers.removeAll()
      }
    }
  }

  func present(files: [String]) {
    if window == nil {
      let created = MainWindow()
      window = created
      BenchLog.mark("window-built")
      if files.isEmpty, let path = Resources.defaultScenarioPath {
        created.open(path: path, confirm: false)
      }
    }
    if let window, gtk_window_get_application(cast(raw(window.window))) == nil {
      gtk_window_set_application(cast(raw(window.window)), application)
    }
    if let path = files.first {
      if let early = openedEarly, Self.canonical(path) == early {
        openedEarly = nil
      } else {
        window?.open(path: path, confirm: true)
      }
    }
    BenchLog.mark("scenario-opened")
    window?.present()
    BenchLog.mark("shown")
  }

  func quit() {
    guard let window else { return g_application_quit(cast(raw(application))) }
    window.confirmDiscardingChanges(action: .quitting) { [unowned self] in
      window.destroy()
      g_application_quit(cast(raw(self.application)))
    }
  }
}
