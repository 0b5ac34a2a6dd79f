import Foundation
import KurukuruCore

// MARK: - APNGOptions

/// How an animation is written as APNG. Every option keeps the output lossless.
public struct APNGOptions: Sendable, Equatable {
  /// acTL's `num_plays`: 0 = loop forever (default), N = play N times. Range 0...65535.
  public var loopCount: Int
  /// The deflate used for the image data. Default `.best` (libdeflate level 12).
  public var compression: APNGCompression
  /// Default `true`: an animation with at most 256 distinct RGBA colours (transparent black
  /// counted) is written with a palette (PLTE + tRNS, bit depth 1, 2, 4 or 8), else with the
  /// fewest channels that hold it (grey, grey + alpha, RGB); `false` always writes 8-bit RGBA.
  public var allowPalette: Bool
  /// Default `true`: a frame identical to the one before is not written; the one before is
  /// shown for both delays (only when their sum fits fcTL's 16-bit fraction exactly, so decoders
  /// report the same total duration).
  public var mergeIdenticalFrames: Bool
  /// Threads (≥ 1) that choose frames' encodings, and as many that compress the winners in
  /// the background while the next frame is chosen (1: everything on the calling thread).
  /// Default: the active processor count. The output is the same bytes for any number.
  public var threads: Int

  /// Creates options; every parameter has the documented default.
  public init(loopCount: Int = 0, compression: APNGCompression = .best, allowPalette: Bool = true,
              mergeIdenticalFrames: Bool = true, threads: Int = ProcessInfo.processInfo.activeProcessorCount) {
    self.loopCount = loopCount
    self.compression = compression
    self.allowPalette = allowPalette
    self.mergeIdenticalFrames = mergeIdenticalFrames
    self.threads = threads
  }
}

// MARK: - APNGEncoder

/// A two-pass streaming APNG encoder: lossless, straight RGBA, exact delays.
///
/// Pass 1 asks for every frame (in chunks of at most 16 MiB), keeps each frame's changed
/// rectangle in a `ChangeCache` (at most 64 MiB; past it pass 2 renders again) and counts
/// colours: at most 256 (with transparent black) gives a palette image, else the fewest
/// channels that hold every pixel (grey, grey + alpha, RGB, RGBA; `PixelLayout`).
/// Pass 2 writes frame 0 as IDAT (part of the animation) and every later frame as fcTL + fdAT,
/// choosing per frame the smallest candidate: the previous frame disposed with NONE,
/// BACKGROUND or PREVIOUS (the earlier fcTL is patched), times blend SOURCE (the changed
/// rectangle copied) or OVER (only when exact, i.e. every changed pixel is opaque or lands on a
/// transparent one; unchanged pixels all transparent, or kept where that continues a run), each
/// cropped to what differs (equal candidates ranked once); then the best row-filter strategy
/// for the winner. Candidates are ranked by their size at `APNGCompression.estimate` (a small
/// frame's filterings within 25 % of the best again at `APNGCompression.recheck`); the winner
/// is compressed with `options.compression` on a background `CompressionLane` while the next
/// frame is chosen (rows equal to an earlier winner's reuse its stream), or with `.fast` its
/// ranking stream is written as is.
///
/// Time: libdeflate 12 on the winners is most of it and cannot shrink without larger files
/// (at 2x, gradient-ring's 45 winners take 1.10 s of CPU at level 12 for 227,289 bytes, 0.45 s
/// at 11 for 228,180, 0.17 s at 10 for 229,261); choosing them costs about 10–20 % more.
/// Work runs on `options.threads` threads; the choice never depends on them.
public enum APNGEncoder {
  /// Frames asked of the provider at once: at most 32, and at most about 16 MiB of pixels.
  static func chunkSize(width: Int, height: Int) -> Int {
    max(1, min(32, (16 << 20) / max(1, width * height * 4)))
  }

  /// Encodes an animation.
  /// - Parameters:
  ///   - width: Canvas width in pixels (1...8192).
  ///   - height: Canvas height in pixels (1...8192).
  ///   - delays: One delay per frame (numerator 0...65535, denominator 1...65535); their count
  ///     is the frame count (≥ 1).
  ///   - options: Loop count, compression, palette and merging.
  ///   - frames: Renders the frames of a range (in order, each `width` × `height`); called in
  ///     chunks over the timeline, once, or twice when the changes exceed the cache budget.
  /// - Returns: The APNG file's bytes.
  /// - Throws: `APNGError` for invalid input, errors of `frames`.
  public static func encode(width: Int, height: Int, delays: [APNGDelay], options: APNGOptions = APNGOptions(),
                            frames: (Range<Int>) throws -> [Frame]) throws -> [UInt8] {
    try encode(width: width, height: height, delays: delays, options: options, cacheBudget: ChangeCache.budget,
               frames: frames)
  }

  /// Encodes frames held in memory.
  public static func encode(_ frames: [Frame], delays: [APNGDelay], options: APNGOptions = APNGOptions()) throws -> [UInt8] {
    guard let first = frames.first else { throw APNGError.noFrames }
    return try encode(width: first.width, height: first.height, delays: delays, options: options) {
      Array(frames[$0])
    }
  }

