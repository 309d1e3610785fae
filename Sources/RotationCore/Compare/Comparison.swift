/// One scenario run under several system versions, step by step: which calls vanish, which
/// orientations, exceptions and errors change. The first system is the reference.
public struct Comparison: Sendable {
  public struct Run: Sendable {
    public var system: SystemVersion
    public var profile: BehaviourProfile
    public var scenario: Scenario
    public var steps: [Step]
    /// How the run is named in differences: "iOS 16.0", or "before" / "after" for a fix.
    public var label: String = ""
  }

  /// How one step differs across the runs.
  public struct StepDifference: Sendable {
    public var index: Int
    public var event: Action
    /// The step of each run, in the order of `systems`.
    public var steps: [Step]
    /// For each run, the distinct `-[Class selector]` it made that the reference did not (index 0:
    /// what only the reference made, compared with the second run).
    public var onlyIn: [[String]]
    /// Sentences such as "interface landscapeLeft on iOS 15, portrait on iOS 16", as data.
    public var differences: [Phrase]

    public var same: Bool { differences.isEmpty }

    /// One line: "same", or what differs.
    public var summary: Phrase {
      same ? say("same") : say("differs: %s", differences.joined(pairwise: { say("%s; %s", $0, $1) }))
    }
  }

  public var title: String
  public var runs: [Run]
  public var steps: [StepDifference]

  public var differingSteps: [Int] { steps.filter { !$0.same }.map(\.index) }

  /// Runs `scenario` once per system version (its `system.version` replaced) and compares the runs.
  public init(scenario: Scenario, systems: [SystemVersion]) {
    title = scenario.title
    let made = systems.map { version in
      var variant = scenario
      variant.system.version = version
      return Run(
        system: version, profile: variant.system.profile, scenario: variant, steps: Simulator.run(variant),
        label: Self.name(version))
    }
    runs = made
    let count = made.map(\.steps.count).min() ?? 0
    steps = (0..<count).map { index in Self.compare(made, at: index) }
  }

  /// Two or more scenarios run as they are, named by `labels` (a scenario and its fix:
  /// "before", "after").
  public init(_ scenarios: [(label: String, scenario: Scenario)]) {
    title = scenarios.first?.scenario.title ?? ""
    let made = scenarios.map { label, scenario in
      Run(
        system: scenario.system.version, profile: scenario.system.profile, scenario: scenario,
        steps: Simulator.run(scenario), label: label)
    }
    runs = made
    let count = made.map(\.steps.count).min() ?? 0
    steps = (0..<count).map { index in Self.compare(made, at: index) }
  }

  static func name(_ version: SystemVersion) -> String { "iOS \(version.text)" }

  static func compare(_ runs: [Run], at index: Int) -> StepDifference {
    let steps = runs.map { $0.steps[index] }
    let signatures = steps.map { Set($0.calls.map(\.signature)) }
    func ordered(_ step: Step, _ keep: Set<String>) -> [String] {
      var seen = Set<String>()
      return step.calls.map(\.signature).filter { keep.contains($0) && seen.insert($0).inserted }
    }
    var onlyIn: [[String]] = []
    for (position, step) in steps.enumerated() {
      let others = position == 0 ? (signatures.count > 1 ? signatures[1] : []) : signatures[0]
      onlyIn.append(ordered(step, signatures[position].subtracting(others)))
    }
    var differences: [Phrase] = []
    let names = runs.map(\.label)
    func describe(_ values: [Phrase]) -> Phrase {
      zip(values, names).map { say("%s on %s", $0, $1) }.joined(pairwise: { say("%s, %s", $0, $1) })
    }
    func verbatim(_ text: String) -> Phrase { Phrase(verbatim: text) }
    // What differs (compared by value), and the sentence that says how.
    for (value, sentence) in [
      (
        { (step: Step) in verbatim(step.interfaceOrientation.name) },
        { (text: Phrase) in say("interface %s", text) }
      ),
      (
        { (step: Step) in verbatim(step.deviceOrientation.name) },
        { (text: Phrase) in say("device %s", text) }
      ),
      ({ (step: Step) in verbatim(step.status.rawValue) }, { (text: Phrase) in say("status %s", text) }),
      (
        { (step: Step) in step.exception.map { verbatim($0.name) } ?? say("none") },
        { (text: Phrase) in say("exception %s", text) }
      ),
      (
        { (step: Step) in step.error.map { say("code %s", $0.code) } ?? say("none") },
        { (text: Phrase) in say("error %s", text) }
      ),
    ] as [((Step) -> Phrase, (Phrase) -> Phrase)] {
      let values = steps.map(value)
      if Set(values).count > 1 { differences.append(sentence(describe(values))) }
    }
    for (position, calls) in onlyIn.enumerated() where !calls.isEmpty {
      differences.append(
        position == 0
          ? sayn(
            "%s call vanishes on %s", "%s calls vanish on %s", calls.count, calls.count,
            names.count > 1 ? names[1] : "")
          : sayn(
            "%s call appears only on %s", "%s calls appear only on %s", calls.count, calls.count,
            names[position]))
    }
    if Set(steps.map(\.console)).count > 1 { differences.append(say("console differs")) }
    if Set(steps.map(\.deprecations)).count > 1 { differences.append(say("deprecations differ")) }
    return StepDifference(
      index: index + 1, event: steps[0].event, steps: steps, onlyIn: onlyIn, differences: differences)
  }

