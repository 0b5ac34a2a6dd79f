import Foundation
import KurukuruCore

// MARK: - GIFTransparency

/// How GIF's one bit of alpha is chosen for straight-RGBA pixels.
public enum GIFTransparency: Sendable, Equatable {
  /// No transparency: every pixel is blended onto `matte` (its alpha ignored) and opaque. What
  /// `GIFFormat` writes a scene with an opaque background with.
  case flatten(matte: RGBA8)
  /// Pixels with alpha below `threshold` (1...255) are transparent; all others are blended onto
  /// the colour (the page or app background; its alpha ignored). With `GIFOptions.maxFringeError`
  /// the threshold may rise per chunk of frames. Default: white, `GIFOptions.defaultAlphaThreshold`.
  case matte(RGBA8, threshold: Int)
  /// No matte: a pixel whose alpha is at least `GIFOptions.cutAlphaThreshold` (128) shows its
  /// own colour, opaque, and every other pixel is transparent, as ffmpeg's `alpha_threshold=128`
  /// does: the GIF looks the same on every page, with one-bit edges, and a shape fading through
  /// half opacity appears or vanishes at once.
  case cut

  /// White partly transparent pixels blended onto, transparent below alpha 8.
  public static let `default` = GIFTransparency.matte(
    RGBA8(r: 255, g: 255, b: 255), threshold: GIFOptions.defaultAlphaThreshold)

  /// The colour pixels are blended onto; nil for `.cut`.
  public var matte: RGBA8? {
    switch self {
    case .flatten(let matte), .matte(let matte, _): return matte
    case .cut: return nil
    }
  }

  /// The same choice for a scene whose background is opaque (`opaque`) or not: an opaque one
  /// flattens onto the matte (white for `.cut`, whose pixels are then all opaque anyway).
  public func forBackground(opaque: Bool) -> GIFTransparency {
    opaque ? .flatten(matte: matte ?? RGBA8(r: 255, g: 255, b: 255)) : self
  }
}

// MARK: - GIFOptions

/// How an animation is turned into GIF colours, transparency and looping.
public struct GIFOptions: Sendable, Equatable {
  /// The NETSCAPE2.0 loop count field: 0 = loop forever (default); N = play, then repeat N more
  /// times (browsers show N + 1 plays); `nil` = no loop block (plays once). Range 0...65535.
  public var loopCount: Int?
  /// Which pixels are transparent and what the others are blended onto. Default
  /// `GIFTransparency.default`: white, transparent below alpha 8.
  public var transparency: GIFTransparency
  /// Dithering of colours missing from the palette. Default `.none`: measured smaller and more
  /// faithful on anti-aliased loaders (see `GIFEncoder`).
  public var dither: GIFDither
  /// The largest number of opaque palette colours (2...255; one more slot is kept for
  /// transparency). Default 255. Fewer colours make smaller files at some loss of smoothness.
  public var maxColors: Int
  /// The colour error that is good enough, as root-mean-square per channel over every pixel of
  /// every frame (transparent pixels count as exact), in 8-bit levels (≥ 0): the palette gets the
  /// fewest colours (up to `maxColors`) that reach it, then is filled up to its power-of-two table
  /// size (more colours at the same LZW code width). Smaller palettes mean narrower LZW codes and
  /// smaller files. 0 = always use every colour allowed (exact when the animation has at most
  /// `maxColors` colours). Default `nil`: by what the GIF holds (`colorError(hasTransparency:)`),
  /// `defaultColorError` (0.51 levels, 54 dB) when every pixel is opaque,
  /// `defaultTransparentColorError` (1.28 levels, 46 dB) when some pixel is transparent.
  public var maxColorError: Double?
  /// With `.matte` transparency: the colour error that dropping the faint fringe of anti-aliased
  /// edges may add, as root-mean-square per channel over every pixel of a frame on the matte, in
  /// 8-bit levels (≥ 0). The encoder raises the alpha threshold to the highest of 128, 64, 32 and
  /// 16 (never below the matte's threshold) that stays within it in every frame of a chunk of frames
  /// (up to 32 consecutive frames; each chunk is measured on its own). A fringe pixel only shows as a matte-coloured speck on another page, and
  /// breaks the runs LZW compresses; translucent fills (a fading shape) cost far more error, so
  /// they stay. 0 = never raise it; also off when `maxColorError` is 0 (exact). Default
  /// `colorError(forPSNR: 40)` (2.55 levels, `defaultFringeError`): on an anti-aliased loader
  /// the cut can rise to 128, like ffmpeg's `alpha_threshold=128`, for a markedly smaller file.
  public var maxFringeError: Double
  /// The most threads the encoder uses (≥ 1). Default: the active processor count. The output is
  /// the same bytes for any number.
  public var threads: Int

