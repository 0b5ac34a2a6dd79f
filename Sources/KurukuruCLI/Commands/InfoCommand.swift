import Foundation
import KurukuruCodecs
import KurukuruCore

// MARK: - info

enum InfoCommand: Command {
  static let definition = CommandSpec(
    name: "info", arguments: "PRESET|FILE",
    abstract: """
      Describes a preset (name, size in points, fps, loop duration, frames, parameters) or an
      image file: a GIF (size, frames, delays in centiseconds, loop count, 0 = forever), an APNG
      (delays in seconds and as fractions), a WebP (delays in milliseconds) or a PNG. Every frame
      of an image file is decoded, so a file that compare cannot read is an error here too; a
      file named .gif, .png, .apng or .webp is read as an image whatever it holds.
      """,
    options: [
      OptionSpec("json", nil, "print the description as JSON"),
      CLI.setOption,
      OptionSpec("fps", "N", "frames per second to describe the preset at (default: the preset's)"),
    ])

  static func run(_ raw: [String]) throws -> Int32 {
    let args = try Arguments(raw, spec: definition.argumentSpec, command: "info")
    guard args.positional.count == 1, let path = args.positional.first else {
      throw UsageError("info: name exactly one preset or image file")
    }
    // Anything that is not an image file this tool reads (a missing file too) goes to the preset
    // reader, which names it.
    let info = try ImageFileInfo.describe(path) ?? presetInfo(path, args)
    if args.has("json") {
      Console.out(info.render())
    } else if case .object(let members) = info {
      for (k, v) in members { Console.out(text(k, v)) }
    }
    return 0
  }

  /// One human line per field: strings bare, lists comma-separated, parameters one per line.
  static func text(_ key: String, _ value: JSONOut) -> String {
    switch value {
    case .string(let s): return "\(key): \(s)"
    case .null: return "\(key): —"
    case .number(let v) where key == "fps": return "fps: \(fmtRate(v))"
    case .array(let items) where key == "parameters":
      if items.isEmpty { return "parameters: none" }
      let lines = items.map { item -> String in
        guard case .object(let m) = item else { return item.render(indent: nil) }
        let field = Dictionary(m, uniquingKeysWith: { a, _ in a })
        func plain(_ k: String) -> String {
          switch field[k] {
          case .string(let s)?: return s
          case let v?: return v.render(indent: nil)
          case nil: return ""
          }
        }
        var line = "  \(plain("name")) = \(plain("default")) (\(plain("type"))"
        if field["min"] != nil || field["max"] != nil { line += ", \(plain("min"))…\(plain("max"))" }
        line += ")"
        if field["description"] != nil { line += " — \(plain("description"))" }
        return line
      }
      return "parameters:\n" + lines.joined(separator: "\n")
    case .array(let items):
      return "\(key): " + items.map { item -> String in
        if case .string(let s) = item { return s }
        return item.render(indent: nil)
      }.joined(separator: items.count > 20 ? "," : ", ")
    default:
      return "\(key): \(value.render(indent: nil))"
    }
  }

  static func presetInfo(_ path: String, _ args: Arguments) throws -> JSONOut {
    let fps = try args.number("fps", in: 0.1...240, command: "info")
    let (preset, scene) = try CLI.scene(path: path, args: args, command: "info", fps: fps)
    return .object(preset.description(of: scene, file: preset.file))
  }
}
