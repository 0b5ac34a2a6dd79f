import KurukuruCodecs
import KurukuruCore

// MARK: - APNGFormat

/// An animated PNG: lossless straight RGBA (or a palette when the whole loop has at most 256
/// colours), every frame of the timeline at any frame rate, delays as exact fractions of a
/// second that add up to the loop (`APNGDelays`), loop forever by default. Frames identical to
/// the one before are merged into it (their delays summed, the total unchanged).
public struct APNGFormat: SingleFileFormat {
  public static let name = "apng"
  public static let summary = "animated PNG (full alpha, lossless, exact delays)"

  /// Loop count and compression; `threads` is set from the renderer when writing.
  public var options: APNGOptions

  /// Creates the format. Default options: loop forever, libdeflate level 12, palette when
  /// possible, identical frames merged.
  public init(_ options: APNGOptions = APNGOptions()) {
    self.options = options
  }

  // MARK: - Options

  public static let options: [FormatOption] = [
    FormatOption("loops", value: "N", help: "APNG: acTL play count, 0 = forever (default 0)"),
    FormatOption("compression", value: "best|fast|max",
                 help: "APNG only: best (libdeflate 12, default), fast (libdeflate 6: about 6x less CPU, 3-25% larger) or max (Zopfli: up to 3.6% smaller than best, median 1.8%, at about 26x its time)"),
  ]

  public init(options values: FormatOptionValues) throws {
    var options = APNGOptions()
    if let loops = try values.integer("loops", in: 0...65535) { options.loopCount = loops }
    let efforts: [(name: String, compression: APNGCompression)] = [("best", .best), ("fast", .fast), ("max", .max)]
    if let effort = try values.choice("compression", of: efforts.map(\.name)),
      let chosen = efforts.first(where: { $0.name == effort })
    {
      options.compression = chosen.compression
    }
    self.init(options)
  }

  // MARK: - Policy

  /// Every option that differs from its default.
  /// Browsers play APNG with full alpha: the gallery shows it on its light and dark tiles.
  public var showsFullAlphaInBrowsers: Bool { true }

  public var cacheKey: String {
    let defaults = APNGOptions()
    var key: [String] = []
    if options.loopCount != defaults.loopCount { key.append("loops=\(options.loopCount)") }
    if options.compression != defaults.compression { key.append("compression=\(options.compression)") }
    if options.allowPalette != defaults.allowPalette { key.append("palette=\(options.allowPalette)") }
    if options.mergeIdenticalFrames != defaults.mergeIdenticalFrames { key.append("merge=\(options.mergeIdenticalFrames)") }
    return key.joined(separator: "|")
  }

  /// `NAME.apng`, `NAME@2x.apng`.
  public func defaultPath(name: String, scale: Double) -> String {
    name + OutputNaming.suffix(forScale: scale) + ".apng"
  }

  // MARK: - Writing

  /// Renders and encodes the loop as APNG bytes in two streaming passes, in memory.
  /// - Throws: `APNGError`, `RasterError`.
  public func encode(_ renderer: Renderer) throws -> [UInt8] {
    var options = self.options
    options.threads = renderer.jobs
    return try APNGEncoder.encode(renderer.timedFrames, options: options)
  }
}

extension APNGFormat {
  /// The frames in the APNG: identical consecutive frames are merged unless the options say not.
  public func storedFrameCount(in bytes: [UInt8]) -> Int? { try? APNGDecoder.info(bytes).frames }
}

extension OutputFormat where Self == APNGFormat {
  /// An animated PNG with `options` (default: loop forever, strongest compression).
  public static func apng(_ options: APNGOptions = APNGOptions()) -> APNGFormat { APNGFormat(options) }
}
