import Foundation
import KurukuruBatch
import KurukuruCore
import KurukuruLottie
import KurukuruPresets
import KurukuruRaster
import KurukuruRender

// MARK: - Command

/// A subcommand: its declaration and what it does with the parsed arguments.
protocol Command {
  /// Options, arguments and help, declared once.
  static var definition: CommandSpec { get }
  /// Runs the command on its arguments (after the command's name) and returns the exit status.
  static func run(_ raw: [String]) throws -> Int32
}

// MARK: - CLI

/// The `kurukuru` command: parses arguments, calls the library stages and prints. Every
/// command declares its options and help once (`CommandSpec`); the overall usage is built
/// from those declarations.
enum CLI {
  static let version = ToolVersion.number

  /// The commands `kurukuru --help` lists, in order.
  static let commands: [any Command.Type] = [
    RenderCommand.self, FrameCommand.self, InfoCommand.self, CompareCommand.self, BatchCommand.self,
    PresetsCommand.self, PortCommand.self,
  ]

  static var usage: String {
    """
    kurukuru \(version) — render loading animations (SwiftUI-style presets, Lottie files, SwiftUI views) to \(OutputFormats.names.joined(separator: ", "))

    USAGE:
    \(commands.map { $0.definition.usage }.joined(separator: "\n"))

    Run 'kurukuru COMMAND --help' for a command's options.
    Exit status: 0 success, 1 differences (compare) or failures (batch), 2 bad usage or input,
    3 an output could not be written (a full disk, no permission).
    """
  }

  /// Runs a command line (without the program name) and returns the exit status.
  static func run(_ args: [String]) -> Int32 {
    guard let command = args.first else {
      Console.err(usage)
      return 2
    }
    let rest = Array(args.dropFirst())
    do {
      switch command {
      case "debug": return try DebugCommand.run(rest)
      case "--help", "-h", "help":
        Console.out(usage)
        return 0
      case "--version":
        Console.out(version)
        return 0
      default:
        guard let entry = commands.first(where: { $0.definition.name == command }) else {
          let names = commands.map { $0.definition.name }
          throw UsageError(
            "unknown command \(quoted: command)" + Suggestion.hint(for: command, in: names) + " (run 'kurukuru --help')")
        }
        if help(rest, entry.definition.help) { return 0 }
        return try entry.run(rest)
      }
    } catch {
      Console.err(message(for: error))
      return status(for: error)
    }
  }

  /// One line for any error of any stage, in the command line's words (`commandLineWords`).
  static func message(for error: Error) -> String {
    commandLineWords(String(describing: error))
  }

  /// An error line of the library with the command line's own words where the library speaks of
  /// settings, frame rates and limits: `setting NAME=VALUE` is `--set NAME=VALUE`, the frame
  /// rate `--fps`, the work limit `--max-work N`, allowing unsupported Lottie features
  /// `--allow-unsupported`, and a missing bundled preset points at `kurukuru presets`.
  static func commandLineWords(_ line: String) -> String {
    var text = line
    for (library, flag) in [("setting ", "--set "), ("the frame rate ", "--fps ")] {
      if text.hasPrefix(library) { text = flag + text.dropFirst(library.count) }
      text = text.replacingOccurrences(of: ": " + library, with: ": " + flag)
    }
    if text.hasSuffix("(Limits.maxWork)") { text += "; --max-work N raises it" }
    if text.contains("no bundled preset of that name") { text += " (run 'kurukuru presets' for the list)" }
    text = text.replacingOccurrences(
      of: "(allow unsupported features to draw the rest)", with: "(--allow-unsupported draws the rest)")
    return text
  }

  /// The exit status of a failed command: 3 when an output could not be written (the system
  /// refused the write: a full disk, no permission), else 2 (bad usage or input).
  static func status(for error: Error) -> Int32 {
    let underlying = (error as? InputFailure)?.error ?? error
    if case .cannotWrite? = underlying as? RenderError { return 3 }
    return 2
  }

  /// Prints help and returns true when `--help` is among the arguments.
  static func help(_ args: [String], _ text: String) -> Bool {
    guard args.contains("--help") || args.contains("-h") else { return false }
    Console.out(text)
    return true
  }

  // MARK: - Shared options

  /// `--scale N` (pixels per point, 0.01…64, default 1).
  static let scaleOption = OptionSpec("scale", "N", "pixels per point (default 1); each canvas side ≤ 8192 px")
  /// `--set NAME=VALUE`.
  static let setOption = OptionSpec("set", "NAME=VALUE", "set a preset parameter (repeatable)", repeatable: true)
  /// `--background COLOR`.
  static let backgroundOption = OptionSpec(
    "background", "COLOR", "replace the preset's background; 'transparent' for none")
  /// `--max-work N` (pixel-views in one loop, `Limits.maxWork`).
  static let maxWorkOption = OptionSpec(
    "max-work", "N", "refuse a loop of more than N pixel-views: pixels × frames × views (default 2e11)")
  /// `--jobs N`.
  static let jobsOption = OptionSpec(
    "jobs", "N", "worker threads (default: number of cores); output is identical for any N")

