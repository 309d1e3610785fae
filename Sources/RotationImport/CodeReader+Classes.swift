// The fuzzer compiles the core and this module as one module, without RotationCore.
#if canImport(RotationCore)
  import RotationCore
#endif

/// A class's `ClassSpec` from its code: the answers, hooks and methods of the class, its project
/// base classes and the UIKit extensions that reach it, most derived first (the model has no
/// inheritance, so each class carries what it inherits, and the report says from where).
extension CodeReader {
  /// The lifecycle methods, as Swift and Objective-C name them.
  static let hookNames: [(swift: String, objectiveC: String, selector: LifecycleSelector)] = [
    ("viewDidLoad()", "viewDidLoad", .viewDidLoad),
    ("viewWillAppear(_:)", "viewWillAppear:", .viewWillAppear),
    ("viewDidAppear(_:)", "viewDidAppear:", .viewDidAppear),
    ("viewWillDisappear(_:)", "viewWillDisappear:", .viewWillDisappear),
    ("viewDidDisappear(_:)", "viewDidDisappear:", .viewDidDisappear),
    (
      "viewWillTransition(to:with:)", "viewWillTransitionToSize:withTransitionCoordinator:",
      .viewWillTransitionToSize
    ),
    ("willRotate(to:duration:)", "willRotateToInterfaceOrientation:duration:", .willRotate),
    (
      "willAnimateRotation(to:duration:)", "willAnimateRotationToInterfaceOrientation:duration:",
      .willAnimateRotation
    ),
    ("didRotate(from:)", "didRotateFromInterfaceOrientation:", .didRotate),
  ]

  /// Methods that are not the app's own to call: the lifecycle methods (hooks), the questions,
  /// the containers' delegate answers, initializers. Any other method with a body is one a person's
  /// tap or the app's code may run (`prepareForFullscreen`, `tableView(_:didSelectRowAt:)`); one
  /// that does nothing the model sees is left out later.
  static func isOwnMethod(_ member: CodeMember) -> Bool {
    guard member.kind == .function, member.body != nil, !member.isOverride else { return false }
    let base = member.baseName
    guard ScenarioDecoder.isIdentifier(base) else { return false }
    let lifecycle = hookNames.contains { member.isSwift($0.swift) || $0.objectiveC == member.name }
    return !lifecycle && !questions.contains(base) && !base.hasPrefix("init") && base != "deinit"
      && base != "dealloc" && !["loadView", "awakeFromNib", "prepareForSegue"].contains(base)
      && !base.hasSuffix("SupportedInterfaceOrientations")
      && !base.hasSuffix("PreferredInterfaceOrientationForPresentation")
  }

  /// UIKit's own methods that apps override (an Objective-C override has no keyword to tell it):
  /// UIKit calls them, a person does not, so they are not kept as the app's methods.
  static let uikitOverrides: Set<String> = [
    "prefersStatusBarHidden", "preferredStatusBarStyle", "preferredStatusBarUpdateAnimation",
    "prefersHomeIndicatorAutoHidden", "childViewControllerForStatusBarStyle",
    "childViewControllerForStatusBarHidden",
    "childForStatusBarStyle", "childForStatusBarHidden", "childViewControllerForHomeIndicatorAutoHidden",
    "setNeedsStatusBarAppearanceUpdate", "pushViewController", "popViewControllerAnimated",
    "popViewController",
    "setNavigationBarHidden", "presentViewController", "dismissViewControllerAnimated",
    "viewDidLayoutSubviews",
    "viewWillLayoutSubviews", "didReceiveMemoryWarning", "traitCollectionDidChange", "updateViewConstraints",
    "setNeedsUpdateOfSupportedInterfaceOrientations", "canBecomeFirstResponder",
    "preferredScreenEdgesDeferringSystemGestures",
  ]

  /// Whether a method returns nothing (`-> Void`, `(void)`, `(IBAction)`): what a tap or a delegate
  /// callback runs; a method that returns a value is asked by UIKit (a data source's row count).
  static func returnsNothing(_ member: CodeMember) -> Bool {
    let type = member.type.map(\.text).joined()
    return ["", "void", "Void", "()", "IBAction"].contains(type)
  }

