import RotationCore
import Testing

@Suite struct JSONParserTests {
  @Test func parsesEveryKindOfValueAndKeepsKeyOrder() throws {
    let value = try JSONParser.parse(#"{"b": [1, -2.5e1, true, false, null], "a": "x\u00e9\n\ud83d\ude00"}"#)
    guard case .object(let members) = value else {
      Issue.record("not an object")
      return
    }
    #expect(members.map(\.key) == ["b", "a"])
    #expect(value["b"] == .array([.number(1), .number(-25), .bool(true), .bool(false), .null]))
    #expect(value["a"] == .string("xé\n😀"))
  }

  @Test func booleansStayBooleans() throws {
    #expect(try JSONParser.parse("[true, 1]") == .array([.bool(true), .number(1)]))
  }

  @Test(arguments: [
    ("{\"a\": 1,}", "expected a quoted member name, found '}'"),
    ("[1 2]", "expected ',' or ']' in an array, found '2'"),
    ("{\"a\": 1, \"a\": 2}", "the member \"a\" appears twice"),
    ("\"abc", "the file ends inside a string that starts here"),
    ("tru", "expected a value, found 't'"),
    ("01", "unexpected text after the end of the document"),
    ("", "the file ends where a value was expected"),
    ("[1] x", "unexpected text after the end of the document"),
  ])
  func rejectsMalformedText(_ text: String, _ message: String) {
    #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text) }
    do {
      _ = try JSONParser.parse(text)
    } catch {
      #expect(error.message == message)
    }
  }

  @Test func rejectsInvalidUTF8WithItsPosition() {
    do {
      _ = try JSONParser.parse([0x7B, 0x0A, 0x22, 0xFF, 0x22, 0x7D])
      Issue.record("expected an error")
    } catch {
      #expect(error.line == 2)
      #expect(error.message.contains("not valid UTF-8"))
    }
  }

  @Test func deepNestingIsALimitNotACrash() {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    do {
      _ = try JSONParser.parse(deep)
      Issue.record("expected an error")
    } catch {
      #expect(error.message == "nesting deeper than \(JSONParser.defaultMaxDepth) levels")
    }
  }

  @Test func serializingAndParsingAgainGivesTheSameValue() throws {
    let text =
      #"{"title": "q\"uote\\", "list": ["portrait", "landscapeLeft"], "nested": {"n": 3, "x": 0.5, "e": []}}"#
    let value = try JSONParser.parse(text)
    #expect(try JSONParser.parse(value.serialized()) == value)
  }
}
