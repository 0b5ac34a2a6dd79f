// MARK: - ColorHistogram

/// Counts of the opaque colours of an animation, at full 8-bit resolution.
struct ColorHistogram {
  /// Pixel count per opaque colour key.
  private(set) var counts: [ColorKey: Int] = [:]
  /// Fully transparent pixels seen (they are always exact, so they dilute the colour error).
  private(set) var transparentCount = 0

  /// Adds the opaque pixels of one matted frame (transparent keys are skipped).
  /// - Parameter keys: One key per pixel.
  mutating func add(_ keys: [ColorKey]) {
    var run: ColorKey = .transparent
    var runLength = 0
    for key in keys {
      if key == .transparent { transparentCount += 1 }
      if key == run {
        runLength += 1
      } else {
        if run != .transparent { counts[run, default: 0] += runLength }
        run = key
        runLength = 1
      }
    }
    if run != .transparent && runLength > 0 { counts[run, default: 0] += runLength }
  }
}

extension ColorHistogram {
  /// Adds `count` pixels of `key` (transparent ones are counted apart).
  mutating func add(_ key: ColorKey, count: Int) {
    guard count > 0 else { return }
    if key == .transparent { transparentCount += count } else { counts[key, default: 0] += count }
  }
}

// MARK: - FrameHistogram

/// The histogram of a sequence of frames, built from their changes: each pixel's key counts once
/// per frame it lasts, but is looked at only when it changes (a loader changes few pixels a
/// frame). The result equals `ColorHistogram.add` over every frame.
struct FrameHistogram {
  private var keys: [ColorKey]
  /// The frame ordinal from which each pixel has had its current key.
  private var since: [Int32]
  private var frames: Int32 = 0
  private var histogram = ColorHistogram()
  /// Counts closed by `add(positions:values:)`, merged into the histogram at the end (a
  /// `Dictionary` per change costs more than the rest of the pass).
  private var pending = ColorCounts()

  /// Creates an empty histogram for frames of `count` pixels.
  init(count: Int) {
    keys = [ColorKey](repeating: .transparent, count: count)
    since = [Int32](repeating: 0, count: count)
  }

  /// Adds the next frame's keys (one per pixel).
  mutating func add(_ frame: [ColorKey]) {
    let ordinal = frames
    var closed: [(ColorKey, Int)] = []
    frame.withUnsafeBufferPointer { now in
      keys.withUnsafeMutableBufferPointer { before in
        since.withUnsafeMutableBufferPointer { start in
          for p in 0..<now.count where now[p] != before[p] {
            closed.append((before[p], Int(ordinal - start[p])))
            before[p] = now[p]
            start[p] = ordinal
          }
        }
      }
    }
    for (key, count) in closed { histogram.add(key, count: count) }
    frames += 1
  }

  /// Adds the next frame, given as its changes from the previous frame added (from an
  /// all-transparent canvas for the first): the same as `add(_:)` with the whole frame.
  /// - Parameters:
  ///   - positions: The pixels whose key differs from the previous frame's, in increasing order.
  ///   - values: Their new keys, one per position.
  mutating func add(positions: [UInt32], values: [ColorKey]) {
    let ordinal = frames
    keys.withUnsafeMutableBufferPointer { before in
      since.withUnsafeMutableBufferPointer { start in
        for (position, key) in zip(positions, values) {
          let p = Int(position)
          pending.add(before[p], Int(ordinal - start[p]))
          before[p] = key
          start[p] = ordinal
        }
      }
    }
    frames += 1
  }

  /// The histogram of every frame added.
  func finish() -> ColorHistogram {
    var result = histogram
    pending.forEach { result.add($0, count: $1) }
    var run: ColorKey = .transparent
    var runLength = 0
    for p in keys.indices {
      let key = keys[p], count = Int(frames - since[p])
      if key == run {
        runLength += count
      } else {
        result.add(run, count: runLength)
        run = key
        runLength = count
      }
    }
    result.add(run, count: runLength)
    return result
  }
}

// MARK: - ColorCounts

/// Pixel counts per colour key (transparent included): open addressing with a multiplicative
/// hash, grown at half load.
struct ColorCounts {
  /// No colour key (keys are 24-bit or `ColorKey.transparent`).
  private static let empty: ColorKey = .max
  private var keys = [ColorKey](repeating: ColorCounts.empty, count: 1024)
  private var counts = [Int](repeating: 0, count: 1024)
  private var used = 0

  /// Adds `count` pixels of `key`.
  @inline(__always)
  mutating func add(_ key: ColorKey, _ count: Int) {
    let mask = keys.count - 1
    var slot = Int(truncatingIfNeeded: (key &* 2_654_435_761) >> 8) & mask
    while keys[slot] != ColorCounts.empty && keys[slot] != key { slot = (slot + 1) & mask }
    if keys[slot] == key {
      counts[slot] += count
      return
    }
    keys[slot] = key
    counts[slot] = count
    used += 1
    if used * 2 > keys.count { grow() }
  }

