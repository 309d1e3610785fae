/// What the app's code does to UIKit and to its own state, performed through the host as the
/// vocabulary's actions would be (a method's or hook's code; an answer's host performs nothing):
/// assignments to properties and to the app's state, controllers made and then pushed or
/// presented, `dismiss`, `pop`, the KVC forcing, `attemptRotationToDeviceOrientation`,
/// `setNeedsUpdateOfSupportedInterfaceOrientations`, `requestGeometryUpdate`, the class's own
/// methods, and blocks sent to the main queue (run when the code's own statements are done: the
/// model's choice, docs/rules.md#code-actions).
extension CodeRun {
  /// A controller the code made and has not shown yet (`let vc = PlayerVC()`), with what it set.
  struct MadeController {
    var node: Node
    var style: PresentationStyle?
    /// The instance it became once pushed or presented.
    var id: Int?
  }

  /// Performs an action through the host; false where nothing may change (then the note says so)
  /// or the step has failed (then the run stops).
  mutating func act(_ action: Action, selfID: Int?, _ written: String) -> Bool {
    if host.act(action, selfID: selfID, depth: depth + 1 + callDepth) { return true }
    if host.failed {
      stopped = true
    } else {
      note(line, .unkept(written))
    }
    return false
  }

  /// The controller a value stands for: a made one that was shown is its instance; an object of a
  /// controller class kept from an earlier run (`self.playerVC`) is that class's newest instance on
  /// screen, when one is (the model keeps no identity across runs: docs/rules.md#code-actions).
  func shown(_ value: CodeValue) -> CodeValue {
    switch value {
    case .object(.made(let index)):
      if let id = made[index].id { return .object(.controller(id)) }
    case .object(.instance(let type)) where answers.model.kinds[type] != nil:
      if let id = answers.tree.attachedInstances(of: type).last { return .object(.controller(id)) }
    default: break
    }
    return value
  }

  /// A controller made by the code, when `type` is a controller class the model knows.
  mutating func make(_ type: String) -> CodeValue? {
    guard answers.model.kinds[type] != nil || ControllerKind.uikitClasses[type] != nil else { return nil }
    made.append(MadeController(node: Node(className: type)))
    return .object(.made(made.count - 1))
  }

  /// The node a value shows when pushed or presented: a made controller's, or a class by name.
  func node(of value: CodeValue) -> (node: Node, style: PresentationStyle?)? {
    switch value {
    case .object(.made(let index)): return (made[index].node, made[index].style)
    case .object(.type(let name)), .object(.instance(let name)):
      return answers.model.kinds[name] != nil ? (Node(className: name), nil) : nil
    default: return nil
    }
  }

  /// After a push or presentation: the made controller is the newest instance of its class.
  mutating func attach(_ value: CodeValue) {
    guard case .object(.made(let index)) = value else { return }
    made[index].id = answers.tree.attachedInstances(of: made[index].node.className).last
  }

  /// A value as the piece of state it is assigned to takes it: `.landscape` is a mask where the
  /// state holds a mask, `ModePlayer` a case where it holds one.
  func typed(_ value: CodeValue, like existing: StateValue?) -> StateValue? {
    switch existing {
    case .mask?: return value.asMask.map(StateValue.mask)
    case .orientation?: return value.asInterface.map(StateValue.orientation)
    case .bool?: return value.isUnknown ? nil : value.truth.map(StateValue.bool)
    case .word?:
      switch value {
      case .implicit(let name), .word(let name), .object(.type(let name)): return .word(name)
      default: return nil
      }
    case nil: return value.state
    }
  }