  /// The default `maxColorError`: 0.51 levels RMS, i.e. a PSNR of 54 dB, far below visible
  /// differences: with the temporal tolerance it implies, fewer bytes than ffmpeg's two-pass
  /// palette GIF at a higher mean PSNR on white (`scripts/bench.d/gif`), and enough palette
  /// entries for soft glows on dark backgrounds.
  public static let defaultColorError = colorError(forPSNR: 54)

  /// The default `maxColorError` of a GIF with transparent pixels: 1.28 levels RMS, 46 dB.
  /// Such a GIF is only exact on its matte: on any other page its edges (one-bit alpha, the
  /// fringe cut within `maxFringeError`, 40 dB) are off by far more than its colours, so colour
  /// precision beyond that buys bytes nobody sees: against 54 dB, smaller files whose mean PSNR
  /// on white stays above the fringe's 40 dB (`scripts/bench.d/gif`, transparent kind).
  public static let defaultTransparentColorError = colorError(forPSNR: 46)

  /// The default `maxFringeError`: 2.55 levels RMS, a PSNR of 40 dB.
  public static let defaultFringeError = colorError(forPSNR: 40)

  /// The alpha at and above which `.cut` keeps a pixel (opaque): 128, half opacity.
  public static let cutAlphaThreshold = 128

  /// The alpha below which `.matte` makes a pixel transparent by default: 8 (fainter pixels
  /// would only show as matte-coloured specks).
  public static let defaultAlphaThreshold = 8

  /// The colour partly transparent pixels are blended onto; nil with `.cut` transparency.
  public var matte: RGBA8? { transparency.matte }

  /// The colour error the palette aims for: `maxColorError` when set, otherwise the default for
  /// a matted GIF with or without transparent pixels (`defaultTransparentColorError`,
  /// `defaultColorError`); with `.cut`, `defaultColorError`: a cut GIF is made for pages of
  /// any colour and shows the pixels it keeps as they are, so they get an opaque GIF's precision
  /// (at 46 dB a cut GIF can come out below ffmpeg's cut GIF on white).
  /// - Parameter hasTransparency: whether some pixel of some frame is transparent in the GIF.
  /// - Returns: RMS error per channel in 8-bit levels (≥ 0).
  public func colorError(hasTransparency: Bool) -> Double {
    maxColorError ?? (hasTransparency && transparency != .cut ? Self.defaultTransparentColorError : Self.defaultColorError)
  }

  /// The squared RGB distance (8-bit levels) within which a pixel keeps the palette colour it had
  /// in the previous frame rather than its nearest one: `12 · error²`, i.e. an error of at most
  /// 2 × `error` RMS per channel; 0 when `error` is 0 (exact). Colours that stay put make
  /// longer runs for LZW, for a fraction of a dB.
  /// - Parameter error: the colour error in effect (`colorError(hasTransparency:)`).
  static func temporalTolerance(forColorError error: Double) -> Int {
    Int((12 * error * error).rounded(.down))
  }

  /// The RMS error per channel, in 8-bit levels, of a peak signal-to-noise ratio.
  /// - Parameter psnr: The PSNR in dB (> 0).
  /// - Returns: `255 / 10^(psnr / 20)`.
  public static func colorError(forPSNR psnr: Double) -> Double {
    255 / pow(10, psnr / 20)
  }

  /// Creates options; every parameter has the documented default.
  public init(loopCount: Int? = 0, transparency: GIFTransparency = .default,
              dither: GIFDither = .none,
              maxColors: Int = 255, maxColorError: Double? = nil,
              maxFringeError: Double = GIFOptions.defaultFringeError,
              threads: Int = ProcessInfo.processInfo.activeProcessorCount) {
    self.loopCount = loopCount
    self.transparency = transparency
    self.dither = dither
    self.maxColors = maxColors
    self.maxColorError = maxColorError
    self.maxFringeError = maxFringeError
    self.threads = threads
  }

