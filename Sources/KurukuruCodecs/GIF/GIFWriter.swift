import CGIF
import KurukuruCore

// MARK: - GIFWriter

/// Owns a giflib encoder handle that writes into memory; frees it on every path.
///
/// Order of calls: `putScreen`, optionally `putLoop`, then `putFrame` per frame, then `finish`.
final class GIFWriter {
  /// Collects the bytes giflib writes; reached from the C callback through `UserData`.
  private final class Sink {
    var bytes: [UInt8] = []
  }

  private let sink = Sink()
  private var handle: UnsafeMutablePointer<GifFileType>?

  /// Opens a GIF89a encoder writing to memory.
  /// - Throws: `GIFError.giflib` when giflib cannot allocate its state.
  init() throws {
    var error: Int32 = 0
    let context = Unmanaged.passUnretained(sink).toOpaque()
    guard let gif = EGifOpen(context, { gif, data, length in
      guard let gif, let user = gif.pointee.UserData, let data, length > 0 else { return 0 }
      let sink = Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue()
      sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
      return length
    }, &error) else {
      throw GIFError.giflib(operation: "open for writing", code: Int(error))
    }
    handle = gif
    EGifSetGifVersion(gif, true)
  }

  deinit {
    if let handle {
      var error: Int32 = 0
      EGifCloseFile(handle, &error)
    }
  }

  // MARK: - Writing

  /// Writes the header, the logical screen descriptor and the global colour table.
  /// - Parameters:
  ///   - width: Canvas width in pixels.
  ///   - height: Canvas height in pixels.
  ///   - table: The colour table; its count must be a power of two in 2...256.
  ///   - background: The background colour index.
  func putScreen(width: Int, height: Int, table: [(UInt8, UInt8, UInt8)], background: Int) throws {
    let gif = try open()
    let colors = table.map { GifColorType(Red: $0.0, Green: $0.1, Blue: $0.2) }
    guard let map = GifMakeMapObject(Int32(colors.count), colors) else {
      throw GIFError.giflib(operation: "colour table allocation", code: Int(E_GIF_ERR_NOT_ENOUGH_MEM))
    }
    defer { GifFreeMapObject(map) }
    let bits = map.pointee.BitsPerPixel
    try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), bits, Int32(background), map),
              "screen descriptor")
  }

  /// Writes the NETSCAPE2.0 application extension.
  /// - Parameter count: The loop count field (0 = forever; N = repeat N times after the first play).
  func putLoop(count: Int) throws {
    let gif = try open()
    try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE), "loop extension")
    var identifier = Array("NETSCAPE2.0".utf8)
    try check(EGifPutExtensionBlock(gif, Int32(identifier.count), &identifier), "loop extension")
    var field: [UInt8] = [1, UInt8(count & 0xFF), UInt8((count >> 8) & 0xFF)]
    try check(EGifPutExtensionBlock(gif, Int32(field.count), &field), "loop extension")
    try check(EGifPutExtensionTrailer(gif), "loop extension")
  }

  /// Writes a graphics control extension and one image (no local colour table, not interlaced).
  /// - Parameters:
  ///   - disposal: The disposal method (1 = keep, 2 = restore to background).
  ///   - delay: The delay in centiseconds.
  ///   - transparentIndex: The transparent colour index.
  ///   - rect: The frame rectangle on the canvas, in pixels.
  ///   - pixels: `rect.width * rect.height` palette indices, row by row.
  func putFrame(disposal: Int, delay: Int, transparentIndex: Int, rect: PixelRect, pixels: [UInt8]) throws {
    let gif = try open()
    var control = GraphicsControlBlock(
      DisposalMode: Int32(disposal), UserInputFlag: false, DelayTime: Int32(delay),
      TransparentColor: Int32(transparentIndex))
    var extensionBytes = [GifByteType](repeating: 0, count: 4)
    let length = EGifGCBToExtension(&control, &extensionBytes)
    try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), extensionBytes), "graphics control")
    try check(EGifPutImageDesc(gif, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height),
                               false, nil), "image descriptor")
    var line = [GifPixelType](repeating: 0, count: rect.width)
    for row in 0..<rect.height {
      let start = row * rect.width
      for x in 0..<rect.width { line[x] = pixels[start + x] }
      try check(EGifPutLine(gif, &line, Int32(rect.width)), "image data")
    }
  }

  /// The bytes one frame takes in a file (graphics control extension, image descriptor and LZW
  /// data), encoded on its own: the same bytes `putFrame` writes (giflib starts every image's
  /// compression afresh) in a file whose colour table gives `minCodeSize`, made without giflib
  /// (`LZW.compress`, so that the frame chooser's compressed data is written as is). Safe to
  /// call from several threads at once.
  /// - Parameters:
  ///   - disposal: The disposal method (1 = keep, 2 = restore to background).
  ///   - delay: The delay in centiseconds.
  ///   - transparentIndex: The transparent colour index.
  ///   - rect: The frame rectangle on the canvas, in pixels.
  ///   - pixels: `rect.width * rect.height` palette indices, row by row.
  ///   - minCodeSize: The LZW minimum code size: max(2, log2 of the colour table size).
  /// - Returns: The frame's bytes, without header, screen descriptor or trailer.
  static func frameBytes(disposal: Int, delay: Int, transparentIndex: Int, rect: PixelRect, pixels: [UInt8],
                         minCodeSize: Int) -> [UInt8] {
    frameBytes(disposal: disposal, delay: delay, transparentIndex: transparentIndex, rect: rect,
               data: LZW.compress(pixels, minCodeSize: minCodeSize))
  }

  /// `frameBytes(disposal:delay:transparentIndex:rect:pixels:minCodeSize:)` with the image data
  /// already compressed (`LZW.compress`).
  static func frameBytes(disposal: Int, delay: Int, transparentIndex: Int, rect: PixelRect, data: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(data.count + 18)
    // Graphics control extension: disposal, transparency flag, delay, transparent index.
    out += [0x21, 0xF9, 4, UInt8((disposal & 7) << 2 | 1), UInt8(delay & 0xFF), UInt8((delay >> 8) & 0xFF),
            UInt8(truncatingIfNeeded: transparentIndex), 0]
    // Image descriptor: no local colour table, not interlaced.
    out.append(0x2C)
    for v in [rect.x, rect.y, rect.width, rect.height] { out += [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }
    out.append(0)
    out += data
    return out
  }

  /// The byte that ends a GIF file.
  static let trailer: UInt8 = 0x3B

  /// Writes the trailer, frees the handle and returns the file's bytes.
  func finish() throws -> [UInt8] {
    let gif = try open()
    handle = nil
    var error: Int32 = 0
    guard EGifCloseFile(gif, &error) == GIF_OK else {
      throw GIFError.giflib(operation: "close", code: Int(error))
    }
    return sink.bytes
  }

  // MARK: - Helpers

  private func open() throws -> UnsafeMutablePointer<GifFileType> {
    guard let handle else { throw GIFError.internalInconsistency("a GIF writer was used after it was closed") }
    return handle
  }

  private func check(_ status: Int32, _ operation: String) throws {
    guard status == GIF_OK else {
      throw GIFError.giflib(operation: operation, code: Int(handle?.pointee.Error ?? 0))
    }
  }
}
