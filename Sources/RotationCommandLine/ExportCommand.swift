import FoundationEssentials
import RotationCore
import RotationRender

extension CommandLineTool {
  enum ExportOptions {
    static let step = Option<Int>(
      "--step", "N", help: tr("the step to draw, from 1 (default: the last step)"),
      expects: tr("a step from 1"),
      accepts: { $0 >= 1 })
    static let allSteps = Flag("--all-steps", help: tr("one file per step: PATH-01.png, PATH-02.png, …"))
    static let output = Option<String>(
      path: "--output", "PATH",
      help: tr(
        "where to write; - writes to standard output\n(default: the scenario's name and the step, e.g. app-step3.png)"
      ))
    static let format = Option<ExportFormat>(
      "--format", "F",
      help: tr(
        "png, svg, pdf or dot (default: from PATH's extension, else png);\ndot writes the controller tree for Graphviz"
      ))
    static let panel = Option<DiagramPanel>(
      "--panel", "P", help: tr("tree, device, masks, calls or all (default: all)"))
    static let scale = Option<Double>(
      "--scale", "S", help: tr("pixel scale for PNG, e.g. 2 for HiDPI (default: 1)"),
      expects: tr("a number from 0.25 to 8"), accepts: { (0.25...8).contains($0) })
    static let width = Option<Double>(
      "--width", "W", help: tr("width of the full diagram in pixels (default: 1280)"),
      expects: tr("a number of pixels from 400 to 10000"), accepts: { (400...10_000).contains($0) })
    static let theme = Option<PaletteName>(
      "--theme", "T", help: tr("light (the default) or dark: the palette of a dark desktop"))
  }

  /// The palettes an export can be drawn in, by name.
  enum PaletteName: String, ArgumentChoice {
    case light, dark
    var palette: Palette { self == .dark ? .dark : .light }
  }

  static let exportCommand = Command(
    name: "export", operands: .one("FILE"),
    summary: tr("Draw a step's diagram as PNG, SVG or PDF, or the tree as Graphviz DOT."),
    about: tr(
      "Draws the diagram of a step: the controller tree, the device mockup, the mask intersection\nand the call order, with a title line and a legend."
    ),
    options: [
      ExportOptions.step.declaration, ExportOptions.allSteps.declaration, ExportOptions.output.declaration,
      ExportOptions.format.declaration, ExportOptions.panel.declaration, ExportOptions.scale.declaration,
      ExportOptions.width.declaration, ExportOptions.theme.declaration,
    ],
    footer: tr("Files are written atomically: a failed export leaves any existing file as it was."),
    run: export)

  /// `rotation-lab export FILE …`: draws step diagrams and writes them atomically.
  static func export(_ parsed: ParsedArguments) -> CommandResult {
    func bad(_ message: String) -> CommandResult { usageError("export: \(message)", command: "export") }
    let output = parsed[ExportOptions.output]
    var format = parsed[ExportOptions.format] ?? .png
    if !parsed.has(ExportOptions.format), let output, output != "-", let fromName = ExportFormat(path: output)
    {
      format = fromName
    }
    var options = DiagramOptions()
    if let panel = parsed[ExportOptions.panel] { options.panel = panel }
    let scale = parsed[ExportOptions.scale] ?? 1
    if let width = parsed[ExportOptions.width] { options.width = width }
    if let theme = parsed[ExportOptions.theme] { options.palette = theme.palette }
    let allSteps = parsed[ExportOptions.allSteps]
    if allSteps && parsed.has(ExportOptions.step) {
      return bad(tr("--step and --all-steps exclude each other"))
    }
    if allSteps && output == "-" {
      return bad(tr("--all-steps writes several files; it cannot write to standard output"))
    }

    let scenario: Scenario
    switch load(parsed.file) {
    case .success(let value): scenario = value
    case .failure(let result): return result
    }
    let steps = Simulator.run(scenario)
    var indices = [steps.count]
    if let step = parsed[ExportOptions.step] {
      guard step <= steps.count else {
        return bad(tr("--step expects a step from 1 to %s, not '%s'", steps.count, step))
      }
      indices = [step]
    }
    if allSteps { indices = Array(1...steps.count) }

    let base = PathName.deletingExtension(PathName.last(parsed.file))
    var written: [String] = []
    var standardOutput = Data()
    for index in indices {
      let model = DiagramModel(scenario: scenario, steps: steps, index: index)
      let bytes: [UInt8]
      do {
        bytes = try Exporter.render(model, options: options, format: format, scale: scale)
      } catch {
        return CommandResult(status: ExitStatus.cannotWrite, errors: "rotation-lab: export: \(error)\n")
      }
      if output == "-" {
        standardOutput.append(contentsOf: bytes)
        continue
      }
      let path = outputPath(
        output, base: base, index: index, count: steps.count, all: allSteps, format: format)
      do {
        try FileWriter.write(bytes, to: path)
      } catch {
        return CommandResult(status: ExitStatus.cannotWrite, errors: "rotation-lab: export: \(error)\n")
      }
      written.append(path)
    }
    if output == "-" {
      return CommandResult(status: ExitStatus.ok, binaryOutput: standardOutput)
    }
    return CommandResult(status: ExitStatus.ok, errors: written.map { tr("wrote %s", $0) + "\n" }.joined())
  }

  /// `diagram.png` for one step, `diagram-03.png` for each of several; by default the scenario's
  /// name and the step.
  static func outputPath(
    _ output: String?, base: String, index: Int, count: Int, all: Bool, format: ExportFormat
  ) -> String {
    let digits = String(count).count
    let number = String(repeating: "0", count: max(0, max(2, digits) - String(index).count)) + String(index)
    guard let output else {
      return all ? "\(base)-\(number).\(format.rawValue)" : "\(base)-step\(index).\(format.rawValue)"
    }
    guard all else { return output }
    let ext = PathName.pathExtension(output)
    let stem = ext.isEmpty ? output : PathName.deletingExtension(output)
    return "\(stem)-\(number).\(ext.isEmpty ? format.rawValue : ext)"
  }
}
