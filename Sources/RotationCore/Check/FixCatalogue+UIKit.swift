/// Edits where the class that must change is UIKit's own (issue #28): a category (an extension in
/// Swift) on `UINavigationController`, `UITabBarController` or `UIAlertController`; the app
/// delegate as a UIKit container's delegate; the app delegate's answer per window; and a presented
/// controller answering with what its presenter supports.
extension FixCatalogue {
  /// The UIKit containers whose own answers a category can change, and where they forward.
  static let categoryTargets: [(className: String, kind: ControllerKind, target: ForwardTarget)] = [
    ("UINavigationController", .navigation, .top), ("UITabBarController", .tabBar, .selected),
  ]

  /// A category on a UIKit container the app uses undeclared: it forwards to its shown child, as the
  /// classic fix of "push a landscape page" threads does.
  static func uikitCategories(_ scenario: Scenario) -> [Edit] {
    let used = categoryTargets.filter { target in
      scenario.uses(target.className) && !scenario.classes.contains(where: { $0.name == target.className })
    }
    var edits = used.map { category($0.className, $0.kind, $0.target) }
    // A tab bar of navigation controllers needs both, as the threads write them together.
    if used.count == 2 {
      let both = edits
      edits.insert(
        Edit(
          title: tr(
            "Add categories on UITabBarController and UINavigationController that forward to the shown child"),
          change: both.map(\.change).joined(separator: "; "),
          swift: both.map(\.swift).joined(separator: "\n\n"),
          objectiveC: both.map(\.objectiveC).joined(separator: "\n\n"),
          apply: { scenario in for edit in both { edit.apply(&scenario) } }
        ).explained(
          tr(
            "A tab bar of navigation controllers answers for its pages without asking them; categories on both make the page on top answer."
          ), rule: "containers-ignore-children"), at: 0)
    }
    if scenario.uses("UIAlertController")
      && !scenario.classes.contains(where: { $0.name == "UIAlertController" })
    {
      // The app's own orientations, then portrait (ZFPlayer#548's confirmed category), then all but
      // upside down.
      for mask in [scenario.app.infoPlist.map(OrientationMask.init), .portrait, .allButUpsideDown].compactMap(
        { $0 })
        .uniqued()
      {
        edits.append(alertCategory(mask))
      }
    }
    return edits
  }

  /// One category on a UIKit container, forwarding to `target`.
  static func category(_ className: String, _ kind: ControllerKind, _ target: ForwardTarget) -> Edit {
    let (swiftChild, objcChild) = childExpression(target)
    return
      Edit(
        title: tr(
          "Add a category on %s that forwards supportedInterfaceOrientations to %s", className,
          target.property),
        change: "classes.\(className) = {\"kind\": \"\(kind.rawValue)\", \"category\": \"Rotation\", "
          + "\"supportedInterfaceOrientations\": {\"forwardTo\": \"\(target.word)\"}}",
        swift: """
          extension \(className) {
              open override var supportedInterfaceOrientations: UIInterfaceOrientationMask {
                  \(swiftChild)?.supportedInterfaceOrientations ?? .portrait
              }
          }
          """,
        objectiveC: """
          @implementation \(className) (Rotation)
          - (UIInterfaceOrientationMask)supportedInterfaceOrientations {
              UIViewController *child = \(objcChild);
              return child ? child.supportedInterfaceOrientations : UIInterfaceOrientationMaskPortrait;
          }
          @end
          """,
        apply: { scenario in
          var spec = ClassSpec(name: className, kind: kind)
          spec.category = "Rotation"
          spec.supportedInterfaceOrientations = .forward(target)
          scenario.classes.append(spec)
        }
      ).explained(
        tr(
          "The app uses UIKit's own %s, which answers for its children without asking them; a category makes it forward to %s without a subclass.",
          className, target.property), rule: "containers-ignore-children")
  }

  /// `UIAlertController` answering a mask of its own instead of its presenter's.
  static func alertCategory(_ mask: OrientationMask) -> Edit {
    Edit(
      title: tr("Add a category on UIAlertController that supports %s", mask.name),
      change: "classes.UIAlertController = {\"kind\": \"alert\", \"category\": \"Rotation\", "
        + "\"supportedInterfaceOrientations\": \"\(mask.name)\"}",
      swift: """
        extension UIAlertController {
            open override var supportedInterfaceOrientations: UIInterfaceOrientationMask { .\(mask.name) }
        }
        """,
      objectiveC: """
        @implementation UIAlertController (Rotation)
        - (UIInterfaceOrientationMask)supportedInterfaceOrientations {
            return UIInterfaceOrientationMask\(mask.name.capitalizedFirst);
        }
        @end
        """,
      apply: { scenario in
        var spec = ClassSpec(name: "UIAlertController", kind: .alert)
        spec.category = "Rotation"
        spec.supportedInterfaceOrientations = .value(.literal(mask))
        scenario.classes.append(spec)
      }
    ).explained(
      tr(
        "An alert answers with its presenter's orientations, and decides while it is up; answering %s of its own keeps the alert inside what the app supports.",
        mask.name), rule: "alert-defers-to-presenter")
  }

