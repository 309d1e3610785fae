import UIKit

class FeedViewController: BaseViewController {
  private let titleText = "Feed { not a brace }"

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "\(titleText) (\(1 + 2))"
  }
}

class NowPlayingStrip: UIViewController {
  // The strip follows its parent; it says nothing about orientation.
}

class SettingsViewController: BaseViewController {
}
