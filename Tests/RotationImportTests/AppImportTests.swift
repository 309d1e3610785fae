import Foundation
import RotationCore
import Testing

@testable import RotationImport

/// Whole projects written for these tests in Xcode's formats (project.pbxproj, Info.plist,
/// storyboard, Swift and Objective-C): each imports into a scenario whose trace is the trace of a
/// scenario written by hand from the same code (`NAME.expected.json`), under the same steps, and
/// with the report reviewed line by line (`NAME.expected-report.txt`).
@Suite struct AppImportTests {
  static let projects = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/Projects")

  static let fixtures = ["StoryboardSwiftApp", "CodeObjCApp", "SceneSwiftApp"]

  func project(_ name: String) -> String {
    Self.projects.appendingPathComponent("\(name)/\(name).xcodeproj").path
  }

  @Test(arguments: fixtures) func aProjectTracesAsItsCodeReads(_ name: String) throws {
    let result = try AppImport.load(path: project(name))
    let expected = try ScenarioDecoder.load(
      path: Self.projects.appendingPathComponent("\(name).expected.json").path)
    var imported = result.scenario
    imported.steps = expected.steps
    imported.title = expected.title
    // Through the file format, as `rotation-lab import` writes it.
    let written = try ScenarioDecoder.decode(text: ScenarioEncoder.text(imported))
    let trace = TextTrace.render(Simulator.run(written), scenario: written)
    #expect(trace == TextTrace.render(Simulator.run(expected), scenario: expected))
    #expect(written.window == expected.window)
  }

  @Test(arguments: fixtures) func theReportSaysWhatWasReadAndAssumed(_ name: String) throws {
    let result = try AppImport.load(path: project(name))
    let expected = try String(
      contentsOf: Self.projects.appendingPathComponent("\(name).expected-report.txt"), encoding: .utf8)
    #expect(result.report.text == expected)
  }

  @Test func everyImportedClassSaysWhereItCameFrom() throws {
    let result = try AppImport.load(path: project("StoryboardSwiftApp"))
    let origins = Dictionary(uniqueKeysWithValues: result.scenario.classes.map { ($0.name, $0.origin) })
    #expect(origins["PlayerViewController"] == "StoryboardSwiftApp/Screens/PlayerViewController.swift:3")
    #expect(origins["UITableViewController"] == "StoryboardSwiftApp/Base.lproj/Main.storyboard:76")
    #expect(result.scenario.classes.first(where: { $0.name == "UITableViewController" })?.external == true)
  }

  @Test func theFolderAboveAProjectImportsTheSame() throws {
    let folder = try AppImport.load(path: Self.projects.appendingPathComponent("CodeObjCApp").path)
    let project = try AppImport.load(path: project("CodeObjCApp"))
    #expect(folder.scenario == project.scenario)
    #expect(folder.report == project.report)
  }

  @Test func aCategoryOnAUIKitClassInTheTreeDeclaresThatClass() throws {
    // UIKit's own UINavigationController in the tree, changed by the app's category.
    let folder = try scratchCopy(of: "CodeObjCApp")
    let delegate = folder.appendingPathComponent("CodeObjCApp/AppDelegate.m")
    let text = try String(contentsOf: delegate, encoding: .utf8)
      .replacingOccurrences(of: "[[MainNavigationController alloc]", with: "[[UINavigationController alloc]")
    try text.write(to: delegate, atomically: true, encoding: .utf8)
    let result = try AppImport.load(path: folder.path)
    let navigation = try #require(
      result.scenario.classes.first(where: { $0.name == "UINavigationController" }))
    #expect(navigation.category == "Rotation")
    #expect(navigation.supportedInterfaceOrientations == .forward(.top))
    #expect(navigation.origin == "CodeObjCApp/Categories/UINavigationController+Rotation.m:4")
    let written = try ScenarioDecoder.decode(text: ScenarioEncoder.text(result.scenario))
    let trace = TextTrace.render(Simulator.run(written), scenario: written)
    #expect(
      trace.contains(
        "-[UINavigationController supportedInterfaceOrientations] -> portrait  forwards to topViewController")
    )
  }

  func scratchCopy(of name: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString)")
    try FileManager.default.copyItem(at: Self.projects.appendingPathComponent(name), to: folder)
    return folder
  }
}
