import Foundation
import KurukuruCore
import KurukuruRaster
import KurukuruRender

// MARK: - debug (hidden; for scripts/bench)

/// Hidden subcommands used by `scripts/bench`; not listed in `kurukuru --help`.
enum DebugCommand {
  static let help = """
    USAGE: kurukuru debug dump-cairo PRESET [--scale N] [--fps N] [--set NAME=VALUE]...
           kurukuru debug time-render PRESET [--scale N] [--fps N] [--set NAME=VALUE]... [--jobs N]
                                             [--repeat K] [--hash]

    Hidden tools for scripts/bench.

    dump-cairo    prints the Cairo operations of every frame of the loop (CairoCallDump, each
                  frame starting with a 'frame' line) to standard output, for
                  scripts/bench.d/cairo-direct.
    time-render   evaluates and rasterizes every frame of the loop K times (no encoding) and prints
                  'frames=N seconds=S fps=F': N frames in all, S seconds of wall-clock time
                  (monotonic), F = N / S.

    OPTIONS:
      --scale N               pixels per point (default 1)
      --fps N                 frames per second (default: the preset's)
      --set NAME=VALUE        set a preset parameter (repeatable)
      --jobs N                time-render: worker threads (default: number of cores)
      --repeat K              time-render: passes over the loop, 1…10000 (default 1)
      --hash                  time-render: after timing, render the loop once more and print
                              'hash=H', the FNV-1a 64-bit hash of all RGBA8 frames in order
                              (the same hash as 'cairo-direct DUMP --hash')
    """

  static let dumpSpec = Arguments.Spec(options: ["scale", "fps", "set"], flags: [])
  static let timeSpec = Arguments.Spec(options: ["scale", "fps", "set", "jobs", "repeat"], flags: ["hash"])

  /// Runs `kurukuru debug SUBCOMMAND …`.
  /// - Parameter raw: the arguments after `debug`.
  /// - Returns: the exit status (0).
  /// - Throws: `UsageError` for bad usage; errors of the preset, evaluation or raster stages.
  static func run(_ raw: [String]) throws -> Int32 {
    guard let sub = raw.first, sub != "--help", sub != "-h" else {
      Console.out(help)
      return 0
    }
    let rest = Array(raw.dropFirst())
    if CLI.help(rest, help) { return 0 }
    switch sub {
    case "dump-cairo": return try dumpCairo(rest)
    case "time-render": return try timeRender(rest)
    default:
      let subs = ["dump-cairo", "time-render"]
      throw UsageError("debug: unknown subcommand '\(sub)'" + Suggestion.hint(for: sub, in: subs))
    }
  }

  // MARK: - dump-cairo

  /// Prints the CairoCallDump of every frame of the loop, in order.
  static func dumpCairo(_ raw: [String]) throws -> Int32 {
    let command = "debug dump-cairo"
    let args = try Arguments(raw, spec: dumpSpec, command: command)
    let renderer = try load(args, command: command, jobs: 1)
    let (scene, scale) = (renderer.scene, renderer.scale)
    let out = FileHandle.standardOutput
    for i in 0..<scene.timeline.frameCount {
      let list = evaluate(scene, at: scene.timeline.time(ofFrame: i))
      out.write(Data(CairoCallDump.text(of: list, scale: scale).utf8))
    }
    return 0
  }

  // MARK: - time-render

  /// Times evaluation and rasterization of every frame of the loop, `--repeat` times.
  static func timeRender(_ raw: [String]) throws -> Int32 {
    let command = "debug time-render"
    let args = try Arguments(raw, spec: timeSpec, command: command)
    let renderer = try load(args, command: command, jobs: try CLI.jobs(args, command: command))
    let passes = try args.integer("repeat", in: 1...10_000, command: command) ?? 1
    let count = renderer.frameCount

    let started = monotonicSeconds()
    for _ in 0..<passes {
      try renderer.forEachFrame(in: 0..<count) { _, _ in }
    }
    let seconds = monotonicSeconds() - started
    let frames = count * passes
    let fps = seconds > 0 ? Double(frames) / seconds : 0
    Console.out("frames=\(frames) seconds=\(String(format: "%.6f", seconds)) fps=\(String(format: "%.2f", fps))")

    if args.has("hash") {
      var hash = FNV1a64()
      for i in 0..<count {
        let frame = try renderer.frame(i)
        frame.pixels.withUnsafeBytes { hash.add($0) }
      }
      Console.out("hash=\(String(hash.value, radix: 16))")
    }
    return 0
  }

  // MARK: - Helpers

  /// A renderer for the one preset named on the command line, resolved with `--set`, `--fps`
  /// and `--scale`.
  private static func load(_ args: Arguments, command: String, jobs: Int) throws -> Renderer {
    guard args.positional.count == 1, let path = args.positional.first else {
      throw UsageError("\(command): name exactly one preset file (run 'kurukuru debug --help')")
    }
    let fps = try args.number("fps", in: 0.1...240, command: command)
    let (_, scene) = try CLI.scene(path: path, args: args, command: command, fps: fps)
    return try CLI.renderer(scene, args: args, command: command, jobs: jobs)
  }

  /// Seconds on the monotonic clock (unaffected by changes of the wall-clock time).
  private static func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }
}
