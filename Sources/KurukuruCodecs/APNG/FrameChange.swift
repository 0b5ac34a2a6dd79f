import Foundation
import KurukuruCore

// MARK: - Pixels

/// Reads pixel `i` of straight RGBA bytes as one little-endian word (alpha in the top byte).
@inline(__always)
func word(_ p: UnsafeRawPointer, _ i: Int) -> UInt32 {
  p.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)
}

/// Whether two byte arrays hold the same bytes, compared with `memcmp` (a whole canvas each
/// frame: `==` on arrays goes element by element).
func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
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