  /// `--animation ID` (a dotLottie archive's animation).
  static let animationOption = OptionSpec("animation", "ID", "for a .lottie archive, the animation to read (default the first)")
  /// `--allow-unsupported`.
  static let allowUnsupportedOption = OptionSpec(
    "allow-unsupported", nil, "draw what is supported of a Lottie file that uses text, images, 3-D layers, … (warns)")
  /// `--fit WxH`.
  static let fitOption = OptionSpec(
    "fit", "WxH", "scale the canvas to fit W×H points, keeping its aspect (pixels at --scale 1), e.g. 96x96")
  /// `--view NAME` (a SwiftUI file's root view).
  static let viewOption = OptionSpec(
    "view", "NAME", "for a .swift file (SwiftUI source, compiled and run), the root View (default the only one)")
  /// The options every command that reads an input takes.
  static let inputOptions = [animationOption, allowUnsupportedOption, viewOption]

  /// Loads an input — a preset (a bundled one by name or a file) or a Lottie file
  /// (`AnimationInput.load`) — and the animation it renders, with `--set`, and the given fps
  /// and background overrides. Warnings about what a Lottie file leaves out go to stderr unless
  /// `warnings` is false (`render --quiet`).
  static func source(
    path: String, args: Arguments, command: String, fps: Double? = nil, background: RGBAColor? = nil,
    warnings: Bool = true
  ) throws -> (AnimationInput, any AnimationSource) {
    let input = try AnimationInput.load(path, options: inputOptions(args))
    if warnings { for warning in input.warnings { Console.err(commandLineWords(warning)) } }
    let source = try input.source(settings: try args.settings(command: command), fps: fps, background: background)
    return (input, source)
  }

  /// How Lottie and SwiftUI inputs are read: `--animation`, `--allow-unsupported`, `--view`.
  static func inputOptions(_ args: Arguments) -> AnimationInput.Options {
    AnimationInput.Options(animation: args.value("animation"), allowUnsupported: args.has("allow-unsupported"), view: args.value("view"))
  }

  /// A renderer for `scene` fitted into `--fit WxH` points (`FittedAnimation`; not when
  /// `fits` is false: the Lottie export is vector and keeps its size) at `--scale`; a canvas the
  /// rasterizer refuses is a usage error naming the preset `file` (`FILE: scale 2 makes a
  /// 8194×20 px canvas; …`). `wholeLoop` false (one frame) skips the `--max-work` bound, which
  /// is for whole loops.
  static func renderer(
    _ scene: any AnimationSource, file: String, args: Arguments, command: String, jobs: Int = 1, wholeLoop: Bool = true,
    fits: Bool = true
  ) throws -> Renderer {
    let box = try fit(args, command: command)
    let source: any AnimationSource = box.map { fits ? FittedAnimation(scene, fitting: $0) : scene } ?? scene
    let scale = try args.number("scale", in: 0.01...64, command: command) ?? 1
    var limits = try CLI.limits(args, command: command)
    if !wholeLoop { limits.maxWork = .max }
    return try naming(file) { try Renderer(source, scale: scale, jobs: jobs, limits: limits) }
  }

  /// Runs `body`, the work on the preset `file` after it loaded (a canvas or layer the
  /// rasterizer refuses, an output that cannot be written), so that its error is one line that
  /// names the file first (`InputFailure`), as a preset's own errors do.
  static func naming<T>(_ file: String, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as InputFailure {
      throw error
    } catch {
      throw InputFailure(file: file, error: error)
    }
  }

  /// `--background COLOR|transparent` and other colour options.
  static func color(_ args: Arguments, _ name: String, command: String) throws -> RGBAColor? {
    guard let text = args.value(name) else { return nil }
    switch ColorSyntax.parse(text) {
    case .success(let c): return c
    case .failure(let e): throw UsageError("\(command): --\(name) \(excerpt: text): \(e.message)")
    }
  }

  /// `--fit WxH`: the box in points (each side 1…8192), or nil.
  static func fit(_ args: Arguments, command: String) throws -> Size? {
    guard let fit = args.value("fit") else { return nil }
    let parts = fit.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let w = NumberText.parse(String(parts[0])), let h = NumberText.parse(String(parts[1])),
      w >= 1, h >= 1, w <= 8192, h <= 8192
    else { throw UsageError("\(command): --fit takes WxH in points, each 1…8192, got \(quoted: fit)") }
    return Size(width: w, height: h)
  }

  /// `Limits` with `--max-work N` (a number ≥ 1, e.g. `1e12`) when given.
  static func limits(_ args: Arguments, command: String) throws -> Limits {
    var limits = Limits()
    if let work = try args.number("max-work", in: 1...9e18, command: command) { limits.maxWork = Int(work) }
    return limits
  }

  /// `--jobs N`, default: the number of cores.
  static func jobs(_ args: Arguments, command: String) throws -> Int {
    try args.integer("jobs", in: 1...256, command: command) ?? Renderer.defaultJobs
  }
}