  /// `encode` with the cache budget in bytes (0 = always render twice), for tests.
  static func encode(width: Int, height: Int, delays: [APNGDelay], options: APNGOptions, cacheBudget: Int,
                     frames: (Range<Int>) throws -> [Frame]) throws -> [UInt8] {
    guard (1...APNGLimits.maxSide).contains(width), (1...APNGLimits.maxSide).contains(height) else {
      throw APNGError.invalidCanvas(width: width, height: height)
    }
    let frameCount = delays.count
    guard frameCount > 0 else { throw APNGError.noFrames }
    for (i, d) in delays.enumerated() where d.denominator < 1 || d.denominator > 65535 || !(0...65535).contains(d.numerator) {
      throw APNGError.invalidDelay(frame: i)
    }
    guard (0...65535).contains(options.loopCount) else { throw APNGError.invalidLoopCount(options.loopCount) }
    guard options.threads >= 1 else { throw APNGError.invalidThreads(options.threads) }
    let threads = options.threads
    let chunk = chunkSize(width: width, height: height)

    // MARK: Pass 1 — changes and colours
    var cache = ChangeCache(budget: cacheBudget)
    var colors = ColorCounter()
    colors.insert(0)  // OVER's unchanged pixels and the empty frame are transparent black
    var identical = [Bool](repeating: false, count: frameCount)
    var last: Frame?
    try forEachChunk(width: width, height: height, count: frameCount, chunk: chunk, frames: frames) { range, rendered in
      let changes = Parallel.map(rendered.count, workers: threads) { k in
        FrameChange(from: k == 0 ? last : rendered[k - 1], to: rendered[k], countColors: options.allowPalette)
      }
      for (k, change) in changes.enumerated() {
        let i = range.lowerBound + k
        identical[i] = i > 0 && change.rect == nil
        colors.merge(change)
        cache.store(change, index: i)
      }
      last = rendered.last
    }
    last = nil

    // MARK: Plan — which frames are written, with which delays
    var shown: [Int] = []
    var shownDelays: [APNGDelay] = []
    for i in 0..<frameCount {
      if options.mergeIdenticalFrames, identical[i], let previous = shownDelays.last, let sum = previous.adding(delays[i]) {
        shownDelays[shownDelays.count - 1] = sum
      } else {
        shown.append(i)
        shownDelays.append(delays[i])
      }
    }
    let layout = options.allowPalette
      ? PixelLayout(colors: colors.colors, isGrey: colors.isGrey, isOpaque: colors.isOpaque) : PixelLayout(colors: nil)
    var writer = FrameWriter(width: width, height: height, layout: layout, compression: options.compression,
                             threads: threads)
    defer { writer.abandon() }
    var next = 0
    func add(_ i: Int, _ canvas: [UInt8], _ rect: PixelRect?) throws {
      guard next < shown.count, shown[next] == i else { return }
      try writer.add(canvas, changed: rect, delay: shownDelays[next])
      next += 1
    }

    // MARK: Pass 2 — writing
    if cache.isComplete {
      var canvas = [UInt8](repeating: 0, count: width * height * 4)
      for (i, change) in cache.changes.enumerated() {
        change.apply(to: &canvas, width: width)
        try add(i, canvas, change.rect)
      }
    } else {
      try forEachChunk(width: width, height: height, count: frameCount, chunk: chunk, frames: frames) { range, rendered in
        let rects = Parallel.map(rendered.count, workers: threads) { k in
          FrameChange.changedRect(from: k == 0 ? last : rendered[k - 1], to: rendered[k])
        }
        for (k, frame) in rendered.enumerated() { try add(range.lowerBound + k, frame.pixels, rects[k]) }
        last = rendered.last
      }
    }
    guard next == shown.count else {
      throw APNGError.compressionFailed("internal: \(next) of \(shown.count) frames written")
    }
    return try writer.finish(loopCount: options.loopCount)
  }

  /// Calls `body` with consecutive chunks of frames covering `0..<count`, checking their number
  /// and size; the next chunk renders while `body` encodes the current one (`ChunkPrefetch`).
  private static func forEachChunk(width: Int, height: Int, count: Int, chunk: Int,
                                   frames: (Range<Int>) throws -> [Frame],
                                   body: (Range<Int>, [Frame]) throws -> Void) throws {
    let ranges = stride(from: 0, to: count, by: max(1, chunk)).map { $0..<min(count, $0 + max(1, chunk)) }
    try ChunkPrefetch.forEach(ranges, frames: frames) { range, rendered in
      guard rendered.count == range.count else {
        throw APNGError.frameCountMismatch(range: range, actual: rendered.count)
      }
      for (k, frame) in rendered.enumerated() where frame.width != width || frame.height != height {
        throw APNGError.frameSizeMismatch(frame: range.lowerBound + k, width: frame.width, height: frame.height,
                                          expectedWidth: width, expectedHeight: height)
      }
      try body(range, rendered)
    }
  }
}

// MARK: - Pixels

/// Reads pixel `i` of straight RGBA bytes as one little-endian word (alpha in the top byte).
@inline(__always)
private func word(_ p: UnsafeRawPointer, _ i: Int) -> UInt32 {
  p.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)
}

