import Foundation
import KurukuruCodecs
import KurukuruCore

// MARK: - WebPFormat

/// An animated WebP (libwebp's `WebPAnimEncoder`): lossless by default, so it decodes to exactly
/// the rendered frames (full 8-bit alpha, no matte); durations in milliseconds that add up to
/// the loop; loop forever by default. `--quality Q` asks for lossy colour with exact alpha, kept
/// only when smaller than lossless and at least 40 dB (see `WebPOptions.quality`).
///
/// Frame-rate policy: browsers play WebP frames of 10 ms or less at 100 ms, so scenes above
/// `WebPDelays.maximumFPS` (90) are re-timed to 90 fps.
public struct WebPFormat: OutputFormat {
  public static let name = "webp"
  public static let displayName = "WebP"
  public static let summary = "animated WebP (lossless by default, full alpha)"

  /// Compression and loop options; `threads` is set from the renderer when writing.
  public var options: WebPOptions

  /// Creates the format. Default options: lossless, loop forever.
  public init(_ options: WebPOptions = WebPOptions()) {
    self.options = options
  }

  // MARK: - Options

  public static let options: [FormatOption] = [
    FormatOption("loops", value: "N", help: "WebP: ANIM loop count, 0 = forever (default 0)"),
    FormatOption(
      "quality", value: "Q",
      help: """
        WebP: lossy colour at quality Q (0...100), exact alpha, kept only when
        smaller and at least 40 dB (default: lossless)
        """),
  ]

  public init(options values: FormatOptionValues) throws {
    var options = WebPOptions()
    if let loops = try values.integer("loops", in: 0...65535) { options.loopCount = loops }
    if let quality = try values.number("quality", in: 0...100) { options.quality = quality }
    self.init(options)
  }

  // MARK: - Policy

  public var frameRateLimit: FrameRateLimit? {
    FrameRateLimit(fps: WebPDelays.maximumFPS, reason: "browsers play WebP frames of 10 ms or less at 100 ms")
  }

  /// Every option that differs from its default.
  /// Browsers play WebP with full alpha: the gallery shows it on its light and dark tiles.
  public var showsFullAlphaInBrowsers: Bool { true }

  public var cacheKey: String {
    var parts: [String] = []
    if let quality = options.quality { parts.append("quality=\(OutputNaming.number(quality))") }
    if options.loopCount != 0 { parts.append("loops=\(options.loopCount)") }
    return parts.joined(separator: "|")
  }

  /// `NAME.webp`, `NAME@2x.webp`.
  public func defaultPath(name: String, scale: Double) -> String {
    name + OutputNaming.suffix(forScale: scale) + ".webp"
  }

  // MARK: - Writing

  public func write(_ renderer: Renderer, to target: OutputTarget) throws -> OutputSummary {
    let encoding = try encode(renderer)
    try AtomicFile.write(encoding.bytes, to: target)
    var notes: [String] = []
    if let psnr = encoding.lossyPSNR, let lossyBytes = encoding.lossyBytes, encoding.isLossless {
      let why = psnr < options.minimumLossyPSNR
        ? String(format: "lossy colour reached only %.1f dB (< %g)", psnr, options.minimumLossyPSNR)
        : "lossy was \(lossyBytes) bytes, lossless \(encoding.bytes.count)"
      notes.append("WebP: wrote lossless: \(why)")
    }
    // libwebp's animation encoder merges identical consecutive frames too.
    return OutputSummary(
      path: target.path, frames: renderer.frameCount, bytes: encoding.bytes.count, notes: notes,
      storedFrames: try? WebPDecoder.info(encoding.bytes).frames)
  }

  /// Renders and encodes the loop as WebP, streaming frames in chunks.
  /// - Throws: `WebPError`, `RasterError`.
  public func encode(_ renderer: Renderer) throws -> WebPEncoding {
    var options = self.options
    options.threads = renderer.jobs
    return try WebPEncoder.encode(renderer.timedFrames, options: options)
  }
}

extension OutputFormat where Self == WebPFormat {
  /// An animated WebP with `options` (default: lossless, loop forever).
  public static func webp(_ options: WebPOptions = WebPOptions()) -> WebPFormat { WebPFormat(options) }
}
