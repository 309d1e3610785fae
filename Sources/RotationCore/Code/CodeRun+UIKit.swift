/// UIKit's and Foundation's surface that orientation code reads: the controllers of the tree and
/// their containers, the orientation questions asked of another controller (recorded as calls one
/// level below), UIDevice, UIApplication, windows and the scene, the orientation functions and
/// constants. A member the model does not have is `unknown`, said once with its line.
extension CodeRun {
  var state: SimulationState { answers.state }

  /// `target.name`, or `[target name]` without arguments: UIKit's, else the app's own computed
  /// property or getter of the target's class (the scenario's `functions`).
  mutating func member(_ target: CodeValue, _ name: String) -> CodeValue {
    if let stored = storedThisRun[Self.storedKey(target, name)] { return stored }
    let value = builtinMember(target, name)
    guard value.isUnknown, !target.isUnknown else { return value }
    if let found = function(name, of: target) {
      if found.body.stored { return storedValue(name, found.body, on: target) }
      return runFunction(name, owner: found.owner, found.body, on: target, [])
    }
    if case .object = target { return topHelper(name) ?? value }
    return value
  }

  private mutating func builtinMember(_ target: CodeValue, _ name: String) -> CodeValue {
    switch target {
    case .null: return .null
    case .unknown(let text): return .unknown(text + "." + name)
    case .object(let object):
      return member(of: object, name)
    case .array(let elements):
      switch name {
      case "first", "firstObject": return elements.first ?? .null
      case "last", "lastObject": return elements.last ?? .null
      case "count": return .int(elements.count)
      case "allObjects": return target
      case "isEmpty": return .bool(elements.isEmpty)
      default: return .unknown("[…]." + name)
      }
    case .interface, .device, .implicit, .int:
      let device = target.asDevice
      let interface = target.asInterface
      switch name {
      case "isLandscape":
        return .bool(device == .landscapeLeft || device == .landscapeRight || interface?.isLandscape == true)
      case "isPortrait":
        return .bool(device == .portrait || device == .portraitUpsideDown || interface?.isPortrait == true)
      case "isFlat": return .bool(device == .faceUp || device == .faceDown)
      case "isValidInterfaceOrientation": return .bool(device?.interfaceOrientation != nil)
      case "rawValue": return number(target).map(CodeValue.int) ?? .unknown(target.text + ".rawValue")
      default: return .unknown(target.text + "." + name)
      }
    case .mask(let mask):
      return name == "rawValue" ? .int(mask.rawValue) : .unknown(mask.name + "." + name)
    default:
      return .unknown(target.text + "." + name)
    }
  }

