import RotationCore
import Testing

/// Editing a scenario as the window does: classes, the starting tree, the steps, undo. Each edit is
/// held to what UIKit or the file format allows, and to the simulator's behaviour where an edit
/// must not change it (a rename).
@Suite struct EditingTests {
  /// What a run did, with class names put through `rename`: each step's calls (receiver and
  /// selector), orientations and exception.
  func outline(_ steps: [Step], rename: (String) -> String = { $0 }) -> [String] {
    steps.map { step in
      let calls = step.calls.map { "\(rename($0.receiver)) \($0.selector) \($0.answer ?? "")" }
      return
        "\(step.deviceOrientation.name) \(step.interfaceOrientation.name) \(step.exception?.name ?? "-") "
        + calls.joined(separator: "; ")
    }
  }

  /// Renaming any declared class of any bundled scenario changes the names in its run and nothing
  /// else: the same calls in the same order, the same orientations and exceptions.
  @Test func renamingAClassChangesOnlyItsName() throws {
    for name in try bundledScenarioNames() {
      let original = try bundledScenario(name)
      let before = Simulator.run(original)
      // UIKit's classes changed by a category, and a framework's own, keep their names.
      for spec in original.classes where spec.category == nil && spec.origin != PluginCatalog.engineOrigin {
        var renamed = original
        let new = "Renamed" + spec.name
        try renamed.renameClass(spec.name, to: new)
        try renamed.checkedLoads()
        #expect(
          renamed.classes.contains { $0.name == new } && !renamed.classes.contains { $0.name == spec.name })
        #expect(renamed.uses(ofClass: spec.name).isEmpty, "\(name): \(spec.name) still named")
        let after = Simulator.run(renamed)
        #expect(
          outline(after) == outline(before) { $0 == spec.name ? new : $0 }, "\(name): renaming \(spec.name)")
      }
    }
  }

  @Test func aNewClassNeedsANameOfItsOwn() throws {
    var scenario = ScenarioTemplate.navigationStack.scenario(system: iOS15, infoPlist: nil)
    try scenario.addClass("PlayerViewController", kind: .view)
    #expect(scenario.kind(of: "PlayerViewController") == .view)
    for bad in [
      "PlayerViewController", "ViewController", "UINavigationController", "AppDelegate", "2Fast", "a-b", "",
    ] {
      #expect(throws: EditError.self, "\(bad)") { try scenario.addClass(bad, kind: .view) }
    }
    #expect(scenario.classes.count == 3)
  }

  @Test func aClassInUseIsNotRemovedAndSaysWhere() throws {
    var scenario = try bundledScenario("seed000-present.json")
    let uses = scenario.uses(ofClass: "LandscapeRightVC")
    #expect(uses.contains { $0.hasPrefix("step 2") }, "\(uses)")
    let error = #expect(throws: EditError.self) { try scenario.removeClass("LandscapeRightVC") }
    #expect(error?.message.contains("step 2") == true)
    #expect(scenario.uses(ofClass: "ViewController") == ["the tree of window main"])
    // Once nothing uses it, it goes.
    scenario.steps = [.launch]
    scenario.expectations = []
    try scenario.removeClass("LandscapeRightVC")
    #expect(scenario.kind(of: "LandscapeRightVC") == nil)
    try scenario.checkedLoads()
  }

  @Test func controllersGoWhereUIKitHoldsThem() throws {
    var scenario = ScenarioTemplate.navigationStack.scenario(system: iOS15, infoPlist: nil)
    try scenario.addClass("DetailViewController", kind: .view)
    try scenario.addClass("Alert", kind: .alert)
    let root = NodePath()
    let pushed = try scenario.addController("DetailViewController", under: root)
    #expect(pushed == root.appending(.stack(1)))
    #expect(scenario.window.stack.map(\.className) == ["ViewController", "DetailViewController"])
    // A view controller holds nothing; an alert is never contained; no navigation controller in a stack.
    #expect(throws: EditError.self) { try scenario.addController("ViewController", under: pushed) }
    #expect(throws: EditError.self) { try scenario.addController("Alert", under: root) }
    #expect(throws: EditError.self) { try scenario.addController("UINavigationController", under: root) }
    #expect(throws: EditError.self) { try scenario.addController("Nobody", under: root) }
    #expect(scenario.window.stack.count == 2)

    // The stack's order, and its top as the root.
    let movedTo = try scenario.moveController(at: pushed, by: -1)
    #expect(movedTo == root.appending(.stack(0)))
    #expect(scenario.window.stack.map(\.className) == ["DetailViewController", "ViewController"])
    #expect(throws: EditError.self) { try scenario.moveController(at: movedTo, by: -1) }
    try scenario.setAsRoot(movedTo)
    #expect(scenario.window == Node(className: "DetailViewController"))
    #expect(throws: EditError.self) { try scenario.setAsRoot(NodePath()) }
    #expect(throws: EditError.self) { try scenario.removeController(at: NodePath()) }
  }

  @Test func aTabBarKeepsItsSelectedTabThroughMovesAndRemovals() throws {
    var scenario = ScenarioTemplate.tabsOfNavigationStacks.scenario(system: iOS15, infoPlist: nil)
    try scenario.addClass("ThirdViewController", kind: .view)
    let third = try scenario.addController("ThirdViewController", under: NodePath())
    #expect(third == NodePath(window: mainWindowName, [.tab(2)]))
    scenario.window.selected = 2
    try scenario.moveController(at: third, by: -1)
    #expect(scenario.window.tabs.map(\.className)[1] == "ThirdViewController")
    #expect(scenario.window.selected == 1, "the selection follows its tab")
    try scenario.removeController(at: NodePath(window: mainWindowName, [.tab(0)]))
    #expect(scenario.window.tabs.map(\.className) == ["ThirdViewController", "NavigationController"])
    #expect(scenario.window.selected == 0)
    #expect(Simulator.run(scenario).last?.exception == nil)
  }

  @Test func aSplitViewFillsItsColumnsInOrder() throws {
    var scenario = ScenarioTemplate.splitView.scenario(system: iOS15, infoPlist: nil)
    try scenario.addClass("SidebarViewController", kind: .view)
    let added = try scenario.addController("SidebarViewController", under: NodePath())
    #expect(added == NodePath(window: mainWindowName, [.column(.supplementary)]))
    #expect(scenario.window.columns.map(\.role) == [.primary, .supplementary, .secondary])
    #expect(throws: EditError.self) { try scenario.addController("SidebarViewController", under: NodePath()) }
    #expect(throws: EditError.self) { try scenario.moveController(at: added, by: 1) }
  }

  @Test func windowsComeAndGoButTheMainOneStays() throws {
    var scenario = ScenarioTemplate.singleView.scenario(system: iOS16, infoPlist: nil)
    try scenario.addWindow("player", rootClass: "ViewController", level: 1000)
    #expect(scenario.windowNames == ["main", "player"])
    #expect(throws: EditError.self) { try scenario.addWindow("player", rootClass: "ViewController") }
    scenario.steps.append(.makeKeyAndVisible("player"))
    #expect(throws: EditError.self) { try scenario.removeController(at: NodePath(window: "player")) }
    scenario.steps.removeLast()
    try scenario.removeController(at: NodePath(window: "player"))
    #expect(scenario.windows.isEmpty)
  }

  /// Every controller of every bundled scenario's launch step finds its place in the starting
  /// tree, holding the same class: what the window's tree edits act on.
  @Test func everyLaunchedControllerHasItsPlace() throws {
    for name in try bundledScenarioNames() {
      let scenario = try bundledScenario(name)
      guard let launch = Simulator.run(scenario).first, launch.status != .notRun else { continue }
      let snapshot = TreeSnapshot(step: launch, scenario: scenario)
      for node in snapshot.nodes {
        guard case .some(let path) = snapshot.path(of: node.id) else { continue }
        #expect(scenario.node(at: path)?.className == node.className, "\(name): \(path)")
      }
      #expect(snapshot.nodes.contains { snapshot.path(of: $0.id)?.isRoot == true }, "\(name)")
    }
  }

  @Test func launchStaysFirst() throws {
    let events: [Action] = [.launch, .rotateDevice(.landscapeLeft), .pop]
    #expect(
      try StepEdits.insert(.dismiss, at: 1, into: events) == [
        .launch, .dismiss, .rotateDevice(.landscapeLeft), .pop,
      ])
    #expect(try StepEdits.insert(.dismiss, at: 3, into: events).last == .dismiss)
    #expect(throws: EditError.self) { try StepEdits.insert(.dismiss, at: 0, into: events) }
    #expect(throws: EditError.self) { try StepEdits.insert(.launch, at: 1, into: events) }
    #expect(throws: EditError.self) { try StepEdits.remove(at: 0, from: events) }
    #expect(try StepEdits.remove(at: 2, from: events) == [.launch, .rotateDevice(.landscapeLeft)])
    #expect(try StepEdits.move(at: 2, by: -1, in: events) == [.launch, .pop, .rotateDevice(.landscapeLeft)])
    #expect(throws: EditError.self) { try StepEdits.move(at: 1, by: -1, in: events) }
    #expect(throws: EditError.self) { try StepEdits.move(at: 2, by: 1, in: events) }
    #expect(throws: EditError.self) { try StepEdits.replace(at: 0, with: .pop, in: events) }
    #expect(try StepEdits.replace(at: 2, with: .dismiss, in: events).last == .dismiss)
    // A drag: the event taken out and put back at its new place.
    let four: [Action] = [.launch, .pop, .dismiss, .rotateDevice(.landscapeLeft)]
    #expect(
      try StepEdits.move(from: 3, to: 1, in: four) == [
        .launch, .rotateDevice(.landscapeLeft), .pop, .dismiss,
      ])
    #expect(
      try StepEdits.move(from: 1, to: 3, in: four) == [
        .launch, .dismiss, .rotateDevice(.landscapeLeft), .pop,
      ])
    #expect(throws: EditError.self) { try StepEdits.move(from: 2, to: 0, in: four) }
    #expect(throws: EditError.self) { try StepEdits.move(from: 0, to: 2, in: four) }
    #expect(throws: EditError.self) { try StepEdits.move(from: 1, to: 4, in: four) }
  }

  @Test func undoingEveryEditComesBackAndRedoingGoesForward() {
    var stack = UndoStack<Int>()
    var state = 0
    for edit in 1...5 {
      stack.record(state, label: "edit \(edit)")
      state = edit * 10
    }
    #expect(stack.undoLabel == "edit 5")
    var seen: [Int] = []
    while let earlier = stack.undo(from: state) {
      state = earlier
      seen.append(state)
    }
    #expect(seen == [40, 30, 20, 10, 0])
    #expect(!stack.canUndo && stack.redoLabel == "edit 1")
    while let later = stack.redo(from: state) { state = later }
    #expect(state == 50)
    _ = stack.undo(from: state)
    stack.record(40, label: "another")
    #expect(!stack.canRedo, "a new edit forgets what was undone")
  }

  @Test func everyTemplateLaunchesAndUsesItsClasses() throws {
    for template in ScenarioTemplate.allCases {
      for system in [iOS15, iOS16] {
        let scenario = template.scenario(
          system: system, infoPlist: [.portrait, .landscapeLeft, .landscapeRight])
        try scenario.checkedLoads()
        let launch = try #require(Simulator.run(scenario).first)
        #expect(launch.exception == nil && launch.error == nil, "\(template)")
        for spec in scenario.classes {
          #expect(!scenario.uses(ofClass: spec.name).isEmpty, "\(template): \(spec.name) unused")
        }
      }
    }
  }
}

