/// An object the app's code can hold: a controller of the tree, the app delegate, UIKit's
/// singletons, a window, the scene, a class, or an instance of a class the model does not place
/// (a manager, a helper, a controller made but not shown).
enum CodeObject: Sendable, Equatable {
  case controller(Int)
  /// A controller's `view`.
  case view(Int)
  case appDelegate
  case application
  case device
  /// A window by its index in the tree.
  case window(Int)
  case scene
  /// A class as a value: `[Foo class]`, `Foo.self`, `NSClassFromString(@"Foo")`, a type name.
  case type(String)
  case instance(String)
  /// A controller the code made and has not shown yet (an index into the run's `made`).
  case made(Int)
  /// `UIWindowSceneGeometryPreferencesIOS(interfaceOrientations:)`.
  case geometry(OrientationMask)
  /// A size or rectangle in points (`view.bounds`, `UIScreen.main.bounds`): its width and height.
  case rect(width: Int, height: Int)
  /// An `NSInvocation` the code builds (an index into the run's `invocations`).
  case invocation(Int)
  /// `UIStoryboard(name: NAME, bundle: nil)`; nil for a controller's own `storyboard` (any of the
  /// scenario's storyboards).
  case storyboard(String?)
  /// The transition coordinator UIKit passes `viewWillTransition(to:with:)`.
  case coordinator
  /// The control a tap's method gets as its sender: the controller's (its id, -1 for the app
  /// delegate) that calls that method.
  case control(Int, String)
  /// A gesture recognizer passed to its handler, in one phase (`began`, `changed`, `ended`).
  case gesture(String)
  /// The segue `prepare(for:sender:)` gets: its identifier and its destination (a made controller).
  case segue(String, Int)
}

/// A value while the app's code runs.
enum CodeValue: Sendable, Equatable {
  case bool(Bool)
  case int(Int)
  case string(String)
  case null
  case mask(OrientationMask)
  case interface(InterfaceOrientation)
  case device(DeviceOrientation)
  /// Swift's `.name` before the context says its type.
  case implicit(String)
  /// A case of one of the app's enums.
  case word(String)
  case object(CodeObject)
  case array([CodeValue])
  /// A closure or block with the locals it was written among and the body it was written in.
  case closure(parameters: [String], body: [CodeStatement], captured: [[String: CodeValue]], source: CodeBody)
  /// What the code could not know here, with the expression's text.
  case unknown(String)

  init(_ state: StateValue) {
    switch state {
    case .bool(let value): self = .bool(value)
    case .mask(let value): self = .mask(value)
    case .orientation(let value): self = .interface(value)
    case .word(let value): self = .word(value)
    }
  }

  /// UIKit's constants by their Objective-C names: `UIInterfaceOrientationMaskPortrait`,
  /// `UIInterfaceOrientationLandscapeLeft`, `UIDeviceOrientationFaceUp`.
  static func constant(_ name: String) -> CodeValue? {
    for (prefix, make) in [
      (
        "UIInterfaceOrientationMask",
        { (word: String) in (try? OrientationMask(name: word)).map(CodeValue.mask) }
      ),
      ("UIInterfaceOrientation", { InterfaceOrientation(name: $0).map(CodeValue.interface) }),
      ("UIDeviceOrientation", { DeviceOrientation(name: $0).map(CodeValue.device) }),
    ] as [(String, (String) -> CodeValue?)] {
      // The format reads UIKit's spellings the same way (`ScenarioDecoder.uikitName`).
      let word = ScenarioDecoder.uikitName(name, prefix: prefix)
      if word != name, let value = make(word) { return value }
    }
    switch name {
    case "UIUserInterfaceIdiomPad": return .implicit("pad")
    case "UIUserInterfaceIdiomPhone": return .implicit("phone")
    default: return nil
    }
  }

  /// A member of one of UIKit's orientation types: `UIInterfaceOrientationMask.portrait`.
  static func member(of type: String, _ name: String) -> CodeValue? {
    switch type {
    case "UIInterfaceOrientationMask": return (try? OrientationMask(name: name)).map(CodeValue.mask)
    case "UIInterfaceOrientation": return InterfaceOrientation(name: name).map(CodeValue.interface)
    case "UIDeviceOrientation": return DeviceOrientation(name: name).map(CodeValue.device)
    default: return nil
    }
  }

  /// Whether the value counts as true in a condition; nil when it is not known.
  var truth: Bool? {
    switch self {
    case .bool(let value): return value
    case .int(let value): return value != 0
    case .null: return false
    case .mask(let value): return !value.isEmpty
    // A name the run took for a class (`IS_IPAD`, a macro it does not know) is no answer to a test.
    case .unknown, .object(.type): return nil
    case .string, .interface, .device, .implicit, .word, .object, .array, .closure: return true
    }
  }

  var isUnknown: Bool {
    if case .unknown = self { return true }
    return false
  }

