// The fuzzer compiles the core and this module as one module, without RotationCore.
#if canImport(RotationCore)
  import RotationCore
#endif

/// The storyboard trees a code expression asks for while the root is built, kept for their
/// classes and report lines.
final class StoryboardLookups {
  var trees: [StoryboardTree] = []
}

/// Puts a scenario together from a walked folder: storyboards, code, and the settings already read.
struct Assembly {
  let folder: SourceFolder
  var report = ImportReport()
  /// Whether anything gave controllers: a root, or a class.
  var usable = false
  /// Storyboards by name (without extension), with the name the report shows.
  var documents: [String: (StoryboardDocument, String)] = [:]
  /// Files' contents by path, read instead of the disk (a file read already, the fuzzer's input).
  var memory: [String: [UInt8]] = [:]

  func bytes(_ found: SourceFolder.Found, limit: Int, kind: String) throws(ScenarioError) -> [UInt8] {
    if let bytes = memory[found.path] { return bytes }
    return try ScenarioDecoder.readFile(
      path: found.path, displayName: found.shown, maxBytes: limit, kind: kind)
  }

  init(folder: SourceFolder) {
    self.folder = folder
  }

  mutating func readStoryboards() {
    for found in folder.storyboards {
      do {
        let bytes = try self.bytes(found, limit: AppImport.storyboardLimit, kind: tr("storyboards"))
        let document = try StoryboardDocument.read(bytes, file: found.shown)
        let name = PathName.deletingExtension(PathName.last(found.path))
        if documents[name] == nil { documents[name] = (document, found.shown) }
      } catch let error as ImportError {
        report.assumptions.append(
          .init(file: error.file, line: nil, text: ImportReport.notRead(error.message)))
      } catch let error as ScenarioError {
        report.assumptions.append(
          .init(file: found.shown, line: nil, text: ImportReport.notRead(error.message)))
      } catch {}
    }
  }

  /// The sources' files; one that cannot be read is reported and left out.
  mutating func readSources() -> [SourceFile] {
    var files: [SourceFile] = []
    for found in folder.sources {
      do {
        let bytes = try self.bytes(found, limit: AppImport.sourceLimit, kind: tr("source files"))
        files.append(SourceFile(bytes, file: found.shown))
      } catch {
        report.assumptions.append(
          .init(file: found.shown, line: nil, text: ImportReport.notRead(error.message)))
      }
    }
    return files
  }

