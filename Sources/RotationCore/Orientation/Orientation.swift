// MARK: - Design note
//
// RotationCore is the pure simulation: FoundationEssentials only, no GTK, no Cairo. Data flows one way:
//
//   scenario JSON ──ScenarioDecoder──▶ Scenario ──Simulator.apply(event)──▶ Step (state + trace)
//                                                        ▲                    │
//                                        Event (user or script)       History / renderers
//
// This file holds UIKit's two orientation enums and the mask type, with UIKit's raw values:
// the landscape naming inversion (device landscapeLeft = interface landscapeRight) lives in
// `DeviceOrientation.interfaceOrientation` and nowhere else.

/// `UIDeviceOrientation`: how the hardware is held. Read-only in UIKit (but see KVC forcing).
public enum DeviceOrientation: Int, CaseIterable, Sendable, Hashable {
  case unknown = 0
  case portrait = 1
  case portraitUpsideDown = 2
  /// Home button on the right.
  case landscapeLeft = 3
  /// Home button on the left.
  case landscapeRight = 4
  case faceUp = 5
  case faceDown = 6

  /// The name used in scenario files and traces.
  public var name: String {
    switch self {
    case .unknown: return "unknown"
    case .portrait: return "portrait"
    case .portraitUpsideDown: return "portraitUpsideDown"
    case .landscapeLeft: return "landscapeLeft"
    case .landscapeRight: return "landscapeRight"
    case .faceUp: return "faceUp"
    case .faceDown: return "faceDown"
    }
  }

  public init?(name: String) {
    guard let match = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = match
  }

  /// The interface orientation that keeps the content upright in this device orientation.
  ///
  /// "Rotating the device to the left requires rotating the content to the right": device
  /// landscapeLeft maps to interface landscapeRight. Flat and unknown orientations map to nothing.
  public var interfaceOrientation: InterfaceOrientation? {
    switch self {
    case .portrait: return .portrait
    case .portraitUpsideDown: return .portraitUpsideDown
    case .landscapeLeft: return .landscapeRight
    case .landscapeRight: return .landscapeLeft
    case .unknown, .faceUp, .faceDown: return nil
    }
  }

  /// The four orientations a person can turn the device through, clockwise as seen from the front.
  public static let rotationCycle: [DeviceOrientation] = [
    .portrait, .landscapeRight, .portraitUpsideDown, .landscapeLeft,
  ]

  /// The device turned by 90° (counter-clockwise for `left`), from a flat or unknown pose as if
  /// from portrait.
  public func rotated(left: Bool) -> DeviceOrientation {
    let cycle = Self.rotationCycle
    let index = cycle.firstIndex(of: self) ?? 0
    let next = left ? (index + cycle.count - 1) % cycle.count : (index + 1) % cycle.count
    return cycle[next]
  }
}

/// `UIInterfaceOrientation`: where the status bar is.
public enum InterfaceOrientation: Int, CaseIterable, Sendable, Hashable {
  case unknown = 0
  case portrait = 1
  case portraitUpsideDown = 2
  case landscapeRight = 3
  case landscapeLeft = 4

  public var name: String {
    switch self {
    case .unknown: return "unknown"
    case .portrait: return "portrait"
    case .portraitUpsideDown: return "portraitUpsideDown"
    case .landscapeLeft: return "landscapeLeft"
    case .landscapeRight: return "landscapeRight"
    }
  }

  public init?(name: String) {
    guard let match = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = match
  }

  /// The four real orientations, in the order masks list them (UIKit's mask bit order aside).
  public static let concrete: [InterfaceOrientation] = [
    .portrait, .portraitUpsideDown, .landscapeLeft, .landscapeRight,
  ]

  /// The device orientation whose content is upright in this interface orientation.
  public var deviceOrientation: DeviceOrientation {
    switch self {
    case .unknown: return .unknown
    case .portrait: return .portrait
    case .portraitUpsideDown: return .portraitUpsideDown
    case .landscapeRight: return .landscapeLeft
    case .landscapeLeft: return .landscapeRight
    }
  }

  public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
  public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }

  /// The single-orientation mask, `1 << rawValue`.
  public var mask: OrientationMask { OrientationMask(rawValue: 1 << rawValue) }
}

/// `UIInterfaceOrientationMask`: bit n is set for the interface orientation with raw value n.
public struct OrientationMask: OptionSet, Sendable, Hashable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  public static let portrait = OrientationMask(rawValue: 1 << 1)
  public static let portraitUpsideDown = OrientationMask(rawValue: 1 << 2)
  public static let landscapeRight = OrientationMask(rawValue: 1 << 3)
  public static let landscapeLeft = OrientationMask(rawValue: 1 << 4)
  public static let landscape: OrientationMask = [.landscapeLeft, .landscapeRight]
  public static let allButUpsideDown: OrientationMask = [.portrait, .landscapeLeft, .landscapeRight]
  public static let all: OrientationMask = [.portrait, .portraitUpsideDown, .landscapeLeft, .landscapeRight]

  /// The named combinations scenario files may use, in the order names are preferred when printing.
  public static let named: [(name: String, mask: OrientationMask)] = [
    ("all", .all), ("allButUpsideDown", .allButUpsideDown), ("landscape", .landscape),
    ("portrait", .portrait), ("portraitUpsideDown", .portraitUpsideDown),
    ("landscapeLeft", .landscapeLeft), ("landscapeRight", .landscapeRight),
  ]

  public init(name: String) throws {
    guard let match = Self.named.first(where: { $0.name == name }) else {
      throw OrientationNameError(name: name)
    }
    self = match.mask
  }

  /// The mask of a list of orientations, such as an Info.plist array.
  public init(_ orientations: [InterfaceOrientation]) {
    self = orientations.reduce(OrientationMask()) { $0.union($1.mask) }
  }

  public func contains(_ orientation: InterfaceOrientation) -> Bool {
    orientation != .unknown && contains(orientation.mask)
  }

  /// The interface orientations in the mask, in `InterfaceOrientation.concrete` order.
  public var orientations: [InterfaceOrientation] {
    InterfaceOrientation.concrete.filter { contains($0) }
  }

  /// UIKit's name for a named combination, or a bracketed list; `none` for the empty mask.
  public var name: String {
    if isEmpty { return "none" }
    if let match = Self.named.first(where: { $0.mask == self }) { return match.name }
    return "[" + orientations.map(\.name).joined(separator: ", ") + "]"
  }

  /// The comma separated list UIKit prints in its exception reasons and errors, in the order of
  /// its `_UIInterfaceOrientationMaskDebugDescription`: portrait, landscapeLeft, landscapeRight,
  /// portraitUpsideDown (docs/rules.md#exception-texts).
  public var uikitList: String {
    [InterfaceOrientation.portrait, .landscapeLeft, .landscapeRight, .portraitUpsideDown]
      .filter { contains($0) }.map(\.name).joined(separator: ", ")
  }
}

/// A name that is not an orientation or mask name.
public struct OrientationNameError: Error, Equatable {
  public let name: String
}

/// The hardware class of the simulated device.
public enum Idiom: String, Sendable, CaseIterable {
  case phone
  case pad
}
