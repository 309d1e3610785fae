import Foundation
import RotationCore
import RotationImport
import Testing

/// The import keeping the app's own code where its readers find nothing (issue #38), then the
/// simulation running it: each project here is written for the test, in a spelling of its own.
@Suite struct CodeImportTests {

  /// A hook that calls a helper of a type nested in the app delegate: the readers find nothing in
  /// it, so it is kept as code with the helper; pushed, the video screen's hook stores the lock
  /// and attempts, and the next turn of the device turns the interface.
  @Test func aHookCallingAHelperOfANestedTypeRunsTheHelper() throws {
    let result = try ImportedStateTests().importing([
      "App.swift": """
      import UIKit
      @main class AppDelegate: UIResponder, UIApplicationDelegate {
        var window: UIWindow?
        static var orientationLock: UIInterfaceOrientationMask = .portrait
        func application(_ application: UIApplication, supportedInterfaceOrientationsFor window: UIWindow?) -> UIInterfaceOrientationMask {
          return AppDelegate.orientationLock
        }
        struct Rotation {
          static func allow(_ mask: UIInterfaceOrientationMask) {
            AppDelegate.orientationLock = mask
            UIViewController.attemptRotationToDeviceOrientation()
          }
        }
      }
      class HomeVC: UIViewController {}
      class VideoVC: UIViewController {
        override func viewWillAppear(_ animated: Bool) {
          super.viewWillAppear(animated)
          AppDelegate.Rotation.allow(.landscape)
        }
      }
      """
    ])
    var scenario = result.scenario
    let video = try #require(scenario.classes.first { $0.name == "VideoVC" })
    guard case .code(let body)? = video.hook(.viewWillAppear)?.first else {
      Issue.record("the hook is not kept as code")
      return
    }
    #expect(body.file == "App.swift" && body.source.contains("AppDelegate.Rotation.allow(.landscape)"))
    #expect(scenario.functions.contains { $0.name.hasSuffix("allow") })
    scenario.system = SystemConfig(version: SystemVersion("13.0")!, idiom: .phone, homeButton: true)
    scenario.window = Node(className: "UINavigationController", stack: [Node(className: "HomeVC")])
    scenario.steps = [.launch, .push(Node(className: "VideoVC")), .rotateDevice(.landscapeLeft)]
    let steps = Simulator.run(scenario)
    #expect(steps[1].state.values["orientationLock"] == .mask(.landscape))
    #expect(steps[2].interfaceOrientation == .landscapeRight)
    #expect(steps[1].calls.contains { $0.selector == "allow(_:)" && $0.kind == .method })
  }

  /// The stored properties a kept body reads come with their first values, as the file writes
  /// them: a cast (`as! AppDelegate`, which joined tokens would spell `as ! AppDelegate`), an
  /// outlet that exists once the view is loaded, an optional view that starts as nil; a setter and
  /// a `didSet` the body's assignments run come too.
  @Test func storedPropertiesAndAccessorsComeWithTheCodeThatUsesThem() throws {
    let result = try ImportedStateTests().importing([
      "App.swift": """
      import UIKit
      @main class AppDelegate: UIResponder, UIApplicationDelegate {
        var window: UIWindow?
      }
      class PlayerVC: UIViewController {
        let owner = UIApplication.shared.delegate as! AppDelegate
        @IBOutlet weak var stage: UIView!
        var overlay: UIView?
        var mode: Int = 0 {
          didSet { UIViewController.attemptRotationToDeviceOrientation() }
        }
        var wide: Bool {
          get { return mode == 1 }
          set(isWide) { mode = isWide ? 1 : 0 }
        }
        func toggleStage() {
          if stage != nil && overlay == nil && owner.window == nil { wide = !wide }
        }
      }
      """
    ])
    let functions = Dictionary(
      result.scenario.functions.map { ($0.name, $0.body) }, uniquingKeysWith: { a, _ in a })
    #expect(functions["PlayerVC.owner"]?.source == "UIApplication.shared.delegate as! AppDelegate")
    #expect(functions["PlayerVC.owner"]?.stored == true)
    #expect(functions["PlayerVC.stage"]?.source == "UIView()")
    #expect(functions["PlayerVC.overlay"]?.source == "nil")
    #expect(functions["PlayerVC.setWide"]?.parameters == ["isWide"])
    #expect(functions["PlayerVC.didSetMode"]?.source.contains("attemptRotationToDeviceOrientation") == true)
  }
}
