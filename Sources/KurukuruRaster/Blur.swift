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

  /// Builds the kernel.
  /// - Parameter sigma: standard deviation in pixels.
  init(sigma: Double) {
    guard sigma > 0, sigma.isFinite else {
      radius = 0
      weights = [65536]
      return
    }
    let r = Int((3 * sigma).rounded(.up))
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
/// 16 bits), then vertical, rounded to 8 bits. Rows and bands with no coverage are skipped.
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
  let r = kernel.radius
  let taps = 2 * r + 1
  let weights = UnsafeMutablePointer<Int>.allocate(capacity: taps)
  defer { weights.deallocate() }
  for i in 0..<taps { weights[i] = kernel.weights[i] }

  // Horizontal pass: alpha → 16-bit (×256) intermediate rows.
  let padded = UnsafeMutablePointer<Int>.allocate(capacity: width + 2 * r)
  defer { padded.deallocate() }
  padded.initialize(repeating: 0, count: width + 2 * r)
  let middle = UnsafeMutablePointer<UInt16>.allocate(capacity: width * height)
  defer { middle.deallocate() }
  middle.initialize(repeating: 0, count: width * height)
  // inked[y] = number of rows < y with coverage, to skip empty bands in the vertical pass.
  var inked = [Int](repeating: 0, count: height + 1)
  for y in 0..<height {
    let row = UnsafeRawPointer(argb + y * argbStride)
    var any = false
    for x in 0..<width {
      let a = Int(row.load(fromByteOffset: 4 * x, as: UInt32.self) >> 24)
      padded[r + x] = a
      if a != 0 { any = true }
    }
    inked[y + 1] = inked[y] + (any ? 1 : 0)
    guard any else { continue }
    let out = middle + y * width
    for x in 0..<width {
      var sum = 0
      let window = padded + x
      for k in 0..<taps { sum &+= weights[k] &* window[k] }
      out[x] = UInt16(truncatingIfNeeded: (sum &+ 128) >> 8)
    }
  }

  // Vertical pass: weighted sums of intermediate rows → 8-bit mask rows.
  let sums = UnsafeMutablePointer<Int>.allocate(capacity: width)
  defer { sums.deallocate() }
  for y in 0..<height {
    let out = mask + y * maskStride
    let lo = max(0, y - r), hi = min(height - 1, y + r)
    guard inked[hi + 1] - inked[lo] > 0 else {
      out.update(repeating: 0, count: width)
      continue
    }
    sums.update(repeating: 0, count: width)
    for source in lo...hi {
      guard inked[source + 1] > inked[source] else { continue }
      let w = weights[source - y + r]
      let row = middle + source * width
      for x in 0..<width { sums[x] &+= w &* Int(row[x]) }
    }
    for x in 0..<width {
      out[x] = UInt8(truncatingIfNeeded: min(255, (sums[x] &+ (1 << 23)) >> 24))
    }
  }
}