/// Whether two byte arrays hold the same bytes, compared with `memcmp` (a whole canvas each
/// frame: `==` on arrays goes element by element).
private func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
  guard a.count == b.count else { return false }
  return a.withUnsafeBytes { pa in
    b.withUnsafeBytes { pb in
      guard let x = pa.baseAddress, let y = pb.baseAddress else { return true }
      return memcmp(x, y, pa.count) == 0
    }
  }
}

/// Bytes as a dictionary key, hashed in one pass (an array's own hashing feeds the hasher a
/// byte at a time) and compared with `memcmp`.
struct RowsKey: Hashable {
  let bytes: [UInt8]

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  func hash(into hasher: inout Hasher) {
    bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
  }

  static func == (a: RowsKey, b: RowsKey) -> Bool { sameBytes(a.bytes, b.bytes) }
}

// MARK: - FrameChange

/// A frame as its changed rectangle from the frame before, with the colours it holds.
struct FrameChange: Sendable {
  /// The bounding rectangle of the pixels that differ (the whole canvas for the first frame);
  /// nil when the frame equals the one before.
  var rect: PixelRect?
  /// The frame's pixels in `rect`, RGBA rows.
  var pixels: [UInt8]
  /// The distinct colours in `rect` (RGBA words), up to 257 (more are not counted).
  var colors: Set<UInt32>
  /// Every pixel in `rect` has red = green = blue (grey, transparent black included).
  var isGrey = true
  /// Every pixel in `rect` has alpha 255.
  var isOpaque = true

  init(from before: Frame?, to after: Frame, countColors: Bool) {
    let rect = before == nil ? PixelRect(x: 0, y: 0, width: after.width, height: after.height)
      : FrameChange.changedRect(from: before, to: after)
    self.rect = rect
    var pixels: [UInt8] = []
    var colors = Set<UInt32>()
    var grey = true, opaque = true
    if let r = rect {
      pixels.reserveCapacity(r.width * r.height * 4)
      after.pixels.withUnsafeBytes { src in
        guard let s = src.baseAddress else { return }
        for y in r.y..<(r.y + r.height) {
          let row = (y * after.width + r.x) * 4
          pixels.append(contentsOf: UnsafeRawBufferPointer(start: s + row, count: r.width * 4))
          for x in 0..<r.width {
            let w = word(s + row, x)
            grey = grey && (w & 0xFF == (w >> 8) & 0xFF) && (w & 0xFF == (w >> 16) & 0xFF)
            opaque = opaque && w >> 24 == 255
          }
          guard countColors, colors.count <= 256 else { continue }
          var previous: UInt32?
          for x in 0..<r.width {
            let w = word(s + row, x)
            if w != previous { colors.insert(w); previous = w }
          }
        }
      }
    }
    self.pixels = pixels
    self.colors = colors
    self.isGrey = grey
    self.isOpaque = opaque
  }

  /// The bounding rectangle of the pixels that differ between two frames of the same size
  /// (`before` nil: the whole canvas), or nil when they are equal.
  static func changedRect(from before: Frame?, to after: Frame) -> PixelRect? {
    guard let before else { return PixelRect(x: 0, y: 0, width: after.width, height: after.height) }
    let w = after.width, h = after.height
    return before.pixels.withUnsafeBytes { b in
      after.pixels.withUnsafeBytes { a in
        guard let pb = b.baseAddress, let pa = a.baseAddress else { return nil }
        var x0 = w, x1 = -1, y0 = h, y1 = -1
        for y in 0..<h {
          let row = y * w * 4
          if memcmp(pb + row, pa + row, w * 4) == 0 { continue }
          if y0 == h { y0 = y }
          y1 = y
          var lo = 0
          while lo < w && word(pb + row, lo) == word(pa + row, lo) { lo += 1 }
          var hi = w - 1
          while hi > lo && word(pb + row, hi) == word(pa + row, hi) { hi -= 1 }
          x0 = min(x0, lo); x1 = max(x1, hi)
        }
        return y1 < 0 ? nil : PixelRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
      }
    }
  }

  /// Writes the changed rectangle into a full canvas of `width` pixels a row.
  func apply(to canvas: inout [UInt8], width: Int) {
    guard let r = rect else { return }
    canvas.withUnsafeMutableBytes { dst in
      pixels.withUnsafeBytes { src in
        guard let d = dst.baseAddress, let s = src.baseAddress else { return }
        for y in 0..<r.height {
          (d + ((r.y + y) * width + r.x) * 4).copyMemory(from: s + y * r.width * 4, byteCount: r.width * 4)
        }
      }
    }
  }
}

// MARK: - ChangeCache

/// Pass 1's changed rectangles kept for pass 2, so that frames are rendered once, as long as
/// their pixels stay within a byte budget; past it the cache gives up and pass 2 renders again.
/// The output is the same either way.
struct ChangeCache {
  /// The most bytes kept: 64 MiB.
  static let budget = 64 << 20

  private let budget: Int
  private var used = 0
  private(set) var changes: [FrameChange] = []
  private var overflowed = false

  init(budget: Int) { self.budget = budget }

