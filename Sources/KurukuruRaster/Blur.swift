import Foundation

// MARK: - Gaussian kernel

/// A normalised 1-D Gaussian in 16-bit fixed point, for a separable blur.
///
/// Taps run from `-radius` to `radius` pixels; weight i is exp(-i² / 2σ²) normalised and rounded
/// to multiples of 1/65536, the centre tap absorbing the rounding so the weights sum to exactly
/// 65536 (a flat area stays flat). The radius is ⌈3σ⌉; σ ≤ 0 gives the identity.
struct GaussianKernel: Equatable {
  /// Taps on each side of the centre, in pixels.
  let radius: Int
  /// `2 * radius + 1` weights summing to 65536.
  let weights: [Int]

  /// The radius ⌈3σ⌉ a kernel for `sigma` will have, without building it (capped at 10⁹).
  /// - Parameter sigma: standard deviation in pixels; 0 for σ ≤ 0 or not finite.
  /// - Returns: the radius in pixels.
  static func radius(sigma: Double) -> Int {
    guard sigma > 0, sigma.isFinite else { return 0 }
    let r = (3 * sigma).rounded(.up)
    return r < 1e9 ? Int(r) : 1_000_000_000
  }

  /// Builds the kernel; call only after checking `radius(sigma:)` is affordable.
  /// - Parameter sigma: standard deviation in pixels.
  init(sigma: Double) {
    let r = GaussianKernel.radius(sigma: sigma)
    guard r > 0 else {
      radius = 0
      weights = [65536]
      return
    }
    let exact = (-r...r).map { i -> Double in exp(-Double(i * i) / (2 * sigma * sigma)) }
    let total = exact.reduce(0, +)
    var quantised = exact.map { Int(($0 / total * 65536).rounded()) }
    let others = quantised.enumerated().reduce(0) { $0 + ($1.offset == r ? 0 : $1.element) }
    quantised[r] = 65536 - others
    radius = r
    weights = quantised
  }
}

// MARK: - Blur

/// The rectangle of a blurred mask that may be non-zero, in the mask's pixels (inclusive).
struct MaskBounds: Equatable {
  var minX: Int
  var minY: Int
  var maxX: Int
  var maxY: Int
}

/// Blurs the alpha channel of a premultiplied ARGB32 image into an A8 mask, treating everything
/// outside the image as transparent: `blurChannel` of the alpha byte into one byte per pixel.
/// - Parameters:
///   - argb: first byte of the ARGB32 pixels (native-endian 32-bit words, alpha in the top byte).
///   - argbStride: bytes per ARGB32 row.
///   - width: width in pixels.
///   - height: height in pixels.
///   - kernel: the Gaussian.
///   - mask: first byte of the A8 output (same size).
///   - maskStride: bytes per A8 row.
///   - maskIsClear: true when every byte of the mask's rows (`width` bytes each) is already 0, so
///     only the reach is written (default false: the whole mask is zero-filled first).
///   - inkRegion: a rectangle (image pixels, inclusive) outside which every alpha is 0, so only
///     it is searched for ink (default nil: the whole image). Clamped to the image.
/// - Returns: the rectangle outside which the mask is 0, or nil when it is 0 everywhere.
@discardableResult
func blurAlpha(
  argb: UnsafePointer<UInt8>, argbStride: Int, width: Int, height: Int, kernel: GaussianKernel,
  into mask: UnsafeMutablePointer<UInt8>, maskStride: Int, maskIsClear: Bool = false, inkRegion: MaskBounds? = nil
) -> MaskBounds? {
  blurChannel(
    argb: argb, argbStride: argbStride, width: width, height: height, kernel: kernel, shift: 24, into: mask,
    outputStride: maskStride, outputStep: 1, outputIsClear: maskIsClear, inkRegion: inkRegion)
}

