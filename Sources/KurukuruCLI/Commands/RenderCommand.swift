import Foundation
import KurukuruBatch
import KurukuruCore
import KurukuruRender

// MARK: - render

enum RenderCommand: Command {
  static let definition = CommandSpec(
    name: "render", arguments: "INPUT...",
    abstract: "Renders the loop of each INPUT — a preset (a bundled name or a .json file), a Lottie file\n(.json, .lottie) or a SwiftUI view (.swift) — in one or more of these formats:\n" + OutputFormats.summaryLines.joined(separator: "\n"),
    options: [
      OptionSpec("format", OutputFormats.names.joined(separator: "|"), "output format, or several comma-separated (default gif)"),
      OptionSpec(
        "output", "PATH",
        """
        the file or folder to write (default NAME.gif, NAME@Nx.gif at --scale N;
        png: the folder NAME/, NAME@Nx/; android: NAME-android/; xcassets: the
        folder that gets NAME.xcassets, default .; css: NAME-css/); with several
        presets or formats, the folder that gets each one's default name
        """),
      CLI.scaleOption, CLI.fitOption,
      OptionSpec(
        "fps", "N",
        """
        frames per second (default: the preset's); GIF plays at most 50 fps,
        so a higher value is lowered to 50 with a warning
        """),
      CLI.backgroundOption,
      OptionSpec("quiet", nil, "no progress line, warnings or notes on stderr (errors still print)"),
    ] + OutputFormats.options.map(OptionSpec.init) + [CLI.setOption, CLI.jobsOption, CLI.maxWorkOption] + CLI.inputOptions,
    discussion: """
      PNG frames are straight RGBA, named NAME0.png, NAME1.png, … (NAME0@2x.png at --scale 2), as
      UIImage.animatedImageNamed(_:duration:) expects. Frame i is rendered at t = i / fps.
      """ + "\n" + AppBundleHelp.text)

  static func run(_ raw: [String]) throws -> Int32 {
    let args = try Arguments(raw, spec: definition.argumentSpec, command: "render")
    guard !args.positional.isEmpty else {
      throw UsageError("render: name at least one preset file (run 'kurukuru render --help')")
    }
    let formats = try outputFormats(args)
    let jobs = try CLI.jobs(args, command: "render")
    let quiet = args.has("quiet")
    let requested = try args.number("fps", in: 0.1...240, command: "render")
    // Each format's frame rate: --fps, lowered to what the format plays.
    let rates = formats.map { format -> Double? in
      guard let limit = format.frameRateLimit, let f = requested, f > limit.fps else { return requested }
      if !quiet { Console.warning("render", "\(limit.reason); --fps \(fmtNumber(f)) lowered to \(fmtNumber(limit.fps))") }
      return limit.fps
    }
    let background = try CLI.color(args, "background", command: "render")

    // Resolve every input first (once per frame rate), so that a bad one fails before anything
    // is written.
    var renderers: [(file: String, renderer: Renderer, format: any OutputFormat)] = []
    for path in args.positional {
      var loaded: [Double?: (file: String, scene: any AnimationSource)] = [:]
      for (format, fps) in zip(formats, rates) {
        let source = try loaded[fps] ?? {
          let (input, scene) = try CLI.source(
            path: path, args: args, command: "render", fps: fps, background: background, warnings: !quiet && loaded.isEmpty)
          return (input.file, scene)
        }()
        loaded[fps] = source
        let prepared = try CLI.renderer(
          source.scene, file: source.file, args: args, command: "render", jobs: jobs, fits: !(format is LottieFormat))
          .prepared(for: format)
        if let note = prepared.note, !quiet { Console.warning(source.file, note) }
        renderers.append((source.file, prepared.renderer, format))
      }
    }
    var noted = Set<String>()
    for (file, renderer, format) in renderers {
      if !quiet, noted.insert(file).inserted {
        for note in renderer.scene.timeline.notes { Console.note(file, note) }
      }
      // Frames drawn and encoded, on a live line while the output is written.
      var renderer = renderer
      let counts = FrameCounts(), started = Date(), total = renderer.frameCount
      let label = renderers.count == 1 ? "render" : formats.count == 1 ? "render \(renderer.scene.name)" : "render \(renderer.scene.name) \(type(of: format).name)"
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
      let summary = try CLI.naming(file) {
        renderers.count > 1
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

  /// `--format NAME[,NAME…]` (repeats dropped) and the options of those formats; options of
  /// other formats are usage errors.
  static func outputFormats(_ args: Arguments) throws -> [any OutputFormat] {
    let text = args.value("format") ?? GIFFormat.name
    var seen = Set<String>()
    let names = text.split(separator: ",", omittingEmptySubsequences: false)
      .map { $0.trimmingCharacters(in: .whitespaces) }.filter { seen.insert($0).inserted }
    let types = try names.map { name -> any OutputFormat.Type in
      guard let type = OutputFormats.named(name) else {
        throw UsageError(
          "render: --format must be \(OutputFormats.names.dropLast().joined(separator: ", ")) or \(OutputFormats.names.last ?? ""), got \(quoted: name)"
            + Suggestion.hint(for: name, in: OutputFormats.names))
      }
      return type
    }
    let own = Set(types.flatMap { $0.options.map(\.name) })
    for option in OutputFormats.options where !own.contains(option.name) && args.value(option.name) != nil {
      let owners = OutputFormats.formats(accepting: option.name).map { $0.name }
      throw UsageError("render: --\(option.name) applies to --format \(owners.joined(separator: ", ")) only")
    }
    return try types.map { type in
      var values: [String: String] = [:]
      for option in type.options { values[option.name] = args.value(option.name) }
      do {
        return try type.init(options: FormatOptionValues(values, command: "render"))
      } catch let error as RenderError {
        throw UsageError(error.description)
      }
    }
  }

}