  /// `target.name = value` where the target is not a local.
  mutating func assignMember(_ object: CodeValue, _ name: String, _ value: CodeValue) {
    let written = "\(name) = \(value.text)"
    let target = shown(object)
    storedThisRun[Self.storedKey(target, name)] = nil
    let state = answers.state
    switch target {
    case .object(.made(let index)):
      if name == "modalPresentationStyle" {
        made[index].style = Self.style(value)
      } else if let typed = typed(
        value, like: answers.classes[made[index].node.className]?.property(named: name)?.value)
      {
        made[index].node.properties.removeAll { $0.name == name }
        made[index].node.properties.append(StateVariable(name: name, value: typed))
      }
    case .object(.controller(let id)):
      let kind = answers.tree.controllers[id]?.kind
      if name == "selectedIndex", case .int(let index) = value {
        _ = act(.selectTab(index), selfID: id, written)
      } else if name == "selectedViewController", let child = shown(value).controllerID,
        let index = answers.tree.controllers[id]?.children.firstIndex(of: child)
      {
        _ = act(.selectTab(index), selfID: id, written)
      } else if name == "delegate", let kind, kind.hasOrientationDelegate,
        let answering = shown(value).controllerID
      {
        // `navigationController?.delegate = self`: the controller answers for the container, as the
        // vocabulary's `setDelegate` does (docs/rules.md#container-delegates).
        _ = act(.setDelegate(kind), selfID: answering, written)
      } else if let typed = typed(value, like: state.value(of: name, selfID: id, classes: answers.classes)) {
        _ = act(.setState(name, typed), selfID: id, written)
      } else {
        keep(value, as: "\(id):\(name)", written)
      }
    case .object(.window(let index)) where ["isHidden", "hidden"].contains(name) && value.truth != nil:
      let windows = answers.tree.windows
      guard windows.indices.contains(index) else { return }
      let windowName = windows[index].name
      _ = act(value.truth! ? .hideWindow(windowName) : .showWindow(windowName), selfID: nil, written)
    case .object(.control(let owner, let method)):
      keep(value, as: Self.controlKey(owner, method, name), written)
    case .object(.instance(let type)) where Self.isView(type):
      if !value.isUnknown { _ = host.keep(value, as: Self.viewKey(type, name)) }
    case .object(.appDelegate), .object(.type), .object(.instance):
      if let typed = typed(value, like: state.value(of: name, selfID: nil, classes: answers.classes)) {
        _ = act(.setState(name, typed), selfID: nil, written)
      } else {
        keep(value, as: "app:\(name)", written)
      }
    default:
      note(line, .unknown(written))
    }
  }

  /// Keeps a value the scenario's state has no type for (an object, a number, nil); an unknown is
  /// not kept, and a controller the code made and did not show is kept as an object of its class.
  mutating func keep(_ value: CodeValue, as key: String, _ written: String) {
    var kept = shown(value)
    if case .object(.made(let index)) = kept { kept = .object(.instance(made[index].node.className)) }
    guard !kept.isUnknown else {
      note(line, .unknown(written))
      return
    }
    if !host.keep(kept, as: key) { note(line, .unkept(written)) }
  }

  /// `.fullScreen`, `UIModalPresentationFullScreen`.
  static func style(_ value: CodeValue) -> PresentationStyle? {
    let word: String
    switch value {
    case .implicit(let name): word = name
    case .object(.type(let name)) where name.hasPrefix("UIModalPresentation"):
      word = String(name.dropFirst("UIModalPresentation".count))
    default: return nil
    }
    guard let first = word.first else { return nil }
    return PresentationStyle(rawValue: first.lowercased() + word.dropFirst())
  }

