import CGIF
import KurukuruCore

// MARK: - DecodedGIF

/// A decoded animation: fully composited canvases.
public struct DecodedGIF: Equatable, Sendable {
  /// Logical screen width in pixels.
  public var width: Int
  /// Logical screen height in pixels.
  public var height: Int
  /// The NETSCAPE2.0 loop count field: `nil` = no loop block (plays once), 0 = forever.
  public var loopCount: Int?
  /// One canvas per image, straight RGBA8, transparent (0, 0, 0, 0) where nothing is drawn.
  public var frames: [Frame]
  /// One delay per frame, in centiseconds, as stored (0 and 1 are not adjusted).
  public var delays: [Int]
}

// MARK: - GIFInfo

/// What a GIF holds, read without decoding its image data.
public struct GIFInfo: Equatable, Sendable {
  /// Logical screen width in pixels.
  public var width: Int
  /// Logical screen height in pixels.
  public var height: Int
  /// Number of images.
  public var frames: Int
  /// One delay per frame, in centiseconds.
  public var delays: [Int]
  /// The NETSCAPE2.0 loop count field: `nil` = no loop block (plays once), 0 = forever.
  public var loopCount: Int?
}

// MARK: - GIFDecoder

/// Decodes GIF files with giflib's streaming reader, compositing like browsers do.
///
/// Disposal: 0 and 1 leave the frame in place, 2 clears its rectangle to transparent (as
/// browsers do, ignoring the background colour), 3 restores the canvas from before the frame.
/// Frames are clipped to the logical screen; out-of-range colour indices draw nothing.
/// Limits (`DecodeLimits`): 8192 pixels a side, 100,000 frames, 1 GiB of composited frames.
public enum GIFDecoder {
  /// Decodes every frame.
  /// - Parameter bytes: A GIF file.
  /// - Returns: The composited frames, delays and loop count.
  /// - Throws: `GIFError` for malformed or oversized input.
  public static func decode(_ bytes: [UInt8]) throws -> DecodedGIF {
    // A cheap first walk (no LZW decoding) bounds the memory before any canvas is allocated.
    let summary = try info(bytes)
    let frameBytes = summary.width * summary.height * 4
    guard summary.frames <= DecodeLimits.maxDecodedBytes / frameBytes else {
      throw GIFError.tooMuchMemory(frames: summary.frames, width: summary.width, height: summary.height,
                                   limitBytes: DecodeLimits.maxDecodedBytes)
    }
    let reader = try GIFReader(bytes)
    let width = reader.width, height = reader.height
    var canvas = [UInt8](repeating: 0, count: width * height * 4)
    var frames: [Frame] = []
    frames.reserveCapacity(summary.frames)
    var delays: [Int] = []
    var previous: (disposal: Int, rect: PixelRect, saved: [UInt8]?)?
    try reader.read { _, image in
      if let previous {
        switch previous.disposal {
        case 2: clear(&canvas, previous.rect, width: width)
        case 3: if let saved = previous.saved { canvas = saved }
        default: break
        }
      }
      let rect = clip(image.rect, width: width, height: height)
      let saved = image.disposal == 3 ? canvas : nil
      let pixels = try image.pixels()
      let colors = image.colors
      let transparent = image.transparentIndex
      canvas.withUnsafeMutableBufferPointer { out in
        for y in rect.y..<(rect.y + rect.height) {
          let sourceRow = (y - image.rect.y) * image.rect.width - image.rect.x
          for x in rect.x..<(rect.x + rect.width) {
            let v = Int(pixels[sourceRow + x])
            guard v != transparent, v < colors.count else { continue }
            let o = (y * width + x) * 4
            out[o] = colors[v].0; out[o + 1] = colors[v].1; out[o + 2] = colors[v].2; out[o + 3] = 255
          }
        }
      }
      frames.append(Frame(width: width, height: height, pixels: canvas))
      delays.append(image.delay)
      previous = (image.disposal, rect, saved)
    }
    guard !frames.isEmpty else { throw GIFError.noImages }
    return DecodedGIF(width: width, height: height, loopCount: reader.loopCount, frames: frames, delays: delays)
  }

