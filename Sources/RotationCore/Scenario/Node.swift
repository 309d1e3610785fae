/// A controller in a tree: its class, and for containers their children.
public struct Node: Sendable, Equatable {
  public var className: String
  /// A navigation controller's stack, bottom first.
  public var stack: [Node]
  /// A tab bar controller's tabs and the selected index.
  public var tabs: [Node]
  public var selected: Int

  public init(className: String, stack: [Node] = [], tabs: [Node] = [], selected: Int = 0) {
    self.className = className
    self.stack = stack
    self.tabs = tabs
    self.selected = selected
  }

  /// How many controllers the subtree holds.
  public var count: Int {
    1 + stack.reduce(0) { $0 + $1.count } + tabs.reduce(0) { $0 + $1.count }
  }
}

/// `UIModalPresentationStyle`, the ones that matter for rotation.
public enum PresentationStyle: String, Sendable, CaseIterable {
  case fullScreen
  case pageSheet
  case formSheet
  case overFullScreen
}
