// MARK: - Design note
//
// The benchmarks measure what the issue bounds: simulation steps, scaling with the tree's size,
// loading, rendering, export against Graphviz, and (with a display) the real window's first frame,
// frame times and memory. Ratios are measured side by side in the same run, since machines are
// noisy; every figure prints its bound and whether it holds. Figures that need something the
// machine lacks (Graphviz, Xvfb) say so instead of a number.

import CCairo
import Foundation
import RotationCore
import RotationRender

/// One measured figure.
public struct Figure {
  public var name: String
  public var value: Double?
  public var unit: String
  public var bound: Double?
  public var note: String?

  public var holds: Bool? { value.flatMap { v in bound.map { v <= $0 } } }

  var line: String {
    guard let value else { return "\(name): unavailable (\(note ?? "not measured"))" }
    var text = "\(name): \(Bench.format(value)) \(unit)"
    if let bound { text += " (bound \(Bench.format(bound)) \(unit): \(holds! ? "holds" : "MISSED"))" }
    if let note { text += " — \(note)" }
    return text
  }
}

@MainActor
public enum Bench {
  nonisolated static func format(_ value: Double) -> String {
    if value >= 100 { return String(format: "%.0f", value) }
    if value >= 10 { return String(format: "%.1f", value) }
    return String(format: "%.3f", value)
  }

