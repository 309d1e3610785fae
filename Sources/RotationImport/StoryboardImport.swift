// The fuzzer compiles the core and this module as one module, without RotationCore.
#if canImport(RotationCore)
  import RotationCore
#endif

/// A storyboard's (or xib's) controllers as a tree: from the initial view controller (a xib's
/// `rootViewController` outlet, its first controller, or its File's Owner) down its relationship
/// segues (navigation root, tabs in order, split columns), embed segues (a container's children)
/// and, in xibs, controllers nested in another's element. Presentation segues are the
/// presentations the app offers. Storyboard references resolve through `references`.
struct StoryboardTree {
  /// A class the storyboard names, with the kind its element gives and where.
  struct SeenClass: Equatable {
    var name: String
    var kind: ControllerKind
    /// UIKit's or a framework's class the app cannot change (UITableViewController, AVPlayerViewController).
    var external: Bool
    var file: String
    var line: Int
  }

  /// A presentation segue: the class it presents, with its style.
  struct Offer: Equatable {
    var from: String
    var className: String
    var style: PresentationStyle?
    var line: Int
    /// The segue's identifier, the tree it shows, and whether it is a push (`show` or `push`).
    var identifier: String? = nil
    var node: Node? = nil
    var push = false
    var file = ""
  }

  var root: Node?
  var classes: [SeenClass] = []
  var offers: [Offer] = []
  var report = ImportReport()

  /// UIKit's class and the kind for an element.
  static func uikit(_ element: String) -> (className: String, kind: ControllerKind) {
    switch element {
    case "navigationController": return ("UINavigationController", .navigation)
    case "tabBarController": return ("UITabBarController", .tabBar)
    case "splitViewController": return ("UISplitViewController", .splitView)
    case "pageViewController": return ("UIPageViewController", .pageView)
    case "tableViewController": return ("UITableViewController", .view)
    case "collectionViewController": return ("UICollectionViewController", .view)
    case "avPlayerViewController": return ("AVPlayerViewController", .view)
    case "hostingController": return ("UIHostingController", .view)
    case "glkViewController": return ("GLKViewController", .view)
    default: return ("UIViewController", .view)
    }
  }

  /// `modalPresentationStyle` as Interface Builder writes it.
  static func style(_ written: String?) -> PresentationStyle? {
    guard let written else { return nil }
    return PresentationStyle(rawValue: written)
  }

  /// The deepest tree the import builds; deeper relationships are cut and reported.
  static let maximumDepth = 64
  /// The most controllers the import builds from storyboards; more are cut and reported.
  static let maximumControllers = 2_000

  /// `references` gives another storyboard's document by name (nil when it is not there); `start`
  /// is a controller's id to start from instead of the initial one.
  init(
    _ document: StoryboardDocument, file: String, start: String? = nil,
    references: @escaping (String) -> (StoryboardDocument, String)? = { _ in nil }
  ) {
    let rootID: String?
    var rootLine: Int?
    if let start {
      rootID = start
    } else if let initial = document.initialController {
      rootID = initial
      rootLine = document.initialLine
    } else if let outlet = document.rootOutlet {
      rootID = outlet
    } else {
      rootID = document.isStoryboard ? nil : document.controllers.first(where: { $0.parent == nil })?.id
    }
    guard let rootID, document.controller(rootID) != nil else {
      if !document.isStoryboard, let owner = document.filesOwner {
        root = Node(className: owner.className)
        classes.append(
          SeenClass(name: owner.className, kind: .view, external: false, file: file, line: owner.line))
        report.facts.append(
          .init(
            file: file, line: owner.line, text: tr("File's Owner is %s: the window's root", owner.className)))
        return
      }
      report.assumptions.append(
        .init(
          file: file, line: nil,
          text: document.isStoryboard
            ? tr(
              "no initial view controller (Is Initial View Controller is not set): the window's root is not known"
            )
            : tr(
              "no view controller at the top level and no File's Owner class: the window's root is not known")
        )
      )
      return
    }
    var builder = Builder(document: document, file: file, references: references)
    root = builder.node(rootID, depth: 0, path: [])
    classes = builder.classes
    offers = builder.offers
    report = builder.report
    if let root {
      report.facts.insert(
        .init(
          file: file, line: rootLine ?? document.controller(rootID)?.line,
          text: tr("the initial view controller is %s", root.className)), at: 0)
    }
  }

