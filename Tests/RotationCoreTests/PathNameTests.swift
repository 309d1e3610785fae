import Foundation
import RotationCore
import Testing

/// File names as the app shows and builds them, and reading files other than plain ones.
@Suite struct PathNameTests {
  @Test func partsOfAPath() {
    #expect(PathName.last("/a/b/c.json") == "c.json")
    #expect(PathName.last("/a/b/") == "b")
    #expect(PathName.last("c.json") == "c.json")
    #expect(PathName.last("/") == "/")
    #expect(PathName.folder("/a/b/c.json") == "/a/b")
    #expect(PathName.folder("/c.json") == "/")
    #expect(PathName.folder("c.json") == "")
    #expect(PathName.pathExtension("out/diagram.tar.png") == "png")
    #expect(PathName.pathExtension("out.d/diagram") == "")
    #expect(PathName.pathExtension(".profile") == "")
    #expect(PathName.deletingExtension("out/seed.json") == "out/seed")
    #expect(PathName.deletingExtension("out.d/seed") == "out.d/seed")
    #expect(" \t15 \n".trimmingWhitespace() == "15")
  }

  /// The same answers as NSString's path methods, which the app used before.
  @Test func agreesWithFoundation() {
    for path in ["/a/b/c.json", "a/b.c/d", "x.png", "/x", "dir/.hidden", "a/b/c.tar.gz", "/a/b/"] {
      let ns = path as NSString
      #expect(PathName.last(path) == ns.lastPathComponent, "\(path)")
      #expect(PathName.pathExtension(path) == ns.pathExtension, "\(path)")
      #expect(PathName.deletingExtension(path) == ns.deletingPathExtension, "\(path)")
      if path.contains("/") { #expect(PathName.folder(path) == ns.deletingLastPathComponent, "\(path)") }
    }
  }

  /// A scenario can come from a pipe (`rotation-lab trace <(generate)`): its size is unknown up
  /// front, so the reader grows its buffer, and still refuses more than the limit.
  @Test func aScenarioReadFromAPipe() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rl-pipe-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("scenario.json").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let padding = String(repeating: " ", count: 300_000)
    let text =
      #"{"format": "rotation-lab.scenario/1","# + padding
      + #""classes": {"V": {"kind": "view"}}, "window": {"root": {"class": "V"}}}"#
    let writer = Thread {
      let handle = FileHandle(forWritingAtPath: fifo)!
      handle.write(Data(text.utf8))
      try? handle.close()
    }
    writer.start()
    let bytes = try ScenarioDecoder.readFile(path: fifo, displayName: "pipe")
    #expect(bytes == Array(text.utf8))
    #expect(try ScenarioDecoder.decode(bytes: bytes).classes.map(\.name) == ["V"])

    // The reader stops at the limit and closes the pipe; the writer then gets EPIPE, not a signal.
    signal(SIGPIPE, SIG_IGN)
    let big = Thread {
      let handle = FileHandle(forWritingAtPath: fifo)!
      try? handle.write(contentsOf: Data(count: ScenarioDecoder.maxFileBytes + 10))
      try? handle.close()
    }
    big.start()
    #expect {
      try ScenarioDecoder.readFile(path: fifo, displayName: "pipe")
    } throws: {
      ($0 as? ScenarioError)?.message == "the file is larger than \(ScenarioDecoder.maxFileBytes) bytes"
    }
  }

  @Test func aFolderIsNotAScenario() {
    #expect {
      try ScenarioDecoder.readFile(path: FileManager.default.temporaryDirectory.path, displayName: "tmp")
    } throws: { ($0 as? ScenarioError)?.description == "tmp: is a directory, not one of the scenario files" }
  }
}
