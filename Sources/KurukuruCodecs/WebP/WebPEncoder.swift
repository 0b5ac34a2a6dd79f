import CWebP
import Dispatch
import Foundation
import KurukuruCore

// MARK: - WebPOptions

/// How an animation is compressed as WebP.
public struct WebPOptions: Sendable, Equatable {
  /// `nil` (default): lossless, every pixel decodes exactly as rendered, the RGB of transparent
  /// pixels included. 0...100: lossy colour (VP8 at this quality) with exact, losslessly coded
  /// alpha; the lossless file is written instead when it is smaller or when the lossy colour
  /// misses `minimumLossyPSNR` (flat loaders often compress better losslessly).
  public var quality: Double?
  /// The ANIM chunk's loop count: 0 = loop forever (default), N = play N times. Range 0...65535.
  public var loopCount: Int
  /// The lowest PSNR, in dB over every pixel of every frame composited on white and on black
  /// (the worse of the two), that a lossy file must reach to be written. Default 40.
  public var minimumLossyPSNR: Double
  /// The most threads the encoder uses (≥ 1; smaller counts as 1). With more than one, a frame's
  /// two candidate encodings run at once, and so do the lossy and the lossless encodings. The
  /// bytes are the same for any number. Default: the active cores.
  public var threads: Int

  /// Creates options; every parameter has the documented default.
  public init(quality: Double? = nil, loopCount: Int = 0, minimumLossyPSNR: Double = 40,
              threads: Int = ProcessInfo.processInfo.activeProcessorCount) {
    self.quality = quality
    self.loopCount = loopCount
    self.minimumLossyPSNR = minimumLossyPSNR
    self.threads = threads
  }
}

// MARK: - WebPEncoding

/// An encoded animation and how it was compressed.
public struct WebPEncoding: Sendable, Equatable {
  /// The `.webp` file's bytes.
  public var bytes: [UInt8]
  /// Whether every frame is lossless (VP8L).
  public var isLossless: Bool
  /// For a lossy request: the lossy encoding's PSNR in dB (the worse of white and black
  /// backdrops; `.infinity` when exact), whether or not it was kept; nil for lossless requests.
  public var lossyPSNR: Double?
  /// For a lossy request: the lossy encoding's size in bytes, whether or not it was kept.
  public var lossyBytes: Int?
}

// MARK: - WebPEncoder

/// A streaming animated WebP encoder over libwebp: files are assembled by `WebPAnimationWriter`,
/// the bytes libwebp's `WebPAnimEncoder` writes, in less time (`WebPAnimEncoder` itself where the
/// writer declines: one frame in all, or a frame of 2^24 ms).
///
/// Frames are asked for in chunks of at most about 16 MiB (the next chunk renders while the
/// current one is encoded) and handed to the encoder with timestamps in milliseconds; identical
/// consecutive frames are merged by libwebp (the earlier one shows longer) and changed frames are
/// stored as the rectangle that changed, with blending and disposal chosen per frame.
///
/// Lossless settings (chosen on the bundled presets at scale 2 against
/// `img2webp -lossless -min_size`, which uses method 4, quality 75): method 3, quality 75,
/// `minimize_size` on (both disposal methods tried per frame; key frames are then never
/// inserted), `exact` on. Method 3 is as small as method 4 or smaller, and faster;
/// `minimize_size` takes more time for slightly smaller files; methods 5–6 are much slower for
/// little gain. `exact` keeps the RGB of transparent pixels (img2webp lets libwebp change them):
/// slightly larger files, but the file decodes to exactly the rendered frames.
public enum WebPEncoder {
  /// Lossless effort: `WebPConfig.method` (0...6).
  static let losslessMethod: Int32 = 3
  /// Lossless effort: `WebPConfig.quality` (0...100; for lossless, how hard to compress).
  static let losslessEffort: Float = 75
  /// Lossy `WebPConfig.method` (0...6): libwebp's default.
  static let lossyMethod: Int32 = 4

  /// The largest canvas side WebP stores, in pixels (14 bits).
  public static let maxSide = 16383
  /// The longest frame duration WebP stores, in milliseconds (24 bits).
  public static let maxDuration = (1 << 24) - 1

