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

/// Blurs the alpha channel of a premultiplied ARGB32 image into an A8 mask, treating everything
/// outside the image as transparent.
///
/// Two passes in integer arithmetic: horizontal (alpha × weights, kept to 1/256 of a level in
/// 16 bits), then vertical, rounded to 8 bits. Only the coverage's bounding box grown by the
/// kernel radius is computed (the rest of the mask is 0), and rows without coverage are skipped.
/// - Parameters:
///   - argb: first byte of the ARGB32 pixels (native-endian 32-bit words, alpha in the top byte).
///   - argbStride: bytes per ARGB32 row.
///   - width: width in pixels.
///   - height: height in pixels.
///   - kernel: the Gaussian.
///   - mask: first byte of the A8 output (same size).
///   - maskStride: bytes per A8 row.
func blurAlpha(
  argb: UnsafePointer<UInt8>, argbStride: Int, width: Int, height: Int, kernel: GaussianKernel,
  into mask: UnsafeMutablePointer<UInt8>, maskStride: Int
) {
  guard width > 0, height > 0 else { return }
  func alphaRow(_ y: Int) -> UnsafeRawPointer { UnsafeRawPointer(argb + y * argbStride) }

  // Bounding box of the coverage; inked[y] counts the rows above y that have any.
  var minX = width, maxX = -1, minY = height, maxY = -1
  var inked = [Int](repeating: 0, count: height + 1)
  for y in 0..<height {
    let row = alphaRow(y)
    var first = -1, last = -1
    for x in 0..<width where row.load(fromByteOffset: 4 * x, as: UInt32.self) >> 24 != 0 {
      if first < 0 { first = x }
      last = x
    }
    inked[y + 1] = inked[y] + (first >= 0 ? 1 : 0)
    if first >= 0 {
      minX = min(minX, first)
      maxX = max(maxX, last)
      minY = min(minY, y)
      maxY = y
    }
  }
  for y in 0..<height { (mask + y * maskStride).update(repeating: 0, count: width) }
  guard maxX >= 0 else { return }

  let r = kernel.radius
  let taps = 2 * r + 1
  let weights = UnsafeMutablePointer<Int>.allocate(capacity: taps)
  defer { weights.deallocate() }
  for i in 0..<taps { weights[i] = kernel.weights[i] }

  // Output columns x0...x1; the horizontal pass reads source columns x0 - r ... x1 + r.
  let x0 = max(0, minX - r), x1 = min(width - 1, maxX + r)
  let columns = x1 - x0 + 1
  let padded = UnsafeMutablePointer<Int>.allocate(capacity: columns + 2 * r)
  defer { padded.deallocate() }
  padded.initialize(repeating: 0, count: columns + 2 * r)
  let rows = maxY - minY + 1
  let middle = UnsafeMutablePointer<UInt16>.allocate(capacity: columns * rows)
  defer { middle.deallocate() }
  middle.initialize(repeating: 0, count: columns * rows)

  // Horizontal pass: alpha → 16-bit (×256) intermediate rows.
  for y in minY...maxY where inked[y + 1] > inked[y] {
    let row = alphaRow(y)
    for k in 0..<(columns + 2 * r) {
      let x = x0 - r + k
      padded[k] = x >= minX && x <= maxX ? Int(row.load(fromByteOffset: 4 * x, as: UInt32.self) >> 24) : 0
    }
    let out = middle + (y - minY) * columns
    for i in 0..<columns {
      var sum = 0
      let window = padded + i
      for k in 0..<taps { sum &+= weights[k] &* window[k] }
      out[i] = UInt16(truncatingIfNeeded: (sum &+ 128) >> 8)
    }
  }

  // Vertical pass: weighted sums of intermediate rows → 8-bit mask rows.
  let sums = UnsafeMutablePointer<Int>.allocate(capacity: columns)
  defer { sums.deallocate() }
  sums.initialize(repeating: 0, count: columns)
  for y in max(0, minY - r)...min(height - 1, maxY + r) {
    let lo = max(minY, y - r), hi = min(maxY, y + r)
    guard lo <= hi, inked[hi + 1] > inked[lo] else { continue }
    sums.update(repeating: 0, count: columns)
    for source in lo...hi where inked[source + 1] > inked[source] {
      let w = weights[source - y + r]
      let row = middle + (source - minY) * columns
      for i in 0..<columns { sums[i] &+= w &* Int(row[i]) }
    }
    let out = mask + y * maskStride + x0
    for i in 0..<columns {
      out[i] = UInt8(truncatingIfNeeded: min(255, (sums[i] &+ (1 << 23)) >> 24))
    }
  }
}
