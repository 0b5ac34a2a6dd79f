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
/// outside the image as transparent.
///
/// Two passes in integer arithmetic: horizontal (alpha × weights, kept to 1/256 of a level in
/// 16 bits), then vertical, rounded to 8 bits. Work is proportional to the ink and its reach,
/// not to the image: the horizontal pass computes only the outputs whose window touches a
/// non-zero pixel, the vertical pass only the columns that some row in its window reaches. Every
/// value computed is the full weighted sum, so the mask is exactly that of the dense convolution
/// (the skipped outputs are sums of zeros).
/// - Parameters:
///   - argb: first byte of the ARGB32 pixels (native-endian 32-bit words, alpha in the top byte).
///   - argbStride: bytes per ARGB32 row.
///   - width: width in pixels.
///   - height: height in pixels.
///   - kernel: the Gaussian.
///   - mask: first byte of the A8 output (same size).
///   - maskStride: bytes per A8 row.
/// - Returns: the rectangle outside which the mask is 0, or nil when it is 0 everywhere.
@discardableResult
func blurAlpha(
  argb: UnsafePointer<UInt8>, argbStride: Int, width: Int, height: Int, kernel: GaussianKernel,
  into mask: UnsafeMutablePointer<UInt8>, maskStride: Int
) -> MaskBounds? {
  guard width > 0, height > 0 else { return nil }
  for y in 0..<height { (mask + y * maskStride).update(repeating: 0, count: width) }
  let r = kernel.radius
  let taps = 2 * r + 1

  // Non-zero alpha, row by row: the first and last inked column of every row (-1 when none).
  var firstInk = [Int](repeating: -1, count: height), lastInk = [Int](repeating: -1, count: height)
  var minY = height, maxY = -1
  for y in 0..<height {
    let row = UnsafeRawPointer(argb + y * argbStride)
    guard let x = firstInked(row, width: width) else { continue }
    firstInk[y] = x
    lastInk[y] = lastInked(row, first: x, width: width)
    minY = min(minY, y)
    maxY = y
  }
  guard maxY >= 0 else { return nil }

  // 32-bit arithmetic throughout (it vectorises): horizontal sums are at most 255 × 65536, and
  // vertical ones at most 65280 × 65536 + 2²³ < 2³².
  let weights = UnsafeMutablePointer<UInt32>.allocate(capacity: taps)
  defer { weights.deallocate() }
  for i in 0..<taps { weights[i] = UInt32(kernel.weights[i]) }

  // Horizontal pass into 16-bit (×256) rows over the padded width; reach[y] is the column span
  // (in image columns) where row y of the intermediate may be non-zero.
  let paddedWidth = width + 2 * r
  let rows = maxY - minY + 1
  let middle = UnsafeMutablePointer<UInt16>.allocate(capacity: width * rows)
  defer { middle.deallocate() }
  let source = UnsafeMutablePointer<UInt32>.allocate(capacity: paddedWidth)
  defer { source.deallocate() }
  source.initialize(repeating: 0, count: paddedWidth)
  var reachLo = [Int](repeating: 0, count: rows), reachHi = [Int](repeating: -1, count: rows)
  for y in minY...maxY {
    let out = middle + (y - minY) * width
    guard firstInk[y] >= 0 else { continue }
    let row = UnsafeRawPointer(argb + y * argbStride)
    let a = firstInk[y], b = lastInk[y]
    for x in a...b { source[x + r] = row.load(fromByteOffset: 4 * x, as: UInt32.self) >> 24 }
    // Output x reads source[x ... x + 2r] (padded), i.e. image columns x - r ... x + r.
    let lo = max(0, a - r), hi = min(width - 1, b + r)
    for x in lo...hi {
      var sum: UInt32 = 0
      let window = source + x
      for k in 0..<taps { sum &+= weights[k] &* window[k] }
      out[x] = UInt16(truncatingIfNeeded: (sum &+ 128) >> 8)
    }
    for x in a...b { source[x + r] = 0 }
    reachLo[y - minY] = lo
    reachHi[y - minY] = hi
  }

  // Vertical pass: weighted sums of intermediate rows → 8-bit mask rows, over the columns that
  // the rows in the window reach.
  let sums = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
  defer { sums.deallocate() }
  var bounds = MaskBounds(minX: width, minY: height, maxX: -1, maxY: -1)
  for y in max(0, minY - r)...min(height - 1, maxY + r) {
    let lo = max(minY, y - r), hi = min(maxY, y + r)
    guard lo <= hi else { continue }
    var c0 = width, c1 = -1
    for source in lo...hi where reachHi[source - minY] >= 0 {
      c0 = min(c0, reachLo[source - minY])
      c1 = max(c1, reachHi[source - minY])
    }
    guard c0 <= c1 else { continue }
    let count = c1 - c0 + 1
    sums.update(repeating: 0, count: count)
    // Each source row adds over its own reach only (the rest of its row is 0).
    for source in lo...hi where reachHi[source - minY] >= 0 {
      let w = weights[source - y + r]
      let from = reachLo[source - minY], span = reachHi[source - minY] - from + 1
      let row = middle + (source - minY) * width + from
      let into = sums + (from - c0)
      for i in 0..<span { into[i] &+= w &* UInt32(row[i]) }
    }
    let out = mask + y * maskStride + c0
    for i in 0..<count {
      out[i] = UInt8(truncatingIfNeeded: min(255, (sums[i] &+ (1 << 23)) >> 24))
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
