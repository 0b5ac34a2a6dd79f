import Foundation

// MARK: - Atomic output

/// Writes output files so that an interrupted or failed run never leaves a truncated file: the
/// bytes go to a temporary sibling first and are renamed over the destination at the end.
enum AtomicFile {
  /// Writes `bytes` to `path` atomically, creating parent directories.
  /// - Throws: `OutputError` naming the path.
  static func write(_ bytes: [UInt8], to path: String) throws {
    let url = URL(fileURLWithPath: path)
    let dir = url.deletingLastPathComponent()
    try createDirectory(dir.path)
    let temp = dir.appendingPathComponent(".\(url.lastPathComponent).partial-\(ProcessInfo.processInfo.processIdentifier)")
    guard FileManager.default.createFile(atPath: temp.path, contents: Data(bytes)) else {
      throw OutputError("\(path): cannot write the file")
    }
    if rename(temp.path, path) != 0 {
      try? FileManager.default.removeItem(at: temp)
      throw OutputError("\(path): cannot write the file (\(String(cString: strerror(errno))))")
    }
  }

  /// Creates a directory and its parents if missing.
  static func createDirectory(_ path: String) throws {
    var isDir: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDir) {
      guard isDir.boolValue else { throw OutputError("\(path): exists and is not a directory") }
      return
    }
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      throw OutputError("\(path): cannot create the directory")
    }
  }
}

/// A staging directory beside the destination: files are written there and moved into the
/// destination only when everything succeeded; on failure it is removed.
final class StagingDirectory {
  let path: String
  let destination: String
  private var committed = false

  /// - Throws: `OutputError` when the destination is a file or the staging folder cannot be made.
  init(destination: String) throws {
    self.destination = destination
    let url = URL(fileURLWithPath: destination)
    let parent = url.deletingLastPathComponent().path
    try AtomicFile.createDirectory(parent)
    var isDir: ObjCBool = false
    if FileManager.default.fileExists(atPath: destination, isDirectory: &isDir), !isDir.boolValue {
      throw OutputError("\(destination): exists and is not a directory")
    }
    path = URL(fileURLWithPath: parent).appendingPathComponent(
      ".\(url.lastPathComponent).partial-\(ProcessInfo.processInfo.processIdentifier)").path
    try? FileManager.default.removeItem(atPath: path)
    try AtomicFile.createDirectory(path)
  }

  /// Moves every staged file into the destination (replacing files of the same name) and
  /// removes files matching `isStale` that the staging did not produce.
  func commit(removingStale isStale: (String) -> Bool) throws {
    try AtomicFile.createDirectory(destination)
    let fm = FileManager.default
    let staged = Set((try? fm.contentsOfDirectory(atPath: path)) ?? [])
    for name in staged.sorted() {
      let target = destination + "/" + name
      if rename(path + "/" + name, target) != 0 {
        throw OutputError("\(target): cannot write the file (\(String(cString: strerror(errno))))")
      }
    }
    for name in (try? fm.contentsOfDirectory(atPath: destination)) ?? [] where !staged.contains(name) && isStale(name) {
      try? fm.removeItem(atPath: destination + "/" + name)
    }
    committed = true
    try? fm.removeItem(atPath: path)
  }

  deinit {
    if !committed { try? FileManager.default.removeItem(atPath: path) }
  }
}

/// A file could not be written.
struct OutputError: Error, CustomStringConvertible {
  var description: String
  init(_ message: String) { description = message }
}

// MARK: - JSON output

/// A JSON value written with keys in the given order (stable output for scripts and diffs).
indirect enum JSONOut {
  case number(Double)
  case int(Int)
  case string(String)
  case bool(Bool)
  case null
  case array([JSONOut])
  case object([(String, JSONOut)])

  /// Compact when `indent` is nil, otherwise pretty with that many spaces.
  func render(indent: Int? = 2, level: Int = 0) -> String {
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

  static func quote(_ s: String) -> String {
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

// MARK: - Standard streams

enum Console {
  static func out(_ line: String) { print(line) }
  static func err(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }
}