extension EditingTests {
  /// Seed 000's landscape class written through the code edits, action by action, equals the
  /// bundled file's class; and what a file cannot hold is refused.
  @Test func theCodeOfAClassIsBuiltActionByAction() throws {
    let bundled = try bundledScenario("seed000-present.json")
    var scenario = bundled
    let name = "LandscapeRightVC"
    scenario.updateClass(name) {
      $0.hooks = []
      $0.methods = []
    }
    for (method, flag, orientation) in [
      ("switchToLandscapeRight", true, DeviceOrientation.landscapeRight),
      ("switchToLandscapePortrait", false, .portrait),
    ] {
      try scenario.addMethod(method, to: name)
      try scenario.addAction(.setDeviceOrientation(.orientation(.faceDown)), to: .method(method), of: name)
      try scenario.addAction(.setDeviceOrientation(.orientation(orientation)), to: .method(method), of: name)
      try scenario.addAction(.setFlag("landscapeRightOnly", flag), to: .method(method), of: name)
      // The flag goes first, as the article sets it before forcing.
      try scenario.moveAction(at: 2, by: -1, of: .method(method), of: name)
      try scenario.moveAction(at: 1, by: -1, of: .method(method), of: name)
    }
    for (selector, flag, method) in [
      (LifecycleSelector.viewWillAppear, true, "switchToLandscapeRight"),
      (.viewWillDisappear, false, "switchToLandscapePortrait"),
    ] {
      try scenario.addHook(selector, to: name)
      try scenario.addAction(.call(method, on: nil), to: .hook(selector), of: name)
      try scenario.addAction(.log("scratch"), to: .hook(selector), of: name)
      try scenario.removeAction(at: 1, of: .hook(selector), of: name)
      try scenario.addAction(.setFlag("supportLandscape", flag), to: .hook(selector), of: name)
      try scenario.moveAction(at: 1, by: -1, of: .hook(selector), of: name)
    }
    #expect(Simulator.run(scenario).map(\.calls) == Simulator.run(bundled).map(\.calls))
    #expect(
      scenario.classes.first { $0.name == name }?.methods
        == bundled.classes.first { $0.name == name }?.methods)

