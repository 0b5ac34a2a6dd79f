import Foundation
import KurukuruCore
import KurukuruCodecs
import KurukuruRaster

// MARK: - render

enum RenderCommand {
  static let help = """
    USAGE: kurukuru render PRESET... [options]

    Renders each preset's loop as an animated GIF or a PNG sequence.

    OPTIONS:
      --format gif|png        output format (default gif)
      --output PATH           gif: the file (default NAME.gif, NAME@Nx.gif at --scale N);
                              png: the folder of frames (default NAME/); with several presets, a folder
      --scale N               pixels per point (default 1); each canvas side ≤ 8192 px
      --fps N                 frames per second (default: the preset's); GIF plays at most 50 fps,
                              so a higher value is lowered to 50 with a warning
      --background COLOR      replace the preset's background; 'transparent' for none
      --matte COLOR           GIF only: colour that partly transparent edge pixels are blended onto,
                              i.e. the page or app background (default white). A transparent
                              background stays transparent, which costs bytes (a frame that erases
                              pixels must redraw what its rectangle still shows); for an opaque page,
                              --background with the matte colour looks the same and is up to 47%
                              smaller for shapes that move or shrink (scripts/bench.d/gif shows both)
      --loops N               GIF only: NETSCAPE loop count, 0 = forever (default 0)
      --dither none|ordered   GIF only: dithering of colours missing from the palette (default none)
      --colors N              GIF only: at most N palette colours, 2...255 (default 255)
      --quality DB            GIF only: the colour fidelity that is good enough, as PSNR in dB over
                              every pixel of every frame on the matte (default 52: no visible loss;
                              on the bundled presets files are 23–45% smaller than with every colour
                              and smaller than ffmpeg's palettegen GIFs at a higher PSNR). The palette
                              gets the fewest colours that reach it, then fills its power-of-two
                              table; a pixel that changes by under twice that error keeps its colour.
                              0 = every colour allowed, always the nearest (exact when ≤ N colours)
      --set NAME=VALUE        set a preset parameter (repeatable)
      --jobs N                worker threads (default: number of cores); output is identical for any N

    PNG frames are straight RGBA, named NAME0.png, NAME1.png, … (NAME0@2x.png at --scale 2), as
    UIImage.animatedImageNamed(_:duration:) expects. Frame i is rendered at t = i / fps.
    """

  static let spec = Arguments.Spec(
    options: ["format", "output", "scale", "fps", "background", "matte", "loops", "dither", "colors", "quality", "set", "jobs"], flags: [])

  static func run(_ raw: [String]) throws -> Int32 {
    if CLI.help(raw, help) { return 0 }
    let args = try Arguments(raw, spec: spec, command: "render")
    guard !args.positional.isEmpty else { throw UsageError("render: name at least one preset file (run 'kurukuru render --help')") }
    let format = args.value("format") ?? "gif"
    guard ["gif", "png"].contains(format) else {
      throw UsageError("render: --format must be gif or png, got '\(format)'" + Suggestion.hint(for: format, in: ["gif", "png"]))
    }
    if format == "png" {
      for o in ["matte", "loops", "dither", "colors", "quality"] where args.value(o) != nil {
        throw UsageError("render: --\(o) applies to --format gif only")
      }
    }
    let jobs = try CLI.jobs(args, command: "render")
    var fps = try args.number("fps", in: 0.1...240, command: "render")
    if format == "gif", let f = fps, f > GIFOutput.maximumFPS {
      Console.err("warning: GIF frames cannot be shorter than 2 cs; --fps \(fmtNumber(f)) lowered to 50")
      fps = GIFOutput.maximumFPS
    }
    let background = try CLI.color(args, "background", command: "render")
    let gifOptions = try self.gifOptions(args)
    let several = args.positional.count > 1

    // Resolve every preset first, so that a bad one fails before anything is written.
    var jobsToRun: [(Preset, ResolvedScene, Double)] = []
    for path in args.positional {
      var (preset, scene) = try CLI.scene(path: path, args: args, command: "render", fps: fps, background: background)
      if format == "gif",
        let capped = try GIFOutput.capped(scene, preset: preset, settings: try args.settings(command: "render"), background: background)
      {
        Console.err("warning: \(path): GIF frames cannot be shorter than 2 cs; \(fmtNumber(scene.fps)) fps lowered to 50")
        scene = capped
      }
      jobsToRun.append((preset, scene, try CLI.scale(args, for: scene, command: "render")))
    }
    for (preset, scene, scale) in jobsToRun {
      for note in scene.timeline.notes { Console.err("note: \(preset.file): \(note)") }
      let suffix = scale == 1 ? "" : "@\(fmtNumber(scale))x"
      let renderer = FrameRenderer(scene: scene, rasterizer: Rasterizer(scale: scale), jobs: jobs)
      let output: String
      if several {
        output = (args.value("output") ?? ".") + "/" + scene.name + (format == "gif" ? suffix + ".gif" : "")
      } else {
        output = args.value("output") ?? (scene.name + (format == "gif" ? suffix + ".gif" : ""))
      }
      if format == "gif" {
        let bytes = try GIFOutput.encode(renderer: renderer, options: gifOptions)
        try AtomicFile.write(bytes, to: output)
        Console.out("\(output): \(scene.timeline.frameCount) frames, \(fmtNumber(scene.timeline.period)) s, \(bytes.count) bytes")
      } else {
        let count = try PNGSequence.write(renderer: renderer, to: output, name: scene.name, suffix: suffix)
        Console.out("\(output)/: \(count) frames \(scene.name)0\(suffix).png … \(scene.name)\(count - 1)\(suffix).png")
      }
    }
    return 0
  }

