import UIKit

/// Whether a screen asked for landscape (the player sets it while it shows).
var allowsLandscape = false

@main
class AppDelegate: UIResponder, UIApplicationDelegate {
  var window: UIWindow?

  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    return true
  }

  func application(
    _ application: UIApplication,
    supportedInterfaceOrientationsFor window: UIWindow?
  ) -> UIInterfaceOrientationMask {
    if allowsLandscape {
      return .allButUpsideDown
    }
    return .portrait
  }
}
