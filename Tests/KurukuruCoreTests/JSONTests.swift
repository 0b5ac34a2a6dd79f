import XCTest

@testable import KurukuruCore

final class JSONTests: XCTestCase {
  func parse(_ text: String) throws -> JSONNode {
    var p = JSONParser(text: text, file: "f.json")
    return try p.parse()
  }

  func testValuesAndLocations() throws {
    let node = try parse("{\n  \"a\": [1, -2.5e1, true, null],\n  \"b\": \"x\\u00e9\\n\"\n}")
    guard case .object(let members) = node.value else { return XCTFail("not an object") }
    XCTAssertEqual(members.map(\.key), ["a", "b"])
    XCTAssertEqual(members[0].keyLocation, PresetLocation(line: 2, column: 3))
    XCTAssertEqual(members[1].value.location, PresetLocation(line: 3, column: 8))
    guard case .array(let items) = members[0].value.value else { return XCTFail("not an array") }
    XCTAssertEqual(items.map(\.value), [.number(1), .number(-25), .bool(true), .null])
    XCTAssertEqual(members[1].value.value, .string("xé\n"))
  }

  func testSyntaxErrorsNameLineAndColumn() {
    let cases: [(String, String)] = [
      ("{\n  \"a\": 1,\n}", "f.json:3:1: expected a quoted key"),
      ("{\"a\" 1}", "f.json:1:6: expected ':' after key 'a'"),
      ("[1, 2", "f.json:1:6: unexpected end of file, expected ',' or ']'"),
      ("{\"a\": 01}", "f.json:1:8: leading zeros are not allowed in numbers"),
      ("{\"a\": 1, \"a\": 2}", "f.json:1:10: duplicate key 'a'"),
      ("\"abc", "f.json:1:5: unterminated string"),
      ("{} x", "f.json:1:4: unexpected 'x' after the JSON value"),
      ("tru", "f.json:1:4: unexpected 'end of file', expected 'true'"),
      // A character that would break the error line is written as an escape.
      ("[tru\n]", "f.json:1:5: unexpected '\\n', expected 'true'"),
      ("[\u{1B}]", "f.json:1:2: unexpected '\\u{1B}', expected a value"),
      ("{\"a\\nb\" 1}", "f.json:1:9: expected ':' after key 'a\\nb'"),
    ]
    for (text, expected) in cases {
      XCTAssertThrowsError(try parse(text), text) { XCTAssertEqual(String(describing: $0), expected) }
    }
  }

  func testNestingDepthIsBounded() {
    let deep = String(repeating: "[", count: 100_000)
    XCTAssertThrowsError(try parse(deep)) { XCTAssertEqual(String(describing: $0), "f.json:1:257: nesting deeper than 256 levels") }
    XCTAssertNoThrow(try parse(String(repeating: "[", count: 200) + String(repeating: "]", count: 200)))
  }
}
