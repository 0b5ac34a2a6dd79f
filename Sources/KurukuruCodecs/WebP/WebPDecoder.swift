import CWebP
import Foundation
import KurukuruCore

// MARK: - DecodedWebP

/// A decoded WebP: every frame composited on the canvas, straight RGBA.
public struct DecodedWebP: Equatable, Sendable {
  /// Canvas width in pixels.
  public var width: Int
  /// Canvas height in pixels.
  public var height: Int
  /// Whether the file is an animation (a VP8X file with the animation flag); false for a still.
  public var isAnimated: Bool
  /// The ANIM chunk's loop count: 0 = forever (also for a still image), N = N plays.
  public var loopCount: Int
  /// One canvas per stored frame, straight RGBA8, transparent (0, 0, 0, 0) where nothing is drawn.
  public var frames: [Frame]
  /// One duration per frame, in milliseconds (0 for a still image).
  public var durations: [Int]

  /// The start of every frame in milliseconds from the start of the loop.
  public var starts: [Int] {
    var t = 0
    return durations.map { d in defer { t += d }; return t }
  }

  /// The index of the frame showing at `milliseconds` from the start of the loop (the last frame
  /// after the end).
  public func frameIndex(at milliseconds: Int) -> Int {
    var t = 0
    for (k, d) in durations.enumerated() {
      t += d
      if milliseconds < t { return k }
    }
    return max(0, durations.count - 1)
  }
}

// MARK: - WebPInfo

/// What a WebP holds, read from its container without decoding image data.
public struct WebPInfo: Equatable, Sendable {
  /// Canvas width in pixels.
  public var width: Int
  /// Canvas height in pixels.
  public var height: Int
  /// Whether the file is an animation.
  public var isAnimated: Bool
  /// Number of frames (1 for a still image).
  public var frames: Int
  /// One duration per frame, in milliseconds (0 for a still image).
  public var durations: [Int]
  /// The ANIM chunk's loop count: 0 = forever (0 for a still image).
  public var loopCount: Int
  /// `lossless` when every frame is VP8L, `lossy` when none is, else `mixed`.
  public var compression: String
}

// MARK: - WebPDecoder

/// Decodes WebP files (still or animated) with libwebp's demuxer and `WebPAnimDecoder`, which
/// composites frames (blending, disposal) as browsers do, into straight RGBA (`MODE_RGBA`; not
/// the premultiplied `MODE_rgbA`).
///
/// The container is parsed and checked against `DecodeLimits` (8192 pixels a side, 100,000
/// frames, 1 GiB of composited frames) before any canvas is allocated.
public enum WebPDecoder {
  /// Whether `bytes` start with the WebP signature `RIFF····WEBP`.
  public static func isWebP(_ bytes: some Collection<UInt8>) -> Bool {
    let head = Array(bytes.prefix(12))
    return head.count == 12 && head[0..<4].elementsEqual("RIFF".utf8) && head[8..<12].elementsEqual("WEBP".utf8)
  }

  /// Reads the canvas, frame count, durations, loop count and compression without decoding.
  /// - Throws: `WebPError` for malformed or oversized input.
  public static func info(_ bytes: [UInt8]) throws -> WebPInfo {
    let demuxer = try Demuxer(bytes)
    return demuxer.info
  }

  /// Decodes every frame.
  /// - Parameter bytes: A WebP file.
  /// - Returns: The composited frames, their durations and the loop count.
  /// - Throws: `WebPError` for malformed or oversized input.
  public static func decode(_ bytes: [UInt8]) throws -> DecodedWebP {
    let info = try Demuxer(bytes).info
    let frameBytes = info.width * info.height * 4
    guard info.frames <= DecodeLimits.maxDecodedBytes / frameBytes else {
      throw WebPError.tooMuchMemory(frames: info.frames, width: info.width, height: info.height,
                                    limitBytes: DecodeLimits.maxDecodedBytes)
    }
    let decoder = try AnimDecoder(bytes)
    var frames: [Frame] = []
    var durations: [Int] = []
    frames.reserveCapacity(info.frames)
    var previousEnd = 0
    while let (pixels, end) = try decoder.next() {
      frames.append(Frame(width: info.width, height: info.height, pixels: Array(pixels)))
      durations.append(info.isAnimated ? end - previousEnd : 0)
      previousEnd = end
    }
    guard !frames.isEmpty else { throw WebPError.noImages }
    return DecodedWebP(width: info.width, height: info.height, isAnimated: info.isAnimated,
                       loopCount: info.loopCount, frames: frames, durations: durations)
  }

