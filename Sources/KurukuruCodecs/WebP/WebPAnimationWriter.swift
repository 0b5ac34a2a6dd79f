import CWebP
import Dispatch
import Foundation
import KurukuruCore

// MARK: - AnimationSink

/// Takes the frames of one animation in order and returns the `.webp` file.
protocol AnimationSink: AnyObject {
  /// Adds a frame shown from `timestamp` ms (timestamps increase).
  func add(_ frame: Frame, timestamp: Int) throws
  /// Ends the last frame at `endTimestamp` ms and returns the file.
  func assemble(endTimestamp: Int) throws -> [UInt8]
}

extension AnimEncoder: AnimationSink {}

extension AnimationSink {
  /// Adds `frames`, frame `i` lasting `durations[i]` ms from 0, and returns the file.
  func write(_ frames: [Frame], durations: [Int]) throws -> [UInt8] {
    var timestamp = 0
    for (frame, duration) in zip(frames, durations) {
      try add(frame, timestamp: timestamp)
      timestamp += duration
    }
    return try assemble(endTimestamp: timestamp)
  }
}

// MARK: - WebPAnimationWriter

/// An animated WebP writer that makes the same choices as libwebp's `WebPAnimEncoder` with
/// `minimize_size` and without mixing lossless and lossy frames, so its files are the same bytes
/// (`WebPAnimationWriterTests` and `WebPAnimationWriterPresetTests` compare them, lossless and
/// lossy, on every bundled preset and on random animations), with less work and on two threads.
///
/// Per frame after the first, libwebp's encoder tries two sub-frames, one after the other:
/// - the previous frame kept (disposal NONE): the rectangle that differs from the previous
///   canvas;
/// - the previous frame's rectangle cleared (disposal BACKGROUND): the rectangle that differs
///   from that cleared canvas.
/// Each rectangle is cropped to what differs, its offsets snapped to even numbers; where every
/// pixel of it is opaque or unchanged, it is blended (OVER) with its unchanged pixels made
/// transparent, else copied (SOURCE). The smaller file wins (NONE on a tie) and decides the
/// previous frame's disposal. A frame equal to the previous canvas is dropped and the previous
/// frame shows longer. Lossy frames take "unchanged" within the quality's tolerance
/// (`maxDiff(quality:)`): the rectangle is searched again within the lossless one, and where
/// blending, opaque 8×8 blocks close to the canvas become transparent. Here:
/// - when both candidates are the same pixels in the same rectangle (often), the file is the
///   same and NONE wins: one encoding, not two;
/// - a candidate equal to one encoded earlier in the animation (a repeated bounce or swing)
///   takes that file again;
/// - otherwise the two `WebPEncode` calls, which do not depend on each other, run at once.
///
/// Falls back (`Unsupported`) where the two would differ in ways not worth copying: a merged
/// frame longer than 2^24 − 1 ms, and an animation that ends up as one frame (libwebp then
/// rewrites it as a still image).
final class WebPAnimationWriter: AnimationSink {
  /// Thrown when this writer would not match `WebPAnimEncoder`; the caller uses that instead.
  struct Unsupported: Error {}

  /// libwebp's limit on one frame's duration, exclusive (`MAX_DURATION`), in ms.
  static let durationLimit = 1 << 24

  private let width: Int
  private let height: Int
  private let loopCount: Int
  private let config: WebPConfig
  private let parallel: Bool
  /// nil for lossless frames; for lossy ones, the largest channel difference (times alpha, over
  /// 255) libwebp takes for "unchanged" at the configured quality (its `QualityToMaxDiff`).
  private let lossyMaxDiff: Int?
  /// The canvas after the last frame, ARGB (0xAARRGGBB), row by row; transparent before frame 0.
  private var previous: [UInt32]
  private var written: [WrittenFrame] = []
  private var lastTimestamp = 0
  /// Files already made for a candidate, while their pixels fit `cacheBudget`.
  private var encoded: [CandidateKey: [(candidate: Candidate, bitstream: [UInt8])]] = [:]
  private var cachedBytes = 0
  /// How many candidates took an earlier file instead of being encoded (for tests).
  private(set) var reusedEncodings = 0
  /// The most candidate pixels kept for recognising repeats, in bytes: 16 MiB.
  static let cacheBudget = 16 << 20

