import Foundation
import Testing

@Suite struct ExportCommandTests {
  let scenario = packageRoot.appendingPathComponent("Assets/scenarios/seed000-push.json").path

  @Test func exportsTheLastStepAsPNGByDefault() throws {
    let directory = try temporaryDirectory("export-default")
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try rotationLab(["export", scenario], in: directory)
    #expect(result.status == 0, "\(result.errors)")
    let file = directory.appendingPathComponent("seed000-push-step3.png")
    let bytes = try Data(contentsOf: file)
    #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    #expect(result.errors == "wrote seed000-push-step3.png\n")
  }

  @Test func exportsAreLightUnlessTheDarkThemeIsAsked() throws {
    let directory = try temporaryDirectory("export-theme")
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(try rotationLab(["export", scenario, "--output", "plain.png"], in: directory).status == 0)
    #expect(
      try rotationLab(["export", scenario, "--output", "light.png", "--theme", "light"], in: directory).status
        == 0)
    #expect(
      try rotationLab(["export", scenario, "--output", "dark.png", "--theme=dark"], in: directory).status == 0
    )
    let plain = try Data(contentsOf: directory.appendingPathComponent("plain.png"))
    #expect(plain == (try Data(contentsOf: directory.appendingPathComponent("light.png"))))
    #expect(plain != (try Data(contentsOf: directory.appendingPathComponent("dark.png"))))
    // The dark export's background is the dark palette's, the light one's light (the pixel in
    // the top left corner, read by ImageMagick, as the window tests read screenshots).
    func corner(_ name: String) throws -> Double {
      let convert = Process()
      convert.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      convert.arguments = [
        "convert", directory.appendingPathComponent(name).path, "-crop", "1x1+2+2", "-format",
        "%[fx:luminance]",
        "info:",
      ]
      let output = Pipe()
      convert.standardOutput = output
      try convert.run()
      convert.waitUntilExit()
      let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      return Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }
    #expect((0..<0.2).contains(try corner("dark.png")))
    #expect(try corner("light.png") > 0.9)
    let bad = try rotationLab(["export", scenario, "--theme", "blue"], in: directory)
    #expect(bad.status == 64)
    #expect(bad.errors.contains("--theme expects light or dark, not 'blue'"))
  }

  @Test func theFormatFollowsTheExtensionOrTheOption() throws {
    let directory = try temporaryDirectory("export-formats")
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(
      try rotationLab(["export", scenario, "--step", "2", "--output", "d.svg"], in: directory).status == 0)
    #expect(
      try String(contentsOf: directory.appendingPathComponent("d.svg"), encoding: .utf8).contains("<svg"))
    #expect(try rotationLab(["export", scenario, "--output", "d.pdf"], in: directory).status == 0)
    #expect(try Data(contentsOf: directory.appendingPathComponent("d.pdf")).starts(with: Array("%PDF".utf8)))
    #expect(
      try rotationLab(["export", scenario, "--format", "dot", "--output", "tree.gv"], in: directory).status
        == 0)
    #expect(
      try String(contentsOf: directory.appendingPathComponent("tree.gv"), encoding: .utf8).hasPrefix(
        "digraph"))
  }

  @Test func bothSpellingsOfTheOptionsGiveTheSameFileAndTheOptionsCount() throws {
    let directory = try temporaryDirectory("export-same")
    defer { try? FileManager.default.removeItem(at: directory) }
    let spaced = try rotationLab(
      ["export", scenario, "--step=2", "--output", "a.png", "--panel", "device", "--scale", "2"],
      in: directory)
    let joined = try rotationLab(
      ["export", scenario, "--step", "2", "--output", "b.png", "--panel=device", "--scale=2"], in: directory)
    let plain = try rotationLab(["export", scenario, "--step", "2", "--output", "c.png"], in: directory)
    #expect([spaced.status, joined.status, plain.status] == [0, 0, 0])
    let a = try Data(contentsOf: directory.appendingPathComponent("a.png"))
    #expect(a == (try Data(contentsOf: directory.appendingPathComponent("b.png"))))
    #expect(
      a != (try Data(contentsOf: directory.appendingPathComponent("c.png"))),
      "--panel and --scale did nothing")
  }

  /// Determinism needs two processes: one process's hash seed, clock and environment would hide
  /// an output that depends on them.
  @Test func exportsAreTheSameInTwoProcesses() throws {
    let directory = try temporaryDirectory("export-twice")
    defer { try? FileManager.default.removeItem(at: directory) }
    func normalizedSVG(_ data: Data) -> String {
      String(decoding: data, as: UTF8.self).replacingOccurrences(
        of: #"(surface|glyph|clip|image|pattern|mask|source)[0-9-]+"#, with: "$1#",
        options: .regularExpression)
    }
    for format in ["png", "pdf", "svg", "dot"] {
      for run in ["a", "b"] {
        let result = try rotationLab(
          ["export", scenario, "--step", "2", "--output", "\(run).\(format)"], in: directory)
        #expect(result.status == 0, "\(format): \(result.errors)")
      }
      let a = try Data(contentsOf: directory.appendingPathComponent("a.\(format)"))
      let b = try Data(contentsOf: directory.appendingPathComponent("b.\(format)"))
      #expect(a.count > 100, "\(format)")
      if format == "svg" {
        #expect(normalizedSVG(a) == normalizedSVG(b), "the SVG differs beyond cairo's generated ids")
      } else {
        #expect(a == b, "\(format) differs from one process to the next")
      }
    }
  }

  @Test func standardOutputGetsTheBytes() throws {
    let result = try rotationLab(["export", scenario, "--format", "dot", "--output", "-"])
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("digraph RotationLab {"))
    #expect(result.errors.isEmpty)
  }

  @Test func allStepsWritesOneNumberedFilePerStep() throws {
    let directory = try temporaryDirectory("export-all")
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try rotationLab(["export", scenario, "--all-steps", "--output", "push.png"], in: directory)
    #expect(result.status == 0)
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(files == ["push-01.png", "push-02.png", "push-03.png"])
  }

  @Test(arguments: [
    (["--step", "9"], "--step expects a step from 1 to 3, not '9'"),
    (["--format", "gif"], "--format expects png, svg, pdf or dot, not 'gif'"),
    (["--panel", "side"], "--panel expects tree, device, masks, calls or all, not 'side'"),
    (["--scale", "0"], "--scale expects a number from 0.25 to 8, not '0'"),
    (["--all-steps", "--step", "1"], "--step and --all-steps exclude each other"),
    (["--output"], "--output needs a value"),
  ])
  func badOptionsGetOneClearMessage(_ options: [String], _ message: String) throws {
    let result = try rotationLab(["export", scenario] + options)
    #expect(result.status == 64)
    #expect(result.errors.contains(message), "\(result.errors)")
    #expect(result.output.isEmpty)
  }

  @Test func anUnwritablePathFailsAndLeavesTheOldFile() throws {
    let directory = try temporaryDirectory("export-unwritable")
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try rotationLab(["export", scenario, "--output", "/proc/rotation-lab.png"])
    #expect(result.status == 73)
    #expect(result.errors.hasPrefix("rotation-lab: export: cannot write /proc/rotation-lab.png"))
    let existing = directory.appendingPathComponent("old.png")
    try Data("keep me".utf8).write(to: existing)
    let invalid = try rotationLab(["export", scenario, "--step", "0", "--output", existing.path])
    #expect(invalid.status == 64)
    #expect(try String(contentsOf: existing, encoding: .utf8) == "keep me")
    let missingFolder = try rotationLab([
      "export", scenario, "--output", directory.path + "/no/such/folder.png",
    ])
    #expect(missingFolder.status == 73)
    #expect(missingFolder.errors.contains("does not exist"))
  }
}