  /// `true` when every frame was kept.
  var isComplete: Bool { !overflowed }

  /// Keeps frame `index`'s change (frames come in order).
  mutating func store(_ change: FrameChange, index: Int) {
    guard !overflowed else { return }
    used += change.pixels.count + 64
    guard used <= budget else {
      overflowed = true
      changes = []
      return
    }
    changes.append(FrameChange(rect: change.rect, pixels: change.pixels))
  }
}

extension FrameChange {
  /// A change without its colour count (as the cache keeps it).
  init(rect: PixelRect?, pixels: [UInt8]) {
    self.rect = rect
    self.pixels = pixels
    self.colors = []
  }
}

// MARK: - ColorCounter

/// The distinct colours of an animation, counted up to 257, and whether all are grey or opaque.
struct ColorCounter {
  private(set) var seen = Set<UInt32>()
  private(set) var isGrey = true
  private(set) var isOpaque = true

  /// Adds what a frame's change holds.
  mutating func merge(_ change: FrameChange) {
    merge(change.colors)
    isGrey = isGrey && change.isGrey
    isOpaque = isOpaque && change.isOpaque
  }

  mutating func insert(_ color: UInt32) { if seen.count <= 256 { seen.insert(color) } }

  mutating func merge(_ other: Set<UInt32>) {
    guard seen.count <= 256 else { return }
    seen.formUnion(other)
  }

  /// The colours when there are at most 256 of them, else nil.
  var colors: Set<UInt32>? { seen.count <= 256 ? seen : nil }
}

// MARK: - PixelLayout

/// How pixels are stored: palette indices of 1, 2, 4 or 8 bits, or 8-bit grey, grey + alpha,
/// RGB or RGBA — the fewest bytes a pixel that hold every colour of the animation exactly.
struct PixelLayout {
  /// The PNG colour types written.
  enum Kind {
    /// Colour type 3 (PLTE, tRNS for the non-opaque entries).
    case palette
    /// Colour type 0, 8 bits: every pixel opaque and grey (1 byte a pixel).
    case grey
    /// Colour type 4, 8 bits: every pixel grey (2 bytes a pixel; spinkit-circle-fade at 2x is
    /// 20 % smaller than as RGBA).
    case greyAlpha
    /// Colour type 2, 8 bits: every pixel opaque (3 bytes a pixel).
    case rgb
    /// Colour type 6, 8 bits.
    case rgba
  }

  let kind: Kind
  /// The palette's RGBA words: non-opaque colours first (so tRNS stops early), each group in
  /// increasing order; empty unless `kind` is `.palette`.
  let palette: [UInt32]
  /// Palette index of each colour.
  let index: [UInt32: UInt8]
  /// Bits per pixel: the palette's bit depth (1, 2, 4, 8), else 8, 16, 24 or 32.
  let bits: Int

  /// A palette layout for `colors` (≤ 256, transparent black included), else the smallest
  /// 8-bit layout for pixels that are all grey and/or all opaque. Opaque grey prefers `.grey`
  /// to a palette of as many bytes a pixel: no PLTE, and grey levels filter well.
  /// RGB or grey with a tRNS colour key is not used: no bundled preset has only alphas 0 and
  /// 255 with a colour free to be the key.
  init(colors: Set<UInt32>?, isGrey: Bool = false, isOpaque: Bool = false) {
    if let colors, !(isGrey && isOpaque && colors.count > 16) {
      kind = .palette
      palette = colors.sorted { a, b in
        let oa = a >> 24 == 255, ob = b >> 24 == 255
        return oa != ob ? !oa : a < b
      }
      var index: [UInt32: UInt8] = [:]
      for (i, c) in palette.enumerated() { index[c] = UInt8(i) }
      self.index = index
      switch palette.count {
      case ...2: bits = 1
      case ...4: bits = 2
      case ...16: bits = 4
      default: bits = 8
      }
      return
    }
    palette = []; index = [:]
    switch (isGrey, isOpaque) {
    case (true, true): kind = .grey; bits = 8
    case (true, false): kind = .greyAlpha; bits = 16
    case (false, true): kind = .rgb; bits = 24
    case (false, false): kind = .rgba; bits = 32
    }
  }

  var isPalette: Bool { kind == .palette }
  /// Whether pixels can be transparent (a transparent black pixel exists): false for opaque
  /// grey and RGB, where OVER is the same as SOURCE.
  var hasAlpha: Bool { kind != .grey && kind != .rgb }
  /// Bytes per complete pixel for the filters (1 below 8 bits).
  var filterBPP: Int { max(1, bits / 8) }
  /// Bytes per row of `width` pixels.
  func rowBytes(_ width: Int) -> Int { (width * bits + 7) / 8 }

  /// IHDR's bit depth and colour type.
  var ihdr: (depth: UInt8, colorType: UInt8) {
    switch kind {
    case .palette: return (UInt8(bits), 3)
    case .grey: return (8, 0)
    case .greyAlpha: return (8, 4)
    case .rgb: return (8, 2)
    case .rgba: return (8, 6)
    }
  }