  /// Options whose partly transparent pixels are blended onto `matte` (transparent below the
  /// default threshold, 8); every other parameter has the documented default.
  public init(matte: RGBA8, loopCount: Int? = 0, dither: GIFDither = .none, maxColors: Int = 255,
              maxColorError: Double? = nil, maxFringeError: Double = GIFOptions.defaultFringeError,
              threads: Int = ProcessInfo.processInfo.activeProcessorCount) {
    self.init(loopCount: loopCount, transparency: .matte(matte, threshold: GIFOptions.defaultAlphaThreshold),
              dither: dither, maxColors: maxColors, maxColorError: maxColorError, maxFringeError: maxFringeError,
              threads: threads)
  }
}

// MARK: - GIFEncoder

/// A two-pass streaming animated GIF encoder (GIF89a, one global palette, optimised frames).
///
/// Pass 1 asks for every frame, mattes it and counts its colours; the palette is built from the
/// histogram: median cut (least-squared-error splits) refined by k-means, with the fewest colours
/// that meet the PSNR target, filled up to the power-of-two table (exact when every colour fits).
/// Pass 2 maps every frame to
/// palette indices and writes it through `FrameOptimizer`; it replays pass 1's colour keys from a
/// `KeyCache` (the changed pixels of each frame, at most 48 MiB) and asks for the frames again
/// only when they did not fit. Only a few canvases are held at a time besides that cache.
///
/// Defaults: no dithering, since the Bayer pattern defeats LZW and adds noise, so files without
/// it are smaller and closer to the frames (`scripts/bench dither` compares both on a rotating
/// gradient arc and orbiting dots). The palette size comes from a PSNR target
/// (`GIFOptions.maxColorError`, default 54 dB, or 46 dB when the GIF has transparent pixels), or
/// takes every colour when they fit the next table size up, at no visible loss
/// (`scripts/bench.d/gif` compares with ffmpeg, gifsicle and ImageMagick). With transparency,
/// the faint fringe of anti-aliased edges may be dropped (`GIFOptions.maxFringeError`).
/// Frames are LZW-compressed by `LZW` (byte-identical to giflib's encoder).
public enum GIFEncoder {
  /// The largest canvas side GIF stores, in pixels (16 bits).
  public static let maxSide = 65535

  /// Encodes an animation.
  /// - Parameters:
  ///   - frames: The canvas (1...65535 pixels a side), at least one frame, and their timing,
  ///     turned into centiseconds by `GIFDelays.centiseconds(_:)` (frames that get 0 cs are
  ///     dropped and never asked for). Frames are asked for in chunks, in order, once, or twice
  ///     when the changes between frames exceed the `KeyCache` budget.
  ///   - options: Palette, transparency and loop options.
  /// - Returns: The GIF file's bytes.
  /// - Throws: `GIFError` for invalid input (`.input` for the frames and shared options), errors
  ///   of `frames`, or giflib failures.
  public static func encode(_ frames: TimedFrames, options: GIFOptions = GIFOptions()) throws -> [UInt8] {
    try encode(frames, options: options, cacheBudget: KeyCache.budget)
  }

  /// `encode` with the `KeyCache` budget in bytes (0 = always render twice), for tests.
  static func encode(_ frames: TimedFrames, options: GIFOptions, cacheBudget: Int) throws -> [UInt8] {
    do {
      return try encodeChecked(frames, options: options, cacheBudget: cacheBudget)
    } catch let error as FrameInputError {
      throw GIFError.input(error)
    }
  }

