import CXml

// The fuzzer compiles the core and this module as one module, without RotationCore.
#if canImport(RotationCore)
  import RotationCore
#endif

/// What a storyboard or xib says about its view controllers, read with libxml2's streaming reader
/// (`xmlReaderForMemory`): one pass, no tree in memory, so a 50 MB file costs its bytes and no
/// more. The network, DTD loading and entity substitution are off (`XML_PARSE_NONET`, no
/// `XML_PARSE_NOENT`, no `XML_PARSE_DTDLOAD`), and libxml2's own limits (depth, entity
/// amplification, text size) stay on: hostile files end in libxml2's error, reported with its line.
struct StoryboardDocument: Sendable, Equatable {
  /// A view controller object of a scene (or a xib's top level).
  struct Controller: Sendable, Equatable {
    var id: String
    /// The element: `viewController`, `navigationController`, `tableViewController`, …
    var element: String
    var customClass: String?
    var storyboardIdentifier: String?
    /// `modalPresentationStyle` on the controller itself (the destination of a segue).
    var presentationStyle: String?
    var line: Int
    /// The controller whose element holds this one (a xib's navigation controller holds its root).
    var parent: String?
    /// A `viewControllerPlaceholder`: a controller of another storyboard.
    var reference: (storyboard: String, identifier: String?)?
    /// A storyboard-link pod's controller (`RBStoryboardLink`): the storyboard (and scene) its
    /// user-defined runtime attributes name, whose controller it holds as its child.
    var link: (storyboard: String, identifier: String?)?

    static func == (lhs: Controller, rhs: Controller) -> Bool {
      lhs.id == rhs.id && lhs.element == rhs.element && lhs.customClass == rhs.customClass
        && lhs.line == rhs.line && lhs.parent == rhs.parent
        && lhs.reference?.storyboard == rhs.reference?.storyboard
        && lhs.reference?.identifier == rhs.reference?.identifier
    }
  }

  /// A segue: a relationship (root, tabs, columns), an embed, or a presentation.
  struct Segue: Sendable, Equatable {
    /// The controller whose element holds the segue.
    var owner: String
    var kind: String
    var relationship: String?
    var destination: String
    var presentationStyle: String?
    var line: Int
    /// The identifier `performSegue(withIdentifier:)` names it by.
    var identifier: String? = nil
  }

  /// The document's `type`: a storyboard's ends in `.Storyboard.XIB`.
  var type: String = ""
  /// `launchScreen="YES"`: the launch screen, never the app's window.
  var launchScreen = false
  var initialController: String?
  var initialLine: Int?
  /// Controllers in file order.
  var controllers: [Controller] = []
  var segues: [Segue] = []
  /// A xib's `<outlet property="rootViewController" destination=…>` (a window's root).
  var rootOutlet: String?
  /// A xib's File's Owner class.
  var filesOwner: (className: String, line: Int)?

  var isStoryboard: Bool { type.hasSuffix(".Storyboard.XIB") }

  /// Indexes, made once the file is read: a controller by id, the segues and nested controllers by owner.
  var byID: [String: Int] = [:]
  var seguesByOwner: [String: [Int]] = [:]
  var nestedByParent: [String: [String]] = [:]

  func controller(_ id: String) -> Controller? { byID[id].map { controllers[$0] } }

  func segues(of owner: String) -> [Segue] { (seguesByOwner[owner] ?? []).map { segues[$0] } }

  func nested(in parent: String) -> [String] { nestedByParent[parent] ?? [] }

  mutating func index() {
    for (position, controller) in controllers.enumerated() {
      if byID[controller.id] == nil { byID[controller.id] = position }
      if let parent = controller.parent { nestedByParent[parent, default: []].append(controller.id) }
    }
    for (position, segue) in segues.enumerated() { seguesByOwner[segue.owner, default: []].append(position) }
  }

  static func == (lhs: StoryboardDocument, rhs: StoryboardDocument) -> Bool {
    lhs.type == rhs.type && lhs.initialController == rhs.initialController
      && lhs.controllers == rhs.controllers
      && lhs.segues == rhs.segues && lhs.rootOutlet == rhs.rootOutlet
      && lhs.filesOwner?.className == rhs.filesOwner?.className
  }

  /// Elements that are view controllers. Others ending in `ViewController` count too.
  static let controllerElements: Set<String> = [
    "viewController", "tableViewController", "collectionViewController", "navigationController",
    "tabBarController", "splitViewController", "pageViewController", "hostingController",
    "avPlayerViewController", "glkViewController", "viewControllerPlaceholder",
  ]

  static func isController(_ element: String) -> Bool {
    controllerElements.contains(element) || element.hasSuffix("ViewController")
  }

