import RotationCore
import Testing

/// NotificationCenter in the app's code (docs/rules.md#code-actions): observers the code adds —
/// a block, or a selector — run when UIKit or the code posts; `removeObserver` takes them away.
/// Patterns of public projects written here in spellings of their own; the orientations expected
/// are UIKit's, read from docs/rules.md.
@Suite struct CodeNotificationTests: CodeScenarioFixtures {
  /// A block observer of the device's turns, added in viewDidLoad, opens the app's lock and asks
  /// UIKit to decide again: the turn the lock first refused happens once the block has run.
  @Test func aBlockObserverAddedInCodeRunsWhenTheDeviceTurns() throws {
    let load = """
      super.viewDidLoad()
      NotificationCenter.default.addObserver(forName: UIDevice.orientationDidChangeNotification, object: nil, queue: .main) { [weak self] _ in
        guard self != nil else { return }
        AppDelegate.lock = UIDevice.current.orientation.isLandscape ? .landscape : .portrait
        UIViewController.attemptRotationToDeviceOrientation()
      }
      """
    let steps = try run(
      """
      \(Self.phone15),
      "app": {\(Self.plist), "state": {"lock": {"mask": "portrait"}}, "supportedInterfaceOrientationsForWindow": {"read": "lock"}},
      "classes": {"VideoVC": {"kind": "view", "viewDidLoad": [\(Self.code(load))]}},
      "window": {"root": {"class": "VideoVC"}},
      "steps": ["launch", {"rotateDevice": "landscapeLeft"}]
      """)
    #expect(steps[1].state.values["lock"] == .mask(.landscape))
    #expect(steps[1].interfaceOrientation == .landscapeRight)
    #expect(!steps[1].calls(to: "-[VideoVC _block_invoke]").isEmpty)
  }

  /// A block that posts the notification it observes calls itself without end: the step stops at
  /// the depth limit with its message, and the session goes on.
  @Test func aBlockThatPostsWhatItObservesStopsAtTheLimit() throws {
    let load = """
      NotificationCenter.default.addObserver(forName: Notification.Name("ping"), object: nil, queue: nil) { _ in
        NotificationCenter.default.post(name: Notification.Name("ping"), object: nil)
      }
      """
    let steps = try run(
      """
      \(Self.phone15), "app": {\(Self.plist)},
      "classes": {"VideoVC": {"kind": "view", "viewDidLoad": [\(Self.code(load))],
                              "methods": {"ping": [\(Self.code(#"NotificationCenter.default.post(name: Notification.Name("ping"), object: nil)"#))]}}},
      "window": {"root": {"class": "VideoVC"}},
      "steps": ["launch", {"call": "ping", "on": "VideoVC"}, {"rotateDevice": "landscapeLeft"}]
      """)
    #expect(steps[1].limit?.text.contains("_block_invoke") == true)
    #expect(steps[2].interfaceOrientation == .landscapeRight)
  }

  /// Swift: a selector observer (`#selector(deviceTurned(_:))`, whose name is the method's, not its
  /// label's) added in viewDidLoad runs when the device turns.
  @Test func aSwiftSelectorObserverIsTheMethodItNames() throws {
    let load = """
      super.viewDidLoad()
      NotificationCenter.default.addObserver(self, selector: #selector(deviceTurned(_:)), name: UIDevice.orientationDidChangeNotification, object: nil)
      """
    let turned = """
      AppDelegate.lock = .landscape
      UIViewController.attemptRotationToDeviceOrientation()
      """
    let steps = try run(
      """
      \(Self.phone15),
      "app": {\(Self.plist), "state": {"lock": {"mask": "portrait"}}, "supportedInterfaceOrientationsForWindow": {"read": "lock"}},
      "classes": {"VideoVC": {"kind": "view", "viewDidLoad": [\(Self.code(load))],
                              "methods": {"deviceTurned": [\(Self.code(turned, parameters: ["note"]))]}}},
      "window": {"root": {"class": "VideoVC"}},
      "steps": ["launch", {"rotateDevice": "landscapeLeft"}]
      """)
    #expect(steps[1].interfaceOrientation == .landscapeRight)
    #expect(!steps[1].console.contains { $0.text.contains("skipped") })
  }

  /// Objective-C: a selector observer of the app's own notification, added in viewDidLoad; a tap
  /// posts it and the observer forces landscape. After `removeObserver:self`, the same post does
  /// nothing.
  @Test func aSelectorObserverRunsOnTheAppsOwnPostUntilRemoved() throws {
    let load = """
      [super viewDidLoad];
      [[NSNotificationCenter defaultCenter] addObserver:self selector:@selector(enterFull:) name:@"PlayerWillEnterFullScreen" object:nil];
      """
    let post =
      #"[[NSNotificationCenter defaultCenter] postNotificationName:@"PlayerWillEnterFullScreen" object:nil];"#
    let enter =
      #"[[UIDevice currentDevice] setValue:@(UIInterfaceOrientationLandscapeRight) forKey:@"orientation"];"#
    let leave =
      #"[[UIDevice currentDevice] setValue:@(UIInterfaceOrientationPortrait) forKey:@"orientation"];"#
    let steps = try run(
      """
      \(Self.phone15), "app": {\(Self.plist)},
      "classes": {"VideoVC": {"kind": "view", "viewDidLoad": [\(Self.code(load, "objc"))],
        "methods": {"tapFull": [\(Self.code(post, "objc"))],
                    "enterFull": [\(Self.code(enter, "objc", parameters: ["note"]))],
                    "stopListening": [\(Self.code("[[NSNotificationCenter defaultCenter] removeObserver:self];", "objc"))],
                    "tapSmall": [\(Self.code(leave, "objc"))]}}},
      "window": {"root": {"class": "VideoVC"}},
      "steps": ["launch", {"call": "tapFull", "on": "VideoVC"}, {"call": "tapSmall", "on": "VideoVC"},
                {"call": "stopListening", "on": "VideoVC"}, {"call": "tapFull", "on": "VideoVC"}]
      """)
    #expect(steps[1].interfaceOrientation == .landscapeRight)
    #expect(steps[2].interfaceOrientation == .portrait)
    #expect(steps[4].interfaceOrientation == .portrait)
  }
}
