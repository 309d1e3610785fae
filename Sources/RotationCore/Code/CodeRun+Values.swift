/// What the app's code asks of values rather than of UIKit's objects: an array's or a mask's
/// `contains`, an array's methods that take a closure, the screen's size, and
/// `respondsToSelector:`.
extension CodeRun {
  /// `contains(x)` on an array or a mask.
  func contains(_ receiver: CodeValue, _ element: CodeValue) -> CodeValue {
    if case .array(let elements) = receiver {
      return .bool(elements.contains { CodeValue.same($0, element) == true })
    }
    if let mask = receiver.asMask, let other = element.asMask ?? element.asInterface?.mask {
      return .bool(mask.isSuperset(of: other))
    }
    return .unknown("contains")
  }

  /// An array's method that takes a closure: `first(where:)`, `contains(where:)`, `filter`, `map`.
  mutating func collection(_ name: String, _ elements: [CodeValue], _ closure: CodeValue) -> CodeValue {
    var kept: [CodeValue] = []
    for element in elements {
      let result = invoke(closure, [element])
      switch name {
      case "map": kept.append(result)
      case "allSatisfy":
        if result.truth != true { return result.isUnknown ? result : .bool(false) }
      default:
        guard let truth = result.truth else { return .unknown(name + "(where:)") }
        if truth {
          if name == "first" { return element }
          if name == "contains" { return .bool(true) }
          kept.append(element)
        }
      }
    }
    switch name {
    case "first": return .null
    case "contains": return .bool(false)
    case "allSatisfy": return .bool(true)
    case "last": return kept.last ?? .null
    default: return .array(kept)
    }
  }
}

extension CodeRun {
  /// The screen's (and a full-screen view's) size in points, turned with the interface: an iPhone
  /// with a Home button 375 × 667, one without 390 × 844, an iPad 820 × 1180 (the model's choice
  /// of one device per kind; docs/rules.md#code-answers).
  var screen: CodeValue {
    Self.screen(answers.system, landscape: answers.state.interfaceOrientation.isLandscape)
  }

  static func screen(_ system: SystemConfig, landscape: Bool) -> CodeValue {
    let (short, long) = system.idiom == .pad ? (820, 1180) : system.homeButton ? (375, 667) : (390, 844)
    return .object(.rect(width: landscape ? long : short, height: landscape ? short : long))
  }
}

extension CodeRun {
  /// `respondsToSelector:` / `responds(to:)`: whether the receiver's class has the method — one of
  /// its functions or methods in the scenario, or a name its class lists in `isA` (the import lists
  /// a method that marks a class there, as `canRotate` is). iOS 16's selectors answer by the
  /// system's version (the common availability check); a selector no class of the scenario has
  /// may be UIKit's, and is not known here.
  mutating func responds(_ receiver: CodeValue, to selector: String) -> CodeValue {
    if ["setNeedsUpdateOfSupportedInterfaceOrientations", "requestGeometryUpdateWithPreferences"].contains(
      selector)
    {
      return .bool(answers.system.version.major >= 16)
    }
    if selector == "setNeedsUpdateOfPrefersInterfaceOrientationLocked" {
      return .bool(answers.system.version.major >= 26)
    }
    // UIDevice has the private setter the KVC trick reaches on every version (docs/rules.md#kvc-forcing).
    if receiver == .object(.device) {
      return .bool(["setOrientation", "orientation", "userInterfaceIdiom"].contains(selector))
    }
    if function(selector, of: receiver) != nil { return .bool(true) }
    let scenario = answers.scenario
    let known =
      scenario.classes.contains { $0.method(named: selector) != nil || $0.isA.contains(selector) }
      || scenario.functions.contains { $0.name.hasSuffix("." + selector) }
    guard known, let id = shown(receiver).controllerID,
      let className = answers.tree.controllers[id]?.className
    else { return .unknown("respondsToSelector:(\(selector))") }
    let spec = answers.classes[className]
    return .bool(spec?.method(named: selector) != nil || spec?.isA.contains(selector) == true)
  }
}
