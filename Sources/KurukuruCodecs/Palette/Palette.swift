// MARK: - ColorKey

/// An opaque colour packed as `0x00RRGGBB`, or `ColorKey.transparent`.
typealias ColorKey = UInt32

extension ColorKey {
  /// The key of a fully transparent pixel (outside the 24-bit colour range).
  static let transparent: ColorKey = 0x0100_0000

  /// Packs an opaque colour.
  @inline(__always)
  static func rgb(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> ColorKey {
    ColorKey(r) << 16 | ColorKey(g) << 8 | ColorKey(b)
  }

  @inline(__always) var red: Int { Int((self >> 16) & 0xFF) }
  @inline(__always) var green: Int { Int((self >> 8) & 0xFF) }
  @inline(__always) var blue: Int { Int(self & 0xFF) }
}

// MARK: - Palette

/// A GIF colour table: up to 255 opaque colours plus one slot reserved for transparency.
///
/// The transparent slot is always present: it marks fully transparent pixels and, in frames
/// after the first, pixels left unchanged from the previous canvas.
struct Palette: Equatable {
  /// The opaque colours, at indices `0..<colors.count` (at most 255).
  let colors: [ColorKey]
  /// `true` when every colour of the animation is in the table (no quantization error).
  let isExact: Bool

  /// The index of the transparent slot (right after the opaque colours).
  var transparentIndex: UInt8 { UInt8(colors.count) }

  /// The number of table entries written to the file: a power of two ≥ colours + 1 (≥ 2).
  var tableSize: Int { Palette.tableSize(forColors: colors.count) }

  /// The table size for `count` opaque colours plus the transparent slot: the smallest power of
  /// two ≥ count + 1 (at least 2).
  static func tableSize(forColors count: Int) -> Int {
    var size = 2
    while size < count + 1 { size <<= 1 }
    return size
  }

  /// The largest number of opaque colours a palette may hold.
  static let maxColors = 255

  /// The table as RGB triples, padded with black to `tableSize` entries; the transparent slot is
  /// black too.
  var rgbTable: [(UInt8, UInt8, UInt8)] {
    var table = colors.map { (UInt8($0.red), UInt8($0.green), UInt8($0.blue)) }
    while table.count < tableSize { table.append((0, 0, 0)) }
    return table
  }
}

// MARK: - NearestColor

/// Finds the palette colour nearest to a query (squared RGB distance; ties go to the lower index).
///
/// Entries are sorted by green so that the search stops once the green distance alone exceeds
/// the best distance found.
struct NearestColor {
  private let red: [Int32]
  private let green: [Int32]
  private let blue: [Int32]
  private let index: [UInt8]

  /// Prepares the search over `colors` (at most 256 entries).
  init(colors: [ColorKey]) {
    let order = colors.indices.sorted { (colors[$0].green, $0) < (colors[$1].green, $1) }
    red = order.map { Int32(colors[$0].red) }
    green = order.map { Int32(colors[$0].green) }
    blue = order.map { Int32(colors[$0].blue) }
    index = order.map { UInt8($0) }
  }

  /// The index (into the original colour list) of the colour nearest to (r, g, b).
  func nearest(_ r: Int32, _ g: Int32, _ b: Int32) -> UInt8 {
    nearestWithDistance(r, g, b).index
  }

  /// The nearest colour's index and its squared distance.
  func nearestWithDistance(_ r: Int32, _ g: Int32, _ b: Int32) -> (index: UInt8, distance: Int32) {
    let count = green.count
    // Binary search the first entry with green ≥ g.
    var lo = 0
    var hi = count
    while lo < hi {
      let mid = (lo + hi) >> 1
      if green[mid] < g { lo = mid + 1 } else { hi = mid }
    }
    var best = Int32.max
    var bestIndex: UInt8 = 0
    var up = lo
    var down = lo - 1
    while up < count || down >= 0 {
      if up < count {
        let dg = green[up] - g
        if dg * dg > best {
          up = count
        } else {
          let dr = red[up] - r
          let db = blue[up] - b
          let d = dr * dr + dg * dg + db * db
          if d < best || (d == best && index[up] < bestIndex) { best = d; bestIndex = index[up] }
          up += 1
        }
      }
      if down >= 0 {
        let dg = green[down] - g
        if dg * dg > best {
          down = -1
        } else {
          let dr = red[down] - r
          let db = blue[down] - b
          let d = dr * dr + dg * dg + db * db
          if d < best || (d == best && index[down] < bestIndex) { best = d; bestIndex = index[down] }
          down -= 1
        }
      }
    }
    return (bestIndex, best)
  }
}
