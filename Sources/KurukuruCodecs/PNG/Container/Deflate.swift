import CDeflate
import CZlib
import CZopfli
import Foundation

// MARK: - DeflatePool

/// libdeflate compressors kept for reuse, so that a frame's compressions do not each allocate
/// and free one (a level-12 compressor holds megabytes). A compressor is used by one thread at
/// a time; libdeflate's output does not depend on what the compressor compressed before. Freed
/// with the pool.
final class DeflatePool: @unchecked Sendable {
  private let lock = NSLock()
  private var idle: [Int: [OpaquePointer]] = [:]

  init() {}

  deinit {
    for compressors in idle.values {
      for c in compressors { libdeflate_free_compressor(c) }
    }
  }

  /// An idle compressor of `level` (1...12), or a new one.
  /// - Throws: `APNGError.compressionFailed` when libdeflate cannot allocate one.
  func borrow(level: Int) throws -> OpaquePointer {
    lock.lock()
    let reused = idle[level]?.popLast()
    lock.unlock()
    if let reused { return reused }
    guard let made = libdeflate_alloc_compressor(Int32(level)) else {
      throw APNGError.compressionFailed("libdeflate level \(level)")
    }
    return made
  }

  /// Returns a compressor `borrow` gave.
  func giveBack(_ compressor: OpaquePointer, level: Int) {
    lock.lock()
    idle[level, default: []].append(compressor)
    lock.unlock()
  }
}

// MARK: - Deflate

/// zlib-format compression (libdeflate or zlib), inflation and CRC-32 (zlib).
enum Deflate {
  /// The CRC-32 of `bytes`, continuing `crc` (PNG's chunk CRC; start with 0).
  static func crc32(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt32 = 0) -> UInt32 {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return crc }
    return UInt32(truncatingIfNeeded: CZlib.crc32(uLong(crc), base.assumingMemoryBound(to: Bytef.self), uInt(bytes.count)))
  }

  /// `data` as a zlib stream.
  /// - Parameter pool: Where libdeflate compressors are borrowed from (nil: one is made and
  ///   freed for this call). The bytes are the same either way.
  /// - Throws: `APNGError.compressionFailed` when the library fails (out of memory, bad level).
  static func compress(_ data: [UInt8], with method: APNGCompression, pool: DeflatePool? = nil) throws -> [UInt8] {
    switch method {
    case .libdeflate(let level):
      guard (1...12).contains(level) else { throw APNGError.compressionFailed("libdeflate level \(level)") }
      if let pool {
        let compressor = try pool.borrow(level: level)
        defer { pool.giveBack(compressor, level: level) }
        return try compress(data, compressor)
      }
      guard let compressor = libdeflate_alloc_compressor(Int32(level)) else {
        throw APNGError.compressionFailed("libdeflate level \(level)")
      }
      defer { libdeflate_free_compressor(compressor) }
      return try compress(data, compressor)
    case .zlib(let level):
      guard (0...9).contains(level) else { throw APNGError.compressionFailed("zlib level \(level)") }
      var length = compressBound(uLong(data.count))
      var out = [UInt8](repeating: 0, count: Int(length))
      let status = data.withUnsafeBufferPointer { src in
        out.withUnsafeMutableBufferPointer { dst in
          compress2(dst.baseAddress, &length, src.baseAddress, uLong(src.count), Int32(level))
        }
      }
      guard status == Z_OK else { throw APNGError.compressionFailed("zlib status \(status)") }
      out.removeSubrange(Int(length)...)
      return out
    case .zopfli(let iterations):
      guard iterations >= 1 else { throw APNGError.compressionFailed("zopfli iterations \(iterations)") }
      let zopfli = try zopfli(data, iterations: iterations)
      let level12 = try compress(data, with: .best, pool: pool)
      return level12.count < zopfli.count ? level12 : zopfli
    }
  }

  /// `data` as a zlib stream made by Zopfli (which allocates the output with malloc).
  private static func zopfli(_ data: [UInt8], iterations: Int) throws -> [UInt8] {
    var options = ZopfliOptions()
    ZopfliInitOptions(&options)
    options.numiterations = Int32(clamping: iterations)
    var out: UnsafeMutablePointer<UInt8>?
    var size = 0
    data.withUnsafeBufferPointer { src in
      ZopfliCompress(&options, ZOPFLI_FORMAT_ZLIB, src.baseAddress, src.count, &out, &size)
    }
    defer { free(out) }
    guard let out, size > 0 else { throw APNGError.compressionFailed("zopfli produced no stream") }
    return Array(UnsafeBufferPointer(start: out, count: size))
  }

  /// `data` as a zlib stream made by `compressor`.
  private static func compress(_ data: [UInt8], _ compressor: OpaquePointer) throws -> [UInt8] {
    let bound = libdeflate_zlib_compress_bound(compressor, data.count)
    var out = [UInt8](repeating: 0, count: bound)
    let written = data.withUnsafeBytes { src in
      out.withUnsafeMutableBytes { dst in
        libdeflate_zlib_compress(compressor, src.baseAddress, src.count, dst.baseAddress, dst.count)
      }
    }
    guard written > 0 else { throw APNGError.compressionFailed("libdeflate output exceeds its bound") }
    out.removeSubrange(written...)
    return out
  }

  /// Inflates a zlib stream that must hold exactly `size` bytes.
  /// - Returns: the bytes, or a reason (lower-case) why the stream is not that.
  static func inflate(_ data: [UInt8], size: Int) -> Result<[UInt8], InflateFailure> {
    var out = [UInt8](repeating: 0, count: size)
    var stream = z_stream()
    guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
      return .failure(InflateFailure(reason: "zlib cannot start"))
    }
    defer { inflateEnd(&stream) }
    var spare: UInt8 = 0
    let status: Int32 = data.withUnsafeBufferPointer { src in
      out.withUnsafeMutableBufferPointer { dst in
        stream.next_in = UnsafeMutablePointer(mutating: src.baseAddress)
        stream.avail_in = uInt(src.count)
        stream.next_out = dst.baseAddress
        stream.avail_out = uInt(dst.count)
        var s = CZlib.inflate(&stream, Z_FINISH)
        if s == Z_BUF_ERROR && stream.avail_out == 0 && stream.avail_in > 0 {
          // Output full but the stream goes on: find out whether it really has more bytes.
          withUnsafeMutablePointer(to: &spare) { p in
            stream.next_out = p
            stream.avail_out = 1
            s = CZlib.inflate(&stream, Z_FINISH)
            if stream.avail_out == 0 { s = Z_DATA_ERROR + 1000 }
          }
        }
        return s
      }
    }
    switch status {
    case Z_STREAM_END:
      return stream.total_out == uLong(size) ? .success(out)
        : .failure(InflateFailure(reason: "\(stream.total_out) bytes inflated, \(size) expected"))
    case Z_DATA_ERROR + 1000:
      return .failure(InflateFailure(reason: "more than the \(size) bytes expected"))
    case Z_BUF_ERROR:
      return .failure(InflateFailure(reason: "the zlib stream ends early"))
    default:
      let message = stream.msg.map { String(cString: $0).lowercased() } ?? "status \(status)"
      return .failure(InflateFailure(reason: "zlib: \(message)"))
    }
  }

  /// Why inflating failed.
  struct InflateFailure: Error {
    var reason: String
  }
}