  /// A sub-frame to try: its rectangle, its pixels (ARGB, row by row) and whether it blends.
  private struct Candidate: Equatable {
    var rect: PixelRect
    var pixels: [UInt32]
    var blend: Bool

    /// What repeats are looked up by; equal keys are then compared pixel by pixel.
    var key: CandidateKey { CandidateKey(rect: rect, blend: blend, digest: Self.digest(pixels)) }

    /// A fast 64-bit digest of the pixels (four multiply–xor lanes; Swift's SipHash over the
    /// array costs more than the repeats it finds save).
    static func digest(_ pixels: [UInt32]) -> UInt64 {
      pixels.withUnsafeBufferPointer { p in
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (1, 2, 3, 4)
        let m: UInt64 = 0x9E37_79B9_7F4A_7C15
        var i = 0
        while i + 4 <= p.count {
          lanes.0 = (lanes.0 ^ UInt64(p[i])) &* m
          lanes.1 = (lanes.1 ^ UInt64(p[i + 1])) &* m
          lanes.2 = (lanes.2 ^ UInt64(p[i + 2])) &* m
          lanes.3 = (lanes.3 ^ UInt64(p[i + 3])) &* m
          i += 4
        }
        while i < p.count {
          lanes.0 = (lanes.0 ^ UInt64(p[i])) &* m
          i += 1
        }
        return lanes.0 ^ (lanes.1 >> 1) ^ (lanes.2 >> 2) ^ (lanes.3 >> 3) ^ UInt64(p.count)
      }
    }
  }

  private struct CandidateKey: Hashable {
    var rect: PixelRect
    var blend: Bool
    var digest: UInt64
  }

  /// One frame of the file: a complete WebP image (RIFF) and where and how it is drawn.
  private struct WrittenFrame {
    var bitstream: [UInt8]
    var rect: PixelRect
    var blend: Bool
    var disposeToBackground = false
    var duration = 0
  }

  /// Creates a writer for a canvas in pixels, with the frame configuration `config` (lossless or
  /// lossy); `parallel` encodes the two candidates of a frame on two threads.
  init(width: Int, height: Int, loopCount: Int, config: WebPConfig, parallel: Bool) {
    self.width = width
    self.height = height
    self.loopCount = loopCount
    // The two candidates are this writer's threads; libwebp's helper thread on top of them costs
    // CPU and gains nothing (the bytes do not depend on it).
    var config = config
    config.thread_level = 0
    self.config = config
    self.parallel = parallel
    lossyMaxDiff = config.lossless != 0 ? nil : Self.maxDiff(quality: config.quality)
    previous = [UInt32](repeating: 0, count: width * height)
  }

  // MARK: - Frames