@Suite struct InterruptedWriteTests {
  /// Kills `rotation-lab export` at different moments while it replaces a file: the file is
  /// always either the old one or a complete new one, never half of one.
  @Test func aKilledWriteLeavesTheOldFileOrTheWholeNewOne() throws {
    let directory = try temporaryDirectory("interrupted")
    defer { try? FileManager.default.removeItem(at: directory) }
    let target = directory.appendingPathComponent("diagram.png")
    let old = Data("the old file".utf8)
    var sawOld = false
    var sawNew = false
    // The last run is not killed: on a loaded machine an export can outlast every delay, and the
    // finished file must be the whole new one too.
    let delays: [Double?] = [0.0, 0.02, 0.05, 0.1, 0.15, 0.2, 0.3, 0.45, 0.7, 1.0, 1.5, nil]
    for delay in delays {
      try old.write(to: target)
      let process = Process()
      process.executableURL = try rotationLabBinary()
      process.arguments = [
        "export", packageRoot.appendingPathComponent("Assets/scenarios/seed000-present.json").path, "--step",
        "2",
        "--scale", "3", "--output", target.path,
      ]
      process.standardError = FileHandle.nullDevice
      try process.run()
      if let delay {
        Thread.sleep(forTimeInterval: delay)
        kill(process.processIdentifier, SIGKILL)
      }
      process.waitUntilExit()
      let now = try Data(contentsOf: target)
      if now == old {
        sawOld = true
      } else {
        #expect(
          now.starts(with: [0x89, 0x50, 0x4E, 0x47]),
          "after \(delay ?? .infinity) s the file is neither old nor a PNG")
        #expect(
          Array(now.suffix(8)) == [0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82],
          "after \(delay ?? .infinity) s the PNG is cut")
        sawNew = true
      }
    }
    #expect(sawOld, "no kill landed before the rename")
    #expect(sawNew, "no export finished")
  }
}