/// Blurs every channel of a premultiplied ARGB32 image into another ARGB32 image of the same
/// size, treating everything outside the image as transparent (a layer's own blur): each of the
/// four bytes of a pixel is `blurChannel` of that byte, so the alpha channel is exactly the mask
/// `blurAlpha` makes of the same image. The result is premultiplied again: the colour sums never
/// exceed the alpha sum (the weights are the same and no channel exceeds alpha), and every sum
/// is rounded the same way.
/// - Parameters:
///   - argb: first byte of the source pixels (native-endian 32-bit words, alpha in the top byte).
///   - argbStride: bytes per source row.
///   - width: width in pixels.
///   - height: height in pixels.
///   - kernel: the Gaussian.
///   - output: first byte of the destination pixels, all 0 (same size; not the source).
///   - outputStride: bytes per destination row.
///   - inkRegion: a rectangle (image pixels, inclusive) outside which every alpha is 0 (default
///     nil: the whole image).
/// - Returns: the rectangle outside which the destination is 0, or nil when it is 0 everywhere.
@discardableResult
func blurPremultiplied(
  argb: UnsafePointer<UInt8>, argbStride: Int, width: Int, height: Int, kernel: GaussianKernel,
  into output: UnsafeMutablePointer<UInt8>, outputStride: Int, inkRegion: MaskBounds? = nil
) -> MaskBounds? {
  var reach: MaskBounds?
  // Alpha last: a colour byte is non-zero only where alpha is, so every pass finds the same ink.
  for shift in [0, 8, 16, 24] {
    #if _endian(little)
      let byte = shift / 8
    #else
      let byte = 3 - shift / 8
    #endif
    let found = blurChannel(
      argb: argb, argbStride: argbStride, width: width, height: height, kernel: kernel, shift: UInt32(shift),
      into: output + byte, outputStride: outputStride, outputStep: 4, outputIsClear: true, inkRegion: inkRegion)
    if let found {
      reach = reach.map {
        MaskBounds(
          minX: min($0.minX, found.minX), minY: min($0.minY, found.minY), maxX: max($0.maxX, found.maxX),
          maxY: max($0.maxY, found.maxY))
      } ?? found
    }
  }
  return reach
}