  func add(_ frame: Frame, timestamp: Int) throws {
    if !written.isEmpty { try lengthenLast(by: timestamp - lastTimestamp) }
    lastTimestamp = timestamp
    var current = [UInt32](repeating: 0, count: width * height)
    frame.pixels.withUnsafeBufferPointer { rgba in
      for i in 0..<(width * height) {
        let p = i * 4
        current[i] = UInt32(rgba[p + 3]) << 24 | UInt32(rgba[p]) << 16 | UInt32(rgba[p + 1]) << 8 | UInt32(rgba[p + 2])
      }
    }

    guard !written.isEmpty else {
      // The first frame: a key frame cropped to what differs from a transparent canvas (at least
      // 1×1), never blended.
      let rect = frameRect(subRects(from: previous, to: current, emptyAllowed: false))
      let bitstream = try encode(crop(current, rect), width: rect.width, height: rect.height, blend: false)
      written.append(WrittenFrame(bitstream: bitstream, rect: rect, blend: false))
      previous = current
      return
    }

    // Unchanged (lossy: nothing beyond the quality's tolerance): the previous frame shows longer
    // (libwebp's "skipped" frame; the previous canvas stays what it was).
    let keepRect = frameRect(subRects(from: previous, to: current, emptyAllowed: true))
    guard !keepRect.isEmpty else { return }
    // The previous frame's rectangle is what its BACKGROUND disposal would clear.
    var cleared = previous
    clear(&cleared, written[written.count - 1].rect)
    let clearRect = frameRect(subRects(from: cleared, to: current, emptyAllowed: false))

    // Each candidate's pixels: blended where that is exact (lossy: close enough), with what it
    // leaves unchanged made transparent (lossy: 8×8 blocks close enough to the canvas flattened
    // to transparent).
    let candidates = [(previous, keepRect), (cleared, clearRect)].map { canvas, rect -> Candidate in
      var pixels = crop(current, rect)
      let blend = Self.canBlend(over: canvas, pixels, rect, canvasWidth: width, maxDiff: lossyMaxDiff)
      if blend, let d = lossyMaxDiff {
        Self.flattenSimilarBlocks(pixels: &pixels, rect, over: canvas, canvasWidth: width, maxDiff: d)
      } else if blend {
        Self.makeUnchangedTransparent(pixels: &pixels, rect, over: canvas, canvasWidth: width)
      }
      return Candidate(rect: rect, pixels: pixels, blend: blend)
    }
    // Often clearing the previous rectangle changes nothing the frame draws: the same pixels
    // give the same file, and NONE wins the tie without a second encoding.
    let distinct = candidates[0] == candidates[1] ? 1 : 2
    // A looping animation often repeats a change (a bounce, a swing): a candidate seen before is
    // the same file again.
    let keys = (0..<distinct).map { candidates[$0].key }
    let known = (0..<distinct).map { k in encoded[keys[k]]?.first { $0.candidate == candidates[k] }?.bitstream }
    let missing = (0..<distinct).filter { known[$0] == nil }
    let fresh = try Parallel.map(missing.count, workers: parallel ? missing.count : 1) { m in
      let c = candidates[missing[m]]
      return try encode(c.pixels, width: c.rect.width, height: c.rect.height, blend: c.blend)
    }
    reusedEncodings += distinct - missing.count
    var bitstreams = known.map { $0 ?? [] }
    for (m, k) in missing.enumerated() {
      bitstreams[k] = fresh[m]
      remember(candidates[k], key: keys[k], fresh[m])
    }
    let pick = distinct == 2 && bitstreams[1].count < bitstreams[0].count ? 1 : 0
    written[written.count - 1].disposeToBackground = pick == 1
    written.append(WrittenFrame(bitstream: bitstreams[pick], rect: candidates[pick].rect, blend: candidates[pick].blend))
    previous = current
  }

  func assemble(endTimestamp: Int) throws -> [UInt8] {
    guard !written.isEmpty else { throw WebPError.internalInconsistency("no frame was added before the file was assembled") }
    try lengthenLast(by: endTimestamp - lastTimestamp)
    guard written.count > 1 else { throw Unsupported() }
    guard let mux = WebPMuxNew() else { throw WebPError.encoder(operation: "WebPMuxNew", reason: "out of memory") }
    defer { WebPMuxDelete(mux) }
    for frame in written {
      let status = frame.bitstream.withUnsafeBufferPointer { bytes -> WebPMuxError in
        var info = WebPMuxFrameInfo()
        info.bitstream = WebPData(bytes: bytes.baseAddress, size: bytes.count)
        info.x_offset = Int32(frame.rect.x)
        info.y_offset = Int32(frame.rect.y)
        info.duration = Int32(frame.duration)
        info.id = WEBP_CHUNK_ANMF
        info.dispose_method = frame.disposeToBackground ? WEBP_MUX_DISPOSE_BACKGROUND : WEBP_MUX_DISPOSE_NONE
        info.blend_method = frame.blend ? WEBP_MUX_BLEND : WEBP_MUX_NO_BLEND
        return WebPMuxPushFrame(mux, &info, 1)
      }
      guard status == WEBP_MUX_OK else { throw WebPError.encoder(operation: "WebPMuxPushFrame", reason: "error \(status.rawValue)") }
    }
    guard WebPMuxSetCanvasSize(mux, Int32(width), Int32(height)) == WEBP_MUX_OK else {
      throw WebPError.encoder(operation: "WebPMuxSetCanvasSize", reason: "invalid canvas")
    }
    // As AnimEncoder: a transparent background colour, the loop count asked for.
    var params = WebPMuxAnimParams(bgcolor: 0, loop_count: Int32(loopCount))
    guard WebPMuxSetAnimationParams(mux, &params) == WEBP_MUX_OK else {
      throw WebPError.encoder(operation: "WebPMuxSetAnimationParams", reason: "invalid parameters")
    }
    var data = WebPData()
    WebPDataInit(&data)
    defer { WebPDataClear(&data) }
    guard WebPMuxAssemble(mux, &data) == WEBP_MUX_OK, let bytes = data.bytes else {
      throw WebPError.encoder(operation: "WebPMuxAssemble", reason: "out of memory")
    }
    return Array(UnsafeBufferPointer(start: bytes, count: data.size))
  }

