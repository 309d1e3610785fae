// The fuzzer compiles the core and this module as one module, without RotationCore.
#if canImport(RotationCore)
  import RotationCore
#endif

/// A cross-platform app's own code (issue #30, docs/import.md#dart-and-javascript): the Dart,
/// JavaScript and TypeScript files beside its `ios/` folder, read by `ScriptLexer` and
/// `ScriptReader` for the calls of the orientation plugins the app declares and the functions
/// that reach them. Each such function becomes an app method under its qualified name, runnable
/// as `{"call": NAME}`, with `{"arg": N}` where it passes its parameter on. Calls are resolved
/// by name: inside the caller's class or component first, then the file's top level, then a
/// method of that name that only one class has (`_service.landscape()`). What the model cannot
/// run is reported, never guessed: look-alikes (a bare `DeviceOrientation.landscapeLeft;`, a
/// call left in a comment, a function named without parentheses), arguments that are not
/// literals, and calls not awaited with more orientation work after them.
enum ScriptImport {
  /// Platform folders and other people's code, besides `SourceFolder.skipped`.
  static let skippedFolders: Set<String> = [
    "ios", "android", "macos", "linux", "windows", "web", "test", "__tests__", "platforms", "plugins",
    "coverage", "dist",
  ]
  static let maximumFiles = 2_000

  static func language(of name: String) -> ScriptLexer.Language? {
    if name.hasSuffix(".dart") { return .dart }
    if name.hasSuffix(".d.ts") || name.hasSuffix(".min.js") { return nil }
    let endings = [".js", ".jsx", ".ts", ".tsx", ".mjs"]
    return endings.contains(where: name.hasSuffix) ? .javaScript : nil
  }

  /// Reads the scripts under `base` into `result`'s app methods and report.
  static func apply(base: String, to result: inout ImportResult) {
    let declared = declaredPlugins(result.scenario.app)
    guard !declared.isEmpty else { return }
    let folder = SourceFolder(root: base, skipping: skippedFolders)
    // A web app built into www/ keeps its source in src/: the build is not the app's code.
    let hasSource = folder.scripts.contains { $0.shown.hasPrefix("src/") }
    var files: [(shown: String, bytes: [UInt8])] = []
    for found in folder.scripts.prefix(maximumFiles) where !(hasSource && found.shown.hasPrefix("www/")) {
      guard let bytes = try? SourceFolder.read(found.path, shown: found.shown, kind: "source") else {
        result.report.assumptions.append(
          .init(file: found.shown, line: nil, text: ImportReport.notRead(tr("too large or unreadable"))))
        continue
      }
      files.append((found.shown, bytes))
    }
    read(files, into: &result.scenario, report: &result.report)
  }

  static func declaredPlugins(_ app: AppConfig) -> Set<String> {
    var names = Set(app.plugins.map(\.name))
    if app.framework?.name == .flutter { names.insert(PluginCatalog.flutter.name) }
    return names
  }