/// Blurs one channel of a premultiplied ARGB32 image (the byte `shift` bits up in each native
/// 32-bit word: 24 for alpha), treating everything outside the image as transparent, into bytes
/// `outputStep` apart (1 for an A8 mask, 4 for one channel of an ARGB32 image).
///
/// Two passes in integer arithmetic: horizontal (channel × weights, kept to 1/256 of a level in
/// 16 bits), then vertical, rounded to 8 bits. Every value computed is the full weighted sum of
/// the dense separable convolution, so the output is exactly that convolution's; only the work is
/// cut to the ink and its reach:
/// - the horizontal pass adds each run of equal non-zero values as a whole: a single pixel as
///   value × the kernel, a longer run [s, e] as value × the kernel's cumulative sums (65536 inside,
///   the prefix sums over the two edges), so a run costs its length + 4 × radius additions
///   instead of (2 × radius + 1) per output;
/// - each intermediate row keeps the list of column spans it may be non-zero in (the runs grown
///   by the radius, merged), and the vertical pass adds every source row over those spans only.
/// Ink is searched for by alpha (premultiplied: a channel is non-zero only where alpha is).
/// Sums are taken modulo 2³² (the partial sums of a run can wrap); the final sums are below 2³²
/// (horizontal ≤ 255 × 65536, vertical ≤ 65280 × 65536 + 2²³), so they are exact.
/// - Parameters:
///   - argb: first byte of the ARGB32 pixels (native-endian 32-bit words, alpha in the top byte).
///   - argbStride: bytes per ARGB32 row.
///   - width: width in pixels.
///   - height: height in pixels.
///   - kernel: the Gaussian.
///   - shift: which byte of each word: 0, 8, 16 or 24 bits up.
///   - output: first output byte (pixel (0, 0)).
///   - outputStride: bytes per output row.
///   - outputStep: bytes from one output pixel to the next (≥ 1).
///   - outputIsClear: true when every output byte of the image's rows is already 0, so only the
///     reach is written (false: they are zero-filled first).
///   - inkRegion: a rectangle (image pixels, inclusive) outside which every alpha is 0, so only
///     it is searched for ink (nil: the whole image). Clamped to the image.
/// - Returns: the rectangle outside which the output is 0 (the ink's box grown by the kernel's
///   radius, clamped to the image), or nil when it is 0 everywhere.
private func blurChannel(
  argb: UnsafePointer<UInt8>, argbStride: Int, width: Int, height: Int, kernel: GaussianKernel, shift: UInt32,
  into mask: UnsafeMutablePointer<UInt8>, outputStride maskStride: Int, outputStep step: Int, outputIsClear maskIsClear: Bool,
  inkRegion: MaskBounds?
) -> MaskBounds? {
  guard width > 0, height > 0 else { return nil }
  if !maskIsClear {
    for y in 0..<height {
      if step == 1 {
        (mask + y * maskStride).update(repeating: 0, count: width)
      } else {
        for x in 0..<width { mask[y * maskStride + x * step] = 0 }
      }
    }
  }
  let r = kernel.radius
  let taps = 2 * r + 1

  // Non-zero alpha, row by row: the first and last inked column of every row (-1 when none).
  var firstInk = [Int](repeating: -1, count: height), lastInk = [Int](repeating: -1, count: height)
  var minY = height, maxY = -1
  let region = inkRegion ?? MaskBounds(minX: 0, minY: 0, maxX: width - 1, maxY: height - 1)
  let x0 = max(0, region.minX), x1 = min(width - 1, region.maxX)
  let y0 = max(0, region.minY), y1 = min(height - 1, region.maxY)
  guard x0 <= x1, y0 <= y1 else { return nil }
  for y in y0...y1 {
    let row = UnsafeRawPointer(argb + y * argbStride + 4 * x0)
    guard let x = firstInked(row, width: x1 - x0 + 1) else { continue }
    firstInk[y] = x0 + x
    lastInk[y] = x0 + lastInked(row, first: x, width: x1 - x0 + 1)
    minY = min(minY, y)
    maxY = y
  }
  guard maxY >= 0 else { return nil }

  // 32-bit arithmetic throughout (it vectorises). `weights` are the taps; `edge[j]` is the sum of
  // taps 0 ..< 2r - j: what a run contributes at the j-th of the 2r columns after its last
  // column - r, and what it lacks of the full 65536 at the j-th of the 2r columns from its first
  // column - r.
  let weights = UnsafeMutablePointer<UInt32>.allocate(capacity: taps)
  defer { weights.deallocate() }
  for i in 0..<taps { weights[i] = UInt32(kernel.weights[i]) }
  // Every tap fits 16 bits unless one weighs all 65536 (σ ≤ ~0.2).
  let narrowWeights = kernel.weights.allSatisfy { $0 < 65536 }
  let edge = UnsafeMutablePointer<UInt32>.allocate(capacity: max(1, 2 * r))
  defer { edge.deallocate() }
  var prefix: UInt32 = 0  // taps 0 ..< n
  for n in 0..<(2 * r) {
    prefix &+= weights[n]
    edge[2 * r - 1 - n] = prefix
  }

  // Horizontal pass into 16-bit (×256) rows; spans[spanStart[row] ..< spanStart[row + 1]] are the
  // column ranges (image columns, inclusive, ascending, disjoint) where row `row` of the
  // intermediate may be non-zero; elsewhere it is 0 and never read.
  let rows = maxY - minY + 1
  let middle = UnsafeMutablePointer<UInt16>.allocate(capacity: width * rows)
  defer { middle.deallocate() }
  // acc[c + r] accumulates output column c; columns -r … width + r - 1 are addressable.
  let paddedWidth = width + 2 * r
  let acc = UnsafeMutablePointer<UInt32>.allocate(capacity: paddedWidth)
  defer { acc.deallocate() }
  acc.initialize(repeating: 0, count: paddedWidth)
  var spanLo: [Int] = [], spanHi: [Int] = []
  var spanStart = [Int](repeating: 0, count: rows + 1)
  var rowLo = [Int](repeating: 0, count: rows), rowHi = [Int](repeating: -1, count: rows)
  for y in minY...maxY {
    spanStart[y - minY] = spanLo.count
    guard firstInk[y] >= 0 else { continue }
    let row = UnsafeRawPointer(argb + y * argbStride)
    let out = middle + (y - minY) * width
    let last = lastInk[y]
    // The span of output columns being grown (may reach r columns past either image edge).
    var hasOpen = false
    var open = 0, openHi = 0
    func closeSpan() {
      let lo = max(0, open), hi = min(width - 1, openHi)
      if lo <= hi {
        for c in lo...hi { out[c] = UInt16(truncatingIfNeeded: (acc[c + r] &+ 128) >> 8) }
        spanLo.append(lo)
        spanHi.append(hi)
      }
      (acc + open + r).update(repeating: 0, count: openHi - open + 1)
    }
    var x = firstInk[y]
    while x <= last {
      let v = row.load(fromByteOffset: 4 * x, as: UInt32.self) >> shift & 0xFF
      if v == 0 {
        x += 1
        continue
      }
      var e = x
      while e < last, row.load(fromByteOffset: 4 * (e + 1), as: UInt32.self) >> shift & 0xFF == v { e += 1 }
      // The run x … e changes output columns x - r … e + r.
      if hasOpen, x - r > openHi + 1 {
        closeSpan()
        hasOpen = false
      }
      if !hasOpen {
        open = x - r
        hasOpen = true
      }
      openHi = e + r
      let start = acc + x  // column x - r
      if e == x {
        for k in 0..<taps { start[k] &+= v &* weights[k] }
      } else {
        let full = v << 16
        for i in 0..<(e - x + 1) { start[i] &+= full }
        let after = acc + e + 1  // column e - r + 1
        for j in 0..<(2 * r) { after[j] &+= v &* edge[j] }
        for j in 0..<(2 * r) { start[j] &-= v &* edge[j] }
      }
      x = e + 1
    }
    if hasOpen { closeSpan() }
    if spanStart[y - minY] < spanLo.count {
      rowLo[y - minY] = spanLo[spanStart[y - minY]]
      rowHi[y - minY] = spanHi[spanLo.count - 1]
    }
  }
  spanStart[rows] = spanLo.count

  // Vertical pass: weighted sums of intermediate rows → 8-bit mask rows, over the columns that
  // the rows in the window reach.
  let sums = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
  defer { sums.deallocate() }
  var bounds = MaskBounds(minX: width, minY: height, maxX: -1, maxY: -1)
  for y in max(0, minY - r)...min(height - 1, maxY + r) {
    let lo = max(minY, y - r), hi = min(maxY, y + r)
    guard lo <= hi else { continue }
    var c0 = width, c1 = -1
    for source in lo...hi where rowHi[source - minY] >= 0 {
      c0 = min(c0, rowLo[source - minY])
      c1 = max(c1, rowHi[source - minY])
    }
    guard c0 <= c1 else { continue }
    let count = c1 - c0 + 1
    sums.update(repeating: 0, count: count)
    // Each source row adds over its own spans only (the rest of its row is 0).
    for source in lo...hi {
      let w = weights[source - y + r]
      let line = middle + (source - minY) * width
      for s in spanStart[source - minY]..<spanStart[source - minY + 1] {
        let from = spanLo[s], span = spanHi[s] - from + 1
        let row = line + from
        let into = sums + (from - c0)
        if narrowWeights {
          // 16 × 16 → 32-bit products: SSE2 has them (pmullw + pmulhuw), not 32 × 32.
          let w16 = UInt32(UInt16(truncatingIfNeeded: w))
          for i in 0..<span { into[i] &+= w16 &* UInt32(row[i]) }
        } else {
          for i in 0..<span { into[i] &+= w &* UInt32(row[i]) }
        }
      }
    }
    let out = mask + y * maskStride + c0 * step
    if step == 1 {
      for i in 0..<count {
        out[i] = UInt8(truncatingIfNeeded: min(255, (sums[i] &+ (1 << 23)) >> 24))
      }
    } else {
      for i in 0..<count {
        out[i * step] = UInt8(truncatingIfNeeded: min(255, (sums[i] &+ (1 << 23)) >> 24))
      }
    }
    bounds.minX = min(bounds.minX, c0)
    bounds.maxX = max(bounds.maxX, c1)
    bounds.minY = min(bounds.minY, y)
    bounds.maxY = y
  }
  return bounds.maxY >= 0 ? bounds : nil
}

