// The fuzzer compiles the core and this module as one module, without RotationCore.
#if canImport(RotationCore)
  import RotationCore
#endif

/// Literal masks and orientations as Swift and Objective-C write them.
enum CodeLiterals {
  /// `.portrait`, `UIInterfaceOrientationMask.landscape`, `[.portrait, .landscapeLeft]`,
  /// `UIInterfaceOrientationMaskPortrait | UIInterfaceOrientationMaskLandscapeLeft`, `.all.subtracting(…)` (no).
  /// A mask the format takes: UIKit refuses an empty one (`[]`), and so does the scenario.
  static func mask(_ written: [SourceToken]) -> OrientationMask? {
    guard let mask = anyMask(written), !mask.isEmpty else { return nil }
    return mask
  }

  static func anyMask(_ written: [SourceToken], depth: Int = 0) -> OrientationMask? {
    let tokens = CodeStatements.unwrapped(written)
    guard !tokens.isEmpty, depth < 8 else { return nil }
    if tokens.first!.is("["), tokens.last!.is("]"), CodeStatements.closing(tokens, 0) == tokens.count {
      var mask: OrientationMask = []
      let inner = Array(tokens.dropFirst().dropLast())
      for part in split(inner, at: ",") where !part.isEmpty {
        guard let one = Self.anyMask(part, depth: depth + 1) else { return nil }
        mask.formUnion(one)
      }
      return mask
    }
    let parts = split(tokens, at: "|")
    if parts.count > 1 {
      var mask: OrientationMask = []
      for part in parts {
        guard let one = Self.anyMask(part, depth: depth + 1) else { return nil }
        mask.formUnion(one)
      }
      return mask
    }
    guard let name = member(tokens, type: "UIInterfaceOrientationMask") else { return nil }
    return try? OrientationMask(name: name)
  }

  /// `.landscapeRight`, `UIInterfaceOrientation.portrait`, `UIInterfaceOrientationLandscapeLeft`.
  static func orientation(_ written: [SourceToken]) -> InterfaceOrientation? {
    guard let name = member(CodeStatements.unwrapped(written), type: "UIInterfaceOrientation") else {
      return nil
    }
    return InterfaceOrientation(name: name).flatMap { $0 == .unknown ? nil : $0 }
  }

  /// `.name`, `Type.name`, `TypeName` (Objective-C's constant): the name with a lowercase first letter
  /// (Swift 2 wrote the cases capitalized: `.AllButUpsideDown`).
  static func member(_ tokens: [SourceToken], type: String) -> String? {
    let texts = tokens.map(\.text)
    if texts.count == 2, texts[0] == ".", tokens[1].kind == .identifier {
      return texts[1].lowercasedFirstLetter
    }
    if texts.count == 3, texts[0] == type, texts[1] == "." { return texts[2].lowercasedFirstLetter }
    if texts.count == 1, texts[0].hasPrefix(type), texts[0].count > type.count {
      let rest = texts[0].dropFirst(type.count)
      return rest.prefix(1).lowercased() + rest.dropFirst()
    }
    return nil
  }

  static func split(_ tokens: [SourceToken], at separator: String) -> [[SourceToken]] {
    var parts: [[SourceToken]] = [[]]
    var depth = 0
    for token in tokens {
      if token.kind == .punctuation {
        if ["(", "[", "{"].contains(token.text) { depth += 1 }
        if [")", "]", "}"].contains(token.text) { depth -= 1 }
        if depth == 0 && token.text == separator {
          parts.append([])
          continue
        }
      }
      parts[parts.count - 1].append(token)
    }
    return parts
  }
}