  /// The functions of `files` that reach an orientation call, added to `scenario.app.methods`.
  static func read(
    _ files: [(shown: String, bytes: [UInt8])], into scenario: inout Scenario, report: inout ImportReport
  ) {
    let declared = declaredPlugins(scenario.app)
    var functions: [ScriptFunction] = []
    var unknown: [(file: String, package: String)] = []
    for (shown, bytes) in files {
      guard let language = language(of: shown) else { continue }
      let reader = ScriptReader(
        bytes: bytes, language: language, file: shown, apis: ScriptAPIs(declared: declared))
      report.assumptions += reader.findings
      unknown += reader.apis.unknownPackages.map { (shown, $0) }
      for function in reader.functions where !functions.contains(where: { $0.name == function.name }) {
        functions.append(function)
      }
    }
    for (file, package) in unknown {
      report.assumptions.append(
        .init(
          file: file, line: nil,
          text: PluginCatalog.plugin(named: package) == nil
            ? tr(
              "imports %s, an orientation package the model does not know: its calls are not modelled",
              package)
            : tr("imports %s, which the manifest does not declare: its calls are not modelled", package)))
    }
    let byName = Dictionary(functions.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    let resolved = resolveCalls(functions, byName: byName)
    let reaching = reachingFunctions(functions, resolved: resolved)
    let existing = Set(scenario.app.methods.map(\.name))
    for function in functions where reaching.contains(function.name) {
      guard !existing.contains(function.name) else {
        report.assumptions.append(
          .init(
            file: function.file, line: function.line,
            text: tr("%s: the app delegate already has a method of this name: not imported", function.name)))
        continue
      }
      var actions: [Action] = []
      var said: [String] = []
      for (position, step) in function.steps.enumerated() {
        switch step {
        case .plugin(let call, _, _):
          actions.append(.plugin(call))
          said.append(call.call)
        case .call(_, let args, let line):
          guard let target = resolved[function.name]?[position], reaching.contains(target) else { continue }
          if args == nil {
            report.assumptions.append(
              .init(
                file: function.file, line: line,
                text: tr("%s: its arguments are not literals: called without them", target + "()")))
          }
          actions.append(.call(target, on: nil, args: args ?? []))
          said.append(target)
        }
      }
      scenario.app.methods.append(Method(name: function.name, actions: actions))
      report.facts.append(
        .init(
          file: function.file, line: function.line,
          text: tr(
            "%s calls %s: imported as a method, run with {\"call\": \"%s\"}", function.name,
            said.joined(separator: ", "), function.name)))
      reportUnawaited(function, resolved: resolved[function.name] ?? [:], reaching: reaching, into: &report)
    }
  }

  /// Each call step's target, by the function and the step's position.
  static func resolveCalls(_ functions: [ScriptFunction], byName: [String: ScriptFunction]) -> [String: [Int:
    String]]
  {
    var lastSegments: [String: [String]] = [:]
    for function in functions {
      lastSegments[String(function.name.split(separator: ".").last ?? ""), default: []].append(function.name)
    }
    var resolved: [String: [Int: String]] = [:]
    for function in functions {
      for (position, step) in function.steps.enumerated() {
        guard case .call(let written, _, _) = step else { continue }
        var parts = written.split(separator: ".").map(String.init)
        if ["this", "self"].contains(parts.first), parts.count > 1 { parts.removeFirst() }
        var target: String?
        if parts.count == 1 {
          // The caller's own scopes, innermost first, then the top level.
          var prefix = function.name.split(separator: ".").map(String.init)
          while target == nil {
            let candidate = (prefix + parts).joined(separator: ".")
            if byName[candidate] != nil, candidate != function.name { target = candidate }
            if prefix.isEmpty { break }
            prefix.removeLast()
          }
        } else if byName[parts.joined(separator: ".")] != nil {
          target = parts.joined(separator: ".")
        } else if let only = lastSegments[parts.last!], only.count == 1 {
          target = only[0]
        }
        if let target { resolved[function.name, default: [:]][position] = target }
      }
    }
    return resolved
  }

  /// The functions that call an orientation API, or call one that does.
  static func reachingFunctions(_ functions: [ScriptFunction], resolved: [String: [Int: String]]) -> Set<
    String
  > {
    var reaching = Set(
      functions.filter { $0.steps.contains { if case .plugin = $0 { return true } else { return false } } }
        .map(\.name))
    var grew = true
    while grew {
      grew = false
      for function in functions where !reaching.contains(function.name) {
        if resolved[function.name]?.values.contains(where: reaching.contains) == true {
          reaching.insert(function.name)
          grew = true
        }
      }
    }
    return reaching
  }

  /// A call that returns a Future or a Promise, not awaited, with more orientation work after it
  /// in the same function: the model runs them in the written order, a device may not.
  static func reportUnawaited(
    _ function: ScriptFunction, resolved: [Int: String], reaching: Set<String>,
    into report: inout ImportReport
  ) {
    let synchronous = PluginCatalog.reactNativeOrientationLocker.name
    for (position, step) in function.steps.enumerated() {
      guard case .plugin(let call, awaited: false, let line) = step, call.plugin != synchronous else {
        continue
      }
      let later = function.steps.indices.dropFirst(position + 1).first { index in
        if case .plugin = function.steps[index] { return true }
        return resolved[index].map(reaching.contains) == true
      }
      guard let later else { continue }
      let next: String
      switch function.steps[later] {
      case .plugin(let other, _, _): next = other.call
      case .call: next = resolved[later] ?? ""
      }
      report.assumptions.append(
        .init(
          file: function.file, line: line,
          text: tr(
            "%s is not awaited and %s follows it: the model runs them in the written order, but on a device the code after it runs before iOS has the new mask, and the two can land out of order",
            call.call + "()", next + "()")))
    }
  }
}
