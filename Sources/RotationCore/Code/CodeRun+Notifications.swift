/// NotificationCenter in the app's code (docs/rules.md#code-actions): an observer the code adds —
/// a block (`addObserver(forName:object:queue:using:)`) or a selector whose method the scenario
/// does not already list as the class's observer — is kept in the session's state and runs when
/// the notification is posted, by UIKit (a device turn) or by the code (`post(name:object:)`);
/// `removeObserver(self)` takes the owner's away.
struct CodeObserver: Sendable, Equatable {
  var notification: String
  /// A block, or the name of the owner's method.
  var handler: CodeValue
  /// Its `self`: a controller, or the app delegate.
  var owner: CodeValue
}

extension CodeRun {
  static var notificationCenter: CodeValue { .object(.instance("NotificationCenter")) }

  /// The NotificationCenter calls; nil for any other call.
  mutating func notificationCall(
    _ receiver: CodeValue, _ name: String, _ arguments: [(label: String?, value: CodeValue)]
  ) -> CodeValue? {
    guard receiver == Self.notificationCenter || receiver == .object(.instance("NSNotificationCenter")) else {
      return nil
    }
    let owner = selves.last!
    switch name {
    case "addObserver" where arguments.first?.label == "forName", "addObserverForName":
      guard let block = arguments.last?.value, case .closure = block, let first = arguments.first else {
        return .unknown("addObserver(forName:…)")
      }
      register(Self.notificationName(first.value), block, owner: owner)
      return .object(.instance("NSObjectProtocol"))
    case "addObserver":
      // `addObserver(self, selector: #selector(m), name: N, object: nil)`.
      guard arguments.count >= 3, case .string(let selector) = arguments[1].value else {
        return .unknown("addObserver(…)")
      }
      let method = String(selector.prefix { $0 != ":" && $0 != "(" })
      let notification = Self.notificationName(arguments[2].value)
      let observer = shown(arguments[0].value)
      // One the scenario lists for the class already runs by it.
      if let id = observer.controllerID, let className = answers.tree.controllers[id]?.className,
        answers.classes[className]?.observers.contains(where: {
          $0.notification == notification && $0.method == method
        })
          == true
      {
        return .null
      }
      register(notification, .string(method), owner: observer)
      return .null
    case "post", "postNotificationName", "postNotification":
      guard let first = arguments.first else { return .unknown(name + "(…)") }
      if !host.post(Self.notificationName(first.value), depth: depth + 1 + callDepth) {
        if host.failed {
          stopped = true
        } else {
          note(line, .unkept("post " + Self.notificationName(first.value)))
        }
      }
      return .null
    case "removeObserver":
      let observer = shown(arguments.first?.value ?? owner)
      let named = arguments.count > 1 ? Self.notificationName(arguments[1].value) : nil
      if !host.removeObservers(of: observer, named: named) { note(line, .unkept("removeObserver")) }
      return .null
    default:
      return nil
    }
  }

  /// Keeps an observer: the notification, its handler (a block, or a method's name), its owner.
  private mutating func register(_ notification: String, _ handler: CodeValue, owner: CodeValue) {
    if !host.observe(CodeObserver(notification: notification, handler: handler, owner: owner)) {
      note(line, .unkept("addObserver " + notification))
    }
  }

  /// A notification's name as UIKit's constant spells it: `UIDevice.orientationDidChangeNotification`,
  /// `.UIDeviceOrientationDidChange` and `UIDeviceOrientationDidChangeNotification` are
  /// `UIDeviceOrientationDidChangeNotification`; an app's own name is its string or its identifier.
  static func notificationName(_ value: CodeValue) -> String {
    var text: String
    switch value {
    case .string(let name): return name
    case .object(.type(let name)), .implicit(let name), .word(let name): text = name
    case .unknown(let written): text = written
    default: text = value.text
    }
    let parts = text.split(separator: ".").map(String.init)
    guard let last = parts.last else { return text }
    if let first = last.first, first.isLowercase, parts.count >= 2, parts[parts.count - 2].hasPrefix("UI") {
      // Swift 4.2's `UIDevice.orientationDidChangeNotification`.
      text = parts[parts.count - 2] + String(first).uppercased() + last.dropFirst()
    } else {
      text = last
    }
    if text.hasPrefix("UI"), !text.hasSuffix("Notification") { text += "Notification" }
    return text
  }
}