  /// The app delegate as the delegate of the UIKit navigation and tab bar controllers in the app's
  /// trees, answering with the mask of the controller on top.
  static func containerDelegates(_ scenario: Scenario) -> [Edit] {
    let views = scenario.classes.filter { $0.kind == .view && !$0.external }
    var answer: Value<OrientationMask> = .literal(scenario.system.idiomDefaultMask)
    var any = false
    for spec in views.reversed() {
      guard case .value(.literal(let mask))? = spec.supportedInterfaceOrientations else { continue }
      answer = .test(.topIs(spec.name), then: .literal(mask), else: answer)
      any = true
    }
    guard any, scenario.app.asDelegate == nil else { return [] }
    let onTop = answer
    let delegateClass = scenario.app.delegateClass
    return [
      ("UINavigationController", "navigationController", "topViewController"),
      ("UITabBarController", "tabBarController", "selectedViewController"),
    ].compactMap { className, word, property -> Edit? in
      guard scenario.uses(className), !scenario.classes.contains(where: { $0.name == className }) else {
        return nil
      }
      let selector = "\(word)SupportedInterfaceOrientations"
      return Edit(
        title: tr("Make the app delegate each %s's delegate, answering %s:", className, selector),
        change: "app.asDelegate = {\"supportedInterfaceOrientations\": <the mask of the controller on top>}; "
          + "\"delegate\": \"\(delegateClass)\" on each \(className) node",
        swift: """
          // \(delegateClass): \(className)Delegate; set \(word).delegate = self where it is made
          func \(word)SupportedInterfaceOrientations(_ \(word): \(className)) -> UIInterfaceOrientationMask {
              \(word).\(property)?.supportedInterfaceOrientations ?? .portrait
          }
          """,
        objectiveC: """
          // \(delegateClass).m, <\(className)Delegate>; \(word).delegate = self where it is made
          - (UIInterfaceOrientationMask)\(selector):(\(className) *)\(word) {
              return \(word).\(property).supportedInterfaceOrientations;
          }
          """,
        apply: { scenario in
          scenario.app.asDelegate = ContainerDelegate(
            className: delegateClass, supportedInterfaceOrientations: onTop)
          scenario.mapNodes { node in
            var node = node
            if node.className == className { node.delegate = delegateClass }
            return node
          }
        }
      ).explained(
        tr(
          "UIKit's %s has no override to edit; when it does not override, UIKit asks its delegate, which can answer with %s's mask.",
          className, property), rule: "container-delegates")
    }
  }

  /// The app delegate's answer per window: what a non-main window's root supports may turn there,
  /// while the main window keeps the answer it has. The root's own literal mask is offered first (a
  /// framework's root too: `original` still has the external classes), as ZFPlayer#1355's thread
  /// answered `.landscape` for `ZFLandscapeWindow`; then all but upside down.
  static func perWindowAnswers(_ scenario: Scenario, original: Scenario) -> [Edit] {
    let current =
      scenario.app.supportedInterfaceOrientationsForWindow
      ?? .literal(scenario.app.infoPlist.map(OrientationMask.init) ?? scenario.system.idiomDefaultMask)
    // An answer per window is already there; code is only ever a whole answer (it cannot be one
    // branch of a window test): no edit is made of either.
    if case .window = current { return [] }
    if case .code = current { return [] }
    return scenario.windows.flatMap { window in
      var masks: [OrientationMask] = [.allButUpsideDown]
      if case .value(.literal(let own))? = original.classes.first(where: { $0.name == window.root.className }
      )?
      .supportedInterfaceOrientations, OrientationMask.named.contains(where: { $0.mask == own }) {
        masks.insert(own, at: 0)
      }
      return masks.uniqued().map { perWindowAnswer(window.name, mask: $0, current: current) }
    }
  }

