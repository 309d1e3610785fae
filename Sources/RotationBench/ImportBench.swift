import Foundation
import RotationCore
import RotationImport

/// `import_1000_files_ms`: importing a generated project of 1,000 files (a project file, an
/// Info.plist, a storyboard of 201 scenes, 797 Swift files and 100 Objective-C pairs),
/// written to a scratch folder first, then read whole as `rotation-lab import FOLDER` does.
extension Bench {
  static func importFigure() -> Figure {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rotation-lab-bench-import")
    try? FileManager.default.removeItem(at: folder)
    let count = writeProject(at: folder)
    var times: [Double] = []
    var classes = 0
    for _ in 0..<5 {
      let start = now()
      let result = try? AppImport.load(path: folder.path)
      times.append(now() - start)
      classes = result?.scenario.classes.count ?? 0
    }
    try? FileManager.default.removeItem(at: folder)
    return Figure(
      name: "import_1000_files_ms", value: classes == 0 ? nil : median(times) * 1000, unit: "ms", bound: 1000,
      note: "median of 5 over \(count) files, \(classes) classes imported")
  }

  /// Writes the project; returns how many files it wrote.
  static func writeProject(at folder: URL) -> Int {
    var files: [(String, String)] = []
    let app = "BenchApp"
    files.append(("\(app).xcodeproj/project.pbxproj", benchProject))
    files.append(
      (
        "\(app)/Info.plist",
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict>\n"
          + "<key>UIMainStoryboardFile</key><string>Main</string>\n<key>UISupportedInterfaceOrientations</key>"
          + "<array><string>UIInterfaceOrientationPortrait</string><string>UIInterfaceOrientationLandscapeLeft</string>"
          + "</array>\n</dict></plist>\n"
      ))
    var scenes = ""
    var tabs = ""
    for index in 0..<100 {
      tabs +=
        "<segue destination=\"n\(index)\" kind=\"relationship\" relationship=\"viewControllers\" id=\"t\(index)\"/>\n"
      scenes += """
        <scene sceneID="sn\(index)"><objects>
          <navigationController id="n\(index)" customClass="Nav\(index % 5)" sceneMemberID="viewController">
            <connections><segue destination="v\(index)" kind="relationship" relationship="rootViewController" id="r\(index)"/></connections>
          </navigationController>
        </objects></scene>
        <scene sceneID="sv\(index)"><objects>
          <viewController id="v\(index)" customClass="Screen\(index)" sceneMemberID="viewController">
            <view key="view" id="w\(index)"><subviews><button id="b\(index)"><connections>
              <segue destination="v\((index + 1) % 100)" kind="presentation" modalPresentationStyle="fullScreen" id="p\(index)"/>
            </connections></button></subviews></view>
          </viewController>
        </objects></scene>

        """
    }
    files.append(
      (
        "\(app)/Base.lproj/Main.storyboard",
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" "
          + "version=\"3.0\" initialViewController=\"tabs\"><scenes>\n<scene sceneID=\"st\"><objects>"
          + "<tabBarController id=\"tabs\" customClass=\"Tabs\" sceneMemberID=\"viewController\"><connections>\n"
          + tabs + "</connections></tabBarController></objects></scene>\n" + scenes + "</scenes></document>\n"
      ))
    files.append(
      (
        "\(app)/Tabs.swift",
        "import UIKit\n\nfinal class Tabs: UITabBarController {\n"
          + "    override var supportedInterfaceOrientations: UIInterfaceOrientationMask {\n"
          + "        selectedViewController?.supportedInterfaceOrientations ?? .portrait\n    }\n}\n"
      ))
    for index in 0..<5 {
      files.append(
        (
          "\(app)/Navigation/Nav\(index).swift",
          "import UIKit\n\nclass Nav\(index): UINavigationController {\n"
            + "    override var shouldAutorotate: Bool { topViewController?.shouldAutorotate ?? true }\n"
            + "    override var supportedInterfaceOrientations: UIInterfaceOrientationMask {\n"
            + "        return topViewController?.supportedInterfaceOrientations ?? .portrait\n    }\n}\n"
        ))
    }
    // 791 more Swift view controllers: the 100 screens and 691 others, each from a base class.
    func screen(_ index: Int) -> String { index < 100 ? "Screen\(index)" : "Detail\(index)" }
    for index in 0..<791 {
      let name = screen(index)
      let base = index % 10 == 0 ? "UIViewController" : screen(index - index % 10)
      files.append(
        (
          "\(app)/Screens/Group\(index / 50)/\(name).swift",
          """
          import UIKit

          /// Screen number \(index): a comment with braces { } and "quotes" that the lexer skips.
          class \(name): \(base) {
              private let title\(index) = "Screen \\(\(index))"
              var isLandscape\(index % 7) = false

              override var supportedInterfaceOrientations: UIInterfaceOrientationMask {
                  isLandscape\(index % 7) ? .landscape : [.portrait, .landscapeLeft]
              }

              override func viewWillAppear(_ animated: Bool) {
                  super.viewWillAppear(animated)
                  if index\(index) > 3 { print("appearing") }
                  UIViewController.attemptRotationToDeviceOrientation()
              }

              func rotate() {
                  UIDevice.current.setValue(UIInterfaceOrientation.landscapeRight.rawValue, forKey: "orientation")
              }
          }

          """
        ))
    }
    for index in 0..<100 {
      files.append(
        (
          "\(app)/Legacy/Legacy\(index).h",
          "#import <UIKit/UIKit.h>\n\n@interface Legacy\(index) : UIViewController\n@end\n"
        ))
      files.append(
        (
          "\(app)/Legacy/Legacy\(index).m",
          "#import \"Legacy\(index).h\"\n\n@implementation Legacy\(index)\n\n- (BOOL)shouldAutorotate {\n    return NO;\n}\n\n"
            + "- (UIInterfaceOrientationMask)supportedInterfaceOrientations {\n"
            + "    return UIInterfaceOrientationMaskPortrait | UIInterfaceOrientationMaskLandscapeRight;\n}\n\n@end\n"
        ))
    }
    for (path, text) in files {
      let url = folder.appendingPathComponent(path)
      try? FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try? Data(text.utf8).write(to: url)
    }
    return files.count
  }

  static let benchProject = """
    // !$*UTF8*$!
    {
    \tarchiveVersion = 1;
    \tobjectVersion = 56;
    \tobjects = {
    \t\tB0000000000000000000A001 = {
    \t\t\tisa = PBXNativeTarget;
    \t\t\tbuildConfigurationList = B0000000000000000000C001;
    \t\t\tname = BenchApp;
    \t\t\tproductType = "com.apple.product-type.application";
    \t\t};
    \t\tB0000000000000000000B001 = {
    \t\t\tisa = XCBuildConfiguration;
    \t\t\tbuildSettings = {
    \t\t\t\tINFOPLIST_FILE = BenchApp/Info.plist;
    \t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 15.0;
    \t\t\t\tTARGETED_DEVICE_FAMILY = 1;
    \t\t\t};
    \t\t\tname = Release;
    \t\t};
    \t\tB0000000000000000000C001 = {
    \t\t\tisa = XCConfigurationList;
    \t\t\tbuildConfigurations = (B0000000000000000000B001);
    \t\t\tdefaultConfigurationName = Release;
    \t\t};
    \t\tB0000000000000000000D001 = {
    \t\t\tisa = PBXProject;
    \t\t};
    \t};
    \trootObject = B0000000000000000000D001;
    }

    """
}
