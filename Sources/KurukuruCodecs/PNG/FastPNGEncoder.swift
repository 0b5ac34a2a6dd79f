import CKurukuruFastPNG
import Foundation
import KurukuruCore

// MARK: - Fast encoding

extension PNG {
  /// The libdeflate level of `encodeFast` when none is given: 4 (`scripts/bench.d/README.md`,
  /// png, has the measurements).
  public static let fastLevel = 4

  /// Encodes straight RGBA8 as a PNG quickly, for frame sequences, with a new `FastPNGEncoder`
  /// (see there); the same pixels and level always give the same bytes.
  /// - Parameters:
  ///   - frame: the image; at least 1×1 pixels.
  ///   - level: libdeflate level, 1 (fastest) … 12 (smallest); default `PNG.fastLevel` (4).
  /// - Returns: the PNG file bytes (IHDR, one IDAT, IEND).
  /// - Throws: `PNGError.emptyFrame`, `.encodingFailed` (level outside 1…12), `.outOfMemory`.
  public static func encodeFast(_ frame: Frame, level: Int = PNG.fastLevel) throws -> [UInt8] {
    try FastPNGEncoder().encode(frame, level: level)
  }

  /// `FastPNGEncoder.encode(_:level:reusing:)` with a new encoder.
  /// - Returns: the PNG bytes, and the key to pass to `PNGWrittenFrames.add(_:key:)`.
  /// - Throws: as `encodeFast(_:level:)`.
  public static func encodeFast(
    _ frame: Frame, level: Int = PNG.fastLevel, reusing written: PNGWrittenFrames
  ) throws -> (bytes: [UInt8], key: UInt32) {
    try FastPNGEncoder().encode(frame, level: level, reusing: written)
  }
}

// MARK: - FastPNGEncoder

/// The PNG-sequence writer: straight RGBA8 frames to PNG files (colour type RGBA, 8 bits, one
/// IDAT) without libpng. Rows equal to the row above are filtered with up, all others with none;
/// deflate is a matcher that only tries the pixel on the left and the byte one row up, with
/// Huffman codes per block of 8 bands of 16 lines, or libdeflate at the given level when more
/// than 3 % of the bytes find no such match (gradients, many colours).
///
/// The encoder remembers the lines, matches and blocks of the frame it encoded last, so for the
/// next frame only the bands whose lines changed are matched again and unchanged blocks are
/// copied; what a frame is encoded to never depends on that: the same pixels and level always
/// give the same bytes, whichever encoder encodes them after whatever frames. It owns a C handle
/// (`kk_fast_encoder`), freed in `deinit`, and is used by one thread at a time
/// (`FastPNGEncoderPool` lends encoders to many).
public final class FastPNGEncoder {
  private let handle: OpaquePointer

  /// A new encoder with nothing remembered.
  /// - Throws: `PNGError.outOfMemory`.
  public init() throws {
    guard let handle = kk_fast_encoder_create() else { throw PNGError.outOfMemory }
    self.handle = handle
  }

  deinit { kk_fast_encoder_free(handle) }

  /// Encodes `frame`; decodes to exactly its pixels.
  /// - Parameters:
  ///   - frame: the image; at least 1×1 pixels.
  ///   - level: libdeflate level, 1 (fastest) … 12 (smallest); default `PNG.fastLevel` (4).
  /// - Returns: the PNG file bytes.
  /// - Throws: `PNGError.emptyFrame`, `.encodingFailed` (level outside 1…12), `.outOfMemory`.
  public func encode(_ frame: Frame, level: Int = PNG.fastLevel) throws -> [UInt8] {
    try prepare(frame, level: level)
    return try finish(level: level)
  }

