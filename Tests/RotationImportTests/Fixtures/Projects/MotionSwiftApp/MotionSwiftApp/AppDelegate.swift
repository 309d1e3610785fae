import UIKit

// A fixture written for Rotation Lab's tests: the app delegate answers with a stored mask that
// the screens change through AppUtility, the helper many apps copy.
@main
class AppDelegate: UIResponder, UIApplicationDelegate {
  var window: UIWindow?
  var orientationLock = UIInterfaceOrientationMask.portrait

  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    let window = UIWindow(frame: UIScreen.main.bounds)
    window.rootViewController = UINavigationController(rootViewController: HomeViewController())
    window.makeKeyAndVisible()
    self.window = window
    return true
  }

  func application(_ application: UIApplication, supportedInterfaceOrientationsFor window: UIWindow?)
    -> UIInterfaceOrientationMask
  {
    return self.orientationLock
  }
}