  private static func encodeChecked(_ frames: TimedFrames, options: GIFOptions, cacheBudget: Int) throws -> [UInt8] {
    let (width, height) = (frames.width, frames.height)
    guard (1...maxSide).contains(width), (1...maxSide).contains(height) else {
      throw FrameInputError.invalidCanvas(width: width, height: height, maxSide: maxSide)
    }
    guard frames.count > 0 else { throw FrameInputError.noFrames }
    let delays = GIFDelays.centiseconds(frames.timing)
    guard delays.count == frames.count else { throw FrameInputError.untimed }
    for (i, delay) in delays.enumerated() where delay > 65535 {
      throw FrameInputError.invalidDuration(frame: i, value: delay, unit: .centiseconds, allowed: GIFDelays.minimum...65535)
    }
    if let loop = options.loopCount, !(0...65535).contains(loop) { throw FrameInputError.invalidLoopCount(loop) }
    guard (2...Palette.maxColors).contains(options.maxColors) else { throw GIFError.invalidMaxColors(options.maxColors) }
    if let error = options.maxColorError, !(error >= 0 && error.isFinite) {
      throw GIFError.invalidMaxColorError(error)
    }
    guard options.maxFringeError >= 0, options.maxFringeError.isFinite else {
      throw GIFError.invalidMaxColorError(options.maxFringeError)
    }
    if case .matte(_, let threshold) = options.transparency, !(1...255).contains(threshold) {
      throw GIFError.invalidAlphaThreshold(threshold)
    }
    guard options.threads >= 1 else { throw FrameInputError.invalidThreads(options.threads) }

    let threads = max(1, options.threads)
    var matting = Matting(options.transparency)
    let ranges = FrameChunks.ranges(count: frames.count, chunk: FrameChunks.size(width: width, height: height)) {
      delays[$0] > 0
    }
    let count = width * height

    // MARK: Pass 1 — colour statistics
    var counter = FrameHistogram(count: count)
    var cache = KeyCache(count: count, budget: cacheBudget)
    var last: Frame?
    var lastMatting = matting
    // With a matte and a fringe budget each chunk of frames gets its own alpha threshold (the
    // same in both passes: chunks are the same ranges in the same order); a cut GIF keeps 128, a
    // flattened one has none.
    var measuresFringe = false
    var baseThreshold = 0
    if case .matte(_, let threshold) = options.transparency {
      measuresFringe = options.maxColorError != 0 && options.maxFringeError > 0
      baseThreshold = threshold
    }
    var chunkMattings: [Matting] = []
    try FrameChunks.forEach(ranges, of: frames) { range, rendered in
      if measuresFringe {
        matting = Matting(options.transparency, threshold: Matting.fringeThreshold(
          of: rendered, matte: matting.matte, base: baseThreshold, maxError: options.maxFringeError))
      }
      chunkMattings.append(matting)
      let changes = try keyChanges(of: rendered, after: last, matting: matting, previousMatting: lastMatting,
                                   threads: threads)
      for (offset, change) in changes.enumerated() {
        counter.add(positions: change.positions, values: change.values)
        cache.store(positions: change.positions, values: change.values, frame: range.lowerBound + offset)
      }
      last = rendered.last
      lastMatting = matting
    }
    last = nil
    let histogram = counter.finish()
    let colorError = options.colorError(hasTransparency: histogram.transparentCount > 0)
    let palette = Quantizer.palette(for: histogram, maxColors: options.maxColors, maxError: colorError)

    // MARK: Pass 2 — mapping and writing
    let writer = try GIFWriter()
    try writer.putScreen(width: width, height: height, table: palette.rgbTable,
                         background: Int(palette.transparentIndex))
    if let loop = options.loopCount { try writer.putLoop(count: loop) }
    var stream = FrameStream(palette: palette, width: width, height: height, threads: threads,
                             header: try writer.finish())
    var mapper = CanvasMapper(palette: palette, dither: options.dither, width: width, height: height,
                              tolerance: GIFOptions.temporalTolerance(forColorError: colorError))
    if cache.isComplete {
      // Pass 1's keys, replayed: no second rendering.
      var first = true
      try cache.replay { i, keys, changed in
        mapper.map(keys, changed: first ? nil : changed)
        first = false
        try stream.add(mapper.canvas, delay: delays[i])
        frames.onEncoded?(i)
      }
    } else {
      var first = true
      var keys = [ColorKey](repeating: .transparent, count: count)
      var chunkIndex = 0
      lastMatting = Matting(options.transparency)
      try FrameChunks.forEach(ranges, of: frames) { range, rendered in
        let matting = chunkMattings[chunkIndex]
        chunkIndex += 1
        let changes = try keyChanges(of: rendered, after: last, matting: matting, previousMatting: lastMatting,
                                     threads: threads)
        lastMatting = matting
        for (offset, change) in changes.enumerated() {
          keys.withUnsafeMutableBufferPointer { keys in
            for (p, key) in zip(change.positions, change.values) { keys[Int(p)] = key }
          }
          // The mapper's previous keys are the previous frame's: its changes are all it must look at.
          mapper.map(keys, changed: first ? nil : change.positions)
          first = false
          try stream.add(mapper.canvas, delay: delays[range.lowerBound + offset])
          frames.onEncoded?(range.lowerBound + offset)
        }
        last = rendered.last
      }
    }
    return try stream.finish()
  }

