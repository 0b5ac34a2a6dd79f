import Foundation
import KurukuruCore

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
  /// Winners repeat where a shape passes the same place again (a bounce, a zig-zag).
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
    var dispose: APNGDispose
    var blend: APNGBlend
    /// The zlib stream; empty while the lane compresses it.
    var data: [UInt8]
  }

  /// One way of writing a frame.
  private struct Candidate {
    var rect: PixelRect
    /// The previous frame's dispose op that this candidate is drawn after.
    var dispose: APNGDispose
    var blend: APNGBlend
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
    var bases: [(dispose: APNGDispose, base: [UInt8])] = []
    if frames.isEmpty {
      let full = PixelRect(x: 0, y: 0, width: width, height: height)
      candidates.append(Candidate(rect: full, dispose: .none, blend: .source, raw: try rows(canvas, full)))
      bases = [(.none, [UInt8](repeating: 0, count: width * height * 4))]
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
      bases = [(dispose: .none, base: previous), (dispose: .background, base: cleared)]
      if let restored { bases.append((dispose: .previous, base: restored)) }
      let area = changed.map { $0.union(previousRect) } ?? previousRect
      for (dispose, base) in bases {
        let diff = dispose == .none ? changed : diffRect(current: canvas, base: base, within: area)
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
    frames.append(EncodedFrame(rect: best.candidate.rect, delay: delay, dispose: .none, blend: best.candidate.blend,
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
  private func unchangedPixel(current: [UInt8], dispose: APNGDispose) throws -> Candidate {
    let r = PixelRect(x: 0, y: 0, width: 1, height: 1)
    guard layout.hasAlpha else {
      let pixel = current.withUnsafeBytes { c in c.baseAddress.map { word($0, 0) } ?? 0 }
      return Candidate(rect: r, dispose: dispose, blend: .source, raw: try layout.encode([pixel], width: 1, height: 1))
    }
    return Candidate(rect: r, dispose: dispose, blend: .over, raw: try layout.encode([0], width: 1, height: 1))
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
  private func makeCandidates(current: [UInt8], base: [UInt8], diff: PixelRect, dispose: APNGDispose) throws -> [Candidate] {
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
    var out = [Candidate(rect: diff, dispose: dispose, blend: .source,
                         raw: try layout.encode(source, width: diff.width, height: diff.height))]
    if overExact {
      out.append(Candidate(rect: diff, dispose: dispose, blend: .over,
                           raw: try layout.encode(over, width: diff.width, height: diff.height)))
      if runsDiffer {
        out.append(Candidate(rect: diff, dispose: dispose, blend: .over,
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
  /// `APNGCompression.recheck`: the estimate misranks filters on small palette frames, and
  /// small frames are cheap to compress thrice.
  static let recheckLimit = 16 << 10

  /// A filtering whose estimate is more than this many percent (25) above the best's is not
  /// rechecked: the widest reversal of the estimate's ranking among the bundled presets at 2x
  /// is below it, and skipping the filterings past it halves the level-9 compressions for the
  /// same bytes.
  static let recheckMargin = 25

  /// The candidate and filter strategy with the smallest estimated size and its filtered rows.
  ///
  /// Two rounds at `APNGCompression.estimate`: the candidates each with the layout's usual
  /// filter (`PNGFilter.firstTried`), then the other strategies on the winning candidate only —
  /// 4 + 5 compressions a frame instead of 4 × 6; small frames then a recheck (`recheckLimit`).
  /// When the final setting is the estimate's (`APNGCompression.fast`) the winner's stream is
  /// returned as `stream`: nothing is compressed twice, and the ranking is by the final sizes.
  private func choose(_ candidates: [Candidate]) throws -> (candidate: Candidate, filtered: [UInt8],
                                                              stream: [UInt8]?) {
    let bpp = layout.filterBPP
    func trial(_ candidate: Candidate, _ strategy: PNGFilter) throws -> (filtered: [UInt8], size: Int, stream: [UInt8]) {
      let filtered = PNGFilters.filter(candidate.raw, rowBytes: layout.rowBytes(candidate.rect.width),
                                       height: candidate.rect.height, bpp: bpp, strategy: strategy)
      let stream = try Deflate.compress(filtered, with: APNGCompression.estimate, pool: pool)
      return (filtered, stream.count, stream)
    }
    let first = PNGFilter.firstTried(isPalette: layout.isPalette)
    // A candidate equal to an earlier one (same rectangle and rows: OVER where every pixel of
    // the region changes, or two disposals that leave the same base) is ranked once: it would
    // tie with the earlier one, which wins ties.
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
    let others = PNGFilter.tried(isPalette: layout.isPalette).filter { $0 != first }
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
        d.u16(f.delay.numerator); d.u16(f.delay.denominator); d.bytes([f.dispose.rawValue, f.blend.rawValue])
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

// MARK: - Filters tried

extension PNGFilter {
  /// The filter every candidate is ranked with before the others are tried on the winner: none
  /// for palettes (indices are not magnitudes), adaptive otherwise (the usual best).
  static func firstTried(isPalette: Bool) -> PNGFilter { isPalette ? .none : .adaptive }

  /// The filters tried on the winning candidate: all six for grey and true colour; for palette
  /// images (where the PNG spec advises none) none, up and adaptive.
  static func tried(isPalette: Bool) -> [PNGFilter] {
    isPalette ? [.none, .up, .adaptive] : PNGFilter.allCases
  }
}