  static func gifOptions(_ args: Arguments) throws -> GIFOptions {
    var options = GIFOptions()
    if let m = try CLI.color(args, "matte", command: "render") {
      guard m.alpha == 1 else { throw UsageError("render: --matte must be an opaque colour") }
      options.matte = m.rgba8
    }
    if let loops = try args.integer("loops", in: 0...65535, command: "render") { options.loopCount = loops }
    if let d = args.value("dither") {
      switch d {
      case "none": options.dither = .none
      case "ordered": options.dither = .ordered
      default: throw UsageError("render: --dither must be none or ordered, got '\(d)'" + Suggestion.hint(for: d, in: ["none", "ordered"]))
      }
    }
    if let colors = try args.integer("colors", in: 2...255, command: "render") { options.maxColors = colors }
    if let quality = try args.number("quality", in: 0...120, command: "render") {
      options.maxColorError = quality == 0 ? 0 : GIFOptions.colorError(forPSNR: quality)
    }
    return options
  }
}

// MARK: - Encoding helpers

enum GIFOutput {
  /// GIF delays are whole centiseconds, and browsers play delays under 2 cs at 10 cs: at most
  /// 50 frames per second.
  static let maximumFPS = 50.0

  /// `scene` resolved again at `maximumFPS` when it asks for more; nil when it fits already.
  static func capped(_ scene: ResolvedScene, preset: Preset, settings: [String: String], background: RGBAColor? = nil) throws -> ResolvedScene? {
    guard scene.fps > maximumFPS else { return nil }
    return try preset.scene(settings: settings, fps: maximumFPS, background: background)
  }

  /// Renders and encodes a scene's loop as GIF bytes in two streaming passes.
  static func encode(renderer: FrameRenderer, options: GIFOptions) throws -> [UInt8] {
    let scene = renderer.scene
    var options = options
    options.keepTransparency = scene.background.alpha < 1
    options.threads = renderer.jobs
    let size = renderer.rasterizer.pixelSize(of: DisplayList(size: scene.size, background: scene.background, items: []))
    let delays = GIFDelays.centiseconds(frameCount: scene.timeline.frameCount, fps: scene.timeline.fps)
    return try GIFEncoder.encode(
      width: size.width, height: size.height, frameCount: scene.timeline.frameCount, delays: delays, options: options,
      frames: { try renderer.frames($0) })
  }
}

enum PNGSequence {
  /// zlib level of sequence frames. Measured on circle-progress at 30 fps, scale 3 (1,800
  /// frames, release build): level 1 took 4.5 s for 42.0 MB, level 3 5.4 s for 40.9 MB, level 6
  /// 8.3 s for 35.0 MB. Compression dominates a PNG-sequence render, and app builds
  /// recompress PNGs anyway (Xcode's "Compress PNG Files"), so speed wins: level 1.
  static let pngLevel = 1

  /// Renders every frame to `NAME<i><suffix>.png` in `directory`, staged and moved into place
  /// only when all succeeded. Stale frames of an earlier, longer render are removed.
  /// - Returns: the number of frames written.
  static func write(renderer: FrameRenderer, to directory: String, name: String, suffix: String) throws -> Int {
    let staging = try StagingDirectory(destination: directory)
    let count = renderer.scene.timeline.frameCount
    try renderer.forEach(0..<count) { i, frame in
      let bytes = try PNG.encode(frame, compressionLevel: pngLevel)
      let path = staging.path + "/\(name)\(i)\(suffix).png"
      guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
        throw OutputError("\(directory): cannot write frame \(i)")
      }
    }
    try staging.commit { file in
      guard file.hasPrefix(name), file.hasSuffix(suffix + ".png") else { return false }
      let middle = file.dropFirst(name.count).dropLast(suffix.count + 4)
      return !middle.isEmpty && middle.allSatisfy(\.isNumber)
    }
    return count
  }
}
