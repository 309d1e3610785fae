import Foundation
import RotationCore
import Testing

@testable import RotationImport

/// Forms a review found misread or dropped, each read now as UIKit runs it (or said, not guessed).
@Suite struct ReviewFormsTests {
  func reader(_ files: [(String, String)]) -> CodeReader {
    CodeReader(files.map { SourceFile(Array($0.1.utf8), file: $0.0) })
  }

  func spec(_ source: String, _ name: String, kind: ControllerKind = .view, file: String = "A.swift")
    -> ClassSpec
  {
    var code = reader([(file, source)])
    return code.spec(name, kind: kind)
  }

  @Test func theLaunchMethodsRootWinsOverALaterOne() {
    let code = reader([
      (
        "AccountVC.swift",
        "class AccountVC: UIViewController {\n  func logout() { view.window?.rootViewController = LoginVC() }\n}\nclass LoginVC: UIViewController {}\n"
      ),
      (
        "AppDelegate.swift",
        "class AppDelegate: UIResponder, UIApplicationDelegate {\n  var window: UIWindow?\n"
          + "  func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {\n"
          + "    window?.rootViewController = UINavigationController(rootViewController: AccountVC())\n    return true\n  }\n}\n"
      ),
    ])
    let root = code.codeRoot(storyboard: { _, _ in nil })
    #expect(root?.node == Node(className: "UINavigationController", stack: [Node(className: "AccountVC")]))
    #expect(root?.file == "AppDelegate.swift")
  }

  @Test func aGenericTypeDoesNotSwallowTheNextDeclaration() {
    let a = spec(
      "class A: UIViewController {\n  var items: Array<Set<Int>> = []\n"
        + "  override var supportedInterfaceOrientations: UIInterfaceOrientationMask { .landscape }\n}\n", "A"
    )
    #expect(a.supportedInterfaceOrientations == .value(.literal(.landscape)))
  }

  /// A body the readers do not follow (`!super…`, a forward combined with a mask, a search of the
  /// children) is kept as the app's code, verbatim with its file and line, for the simulation to
  /// run (CodeAnswerTests runs these spellings); it is no longer a plain super or a plain forward.
  @Test func answersTheReadersDoNotFollowAreKeptAsCode() {
    func code<T>(_ override: Override<T>?) -> CodeBody? {
      guard case .value(.code(let body))? = override else { return nil }
      return body
    }
    let a = spec(
      "class A: UIViewController {\n  override var shouldAutorotate: Bool { !super.shouldAutorotate }\n}\n",
      "A")
    #expect(code(a.shouldAutorotate)?.source == " !super.shouldAutorotate ")
    #expect(code(a.shouldAutorotate)?.file == "A.swift" && code(a.shouldAutorotate)?.line == 2)
    let n = spec(
      "class N: UINavigationController {\n  override var shouldAutorotate: Bool { !(topViewController?.shouldAutorotate ?? true) }\n"
        + "  override var supportedInterfaceOrientations: UIInterfaceOrientationMask {\n"
        + "    topViewController?.supportedInterfaceOrientations.intersection(.portrait) ?? .portrait\n  }\n}\n",
      "N",
      kind: .navigation)
    #expect(
      code(n.shouldAutorotate)?.source.contains("!(topViewController?.shouldAutorotate ?? true)") == true)
    #expect(code(n.supportedInterfaceOrientations)?.line == 3)
    let c = spec(
      "class C: UIViewController {\n  override var supportedInterfaceOrientations: UIInterfaceOrientationMask {\n"
        + "    children.first(where: { $0 is VideoVC })?.supportedInterfaceOrientations ?? .portrait\n  }\n}\n",
      "C",
      kind: .container)
    #expect(code(c.supportedInterfaceOrientations)?.source.contains("children.first(where:") == true)
  }

  @Test func flagsKeepTheirValuesThroughObserversNamespacesAndHeaders() {
    let code = reader([
      (
        "A.swift",
        "var allowRotation = true {\n  didSet { print(allowRotation) }\n}\nenum Rotation {\n  static var locked = true\n}\n"
      ),
      ("G.h", "extern BOOL legacy;\n"), ("G.m", "BOOL legacy = YES;\n"),
    ])
    #expect(code.flags["allowRotation"]?.value == true)
    #expect(code.flags["locked"]?.value == true)
    #expect(code.flags["legacy"]?.value == true)
  }

  @Test func geometryPreferencesMadeInAnEarlierStatementAreRequested() {
    let a = spec(
      "class A: UIViewController {\n  override func viewDidAppear(_ animated: Bool) {\n"
        + "    let preferences = UIWindowScene.GeometryPreferences.iOS(interfaceOrientations: UIInterfaceOrientationMask.landscapeRight)\n"
        + "    view.window?.windowScene?.requestGeometryUpdate(preferences)\n  }\n}\n", "A")
    #expect(a.hook(.viewDidAppear) == [.requestGeometryUpdate(.landscapeRight)])
  }

  @Test func objectiveCsElseAfterASemicolonAndABareFlagAreRead() {
    let source = """
      @interface A : UIViewController
      @property (nonatomic) BOOL allow;
      @end
      @implementation A
      - (BOOL)shouldAutorotate { if (self.allow) return YES; else return NO; }
      @end
      """
    #expect(
      spec(source, "A", file: "A.m").shouldAutorotate
        == .value(.conditional(flag: "allow", then: .literal(true), else: .literal(false))))
    let swift = spec(
      "class B: UIViewController {\n  var allow = false\n  override var shouldAutorotate: Bool { !allow }\n}\n",
      "B")
    #expect(
      swift.shouldAutorotate
        == .value(.conditional(flag: "allow", then: .literal(false), else: .literal(true))))
  }

  @Test func variablesBuiltFromVariablesStayBounded() {
    var body = "    let v0 = UIInterfaceOrientation.portrait\n"
    for index in 1..<40 { body += "    let v\(index) = v\(index - 1) + v\(index - 1)\n" }
    let started = ContinuousClock.now
    _ = spec(
      "class A: UIViewController {\n  override func viewWillAppear(_ animated: Bool) {\n\(body)  }\n}\n", "A")
    #expect(ContinuousClock.now - started < .seconds(5))
  }

  @Test func aServicesPlistIsNotTheAppsInfoPlist() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plists-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let plist = { (orientation: String) in
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict><key>UISupportedInterfaceOrientations</key>"
        + "<array><string>\(orientation)</string></array></dict></plist>\n"
    }
    try Data(plist("UIInterfaceOrientationPortrait").utf8).write(
      to: folder.appendingPathComponent("GoogleService-Info.plist"))
    try Data(plist("UIInterfaceOrientationLandscapeLeft").utf8).write(
      to: folder.appendingPathComponent("Info.plist"))
    try Data("class A: UIViewController {}\n".utf8).write(to: folder.appendingPathComponent("A.swift"))
    let result = try AppImport.load(path: folder.path)
    #expect(result.scenario.app.infoPlist == [.landscapeLeft])
  }
}
