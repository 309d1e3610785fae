/// A controller in a tree: its class, and for containers their children.
public struct Node: Sendable, Equatable {
  public var className: String
  /// A navigation controller's stack, bottom first.
  public var stack: [Node]
  /// A tab bar controller's tabs; `selected` is the selected tab, or a page view's current page.
  public var tabs: [Node]
  public var selected: Int
  /// A custom container's child view controllers.
  public var children: [Node]
  /// A split view controller's columns, in `SplitColumn` order.
  public var columns: [Column]
  /// A page view controller's pages; `selected` is the current one.
  public var pages: [Node]
  /// The instance's properties set as it is made (`"set"`: what a presenter assigns before
  /// `present` or `pushViewController`).
  public var properties: [StateVariable] = []
  /// The delegate the code gives this container as it builds the tree (the app delegate's
  /// `nav.delegate = self` at launch): the app delegate's class, which answers with `app.asDelegate`.
  public var delegate: String?

  /// One column of a split view controller.
  public struct Column: Sendable, Equatable {
    public var role: SplitColumn
    public var node: Node

    public init(_ role: SplitColumn, _ node: Node) {
      self.role = role
      self.node = node
    }
  }

  public init(
    className: String, stack: [Node] = [], tabs: [Node] = [], selected: Int = 0, children: [Node] = [],
    columns: [Column] = [], pages: [Node] = []
  ) {
    self.className = className
    self.stack = stack
    self.tabs = tabs
    self.selected = selected
    self.children = children
    self.columns = columns
    self.pages = pages
  }

  /// The child nodes in the order their controllers are created: stack, tabs, children, columns, pages
  /// (a node of one kind has only one of these).
  public var childNodes: [Node] { stack + tabs + children + columns.map(\.node) + pages }

  /// How many controllers the subtree holds.
  public var count: Int {
    1 + childNodes.reduce(0) { $0 + $1.count }
  }
}

/// `UIModalPresentationStyle`, the ones that matter for rotation.
public enum PresentationStyle: String, Sendable, CaseIterable {
  case fullScreen
  case pageSheet
  case formSheet
  case overFullScreen
  /// iOS 13+: UIKit picks (a page sheet for most controllers, the alert's own style for an alert).
  case automatic
  case currentContext
  case overCurrentContext
  /// The app's own presentation controller (`UIPresentationController` subclass).
  case custom
  case popover
}

extension PresentationStyle {
  /// Whether the presenter's views leave the window once the presentation is done: a full-screen
  /// presentation removes them, a current-context one removes its context's (the model's context is
  /// the level's root); "over" styles, sheets and popovers leave them.
  public var removesPresenterViews: Bool { self == .fullScreen || self == .currentContext }
}
