// MARK: - APNGError

/// Every failure of the APNG stage: invalid encoder input and malformed (A)PNG files.
///
/// Messages are one lower-case line that starts with `apng:` and names the place: the chunk (by
/// its four-letter type and byte offset), the frame index, the canvas size.
public enum APNGError: Error, Equatable, Sendable, CustomStringConvertible {
  // MARK: Encoder input

  /// The frames, their canvas or timing, or an option every encoder shares is invalid.
  case input(FrameInputError)
  /// The deflate library failed (out of memory, or a setting it refuses), naming the library
  /// and setting.
  case compressionFailed(String)
  /// The encoder broke one of its own invariants (a bug in Kurukuru, not in the input); the
  /// text says which.
  case internalInconsistency(String)

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
  /// The canvas or a frame is above `DecodeLimits.maxSide` pixels a side, or has a zero side.
  case badSize(place: String, width: Int, height: Int)
  /// acTL announces more frames than `DecodeLimits.maxFrames`.
  case tooManyFrames(Int)
  /// acTL announces no frame.
  case zeroFrames
  /// Decoding every frame would need more than `DecodeLimits.maxDecodedBytes`.
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
    case let .input(error):
      return "apng: \(error)"
    case let .compressionFailed(what):
      return "apng: compression failed: \(what)"
    case let .internalInconsistency(what):
      return "apng: internal error (please report it): \(what)"
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
      return "apng: \(place) \(width)×\(height) is outside 1...\(DecodeLimits.maxSide) pixels a side"
    case let .tooManyFrames(count):
      return "apng: acTL announces \(count) frames, more than \(DecodeLimits.maxFrames)"
    case .zeroFrames:
      return "apng: acTL announces 0 frames"
    case let .tooMuchMemory(frames, width, height):
      return "apng: \(frames) frames of \(width)×\(height) would need more than \(DecodeLimits.maxDecodedBytes >> 20) MiB"
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