    // A hook twice, a method a call still names, a flag an answer reads, an unknown flag set.
    #expect(throws: EditError.self) { try scenario.addHook(.viewWillAppear, to: name) }
    #expect(throws: EditError.self) { try scenario.removeMethod("switchToLandscapeRight", from: name) }
    #expect(throws: EditError.self) { try scenario.removeFlag("supportLandscape") }
    // A refused edit leaves the scenario as it was.
    #expect(scenario.app.flags.contains { $0.name == "supportLandscape" })
    #expect(scenario.classes.first { $0.name == name }?.methods.count == 2)
    #expect(throws: EditError.self) {
      try scenario.addAction(.setFlag("nowhere", true), to: .hook(.viewWillAppear), of: name)
    }
    #expect(throws: EditError.self) { try scenario.addFlag("supportLandscape") }
    #expect(throws: EditError.self) {
      try scenario.moveAction(at: 0, by: -1, of: .hook(.viewWillAppear), of: name)
    }
    try scenario.addFlag("unused")
    try scenario.removeFlag("unused")
    #expect(Simulator.run(scenario).map(\.calls) == Simulator.run(bundled).map(\.calls))
  }

  /// An `if` made in the window: added with empty branches, then actions added, moved and removed in
  /// each branch by its path; the method then turns only while its flag is set.
  @Test func anIfIsBuiltBranchByBranch() throws {
    var scenario = try ScenarioDecoder.decode(
      text: """
        {"format": "rotation-lab.scenario/1", "title": "t",
         "system": {"version": "13.0", "idiom": "phone", "homeButton": true},
         "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"], "flags": {"full": false}},
         "classes": {"Player": {"kind": "view", "methods": {"tap": []}}},
         "window": {"root": {"class": "Player"}}, "steps": ["launch", {"call": "tap"}]}
        """)
    let owner = ActionOwner.method("tap")
    try scenario.addAction(.when(.flag("full"), then: [], else: []), to: owner, of: "Player")
    let then = [BranchStep(0, then: true)]
    let otherwise = [BranchStep(0, then: false)]
    try scenario.addAction(.attemptRotationToDeviceOrientation, to: owner, of: "Player", in: then)
    try scenario.addAction(
      .setDeviceOrientation(.orientation(.landscapeLeft)), to: owner, of: "Player", in: then)
    try scenario.moveAction(at: 1, by: -1, of: owner, of: "Player", in: then)
    try scenario.addAction(
      .setDeviceOrientation(.orientation(.portrait)), to: owner, of: "Player", in: otherwise)
    #expect(
      scenario.classes[0].method(named: "tap")?.actions == [
        .when(
          .flag("full"),
          then: [.setDeviceOrientation(.orientation(.landscapeLeft)), .attemptRotationToDeviceOrientation],
          else: [.setDeviceOrientation(.orientation(.portrait))])
      ])
    #expect(Simulator.run(scenario).map(\.interfaceOrientation) == [.portrait, .portrait])
    scenario.app.flags = [Flag(name: "full", value: true)]
    #expect(Simulator.run(scenario).map(\.interfaceOrientation) == [.portrait, .landscapeRight])
    try scenario.removeAction(at: 0, of: owner, of: "Player", in: otherwise)
    #expect(throws: EditError.self) {
      try scenario.addAction(
        .pop, to: owner, of: "Player", in: [BranchStep(0, then: true), BranchStep(0, then: true)])
    }
    // The file keeps it as written.
    #expect(try ScenarioDecoder.decode(text: ScenarioEncoder.text(scenario)) == scenario)
  }
}

let iOS15 = SystemConfig(version: SystemVersion("15.0")!, idiom: .phone, homeButton: false)
let iOS16 = SystemConfig(version: SystemVersion("16.0")!, idiom: .phone, homeButton: false)
