// MARK: - Design note
//
// Scenario files are read with a small JSON parser of our own rather than JSONSerialization:
// errors must name the line and column, objects must keep their key order (a saved scenario
// reads like the one the user wrote), booleans must stay booleans (Foundation on Linux hands
// back NSNumber for both), and hostile input (deep nesting, bad UTF-8) must give a clear error
// instead of a crash. The writer prints deterministic, pretty JSON.

/// A parsed JSON value. Objects keep their members in file order.
public enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([(key: String, value: JSONValue)])

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a), .number(let b)): return a == b
    case (.string(let a), .string(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.object(let a), .object(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    default: return false
    }
  }

  /// The member named `key` of an object, or nil.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first(where: { $0.key == key })?.value
  }

  /// What a reader calls this kind of value in an error message.
  public var kindName: String {
    switch self {
    case .null: return "null"
    case .bool: return tr("a boolean")
    case .number: return tr("a number")
    case .string(let text): return tr("the string \"%s\"", String(text.prefix(40)))
    case .array: return tr("an array")
    case .object: return tr("an object")
    }
  }
}

// MARK: - Writing

extension JSONValue {
  /// Pretty JSON with two-space indentation; short arrays of scalars stay on one line.
  public func serialized(indent: Int = 0) -> String {
    var out = ""
    write(into: &out, indent: indent)
    return out
  }

  private func write(into out: inout String, indent: Int) {
    switch self {
    case .null: out += "null"
    case .bool(let value): out += value ? "true" : "false"
    case .number(let value): out += JSONValue.format(number: value)
    case .string(let text): JSONValue.quote(text, into: &out)
    case .array(let items):
      if items.isEmpty {
        out += "[]"
      } else if items.allSatisfy(\.isScalar) {
        let parts = items.map { $0.serialized() }
        let oneLine = "[" + parts.joined(separator: ", ") + "]"
        if oneLine.count + indent <= 100 {
          out += oneLine
          return
        }
        writeMultiline(items.map { (nil, $0) }, open: "[", close: "]", into: &out, indent: indent)
      } else {
        writeMultiline(items.map { (nil, $0) }, open: "[", close: "]", into: &out, indent: indent)
      }
    case .object(let members):
      if members.isEmpty {
        out += "{}"
      } else {
        writeMultiline(members.map { ($0.key, $0.value) }, open: "{", close: "}", into: &out, indent: indent)
      }
    }
  }

  private func writeMultiline(
    _ items: [(String?, JSONValue)], open: String, close: String, into out: inout String, indent: Int
  ) {
    let pad = String(repeating: " ", count: indent + 2)
    out += open + "\n"
    for (index, item) in items.enumerated() {
      out += pad
      if let key = item.0 {
        JSONValue.quote(key, into: &out)
        out += ": "
      }
      item.1.write(into: &out, indent: indent + 2)
      out += index == items.count - 1 ? "\n" : ",\n"
    }
    out += String(repeating: " ", count: indent) + close
  }

  private var isScalar: Bool {
    switch self {
    case .array, .object: return false
    default: return true
    }
  }

  static func format(number: Double) -> String {
    if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
    return String(number)
  }

  static func quote(_ text: String, into out: inout String) {
    out += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    out += "\""
  }
}
