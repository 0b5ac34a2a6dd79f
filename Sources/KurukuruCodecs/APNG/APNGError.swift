// MARK: - APNGError

/// Every failure of the APNG stage: invalid encoder input and malformed (A)PNG files.
///
/// Messages are one lower-case line that starts with `apng:` and names the place: the chunk (by
/// its four-letter type and byte offset), the frame index, the canvas size.
public enum APNGError: Error, Equatable, Sendable, CustomStringConvertible {
  // MARK: Encoder input

  /// The canvas to encode is empty or larger than `APNGLimits.maxSide` pixels a side.
  case invalidCanvas(width: Int, height: Int)
  /// The animation to encode has no frames.
  case noFrames
  /// `delays.count` differs from the frame count.
  case delayCountMismatch(expected: Int, actual: Int)
  /// A delay has a zero denominator.
  case invalidDelay(frame: Int)
  /// The loop count is outside 0...65535.
  case invalidLoopCount(Int)
  /// The encoder's thread count is below 1.
  case invalidThreads(Int)
  /// The frame provider returned a different number of frames than requested.
  case frameCountMismatch(range: Range<Int>, actual: Int)
  /// A provided frame does not have the canvas size.
  case frameSizeMismatch(frame: Int, width: Int, height: Int, expectedWidth: Int, expectedHeight: Int)
  /// The deflate library failed (a bug or out of memory, not bad input).
  case compressionFailed(String)

  // MARK: Malformed files

  /// The bytes do not start with the 8-byte PNG signature.
  case notPNG
  /// The data ends inside a chunk or before IEND (the place says where).
  case truncated(place: String)
  /// A chunk's CRC-32 does not match its type and data.
  case badCRC(chunk: String, offset: Int)
  /// A chunk is longer than PNG allows (2³¹ − 1 bytes).
  case chunkTooLong(chunk: String, offset: Int)
  /// A chunk is missing, repeated, in the wrong place or of the wrong length (what is wrong).
  case badChunk(String)
  /// IHDR's fields are invalid or unsupported (which one).
  case badHeader(String)
  /// The canvas or a frame is above `APNGLimits.maxSide` pixels a side, or has a zero side.
  case badSize(place: String, width: Int, height: Int)
  /// acTL announces more frames than `APNGLimits.maxFrames`.
  case tooManyFrames(Int)
  /// acTL announces no frame.
  case zeroFrames
  /// Decoding every frame would need more than `APNGLimits.maxDecodedBytes`.
  case tooMuchMemory(frames: Int, width: Int, height: Int)
  /// acTL's frame count differs from the number of fcTL chunks.
  case frameCountDiffers(announced: Int, found: Int)
  /// An fcTL or fdAT has the wrong sequence number.
  case badSequence(chunk: String, expected: UInt32, found: UInt32)
  /// A frame's region does not lie inside the canvas.
  case frameOutsideCanvas(frame: Int, x: Int, y: Int, width: Int, height: Int, canvasWidth: Int, canvasHeight: Int)
  /// A frame's dispose or blend op is not one the spec defines.
  case badOp(frame: Int, field: String, value: Int)
  /// A frame's compressed data does not inflate to exactly its rows (frame, why).
  case corruptImageData(frame: Int, reason: String)

  // MARK: - Description

  public var description: String {
    switch self {
    case let .invalidCanvas(width, height):
      return "apng: canvas \(width)×\(height) is outside 1...\(APNGLimits.maxSide) pixels a side"
    case .noFrames:
      return "apng: the animation has no frames"
    case let .delayCountMismatch(expected, actual):
      return "apng: \(actual) delays given for \(expected) frames"
    case let .invalidDelay(frame):
      return "apng: frame \(frame) has a delay with a zero denominator"
    case let .invalidLoopCount(count):
      return "apng: loop count \(count) is outside 0...65535"
    case let .invalidThreads(value):
      return "apng: thread count \(value) must be at least 1"
    case let .frameCountMismatch(range, actual):
      return "apng: frames \(range.lowerBound)..<\(range.upperBound) requested, \(actual) returned"
    case let .frameSizeMismatch(frame, width, height, expectedWidth, expectedHeight):
      return "apng: frame \(frame) is \(width)×\(height), expected \(expectedWidth)×\(expectedHeight)"
    case let .compressionFailed(what):
      return "apng: compression failed: \(what)"
    case .notPNG:
      return "apng: not a png file (bad signature at byte 0)"
    case let .truncated(place):
      return "apng: truncated data \(place)"
    case let .badCRC(chunk, offset):
      return "apng: bad crc in \(chunk) chunk at byte \(offset)"
    case let .chunkTooLong(chunk, offset):
      return "apng: \(chunk) chunk at byte \(offset) is longer than 2^31-1 bytes"
    case let .badChunk(what):
      return "apng: \(what)"
    case let .badHeader(what):
      return "apng: IHDR: \(what)"
    case let .badSize(place, width, height):
      return "apng: \(place) \(width)×\(height) is outside 1...\(APNGLimits.maxSide) pixels a side"
    case let .tooManyFrames(count):
      return "apng: acTL announces \(count) frames, more than \(APNGLimits.maxFrames)"
    case .zeroFrames:
      return "apng: acTL announces 0 frames"
    case let .tooMuchMemory(frames, width, height):
      return "apng: \(frames) frames of \(width)×\(height) would need more than \(APNGLimits.maxDecodedBytes >> 20) MiB"
    case let .frameCountDiffers(announced, found):
      return "apng: acTL announces \(announced) frames, the file has \(found) fcTL chunks"
    case let .badSequence(chunk, expected, found):
      return "apng: \(chunk) has sequence number \(found), expected \(expected)"
    case let .frameOutsideCanvas(frame, x, y, width, height, canvasWidth, canvasHeight):
      return "apng: fcTL of frame \(frame) (\(width)×\(height) at \(x),\(y)) lies outside the \(canvasWidth)×\(canvasHeight) canvas"
    case let .badOp(frame, field, value):
      return "apng: fcTL of frame \(frame) has \(field) \(value)"
    case let .corruptImageData(frame, reason):
      return "apng: frame \(frame) has corrupt image data (\(reason))"
    }
  }
}

// MARK: - Limits

/// Sanity limits of the APNG decoder (and the encoder's canvas limit).
public enum APNGLimits {
  /// Largest accepted canvas or frame side, in pixels.
  public static let maxSide = 8192
  /// Largest accepted number of frames.
  public static let maxFrames = 100_000
  /// Largest memory, in bytes, that `APNGDecoder.decode` may spend on composited frames (1 GiB).
  public static let maxDecodedBytes = 1 << 30
}
