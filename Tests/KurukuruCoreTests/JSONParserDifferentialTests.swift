import Foundation
import XCTest

@testable import KurukuruCore

/// Differential tests: our strict `JSONParser` against Foundation's `JSONSerialization`.
///
/// Both parsers' results are reduced to a `Tree` (numbers as `Double`, strings as Unicode scalars,
/// objects as dictionaries, arrays in order) and compared. Where the two disagree, the case asserts
/// our behaviour explicitly, together with what `JSONSerialization` does on Linux
/// (swift-corelibs-foundation with Swift 6.3), as observed when these tests were written:
///
/// - Duplicate keys: JSONSerialization keeps the last value; ours rejects ("duplicate key 'a'"),
///   also for canonically equivalent keys such as "\u00e9" and "e\u0301".
/// - Nesting of 257 to 512 levels: JSONSerialization accepts (its limit is 512); ours rejects
///   beyond `maxDepth` 256 ("nesting deeper than 256 levels").
/// - Trailing commas (`[1,]`, `{"a": 1,}`): JSONSerialization accepts them; ours rejects them,
///   as RFC 8259 does.
/// - A byte order mark: JSONSerialization skips a UTF-8 BOM in the bytes; ours rejects U+FEFF in
///   the text, but preset files are decoded with `String(data:encoding:)`, which drops it.
/// - `-0`: JSONSerialization reads the integer 0 and loses the sign; ours keeps `-0.0`.
/// - More than about 17 significant digits: JSONSerialization returns an `NSDecimalNumber` whose
///   `doubleValue` can be one ulp off; ours uses `Double(String)`, correctly rounded.
///
/// Both reject: lone or reversed surrogates in `\u` escapes, raw control characters in strings,
/// `1e309` (overflow; ours says "number out of range"), comments, `NaN`/`Infinity`, leading zeros,
/// whitespace other than space, tab, LF and CR, empty input and trailing garbage.
final class JSONParserDifferentialTests: XCTestCase {

  // MARK: - Comparable value tree

  /// A JSON value as both parsers can produce it. Strings and keys are compared as Unicode
  /// scalars, so two canonically equivalent but differently encoded strings are not equal.
  indirect enum Tree: Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string([Unicode.Scalar])
    case array([Tree])
    case object([[Unicode.Scalar]: Tree])

    static func str(_ s: String) -> Tree { .string(Array(s.unicodeScalars)) }
    static func obj(_ members: [String: Tree]) -> Tree {
      .object(Dictionary(uniqueKeysWithValues: members.map { (Array($0.key.unicodeScalars), $0.value) }))
    }

    var description: String {
      switch self {
      case .null: return "null"
      case .bool(let b): return "\(b)"
      case .number(let d): return "\(d)"
      case .string(let s): return Tree.quoted(s)
      case .array(let items): return "[" + items.map(\.description).joined(separator: ", ") + "]"
      case .object(let members):
        let sorted = members.sorted { Tree.quoted($0.key) < Tree.quoted($1.key) }
        return "{" + sorted.map { "\(Tree.quoted($0.key)): \($0.value)" }.joined(separator: ", ") + "}"
      }
    }

