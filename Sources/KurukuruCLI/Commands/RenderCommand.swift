import Foundation
import KurukuruCore
import KurukuruRender

// MARK: - render

enum RenderCommand: Command {
  static let definition = CommandSpec(
    name: "render", arguments: "PRESET...",
    abstract: "Renders each preset's loop in one of these formats:\n" + OutputFormats.summaryLines.joined(separator: "\n"),
    options: [
      OptionSpec("format", OutputFormats.names.joined(separator: "|"), "output format (default gif)"),
      OptionSpec(
        "output", "PATH",
        """
        the file or folder to write (default NAME.gif, NAME@Nx.gif at --scale N;
        png: the folder NAME/, NAME@Nx/; android: NAME-android/; xcassets: the
        folder that gets NAME.xcassets, default .; css: NAME-css/); with several
        presets, a folder
        """),
      CLI.scaleOption, CLI.fitOption,
      OptionSpec(
        "fps", "N",
        """
        frames per second (default: the preset's); GIF plays at most 50 fps,
        so a higher value is lowered to 50 with a warning
        """),
      CLI.backgroundOption,
      OptionSpec("quiet", nil, "no warnings or notes on stderr (errors still print)"),
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
    let format = try outputFormat(args)
    let jobs = try CLI.jobs(args, command: "render")
    let quiet = args.has("quiet")
    var fps = try args.number("fps", in: 0.1...240, command: "render")
    if let limit = format.frameRateLimit, let f = fps, f > limit.fps {
      if !quiet { Console.warning("render", "\(limit.reason); --fps \(fmtNumber(f)) lowered to \(fmtNumber(limit.fps))") }
      fps = limit.fps
    }
    let background = try CLI.color(args, "background", command: "render")

    // Resolve every preset first, so that a bad one fails before anything is written.
    var renderers: [(file: String, renderer: Renderer)] = []
    for path in args.positional {
      let (preset, scene) = try CLI.source(
        path: path, args: args, command: "render", fps: fps, background: background, warnings: !quiet)
      let prepared = try CLI.renderer(scene, file: preset.file, args: args, command: "render", jobs: jobs).prepared(for: format)
      if let note = prepared.note, !quiet { Console.warning(preset.file, note) }
      renderers.append((preset.file, prepared.renderer))
    }
    for (file, renderer) in renderers {
      if !quiet { for note in renderer.scene.timeline.notes { Console.note(file, note) } }
      // With several presets --output is the folder that receives each one's default path.
      let summary = try CLI.naming(file) {
        renderers.count > 1
          ? try renderer.write(format, to: renderer.defaultTarget(for: format, in: args.value("output") ?? "."))
          : try renderer.write(format, to: args.value("output"))
      }
      // Asked after writing: the frames were measured as they were drawn.
      if let overflow = renderer.canvasOverflow, !quiet { Console.warning(file, "\(overflow)") }
      Console.out(summary.line(loopSeconds: renderer.scene.timeline.period, format: type(of: format)))
      for note in summary.notes { Console.out(note) }
    }
    return 0
  }

  /// `--format` and the options of that format; options of other formats are usage errors.
  static func outputFormat(_ args: Arguments) throws -> any OutputFormat {
    let name = args.value("format") ?? GIFFormat.name
    guard let type = OutputFormats.named(name) else {
      throw UsageError(
        "render: --format must be \(OutputFormats.names.dropLast().joined(separator: ", ")) or \(OutputFormats.names.last ?? ""), got \(quoted: name)"
          + Suggestion.hint(for: name, in: OutputFormats.names))
    }
    let own = Set(type.options.map(\.name))
    for option in OutputFormats.options where !own.contains(option.name) && args.value(option.name) != nil {
      let owners = OutputFormats.formats(accepting: option.name).map { $0.name }
      throw UsageError("render: --\(option.name) applies to --format \(owners.joined(separator: ", ")) only")
    }
    var values: [String: String] = [:]
    for option in type.options { values[option.name] = args.value(option.name) }
    do {
      return try type.init(options: FormatOptionValues(values, command: "render"))
    } catch let error as RenderError {
      throw UsageError(error.description)
    }
  }

}
