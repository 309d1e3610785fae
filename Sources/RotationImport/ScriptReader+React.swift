// The fuzzer compiles the core and this module as one module, without RotationCore.
#if canImport(RotationCore)
  import RotationCore
#endif

/// A React Native `<Modal>` (docs/import.md#dart-and-javascript): shown while a state value is
/// true (`visible={show}`), it is React Native's `RCTModalHostViewController` presented with the
/// orientations its `supportedOrientations` lists (nil: the prop is absent), in the style its
/// `presentationStyle` and `transparent` give.
struct ScriptModal: Sendable, Equatable {
  var file: String
  var line: Int
  var visible: String
  var orientations: [String]?
  var style: PresentationStyle
}

/// React's state as the Modal reads it: the hook `const [show, setShow] = useState(false)` and a
/// class component's `this.setState({ show: true })`, each setting a Bool the reader keeps as an
/// assignment step.
extension ScriptReader {
  /// `const [show, setShow] = useState(false)` (or `React.useState`): setShow sets show, false at
  /// first.
  mutating func readStateHooks() {
    guard language == .javaScript else { return }
    for index in tokens.indices where code(index, "[") && index + 7 < tokens.count {
      guard isName(index + 1), code(index + 2, ","), isName(index + 3), code(index + 4, "]"),
        code(index + 5, "=")
      else { continue }
      var call = index + 6
      if text(call) == "React", code(call + 1, ".") { call += 2 }
      guard text(call) == "useState", code(call + 1, "("), stateSetters.count < 1_000 else { continue }
      stateSetters[text(index + 3)] = text(index + 1)
      if ["true", "false"].contains(text(call + 2)), code(call + 3, ")") {
        boolDefaults[text(index + 1)] = text(call + 2) == "true"
      }
    }
  }

  /// `setShow(true)`, `this.setState({ show: true })` (members nested in objects too): each Bool
  /// set becomes an assignment step of the function it is in. False when the call is neither.
  mutating func readStateSetter(_ chain: [String], values: [JSONValue]?, line: Int, in inside: Int) -> Bool {
    guard language == .javaScript, let values, values.count == 1 else { return false }
    if chain.count == 1, let name = stateSetters[chain[0]] {
      guard case .bool(let value) = values[0] else { return false }
      append(.assign(name, value, line: line), to: inside)
      return true
    }
    guard chain == ["this", "setState"] || chain == ["setState"], case .object = values[0] else {
      return false
    }
    func assign(_ value: JSONValue) {
      guard case .object(let members) = value else { return }
      for member in members {
        if case .bool(let set) = member.value { append(.assign(member.key, set, line: line), to: inside) }
        assign(member.value)
      }
    }
    assign(values[0])
    return true
  }

  /// The `}` that closes the JSX expression opened at `open`.
  func braceClose(_ open: Int) -> Int? {
    var depth = 0
    for index in open..<min(tokens.count, open + 400) {
      if ["{", "(", "["].contains(text(index)) { depth += 1 }
      if ["}", ")", "]"].contains(text(index)) {
        depth -= 1
        if depth == 0 { return code(index, "}") ? index : nil }
      }
    }
    return nil
  }

  /// `<Modal visible={show} supportedOrientations={['landscape']} …>`: kept when `visible` names a
  /// value and the orientations are a literal list or absent; orientations the import cannot read
  /// are reported.
  mutating func readModal(at start: Int) {
    var index = start + 1
    var modal = ScriptModal(
      file: file, line: tokens[start].line, visible: "", orientations: nil, style: .fullScreen)
    var transparent = false
    var style: String?
    while index < tokens.count, index < start + 400, !code(index, ">"), !code(index, "/") {
      guard isName(index), code(index + 1, "=") else {
        index += 1
        continue
      }
      let prop = text(index)
      let value = index + 2
      if code(value, "{"), let end = braceClose(value) {
        let literal = literal((value + 1)..<end, parameters: [])
        switch prop {
        case "supportedOrientations":
          guard case .array(let items)? = literal else {
            findings.append(
              .init(
                file: file, line: modal.line,
                text: tr(
                  "a React Native Modal with supportedOrientations %s: presented, it is RCTModalHostViewController answering them; not modelled",
                  "a value the import cannot read")))
            return
          }
          modal.orientations = items.compactMap {
            if case .string(let name) = $0 { return name } else { return nil }
          }
        case "visible":
          // `{show}`, `{this.state.show}`, `{state.show}`: the value's last name.
          if literal == nil, let name = boolName((value + 1)..<end) { modal.visible = name }
        case "transparent": transparent = literal == .bool(true)
        case "presentationStyle": if case .string(let written)? = literal { style = written }
        default: break
        }
        index = end + 1
        continue
      } else if tokens.indices.contains(value), tokens[value].kind == .string, prop == "presentationStyle" {
        style = unquoted(text(value))
      }
      index = value + 1
    }
    guard !modal.visible.isEmpty, modals.count < 1_000 else { return }
    // Modal.js: `presentationStyle` when given, else fullScreen, or overFullScreen when transparent.
    switch style {
    case "pageSheet": modal.style = .pageSheet
    case "formSheet": modal.style = .formSheet
    case "overFullScreen": modal.style = .overFullScreen
    case "fullScreen": modal.style = .fullScreen
    default: modal.style = transparent ? .overFullScreen : .fullScreen
    }
    modals.append(modal)
  }
}