  // MARK: - Output

  /// The comparison as text: a line per step, with the calls and console lines that differ below.
  public func text() -> String {
    let names = runs.map { Self.name($0.system) }
    var out = "# \(title)\n"
    out +=
      tr(
        "# comparing %s",
        runs.map { tr("%s (%s)", Self.name($0.system), $0.profile.summary) }
          .joined(pairwise: { tr("%s and %s", $0, $1) })) + "\n"
    for step in steps {
      out += "\n" + tr("Step %s: %s — %s", step.index, step.event.label, step.summary.text) + "\n"
      guard !step.same else { continue }
      for (position, calls) in step.onlyIn.enumerated() where !calls.isEmpty {
        out += "    " + tr("only on %s: %s", names[position], calls.joined(separator: ", ")) + "\n"
      }
      for (position, run) in step.steps.enumerated() {
        for line in run.console
        where !step.steps.enumerated().allSatisfy({
          $0.offset == position || $0.element.console.contains(line)
        }) {
          out += "    " + tr("console on %s: %s", names[position], line.text) + "\n"
        }
        if let error = run.error {
          out += "    " + tr("error on %s: %s", names[position], error.description) + "\n"
        }
        if let exception = run.exception {
          out +=
            "    " + tr("exception on %s: %s: %s", names[position], exception.name, exception.reason) + "\n"
        }
        for note in run.deprecations {
          out += "    " + tr("deprecated on %s: %s", names[position], note.text) + "\n"
        }
      }
    }
    let differing = differingSteps
    out +=
      "\n"
      + (differing.isEmpty
        ? tr("%s of %s steps differ", differing.count, steps.count)
        : tr(
          "%s of %s steps differ: %s", differing.count, steps.count,
          differing.map(String.init).joined(separator: ", "))) + "\n"
    return out
  }

  /// The comparison as one JSON document.
  public func json() -> String {
    let names = runs.map { $0.system.text }
    let document: JSONValue = .object([
      ("format", .string("rotation-lab.compare/1")),
      ("title", .string(title)),
      (
        "systems",
        .array(
          runs.map {
            .object([("version", .string($0.system.text)), ("profile", .string($0.profile.rawValue))])
          })
      ),
      (
        "steps",
        .array(
          steps.map { step in
            .object([
              ("index", .number(Double(step.index))),
              ("event", ScenarioEncoder.encode(step.event)),
              ("same", .bool(step.same)),
              ("summary", .string(step.summary.text(.machine))),
              (
                "runs",
                .array(
                  zip(names, step.steps).map { name, run in
                    .object([
                      ("system", .string(name)),
                      ("status", .string(run.status.rawValue)),
                      ("deviceOrientation", .string(run.deviceOrientation.name)),
                      ("interfaceOrientation", .string(run.interfaceOrientation.name)),
                      ("calls", .array(run.calls.map { .string($0.signature) })),
                      ("console", .array(run.console.map { .string($0.text(.machine)) })),
                      (
                        "exception",
                        run.exception.map {
                          .object([("name", .string($0.name)), ("reason", .string($0.reason))])
                        }
                          ?? .null
                      ),
                      ("error", run.error.map { .string($0.description) } ?? .null),
                    ])
                  })
              ),
              ("onlyIn", .object(zip(names, step.onlyIn).map { ($0, .array($1.map(JSONValue.string))) })),
            ])
          })
      ),
      ("differingSteps", .array(differingSteps.map { .number(Double($0)) })),
    ])
    return document.serialized() + "\n"
  }
}
