/// A syntax error in a JSON document, with the 1-based line and column where it was found.
public struct JSONSyntaxError: Error, Equatable, Sendable {
  public let line: Int
  public let column: Int
  public let message: String
}

/// A strict RFC 8259 parser over UTF-8 bytes.
///
/// It rejects invalid UTF-8, duplicate object keys and nesting deeper than `maxDepth`, and it
/// never recurses deeper than `maxDepth`, so hostile input cannot overflow the stack.
public struct JSONParser {
  public static let defaultMaxDepth = 200

  private let bytes: [UInt8]
  private var index = 0
  private let maxDepth: Int

  public static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) throws(JSONSyntaxError)
    -> JSONValue
  {
    var parser = JSONParser(bytes: bytes, maxDepth: maxDepth)
    try parser.checkUTF8()
    if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
    parser.skipWhitespace()
    let value = try parser.parseValue(depth: 0)
    parser.skipWhitespace()
    if parser.index < parser.bytes.count {
      throw parser.error(tr("unexpected text after the end of the document"))
    }
    return value
  }

  public static func parse(_ text: String, maxDepth: Int = defaultMaxDepth) throws(JSONSyntaxError)
    -> JSONValue
  {
    try parse(Array(text.utf8), maxDepth: maxDepth)
  }

  private init(bytes: [UInt8], maxDepth: Int) {
    self.bytes = bytes
    self.maxDepth = maxDepth
  }

  // MARK: - Errors

  private func position(of offset: Int) -> (line: Int, column: Int) {
    var line = 1
    var column = 1
    var i = 0
    while i < offset && i < bytes.count {
      if bytes[i] == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if bytes[i] & 0xC0 != 0x80 {
        column += 1
      }
      i += 1
    }
    return (line, column)
  }

  private func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
    let where_ = position(of: offset ?? index)
    return JSONSyntaxError(line: where_.line, column: where_.column, message: message)
  }

  private func describeHere() -> String {
    guard index < bytes.count else { return tr("the end of the file") }
    let byte = bytes[index]
    if byte >= 0x20 && byte < 0x7F { return "'\(Character(UnicodeScalar(byte)))'" }
    return tr("byte 0x%s", String(byte, radix: 16, uppercase: true))
  }

  // MARK: - UTF-8

  private func checkUTF8() throws(JSONSyntaxError) {
    var i = 0
    while i < bytes.count {
      let lead = bytes[i]
      let length: Int
      var minimum: UInt32 = 0
      switch lead {
      case 0x00...0x7F: length = 1
      case 0xC2...0xDF: length = 2; minimum = 0x80
      case 0xE0...0xEF: length = 3; minimum = 0x800
      case 0xF0...0xF4: length = 4; minimum = 0x10000
      default:
        throw error(
          tr("the file is not valid UTF-8 (byte 0x%s)", String(lead, radix: 16, uppercase: true)), at: i)
      }
      if length > 1 {
        guard i + length <= bytes.count else {
          throw error(tr("the file is not valid UTF-8 (truncated character)"), at: i)
        }
        var scalar = UInt32(lead) & (0xFF >> (length + 1))
        for k in 1..<length {
          let next = bytes[i + k]
          guard next & 0xC0 == 0x80 else { throw error(tr("the file is not valid UTF-8"), at: i) }
          scalar = scalar << 6 | UInt32(next & 0x3F)
        }
        if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) {
          throw error(tr("the file is not valid UTF-8"), at: i)
        }
      }
      i += length
    }
  }

  // MARK: - Values

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
    guard index < bytes.count else { throw error(tr("the file ends where a value was expected")) }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
    case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
    case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
    case UInt8(ascii: "n"): return try parseLiteral("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw error(tr("expected a value, found %s", describeHere()))
    }
  }

  private mutating func parseLiteral(_ word: String, _ value: JSONValue) throws(JSONSyntaxError) -> JSONValue
  {
    let utf8 = Array(word.utf8)
    guard index + utf8.count <= bytes.count, Array(bytes[index..<index + utf8.count]) == utf8 else {
      throw error(tr("expected a value, found %s", describeHere()))
    }
    index += utf8.count
    return value
  }

  private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
    let start = index
    func digits(_ parser: inout JSONParser) -> Int {
      let from = parser.index
      while parser.index < parser.bytes.count, (0x30...0x39).contains(parser.bytes[parser.index]) {
        parser.index += 1
      }
      return parser.index - from
    }
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard index < bytes.count, (0x30...0x39).contains(bytes[index]) else {
      throw error(tr("expected a digit in a number"), at: index)
    }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
    } else {
      _ = digits(&self)
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard digits(&self) > 0 else { throw error(tr("expected a digit after the decimal point")) }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        index += 1
      }
      guard digits(&self) > 0 else { throw error(tr("expected a digit in the exponent")) }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let value = Double(text), value.isFinite else { throw error(tr("number out of range"), at: start) }
    return .number(value)
  }

  private mutating func parseString() throws(JSONSyntaxError) -> String {
    let start = index
    index += 1
    var scalars = String.UnicodeScalarView()
    var runStart = index
    func flush(_ parser: JSONParser, _ from: Int, _ scalars: inout String.UnicodeScalarView) {
      if from < parser.index {
        scalars.append(
          contentsOf: String(decoding: parser.bytes[from..<parser.index], as: UTF8.self).unicodeScalars)
      }
    }
    while true {
      guard index < bytes.count else {
        throw error(tr("the file ends inside a string that starts here"), at: start)
      }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        flush(self, runStart, &scalars)
        index += 1
        return String(scalars)
      }
      if byte < 0x20 { throw error(tr("a control character must be escaped inside a string")) }
      if byte == UInt8(ascii: "\\") {
        flush(self, runStart, &scalars)
        index += 1
        guard index < bytes.count else { throw error(tr("the file ends inside an escape")) }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""): scalars.append("\"")
        case UInt8(ascii: "\\"): scalars.append("\\")
        case UInt8(ascii: "/"): scalars.append("/")
        case UInt8(ascii: "b"): scalars.append("\u{08}")
        case UInt8(ascii: "f"): scalars.append("\u{0C}")
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "u"):
          var code = try parseHex4()
          if (0xD800...0xDBFF).contains(code) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
              bytes[index + 1] == UInt8(ascii: "u")
            else { throw error(tr("an unpaired surrogate in a \\u escape")) }
            index += 2
            let low = try parseHex4()
            guard (0xDC00...0xDFFF).contains(low) else {
              throw error(tr("an unpaired surrogate in a \\u escape"))
            }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
          } else if (0xDC00...0xDFFF).contains(code) {
            throw error(tr("an unpaired surrogate in a \\u escape"))
          }
          guard let scalar = Unicode.Scalar(code) else { throw error(tr("an invalid \\u escape")) }
          scalars.append(scalar)
        default:
          throw error(tr("an invalid escape in a string"), at: index - 2)
        }
        runStart = index
        continue
      }
      index += 1
    }
  }

  private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
    guard index + 4 <= bytes.count else { throw error(tr("the file ends inside a \\u escape")) }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt32
      switch byte {
      case 0x30...0x39: digit = UInt32(byte - 0x30)
      case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
      case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
      default: throw error(tr("expected four hex digits after \\u"))
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
    if depth > maxDepth { throw error(tr("nesting deeper than %s levels", maxDepth)) }
    index += 1
    var items: [JSONValue] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(items)
    }
    while true {
      skipWhitespace()
      items.append(try parseValue(depth: depth))
      skipWhitespace()
      guard index < bytes.count else { throw error(tr("the file ends inside an array; expected ',' or ']'")) }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      if bytes[index] == UInt8(ascii: "]") {
        index += 1
        return .array(items)
      }
      throw error(tr("expected ',' or ']' in an array, found %s", describeHere()))
    }
  }

  private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
    if depth > maxDepth { throw error(tr("nesting deeper than %s levels", maxDepth)) }
    index += 1
    var members: [(key: String, value: JSONValue)] = []
    var seen = Set<String>()
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count else {
        throw error(tr("the file ends inside an object; expected a member name"))
      }
      guard bytes[index] == UInt8(ascii: "\"") else {
        throw error(tr("expected a quoted member name, found %s", describeHere()))
      }
      let keyStart = index
      let key = try parseString()
      guard seen.insert(key).inserted else {
        throw error(tr("the member \"%s\" appears twice", key), at: keyStart)
      }
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw error(tr("expected ':' after the member name \"%s\", found %s", key, describeHere()))
      }
      index += 1
      skipWhitespace()
      members.append((key, try parseValue(depth: depth)))
      skipWhitespace()
      guard index < bytes.count else {
        throw error(tr("the file ends inside an object; expected ',' or '}'"))
      }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      if bytes[index] == UInt8(ascii: "}") {
        index += 1
        return .object(members)
      }
      throw error(tr("expected ',' or '}' in an object, found %s", describeHere()))
    }
  }
}