  /// Each frame's colour key changes from the one before, for a chunk of frames (on `threads`
  /// threads).
  /// - Parameters:
  ///   - frames: Consecutive shown frames.
  ///   - previous: The frame before the first; `nil` = an all-transparent canvas.
  ///   - matting: How the chunk's frames are keyed.
  ///   - previousMatting: How `previous` was keyed (the previous chunk's matting).
  ///   - threads: The most threads used.
  /// - Returns: One change per frame.
  private static func keyChanges(of frames: [Frame], after previous: Frame?, matting: Matting,
                                 previousMatting: Matting, threads: Int) throws -> [KeyChange] {
    Parallel.map(frames.count, workers: threads) { k in
      KeyChange(from: k == 0 ? previous : frames[k - 1], to: frames[k], matting: matting,
                previousMatting: k == 0 ? previousMatting : matting)
    }
  }
}

// MARK: - FrameStream

/// Pass 2's writing end: takes indexed canvases in order and assembles the file.
///
/// Canvases are gathered in batches. Per batch, how each canvas differs from the one before is
/// computed on several threads; then `FrameOptimizer` decides every frame's disposal and
/// rectangle in order (these depend on the canvas left by the frames before); then each decided
/// frame's indices are chosen and LZW-compressed on several threads, and the frames are appended
/// in order. With more than one thread a batch is written on a queue of its own while the caller
/// maps the next one: mapping canvases is serial, and no longer waits for the batch before it.
/// The bytes are the same for any number of threads.
struct FrameStream {
  private let batchSize: Int
  private var batch: [(canvas: [UInt8], delay: Int)] = []
  private let sink: FrameSink
  /// Where batches are written when there is more than one thread; nil: on the caller's.
  private let queue: DispatchQueue?
  /// Taken while a batch is being written on `queue`.
  private let writing = DispatchSemaphore(value: 1)

  /// Starts a file.
  /// - Parameters:
  ///   - palette: The global palette.
  ///   - threads: The most threads used (≥ 1).
  ///   - header: The file so far (header, screen, loop), as `GIFWriter.finish` returns it.
  init(palette: Palette, width: Int, height: Int, threads: Int, header: [UInt8]) {
    // About 8 MiB of canvases alive at a time: one batch of 8 MiB, or with a queue one batch
    // of 4 MiB being written and one being gathered (4 to 64 canvases a batch).
    let budget = threads > 1 ? 4 << 20 : 8 << 20
    batchSize = max(4, min(64, budget / max(1, width * height)))
    sink = FrameSink(palette: palette, width: width, height: height, threads: threads, header: header)
    queue = threads > 1 ? DispatchQueue(label: "kurukuru.gif.frames") : nil
  }

  /// Adds the next canvas (`width * height` palette indices) shown for `delay` centiseconds.
  mutating func add(_ canvas: [UInt8], delay: Int) throws {
    batch.append((canvas, delay))
    if batch.count >= batchSize { try submit() }
  }

  /// Writes every frame left and the trailer.
  /// - Returns: The file's bytes.
  mutating func finish() throws -> [UInt8] {
    try submit()
    // The last batch is written once `writing` is free again.
    writing.wait()
    defer { writing.signal() }
    if let error = sink.error { throw error }
    return try sink.finish()
  }

  /// Hands the gathered canvases to the sink: on `queue` once the batch before is written, or at
  /// once without one. Throws the error of an earlier batch.
  private mutating func submit() throws {
    guard !batch.isEmpty else { return }
    let batch = self.batch
    self.batch = []
    guard let queue else {
      try sink.flush(batch)
      return
    }
    writing.wait()
    if let error = sink.error {
      writing.signal()
      throw error
    }
    let (sink, writing) = (self.sink, self.writing)
    queue.async {
      do { try sink.flush(batch) } catch { sink.error = error }
      writing.signal()
    }
  }
}

/// `FrameStream`'s state, used by one thread at a time (the caller's, or the stream's queue
/// while it holds `FrameStream.writing`).
private final class FrameSink {
  private let transparent: UInt8
  private let minCodeSize: Int
  private let width: Int
  private let height: Int
  private let threads: Int
  private var optimizer: FrameOptimizer
  private var previous: [UInt8]?
  private var layouts: [FrameLayout] = []
  private var bytes: [UInt8]
  /// The first error of a batch written on the queue.
  var error: Error?

  init(palette: Palette, width: Int, height: Int, threads: Int, header: [UInt8]) {
    transparent = palette.transparentIndex
    minCodeSize = max(2, palette.tableSize.trailingZeroBitCount)
    self.width = width
    self.height = height
    self.threads = threads
    optimizer = FrameOptimizer(width: width, height: height, transparent: transparent, minCodeSize: minCodeSize)
    bytes = header.last == GIFWriter.trailer ? Array(header.dropLast()) : header
  }

