import CKurukuruPNG
import KurukuruCore

// MARK: - PNG

/// Exact PNG input and output on libpng: straight RGBA, 8 bits per channel, no colour management.
public enum PNG {
  /// Largest width or height, in pixels, that `decode` accepts (8192).
  public static let maximumSide = 8192
}

// MARK: - Decoding

extension PNG {
  /// Decodes any PNG exactly to straight RGBA8.
  ///
  /// Palettes are expanded (tRNS entries become alpha), gray becomes RGB, 16-bit samples are
  /// scaled to 8 bits with rounding, interlaced images are de-interlaced, and colour chunks
  /// (gAMA, sRGB, iCCP, cHRM) are ignored: stored values come out unchanged.
  /// - Parameter bytes: the whole PNG file.
  /// - Returns: the image as a `Frame`.
  /// - Throws: `PNGError.notPNG`, `.truncated`, `.corrupt` (CRC, zlib or chunk errors),
  ///   `.tooLarge` (a side above `maximumSide`, checked before any pixel memory is allocated),
  ///   `.outOfMemory`.
  public static func decode(_ bytes: [UInt8]) throws -> Frame {
    try bytes.withUnsafeBufferPointer { data -> Frame in
      guard let base = data.baseAddress, data.count >= 8 else { throw PNGError.notPNG }
      try checkHeaderSize(data)
      let reader = try PNGReader(base, count: data.count)
      let (width, height) = try reader.readHeader(maximumSide: maximumSide)
      var pixels = [UInt8](repeating: 0, count: width * height * 4)
      try pixels.withUnsafeMutableBufferPointer { try reader.readPixels(into: $0) }
      return Frame(width: width, height: height, pixels: pixels)
    }
  }
}

// MARK: - Header check

extension PNG {
  /// Rejects an IHDR whose width or height exceeds `maximumSide`, before libpng reads further.
  ///
  /// IHDR must be the first chunk: bytes 12–15 are its type, 16–19 the width, 20–23 the height.
  /// Anything else is left to libpng, which reports it precisely.
  private static func checkHeaderSize(_ data: UnsafeBufferPointer<UInt8>) throws {
    let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
    guard data.count >= 24, Array(data[0..<8]) == signature, Array(data[12..<16]) == Array("IHDR".utf8)
    else { return }
    let width = data[16..<20].reduce(0) { $0 << 8 | Int($1) }
    let height = data[20..<24].reduce(0) { $0 << 8 | Int($1) }
    if width > maximumSide || height > maximumSide {
      throw PNGError.tooLarge(width: width, height: height, limit: maximumSide)
    }
  }
}

// MARK: - PNGReader

/// Owns one libpng read struct (through the C layer) and frees it on deinit.
private final class PNGReader {
  private let handle: OpaquePointer
  private let byteCount: Int

  /// Creates a reader over memory that must outlive it.
  init(_ data: UnsafePointer<UInt8>, count: Int) throws {
    guard let handle = kk_png_reader_create(data, count) else { throw PNGError.outOfMemory }
    self.handle = handle
    self.byteCount = count
  }

  deinit {
    kk_png_reader_destroy(handle)
  }

  /// Reads the chunks up to the image data; returns width and height in pixels.
  func readHeader(maximumSide: Int) throws -> (Int, Int) {
    var width: UInt32 = 0
    var height: UInt32 = 0
    let status = kk_png_reader_read_header(handle, UInt32(maximumSide), &width, &height)
    if status == KK_PNG_TOO_LARGE {
      throw PNGError.tooLarge(width: Int(width), height: Int(height), limit: maximumSide)
    }
    try check(status)
    return (Int(width), Int(height))
  }

  /// Decodes all rows into `pixels` (width × height × 4 bytes).
  func readPixels(into pixels: UnsafeMutableBufferPointer<UInt8>) throws {
    guard let base = pixels.baseAddress else { return }
    try check(kk_png_reader_read_pixels(handle, base, pixels.count))
  }

  private func check(_ status: kk_png_status) throws {
    switch status {
    case KK_PNG_OK: return
    case KK_PNG_NOT_PNG: throw PNGError.notPNG
    case KK_PNG_TRUNCATED: throw PNGError.truncated(byteCount: byteCount)
    case KK_PNG_OUT_OF_MEMORY: throw PNGError.outOfMemory
    default: throw PNGError.corrupt(message: String(cString: kk_png_reader_message(handle)))
    }
  }
}