  /// Reads sizes, delays and the loop count without decoding image data.
  /// - Parameter bytes: A GIF file.
  /// - Returns: The canvas size, frame count, delays (centiseconds) and loop count.
  /// - Throws: `GIFError` for malformed or oversized input.
  public static func info(_ bytes: [UInt8]) throws -> GIFInfo {
    let reader = try GIFReader(bytes)
    var delays: [Int] = []
    try reader.read { _, image in delays.append(image.delay) }
    guard !delays.isEmpty else { throw GIFError.noImages }
    return GIFInfo(width: reader.width, height: reader.height, frames: delays.count, delays: delays,
                   loopCount: reader.loopCount)
  }

  // MARK: - Helpers

  private static func clip(_ rect: PixelRect, width: Int, height: Int) -> PixelRect {
    let x0 = max(0, rect.x), y0 = max(0, rect.y)
    let x1 = min(width, rect.x + rect.width), y1 = min(height, rect.y + rect.height)
    return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
  }

  private static func clear(_ canvas: inout [UInt8], _ rect: PixelRect, width: Int) {
    for y in rect.y..<(rect.y + rect.height) {
      let start = (y * width + rect.x) * 4
      for i in start..<(start + rect.width * 4) { canvas[i] = 0 }
    }
  }
}

// MARK: - GIFReader

