import RotationCore
import Testing

/// What running the app's code must follow beyond plain calls (docs/rules.md#code-actions):
/// segues performed by identifier, property setters and `didSet`, overloads told apart by their
/// arguments, `Self`'s static helpers, `defer`, a container's delegate set in code, and
/// `NSNumber(value:)`. Each is a pattern of public projects written here in a spelling of its own;
/// the orientations expected are UIKit's, read from docs/rules.md.
@Suite struct CodeAccessorTests: CodeScenarioFixtures {
  /// A segue performed by its identifier presents the storyboard's landscape scene full screen, in
  /// both languages; an identifier no storyboard has performs nothing and is said.
  @Test(arguments: ["swift", "objc", "missing"]) func aSegueIsPerformedByItsIdentifier(spelling: String)
    throws
  {
    let body =
      switch spelling {
      case "swift": #"performSegue(withIdentifier: "toVideo", sender: self)"#
      case "objc": #"[self performSegueWithIdentifier:@"toVideo" sender:self];"#
      default: #"self.performSegue(withIdentifier: "toNowhere", sender: nil)"#
      }
    let steps = try run(
      """
      \(Self.phone13), "app": {\(Self.plist)},
      "classes": {
        "HomeVC": {"kind": "view", "supportedInterfaceOrientations": "portrait",
                   "methods": {"watch": [\(Self.code(body, spelling == "objc" ? "objc" : "swift"))]}},
        "VideoVC": {"kind": "view", "supportedInterfaceOrientations": "landscapeLeft"}
      },
      "window": {"root": {"class": "HomeVC"}},
      "storyboards": {"Main": {"scenes": {}, "segues": {"toVideo": {"present": "VideoVC", "style": "fullScreen"}}}},
      "steps": ["launch", {"call": "watch", "on": "HomeVC"}]
      """)
    let top = try #require(steps[1].state.tree.topController)
    if spelling == "missing" {
      #expect(steps[1].state.tree[top].className == "HomeVC")
      #expect(steps[1].console.contains { $0.text.contains("toNowhere") })
    } else {
      #expect(steps[1].state.tree[top].className == "VideoVC")
      #expect(steps[1].interfaceOrientation == .landscapeLeft)
    }
  }

  /// A Swift setter that keeps the value in an associated object only while not locked: assigning
  /// the mask while locked changes nothing, and the forced turn that follows is refused; unlocked,
  /// the same code turns the interface.
  @Test(arguments: [true, false]) func aSettersConditionDecidesWhetherTheAssignmentTakes(locked: Bool) throws
  {
    let setter = """
      if !isLocked {
        objc_setAssociatedObject(self, &Keys.mask, newValue, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
      }
      """
    let tap = """
      mask = .landscapeRight
      UIDevice.current.setValue(NSNumber(value: UIInterfaceOrientation.landscapeRight.rawValue), forKey: "orientation")
      """
    let steps = try run(
      """
      \(Self.phone13), "app": {\(Self.plist), "flags": {"isLocked": \(locked)}},
      "classes": {"PlayerVC": {"kind": "view", "properties": {"mask": {"mask": "portrait"}},
                               "supportedInterfaceOrientations": {"read": "mask"},
                               "methods": {"fullScreen": [\(Self.code(tap))]}}},
      "window": {"root": {"class": "PlayerVC"}},
      "functions": {"PlayerVC.setMask": \(Self.code(setter, parameters: ["newValue"]))},
      "steps": ["launch", {"call": "fullScreen", "on": "PlayerVC"}]
      """)
    let id = try #require(steps[1].state.tree.topController)
    // Locked, the instance keeps its declared starting value (never assigned).
    #expect(steps[1].state.tree[id].properties["mask"] == (locked ? nil : .mask(.landscapeRight)))
    #expect(steps[1].interfaceOrientation == (locked ? .portrait : .landscapeRight))
  }

  /// A `didSet` runs after the assignment, with the old value: here it asks UIKit to decide again,
  /// so the new mode's mask turns the interface at once (without it, the device would have to move).
  @Test func aDidSetRunsAfterTheAssignment() throws {
    let answer = "return isFullScreen ? .landscape : .portrait"
    let didSet = "if oldValue != isFullScreen { UIViewController.attemptRotationToDeviceOrientation() }"
    let steps = try run(
      """
      \(Self.phone13), "device": {"orientation": "landscapeLeft"}, "app": {\(Self.plist)},
      "classes": {"PlayerVC": {"kind": "view", "properties": {"isFullScreen": false},
                               "supportedInterfaceOrientations": \(Self.code(answer)),
                               "methods": {"expand": [\(Self.code("isFullScreen = true"))]}}},
      "window": {"root": {"class": "PlayerVC"}},
      "functions": {"PlayerVC.didSetIsFullScreen": \(Self.code(didSet, parameters: ["oldValue"]))},
      "steps": ["launch", {"call": "expand", "on": "PlayerVC"}]
      """)
    #expect(steps[0].interfaceOrientation == .portrait)
    #expect(steps[1].interfaceOrientation == .landscapeRight)
    #expect(!steps[1].calls(to: "+[UIViewController attemptRotationToDeviceOrientation]").isEmpty)
  }

