import UIKit

class HomeViewController: UIViewController {
  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    AppUtility.lockOrientation(.portrait)
  }

  @objc func playTapped(_ sender: UIButton) {
    AppUtility.lockOrientation(.allButUpsideDown)
    let player = PlayerViewController()
    player.allowedOrientations = .landscape
    player.modalPresentationStyle = .fullScreen
    present(player, animated: true)
  }

  @objc func detailTapped(_ sender: UIButton) {
    navigationController?.pushViewController(DetailViewController(), animated: true)
  }

  // Two methods of one base name: the second keeps its labels in the scenario.
  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 2 }

  func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    detailTapped(UIButton())
  }
}

class PlayerViewController: UIViewController {
  var allowedOrientations: UIInterfaceOrientationMask = .portrait

  override var supportedInterfaceOrientations: UIInterfaceOrientationMask {
    return allowedOrientations
  }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    AppUtility.lockOrientation(.landscape, andRotateTo: .landscapeRight)
  }

  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    if isBeingDismissed {
      AppUtility.lockOrientation(.portrait)
    }
  }

  @objc func closeTapped(_ sender: UIButton) {
    dismiss(animated: true)
  }
}

class DetailViewController: UIViewController {
  var isZoomed = false

  override func viewDidLoad() {
    super.viewDidLoad()
    NotificationCenter.default.addObserver(
      self, selector: #selector(rotated), name: UIDevice.orientationDidChangeNotification, object: nil)
  }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    AppUtility.lockOrientation(.allButUpsideDown)
  }

  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    guard isMovingFromParent else { return }
    AppUtility.lockOrientation(.portrait)
  }

  @objc func rotated() {
    let shouldZoom = UIDevice.current.orientation.isLandscape
    if UIDevice.current.orientation.isLandscape {
      isZoomed = true
    } else {
      isZoomed = false
    }
    _ = shouldZoom
  }
}
