// MARK: - InfoText

/// The plain-text form of a description (`kurukuru info` without `--json`): one line per
/// member, strings bare, lists comma-separated, parameters, fonts and what a SwiftUI file
/// animates one per line, frame rates to two decimals.
package enum InfoText {
  /// One human line per field: strings bare, lists comma-separated, parameters one per line.
  /// A field's value as plain text: a string bare, anything else as compact JSON, nothing as "".
  private static func plain(_ value: JSONOut?) -> String {
    switch value {
    case .string(let s)?: return s
    case let v?: return v.render(indent: nil)
    case nil: return ""
    }
  }

  package static func line(_ key: String, _ value: JSONOut) -> String {
    switch value {
    case .string(let s): return "\(key): \(s)"
    case .null: return "\(key): —"
    case .number(let v) where key == "fps": return "fps: \(NumberText.format(v, decimals: 2))"
    case .array(let items) where key == "parameters":
      if items.isEmpty { return "parameters: none" }
      let lines = items.map { item -> String in
        guard case .object(let m) = item else { return item.render(indent: nil) }
        let field = Dictionary(m, uniquingKeysWith: { a, _ in a })
        func plain(_ k: String) -> String { InfoText.plain(field[k]) }
        var line = "  \(plain("name")) = \(plain("default")) (\(plain("type"))"
        if field["min"] != nil || field["max"] != nil { line += ", \(plain("min"))…\(plain("max"))" }
        line += ")"
        if field["description"] != nil { line += " — \(plain("description"))" }
        return line
      }
      return "parameters:\n" + lines.joined(separator: "\n")
    case .array(let items) where key == "fonts":
      // One font file a line: `  PATH (FAMILY STYLE, BYTES bytes)`.
      return "fonts:\n" + items.map { item -> String in
        guard case .object(let m) = item else { return item.render(indent: nil) }
        let field = Dictionary(m, uniquingKeysWith: { a, _ in a })
        func plain(_ k: String) -> String { InfoText.plain(field[k]) }
        return "  \(plain("file")) (\(plain("family")) \(plain("style")), \(plain("bytes")) bytes)"
      }.joined(separator: "\n")
    case .array(let items) where key == "animates" && items.count > 1:
      // What a SwiftUI file's states animate: one value a line.
      return "animates:\n" + items.map { "  " + plain($0) }.joined(separator: "\n")
    case .array(let items) where items.isEmpty:
      return "\(key): none"
    case .array(let items):
      return "\(key): " + items.map { item -> String in
        if case .string(let s) = item { return s }
        // A named entry with its place (a Lottie feature and its first JSON path): "name (at)".
        if case .object(let m) = item, m.count == 2, case .string(let name)? = m.first(where: { $0.0 == "name" })?.1,
          case .string(let at)? = m.first(where: { $0.0 == "at" })?.1
        {
          return "\(name) (\(at))"
        }
        return item.render(indent: nil)
      }.joined(separator: items.count > 20 ? "," : ", ")
    default:
      return "\(key): \(value.render(indent: nil))"
    }
  }
}
