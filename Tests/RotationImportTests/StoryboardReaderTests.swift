import RotationCore
import Testing

@testable import RotationImport

/// Storyboards and xibs in Interface Builder's document format (small ones written here): the
/// tree UIKit builds from them at launch, and what the report says of each part.
@Suite struct StoryboardReaderTests {
  func tree(_ xml: String, file: String = "Main.storyboard", references: [String: String] = [:]) throws
    -> StoryboardTree
  {
    let document = try StoryboardDocument.read(Array(xml.utf8), file: file)
    var others: [String: (StoryboardDocument, String)] = [:]
    for (name, text) in references {
      others[name] = (
        try StoryboardDocument.read(Array(text.utf8), file: name + ".storyboard"), name + ".storyboard"
      )
    }
    return StoryboardTree(document, file: file, references: { others[$0] })
  }

  static func storyboard(initial: String, _ scenes: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="\(initial)">
        <scenes>
    \(scenes)
        </scenes>
    </document>
    """
  }

  @Test func aSplitViewsColumnsInBothStyles() throws {
    let xml = Self.storyboard(
      initial: "split",
      """
      <scene sceneID="a"><objects>
        <splitViewController id="split" customClass="ReaderSplit" allowDoubleColumnStyle="YES" sceneMemberID="viewController">
          <connections>
            <segue destination="detail" kind="relationship" relationship="detailViewController" id="s1"/>
            <segue destination="list" kind="relationship" relationship="masterViewController" id="s2"/>
            <segue destination="middle" kind="relationship" relationship="supplementaryViewController" id="s3"/>
          </connections>
        </splitViewController>
      </objects></scene>
      <scene sceneID="b"><objects><tableViewController id="list" customClass="ArticleList" sceneMemberID="viewController"/></objects></scene>
      <scene sceneID="c"><objects><viewController id="middle" customClass="Sections" sceneMemberID="viewController"/></objects></scene>
      <scene sceneID="d"><objects><viewController id="detail" customClass="Reader" sceneMemberID="viewController"/></objects></scene>
      """)
    let result = try tree(xml)
    #expect(
      result.root
        == Node(
          className: "ReaderSplit",
          columns: [
            Node.Column(.primary, Node(className: "ArticleList")),
            Node.Column(.supplementary, Node(className: "Sections")),
            Node.Column(.secondary, Node(className: "Reader")),
          ]))
    #expect(result.classes.map(\.kind) == [.splitView, .view, .view, .view])
  }

  @Test func aReferenceToAnotherStoryboardIsFollowed() throws {
    let main = Self.storyboard(
      initial: "tabs",
      """
      <scene sceneID="a"><objects>
        <tabBarController id="tabs" sceneMemberID="viewController"><connections>
          <segue destination="ref" kind="relationship" relationship="viewControllers" id="s1"/>
          <segue destination="gone" kind="relationship" relationship="viewControllers" id="s2"/>
        </connections></tabBarController>
      </objects></scene>
      <scene sceneID="b"><objects>
        <viewControllerPlaceholder storyboardName="Player" referencedIdentifier="PlayerScreen" id="ref" sceneMemberID="viewController"/>
        <viewControllerPlaceholder storyboardName="Missing" id="gone" sceneMemberID="viewController"/>
      </objects></scene>
      """)
    let player = Self.storyboard(
      initial: "other",
      """
      <scene sceneID="p"><objects>
        <viewController id="other" customClass="NotThisOne" sceneMemberID="viewController"/>
        <viewController storyboardIdentifier="PlayerScreen" id="screen" customClass="PlayerVC" sceneMemberID="viewController"/>
      </objects></scene>
      """)
    let result = try tree(main, references: ["Player": player])
    #expect(result.root == Node(className: "UITabBarController", tabs: [Node(className: "PlayerVC")]))
    #expect(
      result.report.assumptions.map(\.description).contains(
        "Main.storyboard:12: a reference to the storyboard Missing, which is not found: left out"))
    #expect(result.classes.first(where: { $0.name == "PlayerVC" })?.file == "Player.storyboard")
  }

  @Test func aRelationshipLoopIsCut() throws {
    let xml = Self.storyboard(
      initial: "a",
      """
      <scene sceneID="1"><objects>
        <navigationController id="a" sceneMemberID="viewController"><connections>
          <segue destination="b" kind="relationship" relationship="rootViewController" id="s1"/>
        </connections></navigationController>
        <navigationController id="b" sceneMemberID="viewController"><connections>
          <segue destination="a" kind="relationship" relationship="rootViewController" id="s2"/>
        </connections></navigationController>
      </objects></scene>
      """)
    let result = try tree(xml)
    #expect(
      result.root
        == Node(
          className: "UINavigationController", stack: [Node(className: "UINavigationController")]))
    #expect(
      result.report.assumptions.map(\.text).contains(
        "the relationships come back to a: the loop is cut there"))
  }

  @Test func aMainWindowXibMakesTheWindowsRoot() throws {
    // An old MainWindow.xib: the window's rootViewController outlet names a navigation controller
    // whose root is nested in its element.
    let xib = """
      <?xml version="1.0" encoding="UTF-8"?>
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
          <objects>
              <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="UIApplication"/>
              <customObject id="delegate" customClass="AppDelegate"/>
              <window opaque="NO" id="win">
                  <connections>
                      <outlet property="rootViewController" destination="nav" id="o1"/>
                  </connections>
              </window>
              <navigationController id="nav" customClass="LegacyNav">
                  <viewControllers>
                      <viewController nibName="RootViewController" id="root" customClass="RootViewController"/>
                  </viewControllers>
              </navigationController>
          </objects>
      </document>
      """
    let result = try tree(xib, file: "MainWindow.xib")
    #expect(
      result.root == Node(className: "LegacyNav", stack: [Node(className: "RootViewController")]))
  }

  @Test func aViewControllersXibIsItsFilesOwner() throws {
    let xib = """
      <?xml version="1.0" encoding="UTF-8"?>
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
          <objects>
              <placeholder placeholderIdentifier="IBFilesOwner" id="-1" customClass="VideoViewController" customModule="App"/>
              <view contentMode="scaleToFill" id="v"/>
          </objects>
      </document>
      """
    let result = try tree(xib, file: "VideoViewController.xib")
    #expect(result.root == Node(className: "VideoViewController"))
    #expect(
      result.report.facts.map(\.description).contains(
        "VideoViewController.xib:4: File's Owner is VideoViewController: the window's root"))
  }

  @Test func aStoryboardWithoutAnInitialControllerSaysSo() throws {
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
        <scenes><scene sceneID="a"><objects><viewController id="x" sceneMemberID="viewController"/></objects></scene></scenes>
      </document>
      """
    let result = try tree(xml)
    #expect(result.root == nil)
    #expect(
      result.report.assumptions.map(\.text) == [
        "no initial view controller (Is Initial View Controller is not set): the window's root is not known"
      ])
  }

  @Test func anHTMLFileIsNotAStoryboard() {
    #expect {
      try StoryboardDocument.read(Array("<html><body>hi</body></html>".utf8), file: "Main.storyboard")
    } throws: { error in
      (error as? ImportError)?.message
        == "line 1: the root element is <html>; expected an Interface Builder <document>"
    }
  }
}
