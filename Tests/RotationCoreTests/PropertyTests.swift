import Foundation
import RotationCore
import Testing

/// SplitMix64: a small, seedable generator, so that a failure replays.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Random scenarios and random event sequences, with a fixed seed, against invariants that any
/// correct model keeps.
@Suite struct PropertyTests {
  static let seed: UInt64 = 20_261_130
  static let scenarioCount = 300
  static let eventsPerScenario = 80

  static func randomMask(_ g: inout SeededGenerator) -> OrientationMask {
    var mask = OrientationMask()
    while mask.isEmpty {
      for o in InterfaceOrientation.concrete where Bool.random(using: &g) { mask.insert(o.mask) }
    }
    return mask
  }

  static func randomScenario(_ g: inout SeededGenerator) -> Scenario {
    let flags = ["a", "b"].map { Flag(name: $0, value: Bool.random(using: &g)) }
    func maskValue() -> Value<OrientationMask> {
      Bool.random(using: &g)
        ? .literal(randomMask(&g))
        : .conditional(
          flag: flags.randomElement(using: &g)!.name, then: .literal(randomMask(&g)),
          else: .literal(randomMask(&g)))
    }
    var classes: [ClassSpec] = []
    let kinds: [ControllerKind] = [
      .tabBar, .navigation, .navigation, .view, .view, .view, .container, .splitView, .pageView, .alert,
    ]
    for (index, kind) in kinds.enumerated() {
      var spec = ClassSpec(name: "C\(index)", kind: kind)
      switch Int.random(in: 0..<4, using: &g) {
      case 0: spec.supportedInterfaceOrientations = .value(maskValue())
      case 1 where kind == .navigation: spec.supportedInterfaceOrientations = .forward(.top)
      case 1 where kind == .tabBar: spec.supportedInterfaceOrientations = .forward(.selected)
      case 1 where kind == .container: spec.supportedInterfaceOrientations = .forward(.child(-1))
      case 1 where kind == .splitView: spec.supportedInterfaceOrientations = .forward(.column(.secondary))
      case 1 where kind == .pageView: spec.supportedInterfaceOrientations = .forward(.current)
      case 2 where kind.hasOrientationDelegate:
        spec.delegate = ContainerDelegate(className: "D\(index)", supportedInterfaceOrientations: maskValue())
      case 3: spec.supportedInterfaceOrientations = .forward(.presented)
      default: break
      }
      switch Int.random(in: 0..<4, using: &g) {
      case 0: spec.shouldAutorotate = .value(.literal(Bool.random(using: &g)))
      case 1:
        spec.shouldAutorotate = .value(.conditional(flag: "a", then: .literal(true), else: .literal(false)))
      default: break
      }
      if Bool.random(using: &g) {
        spec.preferredInterfaceOrientationForPresentation = .value(
          .literal(InterfaceOrientation.concrete.randomElement(using: &g)!))
      }
      if kind == .view && Int.random(in: 0..<3, using: &g) == 0 {
        spec.hooks.append(
          (
            .viewDidAppear,
            [.setDeviceOrientation(.orientation(DeviceOrientation.allCases.randomElement(using: &g)!))]
          ))
      }
      classes.append(spec)
    }
    let window = Node(
      className: "C0",
      tabs: [
        Node(className: "C1", stack: [Node(className: "C3")]), Node(className: "C4"),
        Node(className: "C6", children: [Node(className: "C3"), Node(className: "C5")]),
      ],
      selected: 0)
    // Sometimes a second window: a page view at a random level, shown or hidden at launch.
    let windows =
      Bool.random(using: &g)
      ? [
        WindowSpec(
          name: "hud",
          root: Node(className: "C8", selected: 1, pages: [Node(className: "C4"), Node(className: "C5")]),
          level: [-1, 0, 1000].randomElement(using: &g)!, hidden: Bool.random(using: &g))
      ] : []
    let versions = ["8.0", "12.0", "13.0", "15.0", "16.0"]
    let system = SystemConfig(
      version: SystemVersion(versions.randomElement(using: &g)!)!,
      idiom: Bool.random(using: &g) ? .phone : .pad,
      homeButton: Bool.random(using: &g))
    var delegateMask: Value<OrientationMask>? = Bool.random(using: &g) ? maskValue() : nil
    if let mask = delegateMask, !windows.isEmpty, Bool.random(using: &g) {
      delegateMask = .window(name: "hud", then: .literal(randomMask(&g)), else: mask)
    }
    let app = AppConfig(
      infoPlist: Bool.random(using: &g) ? randomMask(&g).orientations : nil,
      supportedInterfaceOrientationsForWindow: delegateMask, flags: flags,
      requiresFullScreen: Bool.random(using: &g))
    return Scenario(
      title: "random", system: system, device: DeviceConfig(orientation: .portrait, orientationLock: false),
      app: app,
      classes: classes, window: window, windows: windows, steps: [.launch])
  }