  /// The value as a mask: a mask, a raw value, a named member, an array of orientations.
  var asMask: OrientationMask? {
    switch self {
    case .mask(let value): return value
    case .int(let value): return OrientationMask(rawValue: value)
    case .implicit(let name): return try? OrientationMask(name: name)
    case .array(let values):
      var union = OrientationMask()
      for value in values {
        guard let mask = value.asMask else { return nil }
        union.formUnion(mask)
      }
      return union
    default: return nil
    }
  }

  var asInterface: InterfaceOrientation? {
    switch self {
    case .interface(let value): return value
    case .int(let value): return InterfaceOrientation(rawValue: value)
    case .implicit(let name): return InterfaceOrientation(name: name)
    case .device(let value): return value.interfaceOrientation
    default: return nil
    }
  }

  var asDevice: DeviceOrientation? {
    switch self {
    case .device(let value): return value
    case .int(let value): return DeviceOrientation(rawValue: value)
    case .implicit(let name): return DeviceOrientation(name: name)
    case .interface(let value): return value.deviceOrientation
    default: return nil
    }
  }

  /// The value as UIKit's answer of type `T`: a Bool, a mask or an interface orientation.
  func answer<T>(_: T.Type) -> T? {
    if T.self == Bool.self { return truth.flatMap { self.isUnknown ? nil : $0 } as? T }
    if T.self == OrientationMask.self { return asMask as? T }
    if T.self == InterfaceOrientation.self { return asInterface as? T }
    return nil
  }

  /// The value as a piece of the scenario's state, when it is one of its types.
  var state: StateValue? {
    switch self {
    case .bool(let value): return .bool(value)
    case .mask(let value): return .mask(value)
    case .interface(let value): return .orientation(value)
    case .word(let value): return .word(value)
    default: return nil
    }
  }

  /// How the value reads in a note: `YES`, `landscape`, `nil`, `PlayerVC`.
  var text: String {
    switch self {
    case .bool(let value): return value ? "YES" : "NO"
    case .int(let value): return String(value)
    case .string(let value): return "\"\(value)\""
    case .null: return "nil"
    case .mask(let value): return value.name
    case .interface(let value): return value.name
    case .device(let value): return value.name
    case .implicit(let name): return "." + name
    case .word(let name): return name
    case .object(let object): return object.text
    case .array(let values): return "[" + values.map(\.text).joined(separator: ", ") + "]"
    case .closure: return "{ … }"
    case .unknown(let text): return text
    }
  }

  /// Equality as the code means it: an implicit member takes the other side's type, a raw value
  /// equals the case it stands for.
  static func same(_ lhs: CodeValue, _ rhs: CodeValue) -> Bool? {
    if lhs.isUnknown || rhs.isUnknown { return nil }
    switch (lhs, rhs) {
    case (.device, _), (_, .device):
      return lhs.asDevice.flatMap { left in rhs.asDevice.map { left == $0 } } ?? false
    case (.interface, _), (_, .interface):
      return lhs.asInterface.flatMap { left in rhs.asInterface.map { left == $0 } } ?? false
    case (.mask, _), (_, .mask):
      return lhs.asMask.flatMap { left in rhs.asMask.map { left == $0 } } ?? false
    case (.implicit(let name), .word(let word)), (.word(let word), .implicit(let name)): return name == word
    // An Objective-C enum's constant (`ModePlayer`) reads as a name until it meets the case.
    case (.object(.type(let name)), .word(let word)), (.word(let word), .object(.type(let name))):
      return name == word
    case (.object(.type(let a)), .object(.type(let b))): return a == b
    // A name taken for a class compared with anything else: not known here.
    case (.object(.type), _), (_, .object(.type)): return nil
    // C's comparisons: YES is 1, nil is 0.
    case (.bool(let flag), .int(let number)), (.int(let number), .bool(let flag)):
      return (flag ? 1 : 0) == number
    case (.null, .int(let number)), (.int(let number), .null): return number == 0
    default: return lhs == rhs
    }
  }
}

extension CodeObject {
  var text: String {
    switch self {
    case .controller(let id): return "controller #\(id)"
    case .view(let id): return "view of #\(id)"
    case .appDelegate: return "app delegate"
    case .application: return "UIApplication"
    case .device: return "UIDevice"
    case .window(let index): return "window #\(index)"
    case .scene: return "UIWindowScene"
    case .type(let name): return name
    case .instance(let name): return name
    case .made(let index): return "new controller #\(index + 1)"
    case .geometry(let mask): return "UIWindowSceneGeometryPreferencesIOS(\(mask.name))"
    case .rect(let width, let height): return "\(width)×\(height)"
    case .invocation(let index): return "NSInvocation #\(index + 1)"
    case .storyboard(let name): return name.map { "storyboard \($0)" } ?? "storyboard"
    case .coordinator: return "transition coordinator"
    case .control(_, let method): return "sender of \(method)"
    case .gesture(let phase): return "gesture (\(phase))"
    case .segue(let identifier, _): return "segue \(identifier)"
    }
  }
}
