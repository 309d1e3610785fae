/// The app's own functions and computed properties (the scenario's `functions`), called from its
/// code: found by the receiver's class and the classes above it, run with their own `self` and
/// parameters, and recorded in the call order one level below the code that called them, with
/// their `file:line` (issue #38: the app's methods that ran are shown between UIKit's calls).
extension CodeRun {
  /// The classes whose functions a receiver has, most derived first.
  func classes(of receiver: CodeValue) -> [String] {
    switch receiver {
    case .object(.controller(let id)):
      guard let controller = answers.tree.controllers[id] else { return [] }
      let declared = answers.classes[controller.className]?.isA ?? []
      return [controller.className] + declared + [controller.kind.uikitClass, "UIViewController"]
    case .object(.type(let name)), .object(.instance(let name)):
      // A controller class (`Self.convert(…)` in its extension): its chain as an instance's.
      guard let spec = answers.classes[name] else { return [name] }
      return [name] + spec.isA + [spec.kind.uikitClass, "UIViewController"]
    case .object(.appDelegate): return [answers.scenario.app.delegateClass]
    case .object(.device): return ["UIDevice"]
    case .object(.application): return ["UIApplication"]
    case .object(.window(let index)):
      let windows = answers.tree.windows
      let own =
        windows.indices.contains(index)
        ? answers.scenario.windows.first { $0.name == windows[index].name }?.windowClass : nil
      return (own.map { [$0] } ?? []) + ["UIWindow"]
    case .object(.scene): return ["UIWindowScene"]
    case .object(.view): return ["UIView"]
    // Swift extensions of UIKit's value types (`extension UIInterfaceOrientationMask { var isFullScreen … }`).
    case .mask, .implicit:
      return ["UIInterfaceOrientationMask", "UIInterfaceOrientation", "UIDeviceOrientation"]
    case .interface: return ["UIInterfaceOrientation"]
    case .device: return ["UIDeviceOrientation"]
    default: return []
    }
  }

  /// The function `name` of the receiver's classes, with the class it was found on.
  func function(_ name: String, of receiver: CodeValue, arity: Int? = nil) -> (owner: String, body: CodeBody)?
  {
    let programs = answers.model.programs
    for owner in classes(of: receiver) {
      if let body = programs.function(owner + "." + name, arity: arity) { return (owner, body) }
    }
    return nil
  }

  /// A helper the project does not hold (a pod's category), named as the common "top controller"
  /// helpers are (`xj_visibleViewController`, `topMostViewController`, `currentVC`): taken as the
  /// controller on top of the key window, and said as a guess.
  mutating func topHelper(_ name: String) -> CodeValue? {
    let lowered = name.lowercased()
    let words = [
      "topviewcontroller", "visibleviewcontroller", "currentviewcontroller", "topmostviewcontroller",
      "topmostcontroller", "topcontroller", "currentvc", "topvc", "visiblevc",
    ]
    guard
      words.contains(where: { lowered.hasSuffix($0) || lowered.hasPrefix($0) || lowered.contains("_" + $0) })
    else { return nil }
    let state = answers.state
    guard let top = state.presenting.map({ state.tree.top(from: $0) }) ?? state.tree.topController else {
      return .null
    }
    note(line, .assumedTop(name))
    return .object(.controller(top))
  }

  /// A free function (C, or Swift at file level) of the app.
  func freeFunction(_ name: String, arity: Int? = nil) -> CodeBody? {
    answers.model.programs.function(name, arity: arity)
  }

  /// Runs one of the app's functions with `receiver` as `self`.
  mutating func runFunction(
    _ name: String, owner: String?, _ body: CodeBody, on receiver: CodeValue, _ arguments: [CodeValue]
  ) -> CodeValue {
    guard callDepth < Self.maxNesting, depth + callDepth < Simulator.maxDepth else {
      note(line, .nesting(Self.maxNesting))
      guessed = true
      return .unknown(name + "(…)")
    }
    var call = Call(
      receiver: owner ?? answers.scenario.app.delegateClass, receiverID: receiver.controllerID,
      selector: Self.selector(name, parameters: body.parameters.count, language: body.language), answer: nil,
      overridden: true, depth: depth + 1 + callDepth, kind: .method, note: say("code at %s", body.place(1)))
    // A method's code logs the call where it happens; an answer keeps it with its own calls.
    let logged = host.log(call)
    let index = calls.count
    if logged == nil { calls.append(call) }
    let typed =
      body.parameterTypes.isEmpty
      ? arguments
      : zip(arguments, body.parameterTypes).map { Self.typed($0, as: $1) }
        + arguments.dropFirst(body.parameterTypes.count)
    let locals = Dictionary(zip(body.parameters, typed), uniquingKeysWith: { first, _ in first })
    let program = answers.model.programs[body]
    var result = inFrame(of: body, scopes: [locals], self: receiver) { run in
      if let error = program.syntaxError {
        run.note(error, .syntax)
        run.guessed = true
      }
      return run.result(of: program.statements, implicitReturn: body.language == .swift) ?? .null
    }
    if !body.returnType.isEmpty { result = Self.typed(result, as: body.returnType) }
    if result != .null {
      call.answer = result.text
      if let logged { host.answer(result.text, ofCallAt: logged) }
    }
    if logged == nil { calls[index] = call }
    return result
  }

