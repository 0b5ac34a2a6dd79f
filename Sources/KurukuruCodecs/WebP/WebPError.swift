// MARK: - WebPError

/// Every failure of the WebP stage: invalid encoder input, libwebp encoder failures and
/// malformed or oversized WebP files.
///
/// Messages are one line, lower-case, start with `webp:` and name the place of the problem (the
/// frame index, the canvas size, the libwebp call).
public enum WebPError: Error, Equatable, Sendable, CustomStringConvertible {
  // MARK: Encoder input

  /// The canvas to encode is empty or larger than WebP allows (1...16383 pixels a side).
  case invalidCanvas(width: Int, height: Int)
  /// The animation to encode has no frames.
  case noFrames
  /// `durations.count` differs from the frame count.
  case durationCountMismatch(expected: Int, actual: Int)
  /// A frame duration is outside 1...16777215 ms (WebP stores 24 bits).
  case invalidDuration(frame: Int, milliseconds: Int)
  /// The loop count is outside 0...65535.
  case invalidLoopCount(Int)
  /// The lossy quality is outside 0...100.
  case invalidQuality(Double)
  /// The frame provider returned a different number of frames than requested.
  case frameCountMismatch(range: Range<Int>, actual: Int)
  /// A provided frame does not have the canvas size.
  case frameSizeMismatch(frame: Int, width: Int, height: Int, expectedWidth: Int, expectedHeight: Int)
  /// libwebp refused or failed an encoding call (the call, libwebp's reason).
  case encoder(operation: String, reason: String)

  // MARK: Malformed files

  /// The bytes do not start with `RIFF····WEBP`.
  case notWebP
  /// The data ends before the file is complete (the RIFF size or a chunk runs past the end).
  case truncated
  /// The container is malformed: bad chunk sizes or order, frames outside the canvas, a bad
  /// header (the demuxer's verdict).
  case malformed(place: String)
  /// The canvas has a zero side.
  case zeroSize(width: Int, height: Int)
  /// The canvas is above 8192 pixels a side.
  case tooLarge(width: Int, height: Int)
  /// The file holds more than 100,000 frames.
  case tooManyFrames(count: Int, limit: Int)
  /// Decoding every composited frame would need more than the memory bound (bytes).
  case tooMuchMemory(frames: Int, width: Int, height: Int, limitBytes: Int)
  /// A frame's image data (VP8, VP8L or ALPH) cannot be decoded.
  case corruptFrame(frame: Int)
  /// The file holds no frame.
  case noImages

  // MARK: - Description

  public var description: String {
    switch self {
    case let .invalidCanvas(width, height):
      return "webp: canvas \(width)×\(height) is outside 1...\(WebPLimits.maxEncodedSide) pixels a side"
    case .noFrames:
      return "webp: the animation has no frames"
    case let .durationCountMismatch(expected, actual):
      return "webp: \(actual) durations given for \(expected) frames"
    case let .invalidDuration(frame, milliseconds):
      return "webp: frame \(frame) has duration \(milliseconds) ms; use 1...16777215"
    case let .invalidLoopCount(count):
      return "webp: loop count \(count) is outside 0...65535"
    case let .invalidQuality(quality):
      return "webp: quality \(quality) is outside 0...100"
    case let .frameCountMismatch(range, actual):
      return "webp: frames \(range.lowerBound)..<\(range.upperBound) requested, \(actual) returned"
    case let .frameSizeMismatch(frame, width, height, expectedWidth, expectedHeight):
      return "webp: frame \(frame) is \(width)×\(height), expected \(expectedWidth)×\(expectedHeight)"
    case let .encoder(operation, reason):
      return "webp: libwebp \(operation) failed: \(reason.lowercased())"
    case .notWebP:
      return "webp: not a webp file (no RIFF/WEBP signature)"
    case .truncated:
      return "webp: truncated data (the file ends before its last chunk)"
    case let .malformed(place):
      return "webp: malformed \(place)"
    case let .zeroSize(width, height):
      return "webp: canvas \(width)×\(height) has a zero side"
    case let .tooLarge(width, height):
      return "webp: canvas \(width)×\(height) is above \(WebPLimits.maxSide) pixels a side"
    case let .tooManyFrames(count, limit):
      return "webp: \(count) frames, more than \(limit)"
    case let .tooMuchMemory(frames, width, height, limitBytes):
      return "webp: \(frames) frames of \(width)×\(height) would need more than \(limitBytes >> 20) MiB"
    case let .corruptFrame(frame):
      return "webp: frame \(frame) has corrupt image data"
    case .noImages:
      return "webp: the file holds no frame"
    }
  }
}

// MARK: - Limits

/// Sanity limits of the WebP decoder, and WebP's own limit for the encoder.
public enum WebPLimits {
  /// Largest accepted canvas side when decoding, in pixels.
  public static let maxSide = 8192
  /// Largest accepted number of frames when decoding.
  public static let maxFrames = 100_000
  /// Largest memory, in bytes, that `WebPDecoder.decode` may spend on composited frames (1 GiB).
  public static let maxDecodedBytes = 1 << 30
  /// Largest canvas side WebP can store, in pixels (14 bits).
  public static let maxEncodedSide = 16383
  /// Longest frame duration WebP can store, in milliseconds (24 bits).
  public static let maxDuration = (1 << 24) - 1
}
