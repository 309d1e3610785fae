import RotationCore
import Testing

@testable import RotationImport

/// The forms real view controller code writes, one by one: each is read as UIKit would run it,
/// and what is not understood is said, with its line.
@Suite struct CodeReaderTests {
  func classes(_ source: String, file: String = "App.swift") -> (CodeReader, [String: ClassSpec]) {
    var reader = CodeReader([SourceFile(Array(source.utf8), file: file)])
    var specs: [String: ClassSpec] = [:]
    for name in reader.order where reader.isController(name) {
      specs[name] = reader.spec(name, kind: reader.kind(of: name)!)
    }
    return (reader, specs)
  }

  @Test func commentsStringsAndInterpolationDoNotHideOrInventCode() {
    let source = #"""
      import UIKit
      /* outer /* nested */ still a comment: override var shouldAutorotate: Bool { false } */
      class A: UIViewController {
        let text = "a } brace and \(value("}")) and \"quotes\""
        let raw = #"raw " } "#
        let block = """
          override var supportedInterfaceOrientations: UIInterfaceOrientationMask { .portrait }
          """
        // override var shouldAutorotate: Bool { false }
        override var supportedInterfaceOrientations: UIInterfaceOrientationMask { .landscape }
      }
      """#
    let (_, specs) = classes(source)
    #expect(specs["A"]?.supportedInterfaceOrientations == .value(.literal(.landscape)))
    #expect(specs["A"]?.shouldAutorotate == nil)
  }

  @Test func literalMasksInEveryWrittenForm() {
    let source = """
      class A: UIViewController { override var supportedInterfaceOrientations: UIInterfaceOrientationMask { [.portrait, .landscapeLeft] } }
      class B: UIViewController { override var supportedInterfaceOrientations: UIInterfaceOrientationMask { return UIInterfaceOrientationMask.allButUpsideDown } }
      class C: UIViewController {
        override var supportedInterfaceOrientations: UIInterfaceOrientationMask {
          get { return .landscapeRight }
        }
      }
      """
    let (_, specs) = classes(source)
    #expect(specs["A"]?.supportedInterfaceOrientations == .value(.literal([.portrait, .landscapeLeft])))
    #expect(specs["B"]?.supportedInterfaceOrientations == .value(.literal(.allButUpsideDown)))
    #expect(specs["C"]?.supportedInterfaceOrientations == .value(.literal(.landscapeRight)))
    let objc = """
      @interface D : UIViewController
      @end
      @implementation D
      - (UIInterfaceOrientationMask)supportedInterfaceOrientations {
          return UIInterfaceOrientationMaskPortrait | UIInterfaceOrientationMaskLandscapeRight;
      }
      - (UIInterfaceOrientation)preferredInterfaceOrientationForPresentation { return UIInterfaceOrientationLandscapeRight; }
      - (BOOL)shouldAutorotate { return NO; }
      @end
      """
    let (_, objcSpecs) = classes(objc, file: "D.m")
    #expect(objcSpecs["D"]?.supportedInterfaceOrientations == .value(.literal([.portrait, .landscapeRight])))
    #expect(objcSpecs["D"]?.preferredInterfaceOrientationForPresentation == .value(.literal(.landscapeRight)))
    #expect(objcSpecs["D"]?.shouldAutorotate == .value(.literal(false)))
  }

  @Test func delegateMethodsAreModelledOnTheirOwnContainerAndSaidElsewhere() {
    let source = """
      class Tabs: UITabBarController, UITabBarControllerDelegate {
        func tabBarControllerSupportedInterfaceOrientations(_ tabBarController: UITabBarController) -> UIInterfaceOrientationMask {
          return .portrait
        }
      }
      class Home: UIViewController, UINavigationControllerDelegate {
        func navigationControllerSupportedInterfaceOrientations(_ navigationController: UINavigationController) -> UIInterfaceOrientationMask {
          .landscape
        }
      }
      """
    var (reader, _) = classes(source)
    #expect(
      reader.delegateAnswers("Tabs", kind: .tabBar)?.supportedInterfaceOrientations == .literal(.portrait))
    reader.reportOtherDelegates()
    #expect(
      reader.report.assumptions.map(\.description).contains {
        $0.hasPrefix(
          "App.swift:7: Home implements navigationControllerSupportedInterfaceOrientations as some navigation controller's delegate"
        )
      })
  }

  @Test func anEmptyOrUnbalancedMaskIsNotALiteral() {
    // UIKit refuses an empty mask, and so does the format; brackets that never close are no array.
    let source = """
      class A: UIViewController { override var supportedInterfaceOrientations: UIInterfaceOrientationMask { [] } }
      class B: UIViewController { override var supportedInterfaceOrientations: UIInterfaceOrientationMask { [[[.portrait] } }
      class C: UIViewController { override var supportedInterfaceOrientations: UIInterfaceOrientationMask { ((.portrait) } }
      """
    let (_, specs) = classes(source)
    // Kept as code: `[]` runs to an empty mask (UIKit's exception, by the simulation's rules); the
    // unbalanced ones do not parse, and their answer is UIKit's default, said as a guess.
    for name in ["A", "B", "C"] {
      guard case .value(.code)? = specs[name]?.supportedInterfaceOrientations else {
        Issue.record("\(name)'s answer is not kept as code")
        continue
      }
      let scenario = Scenario(
        title: "t", system: SystemConfig(version: SystemVersion("13.0")!, idiom: .phone, homeButton: true),
        device: DeviceConfig(orientation: .portrait, orientationLock: false), app: AppConfig(),
        classes: [specs[name]!],
        window: Node(className: name), steps: [.launch, .rotateDevice(.landscapeLeft)])
      let launch = Simulator.run(scenario)[0]
      if name == "A" {
        // From iOS 13 the launch no longer raises (docs/rules.md#no-common-at-launch); a turn does.
        #expect(Simulator.run(scenario)[1].exception?.name == "UIApplicationInvalidInterfaceOrientation")
      } else {
        #expect(launch.exception == nil)
        let call = launch.calls.first { $0.signature == "-[\(name) supportedInterfaceOrientations]" }
        #expect(call?.answer == "allButUpsideDown" && call?.note?.text.contains("does not parse") == true)
      }
    }
  }

  @Test func conditionsOnABoolBecomeFlags() {
    let source = """
      var lockLandscape = false
      class A: UIViewController {
        override var supportedInterfaceOrientations: UIInterfaceOrientationMask { !lockLandscape ? .all : .landscape }
      }
      class B: UIViewController {
        var isPlaying: Bool = true
        override var shouldAutorotate: Bool {
          guard isPlaying else { return false }
          return true
        }
        override var supportedInterfaceOrientations: UIInterfaceOrientationMask {
          if AppDelegate.shared.lockLandscape == false {
            return .portrait
          } else if isPlaying {
            return .landscape
          }
          return .all
        }
      }
      """
    let (reader, specs) = classes(source)
    #expect(
      specs["A"]?.supportedInterfaceOrientations
        == .value(.conditional(flag: "lockLandscape", then: .literal(.landscape), else: .literal(.all))))
    #expect(
      specs["B"]?.shouldAutorotate
        == .value(.conditional(flag: "isPlaying", then: .literal(true), else: .literal(false))))
    #expect(
      specs["B"]?.supportedInterfaceOrientations
        == .value(
          .conditional(
            flag: "lockLandscape",
            then: .conditional(flag: "isPlaying", then: .literal(.landscape), else: .literal(.all)),
            else: .literal(.portrait))))
    #expect(reader.flags["lockLandscape"]?.value == false)
    #expect(reader.flags["isPlaying"]?.value == true)
  }

  @Test func forwardingReadsThePropertyAndSaysTheFallback() {
    let source = """
      class N: UINavigationController {
        override var supportedInterfaceOrientations: UIInterfaceOrientationMask {
          visibleViewController?.supportedInterfaceOrientations ?? .portrait
        }
        override var shouldAutorotate: Bool { viewControllers.last?.shouldAutorotate ?? false }
      }
      class C: UIViewController {
        override var supportedInterfaceOrientations: UIInterfaceOrientationMask { children.last?.supportedInterfaceOrientations ?? .all }
        override var shouldAutorotate: Bool { presentedViewController?.shouldAutorotate ?? super.shouldAutorotate }
      }
      class T: UITabBarController {
        override var supportedInterfaceOrientations: UIInterfaceOrientationMask { selectedViewController?.supportedInterfaceOrientations ?? .portrait }
        override var shouldAutorotate: Bool { viewControllers?.last?.shouldAutorotate ?? true }
      }
      """
    var (reader, _) = classes(source)
    let n = reader.spec("N", kind: .navigation)
    #expect(n.supportedInterfaceOrientations == .forward(.visible))
    #expect(n.shouldAutorotate == .forward(.top))
    let c = reader.spec("C", kind: .container)
    #expect(c.supportedInterfaceOrientations == .forward(.child(-1)))
    #expect(c.shouldAutorotate == .forward(.presented))
    let t = reader.spec("T", kind: .tabBar)
    #expect(t.supportedInterfaceOrientations == .forward(.selected))
    // A tab bar's last tab is not its selected one: it is the last of its children (the tabs).
    #expect(t.shouldAutorotate == .forward(.child(-1)))
    let assumed = reader.report.assumptions.map(\.description)
    #expect(
      assumed.contains(
        "App.swift:3: when visibleViewController is nil the code answers .portrait; the model answers UIKit's default then"
      ))
    #expect(!assumed.contains { $0.hasPrefix("App.swift:13: T shouldAutorotate returns") })
  }

  @Test func baseClassesAndSuperAnswerForSubclasses() {
    let source = """
      class Base: UIViewController {
        override var supportedInterfaceOrientations: UIInterfaceOrientationMask { .portrait }
        override func viewWillAppear(_ animated: Bool) {
          super.viewWillAppear(animated)
          UIViewController.attemptRotationToDeviceOrientation()
        }
      }
      class Child: Base {
        override var supportedInterfaceOrientations: UIInterfaceOrientationMask { super.supportedInterfaceOrientations }
        override func viewWillAppear(_ animated: Bool) {
          UIDevice.current.setValue(UIDeviceOrientation.landscapeRight.rawValue, forKey: "orientation")
          super.viewWillAppear(animated)
        }
      }
      """
    let (_, specs) = classes(source)
    #expect(specs["Child"]?.supportedInterfaceOrientations == .value(.literal(.portrait)))
    // The subclass's own action, then its super call runs the base's.
    #expect(
      specs["Child"]?.hook(.viewWillAppear)
        == [.setDeviceOrientation(.orientation(.landscapeRight)), .attemptRotationToDeviceOrientation])
  }

  @Test func whatIsNotUnderstoodIsUIKitsDefaultWithItsLine() {
    let source = """
      class A: UIViewController {
        override var supportedInterfaceOrientations: UIInterfaceOrientationMask {
          switch traitCollection.horizontalSizeClass {
          case .regular: return .all
          default: return .portrait
          }
        }
      }
      """
    var (reader, specs) = classes(source)
    // Kept as the app's code; running it, the size class is not known here, and the note says the
    // guess with its line (CodeAnswerTests).
    guard case .value(.code(let body))? = specs["A"]?.supportedInterfaceOrientations else {
      Issue.record("the answer is not kept as code")
      return
    }
    #expect(
      body.file == "App.swift" && body.line == 2
        && body.source.contains("traitCollection.horizontalSizeClass"))
    _ = reader.spec("A", kind: .view)
    #expect(
      reader.report.facts.contains {
        $0.line == 2
          && $0.text == "A supportedInterfaceOrientations: kept as the app's code, run by the simulation"
      })
    let scenario = Scenario(
      title: "t", system: SystemConfig(version: SystemVersion("13.0")!, idiom: .phone, homeButton: true),
      device: DeviceConfig(orientation: .portrait, orientationLock: false), app: AppConfig(),
      classes: [specs["A"]!],
      window: Node(className: "A"), steps: [.launch, .rotateDevice(.landscapeLeft)])
    let steps = Simulator.run(scenario)
    let call = steps[1].calls.first { $0.signature == "-[A supportedInterfaceOrientations]" }
    // No case matches a subject not known here: the default arm answers, said as a guess.
    #expect(call?.answer == "portrait")
    #expect(
      call?.note?.text.contains(
        "App.swift:3: switch over traitCollection.horizontalSizeClass, not known here") == true)
  }

  @Test func theWindowsRootAndItsChildrenAreBuiltFromCode() {
    let objc = """
      @implementation AppDelegate
      - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)options {
          UITabBarController *tabs = [[UITabBarController alloc] init];
          tabs.viewControllers = @[[[UINavigationController alloc] initWithRootViewController:[HomeVC new]], [[PlayerVC alloc] init]];
          [self.window setRootViewController:tabs];
          return YES;
      }
      @end
      @interface HomeVC : UIViewController
      @end
      @interface PlayerVC : UIViewController
      @end
      """
    let (reader, _) = classes(objc, file: "AppDelegate.m")
    let root = reader.codeRoot(storyboard: { _, _ in nil })
    #expect(root?.line == 5)
    #expect(
      root?.node
        == Node(
          className: "UITabBarController",
          tabs: [
            Node(className: "UINavigationController", stack: [Node(className: "HomeVC")]),
            Node(className: "PlayerVC"),
          ]))
  }
}
