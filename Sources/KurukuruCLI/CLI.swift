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

  /// `--scale N`, `--fit WxH`, `--background COLOR`, `--max-work N`, `--jobs N`: declared beside
  /// their readers (`FormatOption.scale`, …).
  static let scaleOption = OptionSpec(.scale), fitOption = OptionSpec(.fit), backgroundOption = OptionSpec(.background)
  static let maxWorkOption = OptionSpec(.maxWork), jobsOption = OptionSpec(.jobs)
  /// `--set NAME=VALUE`.
  static let setOption = OptionSpec("set", "NAME=VALUE", "set a preset parameter (repeatable)", repeatable: true)

  /// `--animation ID`, `--allow-unsupported`, `--view NAME`: how Lottie and SwiftUI inputs are
  /// read (`AnimationInput.Options.declared`), taken by every command that reads an input.
  static let inputOptions = AnimationInput.Options.declared.map(OptionSpec.init)

  /// Loads an input — a preset (a bundled one by name or a file) or a Lottie file
  /// (`AnimationInput.load`) — and the animation it renders, with `--set`, and the given fps
  /// and background overrides; its warnings go to stderr (`warn(about:)`).
  static func source(
    paths: [String], args: Arguments, fps: Double? = nil, background: RGBAColor? = nil
  ) throws -> (AnimationInput, any AnimationSource) {
    let input = try AnimationInput.load(group: paths, options: inputOptions(args))
    warn(about: input)
    let source = try input.source(settings: try args.settings(), fps: fps, background: background)
    return (input, source)
  }

  /// Prints what an input uses and Kurukuru leaves out (a Lottie file's ignored features), one
  /// warning line each, in the command line's words.
  static func warn(about input: AnimationInput) {
    for warning in input.warnings { Console.err(commandLineWords(warning)) }
  }

  /// How Lottie and SwiftUI inputs are read: `--animation`, `--allow-unsupported`, `--view`.
  static func inputOptions(_ args: Arguments) throws -> AnimationInput.Options {
    try AnimationInput.Options(args.options, allowUnsupported: args.has("allow-unsupported"))
  }

  /// A renderer for `scene` as the options ask (`Renderer(_:options:)`: `--fit`, `--scale`,
  /// `--max-work`); a canvas the rasterizer refuses is an error naming the input `file` first
  /// (`FILE: scale 2 makes a 8194×20 px canvas; …`).
  static func renderer(
    _ scene: any AnimationSource, file: String, args: Arguments, jobs: Int = 1, wholeLoop: Bool = true, fits: Bool = true
  ) throws -> Renderer {
    try InputFailure.naming(file) { try Renderer(scene, options: args.options, jobs: jobs, wholeLoop: wholeLoop, fits: fits) }
  }
}