  private mutating func grow() {
    let old = (keys, counts)
    keys = [ColorKey](repeating: ColorCounts.empty, count: keys.count * 2)
    counts = [Int](repeating: 0, count: keys.count)
    used = 0
    for (key, count) in zip(old.0, old.1) where key != ColorCounts.empty { add(key, count) }
  }

  /// Calls `body` with every key and its count, in slot order.
  func forEach(_ body: (ColorKey, Int) -> Void) {
    for (key, count) in zip(keys, counts) where key != ColorCounts.empty { body(key, count) }
  }
}

// MARK: - Quantizer

/// Builds a palette of at most 255 colours from a histogram: exact when the animation has few
/// enough colours, otherwise weighted median cut refined by k-means. Deterministic.
enum Quantizer {
  /// The number of k-means refinement rounds at most.
  static let refinementRounds = 8

  /// The palette for `histogram`.
  /// - Parameters:
  ///   - histogram: The animation's opaque colours with their pixel counts.
  ///   - maxColors: The largest palette size (1...255).
  ///   - maxError: The root-mean-square error per channel (8-bit levels, over every pixel of every
  ///     frame; transparent pixels are exact) that is good enough: splitting stops at the fewest
  ///     colours that reach it, then the power-of-two colour table is filled (extra colours up to
  ///     the table size cost no code width). 0 = use every colour allowed (exact when the
  ///     animation has at most `maxColors` colours).
  /// - Returns: The palette (sorted by colour key when exact).
  static func palette(for histogram: ColorHistogram, maxColors: Int = Palette.maxColors,
                      maxError: Double = 0) -> Palette {
    let entries = histogram.counts.sorted { $0.key < $1.key }
    if entries.count <= maxColors && maxError <= 0 {
      return Palette(colors: entries.map(\.key), isExact: true)
    }
    let keys = entries.map(\.key)
    let weights = entries.map(\.value)
    var centroids = medianCut(keys: keys, weights: weights, boxes: maxColors, maxError: maxError,
                              exactWeight: histogram.transparentCount)
    // The colour table is written with a power-of-two size and LZW codes are as wide as it needs:
    // colours up to the next size are free, so fill it (better quality, same code width).
    let filled = min(maxColors, Palette.tableSize(forColors: centroids.count) - 1)
    // Rate–distortion: when every colour fits in the table twice as large, one more bit per code
    // buys an exact palette for a few percent more bytes, so take it.
    if maxError > 0 && entries.count <= maxColors
      && Palette.tableSize(forColors: entries.count) <= 2 * Palette.tableSize(forColors: centroids.count) {
      return Palette(colors: entries.map(\.key), isExact: true)
    }
    if maxError > 0 && filled > centroids.count {
      centroids = medianCut(keys: keys, weights: weights, boxes: filled)
    }
    if centroids.count == entries.count {
      return Palette(colors: entries.map(\.key), isExact: true)
    }
    centroids = refine(keys: keys, weights: weights, centroids: centroids)
    return Palette(colors: centroids, isExact: false)
  }

  // MARK: - Median cut

