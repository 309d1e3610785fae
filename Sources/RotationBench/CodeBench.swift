import RotationCore

/// `code_step_us` (issue #38): a step that runs the app's own code — answers that are code, a
/// method that is code — on four scenarios written here in both languages; the median per step.
/// The simulator is made once per scenario (its code is parsed and lowered then, as the window does
/// when a scenario opens), so a step's cost is running the code, not parsing it.
extension Bench {
  static let codeScenarios: [String] = [
    // A navigation controller forwarding in Swift, a pushed landscape screen.
    """
    {"format": "rotation-lab.scenario/1", "system": {"version": "13.0"},
     "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]},
     "classes": {
       "NavVC": {"kind": "navigation",
         "supportedInterfaceOrientations": {"code": "guard let top = topViewController else { return .portrait }\\nreturn top.supportedInterfaceOrientations", "language": "swift"},
         "shouldAutorotate": {"code": "return topViewController?.shouldAutorotate ?? true", "language": "swift"}},
       "HomeVC": {"kind": "view", "supportedInterfaceOrientations": "portrait"},
       "LandVC": {"kind": "view", "supportedInterfaceOrientations": "landscape"}},
     "window": {"root": {"class": "NavVC", "stack": [{"class": "HomeVC"}, {"class": "LandVC"}]}},
     "steps": ["launch", {"rotateDevice": "landscapeLeft"}, {"rotateDevice": "portrait"}, {"rotateDevice": "landscapeRight"}]}
    """,
    // An Objective-C switch over a property, with the device tested.
    """
    {"format": "rotation-lab.scenario/1", "system": {"version": "13.0"},
     "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]},
     "classes": {"MediaVC": {"kind": "view", "properties": {"mode": {"case": "ModeGallery"}},
       "supportedInterfaceOrientations": {"code": "switch ((self.mode)) {\\n case ModePlayer: case ModeGallery:\\n  return UIInterfaceOrientationMaskLandscape | UIInterfaceOrientationMaskPortrait;\\n default:\\n  return UIInterfaceOrientationMaskPortrait;\\n}", "language": "objc"},
       "shouldAutorotate": {"code": "return !UIDeviceOrientationIsFlat([UIDevice currentDevice].orientation);", "language": "objc"}}},
     "window": {"root": {"class": "MediaVC"}},
     "steps": ["launch", {"rotateDevice": "landscapeLeft"}, {"rotateDevice": "portrait"}, {"rotateDevice": "landscapeRight"}]}
    """,
    // The app delegate finding the top controller through the window, in Objective-C.
    """
    {"format": "rotation-lab.scenario/1", "system": {"version": "13.0"},
     "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"],
       "supportedInterfaceOrientationsForWindow": {"code": "UIViewController *top = window.rootViewController;\\nwhile (top.presentedViewController) { top = top.presentedViewController; }\\nif ([top isKindOfClass:[UINavigationController class]]) { top = [(UINavigationController *)top topViewController]; }\\nreturn [top supportedInterfaceOrientations];", "language": "objc", "parameters": ["application", "window"]}},
     "classes": {"HomeVC": {"kind": "view", "supportedInterfaceOrientations": "allButUpsideDown"}},
     "window": {"root": {"class": "UINavigationController", "stack": [{"class": "HomeVC"}]}},
     "steps": ["launch", {"rotateDevice": "landscapeLeft"}, {"rotateDevice": "portrait"}, {"rotateDevice": "landscapeRight"}]}
    """,
    // A method in Swift that stores the lock, forces the device and attempts, back and forth.
    """
    {"format": "rotation-lab.scenario/1", "system": {"version": "13.0"},
     "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"], "state": {"lock": {"mask": "portrait"}},
       "supportedInterfaceOrientationsForWindow": {"read": "lock"}},
     "classes": {"PlayerVC": {"kind": "view", "methods": {
       "toggle": [{"code": "let landscape = AppDelegate.lock == .portrait\\nAppDelegate.lock = landscape ? .landscape : .portrait\\nlet raw = landscape ? UIInterfaceOrientation.landscapeRight.rawValue : UIInterfaceOrientation.portrait.rawValue\\nUIDevice.current.setValue(raw, forKey: \\"orientation\\")\\nUIViewController.attemptRotationToDeviceOrientation()", "language": "swift"}]}}},
     "window": {"root": {"class": "PlayerVC"}},
     "steps": ["launch", {"call": "toggle", "on": "PlayerVC"}, {"call": "toggle", "on": "PlayerVC"}, {"call": "toggle", "on": "PlayerVC"}]}
    """,
  ]

  static func codeFigure() -> Figure {
    let scenarios = codeScenarios.compactMap { try? ScenarioDecoder.decode(text: $0) }
    var perScenario: [Double] = []
    for scenario in scenarios {
      var launched = Simulator(scenario: scenario)
      _ = launched.apply(.launch)
      var samples: [Double] = []
      for _ in 0..<300 {
        var simulator = launched
        let start = now()
        for event in scenario.steps.dropFirst() { _ = simulator.apply(event) }
        samples.append((now() - start) / Double(scenario.steps.count - 1))
      }
      perScenario.append(median(samples))
    }
    return Figure(
      name: "code_step_us", value: scenarios.count == codeScenarios.count ? median(perScenario) * 1e6 : nil,
      unit: "µs", bound: 200, note: "median per step that runs the app's code, \(scenarios.count) scenarios")
  }
}
