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
    abstract: """
      Prints the Cairo operations of every frame of the loop (CairoCallDump, each frame starting
      with a 'frame' line) to standard output, for scripts/bench.d/cairo-direct.
      """,
    options: common)
  static let timeRender = CommandSpec(
    name: "debug time-render", arguments: "PRESET",
    abstract: """
      Evaluates and rasterizes every frame of the loop K times (no encoding) and prints
      'frames=N seconds=S fps=F cpu=C': N frames in all, S seconds of monotonic wall-clock time,
      F = N / S, C seconds of the process's CPU time (with --jobs 1, the one rendering thread's).
      """,
    options: common + [
      OptionSpec("jobs", "N", "worker threads (default: number of cores)"),
      OptionSpec("repeat", "K", "passes over the loop, 1…10000 (default 1)"),
      OptionSpec(
        "hash", nil,
        """
        after timing, render the loop once more and print 'hash=H', the FNV-1a 64-bit hash of
        all RGBA8 frames in order (the same hash as 'cairo-direct DUMP --hash')
        """),
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
    let fps = try args.number("fps", in: 0.1...240, command: spec.name)
    let (preset, scene) = try CLI.source(path: path, args: args, command: spec.name, fps: fps)
    let renderer = try CLI.renderer(
      scene, file: preset.file, args: args, command: spec.name, jobs: try CLI.jobs(args, command: spec.name))
    if spec.name == dumpCairo.name {
      for i in 0..<renderer.frameCount {
        let list = scene.displayList(at: scene.timeline.time(ofFrame: i))
        FileHandle.standardOutput.write(Data(CairoCallDump.text(of: list, scale: renderer.scale).utf8))
      }
      return 0
    }
    return try time(renderer, passes: try args.integer("repeat", in: 1...10_000, command: spec.name) ?? 1, hash: args.has("hash"))
  }

  /// Times evaluation and rasterization of every frame of the loop `passes` times.
  static func time(_ renderer: Renderer, passes: Int, hash: Bool) throws -> Int32 {
    let count = renderer.frameCount
    let started = monotonicSeconds(), startedCPU = DebugCommand.clockSeconds(CLOCK_PROCESS_CPUTIME_ID)
    for _ in 0..<passes {
      try renderer.forEachFrame(in: 0..<count) { _, _ in }
    }
    let seconds = monotonicSeconds() - started, cpu = DebugCommand.clockSeconds(CLOCK_PROCESS_CPUTIME_ID) - startedCPU
    let frames = count * passes
    let fps = seconds > 0 ? Double(frames) / seconds : 0
    Console.out(
      "frames=\(frames) seconds=\(String(format: "%.6f", seconds)) fps=\(String(format: "%.2f", fps)) cpu=\(String(format: "%.6f", cpu))")
    if hash {
      var h = FNV1a64()
      for i in 0..<count { try renderer.frame(i).pixels.withUnsafeBytes { h.add($0) } }
      Console.out("hash=\(String(h.value, radix: 16))")
    }
    return 0
  }

  /// Seconds on the monotonic clock (unaffected by changes of the wall-clock time).
  static func monotonicSeconds() -> Double { clockSeconds(CLOCK_MONOTONIC) }

  /// Seconds on `clock` (`CLOCK_MONOTONIC`, `CLOCK_PROCESS_CPUTIME_ID`, …).
  static func clockSeconds(_ clock: clockid_t) -> Double {
    var ts = timespec()
    clock_gettime(clock, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }
}
