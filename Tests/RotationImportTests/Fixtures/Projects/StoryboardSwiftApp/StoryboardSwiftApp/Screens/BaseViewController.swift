import UIKit

/* Every screen of the app is portrait unless it says otherwise.
   (An old version had: override var shouldAutorotate: Bool { false } — not any more.) */
class BaseViewController: UIViewController {
  override var shouldAutorotate: Bool {
    return true
  }

  override var supportedInterfaceOrientations: UIInterfaceOrientationMask {
    .portrait
  }

  override var preferredInterfaceOrientationForPresentation: UIInterfaceOrientation {
    return .portrait
  }
}
