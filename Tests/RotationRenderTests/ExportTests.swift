import Foundation
import RotationCore
import RotationRender
import Testing

/// Exported files are deterministic and open in real readers.
@Suite final class ExportTests {
  /// The scratch folders this test made, removed when it ends (a suite class's `deinit` runs after
  /// each test): a test leaves nothing behind in /tmp.
  private var made: [URL] = []

  deinit { for folder in made { try? FileManager.default.removeItem(at: folder) } }

  func scratch(_ name: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("rl-export-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    made.append(url)
    return url.appendingPathComponent(name)
  }

  func run(_ tool: String, _ arguments: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }

  @Test func thePdfOpensInPoppler() throws {
    let diagram = try model("seed001-fix-without-preferred.json", step: 4)
    let pdf = try scratch("diagram.pdf")
    try FileWriter.write(try Exporter.render(diagram, format: .pdf), to: pdf.path)
    let prefix = pdf.deletingPathExtension().path
    #expect(try run("pdftoppm", ["-png", "-r", "50", "-singlefile", pdf.path, prefix]) == 0)
    let pixels = try #require(Pixels(png: URL(fileURLWithPath: prefix + ".png")))
    #expect(pixels.width > 300 && pixels.height > 300)
    // The crash banner's red is there in the reader's rendering too.
    var red = 0
    for y in stride(from: 0, to: pixels.height, by: 2) {
      for x in stride(from: 0, to: pixels.width, by: 2)
      where pixels.matches(x, y, Theme.refused, tolerance: 30) {
        red += 1
      }
    }
    #expect(red > 20)
  }

  @Test func theSvgOpensInRsvg() throws {
    let diagram = try model("seed000-tab-bar.json", step: 1)
    let svg = try scratch("diagram.svg")
    try FileWriter.write(try Exporter.render(diagram, format: .svg), to: svg.path)
    let png = svg.deletingPathExtension().appendingPathExtension("png")
    #expect(try run("rsvg-convert", ["-o", png.path, svg.path]) == 0)
    let layout = Exporter.measure(diagram, options: DiagramOptions())
    let pixels = try #require(Pixels(png: png))
    #expect(pixels.width == Int(layout.width))
    #expect(pixels.height == Int(layout.height))
  }

  @Test func scaleTwoDoublesThePixels() throws {
    let diagram = try model("seed000-push.json", step: 2)
    let one = try #require(Pixels(pngBytes: try Exporter.render(diagram, format: .png), scratch: "s1"))
    let two = try #require(
      Pixels(pngBytes: try Exporter.render(diagram, format: .png, scale: 2), scratch: "s2"))
    #expect(two.width == one.width * 2)
    #expect(two.height == one.height * 2)
  }

  @Test func theDotExportIsReadByGraphviz() throws {
    let diagram = try model("seed002-tab-navigation-forwarding.json", step: 2)
    let text = DotExporter.dot(diagram)
    #expect(text.hasPrefix("digraph RotationLab {"))
    #expect(text.contains("color=\"\(Palette.light.decider.hex)\""))  // the decider, in the light palette
    #expect(text.contains("label=\"tab 1\""))
    let dot = try scratch("tree.dot")
    try FileWriter.write(Array(text.utf8), to: dot.path)
    #expect(try run("dot", ["-Tsvg", "-o", dot.path + ".svg", dot.path]) == 0)
  }

  /// Each window is its own node in Graphviz's reading of the file, with its root under it.
  @Test func theDotExportHasOneNodePerWindow() throws {
    let diagram = try model("second-window-video-player.json", step: 3)
    let dot = try scratch("windows.dot")
    try FileWriter.write(Array(DotExporter.dot(diagram).utf8), to: dot.path)
    let plain = dot.path + ".plain"
    #expect(try run("dot", ["-Tplain", "-o", plain, dot.path]) == 0)
    let edges = try String(contentsOfFile: plain, encoding: .utf8).split(separator: "\n")
      .filter { $0.hasPrefix("edge ") }.map {
        $0.split(separator: " ").dropFirst().prefix(2).joined(separator: " ")
      }
    let main = try #require(diagram.tree.nodes.first { $0.className == "UINavigationController" })
    let video = try #require(diagram.tree.nodes.first { $0.className == "FullScreenVideoViewController" })
    #expect(edges.contains("window_main n\(main.id)"))
    #expect(edges.contains("window_video n\(video.id)"))
    #expect(DotExporter.dot(diagram).contains("level normal, drives"))
  }
}
