import Foundation
import KurukuruCore
import KurukuruRaster
import KurukuruRender

// MARK: - debug (hidden; for scripts/bench)

/// Hidden subcommands used by `scripts/bench`; not listed in `kurukuru --help`.
enum DebugCommand {
  static let common = [
    CLI.scaleOption, OptionSpec("fps", "N", "frames per second (default: the preset's)"), CLI.setOption,
  ]
  static let dumpCairo = CommandSpec(
    name: "debug dump-cairo", arguments: "PRESET",
    abstract: CairoCallDump.help,
    options: common)
  static let timeRender = CommandSpec(
    name: "debug time-render", arguments: "PRESET",
    abstract: LoopTiming.help,
    options: common + [
      OptionSpec("jobs", "N", "worker threads (default: number of cores)"),
      OptionSpec("repeat", "K", "passes over the loop, 1…10000 (default 1)"),
      OptionSpec("hash", nil, LoopTiming.hashHelp),
    ])

  /// Runs `kurukuru debug SUBCOMMAND …` (the arguments after `debug`).
  static func run(_ raw: [String]) throws -> Int32 {
    let subcommands = [dumpCairo, timeRender]
    guard let sub = raw.first, sub != "--help", sub != "-h" else {
      Console.out(subcommands.map(\.help).joined(separator: "\n\n"))
      return 0
    }
    guard let spec = subcommands.first(where: { $0.name == "debug " + sub }) else {
      throw UsageError("debug: unknown subcommand \(quoted: sub)" + Suggestion.hint(for: sub, in: ["dump-cairo", "time-render"]))
    }
    let rest = Array(raw.dropFirst())
    if CLI.help(rest, spec.help) { return 0 }
    let args = try Arguments(rest, spec: spec.argumentSpec, command: spec.name)
    guard args.positional.count == 1, let path = args.positional.first else {
      throw UsageError("\(spec.name): name exactly one preset file (run 'kurukuru debug --help')")
    }
    let fps = try args.options.number("fps", in: 0.1...240)
    let (preset, scene) = try CLI.source(paths: [path], args: args, fps: fps)
    let renderer = try CLI.renderer(
      scene, file: preset.file, args: args, jobs: try args.options.jobs())
    if spec.name == dumpCairo.name {
      for i in 0..<renderer.frameCount {
        let list = scene.displayList(at: scene.timeline.time(ofFrame: i))
        FileHandle.standardOutput.write(Data(CairoCallDump.text(of: list, scale: renderer.scale).utf8))
      }
      return 0
    }
    let timing = try LoopTiming(renderer, passes: try args.options.integer("repeat", in: 1...10_000) ?? 1)
    Console.out(timing.line)
    if args.has("hash") { Console.out("hash=\(try LoopTiming.hash(renderer))") }
    return 0
  }
}