  /// Encodes an animation.
  /// - Parameters:
  ///   - frames: The canvas (1...16383 pixels a side), at least one frame, and their timing,
  ///     turned into milliseconds by `WebPDelays.milliseconds(_:)` (each 1...16777215 ms).
  ///     Frames are asked for once per chunk, in order, never twice at once.
  ///   - options: Lossless or lossy, loop count, threads.
  /// - Returns: The file and how it was compressed.
  /// - Throws: `WebPError` for invalid input (`.input` for the frames and shared options) or
  ///   libwebp failures, or errors of `frames`.
  public static func encode(_ frames: TimedFrames, options: WebPOptions = WebPOptions()) throws -> WebPEncoding {
    do {
      return try encode(frames, options: options, libwebpAnimation: false)
    } catch is WebPAnimationWriter.Unsupported {
      // One frame in all, or a merged frame too long for our writer: libwebp's encoder, which
      // handles both, from the start.
      return try encode(frames, options: options, libwebpAnimation: true)
    }
  }

  /// `encode`, with the files written by libwebp's `WebPAnimEncoder` (`libwebpAnimation`) or by
  /// `WebPAnimationWriter` (the same bytes, two candidates at once).
  static func encode(_ frames: TimedFrames, options: WebPOptions, libwebpAnimation: Bool) throws -> WebPEncoding {
    do {
      return try encodeChecked(frames, options: options, libwebpAnimation: libwebpAnimation)
    } catch let error as FrameInputError {
      throw WebPError.input(error)
    }
  }

  private static func encodeChecked(_ frames: TimedFrames, options: WebPOptions,
                                    libwebpAnimation: Bool) throws -> WebPEncoding {
    let (width, height) = (frames.width, frames.height)
    guard (1...maxSide).contains(width), (1...maxSide).contains(height) else {
      throw FrameInputError.invalidCanvas(width: width, height: height, maxSide: maxSide)
    }
    guard frames.count > 0 else { throw FrameInputError.noFrames }
    let durations = WebPDelays.milliseconds(frames.timing)
    guard durations.count == frames.count else { throw FrameInputError.untimed }
    for (i, d) in durations.enumerated() where !(1...maxDuration).contains(d) {
      throw FrameInputError.invalidDuration(frame: i, value: d, unit: .milliseconds, allowed: 1...maxDuration)
    }
    guard (0...65535).contains(options.loopCount) else { throw FrameInputError.invalidLoopCount(options.loopCount) }
    if let q = options.quality, !(0...100).contains(q) { throw WebPError.invalidQuality(q) }
    let threads = max(1, options.threads)

    var starts = [0]
    for d in durations { starts.append(starts[starts.count - 1] + d) }
    guard let total = starts.last, total <= Int(Int32.max) else {
      throw FrameInputError.invalidDuration(frame: durations.count - 1, value: durations[durations.count - 1],
                                            unit: .milliseconds, allowed: 1...maxDuration)
    }

    func sink(quality: Double?) throws -> AnimationSink {
      let frameConfig = try config(quality: quality, threads: threads)
      return libwebpAnimation
        ? try AnimEncoder(width: width, height: height, loopCount: options.loopCount, config: frameConfig)
        : WebPAnimationWriter(width: width, height: height, loopCount: options.loopCount, config: frameConfig,
                              parallel: threads > 1)
    }
    var encoders = [try sink(quality: nil)]
    if let quality = options.quality { encoders.append(try sink(quality: quality)) }
    let ranges = FrameChunks.ranges(count: durations.count, chunk: FrameChunks.size(width: width, height: height))
    try FrameChunks.forEach(ranges, of: frames) { range, rendered in
      // Each encoder sees every frame in order; two encoders may run at once (deterministic).
      _ = try Parallel.map(encoders.count, workers: threads) { e in
        for (offset, frame) in rendered.enumerated() {
          try encoders[e].add(frame, timestamp: starts[range.lowerBound + offset])
          if e == 0 { frames.onEncoded?(range.lowerBound + offset) }
        }
      }
    }
    let results = try Parallel.map(encoders.count, workers: threads) { try encoders[$0].assemble(endTimestamp: total) }
    guard options.quality != nil else { return WebPEncoding(bytes: results[0], isLossless: true) }

    // Lossy only when it pays: smaller than lossless, and faithful enough.
    let psnr = try WebPDecoder.psnr(results[1], against: results[0])
    let keepLossy = results[1].count < results[0].count && psnr >= options.minimumLossyPSNR
    return WebPEncoding(bytes: keepLossy ? results[1] : results[0], isLossless: !keepLossy, lossyPSNR: psnr,
                        lossyBytes: results[1].count)
  }

