import Foundation
import RotationCore
import RotationImport
import Testing

/// Xcode projects (written for these tests, in Xcode's project.pbxproj format): the application
/// target's default configuration, Xcode 13+'s INFOPLIST_KEY_ build settings, or the Info.plist
/// file a classic project names.
@Suite struct ProjectImportTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "Fixtures")

  func fixture(_ name: String) -> String { Self.fixtures.appendingPathComponent(name).path }

  @Test func anXcode13ProjectIsReadFromItsReleaseBuildSettings() throws {
    let result = try ProjectImport.load(path: fixture("ModernApp/ModernApp.xcodeproj"))
    let scenario = result.scenario
    // Release is the default configuration; Debug says portrait only and iOS 15, and is not used.
    #expect(scenario.system.version.text == "16.0")
    #expect(scenario.system.idiom == .phone)
    #expect(scenario.app.infoPlist == [.portrait, .landscapeLeft, .landscapeRight])
    #expect(scenario.app.requiresFullScreen)
    let facts = result.report.facts.map(\.description)
    #expect(
      facts.contains(
        "ModernApp.xcodeproj/project.pbxproj: the application target ModernApp, Release configuration"))
    #expect(
      facts.contains(
        "ModernApp.xcodeproj/project.pbxproj:45: INFOPLIST_KEY_UISupportedInterfaceOrientations_iPhone: portrait, landscapeLeft, landscapeRight"
      ))
    #expect(
      facts.contains(
        "ModernApp.xcodeproj/project.pbxproj:42: INFOPLIST_KEY_UIMainStoryboardFile Main: the app launches with that storyboard"
      ))
    #expect(Simulator.run(scenario).first?.status == .ran)
  }

  @Test func aClassicProjectReadsTheInfoPlistItNamesForItsIdiom() throws {
    let result = try ProjectImport.load(path: fixture("ClassicApp/ClassicApp.xcodeproj"))
    #expect(result.scenario.system.idiom == .pad)
    #expect(result.scenario.system.version.text == "9.0")
    // The iPad list of the Info.plist, since the project says iPad.
    #expect(result.scenario.app.infoPlist == [.landscapeLeft, .landscapeRight])
    #expect(result.report.facts.contains { $0.file == "ClassicApp/Info.plist" && $0.line == 5 })
    // The project's settings win: the plist's missing device family is not reported as assumed.
    #expect(!result.report.assumptions.contains { $0.text.contains("UIDeviceFamily") })
  }

  @Test func projectsThatCannotBeUsedGetAClearError() throws {
    let cases: [(String, String)] = [
      ("Garbage.xcodeproj", "not an Xcode project file"),
      ("NoApp.xcodeproj", "has no application target"),
      ("Missing.xcodeproj", "no such file"),
    ]
    for (name, message) in cases {
      do {
        _ = try ProjectImport.load(path: fixture(name))
        Issue.record("\(name) was accepted")
      } catch {
        #expect(error.file == "\(name)/project.pbxproj")
        #expect(error.message.contains(message), "\(name): \(error.message)")
      }
    }
  }

  /// Found by the fuzzer: a configuration list naming configurations the file does not have.
  @Test func aConfigurationListPointingNowhereIsAnErrorNotACrash() throws {
    let text = """
      { objects = {
          T = { isa = PBXNativeTarget; name = App; productType = "com.apple.product-type.application";
                buildConfigurationList = L; };
          L = { isa = XCConfigurationList; buildConfigurations = ( Missing ); };
        }; rootObject = R; }
      """
    #expect(throws: ImportError.self) {
      try ProjectImport.read(Array(text.utf8), file: "project.pbxproj", path: nil)
    }
  }
}
