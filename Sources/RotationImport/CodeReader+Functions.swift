// The fuzzer compiles the core and this module as one module, without RotationCore.
#if canImport(RotationCore)
  import RotationCore
#endif

/// The app's own functions and computed properties that the code kept in the scenario calls
/// (docs/scenario-format.md#code): found by name among every declaration's members with a body,
/// then the functions those call, up to a bound. A name the code uses is matched by its base
/// name on any type, so a function of another class by the same name comes too; the run picks
/// by the receiver's class.
extension CodeReader {
  /// At most this many functions are kept: a project's whole code is not the scenario's.
  static let functionLimit = 200

  func functions(calledBy bodies: [CodeBody]) -> [(name: String, body: CodeBody)] {
    guard !bodies.isEmpty else { return [] }
    var index: [String: [(type: String, member: CodeMember, source: SourceFile)]] = [:]
    for source in files {
      for declaration in source.declarations {
        for member in declaration.members
        where (member.body != nil || Self.storedBody(member, in: source) != nil)
          && !Self.questions.contains(member.baseName)
          && !Self.hookNames.contains(where: { $0.objectiveC.hasPrefix(member.baseName) })
        {
          index[member.baseName, default: []].append((declaration.name, member, source))
        }
      }
      for global in source.globals where global.kind == .function && global.body != nil {
        index[global.baseName, default: []].append(("", global, source))
      }
    }
    var table: [(name: String, body: CodeBody)] = []
    var seen = Set<String>()
    // Each declaration once (by where it is), the names nearest the kept code first.
    var declared = Set<String>()
    var pending = bodies[...]
    while let next = pending.popFirst() {
      let words = Self.identifiers(in: next.source)
      // What assigning a property runs: an Objective-C setter method (`setFoo:`), a Swift
      // property's `set` and `didSet` (docs/scenario-format.md#code).
      let setters = words.filter { $0.first?.isLowercase == true }.map(PropertyAccessor.setter)
      for word in words where table.count < Self.functionLimit {
        for (type, member, source) in index[word] ?? []
        where member.kind == .property && source.language == .swift && !type.isEmpty {
          for (owner, kind, body) in self.bodies.accessors(of: word, in: source) {
            let key =
              owner + "." + (kind == "set" ? PropertyAccessor.setter(word) : PropertyAccessor.didSet(word))
            guard seen.insert(key).inserted else { continue }
            table.append((key, body))
            pending.append(body)
          }
        }
      }
      // `super.name(…)`: the code that runs is the ancestors' own, the defining class's too (the
      // run finds where it is in the chain by it).
      for (key, body) in superBodies(of: next) where table.count < Self.functionLimit {
        guard seen.insert(key).inserted else { continue }
        table.append((key, body))
        pending.append(body)
      }
      // Performing a segue runs the class's `prepare(for:sender:)` first.
      let prepares =
        words.contains("performSegue") || words.contains("performSegueWithIdentifier")
        ? ["prepare", "prepareForSegue"] : []
      for word in words + setters + prepares {
        for (type, member, source) in index[word] ?? [] where table.count < Self.functionLimit {
          guard declared.insert("\(source.file):\(member.line):\(member.name)").inserted else { continue }
          var key = type.isEmpty ? word : type + "." + word
          // An overload of a name already kept is kept by its signature.
          if seen.contains(key), member.name != word {
            key = type.isEmpty ? member.name : type + "." + member.name
          }
          let found =
            member.body == nil
            ? storedBody(member, in: source, owner: type)
            : self.bodies.body(of: member.name, in: source, near: member.line).map { Self.typed($0, member) }
          guard seen.insert(key).inserted, let body = found else { continue }
          table.append((key, body))
          pending.append(body)
        }
      }
      // What the scanner does not see (a type nested in another, a category's class method),
      // found in the files' syntax trees: only a name the code calls, never a keyword or UIKit's.
      for word in Self.calledNames(in: next.source)
      where index[word] == nil && !Self.hookNames.contains(where: { $0.objectiveC.hasPrefix(word) }) {
        for (owner, body) in self.bodies.functions(named: word, in: files)
        where table.count < Self.functionLimit {
          let key = owner + "." + word
          guard seen.insert(key).inserted else { continue }
          table.append((key, body))
          pending.append(body)
        }
      }
    }
    return table
  }

  /// A stored property's initial value as code (`let player = PlayerVC()`; a Swift optional or an
  /// Objective-C property without one starts as nil, NO or 0): nil for a property whose value the
  /// model cannot say (set in an initializer the model does not run).
  static func storedBody(_ member: CodeMember, in source: SourceFile) -> CodeBody? {
    guard member.kind == .property, member.body == nil else { return nil }
    let language: CodeLanguage = source.language == .swift ? .swift : .objectiveC
    var text = member.initial.map(\.text).joined(separator: " ")
    let words = member.type.map(\.text)
    let qualifiers: Set<String> = ["IBOutlet", "weak", "strong", "nonatomic", "__weak", "__kindof"]
    if text.isEmpty,
      let type = words.first(where: { !qualifiers.contains($0) && $0.first?.isLetter == true }),
      type.hasPrefix("UI"), !type.contains("Window"), !type.contains("Controller"),
      !type.contains("Orientation")
    {
      // A view: an outlet (`UIView!`, `IBOutlet UIView *`) is connected once the view is loaded,
      // an object that exists; another view property starts as nil.
      let outlet = words.last == "!" || words.contains("IBOutlet")
      text = outlet ? (language == .swift ? "\(type)()" : "[[\(type) alloc] init]") : "nil"
    }
    if text.isEmpty {
      if language == .swift {
        guard words.last == "?" || words.last == "!" else { return nil }
        text = "nil"
      } else {
        text =
          words.contains("*") || words.contains("id")
          ? "nil" : ["BOOL", "bool"].contains(words.last) ? "NO" : "0"
      }
    }
    if language == .objectiveC { text = "return " + text + ";" }
    return CodeBody(source: text, language: language, file: source.file, line: member.line, stored: true)
  }

