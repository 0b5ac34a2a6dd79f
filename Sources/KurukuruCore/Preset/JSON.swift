// MARK: - Source locations

/// A place in a text file: 1-based line and column (columns count Unicode scalars).
public struct PresetLocation: Equatable, Hashable, Sendable, CustomStringConvertible {
  public var line: Int
  public var column: Int
  public init(line: Int, column: Int) { self.line = line; self.column = column }
  public var description: String { "\(line):\(column)" }
}

// MARK: - JSON tree with locations

/// A parsed JSON value that remembers where it stood in the file, so that every validation
/// error can name `FILE:LINE:COL`. Object members keep their order; duplicate keys are an error.
package struct JSONNode: Equatable, Sendable {
  package indirect enum Value: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONNode])
    case object([Member])
  }

  /// One `"key": value` pair of an object.
  package struct Member: Equatable, Sendable {
    package var key: String
    package var keyLocation: PresetLocation
    package var value: JSONNode
  }

  package var value: Value
  /// Where the value starts.
  package var location: PresetLocation
  /// For a string: whether its characters sit one column each after the opening quote (no
  /// escapes, no combining marks), so that an offset into the text is a column on the line.
  package var columnsMatchText = true

  /// A short name of the value's JSON type, for error messages.
  package var typeName: String {
    switch value {
    case .null: return "null"
    case .bool: return "a boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}

// MARK: - Parser

/// A strict JSON parser (RFC 8259) that records the location of every value.
///
/// Limits: nesting deeper than `maxDepth` (default 256) is rejected before it can exhaust the
/// stack. Errors are `PresetError` values of kind `.syntax` with the line and column of the
/// offending character.
package struct JSONParser {
  private let scalars: [Unicode.Scalar]
  private var index = 0
  private var line = 1
  private var column = 1
  private let maxDepth: Int
  private let file: String

  /// - Parameters:
  ///   - text: the JSON text.
  ///   - file: the file name used in error messages.
  ///   - maxDepth: the deepest nesting of arrays and objects accepted. Default 256.
  package init(text: String, file: String, maxDepth: Int = 256) {
    self.scalars = Array(text.unicodeScalars)
    self.file = file
    self.maxDepth = maxDepth
  }

  /// Parses the whole text as one JSON value.
  /// - Throws: `PresetError` naming the line and column of the first syntax error.
  package mutating func parse() throws -> JSONNode {
    skipWhitespace()
    let node = try parseValue(depth: 0)
    skipWhitespace()
    if index < scalars.count { throw error("unexpected '\(scalars[index])' after the JSON value") }
    return node
  }

  // MARK: - Values

  private mutating func parseValue(depth: Int) throws -> JSONNode {
    let location = here
    guard let c = peek else { throw error("unexpected end of file, expected a value") }
    switch c {
    case "{":
      if depth >= maxDepth { throw error("nesting deeper than \(maxDepth) levels") }
      return JSONNode(value: .object(try parseObject(depth: depth)), location: location)
    case "[":
      if depth >= maxDepth { throw error("nesting deeper than \(maxDepth) levels") }
      return JSONNode(value: .array(try parseArray(depth: depth)), location: location)
    case "\"":
      let start = index
      let text = try parseString()
      // Scalars between the quotes: more than the characters when escapes or combining marks
      // were read.
      let written = index - start - 2
      return JSONNode(value: .string(text), location: location, columnsMatchText: written == text.count)
    case "-", "0"..."9":
      return JSONNode(value: .number(try parseNumber()), location: location)
    case "t":
      try expectWord("true"); return JSONNode(value: .bool(true), location: location)
    case "f":
      try expectWord("false"); return JSONNode(value: .bool(false), location: location)
    case "n":
      try expectWord("null"); return JSONNode(value: .null, location: location)
    default:
      throw error("unexpected '\(c)', expected a value")
    }
  }

  private mutating func parseObject(depth: Int) throws -> [JSONNode.Member] {
    advance()  // {
    var members: [JSONNode.Member] = []
    var seen = Set<String>()
    skipWhitespace()
    if peek == "}" { advance(); return members }
    while true {
      skipWhitespace()
      let keyLocation = here
      guard peek == "\"" else { throw error("expected a quoted key") }
      let key = try parseString()
      if seen.contains(key) {
        throw PresetError(file: file, location: keyLocation, message: "duplicate key \(quoted: key)", kind: .syntax)
      }
      seen.insert(key)
      skipWhitespace()
      guard peek == ":" else { throw error("expected ':' after key \(quoted: key)") }
      advance()
      skipWhitespace()
      let value = try parseValue(depth: depth + 1)
      members.append(JSONNode.Member(key: key, keyLocation: keyLocation, value: value))
      skipWhitespace()
      if peek == "," { advance(); continue }
      if peek == "}" { advance(); return members }
      throw error(peek == nil ? "unexpected end of file, expected ',' or '}'" : "expected ',' or '}'")
    }
  }

  private mutating func parseArray(depth: Int) throws -> [JSONNode] {
    advance()  // [
    var items: [JSONNode] = []
    skipWhitespace()
    if peek == "]" { advance(); return items }
    while true {
      skipWhitespace()
      items.append(try parseValue(depth: depth + 1))
      skipWhitespace()
      if peek == "," { advance(); continue }
      if peek == "]" { advance(); return items }
      throw error(peek == nil ? "unexpected end of file, expected ',' or ']'" : "expected ',' or ']'")
    }
  }

  private mutating func parseString() throws -> String {
    advance()  // "
    var out = String.UnicodeScalarView()
    while true {
      guard let c = peek else { throw error("unterminated string") }
      if c == "\"" { advance(); return String(out) }
      if c.value < 0x20 { throw error("control character in string") }
      if c == "\\" {
        advance()
        guard let e = peek else { throw error("unterminated string") }
        switch e {
        case "\"": out.append("\"")
        case "\\": out.append("\\")
        case "/": out.append("/")
        case "b": out.append("\u{08}")
        case "f": out.append("\u{0C}")
        case "n": out.append("\n")
        case "r": out.append("\r")
        case "t": out.append("\t")
        case "u":
          advance()
          var code = try parseHex4()
          if (0xD800...0xDBFF).contains(code) {
            guard peek == "\\" else { throw error("unpaired surrogate in \\u escape") }
            advance()
            guard peek == "u" else { throw error("unpaired surrogate in \\u escape") }
            advance()
            let low = try parseHex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw error("invalid surrogate pair") }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
          out.append(scalar)
          continue
        default:
          throw error("invalid escape '\\\(e)'")
        }
        advance()
        continue
      }
      out.append(c)
      advance()
    }
  }

  private mutating func parseHex4() throws -> UInt32 {
    var v: UInt32 = 0
    for _ in 0..<4 {
      guard let c = peek, let d = UInt32(String(c), radix: 16) else { throw error("expected four hex digits in \\u escape") }
      v = v * 16 + d
      advance()
    }
    return v
  }

  private mutating func parseNumber() throws -> Double {
    var text = ""
    if peek == "-" { text.append("-"); advance() }
    guard let first = peek, ("0"..."9").contains(first) else { throw error("expected a digit") }
    if first == "0" {
      text.append("0"); advance()
      if let c = peek, ("0"..."9").contains(c) { throw error("leading zeros are not allowed in numbers") }
    } else {
      while let c = peek, ("0"..."9").contains(c) { text.unicodeScalars.append(c); advance() }
    }
    if peek == "." {
      text.append("."); advance()
      guard let c = peek, ("0"..."9").contains(c) else { throw error("expected a digit after '.'") }
      while let c = peek, ("0"..."9").contains(c) { text.unicodeScalars.append(c); advance() }
    }
    if peek == "e" || peek == "E" {
      text.append("e"); advance()
      if peek == "+" || peek == "-" { text.unicodeScalars.append(peek ?? "+"); advance() }
      guard let c = peek, ("0"..."9").contains(c) else { throw error("expected a digit in the exponent") }
      while let c = peek, ("0"..."9").contains(c) { text.unicodeScalars.append(c); advance() }
    }
    guard let value = Double(text), value.isFinite else { throw error("number out of range") }
    return value
  }

  private mutating func expectWord(_ word: String) throws {
    for w in word.unicodeScalars {
      guard peek == w else { throw error("unexpected '\(peek.map { String($0) } ?? "end of file")', expected '\(word)'") }
      advance()
    }
  }

  // MARK: - Cursor

  private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }
  private var here: PresetLocation { PresetLocation(line: line, column: column) }

  private mutating func advance() {
    guard index < scalars.count else { return }
    if scalars[index] == "\n" { line += 1; column = 1 } else { column += 1 }
    index += 1
  }

  private mutating func skipWhitespace() {
    while let c = peek, c == " " || c == "\t" || c == "\n" || c == "\r" { advance() }
  }

  private func error(_ message: String) -> PresetError {
    PresetError(file: file, location: here, message: message, kind: message.hasPrefix("nesting deeper") ? .limitExceeded : .syntax)
  }
}
