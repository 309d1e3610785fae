import UIKit

// A fixture written for Rotation Lab's tests: an app whose screens keep their mask in state their
// base class stores in associated objects, test it through computed properties, convert it with
// switch helpers before forcing, and follow the device through an observer.
@main
class AppDelegate: UIResponder, UIApplicationDelegate {
  var window: UIWindow?

  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    let window = UIWindow(frame: UIScreen.main.bounds)
    window.rootViewController = StackController(rootViewController: ListController())
    window.makeKeyAndVisible()
    self.window = window
    return true
  }
}

class StackController: UINavigationController {
  override var shouldAutorotate: Bool { topViewController?.shouldAutorotate ?? false }
  override var supportedInterfaceOrientations: UIInterfaceOrientationMask {
    topViewController?.supportedInterfaceOrientations ?? .portrait
  }
}
