import Foundation
import Testing

@testable import RotationCore

/// Scenarios, reports and exports are written by one writer: whole or not at all, never through
/// a link planted beside the target, keeping an existing file's mode.
@Suite final class FileWriterTests {
  /// The scratch folders this test made, removed when it ends (a suite class's `deinit` runs after
  /// each test): a test leaves nothing behind in /tmp.
  private var made: [URL] = []

  deinit { for folder in made { try? FileManager.default.removeItem(at: folder) } }

  func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("rl-write-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    made.append(url)
    return url
  }

  func contents(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

  @Test func aFailedWriteKeepsTheOldFileAndLeavesNothingBehind() throws {
    let folder = try folder()
    let target = folder.appendingPathComponent("keep.json")
    try Data("old".utf8).write(to: target)
    #expect(throws: WriteError.self) {
      try FileWriter.write([1, 2, 3], to: folder.appendingPathComponent("missing/x.json").path)
    }
    #expect(throws: WriteError.self) { try FileWriter.write([1, 2, 3], to: folder.path) }
    // /proc takes no new files: the temporary cannot be made.
    #expect(throws: WriteError.self) { try FileWriter.write([1, 2, 3], to: "/proc/rotation-lab-write.json") }
    #expect(try contents(target) == "old")
    try FileWriter.write(Array("new".utf8), to: target.path)
    #expect(try contents(target) == "new")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["keep.json"])
  }

  /// A link planted where the temporary file would go is not followed: the file it points to
  /// keeps its bytes, the link stays, and the write goes on under another name.
  @Test func aLinkPlantedAtTheTemporaryNameIsNeverWrittenThrough() throws {
    let folder = try folder()
    let target = folder.appendingPathComponent("scenario.json")
    let victim = folder.appendingPathComponent("victim.txt")
    try Data("precious".utf8).write(to: victim)
    let planted = folder.appendingPathComponent(".scenario.json.planted")
    try FileManager.default.createSymbolicLink(at: planted, withDestinationURL: victim)
    try FileWriter.write(Array("{}".utf8), to: target.path) { $0 == 0 ? "planted" : "second" }
    #expect(try contents(victim) == "precious")
    #expect(try contents(target) == "{}")
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: planted.path) == victim.path)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        == [".scenario.json.planted", "scenario.json", "victim.txt"])
  }

  @Test func anExistingFileKeepsItsModeAndANewOneGetsTheUmasks() throws {
    let folder = try folder()
    let target = folder.appendingPathComponent("private.json")
    try Data("old".utf8).write(to: target)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: target.path)
    try FileWriter.write(Array("new".utf8), to: target.path)
    let kept = try FileManager.default.attributesOfItem(atPath: target.path)[.posixPermissions] as? Int
    #expect(kept == 0o600)
    // The process's umask, read without changing it (tests run side by side).
    let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
    let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Umask:") })
    let mask = try #require(Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces), radix: 8))
    let fresh = folder.appendingPathComponent("fresh.json")
    try FileWriter.write(Array("x".utf8), to: fresh.path)
    let made = try FileManager.default.attributesOfItem(atPath: fresh.path)[.posixPermissions] as? Int
    #expect(made == 0o666 & ~mask)
  }

  /// A pipe (as `--output >(cmd)` or /dev/stdout lead to) is written into and stays a pipe:
  /// renaming over it would put a regular file in its place.
  @Test func aPipeIsWrittenIntoNotReplaced() throws {
    let folder = try folder()
    let fifo = folder.appendingPathComponent("pipe")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    // The reader opens the pipe's other end (an open for writing waits for one).
    let read = Received()
    Thread.detachNewThread {
      read.data = FileHandle(forReadingAtPath: fifo.path)?.readDataToEndOfFile() ?? Data()
      read.done.signal()
    }
    try FileWriter.write(Array("through the pipe".utf8), to: fifo.path)
    // A writer that renamed a file over the pipe would leave the reader waiting.
    #expect(read.done.wait(timeout: .now() + 10) == .success, "nothing was written into the pipe")
    #expect(String(decoding: read.data, as: UTF8.self) == "through the pipe")
    let attributes = try FileManager.default.attributesOfItem(atPath: fifo.path)
    #expect(attributes[.type] as? FileAttributeType != .typeRegular)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["pipe"])
  }

  @Test func temporaryNamesAreUnpredictable() {
    let names = Set((0..<50).map(FileWriter.randomName))
    #expect(names.count == 50)
    #expect(names.allSatisfy { $0.count == 12 })
  }
}

/// What the pipe's reader received, handed over once `done` is signalled.
final class Received: @unchecked Sendable {
  var data = Data()
  let done = DispatchSemaphore(value: 0)
}
