import Foundation
import KurukuruCore
import KurukuruLottie

// MARK: - LottieFormat

/// A Lottie animation (Lottie Animation Community, Lottie 1.0 specification): one JSON
/// document that vector players (lottie-web, lottie-ios, lottie-android, rlottie, Skottie,
/// ThorVG) play at any size.
///
/// - Size and time: `w`/`h` are the preset's size in points, `fr` its frame rate (the
///   timeline's, so the loop stays seamless), `ip`/`op` one loop, 0 … frameCount frames.
/// - Vector: frames are not rendered, so `--scale` has no effect (players scale the vectors);
///   `--set` parameters apply as for every format, before the scene reaches the exporter.
/// - Exact: the view tree (nested groups with SwiftUI's anchors and modifier order), shapes as
///   Bézier paths starting where SwiftUI's start, fills, strokes (caps, joins, miter, dashes),
///   linear and radial gradients, opacity, trims, and linear / cubic-Bézier timing (handles =
///   the curve's control points; an animation's CSS `steps()` as hold keyframes) with repeats,
///   autoreverse, pauses and phase offsets unrolled.
/// - Sampled within 0.5 % of the value's range: springs, timing curves composed with keyframe
///   curves, values computed from several animations (animated arcs' sweep), animated layout.
/// - Approximated: `AngularGradient` (on Circle and Arc only) as wedges of solid colour;
///   `shadow` as a few widened, faint copies. Anything else that Lottie cannot show is a
///   `LottieError` naming the view and modifier.
/// - Bytes are deterministic: keys in a fixed order, numbers rounded to 4 decimals (6 for
///   easing handles and colours).
public struct LottieFormat: OutputFormat {
  public static let name = "lottie"
  public static let displayName = "Lottie"
  public static let summary =
    "Lottie JSON (vector: --scale has no effect; AngularGradient and shadow are approximated)"
  public static let options: [FormatOption] = []

  public init() {}

  public init(options: FormatOptionValues) throws {}

  /// `NAME.json` at any scale (the document is vector).
  public func defaultPath(name: String, scale: Double) -> String { name + ".json" }

  /// Writes the document of `renderer.scene`; `renderer.scale` and `jobs` play no part.
  /// - Throws: `LottieError` for what cannot be exported; `RenderError.cannotWrite` when the
  ///   destination cannot be written or is a preset (a Kurukuru preset is never overwritten).
  public func write(_ renderer: Renderer, to target: OutputTarget) throws -> OutputSummary {
    let bytes: [UInt8]
    switch renderer.scene {
    case let scene as ResolvedScene:
      bytes = try LottieFormat.document(for: scene)
    case let lottie as LottieAnimation:
      // A Lottie file written back: its model, normalised (current keyframes, colours 0…1).
      bytes = lottie.normalizedDocument
    default:
      throw RenderError.cannotBundle(format: LottieFormat.name, reason: "\(renderer.scene.label) is neither a preset nor a Lottie file")
    }
    if LottieFormat.isPreset(target.path) {
      throw RenderError.cannotWrite(path: target.path, reason: "it is a preset, not a Lottie file; choose another path")
    }
    try AtomicFile.write(bytes, to: target)
    return OutputSummary(path: target.path, frames: renderer.scene.timeline.frameCount, bytes: bytes.count)
  }

  /// The Lottie document of `scene`, as UTF-8 JSON bytes (compact, deterministic).
  /// - Throws: `LottieError` for what cannot be exported.
  public static func document(for scene: ResolvedScene) throws -> [UInt8] {
    try LottieExporter.document(for: scene)
  }

  /// Whether `path` holds a Kurukuru preset (a JSON object with a `view`, without `layers`).
  static func isPreset(_ path: String) -> Bool {
    guard let data = FileManager.default.contents(atPath: path), data.count < 4 << 20,
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return false }
    return object["view"] != nil && object["layers"] == nil
  }
}

extension OutputFormat where Self == LottieFormat {
  /// A Lottie JSON document.
  public static func lottie() -> LottieFormat { LottieFormat() }
}
