// MARK: - Design note
//
// A scenario is an app's configuration (Info.plist, app delegate, flags), its classes and what
// each overrides, the window's controller tree, and the events to replay. It is plain data:
// `ScenarioDecoder` builds it from `rotation-lab.scenario/1` JSON with path-naming errors and
// `ScenarioEncoder` writes it back. The simulator reads it and never changes it.
//
//   Scenario
//   ├── system (version, idiom, homeButton)     device (orientation, lock)
//   ├── app (infoPlist?, delegate mask?, flags, methods)
//   ├── classes: name → ClassSpec (kind, overrides, lifecycle hooks, methods)
//   ├── window.root: Node (class, stack | tabs + selected)
//   └── steps: [Action]

/// The scenario file format this build reads and writes.
public let scenarioFormat = "rotation-lab.scenario/1"

/// A whole scenario file.
public struct Scenario: Sendable, Equatable {
  public var title: String
  public var system: SystemConfig
  public var device: DeviceConfig
  public var app: AppConfig
  /// Classes in file order.
  public var classes: [ClassSpec]
  public var window: Node
  public var steps: [Action]

  public init(
    title: String, system: SystemConfig, device: DeviceConfig, app: AppConfig,
    classes: [ClassSpec], window: Node, steps: [Action]
  ) {
    self.title = title
    self.system = system
    self.device = device
    self.app = app
    self.classes = classes
    self.window = window
    self.steps = steps
  }

  /// Whether the app runs in iPad multitasking, where UIKit asks no controller and the interface
  /// follows the device (docs/rules.md#ipad-multitasking): an iPad app on iOS 9 or later that supports all four
  /// orientations in Info.plist and does not require full screen, unless `system.multitasking` says.
  public var multitasking: Bool {
    guard system.idiom == .pad, system.version.major >= 9 else { return false }
    if let explicit = system.multitasking { return explicit }
    let plist = app.infoPlist.map(OrientationMask.init) ?? system.idiomDefaultMask
    return plist == .all && !app.requiresFullScreen
  }
}
