import FoundationEssentials
import RotationCore
import RotationRender

/// `rotation-lab fix FILE [--apply N] [--output PATH] [--json]`: the smallest edits that make the
/// scenario's expectations hold (or, without expectations, remove its exceptions and errors),
/// each proven by replaying the scenario with it, shown as the scenario change and as Swift and
/// Objective-C; `--apply N` writes the scenario with fix N, atomically.
extension CommandLineTool {
  enum FixOptions {
    static let apply = Option<Int>(
      "--apply", "N",
      help: tr(
        "write the scenario with fix N (from 1), atomically, to FILE-fixN.json or --output\n(the file is written anew: comments, members starting with _, are not kept)"
      ),
      expects: tr("a fix number from 1"), accepts: { $0 >= 1 })
    static let output = Option<String>(
      path: "--output", "PATH", help: tr("where --apply writes (FILE itself to replace it)"))
    static let json = Flag("--json", help: tr("print the fixes as one JSON document"))
  }

  static let fixCommand = Command(
    name: "fix", operands: .one("FILE"),
    summary: tr("Find the smallest edits that make the expectations hold, proven by replay."),
    about: tr(
      "Looks for the smallest changes that make every expectation of the scenario's \"expect\" list\nhold (without expectations: that remove its exceptions and errors), from the edits iOS\ndevelopers make: forward to a child, override or remove the preferred orientation, present\nfull screen, set UIRequiresFullScreen, call setNeedsUpdateOfSupportedInterfaceOrientations,\nreplace KVC forcing, change a mask, make the app delegate's mask follow a flag, return YES\nfrom shouldAutorotate. One edit at a time, then pairs; each is replayed, and kept only when\nthe goal holds with no new exception or error. Fixes are listed smallest first, each as the\nscenario change and the Swift and Objective-C to write."
    ),
    options: [FixOptions.apply.declaration, FixOptions.output.declaration, FixOptions.json.declaration],
    footer: tr(
      "Exit status: 0 when a fix is found (or nothing needs fixing), 1 when none is, 2 for a bad\nfile, 64 for a bad command line, 73 when --apply cannot write."
    ), run: fix)

  static func fix(_ parsed: ParsedArguments) -> CommandResult {
    let apply = parsed[FixOptions.apply]
    if parsed.has(FixOptions.output) && apply == nil {
      return usageError("fix: " + tr("--output is where --apply writes; give --apply N too"), command: "fix")
    }
    let scenario: Scenario
    switch load(parsed.file) {
    case .success(let value): scenario = value
    case .failure(let result): return result
    }
    let outcome = FixSearch.search(scenario)
    if let apply {
      guard outcome.fixes.indices.contains(apply - 1) else {
        return CommandResult(
          status: ExitStatus.expectationNotHeld,
          errors: "rotation-lab: "
            + tr("%s: there is no fix %s (%s found)", parsed.file, apply, outcome.fixes.count) + "\n")
      }
      // The user's file is not overwritten unless asked: by default the fix goes beside it.
      let path = parsed[FixOptions.output] ?? PathName.deletingExtension(parsed.file) + "-fix\(apply).json"
      do {
        try FileWriter.write(Array(ScenarioEncoder.text(outcome.fixes[apply - 1].scenario).utf8), to: path)
      } catch {
        return CommandResult(status: ExitStatus.cannotWrite, errors: "rotation-lab: \(error)\n")
      }
      let titles = outcome.fixes[apply - 1].edits.map(\.title).joined(separator: "; ")
      return CommandResult(status: ExitStatus.ok, output: tr("wrote %s: %s", path, titles) + "\n")
    }
    let status =
      outcome.alreadyHolds || !outcome.fixes.isEmpty ? ExitStatus.ok : ExitStatus.expectationNotHeld
    if parsed[FixOptions.json] {
      return CommandResult(status: status, output: json(outcome).serialized(indent: 0) + "\n")
    }
    return CommandResult(status: status, output: text(outcome, file: parsed.file))
  }

  static func text(_ outcome: FixOutcome, file: String) -> String {
    var out = tr("%s: the goal is that %s", file, outcome.goal) + "\n"
    if outcome.alreadyHolds { return out + tr("It already holds: nothing to fix.") + "\n" }
    let search = trn(
      "tried %s replay of a budget of %s", "tried %s replays of a budget of %s", outcome.tried, outcome.tried,
      outcome.budget)
    guard !outcome.fixes.isEmpty else {
      return out
        + tr("No fix found (%s): no single edit or pair of edits of the catalogue makes it hold.", search)
        + "\n"
    }
    out +=
      trn(
        "%s fix, smallest first (%s):", "%s fixes, smallest first (%s):", outcome.fixes.count,
        outcome.fixes.count, search)
      + "\n"
    for (number, fix) in outcome.fixes.enumerated() {
      out += "\n\(number + 1). " + fix.edits.map(\.title).joined(separator: " + ") + "\n"
      if !fix.unmentionedChanges.isEmpty {
        out +=
          "   "
          + trn(
            "also changes step %s, which no expectation mentions: check that it should",
            "also changes steps %s, which no expectation mentions: check that they should",
            fix.unmentionedChanges.count, fix.unmentionedChanges.map(String.init).joined(separator: ", "))
          + "\n"
      }
      for edit in fix.edits {
        if !edit.why.isEmpty {
          out +=
            "   " + tr("why: %s", edit.why) + (edit.rule.map { " (docs/rules.md#\($0.anchor))" } ?? "") + "\n"
        }
        out += "   " + tr("scenario: %s", edit.change) + "\n"
        out += "   Swift:\n" + indented(edit.swift, by: 6)
        out += "   Objective-C:\n" + indented(edit.objectiveC, by: 6)
      }
    }
    return out
  }

  static func indented(_ text: String, by spaces: Int) -> String {
    let pad = String(repeating: " ", count: spaces)
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { pad + $0 }.joined(
      separator: "\n") + "\n"
  }

  static func json(_ outcome: FixOutcome) -> JSONValue {
    .object([
      ("goal", .string(outcome.goal)), ("alreadyHolds", .bool(outcome.alreadyHolds)),
      ("tried", .number(Double(outcome.tried))), ("budget", .number(Double(outcome.budget))),
      (
        "fixes",
        .array(
          outcome.fixes.map { fix in
            .object([
              ("changesUnmentionedSteps", .array(fix.unmentionedChanges.map { .number(Double($0)) })),
              (
                "edits",
                .array(
                  fix.edits.map { edit in
                    .object([
                      ("title", .string(edit.title)), ("change", .string(edit.change)),
                      ("why", .string(edit.why)), ("rule", edit.rule.map { .string($0.anchor) } ?? .null),
                      ("swift", .string(edit.swift)),
                      ("objectiveC", .string(edit.objectiveC)),
                    ])
                  })
              ),
            ])
          })
      ),
    ])
  }
}