  mutating func spec(_ name: String, kind: ControllerKind) -> ClassSpec {
    var spec = ClassSpec(name: name, kind: kind)
    let chain = answering(name)
    if let own = classes[name] { spec.origin = "\(own.file):\(own.line)" }
    if ControllerKind.uikitClasses[name] != nil, let uikit = uikitExtensions[name] {
      spec.origin = "\(uikit.file):\(uikit.line)"
      spec.category = categoryName(name)
    }
    spec.shouldAutorotate = answer("shouldAutorotate", of: name, chain, kind: kind) {
      CodeValues<Bool>.bool($0)
    }
    spec.supportedInterfaceOrientations = answer(
      "supportedInterfaceOrientations", of: name, chain, kind: kind
    ) {
      CodeLiterals.mask($0)
    }
    spec.preferredInterfaceOrientationForPresentation = answer(
      "preferredInterfaceOrientationForPresentation", of: name, chain, kind: kind
    ) { CodeLiterals.orientation($0) }
    // iOS 26's lock preference, and the child whose preference counts.
    spec.prefersInterfaceOrientationLocked = answer(
      "prefersInterfaceOrientationLocked", of: name, chain, kind: kind
    ) {
      CodeValues<Bool>.bool($0)
    }
    spec.childForInterfaceOrientationLock = lockChild(of: name, chain, kind: kind)

    // Methods, most derived first: a subclass's own wins over its base's; two of one base name
    // are told apart by their labels (`methodNaming`).
    let naming = world.methodNames[name] ?? [:]
    for appClass in chain {
      for (member, file) in appClass.members where Self.isOwnMethod(member) {
        guard let scenarioName = naming[member.name], spec.method(named: scenarioName) == nil,
          let body = member.body
        else { continue }
        // A `UIDeviceOrientation` parameter (`didRotateToOrientation(orientation:)`, a player's
        // delegate callback) is read as the device's orientation when the method runs.
        var locals: [String: [SourceToken]] = [:]
        for (parameter, type) in zip(member.parameters, member.parameterTypes)
        where type.contains(where: { $0.is("UIDeviceOrientation") }) {
          locals[parameter] = Self.deviceOrientationTokens(line: member.line)
        }
        let actions = self.actions(
          body, owner: name, file: file, language: appClass.language, super: [], locals: locals)
        if !actions.isEmpty || body.contains(where: { CodeActions.touchesOrientation($0.text) }) {
          spec.methods.append(Method(name: scenarioName, actions: actions))
        } else if !body.isEmpty, Self.returnsNothing(member), !Self.uikitOverrides.contains(member.baseName),
          let code = codeBody(member, file: file)
        {
          // What the readers find nothing in is kept as the app's code, run when the method is
          // called (docs/rules.md#code-actions): a tap's or a delegate's method stays callable.
          spec.methods.append(Method(name: scenarioName, actions: [.code(code)]))
          report.facts.append(
            .init(
              file: file, line: member.line,
              text: tr("%s method %s: kept as the app's code, run by the simulation", name, scenarioName)))
        }
      }
    }
    for hook in Self.hookNames {
      if let actions = hookActions(hook, chain: chain[...], owner: name), !actions.isEmpty {
        spec.hooks.append((hook.selector, actions))
      } else if let (member, file) = ownHook(hook, chain), callsBeyond(member.body ?? [], owner: name),
        let code = codeBody(member, file: file)
      {
        // Where the readers find nothing in the whole chain's hook, and it calls the app's own code
        // elsewhere (a manager, a helper type), the hook is kept as code and run when UIKit calls it.
        spec.hooks.append((hook.selector, [.code(code)]))
        report.facts.append(
          .init(
            file: file, line: member.line,
            text: tr("%s %s: kept as the app's code, run by the simulation", name, hook.selector.rawValue)))
      }
    }
    // Initializers and awakeFromNib run once, before the view is loaded; the model has no such
    // moment, so what they do to orientation is said, not modelled.
    if let own = classes[name] {
      for (member, file) in own.members
      where ["loadView()", "loadView", "awakeFromNib()", "awakeFromNib"].contains(member.name) {
        guard let body = member.body else { continue }
        var probe = CodeActions(owner: name, language: own.language, isFlag: { _ in true }, world: world)
        probe.read(body)
        if let first = probe.actions.first {
          report.assumptions.append(
            .init(
              file: file, line: member.line,
              text: probe.actions.count > 1
                ? tr(
                  "%s %s does %s and more: not modelled (it runs before the controller appears; move it to viewDidLoad to see it here)",
                  name, member.baseName, first.label)
                : tr(
                  "%s %s does %s: not modelled (it runs before the controller appears; move it to viewDidLoad to see it here)",
                  name, member.baseName, first.label)
            ))
        }
      }
    }
    // A method with no action does nothing the model sees: it and the calls to it are left out.
    spec.methods = spec.methods.filter { !$0.actions.isEmpty }
    let kept = Set(spec.methods.map(\.name))
    func keep(_ action: Action) -> Bool {
      if case .call(let called, _, _) = action { return kept.contains(called) }
      return true
    }
    spec.methods = spec.methods.map { Method(name: $0.name, actions: Self.keeping($0.actions, keep)) }
    spec.hooks = spec.hooks.map { ($0.selector, Self.keeping($0.actions, keep)) }
    spec.observers = (observers[name] ?? []).filter { kept.contains($0.method) }
    for hook in spec.hooks where !hook.actions.isEmpty {
      let at = hookLine(hook.selector, chain)
      report.facts.append(
        .init(
          file: at?.file ?? spec.origin ?? "", line: at?.line,
          text: "\(name) \(hook.selector.rawValue) " + hook.actions.map(\.label).joined(separator: ", ")))
    }
    for method in spec.methods where !method.actions.isEmpty {
      let call = naming.first(where: { $0.value == method.name })?.key
      let at = chain.lazy.compactMap { appClass in
        appClass.members.first(where: { $0.member.name == call && $0.member.kind == .function })
      }.first
      report.facts.append(
        .init(
          file: at?.file ?? "", line: at?.member.line,
          text: tr("%s method %s: %s", name, method.name, method.actions.map(\.label).joined(separator: ", "))
        ))
    }
    return spec
  }

