// MARK: - TimedFrames

/// The one frame-provider value of the back end: a canvas size, the frames' exact timing and
/// the frames themselves, asked for by range. The GIF, APNG and WebP encoders take it (each
/// turns `timing` into its own delay unit), and `SequenceCompare` lines two of them up by time.
///
/// It lives in the core, next to `Frame`, so that renders, decoded files and folders of PNG
/// frames provide it and the codecs and the comparison consume it without depending on each
/// other.
///
/// `frames(_:)` returns one frame per index of the range, in order. Encoders ask for ranges in
/// order, one at a time, and check that every frame is `width` × `height` pixels; a comparison
/// may ask for several ranges at once from different threads (a provider that decodes on demand
/// keeps nothing, so a long sequence never sits in memory as a whole) and reports frames of
/// another size as differences.
public struct TimedFrames {
  /// Canvas width in pixels (≥ 0).
  public let width: Int
  /// Canvas height in pixels (≥ 0).
  public let height: Int
  /// The number of frames and when each is shown.
  public let timing: FrameTiming
  private let provide: (Range<Int>) throws -> [Frame]
  /// Called by the GIF, APNG and WebP encoders with a frame's index once they have written it in
  /// their last pass (a merged or skipped frame too), from the encoding thread, for progress
  /// lines; it never changes a byte. Default nil.
  public var onEncoded: (@Sendable (Int) -> Void)?

  /// A provider of frames rendered or decoded on request.
  /// - Parameters:
  ///   - width: canvas width in pixels.
  ///   - height: canvas height in pixels.
  ///   - timing: the frame count and durations.
  ///   - frames: the frames of a range within `0..<timing.count`, in order; it must be safe to
  ///     call from several threads at once when the value is compared.
  public init(width: Int, height: Int, timing: FrameTiming, frames: @escaping (Range<Int>) throws -> [Frame]) {
    self.width = width
    self.height = height
    self.timing = timing
    provide = frames
  }

  /// Frames held in memory, without timing (a folder's order only). The canvas is the first
  /// frame's size (0 × 0 without frames).
  public init(_ frames: [Frame]) {
    self.init(frames, timing: .untimed(count: frames.count))
  }

  /// Frames held in memory, each shown for `frameDuration` seconds (> 0).
  public init(_ frames: [Frame], frameDuration: Rational) {
    self.init(frames, timing: .uniform(count: frames.count, frameDuration: frameDuration))
  }

  /// Frames held in memory with one duration each, in seconds.
  /// - Parameters:
  ///   - frames: the frames, in order.
  ///   - durations: seconds per frame; its count is the frame count (extra frames are never
  ///     asked for; missing ones are an error when asked for).
  ///   - unit: the unit the durations were rounded to (`Rational(1, 100)` for a GIF's); default
  ///     nil: exact.
  public init(_ frames: [Frame], durations: [Rational], unit: Rational? = nil) {
    self.init(frames, timing: .durations(durations, unit: unit))
  }

  private init(_ frames: [Frame], timing: FrameTiming) {
    let first = frames.first
    self.init(width: first?.width ?? 0, height: first?.height ?? 0, timing: timing) { range in
      Array(frames[range.clamped(to: 0..<frames.count)])
    }
  }

  /// The number of frames (≥ 0).
  public var count: Int { timing.count }

  /// The frames of `range` (within `0..<count`), in order.
  /// - Throws: whatever rendering or reading them throws (e.g. a decoding error naming the file).
  public func frames(_ range: Range<Int>) throws -> [Frame] { try provide(range) }
}
