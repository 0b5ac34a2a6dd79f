import CKurukuruPNG
import KurukuruCore

// MARK: - PNGFilter

/// The PNG row filter the encoder applies before zlib.
public enum PNGFilter: Sendable, Equatable, CaseIterable {
  /// No filtering.
  case none
  /// Difference to the pixel on the left.
  case sub
  /// Difference to the pixel above.
  case up
  /// Difference to the mean of left and above.
  case average
  /// Paeth predictor.
  case paeth
  /// libpng chooses per row among all five (minimum sum of absolute differences).
  case adaptive

  fileprivate var cValue: kk_png_filter {
    switch self {
    case .none: return KK_PNG_FILTER_NONE
    case .sub: return KK_PNG_FILTER_SUB
    case .up: return KK_PNG_FILTER_UP
    case .average: return KK_PNG_FILTER_AVERAGE
    case .paeth: return KK_PNG_FILTER_PAETH
    case .adaptive: return KK_PNG_FILTERS_ADAPTIVE
    }
  }
}

// MARK: - Encoding

extension PNG {
  /// The default row filter: `.none`.
  ///
  /// Measured on 600×600 loader frames at level 6 (large transparent areas, anti-aliased shapes):
  /// `.none` is the fastest of all filters (5–6 ms vs 8 ms for `.up` and 12–14 ms for
  /// `.adaptive`) and also the smallest on transparent frames (21.7 kB vs 27.5 kB adaptive,
  /// 31 kB up), because runs of identical pixels stay identical bytes; only on opaque frames with
  /// soft glows do `.up` or `.adaptive` win (by 20–25 %), and callers can pass them.
  public static let defaultFilter = PNGFilter.none

  /// Encodes straight RGBA8 as a PNG: colour type RGBA, 8 bits per channel, not interlaced, no
  /// gamma, colour or time chunks, so the same frame always gives the same bytes.
  /// - Parameters:
  ///   - frame: the image; at least 1×1 pixels.
  ///   - compressionLevel: zlib level, 0 (store) … 9 (smallest); default 6.
  ///   - filter: the row filter; default `PNG.defaultFilter` (`.none`).
  /// - Returns: the PNG file bytes.
  /// - Throws: `PNGError.emptyFrame`, `.invalidCompressionLevel`, `.outOfMemory`,
  ///   `.encodingFailed`.
  public static func encode(
    _ frame: Frame, compressionLevel: Int = 6, filter: PNGFilter = PNG.defaultFilter
  ) throws -> [UInt8] {
    guard (0...9).contains(compressionLevel) else {
      throw PNGError.invalidCompressionLevel(compressionLevel)
    }
    guard frame.width > 0, frame.height > 0, frame.width <= Int(Int32.max),
      frame.height <= Int(Int32.max)
    else { throw PNGError.emptyFrame(width: frame.width, height: frame.height) }

    var buffer = kk_png_buffer(data: nil, size: 0, capacity: 0)
    defer { kk_png_buffer_free(&buffer) }
    var message = [CChar](repeating: 0, count: Int(KK_PNG_MESSAGE_CAPACITY))
    let status = frame.pixels.withUnsafeBufferPointer { pixels in
      message.withUnsafeMutableBufferPointer { text in
        kk_png_encode_rgba(
          pixels.baseAddress, UInt32(frame.width), UInt32(frame.height), Int32(compressionLevel),
          filter.cValue, &buffer, text.baseAddress)
      }
    }
    switch status {
    case KK_PNG_OK:
      guard let data = buffer.data else { throw PNGError.encodingFailed(message: "no output") }
      return [UInt8](UnsafeBufferPointer(start: data, count: buffer.size))
    case KK_PNG_OUT_OF_MEMORY:
      throw PNGError.outOfMemory
    default:
      let text = String(
        decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      throw PNGError.encodingFailed(message: text.isEmpty ? "invalid arguments" : text)
    }
  }
}

// MARK: - Fast encoding

extension PNG {
  /// The libdeflate level of `encodeFast` when none is given: 4.
  ///
  /// Measured on 180 of circle-progress's 1,800 frames at scale 3 (filter none): libdeflate 1
  /// 3.55 MB, 4 3.58 MB, 5 3.33 MB, 6 3.34 MB, all 4–6 ms a frame on a loaded 2-core machine;
  /// Pillow's default (zlib 6, adaptive filters) 4.38 MB. On four-color-ring (opaque colours)
  /// level 4 gives 2.21 MB against 2.87 MB for level 1.
  public static let fastLevel = 4

