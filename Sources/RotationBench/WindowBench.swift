import Foundation

/// Figures of the real window (first frame, frame times, memory); filled in below.
@MainActor
enum WindowBench {
  static func figures() -> [Figure] { [] }
}
