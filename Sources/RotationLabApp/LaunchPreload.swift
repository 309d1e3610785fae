import CGtk
import Dispatch
import RotationCore
import RotationRender

/// The part of a launch that needs no GTK, done on a worker while GTK starts on the main thread,
/// in this order: reading the first scenario and replaying its steps; loading fontconfig's
/// configuration and caches; loading the fonts of the window's first text (`InterfaceFonts`, which
/// the main thread works out after `gtk_init` and passes on with `provide(_:)`) into a font map
/// that the main thread adopts before the window measures text (`adoptInterfaceFonts`); and
/// drawing the device once into an off-screen image, which loads the device's fonts and shapes its
/// text into the renderer's shared caches. The window's first frame then finds the history ready,
/// its text's fonts loaded and the device's caches warm (the first device draw otherwise costs it
/// ~5 ms, the opening ~3 ms, the header bar's and status line's text ~5 ms).
///
/// fontconfig is loaded by this thread alone, before the device draws and before the window
/// measures text (`waitForFonts`): its loading is not shared between threads that start it at
/// once (each loads everything, the last one's copy is thrown away), and Pango starts its own
/// loading thread with its first font map. Loaded once, it costs the launch ~11 ms of CPU instead
/// of ~35 ms, on a machine whose two cores the main thread and the X server need.
final class LaunchPreload: @unchecked Sendable {
  let path: String
  /// The device area the warm-up draws into: the window's default layout gives the device about
  /// this much room. Another size still draws correctly; only the glyphs drawn at this size's
  /// scale are cached for nothing.
  static let expectedArea = (width: 472.0, height: 822.0)
  private let loaded = DispatchSemaphore(value: 0)
  private let fontsLoaded = DispatchSemaphore(value: 0)
  private var result: Result<History, ScenarioError>?
  private let interfaceFontsKnown = DispatchSemaphore(value: 0)
  private var interfaceFonts: InterfaceFonts?
  private let interfaceFontsLoaded = DispatchSemaphore(value: 0)
  /// Guards the two below: the font map the worker loaded, and whether the main thread gave up
  /// waiting for it (then the worker drops it, and nothing else ever touches it).
  private let handOver = DispatchSemaphore(value: 1)
  private var interfaceFontMap: OpaquePointer?
  private var abandoned = false

  init(path: String) {
    self.path = path
    // A thread of its own, at a low priority: the main thread and the X server come first (three
    // busy threads on a two-core machine made GTK's start 4 ms slower at an equal priority), and
    // what the worker does fits in the time they wait on each other. It ends with the work, so
    // the lowered priority stays with it (a thread may lower its priority, not raise it back).
    var thread = pthread_t()
    let started = pthread_create(
      &thread, nil,
      { context in
        Unmanaged<LaunchPreload>.fromOpaque(context!).takeRetainedValue().work()
        return nil
      }, Unmanaged.passRetained(self).toOpaque())
    if started == 0 {
      pthread_detach(thread)
    } else {
      work()
    }
  }

  private func work() {
    // The history first, at the main thread's priority: the window needs it as soon as it is
    // built, and reading and replaying takes a few milliseconds.
    let loading = Result { () throws(ScenarioError) -> History in
      History(scenario: try ScenarioDecoder.load(path: path))
    }
    result = loading
    loaded.signal()
    rl_set_thread_nice(15)
    FcInit()
    fontsLoaded.signal()
    // The interface fonts before the device: the window waits for them before it shows, while
    // the device draws from whatever the warm-up has cached by its first frame.
    interfaceFontsKnown.wait()
    guard case .success(let history) = loading else {
      interfaceFontsLoaded.signal()
      return
    }
    if let interfaceFonts {
      let fontMap = interfaceFonts.load(
        MainWindow.texts(history, filePath: path, dirty: false, editNote: nil))
      handOver.wait()
      if abandoned {
        g_object_unref(UnsafeMutableRawPointer(fontMap))
      } else {
        interfaceFontMap = fontMap
      }
      handOver.signal()
    }
    interfaceFontsLoaded.signal()
    Self.warmUp(DiagramModel(scenario: history.scenario, step: history.current, stepCount: history.count))
  }

  /// Tells the worker which fonts the window's text will use (nil: none to load, GTK did not
  /// start). The main thread calls it once, after `gtk_init`.
  func provide(_ fonts: InterfaceFonts?) {
    interfaceFonts = fonts
    interfaceFontsKnown.signal()
  }

  /// Makes the worker's loaded interface fonts the main thread's default font map, if they are
  /// ready within `milliseconds` (on a busy machine a low-priority worker can lag; the window
  /// then loads its fonts itself, as it would without the worker). Returns whether it did.
  func adoptInterfaceFonts(waitingAtMost milliseconds: Int) -> Bool {
    _ = interfaceFontsLoaded.wait(timeout: .now() + .milliseconds(milliseconds))
    handOver.wait()
    abandoned = true
    let fontMap = interfaceFontMap
    interfaceFontMap = nil
    handOver.signal()
    guard let fontMap else { return false }
    pango_cairo_font_map_set_default(fontMap)
    g_object_unref(UnsafeMutableRawPointer(fontMap))
    return true
  }

  /// Waits until fontconfig is loaded. The window calls it before it first measures text: GTK
  /// would otherwise start loading fontconfig again on a thread of Pango's while the worker is
  /// still at it, both doing all of it (on a single free core that doubled the work, +20 ms).
  func waitForFonts() {
    fontsLoaded.wait()
    fontsLoaded.signal()
  }

  /// The history of `path`, or why it did not load; waits for the worker if it is still reading.
  func history() -> Result<History, ScenarioError> {
    loaded.wait()
    loaded.signal()
    return result!
  }

  private static func warmUp(_ model: DiagramModel) {
    let surface = cairo_image_surface_create(
      CAIRO_FORMAT_ARGB32, Int32(expectedArea.width), Int32(expectedArea.height))
    let context = cairo_create(surface)
    DeviceView.paint(
      model, bodyAngle: nil, contentAngle: nil, on: Canvas(context: context!), width: expectedArea.width,
      height: expectedArea.height)
    cairo_destroy(context)
    cairo_surface_destroy(surface)
  }
}