  /// Rows of RGBA words in this layout.
  func encode(_ words: [UInt32], width: Int, height: Int) throws -> [UInt8] {
    switch kind {
    case .palette:
      return try encodePalette(words, width: width, height: height)
    case .rgba:
      var out = [UInt8](repeating: 0, count: words.count * 4)
      out.withUnsafeMutableBytes { dst in
        words.withUnsafeBytes { src in dst.copyMemory(from: src) }
      }
      // Words are little-endian RGBA, so the copy is already R, G, B, A on little-endian hosts.
      #if _endian(big)
      for (i, w) in words.enumerated() {
        out[i * 4] = UInt8(w & 255); out[i * 4 + 1] = UInt8(w >> 8 & 255)
        out[i * 4 + 2] = UInt8(w >> 16 & 255); out[i * 4 + 3] = UInt8(w >> 24)
      }
      #endif
      return out
    case .rgb:
      var out = [UInt8](repeating: 0, count: words.count * 3)
      for (i, w) in words.enumerated() {
        out[i * 3] = UInt8(w & 255); out[i * 3 + 1] = UInt8(w >> 8 & 255); out[i * 3 + 2] = UInt8(w >> 16 & 255)
      }
      return out
    case .greyAlpha:
      var out = [UInt8](repeating: 0, count: words.count * 2)
      for (i, w) in words.enumerated() { out[i * 2] = UInt8(w & 255); out[i * 2 + 1] = UInt8(w >> 24) }
      return out
    case .grey:
      return words.map { UInt8($0 & 255) }
    }
  }

  private func encodePalette(_ words: [UInt32], width: Int, height: Int) throws -> [UInt8] {
    let rowBytes = rowBytes(width)
    var out = [UInt8](repeating: 0, count: rowBytes * height)
    var lastWord: UInt32 = 0
    var lastIndex = index[0] ?? 0
    let perByte = 8 / bits
    for y in 0..<height {
      for x in 0..<width {
        let w = words[y * width + x]
        if w != lastWord {
          guard let i = index[w] else { throw APNGError.compressionFailed("internal: a colour is missing from the palette") }
          lastWord = w; lastIndex = i
        }
        let byte = y * rowBytes + x / perByte
        let shift = 8 - bits * (x % perByte + 1)
        out[byte] |= lastIndex << shift
      }
    }
    return out
  }
}

// MARK: - FrameWriter

/// Pass 2's writing end: takes the shown frames in order, picks each one's smallest exact
/// encoding and assembles the file.
struct FrameWriter {
  let width: Int
  let height: Int
  let layout: PixelLayout
  let compression: APNGCompression
  let threads: Int

  /// The last frame written, RGBA (the canvas it left before its dispose op).
  private var previous: [UInt8] = []
  /// The canvas the last frame was drawn onto (what dispose PREVIOUS restores its region to).
  private var previousBase: [UInt8] = []
  /// The last frame's region.
  private var previousRect = PixelRect(x: 0, y: 0, width: 0, height: 0)
  private var frames: [EncodedFrame] = []
  /// Compressors reused by every compression of this file.
  private let pool = DeflatePool()
  /// Where winners are compressed for good when there is more than one thread (else at once,
  /// on the calling thread).
  private let lane: CompressionLane?
  /// The most frames waiting for the lane: their rows are held in memory until compressed.
  static let laneLimit = 16
  /// Each distinct winner's filtered rows → the first frame written with them, while their
  /// total stays within `repeatBudget`; a frame with the same rows copies that frame's stream.
  /// In 11 of the 64 bundled presets at 2x winners repeat (nv-ball-zig-zag-deflect: 47 % of
  /// the rows to compress, spinkit-double-bounce 55 %).
  private var firstWithRows: [RowsKey: Int] = [:]
  private var rowsKept = 0
  /// The most bytes of rows `firstWithRows` keeps: 16 MiB.
  static let repeatBudget = 16 << 20
  /// Frames (with a lane) whose stream is an earlier frame's, filled in by `finish`.
  private var copies: [Int: Int] = [:]

  /// One written frame.
  struct EncodedFrame {
    var rect: PixelRect
    var delay: APNGDelay
    var dispose: UInt8  // 0 none, 1 background, 2 previous
    var blend: UInt8  // 0 source, 1 over
    /// The zlib stream; empty while the lane compresses it.
    var data: [UInt8]
  }

  /// One way of writing a frame.
  private struct Candidate {
    var rect: PixelRect
    var dispose: UInt8  // of the previous frame
    var blend: UInt8
    var raw: [UInt8]
  }

  init(width: Int, height: Int, layout: PixelLayout, compression: APNGCompression, threads: Int) {
    self.width = width
    self.height = height
    self.layout = layout
    self.compression = compression
    self.threads = threads
    lane = threads > 1 && compression != APNGCompression.estimate
      ? CompressionLane(workers: threads, method: compression, pool: pool, limit: FrameWriter.laneLimit) : nil
  }

  /// Stops the lane's workers without writing (after an error).
  func abandon() { lane?.abandon() }