  /// For each `super.name(…)` / `[super name…]` a body makes: its own class's `name` and each
  /// project ancestor's, by `Type.name` (lifecycle methods included).
  func superBodies(of body: CodeBody) -> [(key: String, body: CodeBody)] {
    let called = Self.superCalls(in: body.source)
    guard !called.isEmpty, let file = body.file,
      let owner = classes.values.first(where: { appClass in
        appClass.members.contains {
          $0.file == file && $0.member.body != nil && abs($0.member.line - body.line) <= 2
        }
      })
    else { return [] }
    var found: [(key: String, body: CodeBody)] = []
    for name in called {
      for appClass in chain(owner.name).project {
        for (member, memberFile) in appClass.members
        where member.kind == .function && member.baseName == name && member.body != nil {
          guard let source = files.first(where: { $0.file == memberFile }),
            let own = bodies.body(of: member.name, in: source, near: member.line)
          else { continue }
          found.append((appClass.name + "." + name, Self.typed(own, member)))
          break
        }
      }
    }
    return found
  }

  /// The names a body calls on `super`.
  static func superCalls(in text: String) -> [String] {
    var names: [String] = []
    let characters = Array(text)
    for marker in ["super.", "[super "].map(Array.init) {
      var index = 0
      while index + marker.count <= characters.count {
        defer { index += 1 }
        guard characters[index..<index + marker.count].elementsEqual(marker) else { continue }
        let name = String(
          characters[(index + marker.count)...].prefix { $0 == "_" || $0.isLetter || $0.isNumber })
        if !name.isEmpty, !names.contains(name) { names.append(name) }
      }
    }
    return names
  }

  /// A stored property's initial value with its text as the file writes it (the tokens joined
  /// would not be Swift: `as ! T`).
  func storedBody(_ member: CodeMember, in source: SourceFile, owner: String = "") -> CodeBody? {
    // A window subclass's controller property (`private(set) var page: FullScreenController!`): the
    // controller its initializer makes its root (the model does not run the initializer).
    if member.kind == .property, member.body == nil, isWindowClass(owner),
      let type = member.type.first(where: { $0.kind == .identifier })?.text, isController(type)
    {
      let language: CodeLanguage = source.language == .swift ? .swift : .objectiveC
      let text = language == .swift ? "rootViewController" : "return self.rootViewController;"
      return CodeBody(source: text, language: language, file: source.file, line: member.line, stored: true)
    }
    guard var body = Self.storedBody(member, in: source) else { return nil }
    if !member.initial.isEmpty, let text = bodies.initialValue(of: member.name, in: source, near: member.line)
    {
      body.source = text
    }
    return body
  }

  /// The names a body calls or reads as members: before `(`, after `.`, or as an Objective-C
  /// message's name (before `]` or `:`), without the languages' keywords and UIKit's own names.
  static func calledNames(in text: String) -> [String] {
    var names: [String] = []
    let characters = Array(text)
    var index = 0
    while index < characters.count {
      guard characters[index] == "_" || characters[index].isLetter else {
        index += 1
        continue
      }
      let start = index
      while index < characters.count,
        characters[index] == "_" || characters[index].isLetter || characters[index].isNumber
      {
        index += 1
      }
      let word = String(characters[start..<index])
      let before = start > 0 ? characters[start - 1] : " "
      let after = index < characters.count ? characters[index] : " "
      let called = before == "." || after == "(" || after == "]" || after == ":"
      if called, !keywords.contains(word), !word.hasPrefix("UI"), !word.hasPrefix("NS"), !names.contains(word)
      {
        names.append(word)
      }
    }
    return names
  }

  static let keywords: Set<String> = [
    "if", "else", "return", "guard", "switch", "case", "default", "for", "while", "let", "var", "self",
    "super",
    "init", "alloc", "new", "class", "print", "NSLog", "shared", "current", "main", "async", "dismiss",
    "present",
    "animated", "completion", "rawValue", "orientation", "window", "windows", "delegate", "view",
  ]

  /// The identifiers a body's text uses, each once.
  static func identifiers(in text: String) -> [String] {
    var words: [String] = []
    var seen = Set<String>()
    var word = ""
    for character in text + " " {
      if character == "_" || character.isLetter || (character.isNumber && !word.isEmpty) {
        word.append(character)
      } else if !word.isEmpty {
        if seen.insert(word).inserted { words.append(word) }
        word = ""
      }
    }
    return words
  }

  /// The names of the app's state, properties and flags that kept code uses (an instance
  /// variable's underscore dropped), in order of first use: they are declared in the scenario as
  /// the readers' own reads are.
  func stateNames(in bodies: [CodeBody]) -> [String] {
    let (app, properties) = declaredState()
    var known = Set(app.keys).union(flags.keys)
    for own in properties.values { known.formUnion(own.keys) }
    var names: [String] = []
    for body in bodies {
      for word in Self.identifiers(in: body.source) {
        let name = word.hasPrefix("_") && word.count > 1 ? String(word.dropFirst()) : word
        if known.contains(name) && !names.contains(name) { names.append(name) }
      }
    }
    return names
  }
}
