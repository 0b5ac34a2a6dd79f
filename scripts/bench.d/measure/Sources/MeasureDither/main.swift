import Foundation
import KurukuruCodecs
import KurukuruCore
import MeasureSupport

// MARK: - Dithering: bytes, quality and time of each choice

// Size, quality and speed figures behind `GIFOptions.dither`'s default (`GIFEncoder`'s doc
// comment quotes them): four synthetic loaders of 36 frames at 30 fps (1.2 s), each encoded with
// every `GIFDither` and every palette setting asked for, decoded again and scored against the
// true-colour frames on the matte. Release build: `scripts/bench dither`.

let usage = """
  usage: MeasureDither [--settings LIST] [--out DIR]
    --settings LIST  palette settings to try, COLOURS:ERROR[:THRESHOLD],… (maxColors, maxColorError
                     in 8-bit levels RMS, alpha threshold of matted ones); default 255:0 (every
                     colour, exact), threshold 8
    --out DIR        also write each animation's raw frames (NAME.rgba), our GIFs and their decoded
                     frames (.decoded) and report.txt there, and score any other NAME-*.gif found
                     there (e.g. made by ffmpeg from NAME.rgba) the same way
  """
let options = MeasureOptions(names: ["settings", "out"], usage: usage)

/// One animation to encode: its frames and the options every setting starts from.
struct Animation {
  var name: String
  var frames: [Frame]
  var options: GIFOptions
}

/// One palette setting: `GIFOptions.maxColors`, `.maxColorError` and the alpha threshold of a
/// `.matte` transparency.
struct Setting {
  var colors: Int
  var error: Double
  var threshold: Int
}

/// The frame rate of every animation, in frames per second.
let fps = 30

func animations() -> [Animation] {
  let n = 36  // 1.2 s at 30 fps
  let dark = (0.1, 0.1, 0.12)
  return [
    Animation(name: "arc-transparent", frames: (0..<n).map { Synthetic.arc(size: 120, frame: $0, of: n) },
              options: GIFOptions()),
    Animation(name: "arc-opaque", frames: (0..<n).map { Synthetic.arc(size: 120, frame: $0, of: n, background: dark) },
              options: GIFOptions(transparency: .flatten(matte: RGBA8(r: 255, g: 255, b: 255)))),
    Animation(name: "dots-transparent", frames: (0..<n).map { Synthetic.dots(frame: $0, of: n) },
              options: GIFOptions()),
    Animation(name: "arc-large", frames: (0..<n).map { Synthetic.arc(size: 240, frame: $0, of: n) },
              options: GIFOptions()),
  ]
}

func settings(_ text: String) -> [Setting] {
  text.split(separator: ",").map { item in
    let parts = item.split(separator: ":")
    guard (2...3).contains(parts.count), let colors = Int(parts[0]), let error = Double(parts[1]),
      let threshold = parts.count > 2 ? Int(parts[2]) : 8
    else { fail("--settings: '\(item)' is not COLOURS:ERROR[:THRESHOLD]") }
    return Setting(colors: colors, error: error, threshold: threshold)
  }
}

/// The lowest and the mean PSNR (dB) of a GIF's frames against the animation's, both on the
/// matte (white without one). Frames are lined up by display time, so a GIF whose encoder merged
/// or dropped frames is scored on what it shows at each of the animation's frames.
func score(_ bytes: [UInt8], _ animation: Animation) throws -> (min: Double, mean: Double) {
  let decoded = try GIFDecoder.decode(bytes)
  var shown: [Frame] = []
  for (frame, delay) in zip(decoded.frames, decoded.delays) {
    for _ in 0..<max(1, Int((Double(delay) / (100.0 / Double(fps))).rounded())) { shown.append(frame) }
  }
  let matte = animation.options.matte ?? RGBA8(r: 255, g: 255, b: 255)
  var values: [Double] = []
  for (i, frame) in animation.frames.enumerated() where i < shown.count {
    values.append(Score.psnr(Score.onMatte(shown[i], matte), Score.onMatte(frame, matte)))
  }
  return (values.min() ?? 0, values.reduce(0, +) / Double(max(1, values.count)))
}

func run() throws {
  let chosen = settings(options["settings"] ?? "255:0")
  let folder = options["out"].map { URL(fileURLWithPath: $0) }
  if let folder { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
  var report = ""
  func line(_ text: String) {
    print(text)
    report += text + "\n"
  }
  for animation in animations() {
    if let folder {
      try Data(animation.frames.flatMap(\.pixels)).write(to: folder.appendingPathComponent("\(animation.name).rgba"))
    }
    let timed = TimedFrames(animation.frames, frameDuration: Rational(1, fps))
    for dither in GIFDither.allCases {
      for setting in chosen {
        var gifOptions = animation.options
        gifOptions.dither = dither
        gifOptions.maxColors = setting.colors
        gifOptions.maxColorError = setting.error
        if case .matte(let matte, _) = gifOptions.transparency {
          gifOptions.transparency = .matte(matte, threshold: setting.threshold)
        }
        var bytes: [UInt8] = []
        let time = try seconds { bytes = try GIFEncoder.encode(timed, options: gifOptions) }
        let label = "ours-\(dither)-\(setting.colors)-e\(setting.error)-t\(setting.threshold)"
        if let folder {
          try Data(bytes).write(to: folder.appendingPathComponent("\(animation.name)-\(label).gif"))
          try Data(try GIFDecoder.decode(bytes).frames.flatMap(\.pixels))
            .write(to: folder.appendingPathComponent("\(animation.name)-\(label).decoded"))
        }
        let (low, mean) = try score(bytes, animation)
        line(String(format: "%@ ours-%@-%d-e%.1f-t%d: %d bytes, PSNR min %.2f mean %.2f dB, %.2f ms/frame",
                    animation.name, dither.rawValue, setting.colors, setting.error, setting.threshold, bytes.count,
                    low, mean, time * 1000 / Double(animation.frames.count)))
      }
    }
    guard let folder else { continue }
    let others = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasPrefix("\(animation.name)-") && $0.hasSuffix(".gif") && !$0.contains("-ours-") }.sorted()
    for name in others {
      let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
      let (low, mean) = try score(bytes, animation)
      line(String(format: "%@: %d bytes, PSNR min %.2f mean %.2f dB", name, bytes.count, low, mean))
    }
  }
  if let folder { try report.write(to: folder.appendingPathComponent("report.txt"), atomically: true, encoding: .utf8) }
}

do { try run() } catch { fail("\(error)") }