  /// Splits the colour set into at most `boxes` boxes, always splitting the box with the largest
  /// weighted squared error at the weighted median of its widest-variance channel; stops early
  /// once the root-mean-square error per channel is at most `maxError`, over the colours' weight
  /// plus `exactWeight` pixels that have no error (transparent ones).
  static func medianCut(keys: [ColorKey], weights: [Int], boxes: Int, maxError: Double = 0,
                        exactWeight: Int = 0) -> [ColorKey] {
    var order = Array(keys.indices)
    struct Box { var lo: Int; var hi: Int; var error: Double; var axis: Int }
    let totalWeight = Double(weights.reduce(0, +) + exactWeight)
    let errorBudget = maxError * maxError * 3 * totalWeight

    func measure(_ lo: Int, _ hi: Int) -> Box {
      var s0 = 0.0, s1 = 0.0, s2 = 0.0, q0 = 0.0, q1 = 0.0, q2 = 0.0, total = 0.0
      for i in lo..<hi {
        let k = keys[order[i]]
        let w = Double(weights[order[i]])
        let r = Double(k.red), g = Double(k.green), b = Double(k.blue)
        s0 += w * r; s1 += w * g; s2 += w * b
        q0 += w * r * r; q1 += w * g * g; q2 += w * b * b
        total += w
      }
      let variances = [q0 - s0 * s0 / total, q1 - s1 * s1 / total, q2 - s2 * s2 / total]
      var axis = 0
      for a in 1..<3 where variances[a] > variances[axis] { axis = a }
      let error = variances[0] + variances[1] + variances[2]
      return Box(lo: lo, hi: hi, error: hi - lo > 1 ? error : -1, axis: axis)
    }

    /// The split of the sorted `lo..<hi` that leaves the least squared error in its two halves
    /// (only between different values of the sort channel, so equal colours stay together).
    func bestSplit(_ lo: Int, _ hi: Int, shift: Int) -> Int {
      var total = (w: 0.0, r: 0.0, g: 0.0, b: 0.0)
      for i in lo..<hi {
        let k = keys[order[i]], w = Double(weights[order[i]])
        total.w += w; total.r += w * Double(k.red); total.g += w * Double(k.green); total.b += w * Double(k.blue)
      }
      // Error = Σw·|c|² − |Σw·c|²/Σw on each side; the first term is the same for every split.
      var left = (w: 0.0, r: 0.0, g: 0.0, b: 0.0)
      var best = lo + 1
      var bestScore = -Double.infinity
      for i in lo..<(hi - 1) {
        let k = keys[order[i]], w = Double(weights[order[i]])
        left.w += w; left.r += w * Double(k.red); left.g += w * Double(k.green); left.b += w * Double(k.blue)
        guard (keys[order[i + 1]] >> ColorKey(shift)) & 0xFF != (k >> ColorKey(shift)) & 0xFF else { continue }
        let right = (w: total.w - left.w, r: total.r - left.r, g: total.g - left.g, b: total.b - left.b)
        let score = (left.r * left.r + left.g * left.g + left.b * left.b) / left.w
          + (right.r * right.r + right.g * right.g + right.b * right.b) / right.w
        if score > bestScore { bestScore = score; best = i + 1 }
      }
      return best
    }

    var list = [measure(0, order.count)]
    var totalError = max(0, list[0].error)
    while list.count < boxes && totalError > errorBudget {
      var pick = -1
      var bestError = 0.0
      for (i, box) in list.enumerated() where box.error > bestError {
        bestError = box.error
        pick = i
      }
      guard pick >= 0 else { break }
      let box = list[pick]
      let shift = [16, 8, 0][box.axis]
      order[box.lo..<box.hi].sort {
        let a = (keys[$0] >> ColorKey(shift)) & 0xFF
        let b = (keys[$1] >> ColorKey(shift)) & 0xFF
        return a != b ? a < b : keys[$0] < keys[$1]
      }
      let split = bestSplit(box.lo, box.hi, shift: shift)
      list[pick] = measure(box.lo, split)
      list.append(measure(split, box.hi))
      totalError += max(0, list[pick].error) + max(0, list[list.count - 1].error) - box.error
    }
    return list.map { box in
      var r = 0.0, g = 0.0, b = 0.0, total = 0.0
      for i in box.lo..<box.hi {
        let k = keys[order[i]]
        let w = Double(weights[order[i]])
        r += w * Double(k.red); g += w * Double(k.green); b += w * Double(k.blue); total += w
      }
      return meanKey(r, g, b, total)
    }
  }

  // MARK: - K-means refinement

  /// Lloyd iterations over the weighted histogram: each colour goes to its nearest centroid, each
  /// centroid moves to the weighted mean of its colours; stops when nothing moves.
  static func refine(keys: [ColorKey], weights: [Int], centroids initial: [ColorKey]) -> [ColorKey] {
    var centroids = initial
    for _ in 0..<refinementRounds {
      let search = NearestColor(colors: centroids)
      var sums = [Double](repeating: 0, count: centroids.count * 4)
      for (i, key) in keys.enumerated() {
        let j = Int(search.nearest(Int32(key.red), Int32(key.green), Int32(key.blue)))
        let w = Double(weights[i])
        sums[j * 4] += w * Double(key.red)
        sums[j * 4 + 1] += w * Double(key.green)
        sums[j * 4 + 2] += w * Double(key.blue)
        sums[j * 4 + 3] += w
      }
      var moved = false
      var next = centroids
      for j in centroids.indices where sums[j * 4 + 3] > 0 {
        next[j] = meanKey(sums[j * 4], sums[j * 4 + 1], sums[j * 4 + 2], sums[j * 4 + 3])
        if next[j] != centroids[j] { moved = true }
      }
      centroids = next
      if !moved { break }
    }
    // Duplicates (two centroids collapsing on one colour) waste slots but stay correct; drop them
    // so the table is as small as possible.
    var seen = Set<ColorKey>()
    return centroids.filter { seen.insert($0).inserted }
  }

  private static func meanKey(_ r: Double, _ g: Double, _ b: Double, _ total: Double) -> ColorKey {
    func channel(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v / total).rounded()))) }
    return .rgb(channel(r), channel(g), channel(b))
  }
}
