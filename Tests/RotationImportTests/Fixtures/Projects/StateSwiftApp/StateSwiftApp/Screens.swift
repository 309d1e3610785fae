import UIKit

class RotatingController: UIViewController {
  override var shouldAutorotate: Bool { true }
  override var supportedInterfaceOrientations: UIInterfaceOrientationMask {
    isWide ? .landscape : .portrait
  }
}

class ListController: RotatingController {
  override var shouldAutorotate: Bool { false }

  // The presenter sets the page's mask before it pushes it.
  @objc func openVideo() {
    let page = VideoController()
    page.wantedMask = .landscapeRight
    navigationController?.pushViewController(page, animated: true)
  }

  @objc func openNotes() {
    let page = NotesController()
    navigationController?.pushViewController(page, animated: true)
  }
}

class VideoController: RotatingController {
  override func viewDidLoad() {
    super.viewDidLoad()
    startFollowingDevice()
    // Forced with the page's own mask, whatever the presenter chose.
    turn(to: wantedMask)
  }

  @objc func pinTapped() {
    isPinned = !isPinned
  }
}

class NotesController: RotatingController {
  // A ternary argument: one branch per value.
  @objc func wideTapped() {
    turn(to: isWide ? .portrait : .landscapeLeft)
  }
}
