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
    // React Native's own Modal turns the app without a plugin.
    guard !declared.isEmpty || hasReactNativeModal(result.scenario.app) else { return }
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

  /// `<Modal>` is React Native's in a React Native or Expo app; in another framework's app a
  /// component of that name is not it.
  static func hasReactNativeModal(_ app: AppConfig) -> Bool {
    [.reactNative, .expo].contains(app.framework?.name)
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
    var defaults: [String: Bool] = [:]
    var modals: [String: ScriptModal] = [:]
    for (shown, bytes) in files {
      guard let language = language(of: shown) else { continue }
      let reader = ScriptReader(
        bytes: bytes, language: language, file: shown, apis: ScriptAPIs(declared: declared))
      report.assumptions += reader.findings
      unknown += reader.apis.unknownPackages.map { (shown, $0) }
      defaults.merge(reader.boolDefaults) { first, _ in first }
      for modal in reader.modals where modals[ScriptProgram.modalKey(modal.file, modal.visible)] == nil {
        modals[ScriptProgram.modalKey(modal.file, modal.visible)] = modal
      }
      for function in reader.functions {
        if let first = functions.first(where: { $0.name == function.name }) {
          if !function.steps.isEmpty {
            report.assumptions.append(
              .init(
                file: function.file, line: function.line,
                text: tr(
                  "%s is also the name of a function in %s, read first: this one is not imported",
                  function.name, first.file)))
          }
          continue
        }
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
    var program = ScriptProgram(functions: functions, existing: Set(scenario.app.methods.map(\.name)))
    program.defaults = defaults
    if hasReactNativeModal(scenario.app) { program.modals = modals }
    program.build(into: &scenario, report: &report)
  }

  /// A call that returns a Future or a Promise, not awaited, with more orientation work after it
  /// in the same function: the model runs them in the written order, a device may not. `targets`
  /// are the resolved calls of the function, by what they write.
  static func reportUnawaited(
    _ function: ScriptFunction, targets: [String: String], reaching: Set<String>,
    into report: inout ImportReport
  ) {
    let synchronous = PluginCatalog.reactNativeOrientationLocker.name
    /// The first orientation work among `steps`, in the order they can run.
    func firstWork(_ steps: [ScriptStep]) -> String? {
      for later in ScriptProgram.flattened(steps) {
        if case .plugin(let other, _, _) = later { return other.call }
        if case .call(let written, _, _) = later, let target = targets[written], reaching.contains(target) {
          return target
        }
      }
      return nil
    }
    // What follows a step is the rest of its own list, then what follows the list: never the
    // other branch of the same `if`, which does not run after it.
    func walk(_ list: [ScriptStep], then after: [ScriptStep]) {
      for (position, step) in list.enumerated() {
        let rest = Array(list.dropFirst(position + 1)) + after
        if case .branch(_, let then, let otherwise, _) = step {
          walk(then, then: rest)
          walk(otherwise, then: rest)
        }
        guard case .plugin(let call, awaited: false, let line) = step, call.plugin != synchronous,
          let next = firstWork(rest)
        else { continue }
        report.assumptions.append(
          .init(
            file: function.file, line: line,
            text: tr(
              "%s is not awaited and %s follows it: the model runs them in the written order, but on a device the code after it runs before iOS has the new mask, and the two can land out of order",
              call.call + "()", next + "()")))
      }
    }
    walk(function.steps, then: [])
  }
}