  /// Writes a batch of canvases, in order after the ones before.
  func flush(_ batch: [(canvas: [UInt8], delay: Int)]) throws {
    let previous = self.previous
    let (width, height, t) = (self.width, self.height, transparent)
    let changes = Parallel.map(batch.count, workers: threads) { k -> CanvasChange? in
      guard let before = k == 0 ? previous : batch[k - 1].canvas else { return nil }
      return CanvasChange(from: before, to: batch[k].canvas, width: width, height: height, transparent: t)
    }
    for (k, item) in batch.enumerated() {
      try optimizer.add(item.canvas, delay: item.delay, change: changes[k]) { layouts.append($0) }
    }
    self.previous = batch.last?.canvas
    writeLayouts()
  }

  /// The frames left and the trailer: the file's bytes.
  func finish() throws -> [UInt8] {
    try optimizer.finish { layouts.append($0) }
    writeLayouts()
    bytes.append(GIFWriter.trailer)
    return bytes
  }

  private func writeLayouts() {
    let layouts = self.layouts
    self.layouts = []
    let (t, minCodeSize) = (transparent, self.minCodeSize)
    let frames = Parallel.map(layouts.count, workers: threads) { k -> [UInt8] in
      layouts[k].encoded(transparent: t, minCodeSize: minCodeSize)
    }
    for frame in frames { bytes.append(contentsOf: frame) }
  }
}

// MARK: - CanvasMapper

/// Maps frames of colour keys to canvases of palette indices, looking up only the pixels whose
/// key changed since the previous frame. A changed pixel whose previous palette colour is still
/// within `tolerance` of its new colour keeps it: anti-aliased edges that shift by a level or two
/// then stay unchanged, which makes smaller frames (and no shimmer), at a bounded error.
struct CanvasMapper {
  private var mapper: PixelMapper
  private var previous: [ColorKey]
  private let width: Int
  private let colors: [ColorKey]
  private let tolerance: Int
  /// The last mapped frame's palette indices, row by row.
  private(set) var canvas: [UInt8]

  /// Prepares mapping to `palette` for canvases of `width` × `height` pixels.
  /// - Parameter tolerance: The squared RGB distance (8-bit levels) within which a pixel keeps its
  ///   previous palette colour instead of taking its nearest one; 0 = always the nearest.
  init(palette: Palette, dither: GIFDither, width: Int, height: Int, tolerance: Int = 0) {
    mapper = PixelMapper(palette: palette, dither: dither)
    colors = palette.colors
    self.tolerance = tolerance
    // No pixel has key `.max` (keys are 24-bit colours or `.transparent`): all map the first time.
    previous = [ColorKey](repeating: .max, count: width * height)
    canvas = [UInt8](repeating: 0, count: width * height)
    self.width = width
  }

  /// Maps `keys` (one per pixel) into `canvas`.
  /// - Parameter changed: The pixels whose key may differ from the previous call's, when known
  ///   (the others are skipped); `nil` = look at every pixel.
  mutating func map(_ keys: [ColorKey], changed: [UInt32]? = nil) {
    let width = self.width
    keys.withUnsafeBufferPointer { now in
      previous.withUnsafeMutableBufferPointer { before in
        canvas.withUnsafeMutableBufferPointer { out in
          func visit(_ p: Int) {
            guard now[p] != before[p] else { return }
            let index = mapper.index(now[p], x: p % width, y: p / width)
            let old = out[p]
            if tolerance > 0 && before[p] != .max && index != old && now[p] != .transparent
              && Int(old) < colors.count {
              let c = colors[Int(old)], k = now[p]
              let dr = c.red - k.red, dg = c.green - k.green, db = c.blue - k.blue
              if dr * dr + dg * dg + db * db <= tolerance { before[p] = now[p]; return }
            }
            out[p] = index
            before[p] = now[p]
          }
          if let changed {
            for p in changed { visit(Int(p)) }
          } else {
            for p in 0..<now.count { visit(p) }
          }
        }
      }
    }
  }
}

// MARK: - KeyCache

/// Pass 1's colour keys kept for pass 2, so that frames are rendered once: each frame is stored
/// as the pixels whose key changed since the previous frame (8 bytes each), as long as the total
/// stays within a byte budget; past it the cache gives up and pass 2 renders again. The output
/// is the same either way.
struct KeyCache {
  /// The most bytes of changes kept: 48 MiB (at most a third of the 150 MB a long animation at
  /// 3× may use; a typical loader frame changes a few thousand pixels).
  static let budget = 48 << 20

