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
//   ├── window.root: Node (class and its children: stack, tabs, children, columns, pages)
//   ├── windows: [WindowSpec] (more UIWindows: name, root, level, hidden)
//   ├── steps: [Action]
//   └── expect: [Expectation] (what should happen at given steps)

/// A `UIWindow` beside the main one: a player, a HUD, an alert window.
public struct WindowSpec: Sendable, Equatable {
  public var name: String
  public var root: Node
  /// `windowLevel`: normal 0, statusBar 1000, alert 2000, or any number.
  public var level: Double
  /// Whether it starts hidden; a window that is not hidden is shown at launch, after the main one.
  public var hidden: Bool
  /// The app's `UIWindow` subclass, when the code made the window from one: the app's code finds
  /// that class's functions on it (docs/scenario-format.md#top-level).
  public var windowClass: String?

  public init(name: String, root: Node, level: Double = 0, hidden: Bool = false) {
    self.name = name
    self.root = root
    self.level = level
    self.hidden = hidden
  }

  /// The window an app's property holds, named after it: `landscapeWindow` → `landscape`; a name
  /// that would be the main window's keeps its suffix. The import names the windows it finds so,
  /// and the app's code reaches them through the property.
  public static func name(forProperty property: String) -> String {
    let trimmed = property.hasSuffix("Window") ? String(property.dropLast("Window".count)) : property
    return ScenarioDecoder.isIdentifier(trimmed) && trimmed != "main" ? trimmed : property
  }

  /// UIKit's named levels.
  public static let levels: [(name: String, value: Double)] = [
    ("normal", 0), ("statusBar", 1000), ("alert", 2000),
  ]

  /// `normal`, `statusBar`, `alert` or the number.
  public static func levelName(_ level: Double) -> String {
    if let named = levels.first(where: { $0.value == level }) { return named.name }
    return level == level.rounded() ? String(Int(level)) : String(level)
  }
}

/// `"rootIf": {"flag": NAME, "root": NODE}`: the root the main window gets at launch when the app
/// flag is YES then.
public struct RootChoice: Sendable, Equatable {
  public var flag: String
  public var root: Node

  public init(flag: String, root: Node) {
    self.flag = flag
    self.root = root
  }
}

/// A storyboard's controllers that the app's code can make (`UIStoryboard(name:bundle:)` then
/// `instantiateViewController(withIdentifier:)` or `instantiateInitialViewController()`): its
/// initial controller's tree and each scene with a storyboard identifier, as the import read them
/// (docs/scenario-format.md#storyboards).
public struct StoryboardScenes: Sendable, Equatable {
  public var name: String
  public var initial: Node?
  /// Scenes by storyboard identifier, in the storyboard's order.
  public var scenes: [Scene]
  /// Segues by identifier (`performSegue(withIdentifier:sender:)`), each the push or presentation
  /// it performs, in the storyboard's order.
  public var segues: [Segue] = []

  public struct Scene: Sendable, Equatable {
    public var identifier: String
    public var root: Node

    public init(identifier: String, root: Node) {
      self.identifier = identifier
      self.root = root
    }
  }

  public struct Segue: Sendable, Equatable {
    public var identifier: String
    /// `.push(NODE)` or `.present(NODE, style:)`.
    public var action: Action

    public init(identifier: String, action: Action) {
      self.identifier = identifier
      self.action = action
    }
  }

  public init(name: String, initial: Node?, scenes: [Scene]) {
    self.name = name
    self.initial = initial
    self.scenes = scenes
  }
}

/// The name of the window `"window"` describes.
public let mainWindowName = "main"

/// The scenario file format this build reads and writes.
public let scenarioFormat = "rotation-lab.scenario/1"

/// A whole scenario file.
public struct Scenario: Sendable, Equatable {
  public static func == (lhs: Scenario, rhs: Scenario) -> Bool {
    lhs.title == rhs.title && lhs.system == rhs.system && lhs.device == rhs.device && lhs.app == rhs.app
      && lhs.classes == rhs.classes && lhs.window == rhs.window && lhs.rootIf == rhs.rootIf
      && lhs.windows == rhs.windows && lhs.steps == rhs.steps && lhs.expectations == rhs.expectations
      && lhs.functions.map(\.name) == rhs.functions.map(\.name)
      && lhs.functions.map(\.body) == rhs.functions.map(\.body) && lhs.storyboards == rhs.storyboards
  }

  public var title: String
  public var system: SystemConfig
  public var device: DeviceConfig
  public var app: AppConfig
  /// Classes in file order.
  public var classes: [ClassSpec]
  /// The main window's root (the window named `main`).
  public var window: Node
  /// Another root the app chooses at launch when a flag is YES (`"rootIf"`: `if loggedIn {
  /// window.rootViewController = HomeVC() } else { … LoginVC() }`).
  public var rootIf: RootChoice?
  /// More windows, in file order.
  public var windows: [WindowSpec]
  public var steps: [Action]
  /// What should happen at given steps (`"expect"`), checked by `rotation-lab check`.
  public var expectations: [Expectation]
  /// The app's own functions and computed properties that its code answers call, by
  /// `Type.name` (or a bare `name` for a free function), in file order
  /// (docs/scenario-format.md#code).
  public var functions: [(name: String, body: CodeBody)] = []
  /// The storyboards whose controllers the app's code makes, in file order.
  public var storyboards: [StoryboardScenes] = []

  public init(
    title: String, system: SystemConfig, device: DeviceConfig, app: AppConfig,
    classes: [ClassSpec], window: Node, windows: [WindowSpec] = [], steps: [Action],
    expectations: [Expectation] = []
  ) {
    self.title = title
    self.system = system
    self.device = device
    self.app = app
    self.classes = classes
    self.window = window
    self.windows = windows
    self.steps = steps
    self.expectations = expectations
  }

  /// The root the main window launches with under the flags' first values: `rootIf`'s when its flag
  /// starts YES, else `window`. Edits of the main window's tree reach this one.
  public var launchRoot: Node {
    get { launchesRootIf ? rootIf!.root : window }
    set {
      if launchesRootIf { rootIf!.root = newValue } else { window = newValue }
    }
  }

  var launchesRootIf: Bool {
    guard let rootIf else { return false }
    return app.flags.first { $0.name == rootIf.flag }?.value == true
  }

  /// Whether the app runs in iPad multitasking, where UIKit asks no controller and the interface
  /// follows the device (docs/rules.md#ipad-multitasking): an iPad app on iOS 9 or later that supports all four
  /// orientations in Info.plist and does not require full screen, unless `system.multitasking` says.
  public var multitasking: Bool {
    guard system.idiom == .pad, system.version.major >= 9 else { return false }
    if let explicit = system.multitasking { return explicit }
    let plist = app.infoPlist.map(OrientationMask.init) ?? system.idiomDefaultMask
    return plist == .all && !requiresFullScreenApplies
  }

  /// Whether `UIRequiresFullScreen` counts on this system: it is ignored from the version
  /// `UIRequiresFullScreenIgnoredStartingWithVersion` names, a key iPadOS reads from 26.2
  /// (docs/rules.md#requires-full-screen-ignored).
  public var requiresFullScreenApplies: Bool {
    guard app.requiresFullScreen else { return false }
    if let from = app.requiresFullScreenIgnoredStartingWithVersion, system.version >= SystemVersion("26.2")!,
      system.version >= from
    {
      return false
    }
    return true
  }
}