  private mutating func member(of object: CodeObject, _ name: String) -> CodeValue {
    switch object {
    case .made(let index):
      if let id = made[index].id { return controllerMember(id, name) }
      if let set = made[index].node.properties.first(where: { $0.name == name }) {
        return CodeValue(set.value)
      }
      return .unknown("new \(made[index].node.className)." + name)
    case .geometry: return .unknown("geometry preferences." + name)
    case .invocation: return .unknown("NSInvocation." + name)
    case .storyboard: return .unknown("UIStoryboard." + name)
    case .coordinator: return .unknown("coordinator." + name)
    case .segue(let identifier, let index):
      switch name {
      case "identifier": return .string(identifier)
      case "destination", "destinationViewController": return .object(.made(index))
      default: return .unknown("segue." + name)
      }
    case .gesture(let phase):
      return name == "state" ? .implicit(phase) : .unknown("gesture." + name)
    case .control(let owner, let method):
      // What the code kept on the control, else a control's state at rest: not selected, off, tag 0.
      if let kept = state.codeValues[Self.controlKey(owner, method, name)] { return kept }
      switch name {
      case "isSelected", "selected", "isOn", "on", "isHighlighted", "highlighted": return .bool(false)
      case "tag": return .int(0)
      default: return .unknown("sender." + name)
      }
    case .rect(let width, let height):
      switch name {
      case "width": return .int(width)
      case "height": return .int(height)
      case "size", "bounds", "frame": return .object(object)
      default: return .unknown("size." + name)
      }
    case .controller(let id): return controllerMember(id, name)
    case .view(let id):
      switch name {
      case "window": return .object(.window(answers.tree.windowIndex(of: id)))
      case "bounds", "frame": return screen
      default: return .unknown("view." + name)
      }
    case .device:
      switch name {
      case "orientation": return .device(state.deviceOrientation)
      case "userInterfaceIdiom": return .implicit(answers.system.idiom == .pad ? "pad" : "phone")
      default: return .unknown("UIDevice." + name)
      }
    case .application:
      switch name {
      case "delegate": return .object(.appDelegate)
      case "statusBarOrientation": return .interface(state.interfaceOrientation)
      case "keyWindow": return .object(.window(answers.tree.key))
      case "windows": return .array(answers.tree.windows.indices.map { .object(.window($0)) })
      case "connectedScenes": return .array([.object(.scene)])
      default: return .unknown("UIApplication." + name)
      }
    case .window(let index):
      switch name {
      case "rootViewController":
        let windows = answers.tree.windows
        return windows.indices.contains(index) ? .object(.controller(windows[index].root)) : .null
      case "windowScene": return .object(.scene)
      case "isKeyWindow": return .bool(index == answers.tree.key)
      case "isHidden", "hidden":
        let windows = answers.tree.windows
        return windows.indices.contains(index) ? .bool(windows[index].hidden) : .unknown("UIWindow." + name)
      default:
        // A window subclass's property named after the controller it made its root
        // (`landscapeViewController` for a LandscapeViewController root): that root (the model's
        // choice: the window's initializer is not run).
        let windows = answers.tree.windows
        if windows.indices.contains(index), let root = answers.tree.controllers[windows[index].root],
          root.className == PropertyAccessor.capitalized(name)
        {
          return .object(.controller(windows[index].root))
        }
        return .unknown("UIWindow." + name)
      }
    case .scene:
      switch name {
      case "interfaceOrientation": return .interface(state.interfaceOrientation)
      case "windows": return .array(answers.tree.windows.indices.map { .object(.window($0)) })
      case "keyWindow": return .object(.window(answers.tree.key))
      default: return .unknown("UIWindowScene." + name)
      }
    case .type(let type):
      if let value = CodeValue.member(of: type, name) { return value }
      switch (type, name) {
      case ("UIDevice", "current"), ("UIDevice", "currentDevice"): return .object(.device)
      case ("UIApplication", "shared"), ("UIApplication", "sharedApplication"): return .object(.application)
      case ("DispatchQueue", "main"): return .object(.instance("DispatchQueue.main"))
      case ("UIScreen", "main"), ("UIScreen", "mainScreen"): return .object(.instance("UIScreen"))
      case (_, "self"), (_, "class"): return .object(.type(type))
      case (_, let singleton)
      where singleton.hasPrefix("shared")
        || ["default", "defaultCenter", "instance", "defaultManager", "manager"].contains(singleton):
        // A singleton's accessor (`shared`, `sharedInstance`, `[AppDelegate sharedDelegate]`): the one
        // instance, the app delegate for its class.
        return type == answers.scenario.app.delegateClass ? .object(.appDelegate) : .object(.instance(type))
      default:
        let state = appState(name, owner: type)
        // `AppDelegate.Rotation`: a type nested in another, named as Swift names it.
        if state.isUnknown, let initial = name.first, initial.isUppercase, name.contains(where: \.isLowercase)
        {
          return .object(.type(name))
        }
        return state
      }
    case .appDelegate:
      if name == "window" {
        return .object(.window(answers.tree.window(named: mainWindowName) ?? 0))
      }
      return propertyWindow(name) ?? appState(name, owner: answers.scenario.app.delegateClass)
    case .instance("UIScreen"):
      return name == "bounds" ? screen : .unknown("UIScreen." + name)
    case .instance(let type):
      if Self.isView(type) {
        return state.codeValues[Self.viewKey(type, name)] ?? .unknown(type + "." + name)
      }
      return appState(name, owner: type)
    }
  }

  /// A view of UIKit's (`UIView`, `UILabel`, an outlet): an object whose properties are its own,
  /// never the app's state (a manager or singleton's are).
  static func isView(_ type: String) -> Bool {
    type.hasPrefix("UI") && !["UIApplication", "UIDevice", "UIScreen", "UIWindow"].contains(type)
      && !type.contains("Controller")
  }

  /// Where a view's property is kept (one per class of view: the model keeps no view identity).
  static func viewKey(_ type: String, _ name: String) -> String { "view:\(type):\(name)" }

  /// Where a control's state is kept: `isSelected` and `selected` are one property.
  static func controlKey(_ owner: Int, _ method: String, _ name: String) -> String {
    let property = name.hasPrefix("is") ? name.dropFirst(2).prefix(1).lowercased() + name.dropFirst(3) : name
    return "control:\(owner):\(method):\(property)"
  }

