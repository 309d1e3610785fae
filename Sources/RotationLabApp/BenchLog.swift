import CGtk
import FoundationEssentials
import Glibc
import RotationCore

/// Timing lines for `rotation-lab-bench` when ROTATION_LAB_BENCH_LOG names a file: when each launch
/// phase ended and when the first frame was painted (monotonic microseconds), and the duration of
/// every device draw. Nothing is written otherwise.
@MainActor
final class BenchLog {
  static let shared: BenchLog? = {
    guard let path = getenv("ROTATION_LAB_BENCH_LOG") else { return nil }
    return BenchLog(path: String(cString: path))
  }()

  private let descriptor: Int32

  init?(path: String) {
    descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { return nil }
  }

  /// Appends one line (one write, so a reader never sees half of it).
  private func write(_ line: String) {
    _ = Array(line.utf8).withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
  }

  /// Notes when a launch phase ends ("mark window-built 123456"), for the bench's breakdown.
  static func mark(_ phase: String) {
    shared?.write("mark \(phase) \(g_get_monotonic_time())\n")
  }

  /// The end of the window's first painted frame (the frame clock's after-paint).
  func record(firstFrameAt time: Int) {
    write("first-frame \(time)\n")
  }

  private var lastArea: (Int32, Int32, Int32, Int32)?

  /// Where the device sits in the window, written when it changes (the launch must not move it).
  func record(area: (Int32, Int32, Int32, Int32)) {
    guard lastArea.map({ $0 != area }) ?? true else { return }
    lastArea = area
    write("device-area \(area.0) \(area.1) \(area.2) \(area.3)\n")
  }

  /// How many steps the session has, after each action (the memory bench waits for it).
  func record(steps: Int) {
    write("steps \(steps)\n")
  }

  func record(drawMilliseconds: Double) {
    write("draw \(drawMilliseconds)\n")
  }
}