  private let budget: Int
  private let count: Int
  private var used = 0
  private var overflowed = false
  private var previous: [ColorKey]
  private var frames: [(index: Int, positions: [UInt32], keys: [ColorKey])] = []

  /// Creates an empty cache for canvases of `count` pixels.
  init(count: Int, budget: Int) {
    self.budget = budget
    self.count = count
    previous = [ColorKey](repeating: .transparent, count: count)
  }

  /// `true` when every stored frame was kept.
  var isComplete: Bool { !overflowed }

  /// Stores the keys of the frame with timeline index `frame` (frames come in order).
  mutating func store(_ keys: [ColorKey], frame: Int) {
    guard !overflowed else { return }
    let change = KeyChange(from: previous, to: keys)
    previous = keys
    store(positions: change.positions, values: change.values, frame: frame)
  }

  /// Stores a frame given as its changes from the previous stored frame (from an all-transparent
  /// canvas for the first); the same as `store(_:frame:)` with the whole frame.
  /// - Parameters:
  ///   - positions: The pixels whose key changed, in increasing order.
  ///   - values: Their new keys.
  ///   - frame: The frame's timeline index (frames come in order).
  mutating func store(positions: [UInt32], values: [ColorKey], frame: Int) {
    guard !overflowed else { return }
    used += positions.count * 8 + 64
    guard used <= budget else {
      overflowed = true
      frames = []
      previous = []
      return
    }
    frames.append((frame, positions, values))
  }

  /// Calls `body` with every stored frame's timeline index and keys, in order.
  /// The third argument lists the pixels whose key changed since the previous stored frame (for
  /// the first frame: since an all-transparent canvas).
  func replay(_ body: (Int, [ColorKey], [UInt32]) throws -> Void) throws {
    var keys = [ColorKey](repeating: .transparent, count: count)
    for frame in frames {
      keys.withUnsafeMutableBufferPointer { out in
        for (p, key) in zip(frame.positions, frame.keys) { out[Int(p)] = key }
      }
      try body(frame.index, keys, frame.positions)
    }
  }
}

// MARK: - KeyChange

/// The pixels whose colour key differs between two frames, and their new keys.
struct KeyChange {
  /// The pixels that differ, in increasing order.
  var positions: [UInt32] = []
  /// The later frame's keys at `positions`.
  var values: [ColorKey] = []

  /// Compares two frames of keys (the same number of pixels).
  init(from before: [ColorKey], to after: [ColorKey]) {
    before.withUnsafeBufferPointer { before in
      after.withUnsafeBufferPointer { now in
        for p in 0..<now.count where now[p] != before[p] {
          positions.append(UInt32(p))
          values.append(now[p])
        }
      }
    }
  }

  /// Compares the keys of two frames of the same size, matting only the pixels that differ.
  /// - Parameters:
  ///   - before: The earlier frame; `nil` = all transparent.
  ///   - after: The later frame.
  ///   - matting: How `after` is keyed.
  ///   - previousMatting: How `before` was keyed; default `matting`. When its threshold differs
  ///     (a new chunk with another fringe threshold), every pixel is compared, equal or not.
  init(from before: Frame?, to after: Frame, matting: Matting, previousMatting: Matting? = nil) {
    let previousMatting = previousMatting ?? matting
    let sameKeying = previousMatting.threshold == matting.threshold
    after.pixels.withUnsafeBufferPointer { now in
      guard let before else {
        for p in 0..<(now.count / 4) {
          let key = matting.key(now, p)
          if key != .transparent {
            positions.append(UInt32(p))
            values.append(key)
          }
        }
        return
      }
      before.pixels.withUnsafeBufferPointer { then in
        guard let pn = now.baseAddress, let pt = then.baseAddress else { return }
        // Equal blocks of pixels (most of a loader's frame) have equal keys: skipped by `memcmp`.
        let block = 64
        let count = now.count / 4
        var start = 0
        while start < count {
          let end = min(count, start + block)
          if !sameKeying || memcmp(pt + start * 4, pn + start * 4, (end - start) * 4) != 0 {
            let wordsThen = UnsafeRawPointer(pt), wordsNow = UnsafeRawPointer(pn)
            for p in start..<end {
              // Equal pixels have equal keys (under one keying): only the others are matted.
              guard !sameKeying || wordsThen.loadUnaligned(fromByteOffset: p * 4, as: UInt32.self)
                != wordsNow.loadUnaligned(fromByteOffset: p * 4, as: UInt32.self) else { continue }
              let key = matting.key(now, p)
              if key != previousMatting.key(then, p) {
                positions.append(UInt32(p))
                values.append(key)
              }
            }
          }
          start = end
        }
      }
    }
  }
}

