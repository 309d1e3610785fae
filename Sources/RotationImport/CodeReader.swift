// The fuzzer compiles the core and this module as one module, without RotationCore.
#if canImport(RotationCore)
  import RotationCore
#endif

/// One Swift or Objective-C file, lexed and scanned.
struct SourceFile: Sendable {
  var file: String
  var language: SourceLanguage
  var declarations: [CodeDeclaration]
  var globals: [CodeMember]
  var problems: [(line: Int, text: String)]
  /// The file's bytes, for the bodies kept as code (SourceBodies).
  var bytes: [UInt8]

  init(_ bytes: [UInt8], file: String) {
    self.file = file
    self.bytes = bytes
    language = file.hasSuffix(".swift") ? .swift : .objectiveC
    let lexer = SourceLexer(bytes, language: language)
    let scanner = SourceScanner(lexer.tokens, file: file, language: language)
    declarations = scanner.declarations
    globals = scanner.globals
    problems = lexer.problems
  }
}

/// The app's view controller classes as its code declares them: each class's superclass (and so
/// its kind, through project base classes), what it and its base classes override, their
/// lifecycle methods and methods as actions; Swift extensions and Objective-C categories on
/// UIKit's classes (their overrides reach every subclass: reported as the surprise they are);
/// the flags (Bool properties and shared variables) the answers read; the app delegate's
/// `application:supportedInterfaceOrientationsForWindow:`.
struct CodeReader {
  /// A class of the app, merged from its declaration, extensions and implementation.
  struct AppClass {
    var name: String
    var superclass: String?
    var file: String
    var line: Int
    var language: SourceLanguage
    /// Members in declaration order, with where each came from.
    var members: [(member: CodeMember, file: String)] = []

    func member(_ name: String) -> (member: CodeMember, file: String)? {
      members.last(where: {
        $0.member.name == name || $0.member.baseName == name && $0.member.kind == .property
      })
    }
  }

  var files: [SourceFile]
  var classes: [String: AppClass] = [:]
  /// Classes in the order the files declare them.
  var order: [String] = []
  /// Extensions and categories on UIKit's classes: the UIKit class → its members.
  var uikitExtensions: [String: AppClass] = [:]
  var report = ImportReport()
  /// The window question written under a signature UIKit never calls (docs/rules.md#unhooked-delegate-method).
  var unhookedWindowQuestion: UnhookedMethod?
  /// Adopted protocols by class, from every declaration and extension.
  var protocols: [String: [String]] = [:]
  /// Bool properties and shared variables: the flag's name → its value at launch and where.
  var flags: [String: (value: Bool, file: String, line: Int, owner: String?)] = [:]
  /// What a body's statements see of the whole app (CodeWorld.swift); set once the storyboards
  /// are read (`world(storyboard:segue:)`).
  var world = CodeWorld()
  /// The observers each class's code registers.
  var observers: [String: [Observer]] = [:]
  /// The helpers inlined so far, said once in the report.
  var inlinedHelpers: Set<String> = []
  /// Every member with a body, by base name: the types that declare one of that name.
  var memberOwners: [String: Set<String>] = [:]
  /// The members' bodies as written, for answers kept as code.
  let bodies = SourceBodies()

  /// The body of `member` as the app wrote it, to keep as code (docs/scenario-format.md#code).
  func codeBody(_ member: CodeMember, file: String) -> CodeBody? {
    guard let source = files.first(where: { $0.file == file }) else { return nil }
    return bodies.body(of: member.name, in: source, near: member.line).map { Self.typed($0, member) }
  }

  /// The body with its parameters' orientation types, from the declaration
  /// (`CodeBody.parameterTypes`).
  static func typed(_ body: CodeBody, _ member: CodeMember) -> CodeBody {
    var body = body
    body.returnType = member.type.map(\.text).first { CodeBody.orientationTypes.contains($0) } ?? ""
    guard member.parameterTypes.count == body.parameters.count else { return body }
    let types = member.parameterTypes.map { tokens in
      tokens.map(\.text).first { CodeBody.keepsType($0) } ?? ""
    }
    if types.contains(where: { !$0.isEmpty }) { body.parameterTypes = types }
    return body
  }

  /// UIKit's view controller classes the import knows, and the kind each gives a subclass.
  static let uikitKinds: [String: ControllerKind] = [
    "UIViewController": .view, "UITableViewController": .view, "UICollectionViewController": .view,
    "UIHostingController": .view, "AVPlayerViewController": .view, "UIImagePickerController": .navigation,
    "UINavigationController": .navigation, "UITabBarController": .tabBar, "UISplitViewController": .splitView,
    "UIPageViewController": .pageView, "UIAlertController": .alert, "UIReferenceLibraryViewController": .view,
    "UIActivityViewController": .view, "UIDocumentPickerViewController": .view,
    "SFSafariViewController": .view,
  ]

  static let questions = [
    "shouldAutorotate", "supportedInterfaceOrientations", "preferredInterfaceOrientationForPresentation",
  ]

  init(_ files: [SourceFile]) {
    self.files = files
    for source in files {
      for problem in source.problems {
        report.assumptions.append(.init(file: source.file, line: problem.line, text: problem.text))
      }
      for declaration in source.declarations {
        merge(declaration, language: source.language)
        protocols[declaration.name, default: []] += declaration.protocols
        for member in declaration.members where member.body != nil {
          memberOwners[member.baseName, default: []].insert(declaration.name)
        }
      }
    }
    collectFlags()
    // Without storyboards until the assembly gives them (`world(storyboard:segue:)`).
    world = world(storyboard: { _, _ in nil }, segue: { _ in nil })
  }

