import Foundation
import RotationCore
import RotationImport
import Testing

/// Info.plist files, XML and binary, into a scenario and a report that names each fact's line and
/// each assumption. The fixtures are written for these tests.
@Suite struct InfoPlistImportTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "Fixtures")

  func fixture(_ name: String) -> String { Self.fixtures.appendingPathComponent(name).path }

  @Test func anIPhoneAndIPadAppIsReadAsAnIPhoneAppWithItsLines() throws {
    let result = try InfoPlistImport.load(path: fixture("PhotoApp-Info.plist"), displayName: "Info.plist")
    let scenario = result.scenario
    #expect(scenario.system.idiom == .phone)
    #expect(scenario.system.version.text == "15.0")
    #expect(scenario.app.infoPlist == [.portrait, .landscapeLeft, .landscapeRight])
    #expect(scenario.window.className == "UIViewController")
    let facts = result.report.facts.map(\.description)
    #expect(
      facts.contains(
        "Info.plist:21: UISupportedInterfaceOrientations: portrait, landscapeLeft, landscapeRight"))
    #expect(facts.contains("Info.plist:7: MinimumOSVersion 15.0: the scenario runs on iOS 15.0"))
    let assumed = result.report.assumptions.map(\.description)
    #expect(
      assumed.contains {
        $0.hasPrefix(
          "Info.plist:21: UISupportedInterfaceOrientations lists \"UIInterfaceOrientationSideways\"")
      })
    #expect(facts.contains("Info.plist:19: UIMainStoryboardFile Main: the app launches with that storyboard"))
    #expect(assumed.contains { $0.contains("the root is UIKit's UIViewController") })
    // The scenario runs as it is.
    #expect(Simulator.run(scenario).first?.status == .ran)
  }

  @Test func anIPadOnlyAppUsesTheIPadKey() throws {
    let result = try InfoPlistImport.load(path: fixture("iPadGame-Info.plist"))
    #expect(result.scenario.system.idiom == .pad)
    #expect(result.scenario.app.infoPlist == [.landscapeRight, .landscapeLeft])
    #expect(result.scenario.app.requiresFullScreen)
    #expect(!result.scenario.multitasking)
  }

  /// TN3192's migration key and the absent scene manifest, read from the same kind of file.
  @Test func theKeyThatIgnoresRequiresFullScreenAndNoSceneManifest() throws {
    let text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict>
      <key>UIDeviceFamily</key><array><integer>2</integer></array>
      <key>UIRequiresFullScreen</key><true/>
      <key>UIRequiresFullScreenIgnoredStartingWithVersion</key><string>26</string>
      </dict></plist>
      """
    let result = try InfoPlistImport.read(Array(text.utf8), file: "Info.plist")
    #expect(result.scenario.app.requiresFullScreenIgnoredStartingWithVersion == SystemVersion("26"))
    #expect(!result.scenario.app.sceneLifecycle)
    #expect(
      result.report.facts.map(\.description).contains {
        $0.contains("UIRequiresFullScreenIgnoredStartingWithVersion 26: from iPadOS 26.2")
      })
  }

  /// A binary plist, as Xcode writes into a built app, is read the same (no lines to name).
  @Test func aBinaryPlistIsReadToo() throws {
    let xml = try Data(contentsOf: Self.fixtures.appendingPathComponent("iPadGame-Info.plist"))
    let object = try PropertyListSerialization.propertyList(from: xml, format: nil)
    let binary = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
    #expect(binary.starts(with: Array("bplist".utf8)))
    let result = try InfoPlistImport.read(Array(binary), file: "Info.plist")
    #expect(result.scenario.app.infoPlist == [.landscapeRight, .landscapeLeft])
    #expect(result.report.facts.allSatisfy { $0.line == nil })
  }

  @Test func badFilesGetAClearError() throws {
    let cases: [(String, String)] = [
      ("garbage.plist", "not a property list (XML or binary)"),
      ("array-root.plist", "expected a property list whose top level is a dictionary"),
      ("wrong-type.plist", "UIRequiresFullScreen:"),
      ("missing.plist", "no such file"),
    ]
    for (name, message) in cases {
      do {
        _ = try InfoPlistImport.load(path: fixture(name), displayName: name)
        Issue.record("\(name) was accepted")
      } catch {
        #expect(error.file == name)
        #expect(error.message.contains(message), "\(name): \(error.message)")
      }
    }
  }
}