  /// A call that changes UIKit's state; nil when `name` is not one.
  mutating func effect(
    _ receiver: CodeValue, _ name: String, _ arguments: [(label: String?, value: CodeValue)]
  )
    -> CodeValue?
  {
    let first = arguments.first.map { shown($0.value) }
    // A controller's own call needs a controller to receive it (`[SVProgressHUD dismiss]` is not
    // UIKit's); the app delegate's code acts on the key window's top (nil: the host's choice).
    let selfID = shown(receiver).controllerID
    let controllerCall = selfID != nil || receiver == .object(.appDelegate)
    switch name {
    case "pushViewController", "showViewController", "show", "presentViewController", "present",
      "dismissViewControllerAnimated", "dismiss", "popViewControllerAnimated", "popViewController",
      "popToRootViewControllerAnimated", "popToRootViewController", "popToViewController",
      "setNeedsUpdateOfSupportedInterfaceOrientations", "setNeedsUpdateOfPrefersInterfaceOrientationLocked":
      guard controllerCall else { return nil }
    default: break
    }
    switch name {
    case "pushViewController", "showViewController", "show":
      guard let value = first, let shown = node(of: value) else { return nil }
      if act(.push(shown.node), selfID: selfID, "pushViewController") { attach(value) }
      return .null
    case "presentViewController", "present":
      guard let value = first, let shown = node(of: value) else { return nil }
      if act(.present(shown.node, style: shown.style), selfID: selfID, "presentViewController") {
        attach(value)
      }
      completion(arguments)
      return .null
    case "dismissViewControllerAnimated", "dismiss":
      _ = act(.dismiss, selfID: selfID, "dismiss")
      completion(arguments)
      return .null
    case "popViewControllerAnimated", "popViewController":
      _ = act(.pop, selfID: selfID, "popViewController")
      return .null
    case "popToRootViewControllerAnimated", "popToRootViewController", "popToViewController":
      // Pops until the root (or the controller named) is on top: one pop per controller above it.
      guard let nav = navigation(of: receiver, selfID: selfID) else { return nil }
      let target = name == "popToViewController" ? first.flatMap { shown($0).controllerID } : nil
      var pops = 0
      while pops < 64, let stack = answers.tree.controllers[nav]?.children, stack.count > 1,
        stack.last != target, target == nil || stack.contains(target!)
      {
        guard act(.pop, selfID: selfID, name) else { break }
        pops += 1
      }
      return .null
    case "setValue" where receiver == .object(.device) && arguments.count == 2:
      guard arguments.count == 2, arguments[1].value == .string("orientation"), let value = first,
        let raw = number(value), let orientation = DeviceOrientation(rawValue: raw)
      else { return nil }
      _ = act(
        .setDeviceOrientation(.orientation(orientation)), selfID: selves.last?.controllerID,
        "setValue:forKey:")
      return .null
    case "invocationWithMethodSignature" where receiver == .object(.type("NSInvocation")):
      invocations.append((nil, nil, nil))
      return .object(.invocation(invocations.count - 1))
    case "setSelector", "setTarget", "setArgument", "invoke":
      guard case .object(.invocation(let index)) = receiver else { return nil }
      switch name {
      case "setSelector":
        invocations[index].selector = first.flatMap { if case .string(let s) = $0 { s } else { nil } }
      case "setTarget": invocations[index].target = first
      case "setArgument":
        if arguments.count == 2, arguments[1].value == .int(2) { invocations[index].argument = first }
      default:
        let call = invocations[index]
        if let selector = call.selector, let target = call.target, let argument = call.argument {
          return forcing(target, selector, argument) ?? .unknown("NSInvocation invoke")
        }
      }
      return .null
    case "performSelector":
      guard arguments.count >= 2, case .string(let selector)? = first else { return nil }
      return forcing(receiver, selector, arguments[1].value)
    case "performSegue", "performSegueWithIdentifier":
      guard controllerCall, case .string(let identifier)? = first else { return nil }
      return performSegue(
        identifier, selfID: selfID, sender: arguments.count > 1 ? arguments[1].value : .null)
    case "animate", "animateAlongsideTransition", "animateAlongsideTransitionInView":
      // The coordinator's blocks: the animation's now, its completion once the code is done (the
      // turn has happened by then: the model's choice, docs/rules.md#code-actions).
      guard receiver == .object(.coordinator) else { return nil }
      for argument in arguments {
        guard case .closure = argument.value else { continue }
        if argument.label == "completion" {
          later.append((argument.value, selves.last!))
        } else {
          _ = invoke(argument.value, [.object(.coordinator)])
        }
      }
      return .null
    case "makeKeyAndVisible":
      guard case .object(.window(let index)) = receiver, answers.tree.windows.indices.contains(index) else {
        return nil
      }
      let windowName = answers.tree.windows[index].name
      _ = act(.makeKeyAndVisible(windowName), selfID: nil, name)
      return .null
    case "attemptRotationToDeviceOrientation":
      _ = act(.attemptRotationToDeviceOrientation, selfID: selfID, name)
      return .null
    case "setNeedsUpdateOfSupportedInterfaceOrientations",
      "setNeedsUpdateOfPrefersInterfaceOrientationLocked":
      let className = selfID.flatMap { answers.tree.controllers[$0]?.className }
      let update: Action =
        name == "setNeedsUpdateOfSupportedInterfaceOrientations"
        ? .setNeedsUpdateOfSupportedInterfaceOrientations(className)
        : .setNeedsUpdateOfPrefersInterfaceOrientationLocked(className)
      _ = act(update, selfID: selfID, name)
      return .null
    case "requestGeometryUpdate", "requestGeometryUpdateWithPreferences":
      guard receiver == .object(.scene), case .object(.geometry(let mask))? = first else { return nil }
      _ = act(.requestGeometryUpdate(mask), selfID: selfID, name)
      return .null
    case "async", "asyncAfter", "dispatch_async", "dispatch_after":
      // Only the main queue's blocks: another queue's run when the model cannot say.
      let queue = name.hasPrefix("dispatch_") ? first : receiver
      guard queue == Self.mainQueue, let block = arguments.last?.value, case .closure = block else {
        return nil
      }
      later.append((block, selves.last!))
      return .null
    default:
      return nil
    }
  }

