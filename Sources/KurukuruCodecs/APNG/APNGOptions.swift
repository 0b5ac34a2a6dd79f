import Foundation

// MARK: - APNGOptions

/// How an animation is written as APNG. Every option keeps the output lossless.
public struct APNGOptions: Sendable, Equatable {
  /// acTL's `num_plays`: 0 = loop forever (default), N = play N times. Range 0...65535.
  public var loopCount: Int
  /// The deflate used for the image data. Default `.best` (libdeflate level 12).
  public var compression: APNGCompression
  /// Default `true`: an animation with at most 256 distinct RGBA colours (transparent black
  /// counted) is written with a palette (PLTE + tRNS, bit depth 1, 2, 4 or 8), else with the
  /// fewest channels that hold it (grey, grey + alpha, RGB); `false` always writes 8-bit RGBA.
  public var allowPalette: Bool
  /// Default `true`: a frame identical to the one before is not written; the one before is
  /// shown for both delays (only when their sum fits fcTL's 16-bit fraction exactly, so decoders
  /// report the same total duration).
  public var mergeIdenticalFrames: Bool
  /// Threads (≥ 1) that choose frames' encodings, and as many that compress the winners in
  /// the background while the next frame is chosen (1: everything on the calling thread).
  /// Default: the active processor count. The output is the same bytes for any number.
  public var threads: Int

  /// Creates options; every parameter has the documented default.
  public init(loopCount: Int = 0, compression: APNGCompression = .best, allowPalette: Bool = true,
              mergeIdenticalFrames: Bool = true, threads: Int = ProcessInfo.processInfo.activeProcessorCount) {
    self.loopCount = loopCount
    self.compression = compression
    self.allowPalette = allowPalette
    self.mergeIdenticalFrames = mergeIdenticalFrames
    self.threads = threads
  }
}