  /// An argument as the parameter's declared orientation type takes it: `.landscapeRight` or a raw
  /// value passed for a `UIDeviceOrientation` is the device's orientation, and so on.
  static func typed(_ value: CodeValue, as type: String) -> CodeValue {
    switch type {
    case "UIDeviceOrientation":
      if case .implicit(let name) = value {
        return DeviceOrientation(name: name).map(CodeValue.device) ?? value
      }
      if case .int(let raw) = value { return DeviceOrientation(rawValue: raw).map(CodeValue.device) ?? value }
    case "UIInterfaceOrientation":
      if case .implicit(let name) = value {
        return InterfaceOrientation(name: name).map(CodeValue.interface) ?? value
      }
      if case .int(let raw) = value {
        return InterfaceOrientation(rawValue: raw).map(CodeValue.interface) ?? value
      }
    case "UIInterfaceOrientationMask":
      return value.asMask.map(CodeValue.mask) ?? value
    default: break
    }
    return value
  }

  /// `super.name(…)`: the code of the next class up the receiver's chain from the class whose code
  /// is running (found by its body in the scenario's `functions`); nil when no ancestor's code has
  /// it (UIKit's own then runs: nothing the model shows, or UIKit's answer).
  mutating func superCall(_ name: String, _ arguments: [(label: String?, value: CodeValue)]) -> CodeValue? {
    let me = selves.last!
    let programs = answers.model.programs
    let chain = classes(of: me)
    guard let at = chain.firstIndex(where: { programs.function($0 + "." + name)?.source == current.source })
    else { return nil }
    for owner in chain[(at + 1)...] {
      if let body = programs.function(owner + "." + name, arity: arguments.count) {
        return runFunction(name, owner: owner, body, on: me, arguments.map(\.value))
      }
    }
    return nil
  }

  /// A stored property's first read: its initial value, run as code with `self` the instance (not a
  /// call: nothing is logged), then kept as the property's value where a method's run may keep it
  /// (an answer's run reads it afresh each time).
  mutating func storedValue(_ name: String, _ body: CodeBody, on receiver: CodeValue) -> CodeValue {
    let program = answers.model.programs[body]
    guard program.syntaxError == nil, callDepth < Self.maxNesting else { return .unknown(name) }
    let value = inFrame(of: body, scopes: [[:]], self: receiver) { run in
      run.result(of: program.statements, implicitReturn: true) ?? .null
    }
    let key = Self.storedKey(receiver, name)
    storedThisRun[key] = value
    var kept = shown(value)
    if case .object(.made(let index)) = kept { kept = .object(.instance(made[index].node.className)) }
    if !kept.isUnknown { _ = host.keep(kept, as: key) }
    return value
  }

  /// The key a property's value is kept under: the instance's for a controller, the app's else.
  static func storedKey(_ owner: CodeValue, _ name: String) -> String {
    switch owner {
    case .object(.controller(let id)): return "\(id):\(name)"
    case .object(.window(let index)): return "window\(index):\(name)"
    default: return "app:\(name)"
    }
  }

  /// How the call order names the function: an Objective-C selector with one colon per parameter,
  /// a Swift name with its parentheses.
  static func selector(_ name: String, parameters: Int, language: CodeLanguage) -> String {
    if language == .objectiveC {
      return parameters == 0 ? name : name + String(repeating: ":", count: parameters)
    }
    return name + "(" + String(repeating: "_:", count: parameters) + ")"
  }
}

extension CodeValue {
  /// The controller the value is, if it is one.
  var controllerID: Int? {
    if case .object(.controller(let id)) = self { return id }
    return nil
  }
}
