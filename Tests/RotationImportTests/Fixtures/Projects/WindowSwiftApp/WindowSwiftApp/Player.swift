import UIKit

protocol FullScreenDelegate: AnyObject {
  func fullScreenDidTurn(to orientation: UIDeviceOrientation)
}

class FullScreenWindow: UIWindow {
  private(set) var page: FullScreenController!

  override init(frame: CGRect) {
    super.init(frame: frame)
    windowLevel = .normal
    page = FullScreenController()
    rootViewController = page
    isHidden = true
  }

  required init?(coder: NSCoder) { nil }
}

class FullScreenController: UIViewController {
  weak var delegate: FullScreenDelegate?

  override var supportedInterfaceOrientations: UIInterfaceOrientationMask { .allButUpsideDown }

  override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
    super.viewWillTransition(to: size, with: coordinator)
    let turned = UIDevice.current.orientation
    coordinator.animate { _ in
      self.view.layoutIfNeeded()
    } completion: { [weak self] _ in
      self?.delegate?.fullScreenDidTurn(to: turned)
    }
  }
}

class PlayerController: UIViewController {
  var fullScreenWindow: FullScreenWindow?
  var mainWindow: UIWindow?
  var isFull = false

  override var supportedInterfaceOrientations: UIInterfaceOrientationMask { .portrait }

  @objc func fullTapped() {
    isFull.toggle()
    if isFull {
      if fullScreenWindow == nil {
        fullScreenWindow = FullScreenWindow(frame: UIScreen.main.bounds)
      }
      fullScreenWindow?.page.delegate = self
      mainWindow = UIApplication.shared.keyWindow
      if !(fullScreenWindow?.isKeyWindow ?? true) {
        fullScreenWindow?.makeKeyAndVisible()
      }
    }
    force(isFull ? .landscapeLeft : .portrait)
  }
}

extension PlayerController: FullScreenDelegate {
  func fullScreenDidTurn(to orientation: UIDeviceOrientation) {
    if orientation.isPortrait {
      mainWindow?.makeKeyAndVisible()
      fullScreenWindow?.isHidden = true
    }
  }
}