  /// Keeps `bitstream` as the file of `candidate` while the budget allows.
  private func remember(_ candidate: Candidate, key: CandidateKey, _ bitstream: [UInt8]) {
    let size = candidate.pixels.count * 4 + bitstream.count
    guard cachedBytes + size <= Self.cacheBudget else { return }
    encoded[key, default: []].append((candidate, bitstream))
    cachedBytes += size
  }

  /// Adds `milliseconds` to the last written frame's duration.
  private func lengthenLast(by milliseconds: Int) throws {
    let duration = written[written.count - 1].duration + milliseconds
    guard milliseconds >= 0, duration < Self.durationLimit else { throw Unsupported() }
    written[written.count - 1].duration = duration
  }

  // MARK: - Pixels

  /// libwebp's `QualityToMaxDiff`: 31 at quality 0 down to 1 at quality 100.
  static func maxDiff(quality: Float) -> Int {
    let v = pow(Double(quality) / 100, 0.5)
    return Int(31 * (1 - v) + 1 * v + 0.5)
  }

  /// libwebp's `PixelsAreSimilar`: the same alpha, and each colour channel off by at most
  /// `maxDiff` once weighted by `dst`'s alpha.
  @inline(__always)
  static func similar(_ src: UInt32, _ dst: UInt32, maxDiff: Int) -> Bool {
    let alpha = Int(dst >> 24)
    guard Int(src >> 24) == alpha else { return false }
    let limit = maxDiff * 255
    for shift: UInt32 in [16, 8, 0] {
      let a = Int((src >> shift) & 0xFF), b = Int((dst >> shift) & 0xFF)
      if abs(a - b) * alpha > limit { return false }
    }
    return true
  }

  /// Whether `dst` counts as `src` unchanged: equal (lossless, `maxDiff` nil) or `similar`.
  @inline(__always)
  static func same(_ src: UInt32, _ dst: UInt32, maxDiff: Int?) -> Bool {
    guard let maxDiff else { return src == dst }
    return similar(src, dst, maxDiff: maxDiff)
  }

  /// `rect` shrunk, in libwebp's order (left and right columns, then top and bottom rows), to
  /// where `b` differs from `a` (lossy: is not `similar`); empty when nowhere.
  private func minimize(_ rect: PixelRect, from a: [UInt32], to b: [UInt32], maxDiff: Int?) -> PixelRect {
    let w = width
    func same(_ i: Int) -> Bool { Self.same(a[i], b[i], maxDiff: maxDiff) }
    func columnSame(_ x: Int, _ y0: Int, _ y1: Int) -> Bool {
      var y = y0
      while y < y1 { if !same(y * w + x) { return false }; y += 1 }
      return true
    }
    func rowSame(_ y: Int, _ x0: Int, _ x1: Int) -> Bool {
      var x = x0
      while x < x1 { if !same(y * w + x) { return false }; x += 1 }
      return true
    }
    let empty = PixelRect(x: 0, y: 0, width: 0, height: 0)
    guard !rect.isEmpty else { return empty }
    var left = rect.x, right = rect.x + rect.width, top = rect.y, bottom = rect.y + rect.height
    while left < right, columnSame(left, top, bottom) { left += 1 }
    guard left < right else { return empty }
    while right > left, columnSame(right - 1, top, bottom) { right -= 1 }
    while top < bottom, rowSame(top, left, right) { top += 1 }
    guard top < bottom else { return empty }
    while bottom > top, rowSame(bottom - 1, left, right) { bottom -= 1 }
    return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
  }