  /// Walks a document from one controller, recording classes, offers and report lines.
  struct Builder {
    var document: StoryboardDocument
    var file: String
    var references: (String) -> (StoryboardDocument, String)?
    var classes: [SeenClass] = []
    var offers: [Offer] = []
    var report = ImportReport()
    /// Controllers built so far, against `maximumControllers`.
    var count = 0

    init(
      document: StoryboardDocument, file: String,
      references: @escaping (String) -> (StoryboardDocument, String)?
    ) {
      self.document = document
      self.file = file
      self.references = references
    }

    mutating func node(_ id: String, depth: Int, path: Set<String>) -> Node? {
      guard let controller = document.controller(id) else {
        report.assumptions.append(
          .init(
            file: file, line: nil, text: tr("a segue leads to %s, which is not in the file: left out", id)))
        return nil
      }
      guard !path.contains(id), depth < StoryboardTree.maximumDepth else {
        report.assumptions.append(
          .init(
            file: file, line: controller.line,
            text: path.contains(id)
              ? tr("the relationships come back to %s: the loop is cut there", id)
              : tr("the controllers nest deeper than %s: cut there", StoryboardTree.maximumDepth)))
        return nil
      }
      count += 1
      guard count <= StoryboardTree.maximumControllers else {
        if count == StoryboardTree.maximumControllers + 1 {
          report.assumptions.append(
            .init(
              file: file, line: controller.line,
              text: tr(
                "more than %s controllers: the rest are cut from here", StoryboardTree.maximumControllers)))
        }
        return nil
      }
      if let reference = controller.reference {
        return referenced(reference, line: controller.line, depth: depth)
      }
      let path = path.union([id])
      let (uikitClass, elementKind) = StoryboardTree.uikit(controller.element)
      var className = controller.customClass ?? uikitClass
      if !ScenarioDecoder.isIdentifier(className) {
        report.assumptions.append(
          .init(
            file: file, line: controller.line,
            text: tr(
              "the custom class %s is not a name the scenario format takes: %s instead",
              String(className.prefix(60)),
              uikitClass)
          ))
        className = uikitClass
      }
      let segues = document.segues(of: id)
      let embeds = segues.filter { $0.kind == "embed" }
      var kind = elementKind
      if kind == .view && !embeds.isEmpty { kind = .container }
      // A storyboard link (the RBStoryboardLink pod): a container holding the linked scene.
      if let link = controller.link, !link.storyboard.isEmpty {
        if !classes.contains(where: { $0.name == className }) {
          classes.append(
            SeenClass(name: className, kind: .container, external: true, file: file, line: controller.line))
        }
        var node = Node(className: className)
        if let scene = referenced(link, line: controller.line, depth: depth) { node.children = [scene] }
        report.facts.append(
          .init(
            file: file, line: controller.line,
            text: tr(
              "%s links to storyboard %s (a storyboard-link pod): a container whose child is %s; it forwards shouldAutorotate and supportedInterfaceOrientations to it",
              className, link.storyboard, node.children.first?.className ?? "?")))
        return node
      }
      let external = className == uikitClass && ControllerKind.uikitClasses[className] == nil
      if !classes.contains(where: { $0.name == className }) {
        classes.append(
          SeenClass(name: className, kind: kind, external: external, file: file, line: controller.line))
      }
      var node = Node(className: className)
      func related(_ names: Set<String>) -> [Node] {
        var found: [Node] = []
        for segue in segues where segue.kind == "relationship" && names.contains(segue.relationship ?? "") {
          if let child = self.node(segue.destination, depth: depth + 1, path: path) { found.append(child) }
        }
        return found
      }
      let nested = document.nested(in: id)
      switch kind {
      case .navigation:
        node.stack = related(["rootViewController"])
        if node.stack.isEmpty, let first = nested.first,
          let child = self.node(first, depth: depth + 1, path: path)
        {
          node.stack = [child]
        }
      case .tabBar:
        node.tabs = related(["viewControllers"])
        if node.tabs.isEmpty {
          node.tabs = nested.compactMap { self.node($0, depth: depth + 1, path: path) }
        }
      case .splitView:
        let columns: [(SplitColumn, Set<String>)] = [
          (.primary, ["masterViewController", "primaryViewController"]),
          (.supplementary, ["supplementaryViewController"]),
          (.secondary, ["detailViewController", "secondaryViewController"]),
        ]
        for (role, names) in columns {
          if let child = related(names).first { node.columns.append(Node.Column(role, child)) }
        }
      case .pageView:
        report.assumptions.append(
          .init(
            file: file, line: controller.line,
            text: tr(
              "%s is a page view controller: its pages are set in code, not in the storyboard", className)))
      case .container:
        for segue in embeds {
          if let child = self.node(segue.destination, depth: depth + 1, path: path) {
            node.children.append(child)
          }
        }
        report.facts.append(
          .init(
            file: file, line: embeds.first?.line,
            text: tr(
              "%s embeds %s (container views)", className,
              node.children.map(\.className).joined(separator: ", "))
          ))
      case .view, .alert:
        break
      }
      for segue in segues where Self.presents(segue.kind) {
        offer(segue, from: className, depth: depth, path: path)
      }
      return node
    }