    static func quoted(_ scalars: [Unicode.Scalar]) -> String {
      "\"" + scalars.map { $0.escaped(asASCII: true) }.joined() + "\""
    }
  }

  /// Our parse tree, reduced. Duplicate keys cannot occur: the parser rejects them.
  static func tree(_ node: JSONNode) -> Tree {
    switch node.value {
    case .null: return .null
    case .bool(let b): return .bool(b)
    case .number(let d): return .number(d)
    case .string(let s): return .string(Array(s.unicodeScalars))
    case .array(let items): return .array(items.map(tree))
    case .object(let members):
      var dict: [[Unicode.Scalar]: Tree] = [:]
      for m in members { dict[Array(m.key.unicodeScalars)] = tree(m.value) }
      return .object(dict)
    }
  }

  struct UnexpectedFoundationValue: Error, CustomStringConvertible {
    var value: Any
    var description: String { "unexpected JSONSerialization value of type \(type(of: value))" }
  }

  /// `JSONSerialization`'s result, reduced. On Linux booleans are `NSNumber`s too (and `x is Bool`
  /// is true for any `NSNumber` 0 or 1), so booleans are told apart by their `objCType` "c".
  static func tree(foundation value: Any) throws -> Tree {
    if value is NSNull { return .null }
    if let n = value as? NSNumber {
      return String(cString: n.objCType) == "c" ? .bool(n.boolValue) : .number(n.doubleValue)
    }
    if let s = value as? String { return .string(Array(s.unicodeScalars)) }
    if let a = value as? [Any] { return .array(try a.map { try tree(foundation: $0) }) }
    if let d = value as? [String: Any] {
      var dict: [[Unicode.Scalar]: Tree] = [:]
      for (k, v) in d { dict[Array(k.unicodeScalars)] = try tree(foundation: v) }
      return .object(dict)
    }
    throw UnexpectedFoundationValue(value: value)
  }

  /// The first place where two trees differ, as a path and the two values; nil when equal.
  static func firstDifference(_ a: Tree, _ b: Tree, path: String = "$") -> String? {
    switch (a, b) {
    case (.array(let x), .array(let y)) where x.count == y.count:
      for i in x.indices {
        if let d = firstDifference(x[i], y[i], path: "\(path)[\(i)]") { return d }
      }
      return nil
    case (.object(let x), .object(let y)) where Set(x.keys) == Set(y.keys):
      for k in x.keys.sorted(by: { Tree.quoted($0) < Tree.quoted($1) }) {
        if let d = firstDifference(x[k]!, y[k]!, path: "\(path)[\(Tree.quoted(k))]") { return d }
      }
      return nil
    default:
      return a == b ? nil : "\(path): ours \(a) vs JSONSerialization \(b)"
    }
  }

  // MARK: - Running both parsers

  static func ours(_ text: String, maxDepth: Int = 256) -> Result<JSONNode, PresetError> {
    var parser = JSONParser(text: text, file: "t.json", maxDepth: maxDepth)
    do { return .success(try parser.parse()) } catch let e as PresetError { return .failure(e) } catch {
      fatalError("JSONParser threw a non-PresetError: \(error)")
    }
  }

  static func foundation(_ data: Data) -> Result<Tree, Error> {
    Result { try tree(foundation: try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)) }
  }

  static func foundation(_ text: String) -> Result<Tree, Error> { foundation(Data(text.utf8)) }

  /// What a table case expects.
  enum Expectation {
    /// Both accept with equal values; when given, the value must also be this one.
    case same(Tree? = nil)
    /// Both reject.
    case bothReject
    /// We are deliberately stricter: ours rejects with this message (and location, when given);
    /// JSONSerialization accepts, with this value.
    case oursRejects(String, at: PresetLocation? = nil, foundationGives: Tree)
  }

  /// Checks one case. `name` names it in every failure message.
  func check(_ name: String, _ text: String, _ expectation: Expectation, file: StaticString = #filePath, line: UInt = #line) {
    let mine = Self.ours(text)
    let theirs = Self.foundation(text)
    switch expectation {
    case .same(let expected):
      switch (mine, theirs) {
      case (.success(let node), .success(let t)):
        let m = Self.tree(node)
        XCTAssertNil(Self.firstDifference(m, t), "case '\(name)': parsers disagree", file: file, line: line)
        if let expected {
          XCTAssertEqual(m, expected, "case '\(name)': our value", file: file, line: line)
        }
      case (.failure(let e), _):
        XCTFail("case '\(name)': ours rejects valid JSON: \(e)", file: file, line: line)
      case (_, .failure(let e)):
        XCTFail("case '\(name)': JSONSerialization rejects it (behaviour changed?): \(e)", file: file, line: line)
      }
    case .bothReject:
      if case .success(let node) = mine {
        XCTFail("case '\(name)': ours accepts invalid JSON as \(Self.tree(node))", file: file, line: line)
      }
      if case .success(let t) = theirs {
        XCTFail("case '\(name)': JSONSerialization accepts it as \(t) (behaviour changed?)", file: file, line: line)
      }
    case .oursRejects(let message, let location, let expected):
      switch mine {
      case .success(let node):
        XCTFail("case '\(name)': ours should reject it but gives \(Self.tree(node))", file: file, line: line)
      case .failure(let e):
        XCTAssertEqual(e.message, message, "case '\(name)': our error message", file: file, line: line)
        if let location { XCTAssertEqual(e.location, location, "case '\(name)': our error location", file: file, line: line) }
      }
      switch theirs {
      case .success(let t):
        XCTAssertEqual(t, expected, "case '\(name)': JSONSerialization's documented value", file: file, line: line)
      case .failure(let e):
        XCTFail(
          "case '\(name)': JSONSerialization now rejects it too; update the documented difference: \(e)",
          file: file, line: line)
      }
    }
  }

  // MARK: - Bundled presets

  func testEveryBundledPresetParsesLikeJSONSerialization() throws {
    let dir = repositoryRoot.appendingPathComponent("Presets")
    let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".json") }.sorted()
    XCTAssertGreaterThan(names.count, 10, "expected the bundled presets in \(dir.path)")
    for name in names {
      let data = try Data(contentsOf: dir.appendingPathComponent(name))
      // The same decoding as `Preset(contentsOfFile:)`.
      guard let text = String(data: data, encoding: .utf8) else { XCTFail("\(name): not UTF-8"); continue }
      let mine: Tree
      switch Self.ours(text) {
      case .success(let node): mine = Self.tree(node)
      case .failure(let e): XCTFail("\(name): ours rejects it: \(e)"); continue
      }
      switch Self.foundation(data) {
      case .success(let theirs):
        XCTAssertNil(Self.firstDifference(mine, theirs), "\(name): parsers disagree")
      case .failure(let e):
        XCTFail("\(name): JSONSerialization rejects it: \(e)")
      }
    }
  }

  // MARK: - Literals and structure

  func testLiteralsAndStructure() {
    check("true", "true", .same(.bool(true)))
    check("false", "false", .same(.bool(false)))
    check("null", "null", .same(.null))
    check("booleans among numbers", "[true, 1, false, 0]", .same(.array([.bool(true), .number(1), .bool(false), .number(0)])))
    check("empty object", "{}", .same(.obj([:])))
    check("empty array", "[]", .same(.array([])))
    check("nested empties", "[{}, [], {\"a\": []}]", .same(.array([.obj([:]), .array([]), .obj(["a": .array([])])])))
    check("array order", "[3, 1, 2]", .same(.array([.number(3), .number(1), .number(2)])))
    check("object", "{\"b\": 1, \"a\": [null]}", .same(.obj(["b": .number(1), "a": .array([.null])])))
    check("unicode keys", "{\"é😀\": 1, \"日本\": [true]}", .same(.obj(["é😀": .number(1), "日本": .array([.bool(true)])])))
    check("escaped key", "{\"\\u0061\\n\": 1}", .same(.obj(["a\n": .number(1)])))
    check("truncated true", "tru", .bothReject)
    check("capitalised True", "True", .bothReject)
    check("single quotes", "'a'", .bothReject)
    check("unquoted key", "{a: 1}", .bothReject)
    check("missing colon", "{\"a\" 1}", .bothReject)
    check("missing comma", "[1 2]", .bothReject)
    check("leading comma", "[,1]", .bothReject)
    check("double comma", "[1,,2]", .bothReject)
    check("unterminated array", "[1, 2", .bothReject)
    check("unterminated object", "{\"a\": ", .bothReject)
    check("unterminated string", "\"abc", .bothReject)
    check("mismatched brackets", "[1}", .bothReject)
  }

  func testTrailingCommasAreRejectedByOursOnly() {
    // RFC 8259 has no trailing commas; JSONSerialization on Linux lets them through.
    check(
      "trailing comma in array", "[1,]",
      .oursRejects("unexpected ']', expected a value", at: .init(line: 1, column: 4), foundationGives: .array([.number(1)])))
    check(
      "trailing comma in object", "{\"a\": 1,}",
      .oursRejects("expected a quoted key", at: .init(line: 1, column: 9), foundationGives: .obj(["a": .number(1)])))
  }

  func testDuplicateKeysAreRejectedByOursOnly() {
    // JSONSerialization keeps the last value; a preset with two values for one key is a mistake.
    check(
      "duplicate key", "{\"a\": 1, \"a\": 2}",
      .oursRejects("duplicate key 'a'", at: .init(line: 1, column: 10), foundationGives: .obj(["a": .number(2)])))
    check(
      "duplicate key after unescaping", "{\"a\": 1, \"\\u0061\": 2}",
      .oursRejects("duplicate key 'a'", at: .init(line: 1, column: 10), foundationGives: .obj(["a": .number(2)])))
    // Keys are Swift strings in both parsers, compared by canonical equivalence: "é" precomposed
    // and "e" + combining acute are one key. JSONSerialization merges them (keeping the first
    // spelling and the last value); ours reports them, as they look identical in an editor.
    check(
      "canonically equivalent keys", "{\"\\u00e9\": 1, \"e\\u0301\": 2}",
      .oursRejects("duplicate key 'e\u{301}'", at: .init(line: 1, column: 15), foundationGives: .obj(["\u{e9}": .number(2)])))
    check("same key in different objects", "[{\"a\": 1}, {\"a\": 2}]", .same())
  }

  // MARK: - Strings

  func testEscapes() {
    check("escaped quote", #""\"""#, .same(.str("\"")))
    check("escaped backslash", #""\\""#, .same(.str("\\")))
    check("escaped slash", #""\/""#, .same(.str("/")))
    check("control escapes", #""\b\f\n\r\t""#, .same(.str("\u{08}\u{0C}\n\r\t")))
    check("\\u0041", #""\u0041""#, .same(.str("A")))
    check("\\u00e9", #""\u00e9""#, .same(.str("é")))
    check("upper-case hex", #""\u00E9""#, .same(.str("é")))
    check("\\u0000", #""\u0000""#, .same(.str("\u{0}")))
    check("all escapes together", #""a\"b\\c\/d\b\f\n\r\te\u0041\u00e9""#, .same(.str("a\"b\\c/d\u{08}\u{0C}\n\r\teAé")))
    check("decomposed é kept as two scalars", #""e\u0301""#, .same(.string(["e", "\u{301}"])))
    check("raw non-ASCII", "\"日本 é 😀\"", .same(.str("日本 é 😀")))
    check("raw DEL", "\"a\u{7F}b\"", .same(.str("a\u{7F}b")))
    check("unknown escape \\x", #""\x41""#, .bothReject)
    check("unknown escape \\a", #""\a""#, .bothReject)
    check("upper-case \\U", #""\U0041""#, .bothReject)
    check("short \\u", #""\u12""#, .bothReject)
    check("non-hex \\u", #""\uZZZZ""#, .bothReject)
    check("backslash at end", "\"\\", .bothReject)
  }

  func testSurrogates() {
    check("surrogate pair", #""\ud83d\ude00""#, .same(.str("😀")))
    check("surrogate pair, upper-case", #""\uD83D\uDE00""#, .same(.str("😀")))
    check("pair inside text", #""a\ud83d\ude00b""#, .same(.str("a😀b")))
    // Lone surrogates are not Unicode scalars, so neither parser can put them in a String:
    // JSONSerialization on Linux throws ("expected low-surrogate code point" / "no high
    // character"), and ours throws too (asserted below with its messages).
    check("lone high surrogate", #""\ud800""#, .bothReject)
    check("high surrogate then text", #""\ud800x""#, .bothReject)
    check("high surrogate then \\u0041", #""\ud800\u0041""#, .bothReject)
    check("two high surrogates", #""\ud800\ud800""#, .bothReject)
    check("lone low surrogate", #""\udc00""#, .bothReject)
    check("reversed pair", #""\ude00\ud83d""#, .bothReject)
    XCTAssertEqual(errorMessage(#""\ud800""#), "t.json:1:8: unpaired surrogate in \\u escape", "lone high surrogate")
    XCTAssertEqual(errorMessage(#""\ud800\u0041""#), "t.json:1:14: invalid surrogate pair", "high surrogate then \\u0041")
    XCTAssertEqual(errorMessage(#""\udc00""#), "t.json:1:8: invalid \\u escape", "lone low surrogate")
  }

  func testRawControlCharactersInStringsAreRejected() {
    for (name, c) in [("NUL", "\u{0}"), ("U+0001", "\u{1}"), ("tab", "\t"), ("LF", "\n"), ("CR", "\r"), ("U+001F", "\u{1F}")] {
      check("raw \(name) in string", "\"a\(c)b\"", .bothReject)
      XCTAssertEqual(errorMessage("\"a\(c)b\""), "t.json:1:3: control character in string", "raw \(name) in string")
    }
  }

  // MARK: - Numbers

  func testValidNumbers() {
    check("0", "0", .same(.number(0)))
    check("0.1", "0.1", .same(.number(0.1)))
    check("1E-7", "1E-7", .same(.number(1e-7)))
    check("-1.5e+3", "-1.5e+3", .same(.number(-1500)))
    check("1E+2", "1E+2", .same(.number(100)))
    check("0.1e1", "0.1e1", .same(.number(1)))
    check("1e308", "1e308", .same(.number(1e308)))
    check("largest double", "1.7976931348623157e308", .same(.number(.greatestFiniteMagnitude)))
    check("smallest subnormal", "5e-324", .same(.number(.leastNonzeroMagnitude)))
    check("smallest normal", "2.2250738585072014e-308", .same(.number(.leastNormalMagnitude)))
    check("underflow to zero", "1e-400", .same(.number(0)))
    check("2^53 + 1 rounds to even", "9007199254740993", .same(.number(9007199254740992)))
    check("beyond Int64", "9223372036854775808", .same(.number(9.223372036854775808e18)))
    check("30 digits", "123456789012345678901234567890", .same(.number(1.2345678901234567890e29)))
    check("numbers in an array", "[1, -2.5e1, 0.5]", .same(.array([.number(1), .number(-25), .number(0.5)])))
  }

  func testNegativeZero() {
    // JSONSerialization reads "-0" as the integer 0 and loses the sign; ours keeps -0.0.
    // The values are equal either way (-0.0 == 0.0).
    check("-0", "-0", .same(.number(0)))
    XCTAssertEqual(ourNumber("-0")?.sign, .minus, "-0: ours keeps the sign")
    // "-0.0" is a double on both sides and both keep the sign.
    check("-0.0", "-0.0", .same(.number(-0.0)))
    XCTAssertEqual(ourNumber("-0.0")?.sign, .minus, "-0.0: ours keeps the sign")
    if case .success(.number(let d)) = Self.foundation("-0.0") {
      XCTAssertEqual(d.sign, .minus, "-0.0: JSONSerialization keeps the sign")
    } else {
      XCTFail("-0.0: JSONSerialization should give a number")
    }
  }

  func testLongNumbersAreCorrectlyRounded() {
    // With more than about 17 significant digits JSONSerialization returns an NSDecimalNumber,
    // whose `doubleValue` is not always correctly rounded (0.30000000000000004 came back as
    // 0.3000000000000001). Ours uses `Double(String)`, which is: assert that exactly, and allow
    // JSONSerialization one ulp.
    let texts = [
      "0.30000000000000004", "3.141592653589793238462643383279", "12345678901234567.5", "-9223372036854775809",
      "100000000000000000000000",
    ]
    for text in texts {
      guard let mine = ourNumber(text) else { XCTFail("\(text): ours should give a number"); continue }
      XCTAssertEqual(mine, Double(text), "\(text): ours is correctly rounded")
      guard case .success(.number(let theirs)) = Self.foundation(text) else {
        XCTFail("\(text): JSONSerialization should give a number"); continue
      }
      XCTAssertLessThanOrEqual(abs(theirs - mine), mine.ulp, "\(text): JSONSerialization within one ulp of ours")
    }
  }

  func testInvalidNumbers() {
    let texts = [
      "01", "-01", "00", "1.", ".5", "+1", "1e", "1e+", "-", "- 1", "1.e5", "NaN", "Infinity", "-Infinity", "0x10", "1,5",
      "١",  // an Arabic-Indic digit
    ]
    for text in texts {
      check("invalid number \(text)", text, .bothReject)
    }
  }

  func testOverflowIsRejected() {
    // Both refuse to turn an overflowing literal into infinity (JSONSerialization: "Number 1e309
    // is not representable in Swift").
    for text in ["1e309", "-1e309", "[1e400]"] {
      check("overflow \(text)", text, .bothReject)
    }
    XCTAssertEqual(errorMessage("1e309"), "t.json:1:6: number out of range", "overflow 1e309")
  }

  // MARK: - Nesting depth

  func testNestingDepth() {
    let nested = { (n: Int) in String(repeating: "[", count: n) + String(repeating: "]", count: n) }
    let nestedObjects = { (n: Int) in String(repeating: "{\"a\":", count: n) + "1" + String(repeating: "}", count: n) }
    check("200 nested arrays", nested(200), .same())
    check("200 nested objects", nestedObjects(200), .same())
    check("256 nested arrays (our limit)", nested(256), .same())
    // Ours stops at maxDepth 256 to protect the stack; JSONSerialization's limit is 512.
    let depth = "nesting deeper than 256 levels"
    check("257 nested arrays", nested(257), .oursRejects(depth, at: .init(line: 1, column: 257), foundationGives: nestedTree(257)))
    check("300 nested arrays", nested(300), .oursRejects(depth, at: .init(line: 1, column: 257), foundationGives: nestedTree(300)))
    check(
      "300 nested objects", nestedObjects(300),
      .oursRejects(depth, at: .init(line: 1, column: 256 * 5 + 1), foundationGives: nestedTree(300, object: true)))
    // With a higher limit ours agrees with JSONSerialization again.
    if case .success(let node) = Self.ours(nested(300), maxDepth: 300), case .success(let theirs) = Self.foundation(nested(300)) {
      XCTAssertEqual(Self.tree(node), theirs, "300 nested arrays with maxDepth 300")
    } else {
      XCTFail("300 nested arrays with maxDepth 300: both should accept")
    }
    check("far too deep", nested(100_000), .bothReject)
  }

  // MARK: - Whitespace, BOM, comments and the end of input

  func testWhitespace() {
    check(
      "JSON whitespace everywhere", " \t\n\r{ \t\n\r\"a\" \t\n\r: \t\n\r[ 1 , 2 ] \t\n\r} \t\n\r",
      .same(.obj(["a": .array([.number(1), .number(2)])])))
    check("CRLF lines", "{\r\n  \"a\": 1\r\n}\r\n", .same(.obj(["a": .number(1)])))
    let others = [
      ("vertical tab", "\u{0B}"), ("form feed", "\u{0C}"), ("no-break space", "\u{A0}"), ("line separator", "\u{2028}"),
      ("ideographic space", "\u{3000}"),
    ]
    for (name, c) in others {
      check("\(name) as whitespace", "\(c)[1]", .bothReject)
      check("\(name) inside array", "[1\(c)]", .bothReject)
    }
  }

  func testByteOrderMark() throws {
    // RFC 8259 lets parsers ignore a BOM. JSONSerialization skips a UTF-8 BOM in the bytes.
    // Ours parses text: a U+FEFF in the text is rejected at 1:1, but preset files are decoded
    // with `String(data:encoding: .utf8)`, which drops the BOM, so a file with a BOM loads.
    let bytes = Data([0xEF, 0xBB, 0xBF]) + Data("{\"a\": 1}".utf8)
    guard case .success(let theirs) = Self.foundation(bytes) else { return XCTFail("BOM: JSONSerialization should skip it") }
    let text = try XCTUnwrap(String(data: bytes, encoding: .utf8), "BOM: valid UTF-8")
    XCTAssertEqual(text.unicodeScalars.first, "{", "BOM: String(data:encoding:) drops it")
    guard case .success(let node) = Self.ours(text) else { return XCTFail("BOM: ours should accept the decoded file") }
    XCTAssertEqual(Self.tree(node), theirs, "BOM: file decoded as presets are")
    check(
      "U+FEFF in the text", "\u{FEFF}{\"a\": 1}",
      .oursRejects("unexpected '\u{FEFF}', expected a value", at: .init(line: 1, column: 1), foundationGives: .obj(["a": .number(1)])))
    check("U+FEFF inside an array", "[\u{FEFF}1]", .bothReject)
  }

  func testCommentsAndEndOfInput() {
    check("line comment", "// c\n{}", .bothReject)
    check("block comment", "/* c */ {}", .bothReject)
    check("comment after the value", "{} // c", .bothReject)
    check("empty input", "", .bothReject)
    check("whitespace only", " \n\t", .bothReject)
    check("trailing garbage", "{} x", .bothReject)
    check("two values", "1 2", .bothReject)
    check("extra bracket", "[1]]", .bothReject)
    check("literal run-on", "nulll", .bothReject)
    check("NUL after the value", "{}\u{0}", .bothReject)
    check("scalar fragments", "[\"a\", 1, null]", .same())
    check("string fragment", "\"a\"", .same(.str("a")))
    check("number fragment", " 42 ", .same(.number(42)))
    XCTAssertEqual(errorMessage(""), "t.json:1:1: unexpected end of file, expected a value", "empty input")
    XCTAssertEqual(errorMessage("{} x"), "t.json:1:4: unexpected 'x' after the JSON value", "trailing garbage")
  }

  // MARK: - Helpers

  /// `n` nested empty arrays, or `n` objects nested under key "a" around the number 1.
  func nestedTree(_ n: Int, object: Bool = false) -> Tree {
    var t: Tree = object ? .number(1) : .array([])
    for _ in 1..<n { t = object ? .obj(["a": t]) : .array([t]) }
    return object ? .obj(["a": t]) : t
  }

  /// Our error as `FILE:LINE:COL: message`, or nil when the text parses.
  func errorMessage(_ text: String) -> String? {
    if case .failure(let e) = Self.ours(text) { return String(describing: e) }
    return nil
  }

  /// Our value for a number literal.
  func ourNumber(_ text: String) -> Double? {
    if case .success(let node) = Self.ours(text), case .number(let d) = node.value { return d }
    return nil
  }
}
