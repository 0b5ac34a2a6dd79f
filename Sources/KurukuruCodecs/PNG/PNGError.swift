// MARK: - PNGError

/// Everything that can go wrong while reading or writing a PNG.
public enum PNGError: Error, Equatable, CustomStringConvertible {
  /// The bytes do not start with the 8-byte PNG signature.
  case notPNG
  /// The data ends before the image is complete (`byteCount` = bytes available).
  case truncated(byteCount: Int)
  /// libpng rejected the data: bad CRC, broken zlib stream, invalid header or chunk.
  case corrupt(message: String)
  /// The image is wider or taller than `limit` pixels (checked from IHDR, before allocating).
  case tooLarge(width: Int, height: Int, limit: Int)
  /// The frame has no pixels (PNG needs at least 1×1).
  case emptyFrame(width: Int, height: Int)
  /// `compressionLevel` is outside 0…9.
  case invalidCompressionLevel(Int)
  /// Memory for the image could not be allocated.
  case outOfMemory
  /// libpng failed while encoding (`message` is libpng's own).
  case encodingFailed(message: String)

  public var description: String {
    switch self {
    case .notPNG:
      return "png: not a png file (bad signature at byte 0)"
    case .truncated(let count):
      return "png: data truncated (file ends after \(count) bytes)"
    case .corrupt(let message):
      return "png: corrupt data: \(message.lowercased())"
    case .tooLarge(let width, let height, let limit):
      return "png: image too large in ihdr: \(width)×\(height) pixels, limit \(limit) per side"
    case .emptyFrame(let width, let height):
      return "png: cannot encode an empty frame (\(width)×\(height) pixels)"
    case .invalidCompressionLevel(let level):
      return "png: compression level \(level) outside 0…9"
    case .outOfMemory:
      return "png: out of memory"
    case .encodingFailed(let message):
      return "png: encoding failed: \(message.lowercased())"
    }
  }
}
