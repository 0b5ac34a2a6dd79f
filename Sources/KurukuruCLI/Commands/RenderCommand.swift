import Foundation
import KurukuruBatch
import KurukuruCore
import KurukuruRender

// MARK: - render

enum RenderCommand: Command {
  static let definition = CommandSpec(
    name: "render", arguments: "INPUT...",
    abstract: RenderHelp.render,
    options: [
      OptionSpec("format", OutputFormats.names.joined(separator: "|"), "output format, or several comma-separated (default gif)"),
      OptionSpec("output", "PATH", RenderHelp.output),
      CLI.scaleOption, CLI.fitOption,
      OptionSpec("fps", "N", RenderHelp.fps),
      CLI.backgroundOption,
      OptionSpec("quiet", nil, "no progress line, warnings or notes on stderr (errors still print)"),
    ] + OutputFormats.options.map(OptionSpec.init) + [CLI.setOption, CLI.jobsOption, CLI.maxWorkOption] + CLI.inputOptions,
    discussion: RenderHelp.renderDiscussion)

  static func run(_ raw: [String]) throws -> Int32 {
    let args = try Arguments(raw, spec: definition.argumentSpec, command: "render")
    guard !args.positional.isEmpty else {
      throw UsageError("render: name at least one preset file (run 'kurukuru render --help')")
    }
    let formats = try args.options.formats()
    let quiet = args.has("quiet")
    if let requested = try args.options.fps(), !quiet {
      for limit in formats.compactMap({ $0.frameRate(for: requested).lowered }) {
        Console.warning("render", "\(limit.reason); --fps \(NumberText.format(requested)) lowered to \(NumberText.format(limit.fps))")
      }
    }
    let plan = try RenderPlan(
      inputs: args.positional, formats: formats, options: args.options, settings: try args.settings(),
      inputOptions: CLI.inputOptions(args), jobs: try args.options.jobs()
    ) { input in
      if !quiet { CLI.warn(about: input) }
    }
    if !quiet { for job in plan.jobs { if let note = job.note { Console.warning(job.file, note) } } }
    var noted = Set<String>()
    for job in plan.jobs {
      let (file, format) = (job.file, job.format)
      if !quiet, noted.insert(file).inserted {
        for note in job.renderer.scene.timeline.notes { Console.note(file, note) }
      }
      // Frames drawn and encoded, on a live line while the output is written.
      var renderer = job.renderer
      let counts = FrameCounts(), started = Date(), total = renderer.frameCount, label = plan.label(of: job)
      let line = ProgressLine(quiet: quiet) {
        let now = counts.now
        return ProgressText.line(
          label, drawn: now.drawn, encoded: now.encoded, frames: total, elapsed: Date().timeIntervalSince(started))
      }
      if line.enabled {
        renderer.onFrame = { counts.drew() }
        renderer.onEncoded = { counts.encoded() }
      }
      line.start()
      defer { line.clear() }
      // With several presets --output is the folder that receives each one's default path.
      let summary = try InputFailure.naming(file) {
        plan.jobs.count > 1
          ? try renderer.write(format, to: renderer.defaultTarget(for: format, in: args.value("output") ?? "."))
          : try renderer.write(format, to: args.value("output"))
      }
      line.clear()
      // Asked after writing: the frames were measured as they were drawn.
      if let overflow = renderer.canvasOverflow, !quiet { Console.warning(file, "\(overflow)") }
      Console.out(summary.line(loopSeconds: renderer.scene.timeline.period, format: type(of: format)))
      for note in summary.notes { Console.out(note) }
    }
    return 0
  }
}
