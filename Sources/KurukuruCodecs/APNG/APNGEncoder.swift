import Foundation
import KurukuruCore

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
/// (levels 10 and 11 take less time for larger streams); choosing the winners costs less.
/// Work runs on `options.threads` threads; the choice never depends on them.
public enum APNGEncoder {
  /// The largest canvas side written, in pixels: the decoders' limit (`DecodeLimits.maxSide`).
  public static let maxSide = DecodeLimits.maxSide

  /// Encodes an animation.
  /// - Parameters:
  ///   - frames: The canvas (1...8192 pixels a side), at least one frame, and their timing,
  ///     turned into fcTL's fractions by `APNGDelays.delays(_:)`. Frames are asked for in
  ///     chunks, in order, once, or twice when the changes exceed the cache budget.
  ///   - options: Loop count, compression, palette and merging.
  /// - Returns: The APNG file's bytes.
  /// - Throws: `APNGError` for invalid input (`.input` for the frames and shared options),
  ///   errors of `frames`.
  public static func encode(_ frames: TimedFrames, options: APNGOptions = APNGOptions()) throws -> [UInt8] {
    try encode(frames, options: options, cacheBudget: ChangeCache.budget)
  }

  /// `encode` with the cache budget in bytes (0 = always render twice), for tests.
  static func encode(_ frames: TimedFrames, options: APNGOptions, cacheBudget: Int) throws -> [UInt8] {
    do {
      return try encodeChecked(frames, options: options, cacheBudget: cacheBudget)
    } catch let error as FrameInputError {
      throw APNGError.input(error)
    }
  }

  private static func encodeChecked(_ frames: TimedFrames, options: APNGOptions, cacheBudget: Int) throws -> [UInt8] {
    let (width, height) = (frames.width, frames.height)
    guard (1...maxSide).contains(width), (1...maxSide).contains(height) else {
      throw FrameInputError.invalidCanvas(width: width, height: height, maxSide: maxSide)
    }
    let frameCount = frames.count
    guard frameCount > 0 else { throw FrameInputError.noFrames }
    let delays = APNGDelays.delays(frames.timing)
    guard delays.count == frameCount else { throw FrameInputError.untimed }
    guard (0...65535).contains(options.loopCount) else { throw FrameInputError.invalidLoopCount(options.loopCount) }
    guard options.threads >= 1 else { throw FrameInputError.invalidThreads(options.threads) }
    let threads = options.threads
    let ranges = FrameChunks.ranges(count: frameCount, chunk: FrameChunks.size(width: width, height: height))

    // MARK: Pass 1 — changes and colours
    var cache = ChangeCache(budget: cacheBudget)
    var colors = ColorCounter()
    colors.insert(0)  // OVER's unchanged pixels and the empty frame are transparent black
    var identical = [Bool](repeating: false, count: frameCount)
    var last: Frame?
    try FrameChunks.forEach(ranges, of: frames) { range, rendered in
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
      defer { frames.onEncoded?(i) }
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
      try FrameChunks.forEach(ranges, of: frames) { range, rendered in
        let rects = Parallel.map(rendered.count, workers: threads) { k in
          FrameChange.changedRect(from: k == 0 ? last : rendered[k - 1], to: rendered[k])
        }
        for (k, frame) in rendered.enumerated() { try add(range.lowerBound + k, frame.pixels, rects[k]) }
        last = rendered.last
      }
    }
    guard next == shown.count else {
      throw APNGError.internalInconsistency("\(next) of \(shown.count) frames written")
    }
    return try writer.finish(loopCount: options.loopCount)
  }
}