  mutating func build(base: Scenario, mainStoryboard: String?, mainSource: ImportReport.Line?) -> Scenario {
    readStoryboards()
    var code = CodeReader(readSources())
    var scenario = base
    let lookups = StoryboardLookups()
    let documents = self.documents
    let references: (String) -> (StoryboardDocument, String)? = { documents[$0] }
    let lookup: (String?, String?) -> Node? = { name, identifier in
      let candidates =
        name.map { documents[$0].map { [$0] } ?? [] } ?? documents.values.sorted { $0.1 < $1.1 }
      for (document, shown) in candidates {
        let start = identifier.flatMap { id in
          document.controllers.first(where: { $0.storyboardIdentifier == id })?.id
        }
        guard identifier == nil || start != nil else { continue }
        let tree = StoryboardTree(document, file: shown, start: start, references: references)
        lookups.trees.append(tree)
        return tree.root
      }
      return nil
    }

    // A segue performed by identifier: the tree it shows, push or present, and its style.
    let segue: (String) -> (node: Node, push: Bool, style: PresentationStyle?)? = { identifier in
      for (document, shown) in documents.values.sorted(by: { $0.1 < $1.1 }) {
        guard let found = document.segues.first(where: { $0.identifier == identifier }),
          let destination = document.controller(found.destination)
        else { continue }
        let tree = StoryboardTree(document, file: shown, start: found.destination, references: references)
        let push = ["show", "push"].contains(found.kind)
        return (
          tree.root ?? Node(className: "UIViewController"), push,
          StoryboardTree.style(found.presentationStyle ?? destination.presentationStyle)
        )
      }
      return nil
    }
    code.world = code.world(storyboard: lookup, segue: segue)
    code.world.idiomMask = base.system.idiomDefaultMask

    // The window's root: the code's assignment wins (it replaces the storyboard's at launch).
    var root: Node?
    var codeRootLine: (file: String, line: Int)?
    let rootChoice = code.codeRootChoice(storyboard: lookup)
    if let rootChoice {
      // The first launch's root: the flag is NO then (a flag the app sets later).
      root = rootChoice.no
      var yes = rootChoice.yes
      fillFromCode(&yes, code: code, lookup: lookup, depth: 0)
      scenario.rootIf = RootChoice(flag: rootChoice.flag, root: yes)
      report.facts.append(
        .init(
          file: rootChoice.file, line: rootChoice.line,
          text: tr(
            "the launch chooses the window's root by %s: modelled as the flag %s, NO at the first launch (%s); set it to launch with %s",
            rootChoice.condition, rootChoice.flag, Self.describe(rootChoice.no), Self.describe(yes))))
    } else if let (node, file, line) = code.codeRoot(storyboard: lookup) {
      root = node
      codeRootLine = (file, line)
      if let mainStoryboard {
        report.assumptions.append(
          .init(
            file: mainSource?.file ?? file, line: mainSource?.line,
            text: tr(
              "the main storyboard %s's initial controller is replaced by the code's root", mainStoryboard))
        )
      }
    } else if let name = mainStoryboard ?? mainCandidate() {
      if documents[name] != nil {
        root = lookup(name, nil)
        if mainStoryboard == nil, let (_, shown) = documents[name] {
          report.assumptions.append(
            .init(
              file: shown, line: nil, text: tr("no main storyboard is named: %s is taken as the app's", shown)
            )
          )
        }
      } else {
        report.assumptions.append(
          .init(
            file: mainSource?.file ?? name, line: mainSource?.line,
            text: tr("the main storyboard %s is not found in the folder: its controllers are not known", name)
          ))
      }
    }
    for tree in lookups.trees {
      report.facts += tree.report.facts
      report.assumptions += tree.report.assumptions
    }
    let factsBeforeCode = report.facts.count
    report.facts += code.report.facts
    report.assumptions += code.report.assumptions
    code.report = ImportReport()

    // Containers the code fills (`viewControllers = [...]` in a tab bar subclass).
    if var node = root {
      fillFromCode(&node, code: code, lookup: lookup, depth: 0)
      root = node
      if let (file, line) = codeRootLine {
        report.facts.insert(
          .init(file: file, line: line, text: tr("the code sets the window's root: %s", Self.describe(node))),
          at: min(report.facts.count, factsBeforeCode))
      }
    }
    // Windows the controllers make in code (a full-screen player's), hidden until shown.
    for made in code.world.codeWindows
    where !scenario.windows.contains(where: { $0.name == made.window.name }) {
      scenario.windows.append(made.window)
      report.facts.append(
        .init(
          file: made.file, line: made.line,
          text: tr(
            "%s.%s holds a window the code makes (%s), named %s in the scenario, hidden until the code shows it",
            made.owner, made.property, Self.describe(made.window.root), made.window.name)))
    }
    if let root {
      scenario.window = root
      usable = true
      let infoPlistNote = InfoPlistImport.rootNote
      report.assumptions.removeAll { $0.text == infoPlistNote }
    } else {
      report.assumptions.append(
        .init(
          file: folder.projects.first?.shown ?? ".", line: nil,
          text: tr("neither a storyboard nor the code names the window's root: UIKit's UIViewController")))
    }

    scenario.storyboards = storyboardScenes(
      code.files, lookup: lookup, references: references, lookups: lookups)

    // The classes: those in the tree and the segues' trees, then the code's other controllers.
    var kinds: [(name: String, kind: ControllerKind, external: Bool, line: ImportReport.Line?)] = []
    func add(_ name: String, _ kind: ControllerKind, external: Bool, line: ImportReport.Line?) {
      if !kinds.contains(where: { $0.name == name }) { kinds.append((name, kind, external, line)) }
    }
    for tree in lookups.trees {
      for seen in tree.classes {
        add(
          seen.name, seen.kind, external: seen.external,
          line: .init(file: seen.file, line: seen.line, text: ""))
      }
    }
    func walk(_ node: Node) {
      if let kind = code.kind(of: node.className) {
        add(node.className, Self.kind(of: node, default: kind), external: false, line: nil)
      }
      node.childNodes.forEach(walk)
    }
    walk(scenario.window)
    for name in code.order where code.isController(name) {
      add(name, code.kind(of: name) ?? .view, external: false, line: nil)
    }
    scenario.classes = []
    for entry in kinds {
      var spec = code.spec(entry.name, kind: entry.kind)
      let uikit = ControllerKind.uikitClasses[entry.name] != nil
      if uikit {
        // UIKit's own class: declared only when the app's extension or category changes it.
        guard spec.category != nil, Self.overridesAnything(spec) else { continue }
      } else if code.classes[entry.name] == nil {
        spec.external = entry.external
        spec.origin = entry.line.map { "\($0.file):\($0.line ?? 0)" }
        if entry.name.hasSuffix("StoryboardLink"), entry.kind == .container {
          // RBStoryboardLink.m: the linked scene answers shouldAutorotate and
          // supportedInterfaceOrientations; preferredInterfaceOrientationForPresentation is UIKit's.
          spec.shouldAutorotate = .forward(.child(0))
          spec.supportedInterfaceOrientations = .forward(.child(0))
        } else if !entry.external {
          report.assumptions.append(
            .init(
              file: entry.line?.file ?? ".", line: entry.line?.line,
              text: tr(
                "%s is named here but its code is not found (another module or a pod?): UIKit's defaults for %s",
                entry.name, entry.kind.phrase)))
        }
      }
      spec.delegate = code.delegateAnswers(entry.name, kind: entry.kind)
      if !entry.kind.hasOrientationDelegate {
        // Its answers as some container's delegate, once its code makes it one.
        spec.asDelegate =
          code.delegateAnswers(entry.name, kind: .navigation)
          ?? code.delegateAnswers(entry.name, kind: .tabBar)
      }
      scenario.classes.append(spec)
      usable = true
    }
    // UIKit's other controllers the code presents or pushes (an activity sheet, a Safari view):
    // declared as UIKit's, which fixes never edit.
    var named: [String] = []
    for spec in scenario.classes {
      for actions in spec.hooks.map(\.actions) + spec.methods.map(\.actions) {
        Self.controllersMade(by: actions, into: &named)
      }
    }
    for name in named
    where !scenario.classes.contains(where: { $0.name == name }) && ControllerKind.uikitClasses[name] == nil {
      var spec = ClassSpec(name: name, kind: code.kind(of: name) ?? .view)
      spec.external = code.classes[name] == nil
      scenario.classes.append(spec)
    }
    report.facts += code.report.facts
    report.assumptions += code.report.assumptions
    code.report = ImportReport()

    addSegueMethods(&scenario, code: code, trees: lookups.trees)
    // The app delegate and the flags the answers and actions use.
    if let delegate = code.appDelegate, !scenario.classes.contains(where: { $0.name == delegate.name }) {
      scenario.app.delegateClass = delegate.name
    }
    scenario.app.supportedInterfaceOrientationsForWindow = code.windowAnswer()
    let lockerMask = PluginCatalog.lockerMaskState
    if scenario.app.supportedInterfaceOrientationsForWindow == .read(lockerMask),
      !scenario.app.state.contains(where: { $0.name == lockerMask })
    {
      // The plugin's mask at launch; FrameworkImport declares the plugin when a manifest names it.
      scenario.app.state.append(
        StateVariable(name: lockerMask, value: .mask(PluginCatalog.reactNativeOrientationLocker.initialMask)))
    }
    scenario.app.unhooked = code.unhookedWindowQuestion
    noteSceneLifecycle(&scenario, code: code)
    var answering = Set(scenario.classes.filter { $0.asDelegate != nil }.map(\.name))
    if let delegate = appDelegateOfRoot(&scenario, code: &code) { answering.insert(delegate) }
    code.reportOtherDelegates(except: answering)
    report.facts += code.report.facts
    report.assumptions += code.report.assumptions
    // The app's functions the kept code calls, first: their reads of state count too.
    scenario.functions = code.functions(calledBy: scenario.codeBodies)
    var reads = StateUse(scenario)
    // What the code kept in the scenario reads or sets of the app's state and its properties.
    for name in code.stateNames(in: scenario.codeBodies) { reads.note(name) }
    addState(&scenario, code: code, reads: reads)
    let stateNames = Set(
      scenario.app.state.map(\.name) + scenario.classes.flatMap { $0.properties.map(\.name) })
    scenario.app.flags = []
    let unkept = Self.readWhereNotKept(scenario)
    for name in reads.names
    where (!stateNames.contains(name) || unkept.contains(name))
      && !scenario.app.flags.contains(where: { $0.name == name })
    {
      let flag = code.flags[name]
      scenario.app.flags.append(Flag(name: name, value: flag?.value ?? false))
      if let flag {
        let value = flag.value ? "YES" : "NO"
        let text =
          flag.owner.map {
            tr(
              "%s.%s, a property, is a flag, %s at launch (one value for every instance: the model's flags are the app's)",
              $0, name, value)
          } ?? tr("%s is a flag, %s at launch", name, value)
        report.facts.append(.init(file: flag.file, line: flag.line, text: text))
      }
    }
    // A class whose project base class holds a function the code calls lists the base in `isA`:
    // the run finds the function there, as Swift and Objective-C do (docs/scenario-format.md#code).
    let owners = Set(scenario.functions.compactMap { $0.name.split(separator: ".").first.map(String.init) })
    for index in scenario.classes.indices {
      for base in code.answering(scenario.classes[index].name).dropFirst().map(\.name)
      where owners.contains(base) && !scenario.classes[index].isA.contains(base) {
        scenario.classes[index].isA.append(base)
      }
    }
    return scenario
  }

