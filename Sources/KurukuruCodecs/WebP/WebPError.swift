// MARK: - WebPError

/// Every failure of the WebP stage: invalid encoder input, libwebp encoder failures and
/// malformed or oversized WebP files.
///
/// Messages are one line, lower-case, start with `webp:` and name the place of the problem (the
/// frame index, the canvas size, the libwebp call).
public enum WebPError: Error, Equatable, Sendable, CustomStringConvertible {
  // MARK: Encoder input

  /// The frames, their canvas or timing, or an option every encoder shares is invalid.
  case input(FrameInputError)
  /// The lossy quality is outside 0...100.
  case invalidQuality(Double)
  /// libwebp refused or failed an encoding call (the call, libwebp's reason).
  case encoder(operation: String, reason: String)
  /// The encoder broke one of its own invariants (a bug in Kurukuru, not in the input or in
  /// libwebp); the text says which.
  case internalInconsistency(String)

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
    case let .input(error):
      return "webp: \(error)"
    case let .invalidQuality(quality):
      return "webp: quality \(quality) is outside 0...100"
    case let .encoder(operation, reason):
      return "webp: libwebp \(operation) failed: \(reason.lowercased())"
    case let .internalInconsistency(what):
      return "webp: internal error (please report it): \(what)"
    case .notWebP:
      return "webp: not a webp file (no RIFF/WEBP signature)"
    case .truncated:
      return "webp: truncated data (the file ends before its last chunk)"
    case let .malformed(place):
      return "webp: malformed \(place)"
    case let .zeroSize(width, height):
      return "webp: canvas \(width)×\(height) has a zero side"
    case let .tooLarge(width, height):
      return "webp: canvas \(width)×\(height) is above \(DecodeLimits.maxSide) pixels a side"
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