  /// The most derived class's own body of a lifecycle method, with its file.
  func ownHook(_ hook: (swift: String, objectiveC: String, selector: LifecycleSelector), _ chain: [AppClass])
    -> (CodeMember, String)?
  {
    for appClass in chain {
      if let (member, file) = appClass.members.last(where: {
        ($0.member.isSwift(hook.swift) || $0.member.name == hook.objectiveC) && $0.member.body != nil
      }) {
        return (member, file)
      }
    }
    return nil
  }

  /// Whether a body calls a method or function the project declares outside the class `owner`:
  /// code whose effect lies in the app's own helpers.
  func callsBeyond(_ body: [SourceToken], owner: String) -> Bool {
    for (index, token) in body.enumerated() where token.kind == .identifier {
      guard !Self.hookNames.contains(where: { $0.objectiveC.hasPrefix(token.text) }) else { continue }
      if let owners = memberOwners[token.text] {
        if !owners.contains(owner) { return true }
        continue
      }
      // A member of a type the scanner does not see (`AppDelegate.Rotation.allow`): a name after a
      // capitalised one and a dot, looked for in the files' syntax trees.
      guard index >= 2, body[index - 1].is("."), let initial = body[index - 2].text.first,
        initial.isUppercase,
        !body[index - 2].text.hasPrefix("UI"), !body[index - 2].text.hasPrefix("NS")
      else { continue }
      if bodies.functions(named: token.text, in: files).contains(where: { $0.owner != owner }) { return true }
    }
    return false
  }

  /// Where the most derived class of the chain writes a lifecycle method.
  func hookLine(_ selector: LifecycleSelector, _ chain: [AppClass]) -> (file: String, line: Int)? {
    guard let hook = Self.hookNames.first(where: { $0.selector == selector }) else { return nil }
    return ownHook(hook, chain).map { member, file in (file, member.line) }
  }

  func categoryName(_ uikit: String) -> String {
    for source in files {
      for declaration in source.declarations where declaration.name == uikit {
        if case .extensionOf(let category?) = declaration.form { return category }
      }
    }
    return "extension"
  }

  /// A hook's actions: the most derived class's body; its `super` call runs the base's hook.
  mutating func hookActions(
    _ hook: (swift: String, objectiveC: String, selector: LifecycleSelector), chain: ArraySlice<AppClass>,
    owner: String
  ) -> [Action]? {
    guard let appClass = chain.first else { return nil }
    let found = appClass.members.last(where: {
      ($0.member.isSwift(hook.swift) || $0.member.name == hook.objectiveC) && $0.member.body != nil
    })
    guard let (member, file) = found, let body = member.body else {
      return hookActions(hook, chain: chain.dropFirst(), owner: owner)
    }
    let inherited = hookActions(hook, chain: chain.dropFirst(), owner: owner) ?? []
    return actions(body, owner: owner, file: file, language: appClass.language, super: inherited)
  }