  /// The classes of the controllers that `actions` push or present, in their branches too.
  static func controllersMade(by actions: [Action], into names: inout [String]) {
    func walk(_ node: Node) {
      if !names.contains(node.className) { names.append(node.className) }
      node.childNodes.forEach(walk)
    }
    for action in actions {
      switch action {
      case .push(let node), .present(let node, _): walk(node)
      case .when(_, let then, let otherwise): controllersMade(by: then + otherwise, into: &names)
      case .inWindow(_, let inner): controllersMade(by: [inner], into: &names)
      default: break
      }
    }
  }

  /// A storyboard with an initial controller that is not the launch screen: `Main` first.
  func mainCandidate() -> String? {
    let usable = documents.filter { !$0.value.0.launchScreen && $0.value.0.initialController != nil }
    if usable["Main"] != nil { return "Main" }
    return usable.keys.sorted().first
  }

  mutating func fillFromCode(
    _ node: inout Node, code: CodeReader, lookup: @escaping (String?, String?) -> Node?, depth: Int
  ) {
    guard depth < StoryboardTree.maximumDepth else { return }
    if node.childNodes.isEmpty, let kind = code.kind(of: node.className), code.classes[node.className] != nil
    {
      let children = code.ownChildren(node.className, storyboard: lookup)
      switch kind {
      case .tabBar: node.tabs = children
      case .navigation: node.stack = Array(children.suffix(1))
      case .container, .view: node.children = children  // a view controller that adds children is a container
      case .pageView: node.pages = Array(children.prefix(1))
      case .splitView, .alert: break
      }
      if node.childNodes.isEmpty, kind != .view, kind != .alert, let appClass = code.classes[node.className] {
        report.assumptions.append(
          .init(
            file: appClass.file, line: appClass.line,
            text: tr(
              "%s is %s whose children are not found (not in a storyboard, not a `viewControllers = [...]` or `addChild` of its own): it has none",
              node.className, kind.phrase)
          ))
      }
    }
    for index in node.stack.indices {
      fillFromCode(&node.stack[index], code: code, lookup: lookup, depth: depth + 1)
    }
    for index in node.tabs.indices {
      fillFromCode(&node.tabs[index], code: code, lookup: lookup, depth: depth + 1)
    }
    for index in node.children.indices {
      fillFromCode(&node.children[index], code: code, lookup: lookup, depth: depth + 1)
    }
  }

