import UIKit

class HomeViewController: UIViewController {
  override var supportedInterfaceOrientations: UIInterfaceOrientationMask { .portrait }

  @IBAction func openPlayer(_ sender: UIButton) {
    let player = PlayerViewController()
    player.allowsRotation = true
    player.modalPresentationStyle = .fullScreen
    present(player, animated: true)
  }

  @IBAction func openGallery(_ sender: UIButton) {
    let gallery = GalleryNavigationController(rootViewController: GalleryViewController())
    gallery.modalPresentationStyle = .fullScreen
    present(gallery, animated: true)
  }

  @IBAction func openMap(_ sender: UIButton) {
    let navigation = UINavigationController(rootViewController: MapViewController())
    navigation.modalPresentationStyle = .fullScreen
    present(navigation, animated: true)
  }
}

/// Turns while the presenter allows it; the lock button flips that.
class PlayerViewController: UIViewController {
  var allowsRotation = false

  override func canRotate() -> Bool { return true }
  override var shouldAutorotate: Bool { allowsRotation }
  override var supportedInterfaceOrientations: UIInterfaceOrientationMask { .allButUpsideDown }

  @IBAction func lockTapped(_ sender: UIButton) {
    sender.isSelected.toggle()
    if sender.isSelected {
      allowsRotation = false
    } else {
      allowsRotation = true
    }
  }

  @IBAction func closeTapped(_ sender: UIButton) {
    if UIApplication.shared.statusBarOrientation.isLandscape {
      UIDevice.current.setValue(UIInterfaceOrientation.portrait.rawValue, forKey: "orientation")
    }
    dismiss(animated: true)
  }
}

/// Lets only the photo screen turn, answering as it does.
class GalleryNavigationController: UINavigationController {
  override var shouldAutorotate: Bool {
    if topViewController is PhotoViewController {
      return topViewController?.shouldAutorotate ?? false
    }
    return false
  }

  override var supportedInterfaceOrientations: UIInterfaceOrientationMask {
    if topViewController is PhotoViewController {
      return topViewController?.supportedInterfaceOrientations ?? .portrait
    }
    return .portrait
  }
}

class GalleryViewController: UIViewController {
  override func canRotate() -> Bool { return true }

  @objc func openPhoto() {
    navigationController?.pushViewController(PhotoViewController(), animated: true)
  }
}

class PhotoViewController: UIViewController {
  override func canRotate() -> Bool { return true }
  override var supportedInterfaceOrientations: UIInterfaceOrientationMask { .landscape }
}

/// Makes itself its navigation controller's delegate, which answers landscape.
class MapViewController: UIViewController, UINavigationControllerDelegate {
  override func canRotate() -> Bool { return true }

  override func viewDidLoad() {
    super.viewDidLoad()
    navigationController?.delegate = self
  }

  func navigationControllerSupportedInterfaceOrientations(_ navigationController: UINavigationController)
    -> UIInterfaceOrientationMask
  {
    return .landscape
  }

  @objc func refreshTapped() {
    if #available(iOS 16.0, *) {
      setNeedsUpdateOfSupportedInterfaceOrientations()
    } else {
      UIViewController.attemptRotationToDeviceOrientation()
    }
    if downloader.isFinished {
      UIViewController.attemptRotationToDeviceOrientation()
    }
  }
}