  /// The actions of `actions` that `keep` keeps, in conditions' branches too.
  static func keeping(_ actions: [Action], _ keep: (Action) -> Bool) -> [Action] {
    actions.compactMap { action in
      if case .when(let condition, let then, let otherwise) = action {
        let (a, b) = (keeping(then, keep), keeping(otherwise, keep))
        return a.isEmpty && b.isEmpty ? nil : .when(condition, then: a, else: b)
      }
      return keep(action) ? action : nil
    }
  }

  /// `UIDevice.current.orientation`, as code writes it.
  static func deviceOrientationTokens(line: Int) -> [SourceToken] {
    ["UIDevice", ".", "current", ".", "orientation"].map {
      SourceToken(kind: $0 == "." ? .punctuation : .identifier, text: $0, line: line)
    }
  }

  mutating func actions(
    _ body: [SourceToken], owner: String, file: String, language: SourceLanguage, super inherited: [Action],
    locals: [String: [SourceToken]] = [:]
  ) -> [Action] {
    // A Bool its class keeps per instance (a presenter sets it) is no app flag, in any class's code.
    let known = flags
    let properties = world.properties
    let isFlag = { (name: String) -> Bool in
      guard let flag = known[name] else { return false }
      return flag.owner.flatMap { properties[$0]?[name] } == nil
    }
    var reader = CodeActions(owner: owner, language: language, isFlag: isFlag, world: world)
    reader.locals = locals
    reader.read(body, depth: 0, super: inherited)
    let result = reader.actions
    for observer in reader.observers {
      observers[owner, default: []].removeAll { $0.notification == observer.notification }
      observers[owner, default: []].append(observer)
    }
    // A line said once: the base's hook is read again for each subclass.
    var reported = Set(report.assumptions.map { "\($0.file):\($0.line ?? 0)" })
    for note in reader.notes where reported.insert("\(note.file ?? file):\(note.line)").inserted {
      report.assumptions.append(.init(file: note.file ?? file, line: note.line, text: note.text))
    }
    // Each helper followed where it is called, said once.
    for helper in reader.inlined where inlinedHelpers.insert(helper.name).inserted {
      report.facts.append(
        .init(
          file: helper.file, line: helper.line,
          text: tr("%s is followed where it is called, with the call's arguments", helper.name)))
    }
    return result
  }

  /// A class's own answer to a question when it is a value (a literal, a condition, state), else
  /// UIKit's default where it does not depend on the device (YES; the idiom's mask): what a
  /// container's branch that forwards to a tested child of that class answers.
  func ownAnswer<T>(_ question: String, of name: String, literal: @escaping ([SourceToken]) -> T?) -> Value<
    T
  >? {
    for appClass in answering(name) {
      guard
        let (member, _) = appClass.members.last(where: { $0.member.name == question && $0.member.body != nil }
        ),
        let body = member.body
      else { continue }
      let reading = CodeValues<T>.read(
        body, question: question, language: appClass.language, kind: kind(of: name) ?? .view,
        conditions: conditions(owner: name), literal: literal)
      switch reading.answer {
      case .answer(.value(let value)): return value
      case .fromSuper: continue
      default: return nil
      }
    }
    if let yes = true as? T, question == "shouldAutorotate" { return .literal(yes) }
    if let mask = world.idiomMask as? T, question == "supportedInterfaceOrientations" {
      return .literal(mask)
    }
    return nil
  }

