// MARK: - FrameInputError

/// What is wrong with the frames handed to an encoder (GIF, APNG, WebP): the canvas, the timing,
/// the options every encoder shares, or what the frame provider returned. Each codec's error
/// wraps it (`GIFError.input`, `APNGError.input`, `WebPError.input`) and puts its own prefix in
/// front of the message, e.g. `gif: frame 1 is 3×2, expected 2×2`.
public enum FrameInputError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The canvas is empty or larger than the format allows (`maxSide` pixels a side).
  case invalidCanvas(width: Int, height: Int, maxSide: Int)
  /// The animation has no frames.
  case noFrames
  /// The frames have no timing (a folder's order only), or their times do not fit in 63 bits
  /// of the timing's clock: an animation needs durations.
  case untimed
  /// A frame's duration, in the format's unit, is outside what the format stores.
  case invalidDuration(frame: Int, value: Int, unit: DelayUnit, allowed: ClosedRange<Int>)
  /// The loop count is outside 0...65535.
  case invalidLoopCount(Int)
  /// The encoder's thread count is below 1.
  case invalidThreads(Int)
  /// The frame provider returned a different number of frames than the range asked for.
  case frameCountMismatch(range: Range<Int>, actual: Int)
  /// A provided frame does not have the canvas size.
  case frameSizeMismatch(frame: Int, width: Int, height: Int, expectedWidth: Int, expectedHeight: Int)

  /// The delay units the formats store.
  public enum DelayUnit: String, Equatable, Sendable {
    /// GIF's: 1/100 s.
    case centiseconds = "cs"
    /// WebP's: 1/1000 s.
    case milliseconds = "ms"
  }

  // MARK: - Description

  /// One lower-case line without the codec's prefix.
  public var description: String {
    switch self {
    case let .invalidCanvas(width, height, maxSide):
      return "canvas \(width)×\(height) is outside 1...\(maxSide) pixels a side"
    case .noFrames:
      return "the animation has no frames"
    case .untimed:
      return "the frames have no usable timing (durations are needed for an animation)"
    case let .invalidDuration(frame, value, unit, allowed):
      return "frame \(frame) lasts \(value) \(unit.rawValue), outside \(allowed.lowerBound)...\(allowed.upperBound) \(unit.rawValue)"
    case let .invalidLoopCount(count):
      return "loop count \(count) is outside 0...65535"
    case let .invalidThreads(value):
      return "thread count \(value) must be at least 1"
    case let .frameCountMismatch(range, actual):
      return "frames \(range.lowerBound)..<\(range.upperBound) requested, \(actual) returned"
    case let .frameSizeMismatch(frame, width, height, expectedWidth, expectedHeight):
      return "frame \(frame) is \(width)×\(height), expected \(expectedWidth)×\(expectedHeight)"
    }
  }
}
