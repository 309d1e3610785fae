import UIKit

final class LibraryViewController: UIViewController {
  override var supportedInterfaceOrientations: UIInterfaceOrientationMask { [.portrait] }
}

/// Hosts the video surface as a child view controller.
final class PlayerContainer: UIViewController {
  override func viewDidLoad() {
    super.viewDidLoad()
    let surface = VideoSurface()
    addChild(surface)
    view.addSubview(surface.view)
    surface.didMove(toParent: self)
  }

  override var supportedInterfaceOrientations: UIInterfaceOrientationMask {
    children.first?.supportedInterfaceOrientations ?? .portrait
  }
}

final class VideoSurface: UIViewController {
  static var isLocked = false

  override var supportedInterfaceOrientations: UIInterfaceOrientationMask {
    if VideoSurface.isLocked {
      return .portrait
    } else {
      return .landscape
    }
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    enterFullScreen()
  }

  func enterFullScreen() {
    setNeedsUpdateOfSupportedInterfaceOrientations()
    guard let scene = view.window?.windowScene else { return }
    scene.requestGeometryUpdate(.iOS(interfaceOrientations: .landscapeRight)) { error in
      print(error)
    }
  }
}