  mutating func merge(_ declaration: CodeDeclaration, language: SourceLanguage) {
    let name = declaration.name
    guard ScenarioDecoder.isIdentifier(name) else {
      // Said only of what looks like a view controller (nested types' extensions are common).
      if case .type = declaration.form, declaration.superclass?.hasSuffix("Controller") == true {
        report.assumptions.append(
          .init(
            file: declaration.file, line: declaration.line,
            text: tr(
              "%s is not a name the scenario format takes (letters, digits, _): left out",
              String(name.prefix(60))))
        )
      }
      return
    }
    let members = declaration.members.map { ($0, declaration.file) }
    if Self.uikitKinds[name] != nil {
      // An extension or category on UIKit's class (a `class UIViewController` cannot be declared).
      var uikit =
        uikitExtensions[name]
        ?? AppClass(
          name: name, superclass: nil, file: declaration.file, line: declaration.line, language: language)
      uikit.members += members
      uikitExtensions[name] = uikit
      if declaration.members.contains(where: { Self.questions.contains($0.name) && $0.body != nil }) {
        let overridden = declaration.members.filter { Self.questions.contains($0.name) }.map(\.name).joined(
          separator: ", ")
        let text: String
        if case .extensionOf(let category?) = declaration.form {
          text = tr(
            "a category %s (%s) overrides %s: every %s and subclass that does not override answers so, UIKit's own included",
            name, category, overridden, name)
        } else {
          text = tr(
            "an extension of %s overrides %s: every %s and subclass that does not override answers so, UIKit's own included",
            name, overridden, name)
        }
        report.facts.append(.init(file: declaration.file, line: declaration.line, text: text))
      }
      return
    }
    var appClass =
      classes[name]
      ?? AppClass(
        name: name, superclass: nil, file: declaration.file, line: declaration.line, language: language)
    if classes[name] == nil { order.append(name) }
    if case .type = declaration.form, let superclass = declaration.superclass {
      appClass.superclass = superclass
      appClass.file = declaration.file
      appClass.line = declaration.line
    }
    appClass.members += members
    classes[name] = appClass
  }

  /// Bool properties (`var isLandscape = false`, `@property BOOL allow;`) and file-level Bools.
  mutating func collectFlags() {
    func add(_ member: CodeMember, file: String, owner: String?) {
      guard member.kind == .property, member.body == nil, ScenarioDecoder.isIdentifier(member.name) else {
        return
      }
      let typeText = member.type.map(\.text)
      let initial = CodeValues<Bool>.bool(member.initial)
      guard
        typeText.contains("Bool") || typeText.contains("BOOL") || typeText.contains("bool") || initial != nil
      else { return }
      // The first declaration, unless a later one gives the value (`extern BOOL x;`, then `BOOL x = YES;`).
      if flags[member.name] == nil
        || initial != nil && flags[member.name]?.value != initial
          && !member.initial.isEmpty
      {
        flags[member.name] = (initial ?? false, file, member.line, owner)
      }
    }
    for source in files {
      for global in source.globals { add(global, file: source.file, owner: nil) }
    }
    for name in order {
      for (member, file) in classes[name]!.members where !member.isStatic {
        add(member, file: file, owner: name)
      }
      for (member, file) in classes[name]!.members where member.isStatic {
        add(member, file: file, owner: nil)
      }
    }
  }

  /// The class's chain of project classes, itself first, then the UIKit class it comes from.
  func chain(_ name: String) -> (project: [AppClass], uikit: String?) {
    var project: [AppClass] = []
    var current: String? = name
    var seen: Set<String> = []
    while let next = current, let appClass = classes[next], !seen.contains(next), project.count < 64 {
      seen.insert(next)
      project.append(appClass)
      current = appClass.superclass
    }
    if let current, Self.uikitKinds[current] != nil { return (project, current) }
    return (project, nil)
  }

  /// Whether the class is a view controller: its chain reaches one of UIKit's.
  func isController(_ name: String) -> Bool { chain(name).uikit != nil }

  func kind(of name: String) -> ControllerKind? {
    if let uikit = ControllerKind.uikitClasses[name] { return uikit }
    guard let uikit = chain(name).uikit else { return nil }
    return Self.uikitKinds[uikit]
  }

  /// UIKit's class and its UIKit superclasses, for extensions that reach them.
  static func uikitAncestors(_ name: String) -> [String] {
    switch name {
    case "UIViewController": return ["UIViewController"]
    case "UITableViewController", "UICollectionViewController", "UINavigationController",
      "UITabBarController",
      "UISplitViewController", "UIPageViewController", "UIAlertController":
      return [name, "UIViewController"]
    case "UIImagePickerController": return [name, "UINavigationController", "UIViewController"]
    default: return [name, "UIViewController"]
    }
  }

  /// Every class that can answer for `name`, most derived first: project classes, then UIKit
  /// extensions on its UIKit classes.
  func answering(_ name: String) -> [AppClass] {
    let (project, uikit) = chain(name)
    let uikitName = uikit ?? (ControllerKind.uikitClasses[name] != nil ? name : nil)
    return project + (uikitName.map { Self.uikitAncestors($0).compactMap { uikitExtensions[$0] } } ?? [])
  }
}
