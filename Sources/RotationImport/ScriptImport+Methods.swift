// The fuzzer compiles the core and this module as one module, without RotationCore.
#if canImport(RotationCore)
  import RotationCore
#endif

/// The functions read from a cross-platform app's files, made into app methods: calls resolved by
/// name, the functions that matter found (those that reach an orientation call, or set a Bool an
/// `if` around one reads), branches as `if` actions over app flags or the method's arguments.
struct ScriptProgram {
  var functions: [ScriptFunction]
  let existing: Set<String>
  /// Declared values of the Bool fields (`bool _isFullScreen = false;`).
  var defaults: [String: Bool] = [:]
  var byName: [String: ScriptFunction] = [:]
  var lastSegments: [String: [String]] = [:]
  /// Per function, each call as written → the function it reaches.
  var targets: [String: [String: String]] = [:]
  /// The flags the kept conditions read, with their first value and what the source writes.
  var flags: [(name: String, value: Bool, file: String, line: Int, written: String?)] = []
  /// React Native's Modals by their file and the value that shows them (`modalKey`): only that
  /// file's functions show them, as a component's state is its own.
  var modals: [String: ScriptModal] = [:]
  /// The Modals a kept method shows or hides.
  var modalsUsed: [ScriptModal] = []

  init(functions: [ScriptFunction], existing: Set<String>) {
    self.functions = functions
    self.existing = existing
    byName = Dictionary(functions.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    for function in functions {
      lastSegments[String(function.name.split(separator: ".").last ?? ""), default: []].append(function.name)
    }
    for function in functions {
      for case .call(let written, _, _) in Self.flattened(function.steps) {
        if let target = resolve(written, from: function.name) {
          targets[function.name, default: [:]][written] = target
        }
      }
    }
  }

  /// Every step, branches' steps in place.
  static func flattened(_ steps: [ScriptStep]) -> [ScriptStep] {
    steps.flatMap { step -> [ScriptStep] in
      if case .branch(_, let then, let other, _) = step { return [step] + flattened(then) + flattened(other) }
      return [step]
    }
  }

  /// The function a call reaches: the caller's own scopes first, then the top level, then the one
  /// function of that name across the project.
  func resolve(_ written: String, from caller: String) -> String? {
    var parts = written.split(separator: ".").map(String.init)
    if ["this", "self"].contains(parts.first), parts.count > 1 { parts.removeFirst() }
    if parts.count == 1 {
      var prefix = caller.split(separator: ".").map(String.init)
      while true {
        let candidate = (prefix + parts).joined(separator: ".")
        if byName[candidate] != nil, candidate != caller { return candidate }
        if prefix.isEmpty { return nil }
        prefix.removeLast()
      }
    }
    if byName[parts.joined(separator: ".")] != nil { return parts.joined(separator: ".") }
    if let only = lastSegments[parts.last!], only.count == 1 { return only[0] }
    return nil
  }

  /// The names the branches around orientation work read.
  func conditionNames(_ steps: [ScriptStep]) -> Set<String> {
    var names: Set<String> = []
    for case .branch(let condition, let then, let other, _) in Self.flattened(steps) {
      guard case .flag(let name, _) = condition, !Self.isEmpty(then + other) else { continue }
      names.insert(name)
    }
    return names
  }

  static func isEmpty(_ steps: [ScriptStep]) -> Bool {
    flattened(steps).allSatisfy { if case .branch = $0 { return true } else { return false } }
  }

  /// The functions that reach an orientation call, or set a Bool a condition reads, with their
  /// callers.
  func relevant() -> Set<String> {
    // A plugin's call, or showing or hiding a Modal, is orientation work.
    var kept = Set(
      functions.filter { function in
        Self.flattened(function.steps).contains {
          switch $0 {
          case .plugin: return true
          case .assign(let name, _, _): return modals[Self.modalKey(function.file, name)] != nil
          default: return false
          }
        }
      }
      .map(\.name))
    var grew = true
    while grew {
      grew = false
      let read = functions.filter { kept.contains($0.name) }.reduce(into: Set<String>()) {
        $0.formUnion(conditionNames($1.steps))
      }
      for function in functions where !kept.contains(function.name) {
        let steps = Self.flattened(function.steps)
        let calls = steps.contains { step in
          guard case .call(let written, _, _) = step, let target = targets[function.name]?[written] else {
            return false
          }
          return kept.contains(target)
        }
        let sets = steps.contains {
          if case .assign(let name, _, _) = $0 { return read.contains(name) } else { return false }
        }
        if calls || sets {
          kept.insert(function.name)
          grew = true
        }
      }
    }
    return kept
  }

  mutating func build(into scenario: inout Scenario, report: inout ImportReport) {
    let kept = relevant()
    let read = functions.filter { kept.contains($0.name) }.reduce(into: Set<String>()) {
      $0.formUnion(conditionNames($1.steps))
    }
    for function in functions where kept.contains(function.name) {
      guard !existing.contains(function.name) else {
        report.assumptions.append(
          .init(
            file: function.file, line: function.line,
            text: tr("%s: the app delegate already has a method of this name: not imported", function.name)))
        continue
      }
      var said: [String] = []
      let actions = self.actions(
        function.steps, in: function, kept: kept, read: read, said: &said, report: &report)
      scenario.app.methods.append(Method(name: function.name, actions: actions))
      report.facts.append(
        .init(
          file: function.file, line: function.line,
          text: tr(
            "%s calls %s: imported as a method, run with {\"call\": \"%s\"}", function.name,
            said.isEmpty ? "-" : said.joined(separator: ", "), function.name)))
      ScriptImport.reportUnawaited(
        function, targets: targets[function.name] ?? [:], reaching: kept, into: &report)
    }
    addModalController(into: &scenario, report: &report, used: modalsUsed)
    for flag in flags
    where !scenario.app.flags.contains(where: { $0.name == flag.name })
      && !scenario.app.state.contains(where: { $0.name == flag.name })
    {
      scenario.app.flags.append(Flag(name: flag.name, value: flag.value))
      report.facts.append(
        .init(
          file: flag.file, line: flag.line,
          text: flag.written.map {
            tr(
              "the condition %s is not read: it is the app flag %s, %s until a step sets it", $0, flag.name,
              flag.value ? "true" : "false")
          }
            ?? tr(
              "%s is an app flag, %s at launch: the branches that read it follow it", flag.name,
              flag.value ? "true" : "false")))
    }
  }

  /// The steps as the model's actions.
  mutating func actions(
    _ steps: [ScriptStep], in function: ScriptFunction, kept: Set<String>, read: Set<String>,
    said: inout [String],
    report: inout ImportReport
  ) -> [Action] {
    var actions: [Action] = []
    for step in steps {
      switch step {
      case .plugin(let call, _, _):
        actions.append(.plugin(call))
        said.append(call.call)
      case .call(let written, let args, let line):
        guard let target = targets[function.name]?[written], kept.contains(target) else { continue }
        if args == nil {
          report.assumptions.append(
            .init(
              file: function.file, line: line,
              text: tr("%s: its arguments are not literals: called without them", target + "()")))
        }
        actions.append(.call(target, on: nil, args: args ?? []))
        said.append(target)
      case .assign(let name, let value, _):
        if let modal = modals[Self.modalKey(function.file, name)] {
          // A Modal starts hidden: one that starts shown is presented on mount, which is not read.
          keepFlag(name, value: false, file: modal.file, line: modal.line, written: nil)
          actions += modalSteps(modal, shown: value)
          said.append(
            value.map { $0 ? "Modal(\(name)) shown" : "Modal(\(name)) hidden" } ?? "Modal(\(name)) toggled")
          if !modalsUsed.contains(modal) { modalsUsed.append(modal) }
          continue
        }
        guard read.contains(name) else { continue }
        actions.append(value.map { .setFlag(name, $0) } ?? .toggle(name))
      case .branch(let condition, let then, let other, let line):
        if case .constant(let truth) = condition {
          // Known before the app runs: only the branch iOS takes.
          actions += self.actions(
            truth ? then : other, in: function, kept: kept, read: read, said: &said, report: &report)
          continue
        }
        let yes = self.actions(then, in: function, kept: kept, read: read, said: &said, report: &report)
        let no = self.actions(other, in: function, kept: kept, read: read, said: &said, report: &report)
        guard !yes.isEmpty || !no.isEmpty else { continue }
        switch condition {
        case .constant: continue
        case .flag(let name, let negated):
          keepFlag(name, value: defaults[name] ?? true, file: function.file, line: line, written: nil)
          actions.append(.when(negated ? .not(.flag(name)) : .flag(name), then: yes, else: no))
        case .argument(let index, let value, let negated):
          let test = Condition.argument(index, value)
          actions.append(.when(negated ? .not(test) : test, then: yes, else: no))
        case .interface(let list, let negated):
          let test = Condition.interface(list)
          actions.append(.when(negated ? .not(test) : test, then: yes, else: no))
          report.facts.append(
            .init(
              file: function.file, line: line,
              text: tr(
                "this if tests the layout's orientation: its first branch runs while the interface is %s",
                (negated
                  ? InterfaceOrientation.allCases.filter { $0 != .unknown && !list.contains($0) } : list)
                  .map(\.name).joined(separator: tr(" or ")))))
        case .unread(let written):
          let name = String(function.name.map { $0 == "." ? "_" : $0 }) + "_if\(line)"
          keepFlag(name, value: true, file: function.file, line: line, written: written)
          actions.append(.when(.flag(name), then: yes, else: no))
        }
      }
    }
    return actions
  }

  mutating func keepFlag(_ name: String, value: Bool, file: String, line: Int, written: String?) {
    guard !flags.contains(where: { $0.name == name }), ScenarioDecoder.isIdentifier(name) else { return }
    flags.append((name, value, file, line, written))
  }
}
