import Foundation
import RotationCore
import Testing

@testable import RotationImport

/// The code reader's forms for state and the app in motion, each from a pattern of a public project
/// of the import corpus, written small: what each form becomes in the scenario.
@Suite struct CodeReaderStateTests {
  func reader(_ source: String, file: String = "App.swift") -> CodeReader {
    CodeReader([SourceFile(Array(source.utf8), file: file)])
  }

  func spec(_ reader: inout CodeReader, _ name: String) -> ClassSpec {
    reader.spec(name, kind: reader.kind(of: name)!)
  }

  @Test func aSwitchOverTheScreenEachTabSetsIsTheAppDelegatesAnswer() {
    var code = reader(
      """
      enum Screen { case home, video }
      class AppDelegate: UIResponder, UIApplicationDelegate {
        var screen: Screen = .home
        func application(_ application: UIApplication, supportedInterfaceOrientationsFor window: UIWindow?) -> UIInterfaceOrientationMask {
          switch screen {
          case .video: return .allButUpsideDown
          default: return .portrait
          }
        }
      }
      class VideoVC: UIViewController {
        override func viewWillAppear(_ animated: Bool) {
          super.viewWillAppear(animated)
          (UIApplication.shared.delegate as! AppDelegate).screen = .video
        }
      }
      """)
    #expect(
      code.windowAnswer()
        == .choose(
          "screen", cases: [SwitchCase(.word("video"), .literal(.allButUpsideDown))],
          default: .literal(.portrait)))
    #expect(spec(&code, "VideoVC").hook(.viewWillAppear) == [.setState("screen", .word("video"))])
    #expect(code.declaredState().app["screen"]?.value == .word("home"))
  }

  @Test func respondsToAndAProtocolAreTestsOfTheControllerOnTop() {
    var code = reader(
      """
      protocol Rotatable {}
      class AppDelegate: UIResponder, UIApplicationDelegate {
        func application(_ application: UIApplication, supportedInterfaceOrientationsFor window: UIWindow?) -> UIInterfaceOrientationMask {
          if let top = topController(), top.responds(to: #selector(PlayerVC.canRotate)) { return .allButUpsideDown }
          return .portrait
        }
      }
      class PlayerVC: UIViewController { @objc func canRotate() {} }
      class GalleryNav: UINavigationController {
        override var supportedInterfaceOrientations: UIInterfaceOrientationMask {
          topViewController is Rotatable ? .all : .portrait
        }
      }
      class PhotoVC: UIViewController, Rotatable {}
      """)
    // `#selector(PlayerVC.canRotate)`: the method's name, which its implementers are.
    #expect(
      code.windowAnswer()
        == .test(.topIs("canRotate"), then: .literal(.allButUpsideDown), else: .literal(.portrait)))
    #expect(
      spec(&code, "GalleryNav").supportedInterfaceOrientations
        == .value(.test(.topIs("Rotatable"), then: .literal(.all), else: .literal(.portrait))))
  }

  @Test func aLocalConstantAndAConstantConditionAreTheirValues() {
    var code = reader(
      """
      class A: UIViewController {
        override var shouldAutorotate: Bool {
          let shouldRotate = false
          return shouldRotate
        }
        override var supportedInterfaceOrientations: UIInterfaceOrientationMask {
          if true { return .landscape }
          return .portrait
        }
      }
      """)
    let a = spec(&code, "A")
    #expect(a.shouldAutorotate == .value(.literal(false)))
    #expect(a.supportedInterfaceOrientations == .value(.literal(.landscape)))
  }

  @Test func setViewControllersInAnInitializerGivesTheTabs() {
    let code = reader(
      """
      class Tabs: UITabBarController {
        init() {
          super.init(nibName: nil, bundle: nil)
          setViewControllers([UINavigationController(rootViewController: HomeVC()), SettingsVC()], animated: false)
        }
      }
      class HomeVC: UIViewController {}
      class SettingsVC: UIViewController {}
      """)
    #expect(
      code.ownChildren("Tabs", storyboard: { _, _ in nil }) == [
        Node(className: "UINavigationController", stack: [Node(className: "HomeVC")]),
        Node(className: "SettingsVC"),
      ])
  }

  @Test func aPresenterSetsThePropertyAndThePreferredOrientationSwitchesOverIt() {
    var code = reader(
      """
      class HomeVC: UIViewController {
        func play() {
          let player = PlayerVC()
          player.orientations = .landscapeLeft
          player.modalPresentationStyle = .overFullScreen
          present(player, animated: true)
        }
      }
      class PlayerVC: UIViewController {
        var orientations: UIInterfaceOrientationMask = .portrait
        override var supportedInterfaceOrientations: UIInterfaceOrientationMask { orientations }
        override var preferredInterfaceOrientationForPresentation: UIInterfaceOrientation {
          switch orientations {
          case .landscapeLeft: return .landscapeLeft
          case .landscapeRight: return .landscapeRight
          default: return .portrait
          }
        }
      }
      """)
    var player = Node(className: "PlayerVC")
    player.properties = [StateVariable(name: "orientations", value: .mask(.landscapeLeft))]
    #expect(
      spec(&code, "HomeVC").method(named: "play")?.actions == [.present(player, style: .overFullScreen)])
    let answers = spec(&code, "PlayerVC")
    #expect(answers.supportedInterfaceOrientations == .value(.read("orientations")))
    #expect(
      answers.preferredInterfaceOrientationForPresentation
        == .value(
          .choose(
            "orientations",
            cases: [
              SwitchCase(.mask(.landscapeLeft), .literal(.landscapeLeft)),
              SwitchCase(.mask(.landscapeRight), .literal(.landscapeRight)),
            ], default: .literal(.portrait))))
  }

  @Test func aFactReadTwiceIsSaidOnce() {
    var report = ImportReport()
    report.facts = [
      .init(file: "Main.storyboard", line: 2, text: "the initial view controller is Nav"),
      .init(file: "Main.storyboard", line: 2, text: "the initial view controller is Nav"),
      .init(file: "Main.storyboard", line: 9, text: "the initial view controller is Nav"),
      .init(file: "Other.storyboard", line: 2, text: "the initial view controller is Nav"),
    ]
    #expect(report.oneLinePerFact.facts.map(\.file) == ["Main.storyboard", "Other.storyboard"])
  }
}