  static func perWindowAnswer(_ name: String, mask: OrientationMask, current: Value<OrientationMask>) -> Edit
  {
    let swiftMask = "." + mask.name
    let objcMask = "UIInterfaceOrientationMask" + mask.name.capitalizedFirst
    return Edit(
      title: tr("Let the app delegate allow %s for the window %s only", mask.name, name),
      change:
        "app.supportedInterfaceOrientationsForWindow = {\"ifWindow\": \"\(name)\", \"then\": \"\(mask.name)\", \"else\": <as before>}",
      swift: """
        func application(_ application: UIApplication,
                         supportedInterfaceOrientationsFor window: UIWindow?) -> UIInterfaceOrientationMask {
            if window === \(name)Window { return \(swiftMask) }
            return .portrait // as before, for the other windows
        }
        """,
      objectiveC: """
        - (UIInterfaceOrientationMask)application:(UIApplication *)application
            supportedInterfaceOrientationsForWindow:(UIWindow *)window {
            if (window == self.\(name)Window) return \(objcMask);
            return UIInterfaceOrientationMaskPortrait; // as before, for the other windows
        }
        """,
      apply: { scenario in
        scenario.app.supportedInterfaceOrientationsForWindow = .window(
          name: name, then: .literal(mask), else: current)
      }
    ).explained(
      tr(
        "The app delegate is asked for the window that drives; answering per window lets %s turn while the others keep their mask.",
        name), rule: "driving-window")
  }

  /// A presented controller (an alert's, a sheet's, a picker's content) that answers with what its
  /// presenter supports.
  static func forwardToPresenting(_ scenario: Scenario) -> [Edit] {
    var names: [String] = []
    for action in scenario.steps + scenario.code.flatMap(\.actions) {
      var inner = action
      if case .inWindow(_, let wrapped) = action { inner = wrapped }
      if case .present(let node, _) = inner, !names.contains(node.className),
        let spec = scenario.classes.first(where: { $0.name == node.className }), !spec.external,
        [.view, .alert].contains(spec.kind), spec.supportedInterfaceOrientations != .forward(.presenting)
      {
        names.append(node.className)
      }
    }
    return names.map { name in
      Edit(
        title: tr("Make %s answer with its presenter's supportedInterfaceOrientations", name),
        change: "classes.\(name).supportedInterfaceOrientations = {\"forwardTo\": \"presenting\"}",
        swift: """
          // \(name)
          override var supportedInterfaceOrientations: UIInterfaceOrientationMask {
              presentingViewController?.supportedInterfaceOrientations ?? super.supportedInterfaceOrientations
          }
          """,
        objectiveC: """
          // \(name).m
          - (UIInterfaceOrientationMask)supportedInterfaceOrientations {
              UIViewController *presenter = self.presentingViewController;
              return presenter ? presenter.supportedInterfaceOrientations : [super supportedInterfaceOrientations];
          }
          """,
        apply: { scenario in
          scenario.updateClass(name) { $0.supportedInterfaceOrientations = .forward(.presenting) }
        }
      ).explained(
        tr(
          "%s decides while it is presented; answering with its presenter's mask keeps the interface where the screen under it can be.",
          name), rule: "full-screen-takes-over")
    }
  }
}

extension Scenario {
  /// Whether the app's trees, windows or actions use a class.
  func uses(_ className: String) -> Bool {
    window.names(className) || rootIf?.root.names(className) == true
      || windows.contains { $0.root.names(className) }
      || (steps + code.flatMap(\.actions)).contains { $0.names(className) }
  }

  /// Changes every node of the app's trees and of the pushes and presentations in its steps and code.
  mutating func mapNodes(_ change: (Node) -> Node) {
    window = window.mappingNodes(change)
    if let choice = rootIf { rootIf = RootChoice(flag: choice.flag, root: choice.root.mappingNodes(change)) }
    for index in windows.indices { windows[index].root = windows[index].root.mappingNodes(change) }
    func mapped(_ action: Action) -> Action {
      switch action {
      case .push(let node): return .push(node.mappingNodes(change))
      case .present(let node, let style): return .present(node.mappingNodes(change), style: style)
      case .inWindow(let window, let inner): return .inWindow(window, mapped(inner))
      case .when(let condition, let then, let otherwise):
        return .when(condition, then: then.map(mapped), else: otherwise.map(mapped))
      default: return action
      }
    }
    steps = steps.map(mapped)
    mapCode { $0.map(mapped) }
  }
}

extension Node {
  /// The node and its descendants, each changed by `change` (children first).
  func mappingNodes(_ change: (Node) -> Node) -> Node {
    var node = self
    node.stack = stack.map { $0.mappingNodes(change) }
    node.tabs = tabs.map { $0.mappingNodes(change) }
    node.children = children.map { $0.mappingNodes(change) }
    node.columns = columns.map { Column($0.role, $0.node.mappingNodes(change)) }
    node.pages = pages.map { $0.mappingNodes(change) }
    return change(node)
  }
}

extension Array where Element: Hashable {
  /// The elements in order, each once.
  func uniqued() -> [Element] {
    var seen = Set<Element>()
    return filter { seen.insert($0).inserted }
  }
}