  /// A node's kind as its children show it (a view controller with children is a container).
  static func kind(of node: Node, default kind: ControllerKind) -> ControllerKind {
    kind == .view && !node.children.isEmpty ? .container : kind
  }

  static func overridesAnything(_ spec: ClassSpec) -> Bool {
    spec.shouldAutorotate != nil || spec.supportedInterfaceOrientations != nil
      || spec.preferredInterfaceOrientationForPresentation != nil || !spec.hooks.isEmpty
  }

  static func flags<T>(_ override: Override<T>) -> [String] {
    if case .value(let value) = override { return value.flags }
    return []
  }

  /// `UINavigationController(HomeVC)`, `MainTabs[A, B]`, `Container{Child}`.
  static func describe(_ node: Node) -> String {
    if !node.stack.isEmpty {
      return node.className + "(" + node.stack.map(describe).joined(separator: ", ") + ")"
    }
    if !node.tabs.isEmpty {
      return node.className + "[" + node.tabs.map(describe).joined(separator: ", ") + "]"
    }
    if !node.children.isEmpty {
      return node.className + "{" + node.children.map(describe).joined(separator: ", ") + "}"
    }
    return node.className
  }
}

extension Assembly {
  /// Names code reads or sets as Bools where no property of that name is kept: another class's
  /// per-instance property named in a class (or the app delegate) that lacks it. There UIKit's
  /// running controller has no such property, so the app's flag of that name answers
  /// (docs/scenario-format.md#state); it must be declared.
  static func readWhereNotKept(_ scenario: Scenario) -> Set<String> {
    let kept = Set(scenario.classes.flatMap { $0.properties.map(\.name) })
    let app = Set(scenario.app.state.map(\.name))
    var found: Set<String> = []
    var delegate = StateUse()
    delegate.nodes = false
    delegate.readApp(scenario.app)
    found.formUnion(delegate.names.filter { kept.contains($0) && !app.contains($0) })
    for spec in scenario.classes {
      var own = StateUse()
      own.nodes = false
      own.read(spec)
      let properties = Set(spec.properties.map(\.name))
      found.formUnion(own.names.filter { kept.contains($0) && !properties.contains($0) && !app.contains($0) })
    }
    return found
  }
}