  static func randomEvent(_ g: inout SeededGenerator) -> Action {
    switch Int.random(in: 0..<18, using: &g) {
    case 14: return .present(Node(className: "UIAlertController"), style: nil)
    case 15:
      return .present(
        Node(
          className: "C7",
          columns: [.init(.primary, Node(className: "C3")), .init(.secondary, Node(className: "C5"))]),
        style: PresentationStyle.allCases.randomElement(using: &g))
    case 16: return Bool.random(using: &g) ? .showWindow("hud") : .hideWindow("hud")
    case 17:
      return .inWindow(
        Bool.random(using: &g) ? "hud" : "main",
        Bool.random(using: &g) ? .dismiss : .push(Node(className: "C5")))
    case 0, 1, 2, 3: return .rotateDevice(DeviceOrientation.allCases.randomElement(using: &g)!)
    case 4: return .push(Node(className: ["C3", "C4", "C5"].randomElement(using: &g)!))
    case 5: return .pop
    case 6:
      return .present(
        Node(className: ["C3", "C5", "C2"].randomElement(using: &g)!),
        style: PresentationStyle.allCases.randomElement(using: &g))
    case 7: return .dismiss
    case 8: return .selectTab(Int.random(in: 0..<3, using: &g))
    case 9: return .setFlag(["a", "b"].randomElement(using: &g)!, Bool.random(using: &g))
    case 10: return .setDeviceOrientation(.orientation(DeviceOrientation.allCases.randomElement(using: &g)!))
    case 11: return .attemptRotationToDeviceOrientation
    case 12: return .setOrientationLock(Bool.random(using: &g))
    default:
      return Bool.random(using: &g)
        ? .setNeedsUpdateOfSupportedInterfaceOrientations(nil) : .requestGeometryUpdate(randomMask(&g))
    }
  }

  static func runs() -> [(Scenario, [Step])] {
    var g = SeededGenerator(state: seed)
    return (0..<scenarioCount).map { _ in
      var scenario = randomScenario(&g)
      scenario.steps = [.launch] + (0..<eventsPerScenario).map { _ in randomEvent(&g) }
      // Window events only where the scenario has the window.
      if scenario.windows.isEmpty {
        scenario.steps = scenario.steps.map { step in
          switch step {
          case .showWindow, .hideWindow, .inWindow: return .attemptRotationToDeviceOrientation
          default: return step
          }
        }
      }
      return (scenario, Simulator.run(scenario))
    }
  }

  @Test func theInterfaceEndsWhereTheDecisionAllows() throws {
    var checked = 0
    for (scenario, steps) in Self.runs() {
      for step in steps where step.status == .ran && step.limit == nil && step.error == nil {
        guard let masks = step.masks, masks.decided, !scenario.multitasking else { continue }
        let gated = masks.shouldAutorotateCalled && !masks.shouldAutorotate
        // Before iOS 16 an attempt that finds nowhere to turn leaves a stranded interface where it
        // is (docs/rules.md#attempt-rotation, flutter/flutter#13238).
        let stranded =
          scenario.system.version.major < 16 && step.reason.rules.contains(Rule("attempt-rotation"))
        guard !gated, !stranded, !masks.intersection.isEmpty else { continue }
        checked += 1
        #expect(
          masks.intersection.contains(step.interfaceOrientation),
          "\(step.event.label) on iOS \(scenario.system.version): \(step.interfaceOrientation.name) ∉ \(masks.intersection.name) — \(step.reason)"
        )
      }
    }
    #expect(checked > 1000)
  }

  @Test func aDeviceTurnTheDecisionAllowsIsFollowed() throws {
    var checked = 0
    for (scenario, steps) in Self.runs() {
      for step in steps where step.status == .ran {
        guard case .rotateDevice = step.event, !step.state.orientationLock, let masks = step.masks,
          masks.decided,
          let mapped = masks.mappedOrientation, step.deviceOrientation == step.physicalOrientation
        else { continue }
        let allowed =
          scenario.multitasking
          || (masks.intersection.contains(mapped)
            && !(masks.shouldAutorotateCalled && !masks.shouldAutorotate))
        guard allowed, step.calls.allSatisfy({ $0.kind != .lifecycle || !$0.overridden }) else { continue }
        checked += 1
        #expect(step.interfaceOrientation == mapped, "\(step.event.label): \(step.reason)")
        #expect(step.deviceOrientation.interfaceOrientation == step.interfaceOrientation)
      }
    }
    #expect(checked > 200)
    for orientation in InterfaceOrientation.concrete {
      #expect(orientation.deviceOrientation.interfaceOrientation == orientation)
    }
  }

  /// Every rule a reason cites over the random runs is in docs/rules.md.
  @Test func everyRuleAReasonCitesExists() throws {
    let document = try String(
      contentsOf: packageRoot.appendingPathComponent("docs/rules.md"), encoding: .utf8)
    var cited: Set<String> = []
    for (_, steps) in Self.runs() {
      for step in steps {
        for rule in step.reason.rules {
          cited.insert(rule.anchor)
          // The text cites what the data says, in both renderings.
          #expect(step.reason.text.contains("docs/rules.md#\(rule.anchor)"))
          #expect(step.reason.text(.machine).contains("docs/rules.md#\(rule.anchor)"))
        }
      }
    }
    #expect(cited.count >= 5)
    for anchor in cited.sorted() {
      #expect(
        document.contains("<a id=\"\(anchor)\"></a>"),
        "a reason cites docs/rules.md#\(anchor), which does not exist")
    }
  }

  @Test func aScenarioSurvivesSaveAndLoad() throws {
    for (scenario, _) in Self.runs() {
      let text = ScenarioEncoder.text(scenario)
      let reloaded = try ScenarioDecoder.decode(text: text)
      #expect(reloaded == scenario)
    }
  }

  @Test func theHistoryResumesExactlyWhereItStopped() throws {
    for (scenario, steps) in Self.runs().prefix(40) {
      var history = History(scenario: scenario.with(steps: [.launch]), checkpointInterval: 7)
      for step in steps.dropFirst() { history.apply(step.event) }
      #expect(history.current.index == steps.count)
      // Every step, rebuilt from the checkpoint before it, is the step that was made.
      #expect(HistoryTests.firstDifference((1...history.count).map(history.step), steps) == nil)
      #expect(history.entries == steps.map(History.Entry.init))
    }
  }
}

extension Scenario {
  func with(steps: [Action]) -> Scenario {
    var copy = self
    copy.steps = steps
    return copy
  }
}
