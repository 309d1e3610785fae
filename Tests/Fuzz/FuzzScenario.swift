// libFuzzer entry point for the scenario parser: every input must be accepted or refused with a
// ScenarioError, never crash, hang or overflow the stack. Built by Tests/Fuzz/run with
// `swiftc -sanitize=fuzzer,address` together with the core's sources. A scenario that loads is
// also checked against its expectations and diagnosed; the bytes are also read as an Info.plist,
// an Xcode project, a storyboard, Swift and Objective-C source (through our reader and through
// tree-sitter's grammars), and Dart and JavaScript.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  switch Result(catching: { () throws(ScenarioError) -> Scenario in try ScenarioDecoder.decode(bytes: bytes) }
  ) {
  case .success(let scenario):
    // A scenario that loads must run and survive a save and load: the saved text loads again as
    // the same scenario, and saving that gives the same text.
    // Its expectations are checked and its run diagnosed without a crash.
    let steps = Simulator.run(scenario)
    _ = Check.results(scenario, steps: steps)
    _ = Diagnosis.findings(scenario, steps: steps)
    let saved = ScenarioEncoder.text(scenario)
    do {
      let reloaded = try ScenarioDecoder.decode(text: saved)
      if reloaded != scenario { fatalError("saving and loading changed the scenario; saved text:\n\(saved)") }
      if ScenarioEncoder.text(reloaded) != saved { fatalError("saving again gives other text:\n\(saved)") }
    } catch {
      fatalError("a loaded scenario does not load after saving: \(error)\nsaved text:\n\(saved)")
    }
  case .failure(let error):
    _ = error.description
  }
  // The same bytes as an Info.plist and as an Xcode project: refused or read, never a crash (the
  // report's line scanners are ours; the property list decoder is FoundationEssentials').
  _ = try? InfoPlistImport.read(bytes, file: "Info.plist")
  _ = try? ProjectImport.read(bytes, file: "project.pbxproj", path: nil)
  // As a storyboard (libxml2's reader and our tree), and as Swift and Objective-C source (our
  // lexer, scanner and reader), assembled into a scenario that must load: a scenario the import
  // makes and the format refuses is the importer's bug.
  for name in ["Main.storyboard", "App.swift", "App.m"] {
    var folder = SourceFolder()
    let found = SourceFolder.Found(path: name, shown: name)
    if name.hasSuffix(".storyboard") { folder.storyboards = [found] } else { folder.sources = [found] }
    var assembly = Assembly(folder: folder)
    assembly.memory = [name: bytes]
    let base = Scenario(
      title: "fuzz", system: SystemConfig(version: SystemVersion("16.0")!, idiom: .phone, homeButton: true),
      device: DeviceConfig(orientation: .portrait, orientationLock: false), app: AppConfig(), classes: [],
      window: Node(className: "UIViewController"), steps: [.launch])
    let scenario = assembly.build(base: base, mainStoryboard: nil, mainSource: nil)
    do {
      try AppImport.verify(scenario, file: name)
    } catch {
      fatalError("\(error)\nscenario:\n\(ScenarioEncoder.text(scenario))")
    }
    _ = Simulator.run(scenario)
  }
  // Through tree-sitter (RotationSyntax): a tree whatever the bytes, each node inside its parent
  // and the root spanning the file.
  for language in SyntaxLanguage.allCases {
    let tree = SyntaxParser(language).parse(bytes)
    if tree.root.range.upperBound > bytes.count { fatalError("the root runs past the file") }
    for (index, node) in tree.nodes.enumerated() {
      guard let parent = node.parent else { continue }
      let outer = tree.nodes[parent].range
      if node.range.lowerBound < outer.lowerBound || node.range.upperBound > outer.upperBound
        || !tree.nodes[parent].children.contains(index)
      {
        fatalError("node \(index) (\(node.kind)) is not inside its parent \(parent)")
      }
    }
    _ = tree.descendants(kind: "class_declaration").map(tree.text)
  }
  // As the app's own code (issue #38): the bytes as a container's getters, a method and a function
  // of it, in both languages, lowered and run — notes and defaults, never a crash, a hang or a
  // stack overflow; and the scenario with the code survives a save and load.
  let text = String(decoding: bytes, as: UTF8.self)
  for language in CodeLanguage.allCases {
    let body = CodeBody(source: text, language: language, file: "Fuzz", line: 1)
    var container = ClassSpec(name: "FuzzVC", kind: .navigation)
    container.supportedInterfaceOrientations = .value(.code(body))
    container.shouldAutorotate = .value(.code(body))
    container.methods = [Method(name: "run", actions: [.code(body)])]
    var scenario = Scenario(
      title: "fuzz", system: SystemConfig(version: SystemVersion("13.0")!, idiom: .phone, homeButton: true),
      device: DeviceConfig(orientation: .portrait, orientationLock: false), app: AppConfig(),
      classes: [container, ClassSpec(name: "ChildVC", kind: .view)],
      window: Node(className: "FuzzVC", stack: [Node(className: "ChildVC")]),
      steps: [.launch, .call("run", on: "FuzzVC"), .rotateDevice(.landscapeLeft)])
    scenario.app.supportedInterfaceOrientationsForWindow = .code(body)
    scenario.functions = [(name: "FuzzVC.helper", body: body), (name: "helper", body: body)]
    _ = Simulator.run(scenario)
    let saved = ScenarioEncoder.text(scenario)
    guard let reloaded = try? ScenarioDecoder.decode(text: saved), reloaded == scenario else {
      fatalError("a scenario with code does not survive a save and load:\n\(saved)")
    }
  }
  // As Dart and as JavaScript (issue #30): the lexer and reader of a cross-platform app's code,
  // for a Flutter app and a React Native app with every plugin; the methods they add must load.
  for (name, framework) in [("main.dart", FrameworkName.flutter), ("App.tsx", .reactNative)] {
    var scenario = Scenario(
      title: "fuzz", system: SystemConfig(version: SystemVersion("16.0")!, idiom: .phone, homeButton: true),
      device: DeviceConfig(orientation: .portrait, orientationLock: false), app: AppConfig(), classes: [],
      window: Node(className: "UIViewController"), steps: [.launch])
    scenario.app.framework = Framework(name: framework, version: PackageVersion("3.22.0")!)
    // Every plugin that framework's app can declare (a pub package only in a Flutter app).
    scenario.app.plugins = PluginCatalog.all.filter {
      $0.name != "flutter" && $0.refusal(in: framework) == nil
    }.map {
      PluginUse(name: $0.name, version: PackageVersion("6.0.0")!)
    }
    var report = ImportReport()
    ScriptImport.read([(name, bytes)], into: &scenario, report: &report)
    do {
      try AppImport.verify(scenario, file: name)
    } catch {
      fatalError("\(error)\nscenario:\n\(ScenarioEncoder.text(scenario))")
    }
    scenario.steps += scenario.app.methods.prefix(8).map { .call($0.name, on: nil) }
    _ = Simulator.run(scenario)
  }
  return 0
}