  /// A property that holds one of the scenario's other windows (`landscapeWindow` holds the window
  /// `landscape`, named so by the import): that window, which exists from launch, hidden until the
  /// code shows it; what the code assigns to the property does not replace it (the model's choice,
  /// docs/rules.md#code-actions).
  func propertyWindow(_ name: String) -> CodeValue? {
    let windowName = WindowSpec.name(forProperty: name)
    guard windowName != mainWindowName, answers.scenario.windows.contains(where: { $0.name == windowName }),
      let index = answers.tree.window(named: windowName)
    else { return nil }
    return .object(.window(index))
  }

  /// A piece of the app's state or one of its flags, read by name (the scenario keeps state by the
  /// name the code gives it, whoever holds it).
  private func appState(_ name: String, owner: String) -> CodeValue {
    if let value = state.values[name] { return CodeValue(value) }
    if let flag = state.flags[name] { return .bool(flag) }
    if let kept = state.codeValues["app:" + name] { return kept }
    return .unknown(owner + "." + name)
  }

  private mutating func controllerMember(_ id: Int, _ name: String) -> CodeValue {
    let tree = answers.tree
    guard let controller = tree.controllers[id] else { return .null }
    func object(_ id: Int?) -> CodeValue { id.map { .object(.controller($0)) } ?? .null }
    func ancestor(_ kind: ControllerKind) -> CodeValue {
      var current = controller.parent
      while let next = current, let found = tree.controllers[next] {
        if found.kind == kind { return .object(.controller(next)) }
        current = found.parent
      }
      return .null
    }
    switch name {
    case "supportedInterfaceOrientations":
      return ask(id) { $0.supported(id, depth: $1) }.map(CodeValue.mask) ?? .unknown(name)
    case "shouldAutorotate":
      return ask(id) { $0.should(id, depth: $1) }.map(CodeValue.bool) ?? .unknown(name)
    case "preferredInterfaceOrientationForPresentation":
      return ask(id) { $0.preferred(id, depth: $1) }.map(CodeValue.interface) ?? .unknown(name)
    case "prefersInterfaceOrientationLocked":
      return ask(id) { $0.prefersLocked(id, depth: $1) }.map(CodeValue.bool) ?? .unknown(name)
    case "topViewController":
      return controller.kind == .navigation ? object(controller.children.last) : .unknown(name)
    case "visibleViewController":
      return controller.kind == .navigation ? object(tree.visibleViewController(of: id)) : .unknown(name)
    case "selectedViewController":
      return controller.kind == .tabBar ? object(controller.shownChild) : .unknown(name)
    case "selectedIndex": return .int(controller.selected)
    case "viewControllers", "childViewControllers", "children":
      return .array(controller.children.map { .object(.controller($0)) })
    case "presentedViewController": return object(tree.presentedViewController(of: id))
    case "presentingViewController": return object(tree.presentingViewController(of: id))
    case "parent", "parentViewController": return object(controller.parent)
    case "navigationController": return ancestor(.navigation)
    case "tabBarController": return ancestor(.tabBar)
    case "splitViewController": return ancestor(.splitView)
    case "interfaceOrientation": return .interface(state.interfaceOrientation)
    case "view": return .object(.view(id))
    case "isViewLoaded": return .bool(controller.viewLoaded)
    case "storyboard": return .object(.storyboard(nil))
    case "isMovingFromParent", "isMovingFromParentViewController", "isMovingToParent",
      "isMovingToParentViewController", "isBeingDismissed", "isBeingPresented":
      // What the transition under way tells the controller it moves (Hooks.swift `transition`).
      let query = TransitionQuery(
        rawValue: name.hasSuffix("ViewController") ? String(name.dropLast(14)) : name)
      return .bool(query.map { state.transitions[id]?.contains($0) == true } ?? false)
    case "class": return .object(.type(controller.className))
    default:
      if let value = state.value(of: name, selfID: id, classes: answers.classes) { return CodeValue(value) }
      if let window = propertyWindow(name) { return window }
      if let kept = state.codeValues["\(id):\(name)"] { return kept }
      return .unknown(name)
    }
  }