  /// Two helpers of one name, told apart by how many arguments the call passes (an overload with a
  /// second `andRotateTo:` parameter also forces the device); `Self.` reaches a static helper of
  /// the running class; `defer` runs the attempt after the lock is set.
  @Test func overloadsSelfAndDeferRunAsSwiftRunsThem() throws {
    let lock = "AppDelegate.lock = orientation"
    let lockAndRotate = """
      Self.lock(orientation)
      UIDevice.current.setValue(rotateTo.rawValue, forKey: "orientation")
      """
    let tap = """
      defer { UIViewController.attemptRotationToDeviceOrientation() }
      Self.lock(.landscape, andRotateTo: .landscapeLeft)
      """
    let steps = try run(
      """
      \(Self.phone13),
      "app": {\(Self.plist), "state": {"lock": {"mask": "portrait"}}, "supportedInterfaceOrientationsForWindow": {"read": "lock"}},
      "classes": {"PlayerVC": {"kind": "view", "methods": {"play": [\(Self.code(tap))]}}},
      "window": {"root": {"class": "PlayerVC"}},
      "functions": {
        "PlayerVC.lock": \(Self.typed(Self.code(lock, parameters: ["orientation"]), ["UIInterfaceOrientationMask"])),
        "PlayerVC.lock(_:andRotateTo:)": \(Self.typed(
          Self.code(lockAndRotate, parameters: ["orientation", "rotateTo"]),
          ["UIInterfaceOrientationMask", "UIInterfaceOrientation"]))
      },
      "steps": ["launch", {"call": "play", "on": "PlayerVC"}]
      """)
    #expect(steps[1].state.values["lock"] == .mask(.landscape))
    // UIInterfaceOrientation.landscapeLeft is raw 4, which UIDevice reads as its landscapeRight.
    #expect(steps[1].deviceOrientation == .landscapeRight)
    #expect(steps[1].interfaceOrientation == .landscapeLeft)
  }

  /// `viewWillTransition(to:with:)`'s code gets the size the view turns to and a coordinator whose
  /// completion block runs (trailing-closure and labelled spellings); `viewWillAppear`'s gets
  /// `animated`.
  @Test(arguments: [true, false]) func aTransitionsSizeAndCoordinatorReachTheHooksCode(trailing: Bool) throws
  {
    let transition =
      trailing
      ? """
      super.viewWillTransition(to: size, with: coordinator)
      let wide = size.width > size.height
      coordinator.animate { _ in } completion: { _ in AppDelegate.wide = wide }
      """
      : """
      super.viewWillTransition(to: size, with: coordinator)
      coordinator.animate(alongsideTransition: nil, completion: { _ in AppDelegate.wide = size.width > size.height })
      """
    let steps = try run(
      """
      \(Self.phone13), "app": {\(Self.plist), "flags": {"wide": false, "appeared": false}},
      "classes": {"VideoVC": {"kind": "view",
        "viewWillTransitionToSize:withTransitionCoordinator:": [\(Self.code(transition, parameters: ["size", "coordinator"]))],
        "viewWillAppear:": [\(Self.code("AppDelegate.appeared = animated", parameters: ["animated"]))]}},
      "window": {"root": {"class": "VideoVC"}},
      "steps": ["launch", {"rotateDevice": "landscapeLeft"}, {"rotateDevice": "portrait"}]
      """)
    #expect(steps[0].state.flags["appeared"] == true)
    #expect(steps[1].state.flags["wide"] == true)
    #expect(steps[2].state.flags["wide"] == false)
  }

  /// `navigationController?.delegate = self` in a method makes the pushed player answer for the
  /// navigation controller, so the device's turn is refused while the player is on top.
  @Test func aContainersDelegateSetInCodeAnswersForIt() throws {
    let steps = try run(
      """
      \(Self.phone13), "app": {\(Self.plist)},
      "classes": {
        "ListVC": {"kind": "view"},
        "PlayerVC": {"kind": "view", "asDelegate": {"supportedInterfaceOrientations": "portrait"},
                     "methods": {"claim": [\(Self.code("self.navigationController?.delegate = self"))]}}
      },
      "window": {"root": {"class": "UINavigationController", "stack": [{"class": "ListVC"}, {"class": "PlayerVC"}]}},
      "steps": ["launch", {"call": "claim", "on": "PlayerVC"}, {"rotateDevice": "landscapeLeft"}]
      """)
    #expect(steps[2].interfaceOrientation == .portrait)
    #expect(!steps[2].calls(to: "-[PlayerVC navigationControllerSupportedInterfaceOrientations:]").isEmpty)
  }
}
