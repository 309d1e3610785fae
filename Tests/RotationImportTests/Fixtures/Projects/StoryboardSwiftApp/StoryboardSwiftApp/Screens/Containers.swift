import UIKit

final class MainTabs: UITabBarController {
  override var shouldAutorotate: Bool {
    selectedViewController?.shouldAutorotate ?? true
  }

  override var supportedInterfaceOrientations: UIInterfaceOrientationMask {
    return selectedViewController?.supportedInterfaceOrientations ?? .portrait
  }
}

class RotatingNav: UINavigationController {
  override var supportedInterfaceOrientations: UIInterfaceOrientationMask {
    get {
      return topViewController?.supportedInterfaceOrientations ?? .portrait
    }
  }

  override var shouldAutorotate: Bool {
    return topViewController?.shouldAutorotate ?? super.shouldAutorotate
  }
}