  /// Asks another controller (or this one) a question the way UIKit's getter would be called:
  /// the answer's calls go one level below this code's call.
  private mutating func ask<T>(_ id: Int, _ question: (Answers, Int) -> Answer<T>) -> T? {
    guard depth + 1 + callDepth <= Simulator.maxDepth else {
      note(line, .nesting(Simulator.maxDepth))
      guessed = true
      return nil
    }
    let answer = question(answers, depth + 1 + callDepth)
    for call in answer.calls where host.log(call) == nil { calls.append(call) }
    if let raised = answer.exception, exception == nil { exception = raised }
    return answer.value
  }

  /// `super.name`: UIKit's own answer, for the question being asked by its own getter only.
  mutating func superMember(_ name: String) -> CodeValue {
    if let superAnswer, name == question, callDepth == 0 { return superAnswer }
    return .unknown("super." + name)
  }

  /// A call with a receiver: a getter message, a class test, an array or mask method, a class
  /// method.
  mutating func call(_ receiver: CodeValue, _ name: String, _ arguments: [(label: String?, value: CodeValue)])
    -> CodeValue
  {
    let first = arguments.first?.value
    // A message to nil does nothing and gives nil (NO, 0).
    if receiver == .null { return .null }
    if let made = storyboardCall(receiver, name, arguments) ?? notificationCall(receiver, name, arguments) {
      return made
    }
    switch (name, arguments.count) {
    case (_, 0):
      if case .object(.type(let type)) = receiver {
        switch name {
        case "class", "self": return receiver
        case "alloc", "new": return make(type) ?? .object(.instance(type))
        default: break
        }
      }
      if let done = effect(receiver, name, arguments) ?? vocabularyMethod(receiver, name, arguments) {
        return done
      }
      if name == "init", case .object = receiver { return receiver }
      if case .closure = receiver, name == "()" { return invoke(receiver, []) }
      return member(receiver, name)
    case ("first", 1), ("contains", 1), ("filter", 1), ("map", 1), ("last", 1), ("allSatisfy", 1):
      if case .closure = first!, case .array(let elements) = receiver {
        return collection(name, elements, first!)
      }
      if name == "contains" { return contains(receiver, first!) }
      return .unknown(receiver.text + "." + name + "(…)")
    case ("isKindOfClass", 1), ("isKind", 1), ("isMemberOfClass", 1), ("isMember", 1):
      guard case .object(.type(let type))? = first else { return .unknown("isKindOfClass:") }
      return isInstance(receiver, of: type).map(CodeValue.bool) ?? .unknown("isKindOfClass:")
    case ("respondsToSelector", 1), ("responds", 1):
      guard case .string(let selector)? = first else { return .unknown(name) }
      return responds(receiver, to: String(selector.prefix { $0 != ":" }))
    case ("isEqual", 1), ("isEqualToString", 1):
      return CodeValue.same(receiver, first!).map(CodeValue.bool) ?? .unknown(name)
    case ("containsObject", 1):
      return contains(receiver, first!)
    case ("union", 1), ("intersection", 1):
      guard let mask = receiver.asMask, let other = first!.asMask else { return .unknown(name) }
      return .mask(name == "union" ? mask.union(other) : mask.intersection(other))
    case ("objectAtIndex", 1), ("objectAtIndexedSubscript", 1):
      guard case .array(let elements) = receiver, case .int(let at)? = first else { return .unknown(name) }
      return elements.indices.contains(at) ? elements[at] : .null
    case ("()", _):
      return invoke(receiver, arguments.map(\.value))
    case (let boxing, 1) where boxing.hasPrefix("numberWith"):
      // `[NSNumber numberWithInteger:x]`: the number itself.
      return first!
    case ("initWithRootViewController", 1):
      if case .object(.made(let index)) = receiver, let root = node(of: first!) {
        made[index].node.stack = [root.node]
        return receiver
      }
      return .unknown(receiver.text + "." + name + "(…)")
    case ("Name", 1),
      ("init", 1)
    where receiver == .object(.type("Notification")) || receiver == .object(.type("NSNotification")):
      // `Notification.Name("ping")`, `NSNotification.Name(rawValue: "ping")`: the name.
      return first!
    case ("iOS", 1), ("initWithInterfaceOrientations", 1):
      return first!.asMask.map { .object(.geometry($0)) } ?? .unknown(name + "(…)")
    default:
      if let done = effect(receiver, name, arguments) ?? vocabularyMethod(receiver, name, arguments) {
        return done
      }
      if let found = function(name, of: receiver, arity: arguments.count) {
        return runFunction(name, owner: found.owner, found.body, on: receiver, arguments.map(\.value))
      }
      if let top = topHelper(name) { return top }
      return .unknown(receiver.text + "." + name + "(…)")
    }
  }

