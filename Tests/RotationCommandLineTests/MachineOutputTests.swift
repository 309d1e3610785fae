import Foundation
import Testing

/// `--json` is machine output: the same bytes in every language, while the text for people is
/// translated (the catalogue is compiled from po/zh_CN.po for the test, as scripts/run does).
@Suite struct MachineOutputTests {
  /// po/zh_CN.po compiled into a folder of its own, for `ROTATION_LAB_LOCALE_DIR`.
  static func chineseCatalogue() throws -> URL {
    let folder = try temporaryDirectory("locale")
    let messages = folder.appendingPathComponent("zh_CN/LC_MESSAGES")
    try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
    let msgfmt = Process()
    msgfmt.executableURL = URL(fileURLWithPath: "/usr/bin/msgfmt")
    msgfmt.arguments = [
      "-o", messages.appendingPathComponent("rotation-lab.mo").path,
      packageRoot.appendingPathComponent("po/zh_CN.po").path,
    ]
    try msgfmt.run()
    msgfmt.waitUntilExit()
    #expect(msgfmt.terminationStatus == 0)
    return folder
  }

  @Test func traceAndCompareJSONAreTheSameBytesInChineseAndEnglish() throws {
    let catalogue = try Self.chineseCatalogue()
    let chinese = ["LANGUAGE": "zh_CN", "ROTATION_LAB_LOCALE_DIR": catalogue.path]
    let english = ["LANGUAGE": "en", "ROTATION_LAB_LOCALE_DIR": catalogue.path]
    let folder = packageRoot.appendingPathComponent("Assets/scenarios")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasSuffix(".json")
    }
    #expect(names.count > 20)
    for name in names.sorted() {
      let path = "Assets/scenarios/" + name
      // The catalogue is in use: the text trace for people is in Chinese.
      let text = try rotationLab(["trace", path], environment: chinese)
      #expect(text.status == 0)
      #expect(text.output.contains("结果："), "\(name): the Chinese catalogue was not used")
      for command in [["trace", path, "--json"], ["compare", path, "--json"]] {
        let inChinese = try rotationLab(command, environment: chinese)
        let inEnglish = try rotationLab(command, environment: english)
        #expect(inChinese.status == 0 && inEnglish.status == 0)
        #expect(inChinese.output == inEnglish.output, "\(command.joined(separator: " ")) differs by language")
        #expect(!inEnglish.output.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) })
      }
    }
  }
}