  static var mainQueue: CodeValue { .object(.instance("DispatchQueue.main")) }

  /// A presentation's or dismissal's `completion:` block: run once the code's own statements are
  /// done, as the main queue's blocks are (the transition has ended by then).
  mutating func completion(_ arguments: [(label: String?, value: CodeValue)]) {
    guard let block = arguments.last(where: { $0.label == "completion" || $0.label == nil })?.value,
      case .closure = block, arguments.count > 1
    else { return }
    later.append((block, selves.last!))
  }

  /// The navigation controller a pop acts on: the receiver when it is one, else the nearest above
  /// the running controller.
  func navigation(of receiver: CodeValue, selfID: Int?) -> Int? {
    let tree = answers.tree
    var current = shown(receiver).controllerID ?? selfID
    while let id = current, let controller = tree.controllers[id] {
      if controller.kind == .navigation { return id }
      current = controller.parent
    }
    return nil
  }

  /// `-[UIDevice setOrientation:]` called through `NSInvocation` or `performSelector:withObject:`
  /// (the private setter the KVC trick reaches): the same forcing as `setValue:forKey:`
  /// (docs/rules.md#kvc-forcing); nil for another selector or target.
  mutating func forcing(_ target: CodeValue, _ selector: String, _ argument: CodeValue) -> CodeValue? {
    guard target == .object(.device), selector.hasPrefix("setOrientation"), let raw = number(argument),
      let orientation = DeviceOrientation(rawValue: raw)
    else { return nil }
    _ = act(
      .setDeviceOrientation(.orientation(orientation)), selfID: selves.last?.controllerID, "setOrientation:")
    return .null
  }

  /// The blocks sent to the main queue, run in order once the code's own statements are done.
  mutating func runLater() {
    var index = 0
    while index < later.count, !stopped {
      let (block, owner) = later[index]
      selves.append(owner)
      _ = invoke(block, [])
      selves.removeLast()
      index += 1
    }
    later = []
  }

  /// A method of the controller's class in the scenario: one that is the app's code and takes
  /// parameters runs here with the call's arguments bound; any other runs through the host as the
  /// `call` action.
  mutating func vocabularyMethod(
    _ receiver: CodeValue, _ name: String, _ arguments: [(label: String?, value: CodeValue)] = []
  ) -> CodeValue? {
    guard let id = shown(receiver).controllerID, let className = answers.tree.controllers[id]?.className,
      let method = answers.classes[className]?.method(named: name)
    else { return nil }
    if method.actions.count == 1, case .code(let body) = method.actions[0], !body.parameters.isEmpty {
      // An Objective-C selector of another arity is another method (UIKit's, here).
      if body.language == .objectiveC, body.parameters.count != arguments.count { return nil }
      return runFunction(name, owner: className, body, on: .object(.controller(id)), arguments.map(\.value))
    }
    _ = act(.call(name, on: nil), selfID: id, name)
    return .null
  }
}
