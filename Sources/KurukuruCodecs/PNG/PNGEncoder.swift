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
  /// On loader frames (large transparent areas, anti-aliased shapes) `.none` is the fastest of
  /// all filters and also the smallest on transparent frames, because runs of identical pixels
  /// stay identical bytes; only on opaque frames with soft glows do `.up` or `.adaptive` win,
  /// and callers can pass them.
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
