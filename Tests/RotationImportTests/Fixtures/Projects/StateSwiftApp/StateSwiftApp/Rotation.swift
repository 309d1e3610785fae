import UIKit

extension UIInterfaceOrientationMask {
  var isSideways: Bool { self == .landscapeLeft || self == .landscapeRight }
}

extension UIViewController {
  static func deviceOrientation(for mask: UIInterfaceOrientationMask) -> UIDeviceOrientation {
    switch mask {
    case .landscapeLeft: return .landscapeRight
    case .landscapeRight, .landscape: return .landscapeLeft
    default: return .portrait
    }
  }

  static func mask(for device: UIDeviceOrientation) -> UIInterfaceOrientationMask {
    switch device {
    case .landscapeLeft: return .landscapeRight
    case .landscapeRight: return .landscapeLeft
    default: return .portrait
    }
  }
}

private var maskKey = 0
private var pinnedKey = 0
private var pausedKey = 0

extension RotatingController {
  var isWide: Bool { wantedMask.isSideways }

  // Kept in an associated object: each screen has its own, portrait until someone sets it; a
  // pinned screen keeps the mask it has.
  var wantedMask: UIInterfaceOrientationMask {
    get { objc_getAssociatedObject(self, &maskKey) as? UIInterfaceOrientationMask ?? .portrait }
    set {
      if newValue != wantedMask, !isPinned {
        objc_setAssociatedObject(self, &maskKey, newValue, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
      }
    }
  }

  var isPinned: Bool {
    get { objc_getAssociatedObject(self, &pinnedKey) as? Bool ?? false }
    set { objc_setAssociatedObject(self, &pinnedKey, newValue, .OBJC_ASSOCIATION_RETAIN_NONATOMIC) }
  }

  var followsDevice: Bool {
    get { objc_getAssociatedObject(self, &pausedKey) as? Bool ?? true }
    set { objc_setAssociatedObject(self, &pausedKey, newValue, .OBJC_ASSOCIATION_RETAIN_NONATOMIC) }
  }

  func startFollowingDevice() {
    NotificationCenter.default.addObserver(
      self, selector: #selector(deviceTurned(_:)),
      name: UIDevice.orientationDidChangeNotification, object: nil)
  }

  @objc func deviceTurned(_ note: Notification) {
    if !followsDevice { return }
    let device = UIDevice.current.orientation
    switch device {
    case .portrait:
      wantedMask = .portrait
      UIViewController.attemptRotationToDeviceOrientation()
    case .landscapeLeft, .landscapeRight:
      wantedMask = Self.mask(for: device)
      UIViewController.attemptRotationToDeviceOrientation()
    default:
      break
    }
  }

  func turn(to mask: UIInterfaceOrientationMask) {
    defer { UIViewController.attemptRotationToDeviceOrientation() }
    wantedMask = mask
    let device = UIViewController.deviceOrientation(for: mask)
    UIDevice.current.setValue(NSNumber(value: device.rawValue), forKey: "orientation")
  }
}