// MARK: - Matting

/// Turns straight RGBA pixels into opaque colour keys or the transparent key, as a
/// `GIFTransparency` says: below `threshold` transparent; otherwise blended onto `matte`, or
/// (`cuts`) the pixel's own colour.
struct Matting {
  let matte: (r: Int, g: Int, b: Int)
  private(set) var threshold: Int
  /// `.cut`: kept pixels are not blended.
  let cuts: Bool

  init(_ transparency: GIFTransparency) {
    switch transparency {
    case .flatten(let m):
      matte = (Int(m.r), Int(m.g), Int(m.b))
      threshold = 0
      cuts = false
    case .matte(let m, let threshold):
      matte = (Int(m.r), Int(m.g), Int(m.b))
      self.threshold = threshold
      cuts = false
    case .cut:
      matte = (255, 255, 255)
      threshold = GIFOptions.cutAlphaThreshold
      cuts = true
    }
  }

  /// Matting with the alpha threshold `threshold` for `.matte` (a raised fringe threshold); the
  /// other choices keep theirs.
  init(_ transparency: GIFTransparency, threshold: Int) {
    self.init(transparency)
    if case .matte = transparency { self.threshold = threshold }
  }

  /// The highest alpha threshold of 128, 64, 32 and 16 (above `base`) whose dropped pixels add at
  /// most `maxError` RMS per channel over every pixel of each one of `frames` on the matte; else
  /// `base`. Judged frame by frame, not over all of them: a shape that fades out over a few
  /// frames (NV orbit's halo, SpinKit pulse) is a large error in those frames, however small its
  /// share of the whole loop, so it keeps the low threshold and does not vanish early.
  /// - Parameters:
  ///   - frames: The frames to measure (straight RGBA).
  ///   - matte: The matte colour.
  ///   - base: The lowest threshold (1...255).
  ///   - maxError: The error allowed per frame, in 8-bit levels.
  static func fringeThreshold(of frames: [Frame], matte: (r: Int, g: Int, b: Int), base: Int,
                              maxError: Double) -> Int {
    let candidates = [128, 64, 32, 16].filter { $0 > base }
    // The largest squared error (summed over channels) any one frame gets from each candidate.
    var worst = [Double](repeating: 0, count: candidates.count)
    var budget = 0.0
    for frame in frames {
      budget = max(budget, maxError * maxError * 3 * Double(frame.width * frame.height))
      var sums = [Int](repeating: 0, count: 128)
      frame.pixels.withUnsafeBufferPointer { px in
        for i in 0..<(px.count / 4) {
          let a = Int(px[i * 4 + 3])
          guard a < 128 && a >= base else { continue }
          let r = blend(Int(px[i * 4]), a, matte.r) - matte.r
          let g = blend(Int(px[i * 4 + 1]), a, matte.g) - matte.g
          let b = blend(Int(px[i * 4 + 2]), a, matte.b) - matte.b
          sums[a] += r * r + g * g + b * b
        }
      }
      for (k, candidate) in candidates.enumerated() {
        worst[k] = max(worst[k], Double(sums[base..<candidate].reduce(0, +)))
      }
    }
    for (k, candidate) in candidates.enumerated() where worst[k] <= budget { return candidate }
    return base
  }

  /// The colour `value` (0...255) with alpha `alpha` blended onto `background`, rounded.
  @inline(__always)
  static func blend(_ value: Int, _ alpha: Int, _ background: Int) -> Int {
    (value * alpha + background * (255 - alpha) + 127) / 255
  }

  /// The key of pixel `i` of straight RGBA `pixels`.
  @inline(__always)
  func key(_ px: UnsafeBufferPointer<UInt8>, _ i: Int) -> ColorKey {
    let a = Int(px[i * 4 + 3])
    if a < threshold { return .transparent }
    if a == 255 || cuts { return .rgb(px[i * 4], px[i * 4 + 1], px[i * 4 + 2]) }
    return .rgb(UInt8(Matting.blend(Int(px[i * 4]), a, matte.r)),
                UInt8(Matting.blend(Int(px[i * 4 + 1]), a, matte.g)),
                UInt8(Matting.blend(Int(px[i * 4 + 2]), a, matte.b)))
  }
}