/// The first column of an ARGB32 row with non-zero alpha, or nil: eight pixels per test.
private func firstInked(_ row: UnsafeRawPointer, width: Int) -> Int? {
  let alphas: UInt64 = 0xFF00_0000_FF00_0000
  var x = 0
  while x + 8 <= width {
    let a = row.loadUnaligned(fromByteOffset: 4 * x, as: UInt64.self)
    let b = row.loadUnaligned(fromByteOffset: 4 * x + 8, as: UInt64.self)
    let c = row.loadUnaligned(fromByteOffset: 4 * x + 16, as: UInt64.self)
    let d = row.loadUnaligned(fromByteOffset: 4 * x + 24, as: UInt64.self)
    if (a | b | c | d) & alphas != 0 { break }
    x += 8
  }
  while x < width {
    if row.load(fromByteOffset: 4 * x, as: UInt32.self) >> 24 != 0 { return x }
    x += 1
  }
  return nil
}

/// The last column of an ARGB32 row with non-zero alpha, given that `first` has some.
private func lastInked(_ row: UnsafeRawPointer, first: Int, width: Int) -> Int {
  let alphas: UInt64 = 0xFF00_0000_FF00_0000
  var end = width  // columns end... are transparent
  while end - 8 >= first {
    let x = end - 8
    let a = row.loadUnaligned(fromByteOffset: 4 * x, as: UInt64.self)
    let b = row.loadUnaligned(fromByteOffset: 4 * x + 8, as: UInt64.self)
    let c = row.loadUnaligned(fromByteOffset: 4 * x + 16, as: UInt64.self)
    let d = row.loadUnaligned(fromByteOffset: 4 * x + 24, as: UInt64.self)
    if (a | b | c | d) & alphas != 0 { break }
    end = x
  }
  var last = end - 1
  while last > first, row.load(fromByteOffset: 4 * last, as: UInt32.self) >> 24 == 0 { last -= 1 }
  return last
}
