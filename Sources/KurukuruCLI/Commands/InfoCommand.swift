import Foundation
import KurukuruCodecs
import KurukuruBatch
import KurukuruCore
import KurukuruLottie

// MARK: - info

enum InfoCommand: Command {
  static let definition = CommandSpec(
    name: "info", arguments: "INPUT|FILE",
    abstract: ImageFileInfo.help,
    options: [
      OptionSpec("json", nil, "print the description as JSON"),
      CLI.setOption,
      OptionSpec("fps", "N", "frames per second to describe the preset at (default: the preset's)"),
    ] + CLI.inputOptions)

  static func run(_ raw: [String]) throws -> Int32 {
    let args = try Arguments(raw, spec: definition.argumentSpec, command: "info")
    guard let paths = AnimationInput.single(args.positional) else {
      throw UsageError("info: name exactly one preset or image file (or the .swift files of one view)")
    }
    // Anything that is not an image file this tool reads (a missing file too) goes to the preset
    // reader, which names it.
    let info = try (paths.count == 1 ? ImageFileInfo.describe(paths[0]) : nil) ?? presetInfo(paths, args)
    if args.has("json") {
      Console.out(info.render())
    } else if case .object(let members) = info {
      for (k, v) in members { Console.out(InfoText.line(k, v)) }
    }
    return 0
  }

  static func presetInfo(_ paths: [String], _ args: Arguments) throws -> JSONOut {
    let (input, source) = try CLI.source(paths: paths, args: args, fps: try args.options.fps())
    return input.description(of: source)
  }
}
