import UIKit

// A fixture written for Rotation Lab's tests: a player that goes full screen in a window of its
// own (the ZFPlayer pattern), forced through a helper of `extension UIViewController`, and comes
// back when the full-screen page tells its delegate that the device is upright again.
@main
class AppDelegate: UIResponder, UIApplicationDelegate {
  var window: UIWindow?

  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    let window = UIWindow(frame: UIScreen.main.bounds)
    window.rootViewController = PlayerController()
    window.makeKeyAndVisible()
    self.window = window
    return true
  }
}

extension UIViewController {
  func force(_ orientation: UIDeviceOrientation) {
    UIDevice.current.setValue(orientation.rawValue, forKey: "orientation")
    UIViewController.attemptRotationToDeviceOrientation()
  }
}