  /// Adds the next shown frame.
  /// - Parameters:
  ///   - canvas: The frame, RGBA, `width` × `height`.
  ///   - changed: Where it differs from the previous shown frame (nil: nowhere).
  ///   - delay: How long it shows.
  mutating func add(_ canvas: [UInt8], changed: PixelRect?, delay: APNGDelay) throws {
    var candidates: [Candidate] = []
    // The canvas each dispose op of the previous frame leaves, and the area it may differ in.
    var bases: [(dispose: UInt8, base: [UInt8])] = []
    if frames.isEmpty {
      let full = PixelRect(x: 0, y: 0, width: width, height: height)
      candidates.append(Candidate(rect: full, dispose: 0, blend: 0, raw: try rows(canvas, full)))
      bases = [(0, [UInt8](repeating: 0, count: width * height * 4))]
    } else {
      // BACKGROUND: the previous frame's region cleared to transparent black.
      var cleared = previous
      copyRect(previousRect, from: nil, to: &cleared)
      // PREVIOUS: its region back as it was before it was drawn — for a frame that returns to
      // an earlier state (pacman's mouth, flickering dots). The first frame's PREVIOUS means
      // BACKGROUND (APNG spec), so it is offered from the second frame on.
      var restored: [UInt8]?
      if frames.count >= 2 {
        var r = previous
        copyRect(previousRect, from: previousBase, to: &r)
        if !sameBytes(r, cleared) && !sameBytes(r, previous) { restored = r }
      }
      bases = [(dispose: 0, base: previous), (dispose: 1, base: cleared)]
      if let restored { bases.append((dispose: 2, base: restored)) }
      let area = changed.map { $0.union(previousRect) } ?? previousRect
      for (dispose, base) in bases {
        let diff = dispose == 0 ? changed : diffRect(current: canvas, base: base, within: area)
        if let d = diff {
          candidates += try makeCandidates(current: canvas, base: base, diff: d, dispose: dispose)
        } else {
          candidates.append(try unchangedPixel(current: canvas, dispose: dispose))
        }
      }
    }
    let best = try choose(candidates)
    if !frames.isEmpty { frames[frames.count - 1].dispose = best.candidate.dispose }
    var data: [UInt8] = []
    if let stream = best.stream {
      data = stream
    } else if let earlier = firstWithRows[RowsKey(best.filtered)] {
      // The same rows as an earlier frame (a bounce or a zig-zag passing the same place): the
      // same stream, compressed once.
      if lane == nil { data = frames[earlier].data } else { copies[frames.count] = earlier }
    } else {
      if rowsKept + best.filtered.count <= FrameWriter.repeatBudget {
        firstWithRows[RowsKey(best.filtered)] = frames.count
        rowsKept += best.filtered.count
      }
      if let lane {
        lane.submit(index: frames.count, data: best.filtered)
      } else {
        data = try Deflate.compress(best.filtered, with: compression, pool: pool)
      }
    }
    frames.append(EncodedFrame(rect: best.candidate.rect, delay: delay, dispose: 0, blend: best.candidate.blend,
                               data: data))
    previousBase = bases.first { $0.dispose == best.candidate.dispose }?.base ?? []
    previous = canvas
    previousRect = best.candidate.rect
  }

  /// Copies `rect` of `source` (nil: transparent black) into `canvas`.
  private func copyRect(_ rect: PixelRect, from source: [UInt8]?, to canvas: inout [UInt8]) {
    for y in rect.y..<(rect.y + rect.height) {
      let start = (y * width + rect.x) * 4, end = start + rect.width * 4
      if let source {
        canvas.replaceSubrange(start..<end, with: source[start..<end])
      } else {
        canvas.replaceSubrange(start..<end, with: repeatElement(0, count: end - start))
      }
    }
  }

  /// A 1×1 frame that changes nothing, for a frame equal to its base: a transparent pixel
  /// blended OVER, or without alpha the current top-left pixel copied.
  private func unchangedPixel(current: [UInt8], dispose: UInt8) throws -> Candidate {
    let r = PixelRect(x: 0, y: 0, width: 1, height: 1)
    guard layout.hasAlpha else {
      let pixel = current.withUnsafeBytes { c in c.baseAddress.map { word($0, 0) } ?? 0 }
      return Candidate(rect: r, dispose: dispose, blend: 0, raw: try layout.encode([pixel], width: 1, height: 1))
    }
    return Candidate(rect: r, dispose: dispose, blend: 1, raw: try layout.encode([0], width: 1, height: 1))
  }

  /// The bounding rectangle, within `area`, of the pixels where `current` differs from `base`.
  private func diffRect(current: [UInt8], base: [UInt8], within area: PixelRect) -> PixelRect? {
    current.withUnsafeBytes { c in
      base.withUnsafeBytes { p in
        guard let c = c.baseAddress, let p = p.baseAddress else { return nil }
        var x0 = Int.max, x1 = -1, y0 = Int.max, y1 = -1
        for y in area.y..<(area.y + area.height) {
          for x in area.x..<(area.x + area.width) {
            let i = y * width + x
            if word(c, i) != word(p, i) {
              x0 = min(x0, x); x1 = max(x1, x); y0 = min(y0, y); y1 = max(y1, y)
            }
          }
        }
        return y1 < 0 ? nil : PixelRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
      }
    }
  }

