/// New Scenario's starting points: the shapes apps are built in. Each starts with launch and
/// nothing overridden, so every controller answers as UIKit's does until the person changes it.
public enum ScenarioTemplate: String, Sendable, CaseIterable {
  case singleView
  case navigationStack
  case tabsOfNavigationStacks
  case splitView

  public var title: String {
    switch self {
    case .singleView: return tr("A single view controller")
    case .navigationStack: return tr("A navigation stack")
    case .tabsOfNavigationStacks: return tr("Tabs of navigation stacks")
    case .splitView: return tr("A split view")
    }
  }

  /// The template's scenario on `system`, with `infoPlist` as UISupportedInterfaceOrientations
  /// (nil: the key is absent, and the idiom's default applies).
  public func scenario(system: SystemConfig, infoPlist: [InterfaceOrientation]?) -> Scenario {
    let classes: [ClassSpec]
    let root: Node
    switch self {
    case .singleView:
      classes = [ClassSpec(name: "ViewController", kind: .view)]
      root = Node(className: "ViewController")
    case .navigationStack:
      classes = [
        ClassSpec(name: "NavigationController", kind: .navigation),
        ClassSpec(name: "ViewController", kind: .view),
      ]
      root = Node(className: "NavigationController", stack: [Node(className: "ViewController")])
    case .tabsOfNavigationStacks:
      classes = [
        ClassSpec(name: "TabBarController", kind: .tabBar),
        ClassSpec(name: "NavigationController", kind: .navigation),
        ClassSpec(name: "FirstViewController", kind: .view),
        ClassSpec(name: "SecondViewController", kind: .view),
      ]
      root = Node(
        className: "TabBarController",
        tabs: [
          Node(className: "NavigationController", stack: [Node(className: "FirstViewController")]),
          Node(className: "NavigationController", stack: [Node(className: "SecondViewController")]),
        ])
    case .splitView:
      classes = [
        ClassSpec(name: "SplitViewController", kind: .splitView),
        ClassSpec(name: "NavigationController", kind: .navigation),
        ClassSpec(name: "ListViewController", kind: .view),
        ClassSpec(name: "DetailViewController", kind: .view),
      ]
      root = Node(
        className: "SplitViewController",
        columns: [
          Node.Column(
            .primary, Node(className: "NavigationController", stack: [Node(className: "ListViewController")])),
          Node.Column(.secondary, Node(className: "DetailViewController")),
        ])
    }
    return Scenario(
      title: title, system: system,
      device: DeviceConfig(orientation: .portrait, orientationLock: false),
      app: AppConfig(infoPlist: infoPlist),
      classes: classes, window: root, steps: [.launch])
  }
}