  /// Seconds since an arbitrary start, monotonic.
  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
  }

  static func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)]
  }

  /// The median of `repeats` timings of `body`, in seconds.
  static func time(repeats: Int, _ body: () -> Void) -> Double {
    var samples: [Double] = []
    for _ in 0..<repeats {
      let start = now()
      body()
      samples.append(now() - start)
    }
    return median(samples)
  }

  public static let usage = """
    Usage: rotation-lab-bench [--json] [--no-window] [--only PREFIX | --guard]

    Measures Rotation Lab's speed and prints one figure a line (`name: value unit`), each with its
    bound and whether it holds. Build it in release: swift run -c release rotation-lab-bench.

      --json          one JSON object instead
      --no-window     skip the figures of the real window (they need Xvfb and xdotool)
      --only PREFIX   only the groups whose figures start with PREFIX (first_frame, step_us, …)
      --guard         only the scaling figures, at ten times their bounds: a regression of a
                      step's cost with the tree's size fails, however noisy the machine (CI)
      -h, --help      show this help

    Exit status: 0 when every bound holds, 1 when one does not, 64 for a bad command line.
    """

  public static func main(_ arguments: [String]) -> Int32 {
    if arguments.contains("-h") || arguments.contains("--help") {
      print(usage)
      return 0
    }
    let known: Set<String> = ["--json", "--no-window", "--only", "--guard"]
    for (index, argument) in arguments.enumerated()
    where !known.contains(argument) && (index == 0 || arguments[index - 1] != "--only") {
      FileHandle.standardError.write(
        Data("rotation-lab-bench: unknown argument '\(argument)'\n\(usage)\n".utf8))
      return 64
    }
    let json = arguments.contains("--json")
    let skipWindow = arguments.contains("--no-window")
    // `--only PREFIX` runs the groups whose figures start with it (for profiling one figure).
    let only = arguments.firstIndex(of: "--only").flatMap {
      $0 + 1 < arguments.count ? arguments[$0 + 1] : nil
    }
    // `--guard`: the scaling figures alone, at ten times their bounds (what CI runs).
    let guarding = arguments.contains("--guard")
    func wanted(_ names: [String]) -> Bool {
      guard !guarding else { return false }
      return only.map { prefix in names.contains { $0.hasPrefix(prefix) } } ?? true
    }
    var figures: [Figure] = []
    if guarding { figures = scalingFigures(slack: 10) }
    if wanted(["step_us", "step_scaling_ratio", "observer_step_scaling_ratio", "load_100k_ms"]) {
      figures += simulationFigures()
    }
    if wanted(["render_full_ms", "render_device_ms", "render_tree_1000_ms"]) { figures += renderFigures() }
    if wanted(["export_vs_dot_ratio"]) { figures.append(exportVersusDot()) }
    if wanted(["fix_ms"]) { figures.append(fixFigure()) }
    if wanted(["code_step_us"]) { figures.append(codeFigure()) }
    if wanted(["import_1000_files_ms"]) { figures.append(importFigure()) }
    if !skipWindow, !guarding, wanted(["first_frame", "frame_p99", "rss_growth"]) {
      figures += WindowBench.figures()
    }
    if json {
      var members: [(key: String, value: JSONValue)] = []
      for figure in figures {
        var entry: [(key: String, value: JSONValue)] = [
          ("value", figure.value.map { .number(($0 * 1000).rounded() / 1000) } ?? .null),
          ("unit", .string(figure.unit)),
        ]
        if let bound = figure.bound { entry.append(("bound", .number(bound))) }
        if let holds = figure.holds { entry.append(("holds", .bool(holds))) }
        if let note = figure.note { entry.append(("note", .string(note))) }
        members.append((figure.name, .object(entry)))
      }
      print(JSONValue.object(members).serialized())
    } else {
      for figure in figures { print(figure.line) }
    }
    return figures.contains { $0.holds == false } ? 1 : 0
  }

  // MARK: - Simulation

  static var scenariosFolder: String {
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var folder = executable.deletingLastPathComponent()
    for _ in 0..<6 {
      let candidate = folder.appendingPathComponent("Assets/scenarios").path
      if FileManager.default.fileExists(atPath: candidate) { return candidate }
      folder = folder.deletingLastPathComponent()
    }
    return FileManager.default.currentDirectoryPath + "/Assets/scenarios"
  }

  static func bundled() -> [Scenario] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: scenariosFolder)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted().compactMap {
      try? ScenarioDecoder.load(path: scenariosFolder + "/" + $0)
    }
  }

  static func simulationFigures() -> [Figure] {
    let scenarios = bundled()
    // step_us: every bundled scenario's steps, replayed many times; the median per step.
    var perStep: [Double] = []
    for _ in 0..<200 {
      for scenario in scenarios {
        let start = now()
        let steps = Simulator.run(scenario)
        perStep.append((now() - start) / Double(max(steps.count, 1)))
      }
    }
    let stepMicros = median(perStep) * 1e6

    let largeText = GeneratedTree.text(controllers: 100_000)
    var loadSamples: [Double] = []
    for _ in 0..<3 {
      let start = now()
      _ = try? ScenarioDecoder.decode(text: largeText)
      loadSamples.append(now() - start)
    }
    return [
      Figure(
        name: "step_us", value: stepMicros, unit: "µs", bound: 20,
        note: "median per step, \(scenarios.count) bundled scenarios")
    ] + scalingFigures()
      + [
        Figure(
          name: "load_100k_ms", value: median(loadSamples) * 1000, unit: "ms", bound: 2000,
          note: "\(largeText.utf8.count) bytes")
      ]
  }

  /// How a step's cost grows with the tree: the same events on 10 and 100,000 controllers, and
  /// the cost of one observer's call with 40 and 4,000 controllers all observing. `slack`
  /// multiplies the bounds: `--guard` runs these alone at 10× for a noisy shared machine (CI).
  static func scalingFigures(slack: Double = 1) -> [Figure] {
    let small = GeneratedTree.scenario(controllers: 10)
    let large = try? ScenarioDecoder.decode(text: GeneratedTree.text(controllers: 100_000))
    let smallStep = stepTime(small)
    let largeStep = large.map(stepTime) ?? .infinity
    // Every page observes the device's notification, so a rotation runs one method per page: the
    // step's work grows with the observers by nature, and the figure is the cost of each one.
    let few = observerCallTime(GeneratedTree.scenario(controllers: 40, observing: true))
    let many = observerCallTime(GeneratedTree.scenario(controllers: 4_000, observing: true))
    return [
      Figure(
        name: "step_scaling_ratio", value: largeStep / smallStep, unit: "×", bound: 1.5 * slack,
        note: String(
          format: "%.2f µs per step on 100,000 controllers, %.2f µs on 10", largeStep * 1e6, smallStep * 1e6)),
      Figure(
        name: "observer_step_scaling_ratio", value: many.perCall / few.perCall, unit: "×", bound: 2 * slack,
        note: String(
          format: "%.2f µs per observer in a rotation with %d observing, %.2f µs with %d", many.perCall * 1e6,
          many.observers, few.perCall * 1e6, few.observers)),
    ]
  }

  /// The median time of a rotation step per observer it runs, after launch, and how many run.
  static func observerCallTime(_ scenario: Scenario) -> (perCall: Double, observers: Int) {
    var simulator = Simulator(scenario: scenario)
    _ = simulator.apply(.launch)
    var samples: [Double] = []
    var observers = 0
    for round in 0..<40 {
      let start = now()
      let step = simulator.apply(.rotateDevice(round % 2 == 0 ? .landscapeLeft : .portrait))
      let elapsed = now() - start
      observers = step.calls.filter { $0.selector == "orientationChanged" }.count
      samples.append(elapsed / Double(max(observers, 1)))
    }
    return (median(samples), observers)
  }

  /// The median time of one step of GeneratedTree's event loop, after launch.
  static func stepTime(_ scenario: Scenario) -> Double {
    var simulator = Simulator(scenario: scenario)
    _ = simulator.apply(.launch)
    let events = GeneratedTree.events
    var samples: [Double] = []
    for round in 0..<400 {
      let event = events[round % events.count]
      let start = now()
      _ = simulator.apply(event)
      samples.append(now() - start)
    }
    return median(samples)
  }

  // MARK: - Rendering

  static func renderFigures() -> [Figure] {
    guard let scenario = bundled().first(where: { $0.title.hasPrefix("Seed 000: present") }) else {
      return []
    }
    let steps = Simulator.run(scenario)
    let model = DiagramModel(scenario: scenario, steps: steps, index: 2)
    let full = renderTime(model, DiagramOptions(panel: .all, width: 1280), width: 1280, height: 800)
    let device = renderTime(
      model, DiagramOptions(panel: .device, showsTitle: false, showsLegend: false), width: 340, height: 480)
    let treeScenario = GeneratedTree.scenario(controllers: 1000)
    var simulator = Simulator(scenario: treeScenario)
    let treeModel = DiagramModel(scenario: treeScenario, step: simulator.apply(.launch), stepCount: 1)
    let treeHeight = TreePanel.height(for: treeModel)
    let tree = time(repeats: 5) {
      draw(width: 420, height: Int(treeHeight)) { canvas in
        TreePanel.draw(treeModel, on: canvas, in: Rect(x: 0, y: 0, width: 420, height: treeHeight))
      }
    }
    return [
      Figure(
        name: "render_full_ms", value: full * 1000, unit: "ms", bound: 8,
        note: "the whole diagram at 1280×800"),
      Figure(
        name: "render_device_ms", value: device * 1000, unit: "ms", bound: 2, note: "the device mockup alone"),
      Figure(
        name: "render_tree_1000_ms", value: tree * 1000, unit: "ms", bound: 50, note: "a 1,000-node tree"),
    ]
  }

  /// The median time to draw the diagram into one image surface (made once, outside the timing).
  static func renderTime(_ model: DiagramModel, _ options: DiagramOptions, width: Int, height: Int) -> Double
  {
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
    defer { cairo_surface_destroy(surface) }
    return time(repeats: 50) {
      let context = cairo_create(surface)!
      _ = Diagram.draw(model, options: options, on: Canvas(context: context))
      cairo_destroy(context)
      cairo_surface_flush(surface)
    }
  }

  /// Draws into an image surface of the given size.
  static func draw(width: Int, height: Int, _ body: (Canvas) -> Void) {
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
    let context = cairo_create(surface)!
    do { body(Canvas(context: context)) }
    cairo_destroy(context)
    cairo_surface_flush(surface)
    cairo_surface_destroy(surface)
  }

  // MARK: - Export against Graphviz

  static func exportVersusDot() -> Figure {
    let scenario = GeneratedTree.scenario(controllers: 100)
    var simulator = Simulator(scenario: scenario)
    let model = DiagramModel(scenario: scenario, step: simulator.apply(.launch), stepCount: 1)
    let options = DiagramOptions(panel: .tree, showsTitle: true, showsLegend: true)
    let ours = time(repeats: 5) { _ = try? Exporter.render(model, options: options, format: .png) }
    guard let dot = findExecutable("dot") else {
      return Figure(
        name: "export_vs_dot_ratio", value: nil, unit: "×", bound: 0.2,
        note: "Graphviz's dot is not installed")
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rl-bench-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("tree.dot")
    try? Data(DotExporter.dot(model).utf8).write(to: input)
    let theirs = time(repeats: 5) {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: dot)
      process.arguments = ["-Tpng", "-o", folder.appendingPathComponent("tree.png").path, input.path]
      try? process.run()
      process.waitUntilExit()
    }
    return Figure(
      name: "export_vs_dot_ratio", value: ours / theirs, unit: "×", bound: 0.2,
      note: String(
        format: "%.1f ms for our PNG, %.1f ms for dot -Tpng, 100 controllers", ours * 1000, theirs * 1000))
  }

  static func findExecutable(_ name: String) -> String? {
    for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
      let path = "\(folder)/\(name)"
      if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
  }
}

