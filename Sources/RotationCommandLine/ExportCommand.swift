import FoundationEssentials
import RotationCore
import RotationRender

extension CommandLineTool {
  /// `rotation-lab export FILE …`: draws step diagrams and writes them atomically.
  static func export(_ arguments: [String]) -> CommandResult {
    let parsed: Arguments
    switch parse(
      arguments, command: "export", flags: ["--all-steps"],
      options: ["--step", "--output", "--format", "--panel", "--scale", "--width", "--theme"])
    {
    case .success(let value): parsed = value
    case .failure(let result): return result
    }
    func bad(_ message: String) -> CommandResult { usageError("export: \(message)", command: "export") }

    let output = parsed.values["--output"]
    var format = ExportFormat.png
    if let name = parsed.values["--format"] {
      guard let chosen = ExportFormat(rawValue: name.lowercased()) else {
        return bad(tr("--format expects png, svg, pdf or dot, not '%s'", name))
      }
      format = chosen
    } else if let output, output != "-", let fromName = ExportFormat(path: output) {
      format = fromName
    }
    var options = DiagramOptions()
    if let name = parsed.values["--panel"] {
      guard let panel = DiagramPanel(rawValue: name) else {
        return bad(tr("--panel expects tree, device, masks, calls or all, not '%s'", name))
      }
      options.panel = panel
    }
    var scale = 1.0
    if let text = parsed.values["--scale"] {
      guard let value = Double(text), value >= 0.25, value <= 8 else {
        return bad(tr("--scale expects a number from 0.25 to 8, not '%s'", text))
      }
      scale = value
    }
    if let text = parsed.values["--width"] {
      guard let value = Double(text), value >= 400, value <= 10_000 else {
        return bad(tr("--width expects a number of pixels from 400 to 10000, not '%s'", text))
      }
      options.width = value
    }
    if let name = parsed.values["--theme"] {
      guard let palette = [Palette.light, Palette.dark].first(where: { $0.name == name }) else {
        return bad(tr("--theme expects light or dark, not '%s'", name))
      }
      options.palette = palette
    }
    let allSteps = parsed.flags.contains("--all-steps")
    if allSteps && parsed.values["--step"] != nil {
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
    if let text = parsed.values["--step"] {
      guard let value = Int(text), (1...steps.count).contains(value) else {
        return bad(tr("--step expects a step from 1 to %s, not '%s'", steps.count, text))
      }
      indices = [value]
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