  /// A call without a receiver: UIKit's orientation functions and initializers, a class by name.
  mutating func function(_ name: String, _ arguments: [(label: String?, value: CodeValue)]) -> CodeValue {
    let first = arguments.first?.value
    switch name {
    case "UIDeviceOrientationIsLandscape", "UIDeviceOrientationIsPortrait", "UIDeviceOrientationIsFlat",
      "UIDeviceOrientationIsValidInterfaceOrientation", "UIInterfaceOrientationIsLandscape",
      "UIInterfaceOrientationIsPortrait":
      guard let first else { return .unknown(name + "()") }
      let property =
        name.hasSuffix("Landscape")
        ? "isLandscape"
        : name.hasSuffix("Portrait")
          ? "isPortrait"
          : name.hasSuffix("Flat") ? "isFlat" : "isValidInterfaceOrientation"
      return member(first, property)
    case "NSClassFromString":
      guard case .string(let type)? = first else { return .unknown("NSClassFromString(…)") }
      return .object(.type(type))
    case "type":
      guard let first else { return .unknown("type(of:)") }
      if case .object(.controller(let id)) = first, let controller = answers.tree.controllers[id] {
        return .object(.type(controller.className))
      }
      return .unknown("type(of: \(first.text))")
    case "UIInterfaceOrientationMask":
      return first.flatMap { $0.asMask }.map(CodeValue.mask) ?? .unknown(name + "(…)")
    case "UIInterfaceOrientation":
      return first.flatMap { number($0) }.flatMap(InterfaceOrientation.init(rawValue:)).map(
        CodeValue.interface) ?? .null
    case "UIDeviceOrientation":
      return first.flatMap { number($0) }.flatMap(DeviceOrientation.init(rawValue:)).map(CodeValue.device)
        ?? .null
    case "Bool", "Int", "NSNumber":
      // `NSNumber(value: raw)`: the number itself, as `@(raw)` is.
      return first ?? .unknown(name + "()")
    case "CGRectGetWidth", "CGRectGetHeight":
      guard case .object(.rect(let width, let height))? = first else { return .unknown(name + "(…)") }
      return .int(name == "CGRectGetWidth" ? width : height)
    case "dispatch_get_main_queue": return Self.mainQueue
    case "objc_setAssociatedObject": return associate(arguments.map(\.value))
    case "NSSelectorFromString", "Selector":
      guard case .string(let selector)? = first else { return .unknown(name + "(…)") }
      return .string(selector)
    case "UI_USER_INTERFACE_IDIOM": return .implicit(answers.system.idiom == .pad ? "pad" : "phone")
    case "#available":
      guard case .int(let major)? = first else { return .unknown(name) }
      return .bool(answers.system.version.major >= major)
    case "UIWindowSceneGeometryPreferencesIOS":
      return first.flatMap { $0.asMask }.map { .object(.geometry($0)) } ?? .unknown(name + "(…)")
    case "UIStoryboard" where arguments.first?.label == "name":
      guard case .string(let storyboard)? = first else { return .unknown("UIStoryboard(…)") }
      return .object(.storyboard(storyboard))
    case _
    where arguments.first?.label == "rootViewController"
      && (answers.model.kinds[name] ?? ControllerKind.uikitClasses[name]) == .navigation:
      // `UINavigationController(rootViewController:)`, or an app's subclass of it.
      guard let root = first.flatMap({ node(of: shown($0)) }), let nav = make(name),
        case .object(.made(let index)) = nav
      else { return .unknown(name + "(…)") }
      made[index].node.stack = [root.node]
      return nav
    default:
      // A method of `self` called without a receiver (Swift), then a free function of the app.
      let me = selves.last!
      if let done = effect(me, name, arguments) ?? vocabularyMethod(me, name, arguments) { return done }
      if let found = function(name, of: me, arity: arguments.count) {
        return runFunction(name, owner: found.owner, found.body, on: me, arguments.map(\.value))
      }
      if let body = freeFunction(name, arity: arguments.count) {
        return runFunction(name, owner: nil, body, on: me, arguments.map(\.value))
      }
      if let top = topHelper(name) { return top }
      // `Foo()` makes a Foo; a name in capitals only (`IS_IPAD()`) is a macro the run does not know.
      if name.contains(where: \.isLowercase), let initial = name.first, initial.isUppercase {
        return make(name) ?? .object(.instance(name))
      }
      return .unknown(name + "(…)")
    }
  }
}