/// Generated scenarios of any size: deep stacks, wide tab bars and nested presentations.
public enum GeneratedTree {
  /// The events the scaling benchmark replays: rotations, a push and pop, a present and dismiss.
  public static let events: [Action] = [
    .rotateDevice(.landscapeLeft), .rotateDevice(.portrait), .push(Node(className: "Page")), .pop,
    .present(Node(className: "Sheet"), style: .fullScreen), .rotateDevice(.landscapeRight), .dismiss,
    .rotateDevice(.portrait),
  ]

  /// A tab bar root whose tabs are navigation stacks; sized to `controllers` in all.
  /// `observing`: every page observes UIDeviceOrientationDidChangeNotification with a method that
  /// does nothing but be called (the figure that measures what an observer costs).
  public static func text(controllers: Int, observing: Bool = false) -> String {
    let tabs = max(1, min(200, controllers / 50))
    let perTab = max(1, (controllers - 1) / tabs - 1)
    var tab = "{\"class\": \"Nav\", \"stack\": ["
    tab += Array(repeating: "{\"class\": \"Page\"}", count: perTab).joined(separator: ", ")
    tab += "]}"
    let tabsText = Array(repeating: tab, count: tabs).joined(separator: ",\n")
    return """
      {"format": "rotation-lab.scenario/1", "title": "Generated tree of \(controllers) controllers",
       "app": {"infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]},
       "classes": {"Tabs": {"kind": "tabBar", "supportedInterfaceOrientations": {"forwardTo": "selected"}},
                   "Nav": {"kind": "navigation", "supportedInterfaceOrientations": {"forwardTo": "top"}},
                   "Page": \(observing ? pageObserving : "{\"kind\": \"view\"}"), "Sheet": {"kind": "view", "supportedInterfaceOrientations": "allButUpsideDown"}},
       "window": {"root": {"class": "Tabs", "tabs": [\(tabsText)]}}}
      """
  }

  static let pageObserving = """
    {"kind": "view", "observes": {"UIDeviceOrientationDidChangeNotification": "orientationChanged"},
     "methods": {"orientationChanged": []}}
    """

  public static func scenario(controllers: Int, observing: Bool = false) -> Scenario {
    try! ScenarioDecoder.decode(text: text(controllers: controllers, observing: observing))
  }
}