  /// SOURCE and, when exact, OVER candidates for the region `diff` drawn onto `base`.
  ///
  /// OVER comes in two forms when they differ: every unchanged pixel transparent, and runs
  /// kept — an unchanged opaque pixel keeps its colour when the pixel written to its left has
  /// that colour (or, after a non-transparent left pixel, the one above), so a shape that moves
  /// is written as long runs of its colour rather than broken by holes.
  private func makeCandidates(current: [UInt8], base: [UInt8], diff: PixelRect, dispose: UInt8) throws -> [Candidate] {
    let n = diff.width * diff.height
    var source = [UInt32](repeating: 0, count: n)
    var over = [UInt32](repeating: 0, count: n)
    var runs = [UInt32](repeating: 0, count: n)
    var overExact = layout.hasAlpha  // without alpha OVER is SOURCE
    var runsDiffer = false
    current.withUnsafeBytes { c in
      base.withUnsafeBytes { p in
        guard let c = c.baseAddress, let p = p.baseAddress else { return }
        for y in 0..<diff.height {
          for x in 0..<diff.width {
            let i = (diff.y + y) * width + diff.x + x
            let k = y * diff.width + x
            let v = word(c, i), b = word(p, i)
            source[k] = v
            if v != b {
              // OVER reproduces v exactly when v is opaque or lands on a transparent pixel.
              if v >> 24 == 255 || (v >> 24 != 0 && b >> 24 == 0) {
                over[k] = v; runs[k] = v
              } else {
                overExact = false
              }
            } else if v >> 24 == 255 {
              let left: UInt32 = x > 0 ? runs[k - 1] : 0
              let above: UInt32? = y > 0 ? runs[k - diff.width] : nil
              if left == v || (left != 0 && above == v) { runs[k] = v; runsDiffer = true }
            }
          }
        }
      }
    }
    var out = [Candidate(rect: diff, dispose: dispose, blend: 0,
                         raw: try layout.encode(source, width: diff.width, height: diff.height))]
    if overExact {
      out.append(Candidate(rect: diff, dispose: dispose, blend: 1,
                           raw: try layout.encode(over, width: diff.width, height: diff.height)))
      if runsDiffer {
        out.append(Candidate(rect: diff, dispose: dispose, blend: 1,
                             raw: try layout.encode(runs, width: diff.width, height: diff.height)))
      }
    }
    return out
  }

  /// The rows of `canvas` in `rect`, in the layout.
  private func rows(_ canvas: [UInt8], _ rect: PixelRect) throws -> [UInt8] {
    var words = [UInt32](repeating: 0, count: rect.width * rect.height)
    canvas.withUnsafeBytes { c in
      guard let c = c.baseAddress else { return }
      for y in 0..<rect.height {
        for x in 0..<rect.width { words[y * rect.width + x] = word(c, (rect.y + y) * width + rect.x + x) }
      }
    }
    return try layout.encode(words, width: rect.width, height: rect.height)
  }

  /// Frames of at most this many filtered bytes (16 KiB, e.g. 128 × 127 palette pixels) have
  /// their best filterings (at most three, within `recheckMargin`) ranked again at
  /// `APNGCompression.recheck`: the estimate misranks filters by up to 35 % on small palette
  /// frames (equalizer frame 7: filtered up 631 bytes at level 6 and 554 at level 12, filtered
  /// none 670 and 401), and small frames are cheap to compress thrice.
  static let recheckLimit = 16 << 10

  /// A filtering whose estimate is more than this many percent (25) above the best's is not
  /// rechecked: the widest reversal seen among the bundled presets at 2x is 21 % (equalizer,
  /// palette frames filtered none: 599 against 494 at level 6, 357 against 445 at level 9),
  /// while a third of the rechecks had no other filtering within 25 % (bars-fade's every frame:
  /// adaptive 1,526 bytes, up and none 2,080 and more), and skipping them halves the level-9
  /// compressions (bars-fade 0.43 → 0.29 s of CPU, the same bytes).
  static let recheckMargin = 25

