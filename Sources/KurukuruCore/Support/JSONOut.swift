import Foundation

// MARK: - JSON output

/// A JSON value written with keys in the given order, so output is stable for scripts, diffs and
/// cache keys: the command line's `--json`, batch manifests, bundle manifests.
package indirect enum JSONOut {
  case number(Double)
  case int(Int)
  case string(String)
  case bool(Bool)
  case null
  case array([JSONOut])
  case object([(String, JSONOut)])

  /// Compact when `indent` is nil, otherwise pretty with that many spaces.
  package func render(indent: Int? = 2, level: Int = 0) -> String {
    let pad = indent.map { String(repeating: " ", count: $0 * (level + 1)) } ?? ""
    let closePad = indent.map { String(repeating: " ", count: $0 * level) } ?? ""
    let nl = indent == nil ? "" : "\n"
    switch self {
    case .number(let v):
      if v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
      return v.isFinite ? String(v) : "null"
    case .int(let v): return String(v)
    case .bool(let b): return b ? "true" : "false"
    case .null: return "null"
    case .string(let s): return JSONOut.quote(s)
    case .array(let items):
      if items.isEmpty { return "[]" }
      if items.allSatisfy({ if case .object = $0 { return false }; if case .array = $0 { return false }; return true }) {
        return "[" + items.map { $0.render(indent: nil) }.joined(separator: ", ") + "]"
      }
      return "[" + nl + items.map { pad + $0.render(indent: indent, level: level + 1) }.joined(separator: "," + nl) + nl + closePad + "]"
    case .object(let members):
      if members.isEmpty { return "{}" }
      let sep = indent == nil ? ":" : ": "
      return "{" + nl
        + members.map { pad + JSONOut.quote($0.0) + sep + $0.1.render(indent: indent, level: level + 1) }.joined(separator: "," + nl)
        + nl + closePad + "}"
    }
  }

  package static func quote(_ s: String) -> String {
    var out = "\""
    for c in s.unicodeScalars {
      switch c {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if c.value < 0x20 { out += String(format: "\\u%04x", c.value) } else { out.unicodeScalars.append(c) }
      }
    }
    return out + "\""
  }
}
