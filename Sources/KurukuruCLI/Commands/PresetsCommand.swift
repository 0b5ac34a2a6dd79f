import Foundation
import KurukuruBatch
import KurukuruCore

// MARK: - presets

enum PresetsCommand: Command {
  static let definition = CommandSpec(
    name: "presets", arguments: "",
    abstract: """
      Lists the presets in DIR (default: ./Presets, or $KURUKURU_PRESETS) with their size, fps,
      loop duration and frame count. A broken preset is listed with its error (exit status 1).
      """,
    options: [
      OptionSpec("dir", "DIR", "the folder of presets (default ./Presets or $KURUKURU_PRESETS)"),
      OptionSpec("json", nil, "print the list as JSON"),
    ])

  static func run(_ raw: [String]) throws -> Int32 {
    let args = try Arguments(raw, spec: definition.argumentSpec, command: "presets")
    guard args.positional.isEmpty else { throw UsageError("presets: takes no positional arguments; use --dir DIR") }
    let dir = args.value("dir") ?? ProcessInfo.processInfo.environment["KURUKURU_PRESETS"] ?? "Presets"
    let files = try PresetFolder.files(in: dir)
    var rows: [JSONOut] = []
    var lines: [(name: String, rest: String)] = []
    var failed = false
    for file in files {
      do {
        let preset = try Preset.load(path: file)
        let scene = try preset.scene()
        rows.append(.object([
          ("name", .string(scene.name)), ("file", .string(file)), ("title", preset.title.map { .string($0) } ?? .null),
          ("width", .number(scene.size.width)), ("height", .number(scene.size.height)),
          ("fps", .number(scene.timeline.fps)), ("duration", .number(scene.timeline.period)),
          ("frames", .int(scene.timeline.frameCount)),
          ("parameters", .array(preset.parameters.map { .string($0.name) })),
        ]))
        let size = "\(fmtNumber(scene.size.width))×\(fmtNumber(scene.size.height))"
        let rest = "\(size.padding(toLength: 9, withPad: " ", startingAt: 0)) \(fmtRate(scene.timeline.fps)) fps  \(fmtNumber(scene.timeline.period)) s  \(scene.timeline.frameCount) frames"
        lines.append((scene.name, rest + (preset.title.map { "  — \($0)" } ?? "")))
      } catch {
        failed = true
        Console.err(CLI.message(for: error))
        rows.append(.object([("file", .string(file)), ("error", .string(CLI.message(for: error)))]))
      }
    }
    if args.has("json") {
      Console.out(JSONOut.array(rows).render())
    } else {
      // The name column is as wide as the longest name (at least 22), so no name is cut.
      let width = max(22, lines.map(\.name.count).max() ?? 0)
      for line in lines { Console.out(line.name.padding(toLength: width, withPad: " ", startingAt: 0) + " " + line.rest) }
    }
    return failed ? 1 : 0
  }
}
