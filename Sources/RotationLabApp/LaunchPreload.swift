import CGtk
import Dispatch
import RotationCore
import RotationRender

/// The part of a launch that needs no GTK, done on a worker while GTK starts on the main thread:
/// loading fontconfig's configuration and caches, reading the first scenario and replaying its
/// steps, then drawing the device once into an off-screen image, which loads the device's fonts
/// and shapes its text into the renderer's shared caches. The window's first frame then finds the
/// history ready and draws the device from warm caches (the first draw otherwise costs it ~5 ms,
/// the opening ~3 ms).
///
/// fontconfig is loaded first and by this thread alone: its loading is not shared between threads
/// that start it at once (each loads everything, the last one's copy is thrown away), and Pango
/// starts its own loading thread with its first font map. Loaded one after the other, the
/// launch's three loads cost ~11 ms of CPU instead of ~35 ms, on a machine whose two cores the
/// main thread and the X server need.
final class LaunchPreload: @unchecked Sendable {
  let path: String
  /// The device area the warm-up draws into: the window's default layout gives the device about
  /// this much room. Another size still draws correctly; only the glyphs drawn at this size's
  /// scale are cached for nothing.
  static let expectedArea = (width: 472.0, height: 822.0)
  private let loaded = DispatchSemaphore(value: 0)
  private var result: Result<History, ScenarioError>?

  init(path: String) {
    self.path = path
    DispatchQueue.global(qos: .userInitiated).async { [self] in
      FcInit()
      let loading = Result { () throws(ScenarioError) -> History in
        History(scenario: try ScenarioDecoder.load(path: path))
      }
      result = loading
      loaded.signal()
      if case .success(let history) = loading {
        Self.warmUp(DiagramModel(scenario: history.scenario, step: history.current, stepCount: history.count))
      }
    }
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
