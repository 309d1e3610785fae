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

  func storyboardScenes(_ files: [SourceFile], lookup: (String?, String?) -> Node?) -> [StoryboardScenes] {
    let words = Self.instantiating.map { Array($0.utf8) }
    guard files.contains(where: { file in words.contains { Self.contains(file.bytes, $0) } }) else {
      return []
    }
    var table: [StoryboardScenes] = []
    for (name, (document, _)) in documents.sorted(by: { $0.value.1 < $1.value.1 }) {
      var scenes: [StoryboardScenes.Scene] = []
      for controller in document.controllers {
        guard let identifier = controller.storyboardIdentifier, !identifier.isEmpty,
          !scenes.contains(where: { $0.identifier == identifier }),
          let root = lookup(name, identifier)
        else { continue }
        scenes.append(.init(identifier: identifier, root: root))
      }
      let initial = document.initialController == nil ? nil : lookup(name, nil)
      if initial != nil || !scenes.isEmpty {
        table.append(StoryboardScenes(name: name, initial: initial, scenes: scenes))
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