  /// One question's override: the first class in the chain that answers it; `super` goes on up.
  /// `childForInterfaceOrientationLock` (`childViewControllerForInterfaceOrientationLock`) returning
  /// a child (`topViewController`, `children.first`): read as that child's own preference would be.
  mutating func lockChild(of name: String, _ chain: [AppClass], kind: ControllerKind) -> ForwardTarget? {
    for appClass in chain {
      guard
        let (member, file) = appClass.members.last(where: {
          ($0.member.name == "childForInterfaceOrientationLock"
            || $0.member.name == "childViewControllerForInterfaceOrientationLock") && $0.member.body != nil
        }),
        var body = member.body
      else { continue }
      if body.first?.is("return") == true { body.removeFirst() }
      while body.last?.is(";") == true { body.removeLast() }
      let line = body.first?.line ?? member.line
      let asked =
        appClass.language == .objectiveC
        ? [SourceToken(kind: .punctuation, text: "[", line: line)] + body + [
          SourceToken(kind: .identifier, text: "prefersInterfaceOrientationLocked", line: line),
          SourceToken(kind: .punctuation, text: "]", line: line),
        ]
        : body + [
          SourceToken(kind: .punctuation, text: ".", line: line),
          SourceToken(kind: .identifier, text: "prefersInterfaceOrientationLocked", line: line),
        ]
      let reading = CodeValues<Bool>.read(
        [SourceToken(kind: .identifier, text: "return", line: line)] + asked,
        question: "prefersInterfaceOrientationLocked", language: appClass.language, kind: kind,
        literal: { CodeValues<Bool>.bool($0) })
      guard case .answer(.forward(let target)) = reading.answer else { continue }
      report.facts.append(
        .init(file: file, line: member.line, text: "\(name) \(member.baseName): \(target.property)"))
      return target
    }
    return nil
  }

  mutating func answer<T>(
    _ question: String, of name: String, _ chain: [AppClass], kind: ControllerKind,
    literal: @escaping ([SourceToken]) -> T?
  ) -> Override<T>? {
    for appClass in chain {
      guard
        let (member, file) = appClass.members.last(where: {
          $0.member.name == question && $0.member.body != nil
        }),
        let body = member.body
      else { continue }
      let reading = CodeValues<T>.read(
        body, question: question, language: appClass.language, kind: kind,
        conditions: conditions(owner: name),
        answerOf: { [reader = self] in reader.ownAnswer(question, of: $0, literal: literal) },
        literal: literal)
      for note in reading.notes {
        report.assumptions.append(.init(file: file, line: note.line, text: note.text))
      }
      let whose = appClass.name == name ? "\(name)" : tr("%s (from %s)", name, appClass.name)
      switch reading.answer {
      case .answer(let override):
        report.facts.append(
          .init(file: file, line: member.line, text: "\(whose) \(question): \(describe(override))"))
        assumeUndeclared(reading.flags, file: file, line: member.line)
        return override
      case .fromSuper:
        continue
      case .unknown(let text):
        if let code = codeBody(member, file: file) {
          report.facts.append(
            .init(
              file: file, line: member.line,
              text: tr("%s %s: kept as the app's code, run by the simulation", whose, question)))
          return .value(.code(code))
        }
        report.assumptions.append(
          .init(
            file: file, line: member.line,
            text: tr(
              "%s %s returns %s, which the import does not follow: taken as not overridden (UIKit's default)",
              whose,
              question, text)))
        return nil
      }
    }
    return nil
  }

  func describe<T>(_ override: Override<T>) -> String {
    switch override {
    case .forward(let target): return tr("forwards to %s", target.property)
    case .value(let value): return describe(value)
    case .branch(let condition, let then, let otherwise):
      return "\(condition.described.text) ? \(describe(then)) : \(describe(otherwise))"
    }
  }

  func describe<T>(_ value: Value<T>) -> String {
    switch value {
    case .literal(let literal):
      if let mask = literal as? OrientationMask { return mask.name }
      if let orientation = literal as? InterfaceOrientation { return orientation.name }
      if let bool = literal as? Bool { return bool ? "YES" : "NO" }
      return "\(literal)"
    case .conditional(let flag, let then, let otherwise):
      return "\(flag) ? \(describe(then)) : \(describe(otherwise))"
    case .window(let name, let then, let otherwise):
      return "window \(name) ? \(describe(then)) : \(describe(otherwise))"
    case .test(let condition, let then, let otherwise):
      return "\(condition.described.text) ? \(describe(then)) : \(describe(otherwise))"
    case .read(let name): return name
    case .code(let body): return tr("code at %s", body.place(1))
    case .choose(let name, let cases, let otherwise):
      let arms = cases.map { "\($0.match.text): \(describe($0.value))" } + ["default: \(describe(otherwise))"]
      return "switch \(name) { \(arms.joined(separator: "; ")) }"
    }
  }
}