  /// libwebp's `GetSubRects`: the lossless rectangle (what differs from `a`), then the lossy one
  /// searched within it (what is not similar). An empty rectangle is kept when `emptyAllowed`,
  /// else it becomes 1×1 at the origin; offsets are snapped to even numbers.
  private func subRects(from a: [UInt32], to b: [UInt32], emptyAllowed: Bool) -> (lossless: PixelRect, lossy: PixelRect) {
    let origin = PixelRect(x: 0, y: 0, width: 1, height: 1)
    var lossless = minimize(PixelRect(x: 0, y: 0, width: width, height: height), from: a, to: b, maxDiff: nil)
    if lossless.isEmpty {
      if !emptyAllowed { lossless = origin }
    }
    if !lossless.isEmpty { lossless.snapToEvenOffsets() }
    guard let d = lossyMaxDiff else { return (lossless, lossless) }
    var lossy = minimize(lossless, from: a, to: b, maxDiff: d)
    if lossy.isEmpty {
      guard !emptyAllowed else { return (lossless, lossy) }
      lossy = origin
    }
    lossy.snapToEvenOffsets()
    return (lossless, lossy)
  }

  /// The rectangle of this writer's kind of frames.
  private func frameRect(_ rects: (lossless: PixelRect, lossy: PixelRect)) -> PixelRect {
    lossyMaxDiff == nil ? rects.lossless : rects.lossy
  }

  /// `canvas` with `rect` made transparent black.
  private func clear(_ canvas: inout [UInt32], _ rect: PixelRect) {
    for y in rect.y..<(rect.y + rect.height) {
      for x in rect.x..<(rect.x + rect.width) { canvas[y * width + x] = 0 }
    }
  }

  /// The pixels of `rect` of a canvas, row by row.
  private func crop(_ canvas: [UInt32], _ rect: PixelRect) -> [UInt32] {
    var out = [UInt32]()
    out.reserveCapacity(rect.width * rect.height)
    for y in rect.y..<(rect.y + rect.height) {
      out.append(contentsOf: canvas[(y * width + rect.x)..<(y * width + rect.x + rect.width)])
    }
    return out
  }

  /// Whether drawing `pixels` over `canvas` in `rect` can blend: each pixel is opaque or the
  /// same as the one under it (libwebp's `IsLosslessBlendingPossible`, and with a lossy
  /// `maxDiff` its `IsLossyBlendingPossible`).
  private static func canBlend(over canvas: [UInt32], _ pixels: [UInt32], _ rect: PixelRect, canvasWidth: Int,
                               maxDiff: Int?) -> Bool {
    for row in 0..<rect.height {
      let base = (rect.y + row) * canvasWidth + rect.x
      for col in 0..<rect.width {
        let p = pixels[row * rect.width + col]
        if p >> 24 != 0xFF && !same(canvas[base + col], p, maxDiff: maxDiff) { return false }
      }
    }
    return true
  }

  /// Makes transparent black every pixel equal to the one under it (nothing is drawn there).
  private static func makeUnchangedTransparent(pixels: inout [UInt32], _ rect: PixelRect, over canvas: [UInt32],
                                               canvasWidth: Int) {
    for row in 0..<rect.height {
      let base = (rect.y + row) * canvasWidth + rect.x
      for col in 0..<rect.width where pixels[row * rect.width + col] == canvas[base + col] {
        pixels[row * rect.width + col] = 0
      }
    }
  }

