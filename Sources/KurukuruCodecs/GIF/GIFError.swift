import CGIF

// MARK: - GIFError

/// Every failure of the GIF stage: invalid encoder input, malformed GIF files and giflib errors.
///
/// Messages are lower-case, start with `gif:` and name the place of the problem (the frame index,
/// the canvas size, the giflib call).
public enum GIFError: Error, Equatable, CustomStringConvertible {
  // MARK: Encoder input

  /// The frames, their canvas or timing, or an option every encoder shares is invalid.
  case input(FrameInputError)
  /// The transparency threshold is outside 1...255.
  case invalidAlphaThreshold(Int)
  /// The palette size limit is outside 2...255.
  case invalidMaxColors(Int)
  /// The colour error target is negative or not finite.
  case invalidMaxColorError(Double)

  // MARK: Malformed files

  /// The bytes do not start with a GIF signature.
  case notGIF
  /// The data ends before the trailer (the place says where).
  case truncated(place: String)
  /// The logical screen has a zero side.
  case zeroSize(width: Int, height: Int)
  /// The logical screen or a frame is above 8192 pixels a side.
  case tooLarge(place: String, width: Int, height: Int)
  /// The file holds more than 100,000 frames.
  case tooManyFrames(limit: Int)
  /// Decoding every composited frame would need more than the memory bound (bytes).
  case tooMuchMemory(frames: Int, width: Int, height: Int, limitBytes: Int)
  /// A frame's LZW image data is corrupt.
  case corruptImageData(frame: Int)
  /// A frame has no local colour table and the file has no global one.
  case missingColorTable(frame: Int)
  /// A frame has a zero width or height.
  case emptyFrame(frame: Int)
  /// The file holds no image at all.
  case noImages
  /// Any other failure reported by giflib.
  case giflib(operation: String, code: Int)
  /// The encoder broke one of its own invariants (a bug in Kurukuru, not in the input or in
  /// giflib); the text says which.
  case internalInconsistency(String)

  // MARK: - Description

  public var description: String {
    switch self {
    case let .input(error):
      return "gif: \(error)"
    case let .invalidAlphaThreshold(value):
      return "gif: transparency threshold \(value) is outside 1...255"
    case let .invalidMaxColors(value):
      return "gif: palette limit \(value) is outside 2...255 colours"
    case let .invalidMaxColorError(value):
      return "gif: colour error target \(value) must be a finite number ≥ 0"
    case .notGIF:
      return "gif: not a gif file (no GIF87a/GIF89a signature)"
    case let .truncated(place):
      return "gif: truncated data in \(place)"
    case let .zeroSize(width, height):
      return "gif: logical screen \(width)×\(height) has a zero side"
    case let .tooLarge(place, width, height):
      return "gif: \(place) \(width)×\(height) is above \(DecodeLimits.maxSide) pixels a side"
    case let .tooManyFrames(limit):
      return "gif: more than \(limit) frames"
    case let .tooMuchMemory(frames, width, height, limitBytes):
      return "gif: \(frames) frames of \(width)×\(height) would need more than \(limitBytes >> 20) MiB"
    case let .corruptImageData(frame):
      return "gif: frame \(frame) has corrupt lzw image data"
    case let .missingColorTable(frame):
      return "gif: frame \(frame) has no colour table (neither local nor global)"
    case let .emptyFrame(frame):
      return "gif: frame \(frame) has a zero width or height"
    case .noImages:
      return "gif: the file holds no image"
    case let .giflib(operation, code):
      let reason = GifErrorString(Int32(code)).map { String(cString: $0).lowercased() } ?? "unknown error"
      return "gif: giflib \(operation) failed: \(reason) (code \(code))"
    case let .internalInconsistency(what):
      return "gif: internal error (please report it): \(what)"
    }
  }
}