  /// The candidate and filter strategy with the smallest estimated size and its filtered rows.
  ///
  /// Two rounds at `APNGCompression.estimate`: the candidates each with the layout's usual
  /// filter (`FilterStrategy.first`), then the other strategies on the winning candidate only —
  /// 4 + 5 compressions a frame instead of 4 × 6; small frames then a recheck (`recheckLimit`).
  /// When the final setting is the estimate's (`APNGCompression.fast`) the winner's stream is
  /// returned as `stream`: nothing is compressed twice, and the ranking is by the final sizes.
  private func choose(_ candidates: [Candidate]) throws -> (candidate: Candidate, filtered: [UInt8],
                                                              stream: [UInt8]?) {
    let bpp = layout.filterBPP
    func trial(_ candidate: Candidate, _ strategy: FilterStrategy) throws -> (filtered: [UInt8], size: Int, stream: [UInt8]) {
      let filtered = PNGFilters.filter(candidate.raw, rowBytes: layout.rowBytes(candidate.rect.width),
                                       height: candidate.rect.height, bpp: bpp, strategy: strategy)
      let stream = try Deflate.compress(filtered, with: APNGCompression.estimate, pool: pool)
      return (filtered, stream.count, stream)
    }
    let first = FilterStrategy.first(isPalette: layout.isPalette)
    // A candidate equal to an earlier one (same rectangle and rows: OVER where every pixel of
    // the region changes, or two disposals that leave the same base) is ranked once; it ties
    // with the earlier one, which wins the tie as before (gradient-ring: 4 candidates, 1 distinct).
    var same = Array(candidates.indices)
    for j in candidates.indices {
      for k in 0..<j where same[k] == k && candidates[k].rect == candidates[j].rect && sameBytes(candidates[k].raw, candidates[j].raw) {
        same[j] = k
        break
      }
    }
    let distinct = candidates.indices.filter { same[$0] == $0 }
    let trials = try Parallel.map(distinct.count, workers: threads) { try trial(candidates[distinct[$0]], first) }
    var trialOf: [Int: Int] = [:]
    for (t, j) in distinct.enumerated() { trialOf[j] = t }
    let round1 = candidates.indices.map { trials[trialOf[same[$0]] ?? 0] }
    var best = 0
    for j in round1.indices where round1[j].size < round1[best].size { best = j }
    let winner = candidates[best]
    let others = FilterStrategy.candidates(isPalette: layout.isPalette).filter { $0 != first }
    let round2 = try Parallel.map(others.count, workers: threads) { try trial(winner, others[$0]) }
    // Stable by size: ties keep the earlier strategy.
    let ranked = ([round1[best]] + round2).enumerated().sorted { ($0.element.size, $0.offset) < ($1.element.size, $1.offset) }
      .map(\.element)
    if compression == APNGCompression.estimate { return (winner, ranked[0].filtered, ranked[0].stream) }
    guard ranked[0].filtered.count <= FrameWriter.recheckLimit, ranked.count > 1 else {
      return (winner, ranked[0].filtered, nil)
    }
    let top = ranked.prefix(3).filter { $0.size * 100 <= ranked[0].size * (100 + FrameWriter.recheckMargin) }
    guard top.count > 1 else { return (winner, ranked[0].filtered, nil) }
    let sizes = try Parallel.map(top.count, workers: threads) {
      try Deflate.compress(top[$0].filtered, with: APNGCompression.recheck, pool: pool).count
    }
    var pick = 0
    for k in sizes.indices where sizes[k] < sizes[pick] { pick = k }
    return (winner, top[pick].filtered, nil)
  }

  // MARK: - File

  /// The whole file.
  mutating func finish(loopCount: Int) throws -> [UInt8] {
    if let lane {
      for (k, stream) in try lane.finish() { frames[k].data = stream }
      for (k, earlier) in copies { frames[k].data = frames[earlier].data }
    }
    var out = ChunkWriter()
    let (depth, colorType) = layout.ihdr
    out.chunk("IHDR") { d in
      d.u32(width); d.u32(height); d.bytes([depth, colorType, 0, 0, 0])
    }
    out.chunk("acTL") { d in d.u32(frames.count); d.u32(loopCount) }
    if layout.isPalette {
      out.chunk("PLTE") { d in
        for c in layout.palette { d.bytes([UInt8(c & 255), UInt8(c >> 8 & 255), UInt8(c >> 16 & 255)]) }
      }
      let translucent = layout.palette.prefix { $0 >> 24 != 255 }
      if !translucent.isEmpty {
        out.chunk("tRNS") { d in d.bytes(translucent.map { UInt8($0 >> 24) }) }
      }
    }
    var sequence = 0
    for (k, f) in frames.enumerated() {
      out.chunk("fcTL") { d in
        d.u32(sequence); d.u32(f.rect.width); d.u32(f.rect.height); d.u32(f.rect.x); d.u32(f.rect.y)
        d.u16(f.delay.numerator); d.u16(f.delay.denominator); d.bytes([f.dispose, f.blend])
      }
      sequence += 1
      if k == 0 {
        out.chunk("IDAT") { d in d.bytes(f.data) }
      } else {
        out.chunk("fdAT") { d in d.u32(sequence); d.bytes(f.data) }
        sequence += 1
      }
    }
    out.chunk("IEND") { _ in }
    return out.bytes
  }
}

// MARK: - ChunkWriter

/// Writes the PNG signature and chunks with their lengths and CRCs.
struct ChunkWriter {
  private(set) var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// A chunk's data being built.
  struct ChunkData {
    var bytes: [UInt8] = []
    mutating func u32(_ v: Int) {
      let v = UInt32(truncatingIfNeeded: v)
      bytes += [UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)]
    }
    mutating func u16(_ v: Int) { bytes += [UInt8(v >> 8 & 255), UInt8(v & 255)] }
    mutating func bytes(_ b: [UInt8]) { bytes += b }
  }

  /// Appends a chunk of type `type` with the data `build` makes.
  mutating func chunk(_ type: String, _ build: (inout ChunkData) -> Void) {
    var data = ChunkData()
    build(&data)
    let body = Array(type.utf8) + data.bytes
    var length = ChunkData()
    length.u32(data.bytes.count)
    bytes += length.bytes
    bytes += body
    var crc = ChunkData()
    crc.u32(Int(body.withUnsafeBytes { Deflate.crc32($0) }))
    bytes += crc.bytes
  }
}