  // MARK: - Settings

  /// The libwebp configuration of one frame: lossless (`quality` nil) or lossy colour at
  /// `quality` with lossless alpha.
  static func config(quality: Double?, threads: Int) throws -> WebPConfig {
    var config = WebPConfig()
    guard WebPConfigInit(&config) != 0 else { throw WebPError.encoder(operation: "WebPConfigInit", reason: "version mismatch") }
    if let quality {
      config.lossless = 0
      config.quality = Float(quality)
      config.method = lossyMethod
      config.alpha_compression = 1
      config.alpha_quality = 100
    } else {
      config.lossless = 1
      config.quality = losslessEffort
      config.method = losslessMethod
    }
    config.exact = 1
    // libwebp's helper thread splits work whose results are merged in a fixed order: the bytes do
    // not depend on it (`WebPTests.testBytesDoNotDependOnJobs` checks).
    config.thread_level = threads > 1 ? 1 : 0
    guard WebPValidateConfig(&config) != 0 else {
      throw WebPError.encoder(operation: "WebPValidateConfig", reason: "invalid configuration")
    }
    return config
  }
}

// MARK: - AnimEncoder

/// Owns a `WebPAnimEncoder`; frees it in `deinit`.
final class AnimEncoder {
  private let handle: OpaquePointer
  private var config: WebPConfig
  private let width: Int
  private let height: Int

  /// Creates an encoder for a canvas in pixels, with the frame configuration `config`.
  /// - Throws: `WebPError.encoder`.
  init(width: Int, height: Int, loopCount: Int, config: WebPConfig) throws {
    var options = WebPAnimEncoderOptions()
    guard WebPAnimEncoderOptionsInit(&options) != 0 else {
      throw WebPError.encoder(operation: "WebPAnimEncoderOptionsInit", reason: "version mismatch")
    }
    options.anim_params.loop_count = Int32(loopCount)
    // Browsers and libwebp's decoder clear to transparent whatever this says; transparent is honest.
    options.anim_params.bgcolor = 0
    options.minimize_size = 1
    options.allow_mixed = 0
    guard let handle = WebPAnimEncoderNew(Int32(width), Int32(height), &options) else {
      throw WebPError.encoder(operation: "WebPAnimEncoderNew", reason: "out of memory")
    }
    self.handle = handle
    self.config = config
    self.width = width
    self.height = height
  }

  deinit { WebPAnimEncoderDelete(handle) }

  /// Adds a frame shown from `timestamp` ms (timestamps increase).
  /// - Throws: `WebPError.encoder`.
  func add(_ frame: Frame, timestamp: Int) throws {
    var picture = WebPPicture()
    guard WebPPictureInit(&picture) != 0 else {
      throw WebPError.encoder(operation: "WebPPictureInit", reason: "version mismatch")
    }
    defer { WebPPictureFree(&picture) }
    picture.use_argb = 1
    picture.width = Int32(width)
    picture.height = Int32(height)
    let imported = frame.pixels.withUnsafeBufferPointer { px -> Int32 in
      guard let base = px.baseAddress else { return 0 }
      return WebPPictureImportRGBA(&picture, base, Int32(width * 4))
    }
    guard imported != 0 else { throw WebPError.encoder(operation: "WebPPictureImportRGBA", reason: "out of memory") }
    guard WebPAnimEncoderAdd(handle, &picture, Int32(timestamp), &config) != 0 else {
      throw WebPError.encoder(operation: "WebPAnimEncoderAdd at \(timestamp) ms", reason: lastError)
    }
  }

  /// Ends the last frame at `endTimestamp` ms and returns the file.
  /// - Throws: `WebPError.encoder`.
  func assemble(endTimestamp: Int) throws -> [UInt8] {
    guard WebPAnimEncoderAdd(handle, nil, Int32(endTimestamp), nil) != 0 else {
      throw WebPError.encoder(operation: "WebPAnimEncoderAdd (end)", reason: lastError)
    }
    var data = WebPData()
    WebPDataInit(&data)
    defer { WebPDataClear(&data) }
    guard WebPAnimEncoderAssemble(handle, &data) != 0, let bytes = data.bytes else {
      throw WebPError.encoder(operation: "WebPAnimEncoderAssemble", reason: lastError)
    }
    return Array(UnsafeBufferPointer(start: bytes, count: data.size))
  }

  private var lastError: String {
    WebPAnimEncoderGetError(handle).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "unknown error"
  }
}
