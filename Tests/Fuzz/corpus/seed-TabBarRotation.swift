import UIKit

// Written once, long ago, so that every tab bar asks its selected tab.
extension UITabBarController {
  open override var supportedInterfaceOrientations: UIInterfaceOrientationMask {
    selectedViewController?.supportedInterfaceOrientations ?? .portrait
  }
}

final class RootTabs: UITabBarController {
}