  /// libwebp's `FlattenSimilarBlocks`: each 8×8 block of the canvas grid inside `rect` (from the
  /// first multiple of 8 after its top and left edges) whose canvas pixels are all opaque and
  /// similar to the frame's becomes transparent, with the canvas pixels' mean colour.
  private static func flattenSimilarBlocks(pixels: inout [UInt32], _ rect: PixelRect, over canvas: [UInt32],
                                           canvasWidth: Int, maxDiff: Int) {
    let block = 8
    let yStart = (rect.y + block) & ~(block - 1), yEnd = (rect.y + rect.height) & ~(block - 1)
    let xStart = (rect.x + block) & ~(block - 1), xEnd = (rect.x + rect.width) & ~(block - 1)
    for j in stride(from: yStart, to: yEnd, by: block) {
      for i in stride(from: xStart, to: xEnd, by: block) {
        var count = 0, r = 0, g = 0, b = 0
        for y in 0..<block {
          for x in 0..<block {
            let src = canvas[(j + y) * canvasWidth + i + x]
            let dst = pixels[(j + y - rect.y) * rect.width + (i + x - rect.x)]
            if src >> 24 == 0xFF && similar(src, dst, maxDiff: maxDiff) {
              count += 1
              r += Int((src >> 16) & 0xFF)
              g += Int((src >> 8) & 0xFF)
              b += Int(src & 0xFF)
            }
          }
        }
        guard count == block * block else { continue }
        let color = UInt32(r / count) << 16 | UInt32(g / count) << 8 | UInt32(b / count)
        for y in 0..<block {
          for x in 0..<block { pixels[(j + y - rect.y) * rect.width + (i + x - rect.x)] = color }
        }
      }
    }
  }

  // MARK: - Encoding

  /// One WebP image (a RIFF file) of `argb`: `width` × `height` pixels, row by row; `blend`
  /// tells whether it is drawn over the canvas.
  /// Safe to call from two threads at once (each call has its own picture and writer).
  private func encode(_ argb: [UInt32], width w: Int, height h: Int, blend: Bool) throws -> [UInt8] {
    var argb = argb
    var config = self.config
    // As libwebp: a blended lossy frame is not deblocked (its edges meet unchanged pixels).
    if config.lossless == 0 && blend {
      config.autofilter = 0
      config.filter_strength = 0
    }
    var picture = WebPPicture()
    guard WebPPictureInit(&picture) != 0 else {
      throw WebPError.encoder(operation: "WebPPictureInit", reason: "version mismatch")
    }
    // Frees only what WebPEncode may allocate in the picture: our pixels are not its memory.
    defer { WebPPictureFree(&picture) }
    var writer = WebPMemoryWriter()
    WebPMemoryWriterInit(&writer)
    defer { WebPMemoryWriterClear(&writer) }
    let ok = argb.withUnsafeMutableBufferPointer { pixels in
      withUnsafeMutablePointer(to: &writer) { output -> Int32 in
        // A view of our pixels, as libwebp's encoder makes of its canvas: nothing to free.
        picture.use_argb = 1
        picture.width = Int32(w)
        picture.height = Int32(h)
        picture.argb = pixels.baseAddress
        picture.argb_stride = Int32(w)
        picture.writer = WebPMemoryWrite
        picture.custom_ptr = UnsafeMutableRawPointer(output)
        return WebPEncode(&config, &picture)
      }
    }
    guard ok != 0, let bytes = writer.mem else {
      throw WebPError.encoder(operation: "WebPEncode", reason: "error \(picture.error_code.rawValue)")
    }
    return Array(UnsafeBufferPointer(start: bytes, count: writer.size))
  }
}

// MARK: - Even offsets

extension PixelRect {
  /// libwebp's `SnapToEvenOffsets`: odd offsets move one pixel left or up, the size grows by one.
  mutating func snapToEvenOffsets() {
    width += x & 1
    height += y & 1
    x &= ~1
    y &= ~1
  }
}
