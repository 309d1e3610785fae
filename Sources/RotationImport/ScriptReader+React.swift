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
/// assignment step; and the names the file gives React Native's Modal.
extension ScriptReader {
  /// One pass over a JavaScript file before it is read: its `useState` hooks
  /// (`const [show, setShow] = useState(false)`, also `React.useState` and `useState<boolean>`:
  /// setShow sets show, false at first), the names it gives React Native's `Modal`
  /// (`import { Modal } from 'react-native'`, `Modal as RNModal`), and whether it reads the
  /// window's size (`useWindowDimensions`, `Dimensions.get`).
  mutating func readReactBindings() {
    guard language == .javaScript else { return }
    for index in tokens.indices {
      if text(index) == "useWindowDimensions" || (text(index) == "Dimensions" && text(index + 2) == "get") {
        readsWindowSize = true
      }
      if tokens[index].kind == .string, unquoted(text(index)) == "react-native", code(index - 1, "from"),
        code(index - 2, "}")
      {
        var back = index - 3
        while back >= 0, !code(back, "{"), index - back < 200 {
          if text(back) == "Modal" {
            modalNames.insert(code(back + 1, "as") && isName(back + 2) ? text(back + 2) : "Modal")
          }
          back -= 1
        }
      }
      guard code(index, "["), isName(index + 1), code(index + 2, ","), isName(index + 3),
        code(index + 4, "]"),
        code(index + 5, "=")
      else { continue }
      var call = index + 6
      if text(call) == "React", code(call + 1, ".") { call += 2 }
      guard text(call) == "useState", stateSetters.count < 1_000 else { continue }
      // TypeScript's `useState<boolean>(…)`: the type argument is passed over.
      if code(call + 1, "<"),
        let close = (call + 2..<min(call + 12, tokens.count)).first(where: { code($0, ">") })
      {
        call = close
      }
      guard code(call + 1, "(") else { continue }
      stateSetters[text(index + 3)] = text(index + 1)
      if ["true", "false"].contains(text(call + 2)), code(call + 3, ")") {
        boolDefaults[text(index + 1)] = text(call + 2) == "true"
      }
    }
  }

  /// `setShow(true)`, `setShow(!show)`, `setShow(v => !v)`, and `this.setState({ show: true, item })`
  /// (each member read alone; nested objects too; `!this.state.show` a toggle; a callback after it
  /// passed over): each Bool set or flipped becomes an assignment step of the function it is in.
  /// False when the call is neither.
  mutating func readStateSetter(_ chain: [String], open: Int, close: Int, line: Int, in inside: Int) -> Bool {
    guard language == .javaScript, let first = split((open + 1)..<close).first, !first.isEmpty else {
      return false
    }
    if chain.count == 1, let name = stateSetters[chain[0]] {
      guard let value = boolValue(first, of: name) else { return false }
      append(.assign(name, value, line: line), to: inside)
      return true
    }
    guard chain == ["this", "setState"] || chain == ["setState"], code(first.lowerBound, "{") else {
      return false
    }
    func members(_ object: Range<Int>) {
      guard let last = object.last, code(object.lowerBound, "{"), code(last, "}") else { return }
      for member in split((object.lowerBound + 1)..<last)
      where member.count >= 3 && code(member.lowerBound + 1, ":") {
        let key =
          tokens[member.lowerBound].kind == .string
          ? unquoted(text(member.lowerBound)) : text(member.lowerBound)
        let value = (member.lowerBound + 2)..<member.upperBound
        if let set = boolValue(value, of: key) { append(.assign(key, set, line: line), to: inside) }
        members(value)
      }
    }
    members(first)
    return true
  }

  /// `true` / `false`, or a flip of `name` (`!name`, `!this.state.name`, `v => !v`): `.some(nil)`.
  func boolValue(_ range: Range<Int>, of name: String) -> Bool?? {
    let words = range.map(text)
    if words == ["true"] || words == ["false"] { return .some(words == ["true"]) }
    if words.first == "!", words.last == name { return .some(nil) }
    if words.count == 4, words[1] == "=>", words[2] == "!", words[3] == words[0] { return .some(nil) }
    return nil
  }

  /// The `}` that closes the JSX expression opened at `open`.
  func braceClose(_ open: Int) -> Int? {
    var depth = 0
    for index in open..<min(tokens.count, open + 2_000) {
      if ["{", "(", "["].contains(text(index)) { depth += 1 }
      if ["}", ")", "]"].contains(text(index)) {
        depth -= 1
        if depth == 0 { return code(index, "}") ? index : nil }
      }
    }
    return nil
  }

  /// `<Modal visible={show} supportedOrientations={['landscape']} …>` (React Native's `Modal`, under
  /// the name the file imports it as): kept when `visible` names a value and the orientations are a
  /// literal list or absent; otherwise reported with what it allows.
  mutating func readModal(at start: Int) {
    var index = start + 1
    var modal = ScriptModal(
      file: file, line: tokens[start].line, visible: "", orientations: nil, style: .fullScreen)
    var transparent = false
    var style: String?
    var unread: String?
    while index < tokens.count, index < start + 2_000, !code(index, ">"), !code(index, "/") {
      guard isName(index) else {
        index += 1
        continue
      }
      let prop = text(index)
      let value = index + 2
      guard code(index + 1, "=") else {
        // A prop with no value is true (`<Modal transparent visible={v}>`).
        if prop == "transparent" { transparent = true }
        if prop == "visible" { unread = "visible" }
        index += 1
        continue
      }
      if code(value, "{"), let end = braceClose(value) {
        let literal = literal((value + 1)..<end, parameters: [])
        switch prop {
        case "supportedOrientations":
          guard case .array(let items)? = literal else {
            unread = unread ?? "supportedOrientations"
            index = end + 1
            continue
          }
          modal.orientations = items.compactMap {
            if case .string(let name) = $0 { return name } else { return nil }
          }
        case "visible":
          // `{show}`, `{this.state.show}`, `{state.show}`: the value's last name; a prop's is the parent's.
          let words = ((value + 1)..<end).map(text)
          if literal == nil, !words.contains("props"), let name = boolName((value + 1)..<end) {
            modal.visible = name
          } else {
            unread = words.contains("props") ? "a prop" : "visible"
          }
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
    let mask = ScriptProgram.modalMask(modal.orientations).name
    if modal.visible.isEmpty || unread != nil {
      // React Native shows a Modal without `visible` when it mounts: when that is, is not read.
      findings.append(
        .init(
          file: file, line: modal.line,
          text: unread == "supportedOrientations"
            ? tr(
              "a React Native Modal with supportedOrientations %s: presented, it is RCTModalHostViewController answering them; not modelled",
              "a value the import cannot read")
            : tr(
              "a React Native Modal answering %s: when it shows is not read (its visible value is not a state the code sets): not modelled",
              mask)))
      return
    }
    guard modals.count < 1_000 else { return }
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
