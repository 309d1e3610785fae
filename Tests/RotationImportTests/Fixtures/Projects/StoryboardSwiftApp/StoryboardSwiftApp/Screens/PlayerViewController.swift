import UIKit

class PlayerViewController: BaseViewController {
  var isFullScreen = true

  override var supportedInterfaceOrientations: UIInterfaceOrientationMask {
    isFullScreen ? .landscape : .portrait
  }

  override var preferredInterfaceOrientationForPresentation: UIInterfaceOrientation {
    isFullScreen ? .landscapeRight : .portrait
  }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    allowsLandscape = true
    rotateToLandscape()
  }

  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    allowsLandscape = false
    UIDevice.current.setValue(UIInterfaceOrientation.portrait.rawValue, forKey: "orientation")
  }

  func rotateToLandscape() {
    let orientation = UIInterfaceOrientation.landscapeRight
    UIDevice.current.setValue(orientation.rawValue, forKey: "orientation")
    UIViewController.attemptRotationToDeviceOrientation()
  }
}