  /// Encodes straight RGBA8 as a PNG quickly, for frame sequences: no libpng; rows equal to the
  /// row above are filtered with up, all others with none (the smallest on loader frames, which
  /// are mostly transparent or flat). Deflate is a matcher that only tries the pixel on the left
  /// and the byte one row up, with Huffman codes built per frame (twice as fast as libdeflate on
  /// those frames, ≤ 3 % larger); when more than 3 % of the bytes find no such match (gradients,
  /// many colours) libdeflate at `level` compresses instead. Decodes to exactly `frame`'s
  /// pixels; the same pixels and level always give the same bytes, on any thread.
  /// - Parameters:
  ///   - frame: the image; at least 1×1 pixels.
  ///   - level: libdeflate level, 1 (fastest) … 12 (smallest); default `PNG.fastLevel` (4).
  /// - Returns: the PNG file bytes (IHDR, one IDAT, IEND).
  /// - Throws: `PNGError.emptyFrame`, `.encodingFailed` (level outside 1…12), `.outOfMemory`.
  public static func encodeFast(_ frame: Frame, level: Int = PNG.fastLevel) throws -> [UInt8] {
    try encodeFast(frame, level: level, reusing: { _ in nil }).bytes
  }

  /// Encodes like `encodeFast(_:level:)` unless `earlier` has the file of an identical frame:
  /// the frame is filtered and hashed first (the hash costs almost nothing there, about
  /// 0.06 ms less than `pixelHash` then encoding for a 510×510 frame), then `earlier(hash)` is
  /// asked, and only when it returns nil is the frame deflated.
  /// - Parameters:
  ///   - frame: the image; at least 1×1 pixels.
  ///   - level: libdeflate level, 1 … 12; default `PNG.fastLevel` (4).
  ///   - earlier: the PNG bytes written for a frame with this hash, or nil. Called once, on the
  ///     calling thread; it must not encode on that thread itself. Equal frames always have equal
  ///     hashes (not `pixelHash`'s values), and different ones practically never.
  /// - Returns: the PNG bytes (those of `earlier` when it returned some) and the frame's hash.
  /// - Throws: as `encodeFast(_:level:)`, and what `earlier` throws.
  public static func encodeFast(
    _ frame: Frame, level: Int = PNG.fastLevel, reusing earlier: (UInt64) throws -> [UInt8]?
  ) throws -> (bytes: [UInt8], hash: UInt64) {
    guard (1...12).contains(level) else {
      throw PNGError.encodingFailed(message: "libdeflate level \(level) outside 1…12")
    }
    guard frame.width > 0, frame.height > 0, frame.width <= Int(Int32.max) / 4,
      frame.height <= Int(Int32.max)
    else { throw PNGError.emptyFrame(width: frame.width, height: frame.height) }
    var hash: UInt64 = 0
    let prepared = frame.pixels.withUnsafeBufferPointer { pixels in
      kk_png_fast_prepare(pixels.baseAddress, UInt32(frame.width), UInt32(frame.height), &hash)
    }
    try check(prepared)
    if let bytes = try earlier(hash) { return (bytes, hash) }
    var buffer = kk_png_buffer(data: nil, size: 0, capacity: 0)
    defer { kk_png_buffer_free(&buffer) }
    try check(kk_png_fast_finish(Int32(level), &buffer))
    guard let data = buffer.data else { throw PNGError.encodingFailed(message: "no output") }
    return ([UInt8](UnsafeBufferPointer(start: data, count: buffer.size)), hash)
  }

  /// Throws for a status of the fast encoder other than `KK_PNG_OK`.
  private static func check(_ status: kk_png_status) throws {
    switch status {
    case KK_PNG_OK: return
    case KK_PNG_OUT_OF_MEMORY: throw PNGError.outOfMemory
    default: throw PNGError.encodingFailed(message: "invalid arguments")
    }
  }

  /// A 64-bit hash of `frame`'s size and pixels (CRC-32 and Adler-32), to find frames identical
  /// to one already written (about 0.05 ms for a 510×510 frame). Equal frames always give equal
  /// hashes; not cryptographic, but two different rendered frames agreeing on both checksums is
  /// vanishingly unlikely.
  public static func pixelHash(_ frame: Frame) -> UInt64 {
    let seed = UInt64(truncatingIfNeeded: frame.width) &* 0x1_0000_0001 ^ UInt64(truncatingIfNeeded: frame.height)
    return frame.pixels.withUnsafeBufferPointer { pixels in
      kk_png_hash_bytes(pixels.baseAddress, pixels.count, seed)
    }
  }
}
