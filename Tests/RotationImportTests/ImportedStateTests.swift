import Foundation
import RotationCore
import Testing

@testable import RotationImport

/// State kept the way real apps keep it, imported: the fixture StateSwiftApp (written for these
/// tests after 1xiaocainiao/FullscreenDemo) keeps each screen's mask in an associated object with a
/// setter that refuses while the screen is pinned, tests it through computed properties (one of
/// them an extension of `UIInterfaceOrientationMask` with `||`), converts it with `switch` helpers
/// of `extension UIViewController` before forcing, forces with the state itself and with a ternary
/// as the argument, runs `defer` last, and follows the device through an observer a helper
/// registers, whose `switch` over the device's orientation returns early when paused. The
/// orientations are read from the fixture's code by hand; the comments say why.
@Suite struct ImportedStateTests {
  func imported() throws -> Scenario {
    let path = AppInMotionTests.projects.appendingPathComponent("StateSwiftApp").path
    let result = try AppImport.load(path: path)
    return try ScenarioDecoder.decode(text: ScenarioEncoder.text(result.scenario))
  }

  /// A project of `files` (name → text) written to a fresh folder, imported.
  func importing(_ files: [String: String]) throws -> ImportResult {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "imported-\(UUID().uuidString)")
    // The scratch project goes once it is read: a test leaves nothing behind in /tmp.
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
    return try AppImport.load(path: folder.path)
  }

  func orientations(_ scenario: Scenario, _ events: [String]) throws -> [InterfaceOrientation] {
    var scenario = scenario
    scenario.steps = try events.map { try ScenarioDecoder.event(text: $0, in: scenario) }
    return Simulator.run(scenario).map(\.interfaceOrientation)
  }

  @Test func thePresenterSetMaskForcesInViewDidLoadAndTheObserverFollowsUntilPinned() throws {
    let app = try imported()
    // openVideo sets the page's wantedMask to landscapeRight and pushes it; viewDidLoad registers
    // the observer and calls turn(to: wantedMask): deviceOrientation(for: .landscapeRight) is the
    // device's landscapeLeft, so the interface turns landscapeRight. Turning the device
    // landscapeRight makes the observer store mask(for: .landscapeRight) = landscapeLeft (still
    // sideways: landscapeLeft); portrait stores portrait and turns back. Once pinned, the setter
    // keeps portrait and the page stays portrait.
    let flow = try orientations(
      app,
      [
        #""launch""#, #"{"call": "openVideo", "on": "ListController"}"#,
        #"{"rotateDevice": "landscapeRight"}"#,
        #"{"rotateDevice": "portrait"}"#, #"{"call": "pinTapped", "on": "VideoController"}"#,
        #"{"rotateDevice": "landscapeLeft"}"#,
      ])
    #expect(flow == [.portrait, .landscapeRight, .landscapeLeft, .portrait, .portrait, .portrait])
  }

  @Test func aTernaryArgumentIsReadOncePerBranch() throws {
    let app = try imported()
    // wideTapped calls turn(to: isWide ? .portrait : .landscapeLeft): first landscapeLeft (the
    // device's landscapeRight), then, the page being wide, portrait.
    let flow = try orientations(
      app,
      [
        #""launch""#, #"{"call": "openNotes", "on": "ListController"}"#,
        #"{"call": "wideTapped", "on": "NotesController"}"#,
        #"{"call": "wideTapped", "on": "NotesController"}"#,
      ])
    #expect(flow == [.portrait, .portrait, .landscapeLeft, .portrait])
  }

  /// WindowSwiftApp: the player's full screen is a window of its own (a `UIWindow` subclass whose
  /// initializer sets its root), made key and forced through `extension UIViewController`'s helper
  /// with a ternary; the full-screen page's transition completion tells its delegate (the player,
  /// the one adopter of its protocol) the device's orientation, and the player then makes the main
  /// window key again and hides its own.
  @Test func aFullScreenWindowMadeInCodeAndItsDelegateBringTheMainWindowBack() throws {
    let result = try AppImport.load(
      path: AppInMotionTests.projects.appendingPathComponent("WindowSwiftApp").path)
    let app = try ScenarioDecoder.decode(text: ScenarioEncoder.text(result.scenario))
    #expect(app.windows.map(\.name) == ["fullScreen"])
    #expect(app.windows.first?.root.className == "FullScreenController")
    #expect(app.windows.first?.hidden == true)
    #expect(app.windows.first?.windowClass == "FullScreenWindow")
    // Full screen: the window is key, the device is forced to landscapeLeft (interface
    // landscapeRight), and the full-screen page allows it. Back: the device is forced upright, the
    // page turns, its delegate hides the window, so the portrait-only player decides the next turn.
    let flow = try orientations(
      app,
      [
        #""launch""#, #"{"call": "fullTapped", "on": "PlayerController"}"#,
        #"{"call": "fullTapped", "on": "PlayerController"}"#, #"{"rotateDevice": "landscapeLeft"}"#,
      ])
    #expect(flow == [.portrait, .landscapeRight, .portrait, .portrait])
    #expect(!result.report.text.contains("not modelled"))
  }

  /// A root the launch chooses (`if UserDefaults…bool(forKey: "onboarded") { … } else { … }`): the
  /// first launch's (the key unset, NO) is the root, the other is `rootIf` under the flag
  /// `onboarded`; the root a button later swaps in is neither.
  @Test func aRootChosenAtLaunchIsAFlagWithTheFirstLaunchsBranch() throws {
    let source = """
      class AppDelegate: UIResponder, UIApplicationDelegate {
        var window: UIWindow?
        func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
          let window = UIWindow(frame: UIScreen.main.bounds)
          if UserDefaults.standard.bool(forKey: "onboarded") {
            window.rootViewController = UINavigationController(rootViewController: HomeVC())
          } else {
            window.rootViewController = OnboardingVC()
          }
          window.makeKeyAndVisible()
          self.window = window
          return true
        }
      }
      class OnboardingVC: UIViewController {
        override var supportedInterfaceOrientations: UIInterfaceOrientationMask { .portrait }
      }
      class HomeVC: UIViewController {
        override var supportedInterfaceOrientations: UIInterfaceOrientationMask { .allButUpsideDown }
        func logOut() { view.window?.rootViewController = LoginVC() }
      }
      class LoginVC: UIViewController {}
      """
    let result = try importing(["App.swift": source])
    var app = try ScenarioDecoder.decode(text: ScenarioEncoder.text(result.scenario))
    #expect(app.window.className == "OnboardingVC")
    #expect(
      app.rootIf
        == RootChoice(
          flag: "onboarded",
          root: Node(className: "UINavigationController", stack: [Node(className: "HomeVC")])))
    #expect(app.app.flags.contains(Flag(name: "onboarded", value: false)))
    let events = [#""launch""#, #"{"rotateDevice": "landscapeLeft"}"#]
    #expect(try orientations(app, events) == [.portrait, .portrait])
    app.app.flags = app.app.flags.map { $0.name == "onboarded" ? Flag(name: "onboarded", value: true) : $0 }
    #expect(try orientations(app, events) == [.portrait, .landscapeRight])
    #expect(
      result.report.text.contains("modelled as the flag onboarded, NO at the first launch (OnboardingVC)"))
  }

  /// A storyboard link (the RBStoryboardLink pod, whose code is not in the project): a container
  /// holding the linked storyboard's scene, answering shouldAutorotate and
  /// supportedInterfaceOrientations as it does (RBStoryboardLink.m). The portrait-only player behind
  /// the link keeps the app portrait; with UIKit's defaults for the link it would turn.
  @Test func aStoryboardLinkIsAContainerThatForwardsToTheLinkedScene() throws {
    func storyboard(_ initial: String, _ body: String) -> String {
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" "
        + "version=\"3.0\" initialViewController=\"\(initial)\">\n<scenes><scene sceneID=\"s1\"><objects>\n\(body)\n"
        + "</objects></scene></scenes>\n</document>\n"
    }
    let link = """
      <viewController id="lnk-1" customClass="RBStoryboardLink" sceneMemberID="viewController">
        <userDefinedRuntimeAttributes>
          <userDefinedRuntimeAttribute type="string" keyPath="storyboardName" value="Player"/>
        </userDefinedRuntimeAttributes>
      </viewController>
      """
    let result = try importing([
      "Main.storyboard": storyboard("lnk-1", link),
      "Player.storyboard": storyboard(
        "ply-1", "<viewController id=\"ply-1\" customClass=\"PlayerVC\" sceneMemberID=\"viewController\"/>"),
      "PlayerVC.swift":
        "class PlayerVC: UIViewController {\n  override var supportedInterfaceOrientations: UIInterfaceOrientationMask { .portrait }\n}\n",
    ])
    let app = try ScenarioDecoder.decode(text: ScenarioEncoder.text(result.scenario))
    #expect(app.window == Node(className: "RBStoryboardLink", children: [Node(className: "PlayerVC")]))
    let spec = try #require(app.classes.first { $0.name == "RBStoryboardLink" })
    #expect(spec.kind == .container)
    #expect(spec.supportedInterfaceOrientations == .forward(.child(0)))
    #expect(
      try orientations(app, [#""launch""#, #"{"rotateDevice": "landscapeLeft"}"#]) == [.portrait, .portrait])
  }

  /// The app delegate makes itself the root navigation controller's delegate at launch and answers
  /// `navigationControllerSupportedInterfaceOrientations:` with portrait: the root names it, its
  /// answer is `app.asDelegate`, and the app stays portrait though Home allows every orientation.
  @Test func theAppDelegateAsTheRootNavigationControllersDelegate() throws {
    let source = """
      class AppDelegate: UIResponder, UIApplicationDelegate, UINavigationControllerDelegate {
        var window: UIWindow?
        func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
          let nav = UINavigationController(rootViewController: HomeVC())
          nav.delegate = self
          window = UIWindow(frame: UIScreen.main.bounds)
          window?.rootViewController = nav
          window?.makeKeyAndVisible()
          return true
        }
        func navigationControllerSupportedInterfaceOrientations(_ navigationController: UINavigationController) -> UIInterfaceOrientationMask {
          return .portrait
        }
      }
      class HomeVC: UIViewController {
        override var supportedInterfaceOrientations: UIInterfaceOrientationMask { .all }
      }
      """
    let result = try importing(["App.swift": source])
    let app = try ScenarioDecoder.decode(text: ScenarioEncoder.text(result.scenario))
    #expect(app.window.delegate == "AppDelegate")
    #expect(app.app.asDelegate?.supportedInterfaceOrientations == .literal(.portrait))
    #expect(
      try orientations(app, [#""launch""#, #"{"rotateDevice": "landscapeLeft"}"#]) == [.portrait, .portrait])
    #expect(!result.report.text.contains("which one is set at run time"))
  }

  /// iOS 26's lock preference in code (TN3192's driving game): the game's override, the navigation
  /// controller's `childForInterfaceOrientationLock`, and the call that refreshes the preference.
  /// Run on an iPad with iPadOS 26, driving locks the orientation against the device's turns.
  @Test func theLockPreferenceAndItsChildAreReadFromCode() throws {
    let source = """
      class AppDelegate: UIResponder, UIApplicationDelegate {
        var window: UIWindow?
        func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
          window?.rootViewController = GameNavigation(rootViewController: GameVC())
          return true
        }
      }
      class GameNavigation: UINavigationController {
        override var childForInterfaceOrientationLock: UIViewController? { topViewController }
      }
      class GameVC: UIViewController {
        var isDriving = false
        override var prefersInterfaceOrientationLocked: Bool { isDriving }
        @objc func startDriving() {
          isDriving = true
          setNeedsUpdateOfPrefersInterfaceOrientationLocked()
        }
      }
      """
    let result = try importing(["App.swift": source])
    var app = try ScenarioDecoder.decode(text: ScenarioEncoder.text(result.scenario))
    #expect(app.classes.first { $0.name == "GameNavigation" }?.childForInterfaceOrientationLock == .top)
    #expect(
      app.classes.first { $0.name == "GameVC" }?.method(named: "startDriving")?.actions.last
        == .setNeedsUpdateOfPrefersInterfaceOrientationLocked("GameVC"))
    app.system = SystemConfig(version: SystemVersion("26.0")!, idiom: .pad, homeButton: false)
    app.app.infoPlist = [.portrait, .portraitUpsideDown, .landscapeLeft, .landscapeRight]
    let flow = try orientations(
      app,
      [
        #""launch""#, #"{"rotateDevice": "landscapeLeft"}"#, #"{"call": "startDriving", "on": "GameVC"}"#,
        #"{"rotateDevice": "portrait"}"#,
      ])
    #expect(flow == [.portrait, .landscapeRight, .landscapeRight, .landscapeRight])
  }

  @Test func theStateIsEachScreensAndNothingIsGuessed() throws {
    let result = try AppImport.load(
      path: AppInMotionTests.projects.appendingPathComponent("StateSwiftApp").path)
    let video = try #require(result.scenario.classes.first { $0.name == "VideoController" })
    #expect(video.properties.first { $0.name == "wantedMask" }?.value == .mask(.portrait))
    #expect(video.observers.contains { $0.notification == "UIDeviceOrientationDidChangeNotification" })
    #expect(result.scenario.app.flags.first { $0.name == "followsDevice" }?.value == true)
    let report = result.report.text
    #expect(!report.contains("isWide"))  // read through, never a flag of its own
    #expect(!report.contains("declaration is not found"))
  }

  /// docs/rules.md#unhooked-delegate-method, DeviceRotationOnlyOneViewController#1: the window
  /// question under a Swift 2 name is never called, so the Info.plist list decides and the home page
  /// turns; the import keeps the method as unhooked, with its answer, and says why. Under its right
  /// name the same body is the app's mask.
  @Test func aNearMissWindowQuestionIsImportedAsUnhooked() throws {
    func app(_ signature: String) -> String {
      """
      import UIKit
      @main
      class AppDelegate: UIResponder, UIApplicationDelegate {
        var window: UIWindow?
        func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
          let window = UIWindow(frame: UIScreen.main.bounds)
          window.rootViewController = HomeVC()
          window.makeKeyAndVisible()
          self.window = window
          return true
        }
        \(signature) -> UIInterfaceOrientationMask {
          return .portrait
        }
      }
      class HomeVC: UIViewController {}
      """
    }
    let plist = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>UISupportedInterfaceOrientations</key><array>
      <string>UIInterfaceOrientationPortrait</string><string>UIInterfaceOrientationLandscapeLeft</string>
      <string>UIInterfaceOrientationLandscapeRight</string></array></dict></plist>
      """
    let events = [#""launch""#, #"{"rotateDevice": "landscapeLeft"}"#]
    let near = try importing([
      "App.swift": app(
        "func application(application: UIApplication, supportedInterfaceOrientationsForWindow window: UIWindow?)"
      ),
      "Info.plist": plist,
    ])
    #expect(near.scenario.app.supportedInterfaceOrientationsForWindow == nil)
    #expect(
      near.scenario.app.unhooked?.method
        == "application(application:supportedInterfaceOrientationsForWindow:)")
    #expect(near.scenario.app.unhooked?.answer == .literal(.portrait))
    #expect(near.report.text.contains("is not the signature UIKit calls"))
    #expect(try orientations(near.scenario, events) == [.portrait, .landscapeRight])
    let right = try importing([
      "App.swift": app(
        "func application(_ application: UIApplication, supportedInterfaceOrientationsFor window: UIWindow?)"),
      "Info.plist": plist,
    ])
    #expect(right.scenario.app.unhooked == nil)
    #expect(try orientations(right.scenario, events) == [.portrait, .portrait])
  }

  /// Found by the fuzzer: an unhooked window question that reads a shared flag declares it, so
  /// the imported file loads (it was refused: "the flag is not declared in app.flags").
  @Test func anUnhookedAnswersFlagIsDeclared() throws {
    let code = """
      import UIKit
      var allowsLandscape = false
      @main
      class AppDelegate: UIResponder, UIApplicationDelegate {
        var window: UIWindow?
        func application(_ application: UIApplication, supportedInterfaceOrientationsForWindow window: UIWindow?) -> UIInterfaceOrientationMask {
          return allowsLandscape ? .allButUpsideDown : .portrait
        }
      }
      class HomeVC: UIViewController {}
      """
    let result = try importing(["App.swift": code])
    #expect(result.scenario.app.unhooked != nil)
    #expect(result.scenario.app.flags.contains { $0.name == "allowsLandscape" })
    #expect(try ScenarioDecoder.decode(text: ScenarioEncoder.text(result.scenario)) == result.scenario)
  }
}
