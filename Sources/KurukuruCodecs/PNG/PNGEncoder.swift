import Foundation
import CKurukuruPNG
import KurukuruCore

// MARK: - PNGFilter in C

extension PNGFilter {
  /// The C layer's value for libpng's filter setting.
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
  /// and the byte one row up, with Huffman codes built per frame (about 0.3 ms for a 510×510
  /// circle-progress frame, where libdeflate 4 takes 4.4 ms for 2 % fewer bytes); when more than 3 % of
  /// the bytes find no such match (gradients, many colours) libdeflate at `level` compresses
  /// instead. Matches stay inside bands of 16 lines, and each thread remembers the lines and
  /// matches of the frames it encoded before, so only the bands whose lines changed are matched
  /// again (a loader's next frame changes few rows: circle-progress's encoding CPU fell by 30 %,
  /// for 0.2 % more bytes). Decodes to exactly `frame`'s pixels; the same pixels and level always
  /// give the same bytes, whatever the thread encoded before.
  /// - Parameters:
  ///   - frame: the image; at least 1×1 pixels.
  ///   - level: libdeflate level, 1 (fastest) … 12 (smallest); default `PNG.fastLevel` (4).
  /// - Returns: the PNG file bytes (IHDR, one IDAT, IEND).
  /// - Throws: `PNGError.emptyFrame`, `.encodingFailed` (level outside 1…12), `.outOfMemory`.
  public static func encodeFast(_ frame: Frame, level: Int = PNG.fastLevel) throws -> [UInt8] {
    try prepareFast(frame, level: level)
    return try finishFast(level: level)
  }

  /// Encodes like `encodeFast(_:level:)` unless `written` holds an equal frame, whose bytes are
  /// then returned without deflating. The test costs nothing for a new frame: the Adler-32 of the
  /// filtered rows (which the zlib stream needs anyway) is looked up first; only frames whose
  /// Adler-32 matches an earlier one also compare CRC-32s (this frame's, 0.05 ms for a 510×510
  /// frame, and the earlier file's, inflated once and remembered), so two frames are taken as
  /// equal only when both checksums agree.
  /// - Parameters:
  ///   - frame: the image; at least 1×1 pixels.
  ///   - level: libdeflate level, 1 … 12; default `PNG.fastLevel` (4).
  ///   - written: the files written so far; add this one with the returned key once it is written.
  /// - Returns: the PNG bytes, and the key to pass to `PNGWrittenFrames.add(_:key:)`.
  /// - Throws: as `encodeFast(_:level:)`.
  public static func encodeFast(
    _ frame: Frame, level: Int = PNG.fastLevel, reusing written: PNGWrittenFrames
  ) throws -> (bytes: [UInt8], key: UInt32) {
    let adler = try prepareFast(frame, level: level)
    let names = written.names(forKey: adler)
    if !names.isEmpty {
      var crc: UInt32 = 0
      try check(kk_png_fast_prepared_crc(&crc))
      for name in names where written.crc(of: name) == crc {
        if let bytes = written.read(name) { return (bytes, adler) }
      }
    }
    return (try finishFast(level: level), adler)
  }

  /// Filters `frame` into this thread's buffer of the fast encoder; returns its Adler-32.
  @discardableResult
  private static func prepareFast(_ frame: Frame, level: Int) throws -> UInt32 {
    guard (1...12).contains(level) else {
      throw PNGError.encodingFailed(message: "libdeflate level \(level) outside 1…12")
    }
    guard frame.width > 0, frame.height > 0, frame.width <= Int(Int32.max) / 4,
      frame.height <= Int(Int32.max)
    else { throw PNGError.emptyFrame(width: frame.width, height: frame.height) }
    var adler: UInt32 = 0
    try check(
      frame.pixels.withUnsafeBufferPointer { pixels in
        kk_png_fast_prepare(pixels.baseAddress, UInt32(frame.width), UInt32(frame.height), &adler)
      })
    return adler
  }

  /// Deflates the frame this thread prepared last and returns the PNG.
  private static func finishFast(level: Int) throws -> [UInt8] {
    var buffer = kk_png_buffer(data: nil, size: 0, capacity: 0)
    defer { kk_png_buffer_free(&buffer) }
    try check(kk_png_fast_finish(Int32(level), &buffer))
    guard let data = buffer.data else { throw PNGError.encodingFailed(message: "no output") }
    return [UInt8](UnsafeBufferPointer(start: data, count: buffer.size))
  }

  /// Throws for a status of the fast encoder other than `KK_PNG_OK`.
  fileprivate static func check(_ status: kk_png_status) throws {
    switch status {
    case KK_PNG_OK: return
    case KK_PNG_OUT_OF_MEMORY: throw PNGError.outOfMemory
    default: throw PNGError.encodingFailed(message: "invalid arguments")
    }
  }

}

// MARK: - PNGWrittenFrames

/// PNG files already written by `PNG.encodeFast(_:level:reusing:)`, by the key it returned, so
/// that a frame equal to one of them is not deflated again. Safe to use from several threads.
public final class PNGWrittenFrames: @unchecked Sendable {
  private let lock = NSLock()
  private var names: [UInt32: [String]] = [:]
  private var crcs: [String: UInt32] = [:]
  /// Reads a file added before; nil when it cannot be read (the frame is then encoded).
  fileprivate let read: @Sendable (String) -> [UInt8]?

  /// - Parameter read: the bytes of a file by the name it was added under, or nil.
  public init(read: @escaping @Sendable (String) -> [UInt8]?) {
    self.read = read
  }

  /// Records that the file `name` is complete and holds the PNG `encodeFast` returned with `key`.
  /// The first name added for an equal frame is the one reused.
  public func add(_ name: String, key: UInt32) {
    lock.withLock { names[key, default: []].append(name) }
  }

  /// The files added under `key`, oldest first.
  fileprivate func names(forKey key: UInt32) -> [String] {
    lock.withLock { names[key] ?? [] }
  }

  /// The CRC-32 of file `name`'s filtered rows (computed once), or nil if it cannot be read.
  fileprivate func crc(of name: String) -> UInt32? {
    if let known = lock.withLock({ crcs[name] }) { return known }
    guard let bytes = read(name) else { return nil }
    var crc: UInt32 = 0
    let status = bytes.withUnsafeBufferPointer { kk_png_fast_crc_of_png($0.baseAddress, $0.count, &crc) }
    guard status == KK_PNG_OK else { return nil }
    lock.withLock { crcs[name] = crc }
    return crc
  }
}
