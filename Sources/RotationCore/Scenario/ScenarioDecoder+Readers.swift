import FoundationEssentials

/// Primitive readers: objects, strings, booleans and their paths; unknown members.
extension ScenarioDecoder {
  func object(_ json: JSONValue, _ path: String, expected: String) throws(ScenarioError)
    -> [(key: String, value: JSONValue)]
  {
    guard case .object(let members) = json else {
      throw ScenarioError(
        path: path.isEmpty ? nil : path, message: tr("expected %s, found %s", expected, json.kindName))
    }
    return members
  }

  func array(_ json: JSONValue, _ path: String, expected: String) throws(ScenarioError) -> [JSONValue] {
    guard case .array(let items) = json else {
      throw ScenarioError(path: path, message: tr("expected %s, found %s", expected, json.kindName))
    }
    return items
  }

  func string(_ json: JSONValue, _ path: String) throws(ScenarioError) -> String {
    guard case .string(let text) = json else {
      throw ScenarioError(path: path, message: tr("expected a string, found %s", json.kindName))
    }
    return text
  }

  func bool(_ json: JSONValue, _ path: String) throws(ScenarioError) -> Bool {
    guard case .bool(let value) = json else {
      throw ScenarioError(path: path, message: tr("expected true or false, found %s", json.kindName))
    }
    return value
  }

  func integer(_ json: JSONValue, _ path: String) throws(ScenarioError) -> Int {
    guard case .number(let value) = json, value == value.rounded(), abs(value) < 1e9 else {
      throw ScenarioError(path: path, message: tr("expected a whole number, found %s", json.kindName))
    }
    return Int(value)
  }

  /// Whether a class, flag, method or window name is one the format takes: letters, digits and
  /// `_`, not starting with a digit, at most 200 characters.
  public static func isIdentifier(_ text: String) -> Bool {
    !text.isEmpty && text.count <= 200
      && text.unicodeScalars.allSatisfy {
        $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_"
      }
      && !("0"..."9").contains(text.unicodeScalars.first!)
  }

  /// A method's name: an identifier, or identifiers joined by dots for an imported Dart or
  /// JavaScript function qualified by its class or component (`VideoScreen.useEffect.cleanup`).
  public static func isMethodName(_ text: String) -> Bool {
    text.count <= 200
      && text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy {
        isIdentifier(String($0))
      }
  }

  func methodName(_ json: JSONValue, _ path: String) throws(ScenarioError) -> String {
    try name(json, path, valid: Self.isMethodName) {
      tr("expected a method name (identifiers, joined by dots for a qualified function), found \"%s\"", $0)
    }
  }

  func identifier(_ json: JSONValue, _ path: String) throws(ScenarioError) -> String {
    try name(json, path, valid: Self.isIdentifier) {
      tr("expected an identifier (letters, digits and _, like an Objective-C name), found \"%s\"", $0)
    }
  }

  /// A string `valid` accepts, else refused with `message` (given the string's first 60 characters).
  func name(
    _ json: JSONValue, _ path: String, valid: (String) -> Bool, message: (String) -> String
  ) throws(ScenarioError) -> String {
    let text = try string(json, path)
    guard valid(text) else { throw ScenarioError(path: path, message: message(String(text.prefix(60)))) }
    return text
  }

  func enumValue<E: RawRepresentable & CaseIterable>(
    _ json: JSONValue, _ path: String, _ type: E.Type
  )
    throws(ScenarioError) -> E where E.RawValue == String
  {
    let names = E.allCases.map(\.rawValue)
    let expectation = names.map { "\"\($0)\"" }.joined(separator: ", ")
    guard case .string(let text) = json else {
      throw ScenarioError(path: path, message: tr("expected one of %s, found %s", expectation, json.kindName))
    }
    guard let value = E(rawValue: text) else {
      throw ScenarioError(
        path: path,
        message: tr("expected one of %s, found \"%s\"%s", expectation, text, suggestion(text, names)))
    }
    return value
  }

  func allow(_ members: [(key: String, value: JSONValue)], _ path: String, _ keys: [String])
    throws(ScenarioError)
  {
    for (key, _) in members where !keys.contains(key) && !key.hasPrefix("_") {
      let listed = keys.map { "\"\($0)\"" }.joined(separator: ", ")
      throw ScenarioError(
        path: path.isEmpty ? nil : path,
        message: tr(
          "unknown member \"%s\"%s; expected one of %s (or a name starting with _)", key,
          suggestion(key, keys),
          listed))
    }
  }
}

// MARK: - Suggestions

/// ` (did you mean "X"?)` for the closest candidate within a small edit distance, else "".
func suggestion(_ word: String, _ candidates: [String]) -> String {
  let lowered = word.lowercased()
  var best: (String, Int)?
  for candidate in candidates.sorted() {
    let distance = editDistance(lowered, candidate.lowercased())
    if distance <= max(2, word.count / 4), best == nil || distance < best!.1 { best = (candidate, distance) }
  }
  guard let best, best.0 != word else { return "" }
  return " " + tr("(did you mean \"%s\"?)", best.0)
}

func editDistance(_ a: String, _ b: String) -> Int {
  let a = Array(a.unicodeScalars)
  let b = Array(b.unicodeScalars)
  if a.isEmpty { return b.count }
  if b.isEmpty { return a.count }
  var previous = Array(0...b.count)
  var current = [Int](repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    current[0] = i
    for j in 1...b.count {
      current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
    }
    swap(&previous, &current)
  }
  return previous[b.count]
}