/// Owns a giflib decoder handle reading from a byte buffer; frees it on every path.
final class GIFReader {
  /// The byte source reached from giflib's input callback through `UserData`.
  private final class Source {
    let bytes: [UInt8]
    var offset = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }
  }

  /// One image as met in the stream, with lazy access to its pixels.
  struct Image {
    /// The frame rectangle as stored (not clipped), in pixels.
    var rect: PixelRect
    var disposal: Int
    var delay: Int
    var transparentIndex: Int
    var colors: [(UInt8, UInt8, UInt8)]
    /// Decodes the image's indices, `rect.width * rect.height`, row by row (de-interlaced).
    var pixels: () throws -> [UInt8]
  }

  private let source: Source
  private var handle: UnsafeMutablePointer<GifFileType>?
  /// Logical screen width in pixels.
  let width: Int
  /// Logical screen height in pixels.
  let height: Int
  /// The NETSCAPE2.0 loop count, once `read` has met it.
  private(set) var loopCount: Int?

  /// Opens `bytes` and reads the logical screen descriptor.
  /// - Throws: `GIFError.notGIF`, `.truncated`, `.zeroSize`, `.tooLarge`.
  init(_ bytes: [UInt8]) throws {
    guard bytes.count >= 6, bytes[0] == 0x47, bytes[1] == 0x49, bytes[2] == 0x46 else { throw GIFError.notGIF }
    source = Source(bytes)
    var error: Int32 = 0
    let context = Unmanaged.passUnretained(source).toOpaque()
    let gif = DGifOpen(context, { gif, buffer, length in
      guard let gif, let user = gif.pointee.UserData, let buffer, length > 0 else { return 0 }
      let source = Unmanaged<Source>.fromOpaque(user).takeUnretainedValue()
      let count = min(Int(length), source.bytes.count - source.offset)
      guard count > 0 else { return 0 }
      source.bytes.withUnsafeBufferPointer { all in
        guard let base = all.baseAddress else { return }
        buffer.update(from: base + source.offset, count: count)
      }
      source.offset += count
      return Int32(count)
    }, &error)
    guard let gif else {
      switch Int(error) {
      case Int(D_GIF_ERR_NOT_GIF_FILE): throw GIFError.notGIF
      case Int(D_GIF_ERR_READ_FAILED), Int(D_GIF_ERR_EOF_TOO_SOON), Int(D_GIF_ERR_NO_SCRN_DSCR):
        throw GIFError.truncated(place: "the logical screen descriptor")
      default: throw GIFError.giflib(operation: "open for reading", code: Int(error))
      }
    }
    handle = gif
    width = Int(gif.pointee.SWidth)
    height = Int(gif.pointee.SHeight)
    guard width > 0, height > 0 else { throw GIFError.zeroSize(width: width, height: height) }
    guard width <= DecodeLimits.maxSide, height <= DecodeLimits.maxSide else {
      throw GIFError.tooLarge(place: "logical screen", width: width, height: height)
    }
  }

  /// Images giflib holds copies of (its `SavedImages`); `read` keeps it at 0 (tests check it).
  var savedImageCount: Int { Int(handle?.pointee.ImageCount ?? 0) }

  deinit {
    if let handle {
      var error: Int32 = 0
      DGifCloseFile(handle, &error)
    }
  }

  // MARK: - Reading

  /// Walks the records to the trailer, calling `body` for each image. The image's `pixels` must
  /// be called (if at all) before `body` returns; if not, the data is skipped undecoded.
  func read(_ body: (Int, Image) throws -> Void) throws {
    guard let gif = handle else { return }
    var control = GraphicsControlBlock(DisposalMode: 0, UserInputFlag: false, DelayTime: 0, TransparentColor: -1)
    var imageIndex = 0
    while true {
      var record = UNDEFINED_RECORD_TYPE
      guard DGifGetRecordType(gif, &record) == GIF_OK else {
        let place = imageIndex == 0 ? "the blocks before the first frame" : "the blocks after frame \(imageIndex - 1)"
        throw failure(gif, place: place, frame: imageIndex)
      }
      switch record {
      case EXTENSION_RECORD_TYPE:
        try readExtension(gif, control: &control, frame: imageIndex)
      case IMAGE_DESC_RECORD_TYPE:
        guard imageIndex < DecodeLimits.maxFrames else { throw GIFError.tooManyFrames(limit: DecodeLimits.maxFrames) }
        guard DGifGetImageDesc(gif) == GIF_OK else {
          throw failure(gif, place: "the image descriptor of frame \(imageIndex)", frame: imageIndex)
        }
        let desc = gif.pointee.Image
        // giflib's DGifGetImageDesc also appends a copy of every descriptor (and of its local
        // colour table) to SavedImages with a one-element realloc, which is quadratic in the
        // number of frames and holds every table until close (a GIF of many tiny frames hung
        // under the sanitizers). The streaming reader never uses SavedImages; keep it empty.
        // (ImageCount must go back to 0 with it: giflib indexes the new array by ImageCount.)
        GifFreeSavedImages(gif)
        gif.pointee.ImageCount = 0
        let rect = PixelRect(x: Int(desc.Left), y: Int(desc.Top), width: Int(desc.Width), height: Int(desc.Height))
        guard rect.width > 0, rect.height > 0 else { throw GIFError.emptyFrame(frame: imageIndex) }
        guard rect.width <= DecodeLimits.maxSide, rect.height <= DecodeLimits.maxSide else {
          throw GIFError.tooLarge(place: "frame \(imageIndex)", width: rect.width, height: rect.height)
        }
        guard let map = desc.ColorMap ?? gif.pointee.SColorMap, let entries = map.pointee.Colors else {
          throw GIFError.missingColorTable(frame: imageIndex)
        }
        let colors = (0..<Int(map.pointee.ColorCount)).map { (entries[$0].Red, entries[$0].Green, entries[$0].Blue) }
        var decoded = false
        let index = imageIndex
        let interlaced = desc.Interlace
        let image = Image(
          rect: rect, disposal: Int(control.DisposalMode), delay: Int(control.DelayTime),
          transparentIndex: Int(control.TransparentColor), colors: colors,
          pixels: { [unowned self] in
            decoded = true
            return try self.readPixels(gif, rect: rect, interlaced: interlaced, frame: index)
          })
        try body(imageIndex, image)
        if !decoded { try skipPixels(gif, frame: imageIndex) }
        control = GraphicsControlBlock(DisposalMode: 0, UserInputFlag: false, DelayTime: 0, TransparentColor: -1)
        imageIndex += 1
      case TERMINATE_RECORD_TYPE:
        return
      default:
        throw GIFError.giflib(operation: "record type", code: Int(D_GIF_ERR_WRONG_RECORD))
      }
    }
  }

  private func readExtension(_ gif: UnsafeMutablePointer<GifFileType>, control: inout GraphicsControlBlock,
                             frame: Int) throws {
    var code: Int32 = 0
    var block: UnsafeMutablePointer<GifByteType>?
    guard DGifGetExtension(gif, &code, &block) == GIF_OK else {
      throw failure(gif, place: "an extension before frame \(frame)", frame: frame)
    }
    var isLoopBlock = false
    if let first = block {
      let length = Int(first[0])
      if code == GRAPHICS_EXT_FUNC_CODE {
        if DGifExtensionToGCB(length, first + 1, &control) != GIF_OK {
          control = GraphicsControlBlock(DisposalMode: 0, UserInputFlag: false, DelayTime: 0, TransparentColor: -1)
        }
      } else if code == APPLICATION_EXT_FUNC_CODE, length == 11 {
        let identifier = String(decoding: UnsafeBufferPointer(start: first + 1, count: 11), as: UTF8.self)
        isLoopBlock = identifier == "NETSCAPE2.0" || identifier == "ANIMEXTS1.0"
      }
    }
    while block != nil {
      guard DGifGetExtensionNext(gif, &block) == GIF_OK else {
        throw failure(gif, place: "an extension before frame \(frame)", frame: frame)
      }
      if isLoopBlock, let sub = block, sub[0] >= 3, sub[1] == 1 {
        loopCount = Int(sub[2]) | Int(sub[3]) << 8
      }
    }
  }

  private func readPixels(_ gif: UnsafeMutablePointer<GifFileType>, rect: PixelRect, interlaced: Bool,
                          frame: Int) throws -> [UInt8] {
    var pixels = [UInt8](repeating: 0, count: rect.width * rect.height)
    var rows: [Int] = []
    if interlaced {
      for (start, step) in [(0, 8), (4, 8), (2, 4), (1, 2)] { rows += Array(stride(from: start, to: rect.height, by: step)) }
    } else {
      rows = Array(0..<rect.height)
    }
    var line = [GifPixelType](repeating: 0, count: rect.width)
    for row in rows {
      guard DGifGetLine(gif, &line, Int32(rect.width)) == GIF_OK else {
        throw failure(gif, place: "the image data of frame \(frame)", frame: frame)
      }
      let start = row * rect.width
      for x in 0..<rect.width { pixels[start + x] = line[x] }
    }
    return pixels
  }

  private func skipPixels(_ gif: UnsafeMutablePointer<GifFileType>, frame: Int) throws {
    var codeSize: Int32 = 0
    var block: UnsafeMutablePointer<GifByteType>?
    guard DGifGetCode(gif, &codeSize, &block) == GIF_OK else {
      throw failure(gif, place: "the image data of frame \(frame)", frame: frame)
    }
    while block != nil {
      guard DGifGetCodeNext(gif, &block) == GIF_OK else {
        throw failure(gif, place: "the image data of frame \(frame)", frame: frame)
      }
    }
  }

  /// Turns giflib's last error into a `GIFError`.
  private func failure(_ gif: UnsafeMutablePointer<GifFileType>, place: String, frame: Int) -> GIFError {
    let code = Int(gif.pointee.Error)
    switch code {
    case Int(D_GIF_ERR_READ_FAILED), Int(D_GIF_ERR_EOF_TOO_SOON): return .truncated(place: place)
    case Int(D_GIF_ERR_IMAGE_DEFECT), Int(D_GIF_ERR_DATA_TOO_BIG): return .corruptImageData(frame: frame)
    default: return .giflib(operation: "reading \(place)", code: code)
    }
  }
}
