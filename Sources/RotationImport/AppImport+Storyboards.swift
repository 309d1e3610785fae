// The fuzzer compiles the core and this module as one module, without RotationCore.
#if canImport(RotationCore)
  import RotationCore
#endif

/// The storyboards' scenes the app's code can make (docs/scenario-format.md#storyboards): kept
/// in the scenario when some source file instantiates a controller from a storyboard, so the
/// code run later finds the tree the storyboard holds (its classes are declared as the trees'
/// classes are).
extension Assembly {
  static let instantiating = ["instantiateViewController", "instantiateInitialViewController"]
  static let performing = ["performSegue"]

  func storyboardScenes(
    _ files: [SourceFile], lookup: (String?, String?) -> Node?,
    references: @escaping (String) -> (StoryboardDocument, String)?, lookups: StoryboardLookups
  ) -> [StoryboardScenes] {
    func uses(_ names: [String]) -> Bool {
      let words = names.map { Array($0.utf8) }
      return files.contains { file in words.contains { Self.contains(file.bytes, $0) } }
    }
    let instantiates = uses(Self.instantiating)
    let performs = uses(Self.performing)
    guard instantiates || performs else { return [] }
    var table: [StoryboardScenes] = []
    for (name, (document, shown)) in documents.sorted(by: { $0.value.1 < $1.value.1 }) {
      var scenes: [StoryboardScenes.Scene] = []
      for controller in document.controllers where instantiates {
        guard let identifier = controller.storyboardIdentifier, !identifier.isEmpty,
          !scenes.contains(where: { $0.identifier == identifier }),
          let root = lookup(name, identifier)
        else { continue }
        scenes.append(.init(identifier: identifier, root: root))
      }
      let initial = document.initialController == nil || !instantiates ? nil : lookup(name, nil)
      var segues: [StoryboardScenes.Segue] = []
      for found in document.segues where performs {
        guard let identifier = found.identifier, !identifier.isEmpty, found.relationship == nil,
          found.kind != "embed",
          !segues.contains(where: { $0.identifier == identifier }),
          let destination = document.controller(found.destination)
        else { continue }
        // The tree the segue shows, its classes declared as the other trees' are.
        let tree = StoryboardTree(document, file: shown, start: found.destination, references: references)
        lookups.trees.append(tree)
        let root = tree.root ?? Node(className: "UIViewController")
        let style = StoryboardTree.style(found.presentationStyle ?? destination.presentationStyle)
        let push = ["show", "push"].contains(found.kind)
        segues.append(
          .init(identifier: identifier, action: push ? .push(root) : .present(root, style: style)))
      }
      if initial != nil || !scenes.isEmpty || !segues.isEmpty {
        var storyboard = StoryboardScenes(name: name, initial: initial, scenes: scenes)
        storyboard.segues = segues
        table.append(storyboard)
      }
    }
    return table
  }

  /// Whether `bytes` holds `word`.
  static func contains(_ bytes: [UInt8], _ word: [UInt8]) -> Bool {
    guard let first = word.first, bytes.count >= word.count else { return false }
    var index = 0
    while index + word.count <= bytes.count {
      if bytes[index] == first, bytes[index..<index + word.count].elementsEqual(word) { return true }
      index += 1
    }
    return false
  }
}
