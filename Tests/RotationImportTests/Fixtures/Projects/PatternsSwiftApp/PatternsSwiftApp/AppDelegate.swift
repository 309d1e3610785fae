import UIKit

// A fixture written for Rotation Lab's tests: the patterns of public projects whose import did not
// turn where the app turns, one screen each. The app delegate lets a screen turn when the
// controller on top says it can (`canRotate()`).
@main
class AppDelegate: UIResponder, UIApplicationDelegate {
  var window: UIWindow?

  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    window = UIWindow(frame: UIScreen.main.bounds)
    window?.rootViewController = HomeViewController()
    window?.makeKeyAndVisible()
    return true
  }

  func application(_ application: UIApplication, supportedInterfaceOrientationsFor window: UIWindow?)
    -> UIInterfaceOrientationMask
  {
    if let top = topMost(window?.rootViewController), top.canRotate() {
      return .allButUpsideDown
    }
    return .portrait
  }

  func topMost(_ controller: UIViewController?) -> UIViewController? {
    if let presented = controller?.presentedViewController { return topMost(presented) }
    if let navigation = controller as? UINavigationController {
      return topMost(navigation.visibleViewController)
    }
    return controller
  }
}

extension UIViewController {
  @objc func canRotate() -> Bool { return false }
}
