import UIKit

class FeedViewController: BaseViewController {
  private let titleText = "Feed { not a brace }"

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "\(titleText) (\(1 + 2))"
  }

  @IBAction func playWindowedTapped(_ sender: UIButton) {
    performSegue(withIdentifier: "showPlayerWindowed", sender: sender)
  }

  // The player shown by the segue in a window of its own size: not full screen, so portrait.
  override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
    super.prepare(for: segue, sender: sender)
    if segue.identifier == "showPlayerWindowed", let player = segue.destination as? PlayerViewController {
      player.isFullScreen = false
    }
    // The storyboard says a page sheet; the code makes it full screen before UIKit presents it.
    segue.destination.modalPresentationStyle = .fullScreen
  }
}

class NowPlayingStrip: UIViewController {
  // The strip follows its parent; it says nothing about orientation.
}

class SettingsViewController: BaseViewController {
}
