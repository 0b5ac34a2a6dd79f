import Foundation
import KurukuruBatch
import KurukuruCore
import KurukuruPresets

// MARK: - presets

enum PresetsCommand: Command {
  static let definition = CommandSpec(
    name: "presets", arguments: "",
    abstract: """
      Lists the presets built into kurukuru (or those in DIR with --dir, or in $KURUKURU_PRESETS)
      with their family, size, fps, loop duration and frame count; 'kurukuru render NAME' renders
      one by name from any directory. A broken preset is listed with its error (exit status 1).
      """,
    options: [
      OptionSpec("dir", "DIR", "list the .json files of DIR instead (default: the bundled presets, or $KURUKURU_PRESETS)"),
      OptionSpec("json", nil, "print the list as JSON"),
    ])

  static func run(_ raw: [String]) throws -> Int32 {
    let args = try Arguments(raw, spec: definition.argumentSpec, command: "presets")
    guard args.positional.isEmpty else { throw UsageError("presets: takes no positional arguments; use --dir DIR") }
    // Each entry loads one preset: a file of a folder, or a bundled one by name.
    let entries: [(file: String, load: () throws -> Preset)]
    if let dir = args.value("dir") ?? ProcessInfo.processInfo.environment["KURUKURU_PRESETS"] {
      entries = try PresetFolder.files(in: dir).map { file in (file, { try Preset.load(path: file) }) }
    } else {
      entries = PresetLibrary.names.map { name in ("\(PresetLibrary.folder)/\(name).json", { try PresetLibrary.preset(named: name) }) }
    }
    var rows: [JSONOut] = []
    var lines: [(name: String, family: String?, rest: String)] = []
    var failed = false
    for entry in entries {
      do {
        let preset = try entry.load()
        let scene = try preset.scene()
        rows.append(.object([
          ("name", .string(scene.name)), ("file", .string(entry.file)), ("title", preset.title.map { .string($0) } ?? .null),
          ("family", preset.family.map { .string($0) } ?? .null), ("source", preset.source.map { .string($0) } ?? .null),
          ("width", .number(scene.size.width)), ("height", .number(scene.size.height)),
          ("fps", .number(scene.timeline.fps)), ("duration", .number(scene.timeline.period)),
          ("frames", .int(scene.timeline.frameCount)),
          ("parameters", .array(preset.parameters.map { .string($0.name) })),
        ]))
        let size = "\(fmtNumber(scene.size.width))×\(fmtNumber(scene.size.height))"
        let rest = "\(size.padding(toLength: 9, withPad: " ", startingAt: 0)) \(fmtRate(scene.timeline.fps)) fps  \(fmtNumber(scene.timeline.period)) s  \(scene.timeline.frameCount) frames"
        lines.append((scene.name, preset.family, rest + (preset.title.map { "  — \($0)" } ?? "")))
      } catch {
        failed = true
        Console.err(CLI.message(for: error))
        rows.append(.object([("file", .string(entry.file)), ("error", .string(CLI.message(for: error)))]))
      }
    }
    if args.has("json") {
      Console.out(JSONOut.array(rows).render())
    } else {
      // The name and family columns are as wide as their longest entry (names at least 22), so
      // nothing is cut; the family column is left out when no preset names a family.
      let width = max(22, lines.map(\.name.count).max() ?? 0)
      let familyWidth = lines.compactMap(\.family?.count).max()
      for line in lines {
        var text = line.name.padding(toLength: width, withPad: " ", startingAt: 0) + " "
        if let familyWidth { text += (line.family ?? "—").padding(toLength: familyWidth, withPad: " ", startingAt: 0) + " " }
        Console.out(text + line.rest)
      }
    }
    return failed ? 1 : 0
  }
}
