import Foundation
import KurukuruCore
import KurukuruCodecs
import KurukuruRaster

// MARK: - frame

enum FrameCommand {
  static let help = """
    USAGE: kurukuru frame PRESET --time SECONDS [--scale N] [--output FILE.png] [--set NAME=VALUE]...

    Renders the preset at one instant (seconds from the start of its loop; times past the loop
    continue the animation's steady state) to a straight-RGBA PNG.

    OPTIONS:
      --time SECONDS          the instant (required, ≥ 0)
      --scale N               pixels per point (default 1)
      --output FILE.png       default NAME-tSECONDS.png
      --background COLOR      replace the preset's background; 'transparent' for none
      --set NAME=VALUE        set a preset parameter (repeatable)
    """

  static let spec = Arguments.Spec(options: ["time", "scale", "output", "set", "background"], flags: [])

  static func run(_ raw: [String]) throws -> Int32 {
    if CLI.help(raw, help) { return 0 }
    let args = try Arguments(raw, spec: spec, command: "frame")
    guard args.positional.count == 1, let path = args.positional.first else {
      throw UsageError("frame: name exactly one preset file (run 'kurukuru frame --help')")
    }
    guard let time = try args.number("time", in: 0...86_400, command: "frame") else {
      throw UsageError("frame: --time SECONDS is required")
    }
    let background = try CLI.color(args, "background", command: "frame")
    let (_, scene) = try CLI.scene(path: path, args: args, command: "frame", background: background)
    let scale = try CLI.scale(args, for: scene, command: "frame")
    let frame = try Rasterizer(scale: scale).render(evaluate(scene, at: time))
    let output = args.value("output") ?? "\(scene.name)-t\(fmtNumber(time)).png"
    try AtomicFile.write(try PNG.encode(frame), to: output)
    Console.out("\(output): \(frame.width)×\(frame.height) px at t = \(fmtNumber(time)) s")
    return 0
  }
}
