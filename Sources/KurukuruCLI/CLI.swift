import Foundation
import KurukuruCore
import KurukuruCodecs
import KurukuruCompare
import KurukuruRaster

// MARK: - CLI

enum CLI {
  static let version = "0.1.0"

  static let usage = """
    kurukuru \(version) — render SwiftUI-style loading animations to GIF and PNG frames

    USAGE:
      kurukuru render PRESET... [--format gif|png] [--output PATH] [--scale N] [--fps N]
                                [--background COLOR|transparent] [--matte COLOR] [--set NAME=VALUE]...
                                [--jobs N] [--loops N] [--dither none|ordered]
      kurukuru frame PRESET --time SECONDS [--scale N] [--output FILE.png] [--set NAME=VALUE]...
      kurukuru info PRESET|FILE [--json]
      kurukuru compare A B [--threshold T] [--include-aa] [--alpha A] [--diff-mask] [--no-checkerboard]
                     [--diff PATH] [--json]
      kurukuru batch PATH... --output DIR [--format LIST] [--scale LIST] [--jobs N] [--shard K/N]
      kurukuru presets [--dir DIR] [--json]

    Run 'kurukuru COMMAND --help' for a command's options.
    Exit status: 0 success, 1 differences (compare) or failures (batch), 2 bad usage or input.
    """

  /// Runs a command line (without the program name) and returns the exit status.
  static func run(_ args: [String]) -> Int32 {
    guard let command = args.first else {
      Console.err(usage)
      return 2
    }
    let rest = Array(args.dropFirst())
    do {
      switch command {
      case "render": return try RenderCommand.run(rest)
      case "frame": return try FrameCommand.run(rest)
      case "info": return try InfoCommand.run(rest)
      case "compare": return try CompareCommand.run(rest)
      case "batch": return try BatchCommand.run(rest)
      case "presets": return try PresetsCommand.run(rest)
      case "debug": return try DebugCommand.run(rest)
      case "--help", "-h", "help":
        Console.out(usage)
        return 0
      case "--version":
        Console.out(version)
        return 0
      default:
        let commands = ["render", "frame", "info", "compare", "batch", "presets"]
        throw UsageError("unknown command '\(command)'" + Suggestion.hint(for: command, in: commands) + " (run 'kurukuru --help')")
      }
    } catch {
      Console.err(message(for: error))
      return 2
    }
  }

  /// One line for any error of any stage.
  static func message(for error: Error) -> String {
    String(describing: error)
  }

  /// Prints help and returns true when `--help` is among the arguments.
  static func help(_ args: [String], _ text: String) -> Bool {
    guard args.contains("--help") || args.contains("-h") else { return false }
    Console.out(text)
    return true
  }

  // MARK: - Shared option handling

  /// Loads a preset and resolves it with the common options.
  static func scene(
    path: String, args: Arguments, command: String, fps: Double? = nil, background: RGBAColor? = nil
  ) throws -> (Preset, ResolvedScene) {
    let preset = try Preset.load(path: path)
    let scene = try preset.scene(settings: try args.settings(command: command), fps: fps, background: background)
    return (preset, scene)
  }

  /// `--scale`: pixels per point, checked so the canvas stays within 8192 px a side.
  static func scale(_ args: Arguments, for scene: ResolvedScene, command: String) throws -> Double {
    let scale = try args.number("scale", in: 0.01...64, command: command) ?? 1
    if let problem = canvasProblem(scene, scale: scale) { throw UsageError("\(command): \(problem)") }
    return scale
  }

  /// Why `scale` cannot be used for `scene` (a canvas side outside 1…8192 px), or nil.
  static func canvasProblem(_ scene: ResolvedScene, scale: Double) -> String? {
    let w = (scene.size.width * scale).rounded(), h = (scene.size.height * scale).rounded()
    guard w >= 1, h >= 1, w <= 8192, h <= 8192 else {
      return "--scale \(fmtNumber(scale)) makes a \(fmtNumber(w))×\(fmtNumber(h)) px canvas; each side must be 1…8192 px"
    }
    return nil
  }

  /// `--background COLOR|transparent`.
  static func color(_ args: Arguments, _ name: String, command: String) throws -> RGBAColor? {
    guard let text = args.value(name) else { return nil }
    switch ColorSyntax.parse(text) {
    case .success(let c): return c
    case .failure(let e): throw UsageError("\(command): --\(name) \(text): \(e.message)")
    }
  }

  /// `--jobs N`, default: the number of cores.
  static func jobs(_ args: Arguments, command: String) throws -> Int {
    try args.integer("jobs", in: 1...256, command: command) ?? ProcessInfo.processInfo.activeProcessorCount
  }
}