  /// Reads a storyboard or xib; throws with libxml2's message and line for a file that is not
  /// well-formed XML or is not an Interface Builder document.
  static func read(_ bytes: [UInt8], file: String) throws(ImportError) -> StoryboardDocument {
    guard !bytes.isEmpty else {
      throw ImportError(file: file, message: tr("is empty: expected a storyboard (XML)"))
    }
    // BIG_LINES: the line of a node past 65,535 is kept (a 50 MB storyboard has millions).
    let options = Int32(
      XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
        | XML_PARSE_BIG_LINES.rawValue)
    xmlResetLastError()
    let made = bytes.withUnsafeBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
        xmlReaderForMemory($0, Int32(clamping: buffer.count), nil, nil, options)
      }
    }
    guard let reader = made else {
      throw ImportError(file: file, message: tr("libxml2 cannot open it (%s bytes)", bytes.count))
    }
    defer { xmlFreeTextReader(reader) }

    var document = StoryboardDocument()
    var sawRoot = false
    // Open elements: depth and, for a controller, its id.
    var open: [(depth: Int32, controller: String?)] = []
    func attribute(_ name: String) -> String? {
      guard let value = xmlTextReaderGetAttribute(reader, name) else { return nil }
      defer { rl_xml_free(value) }
      return String(cString: value)
    }
    while true {
      let status = xmlTextReaderRead(reader)
      if status == 0 { break }
      if status < 0 { throw libxmlError(file: file, reader: reader) }
      let type = xmlTextReaderNodeType(reader)
      let depth = xmlTextReaderDepth(reader)
      if type == Int32(XML_READER_TYPE_END_ELEMENT.rawValue) {
        while let last = open.last, last.depth >= depth { open.removeLast() }
        continue
      }
      guard type == Int32(XML_READER_TYPE_ELEMENT.rawValue),
        let namePointer = xmlTextReaderConstLocalName(reader)
      else { continue }
      while let last = open.last, last.depth >= depth { open.removeLast() }
      let name = String(cString: namePointer)
      // The node's own line (the parser's position may be past it, having read ahead).
      let line =
        xmlTextReaderCurrentNode(reader).map { Int(xmlGetLineNo($0)) }
        ?? Int(xmlTextReaderGetParserLineNumber(reader))
      let owner = open.last(where: { $0.controller != nil })?.controller
      var opened: String?
      if !sawRoot {
        sawRoot = true
        guard name == "document" else {
          throw ImportError(
            file: file,
            message: tr(
              "line %s: the root element is <%s>; expected an Interface Builder <document>", line, name))
        }
        document.type = attribute("type") ?? ""
        document.launchScreen = attribute("launchScreen") == "YES"
        document.initialController = attribute("initialViewController")
        document.initialLine = document.initialController == nil ? nil : line
      } else if name == "segue", let destination = attribute("destination") {
        if let owner {
          document.segues.append(
            Segue(
              owner: owner, kind: attribute("kind") ?? "", relationship: attribute("relationship"),
              destination: destination, presentationStyle: attribute("modalPresentationStyle"), line: line,
              identifier: attribute("identifier")))
        }
      } else if name == "userDefinedRuntimeAttribute", let owner,
        let keyPath = attribute("keyPath"), ["storyboardName", "sceneIdentifier"].contains(keyPath),
        let value = attribute("value"),
        let index = document.controllers.lastIndex(where: { $0.id == owner }),
        document.controllers[index].customClass?.hasSuffix("StoryboardLink") == true
      {
        var link = document.controllers[index].link ?? ("", nil)
        if keyPath == "storyboardName" { link.storyboard = value } else { link.identifier = value }
        document.controllers[index].link = link
      } else if name == "outlet", attribute("property") == "rootViewController" {
        document.rootOutlet = attribute("destination")
      } else if name == "placeholder", attribute("placeholderIdentifier") == "IBFilesOwner",
        let owner = attribute("customClass")
      {
        document.filesOwner = (owner, line)
      } else if isController(name), name != "searchDisplayController", let id = attribute("id") {
        var controller = Controller(
          id: id, element: name, customClass: attribute("customClass"),
          storyboardIdentifier: attribute("storyboardIdentifier"),
          presentationStyle: attribute("modalPresentationStyle"), line: line, parent: owner)
        if name == "viewControllerPlaceholder" {
          controller.reference = (attribute("storyboardName") ?? "", attribute("referencedIdentifier"))
        }
        document.controllers.append(controller)
        opened = id
      }
      if xmlTextReaderIsEmptyElement(reader) != 1 { open.append((depth, opened)) }
    }
    guard sawRoot else {
      throw ImportError(file: file, message: tr("has no XML element: expected a storyboard"))
    }
    document.index()
    return document
  }

  /// libxml2's last error as a report error: its line and message.
  static func libxmlError(file: String, reader: xmlTextReaderPtr) -> ImportError {
    if let error = xmlGetLastError() {
      let message =
        error.pointee.message.map { String(cString: $0) }?.trimmingWhitespace() ?? tr("unknown error")
      return ImportError(
        file: file, message: tr("line %s: not well-formed XML (libxml2: %s)", error.pointee.line, message))
    }
    let line = xmlTextReaderGetParserLineNumber(reader)
    return ImportError(file: file, message: tr("line %s: not well-formed XML", line))
  }
}