    /// Presentation segues: `presentation`, `modal`, `popoverPresentation`, and `show`/`push`/`showDetail`,
    /// which present when no navigation controller holds the source.
    static func presents(_ kind: String) -> Bool {
      ["presentation", "modal", "popoverPresentation", "show", "push", "showDetail", "custom"].contains(kind)
    }

    mutating func offer(_ segue: StoryboardDocument.Segue, from: String, depth: Int, path: Set<String>) {
      guard let destination = document.controller(segue.destination) else { return }
      let style: PresentationStyle?
      switch segue.kind {
      case "popoverPresentation": style = .popover
      case "presentation", "modal":
        style = StoryboardTree.style(segue.presentationStyle ?? destination.presentationStyle)
      default: style = nil
      }
      // The presented controller's own tree (a navigation controller presented with its root).
      guard
        let presented = path.contains(segue.destination)
          ? nil : node(segue.destination, depth: depth + 1, path: path)
      else { return }
      offers.append(
        Offer(
          from: from, className: presented.className, style: style, line: segue.line,
          identifier: segue.identifier,
          node: presented, push: ["show", "push"].contains(segue.kind), file: file))
      let text: String
      if ["show", "push", "showDetail"].contains(segue.kind) {
        text = tr(
          "%s shows %s by a %s segue (a push inside a navigation controller, else a presentation): offered in the window's Push and Present menus",
          from, presented.className, segue.kind)
      } else if let style {
        text = tr(
          "%s shows %s by a %s segue (%s): offered in the window's Push and Present menus", from,
          presented.className, segue.kind, style.rawValue)
      } else {
        text = tr(
          "%s shows %s by a %s segue: offered in the window's Push and Present menus", from,
          presented.className,
          segue.kind)
      }
      report.facts.append(.init(file: file, line: segue.line, text: text))
    }

    mutating func referenced(_ reference: (storyboard: String, identifier: String?), line: Int, depth: Int)
      -> Node?
    {
      guard let (other, otherFile) = references(reference.storyboard) else {
        report.assumptions.append(
          .init(
            file: file, line: line,
            text: tr("a reference to the storyboard %s, which is not found: left out", reference.storyboard)))
        return nil
      }
      let target =
        reference.identifier.flatMap { id in
          other.controllers.first(where: { $0.storyboardIdentifier == id })?.id
        }
        ?? other.initialController
      guard let target, depth < StoryboardTree.maximumDepth else {
        report.assumptions.append(
          .init(
            file: file, line: line,
            text: reference.identifier.map {
              tr(
                "the storyboard %s has no controller with the identifier %s: left out", reference.storyboard,
                $0)
            } ?? tr("the storyboard %s has no controller marked initial: left out", reference.storyboard))
        )
        return nil
      }
      // References inside the other storyboard resolve too; the depth bound ends a cycle of them.
      var inner = Builder(document: other, file: otherFile, references: references)
      inner.count = count
      let node = inner.node(target, depth: depth + 1, path: [])
      count = inner.count
      for seen in inner.classes where !classes.contains(where: { $0.name == seen.name }) {
        classes.append(seen)
      }
      offers += inner.offers
      report.facts += inner.report.facts
      report.assumptions += inner.report.assumptions
      return node
    }
  }
}