  /// The PSNR of an animation against a reference of the same canvas and loop, frame by frame
  /// over time (each frame of either file compared with what the other shows at its start),
  /// over RGB composited on white and on black, the worse of the two.
  /// - Returns: dB; `.infinity` when the pixels are equal.
  /// - Throws: `WebPError` when either file cannot be decoded or their canvases differ.
  static func psnr(_ bytes: [UInt8], against reference: [UInt8]) throws -> Double {
    let a = try AnimDecoder(bytes), b = try AnimDecoder(reference)
    guard a.width == b.width, a.height == b.height else {
      throw WebPError.malformed(place: "comparison: canvases differ")
    }
    var frameA = try a.next(), frameB = try b.next()
    var squared = (white: 0.0, black: 0.0)
    var samples = 0
    while let (pa, endA) = frameA, let (pb, endB) = frameB {
      for i in stride(from: 0, to: pa.count, by: 4) {
        let aa = Double(pa[i + 3]), ab = Double(pb[i + 3])
        for c in 0..<3 {
          let black = (Double(pa[i + c]) * aa - Double(pb[i + c]) * ab) / 255
          let white = black + (ab - aa)
          squared.black += black * black
          squared.white += white * white
        }
      }
      samples += pa.count / 4 * 3
      // Step whichever frame ends first (both when they end together).
      if endA <= endB { frameA = try a.next() }
      if endB <= endA { frameB = try b.next() }
    }
    let mse = max(squared.white, squared.black) / Double(max(1, samples))
    return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
  }
}

// MARK: - WebPBuffer

/// A copy of a file's bytes that libwebp may point into for the lifetime of its owner.
final class WebPBuffer {
  let storage: UnsafeMutableBufferPointer<UInt8>

  init(_ bytes: [UInt8]) {
    storage = .allocate(capacity: max(1, bytes.count))
    _ = storage.initialize(from: bytes)
    count = bytes.count
  }

  let count: Int

  deinit { storage.deallocate() }

  /// libwebp's view of the bytes.
  var data: WebPData { WebPData(bytes: UnsafePointer(storage.baseAddress), size: count) }
}

// MARK: - Demuxer

/// Owns a `WebPDemuxer` over a checked file; frees it in `deinit`.
final class Demuxer {
  private let buffer: WebPBuffer
  private let handle: OpaquePointer
  /// The container's description, checked against `DecodeLimits`.
  let info: WebPInfo

