import KurukuruCodecs
import KurukuruCore

// MARK: - GIFFormat

/// An animated GIF (GIF89a, giflib): one global palette from the animation's colours, frames
/// cropped to what changed, delays in centiseconds that add up to the loop, loop forever by
/// default. Partly transparent edges are blended onto the matte of `options.transparency` (or,
/// with `.cut`, cut at half opacity); a transparent background stays transparent, an opaque one
/// is flattened onto the matte.
///
/// Frame-rate policy: GIF delays are whole centiseconds and browsers play delays under 2 cs at
/// 10 cs, so scenes above `GIFDelays.maximumFPS` (50) are re-timed to 50 fps.
public struct GIFFormat: SingleFileFormat {
  public static let name = "gif"
  public static let summary = "animated GIF (one-bit transparency on a matte)"

  /// Palette, transparency, loop and dither options; when writing, `threads` is set from the
  /// renderer and `transparency` flattened for a scene with an opaque background.
  public var options: GIFOptions

  /// Creates the format. Default options: white matte, loop forever, no dither, 255 colours,
  /// 54 dB quality (46 dB with transparency).
  public init(_ options: GIFOptions = GIFOptions()) {
    self.options = options
  }

  // MARK: - Options

  public static let options: [FormatOption] = [
    FormatOption(
      "matte", value: "COLOR|none",
      help: """
        GIF only: the page colour partly transparent edges are blended onto
        (default white); none: no matte, hard edges for a page of any colour
        (README: GIF matte and quality)
        """),
    FormatOption("loops", value: "N", help: "GIF only: NETSCAPE loop count, 0 = forever (default 0)"),
    FormatOption(
      "dither", value: "none|ordered", help: "GIF only: dithering of colours missing from the palette (default none)"),
    FormatOption("colors", value: "N", help: "GIF only: at most N palette colours, 2...255 (default 255)"),
    FormatOption(
      "quality", value: "DB",
      help: """
        GIF only: colour fidelity as PSNR in dB on the matte (default 54, 46 when
        transparency is kept on a matte); 0 = every colour the palette allows
        """),
  ]

  public init(options values: FormatOptionValues) throws {
    var options = GIFOptions()
    if values.values["matte"]?.lowercased() == "none" {
      options.transparency = .cut
    } else if let matte = try values.opaqueColor("matte") {
      options.transparency = .matte(matte.rgba8, threshold: GIFOptions.defaultAlphaThreshold)
    }
    if let loops = try values.integer("loops", in: 0...65535) { options.loopCount = loops }
    switch try values.choice("dither", of: ["none", "ordered"]) {
    case "ordered"?: options.dither = .ordered
    case "none"?: options.dither = .none
    default: break
    }
    if let colors = try values.integer("colors", in: 2...255) { options.maxColors = colors }
    if let quality = try values.number("quality", in: 0...120) {
      options.maxColorError = quality == 0 ? 0 : GIFOptions.colorError(forPSNR: quality)
    }
    self.init(options)
  }

  // MARK: - Policy

  public var frameRateLimit: FrameRateLimit? {
    FrameRateLimit(fps: GIFDelays.maximumFPS, reason: "GIF frames cannot be shorter than 2 cs")
  }

  /// The matte (or "no matte"), plus every option that differs from its default.
  public var cacheKey: String {
    let defaults = GIFOptions()
    var key = options.matte.map { "\($0)" } ?? "no matte"
    if case .matte(_, let threshold) = options.transparency, threshold != GIFOptions.defaultAlphaThreshold {
      key += "|threshold=\(threshold)"
    }
    if options.loopCount != defaults.loopCount { key += "|loops=\(options.loopCount.map(String.init) ?? "none")" }
    if options.dither != defaults.dither { key += "|dither=\(options.dither)" }
    if options.maxColors != defaults.maxColors { key += "|colors=\(options.maxColors)" }
    if let error = options.maxColorError { key += "|error=\(error)" }
    if options.maxFringeError != defaults.maxFringeError { key += "|fringe=\(options.maxFringeError)" }
    return key
  }

  /// `NAME.gif`, `NAME@2x.gif`.
  public func defaultPath(name: String, scale: Double) -> String {
    name + OutputNaming.suffix(forScale: scale) + ".gif"
  }

  // MARK: - Writing

  /// Renders and encodes the loop as GIF bytes in two streaming passes, in memory.
  /// - Throws: `GIFError`, `RasterError`.
  public func encode(_ renderer: Renderer) throws -> [UInt8] {
    var options = self.options
    options.transparency = options.transparency.forBackground(opaque: renderer.scene.background.alpha >= 1)
    options.threads = renderer.jobs
    return try GIFEncoder.encode(renderer.timedFrames, options: options)
  }
}

extension GIFFormat {
  /// The images in the GIF: identical consecutive frames are merged (delays summed).
  public func storedFrameCount(in bytes: [UInt8]) -> Int? { try? GIFDecoder.info(bytes).frames }
}

extension OutputFormat where Self == GIFFormat {
  /// An animated GIF with `options` (default: white matte, loop forever, 54 dB quality, 46 dB
  /// with transparency).
  public static func gif(_ options: GIFOptions = GIFOptions()) -> GIFFormat { GIFFormat(options) }
}
