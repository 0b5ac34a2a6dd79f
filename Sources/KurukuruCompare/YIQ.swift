// MARK: - YIQ colour distance

/// The perceptual colour distance of pixelmatch (Kotsarenko & Ramos, "Measuring perceived color
/// difference using YIQ NTSC transmission color space in mobile applications").
///
/// Every expression keeps pixelmatch's order of floating-point operations, so results are
/// bit-identical to the JavaScript (IEEE doubles, no fused multiply-add).
enum YIQ {
  /// The largest possible squared distance (black vs white): 35215.
  static let maximumDelta = 35215.0

  /// The background a semi-transparent pixel at byte offset `k` is blended onto.
  ///
  /// pixelmatch v7 derives it from the byte offset with golden-ratio strides: red is always 48
  /// (offsets are multiples of 4), green and blue switch between 48 and 207. Matches the
  /// JavaScript (`k / φ | 0`) for offsets below 2³¹, i.e. images under 536 million pixels.
  @inline(__always)
  static func background(atByteOffset k: Int, checkerboard: Bool) -> (Int, Int, Int) {
    guard checkerboard else { return (255, 255, 255) }
    let red = 48 + 159 * (k % 2)
    let green = 48 + 159 * (Int(Double(k) / 1.618033988749895) % 2)
    let blue = 48 + 159 * (Int(Double(k) / 2.618033988749895) % 2)
    return (red, green, blue)
  }

  /// Signed squared YIQ distance between pixel `k` of `image1` and pixel `m` of `image2`
  /// (byte offsets); negative when the second pixel is darker, 0 for identical pixels.
  /// With `yOnly`, returns the brightness difference Y1 − Y2 instead.
  @inline(__always)
  static func delta(
    _ image1: UnsafePointer<UInt8>, _ k: Int, _ image2: UnsafePointer<UInt8>, _ m: Int,
    yOnly: Bool, checkerboard: Bool
  ) -> Double {
    let r1 = Int(image1[k]), g1 = Int(image1[k + 1]), b1 = Int(image1[k + 2]), a1 = Int(image1[k + 3])
    let r2 = Int(image2[m]), g2 = Int(image2[m + 1]), b2 = Int(image2[m + 2]), a2 = Int(image2[m + 3])
    var dr = Double(r1 - r2)
    var dg = Double(g1 - g2)
    var db = Double(b1 - b2)
    let da = a1 - a2
    if r1 == r2 && g1 == g2 && b1 == b2 && da == 0 { return 0 }

    if a1 < 255 || a2 < 255 {
      // Both pixels blended onto the same background; integer numerators are exact.
      let (rb, gb, bb) = background(atByteOffset: k, checkerboard: checkerboard)
      dr = Double(r1 * a1 - r2 * a2 - rb * da) / 255
      dg = Double(g1 * a1 - g2 * a2 - gb * da) / 255
      db = Double(b1 * a1 - b2 * a2 - bb * da) / 255
    }

    let y = brightness(dr, dg, db)
    if yOnly { return y }
    let i = dr * 0.59597799 - dg * 0.27417610 - db * 0.32180189
    let q = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694
    let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
    return y > 0 ? -delta : delta
  }

  /// The Y (brightness) component of a colour difference.
  @inline(__always)
  static func brightness(_ dr: Double, _ dg: Double, _ db: Double) -> Double {
    dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
  }

  /// The gray value pixelmatch draws for a matching pixel: its brightness blended with white at
  /// opacity `alpha × a / 255`, stored as JavaScript stores into a `Uint8Array` (truncated).
  @inline(__always)
  static func gray(_ image: UnsafePointer<UInt8>, _ k: Int, alpha: Double) -> UInt8 {
    let luma = Double(image[k]) * 0.29889531 + Double(image[k + 1]) * 0.58662247
      + Double(image[k + 2]) * 0.11448223
    let value = 255 + (luma - 255) * alpha * Double(image[k + 3]) / 255
    return javaScriptUInt8(value)
  }

  /// ECMAScript ToUint8: truncate toward zero, then wrap modulo 256 (NaN and infinities → 0).
  @inline(__always)
  static func javaScriptUInt8(_ value: Double) -> UInt8 {
    guard value.isFinite else { return 0 }
    if value >= 0 && value < 256 { return UInt8(value) }
    let truncated = value.rounded(.towardZero).truncatingRemainder(dividingBy: 256)
    return UInt8(truncated < 0 ? truncated + 256 : truncated)
  }
}
