// MARK: - GIFDither

/// How colours missing from the palette are approximated.
public enum GIFDither: String, Sendable, CaseIterable {
  /// Each pixel takes its nearest palette colour.
  case none
  /// An 8×8 Bayer threshold pattern, fixed to canvas positions so that unchanged pixels stay
  /// unchanged from frame to frame (no flicker, no extra frame data). Colours that are in the
  /// palette are never dithered.
  case ordered
}

// MARK: - PixelMapper

/// Maps matted colour keys to palette indices, with optional ordered dithering; caches lookups.
struct PixelMapper {
  private let palette: Palette
  private let search: NearestColor
  private let dither: GIFDither
  /// Offset added to all three channels for each of the 64 Bayer cells, in 1/16 channel steps.
  private let offsets: [Int32]
  private var exact = ColorIndexCache()
  private var cache = ColorIndexCache()

  /// Cached lookups kept at most (the cache is emptied when full, bounding memory).
  static let cacheLimit = 1 << 20

  /// The 8×8 Bayer matrix (values 0...63).
  static let bayer: [Int32] = {
    // M(2n) = [[4M, 4M + 2], [4M + 3, 4M + 1]], starting from M(1) = [0].
    var m: [Int32] = [0]
    var n = 1
    while n < 8 {
      var next = [Int32](repeating: 0, count: 4 * n * n)
      for y in 0..<n {
        for x in 0..<n {
          let v = 4 * m[y * n + x]
          next[y * 2 * n + x] = v
          next[y * 2 * n + x + n] = v + 2
          next[(y + n) * 2 * n + x] = v + 3
          next[(y + n) * 2 * n + x + n] = v + 1
        }
      }
      m = next
      n *= 2
    }
    return m
  }()

  /// Prepares the mapping for `palette`.
  /// - Parameters:
  ///   - palette: The animation's palette.
  ///   - dither: The dithering mode; ignored for exact palettes.
  init(palette: Palette, dither: GIFDither) {
    self.palette = palette
    self.search = NearestColor(colors: palette.colors)
    self.dither = palette.isExact ? .none : dither
    for (i, key) in palette.colors.enumerated() { exact.insert(key, UInt8(i)) }
    // Amplitude: the typical distance between neighbouring palette colours, so a colour between
    // two entries is split between them in proportion, and a palette colour maps to itself.
    let spread = PixelMapper.spread(of: palette.colors)
    offsets = PixelMapper.bayer.map { Int32(((Double($0) + 0.5) / 64 - 0.5) * spread * 16) }
  }

  /// The dither amplitude for `colors`: the median distance from a colour to its nearest neighbour
  /// (per channel, in channel steps), at least 1 and at most 24.
  static func spread(of colors: [ColorKey]) -> Double {
    guard colors.count > 1 else { return 0 }
    var distances: [Double] = []
    for (i, a) in colors.enumerated() {
      var best = Int.max
      for (j, b) in colors.enumerated() where j != i {
        let dr = a.red - b.red, dg = a.green - b.green, db = a.blue - b.blue
        best = min(best, dr * dr + dg * dg + db * db)
      }
      distances.append(Double(best).squareRoot())
    }
    distances.sort()
    return max(1, min(24, distances[distances.count / 2]))
  }

  /// The palette index of the pixel with `key` at column `x`, row `y`.
  @inline(__always)
  mutating func index(_ key: ColorKey, x: Int, y: Int) -> UInt8 {
    if key == .transparent { return palette.transparentIndex }
    if let i = exact.find(key) { return i }
    var r = Int32(key.red), g = Int32(key.green), b = Int32(key.blue)
    if dither == .ordered {
      let d = offsets[(y & 7) << 3 | (x & 7)]
      r = clamp((r << 4 + d + 8) >> 4)
      g = clamp((g << 4 + d + 8) >> 4)
      b = clamp((b << 4 + d + 8) >> 4)
    }
    let query = ColorKey.rgb(UInt8(r), UInt8(g), UInt8(b))
    if let i = cache.find(query) { return i }
    let i = search.nearest(r, g, b)
    if cache.count >= PixelMapper.cacheLimit { cache = ColorIndexCache() }
    cache.insert(query, i)
    return i
  }

  @inline(__always)
  private func clamp(_ v: Int32) -> Int32 { max(0, min(255, v)) }
}

// MARK: - ColorIndexCache

/// A map from colour keys to palette indices: open addressing with a multiplicative hash, grown
/// at half load (a `Dictionary` hashes with SipHash, several times slower for these lookups).
struct ColorIndexCache {
  /// No colour key (keys are 24-bit or `ColorKey.transparent`).
  private static let empty: ColorKey = .max
  private var keys = [ColorKey](repeating: ColorIndexCache.empty, count: 1024)
  private var values = [UInt8](repeating: 0, count: 1024)
  /// The number of keys stored.
  private(set) var count = 0

  @inline(__always)
  private func slot(_ key: ColorKey) -> Int {
    let mask = keys.count - 1
    var slot = Int(truncatingIfNeeded: (key &* 2_654_435_761) >> 8) & mask
    while keys[slot] != ColorIndexCache.empty && keys[slot] != key { slot = (slot + 1) & mask }
    return slot
  }

  /// The index stored for `key`, if any.
  @inline(__always)
  func find(_ key: ColorKey) -> UInt8? {
    let s = slot(key)
    return keys[s] == key ? values[s] : nil
  }

  /// Stores `value` for `key` (replacing any).
  mutating func insert(_ key: ColorKey, _ value: UInt8) {
    if (count + 1) * 2 > keys.count {
      let old = zip(keys, values)
      keys = [ColorKey](repeating: ColorIndexCache.empty, count: keys.count * 2)
      values = [UInt8](repeating: 0, count: keys.count)
      count = 0
      for (k, v) in old where k != ColorIndexCache.empty { insert(k, v) }
    }
    let s = slot(key)
    if keys[s] != key { count += 1 }
    keys[s] = key
    values[s] = value
  }
}
