import Foundation
import KurukuruBatch
import KurukuruCodecs
import KurukuruCore
import KurukuruRender

// MARK: - frame

enum FrameCommand: Command {
  static let definition = CommandSpec(
    name: "frame", arguments: "INPUT",
    abstract: RenderHelp.frame,
    options: [
      OptionSpec("time", "SECONDS", "the instant (required, ≥ 0)", required: true),
      CLI.scaleOption, CLI.fitOption,
      OptionSpec("output", "FILE.png", "default NAME-tSECONDS.png"),
      CLI.backgroundOption,
      CLI.setOption,
    ] + CLI.inputOptions)

  static func run(_ raw: [String]) throws -> Int32 {
    let args = try Arguments(raw, spec: definition.argumentSpec, command: "frame")
    guard let paths = AnimationInput.single(args.positional) else {
      throw UsageError("frame: name exactly one preset file, or the .swift files of one view (run 'kurukuru frame --help')")
    }
    guard let time = try args.options.number("time", in: 0...86_400) else {
      throw UsageError("frame: --time SECONDS is required")
    }
    let background = try args.options.color("background")
    let (preset, scene) = try CLI.source(paths: paths, args: args, background: background)
    let renderer = try CLI.renderer(scene, file: preset.file, args: args, wholeLoop: false)
    let output = try args.value("output").map { try OutputTarget(path: $0) }
      ?? OutputTarget(folder: ".", relative: "\(scene.name)-t\(NumberText.format(time)).png")
    let frame = try InputFailure.naming(preset.file) {
      let frame = try renderer.frame(at: time)
      try AtomicFile.write(try PNG.encode(frame), to: output)
      return frame
    }
    Console.out("\(output.path): \(frame.width)×\(frame.height) px at t = \(NumberText.format(time)) s")
    if let overflow = scene.canvasOverflow(at: [time]) { Console.warning(preset.file, "\(overflow)") }
    return 0
  }
}