  /// Parses the container and checks the canvas and frame count.
  /// - Throws: `WebPError.notWebP`, `.truncated`, `.malformed`, `.zeroSize`, `.tooLarge`,
  ///   `.tooManyFrames`, `.noImages`.
  init(_ bytes: [UInt8]) throws {
    guard WebPDecoder.isWebP(bytes) else { throw WebPError.notWebP }
    buffer = WebPBuffer(bytes)
    var data = buffer.data
    var state = WEBP_DEMUX_PARSE_ERROR
    let demux = WebPDemuxPartial(&data, &state)
    guard let demux else {
      throw state == WEBP_DEMUX_PARSE_ERROR ? WebPError.malformed(place: "container (chunk sizes, order or header)")
        : WebPError.truncated
    }
    // Freed here when a check below throws: a class whose init throws before every stored
    // property is set never runs `deinit` (found by scripts/fuzz with LeakSanitizer). Handed to
    // `handle` only once the container is checked.
    var unowned: OpaquePointer? = demux
    defer { if let unowned { WebPDemuxDelete(unowned) } }
    guard state == WEBP_DEMUX_DONE else { throw WebPError.truncated }
    let width = Int(WebPDemuxGetI(demux, WEBP_FF_CANVAS_WIDTH))
    let height = Int(WebPDemuxGetI(demux, WEBP_FF_CANVAS_HEIGHT))
    let flags = WebPDemuxGetI(demux, WEBP_FF_FORMAT_FLAGS)
    let count = Int(WebPDemuxGetI(demux, WEBP_FF_FRAME_COUNT))
    let loop = Int(WebPDemuxGetI(demux, WEBP_FF_LOOP_COUNT))
    guard width > 0, height > 0 else { throw WebPError.zeroSize(width: width, height: height) }
    guard width <= DecodeLimits.maxSide, height <= DecodeLimits.maxSide else {
      throw WebPError.tooLarge(width: width, height: height)
    }
    guard count <= DecodeLimits.maxFrames else { throw WebPError.tooManyFrames(count: count, limit: DecodeLimits.maxFrames) }
    guard count > 0 else { throw WebPError.noImages }
    let animated = flags & UInt32(ANIMATION_FLAG.rawValue) != 0
    var durations: [Int] = []
    var lossless = 0
    var iterator = WebPIterator()
    if WebPDemuxGetFrame(demux, 1, &iterator) != 0 {
      repeat {
        durations.append(animated ? Int(iterator.duration) : 0)
        if let payload = iterator.fragment.bytes, iterator.fragment.size >= 4,
           Array(UnsafeBufferPointer(start: payload, count: 4)).elementsEqual("VP8L".utf8) {
          lossless += 1
        }
      } while WebPDemuxNextFrame(&iterator) != 0
      WebPDemuxReleaseIterator(&iterator)
    }
    guard durations.count == count else { throw WebPError.malformed(place: "frame list") }
    info = WebPInfo(width: width, height: height, isAnimated: animated, frames: count, durations: durations,
                    loopCount: animated ? loop : 0,
                    compression: lossless == count ? "lossless" : lossless == 0 ? "lossy" : "mixed")
    handle = demux
    unowned = nil
  }

  deinit { WebPDemuxDelete(handle) }
}

// MARK: - AnimDecoder

/// Owns a `WebPAnimDecoder` (straight RGBA output, no threads) over a file whose container
/// passed `Demuxer`'s checks; frees it in `deinit`.
final class AnimDecoder {
  private let buffer: WebPBuffer
  private let handle: OpaquePointer
  /// Canvas width in pixels.
  let width: Int
  /// Canvas height in pixels.
  let height: Int
  private var index = 0

  /// Checks the container (`Demuxer`), then opens the decoder.
  /// - Throws: `WebPError`.
  init(_ bytes: [UInt8]) throws {
    let info = try Demuxer(bytes).info
    buffer = WebPBuffer(bytes)
    var options = WebPAnimDecoderOptions()
    guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw WebPError.malformed(place: "decoder options") }
    options.color_mode = MODE_RGBA
    options.use_threads = 0
    var data = buffer.data
    guard let handle = WebPAnimDecoderNew(&data, &options) else {
      throw WebPError.malformed(place: "animation (the decoder rejected it)")
    }
    self.handle = handle
    width = info.width
    height = info.height
  }

  deinit { WebPAnimDecoderDelete(handle) }

  /// The next composited canvas (valid until the next call) and the time it ends, in
  /// milliseconds from the start; nil after the last frame.
  /// - Throws: `WebPError.corruptFrame`.
  func next() throws -> (UnsafeBufferPointer<UInt8>, Int)? {
    guard WebPAnimDecoderHasMoreFrames(handle) != 0 else { return nil }
    var pixels: UnsafeMutablePointer<UInt8>?
    var timestamp: Int32 = 0
    guard WebPAnimDecoderGetNext(handle, &pixels, &timestamp) != 0, let pixels else {
      throw WebPError.corruptFrame(frame: index)
    }
    index += 1
    return (UnsafeBufferPointer(start: pixels, count: width * height * 4), Int(timestamp))
  }
}