  /// Encodes like `encode(_:level:)` unless `written` holds an equal frame, whose bytes are then
  /// returned without deflating. The test costs nothing for a new frame: the Adler-32 of the
  /// filtered rows (which the zlib stream needs anyway) is looked up first; only frames whose
  /// Adler-32 matches an earlier one also compare CRC-32s (this frame's, and the earlier file's,
  /// inflated once and remembered), so two frames are taken as equal only when both checksums
  /// agree.
  /// - Parameters:
  ///   - frame: the image; at least 1×1 pixels.
  ///   - level: libdeflate level, 1 … 12; default `PNG.fastLevel` (4).
  ///   - written: the files written so far; add this one with the returned key once it is written.
  /// - Returns: the PNG bytes, and the key to pass to `PNGWrittenFrames.add(_:key:)`.
  /// - Throws: as `encode(_:level:)`.
  public func encode(
    _ frame: Frame, level: Int = PNG.fastLevel, reusing written: PNGWrittenFrames
  ) throws -> (bytes: [UInt8], key: UInt32) {
    let adler = try prepare(frame, level: level)
    let names = written.names(forKey: adler)
    if !names.isEmpty {
      var crc: UInt32 = 0
      try FastPNGEncoder.check(kk_fast_encoder_prepared_crc(handle, &crc))
      for name in names where written.crc(of: name) == crc {
        if let bytes = written.read(name) { return (bytes, adler) }
      }
    }
    return (try finish(level: level), adler)
  }

  /// Filters `frame` into the encoder; returns its Adler-32.
  @discardableResult
  private func prepare(_ frame: Frame, level: Int) throws -> UInt32 {
    guard (1...12).contains(level) else {
      throw PNGError.encodingFailed(message: "libdeflate level \(level) outside 1…12")
    }
    guard frame.width > 0, frame.height > 0, frame.width <= Int(Int32.max) / 4,
      frame.height <= Int(Int32.max)
    else { throw PNGError.emptyFrame(width: frame.width, height: frame.height) }
    var adler: UInt32 = 0
    try FastPNGEncoder.check(
      frame.pixels.withUnsafeBufferPointer { pixels in
        kk_fast_encoder_prepare(handle, pixels.baseAddress, UInt32(frame.width), UInt32(frame.height), &adler)
      })
    return adler
  }

  /// Deflates the frame prepared last and returns the PNG.
  private func finish(level: Int) throws -> [UInt8] {
    var png: UnsafePointer<UInt8>?
    var size = 0
    try FastPNGEncoder.check(kk_fast_encoder_finish(handle, Int32(level), &png, &size))
    guard let png else { throw PNGError.encodingFailed(message: "no output") }
    return [UInt8](UnsafeBufferPointer(start: png, count: size))
  }

  /// Throws for a status other than `KK_FAST_OK`.
  fileprivate static func check(_ status: kk_fast_status) throws {
    switch status {
    case KK_FAST_OK: return
    case KK_FAST_OUT_OF_MEMORY: throw PNGError.outOfMemory
    default: throw PNGError.encodingFailed(message: "invalid arguments")
    }
  }
}

// MARK: - FastPNGEncoderPool

/// Fast PNG encoders lent to many threads, one thread per encoder at a time: the encoder given
/// back last is lent next (it most likely encoded a frame close to the next one, so fewer bands
/// are matched again). The bytes never depend on which encoder a frame gets.
package final class FastPNGEncoderPool: @unchecked Sendable {
  private let lock = NSLock()
  private var idle: [FastPNGEncoder] = []

  package init() {}

  /// Runs `body` with an encoder no other thread uses meanwhile.
  /// - Throws: `PNGError.outOfMemory` when no encoder can be made, or what `body` throws.
  package func withEncoder<T>(_ body: (FastPNGEncoder) throws -> T) throws -> T {
    let lent = lock.withLock { idle.popLast() }
    let encoder = try lent ?? FastPNGEncoder()
    defer { lock.withLock { idle.append(encoder) } }
    return try body(encoder)
  }
}

// MARK: - PNGWrittenFrames

/// PNG files already written by `FastPNGEncoder.encode(_:level:reusing:)`, by the key it
/// returned, so that a frame equal to one of them is not deflated again. Safe to use from
/// several threads.
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

  /// Records that the file `name` is complete and holds the PNG `encode` returned with `key`.
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
    let status = bytes.withUnsafeBufferPointer { kk_fast_crc_of_png($0.baseAddress, $0.count, &crc) }
    guard status == KK_FAST_OK else { return nil }
    lock.withLock { crcs[name] = crc }
    return crc
  }
}
