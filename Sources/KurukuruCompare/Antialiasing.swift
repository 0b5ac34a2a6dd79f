// MARK: - Anti-aliasing detection

/// Detects anti-aliased pixels as pixelmatch does ("Anti-aliased Pixel and Intensity Slope
/// Detector", V. Vysniauskas, 2009).
///
/// Neighbours are visited column by column (x outer, y inner) exactly like pixelmatch, since the
/// first darkest and brightest neighbours found are the ones kept.
struct Antialiasing {
  let width: Int
  let height: Int
  let checkerboard: Bool

  /// Whether pixel (x, y) of `image` (bytes; `image32` the same pixels as 32-bit words) looks
  /// like anti-aliasing, given `other32`, the other image's pixels as words.
  @inline(__always)
  func isAntialiased(
    _ image: UnsafePointer<UInt8>, _ image32: PixelWords, _ other32: PixelWords,
    x x1: Int, y y1: Int
  ) -> Bool {
    let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
    let x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
    let center = (y1 * width + x1) * 4
    var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
    var darkest = 0.0, brightest = 0.0
    var minX = 0, minY = 0, maxX = 0, maxY = 0

    // The centre pixel and its background, loaded once (YIQ.delta with yOnly, unrolled).
    let r1 = Int(image[center]), g1 = Int(image[center + 1]), b1 = Int(image[center + 2])
    let a1 = Int(image[center + 3])
    let (rb, gb, bb) = YIQ.background(atByteOffset: center, checkerboard: checkerboard)

    for x in x0...x2 {
      for y in y0...y2 {
        if x == x1 && y == y1 { continue }
        let m = (y * width + x) * 4
        let r2 = Int(image[m]), g2 = Int(image[m + 1]), b2 = Int(image[m + 2]), a2 = Int(image[m + 3])
        let delta: Double
        if r1 == r2 && g1 == g2 && b1 == b2 && a1 == a2 {
          delta = 0
        } else if a1 < 255 || a2 < 255 {
          let da = a1 - a2
          let dr = Double(r1 * a1 - r2 * a2 - rb * da) / 255
          let dg = Double(g1 * a1 - g2 * a2 - gb * da) / 255
          let db = Double(b1 * a1 - b2 * a2 - bb * da) / 255
          delta = YIQ.brightness(dr, dg, db)
        } else {
          delta = YIQ.brightness(Double(r1 - r2), Double(g1 - g2), Double(b1 - b2))
        }
        // pixelmatch's chain "equal / darker than the darkest / brighter than the brightest",
        // written as selects: the three cases exclude each other since darkest ≤ 0 ≤ brightest.
        if delta == 0 {
          zeroes += 1
          // More than two equal neighbours: definitely not anti-aliasing.
          if zeroes > 2 { return false }
        }
        let isDarker = delta < darkest
        darkest = isDarker ? delta : darkest
        minX = isDarker ? x : minX
        minY = isDarker ? y : minY
        let isBrighter = delta > brightest
        brightest = isBrighter ? delta : brightest
        maxX = isBrighter ? x : maxX
        maxY = isBrighter ? y : maxY
      }
    }

    // Anti-aliasing needs both a darker and a brighter neighbour…
    if darkest == 0 || brightest == 0 { return false }
    // …and one of them must sit in a flat area (3+ equal neighbours) in both images.
    return (hasManySiblings(image32, x: minX, y: minY) && hasManySiblings(other32, x: minX, y: minY))
      || (hasManySiblings(image32, x: maxX, y: maxY) && hasManySiblings(other32, x: maxX, y: maxY))
  }

  /// Whether pixel (x, y) has at least three neighbours of exactly its value (image borders
  /// count as one).
  @inline(__always)
  func hasManySiblings(_ image: PixelWords, x x1: Int, y y1: Int) -> Bool {
    let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
    let x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
    let value = image[y1 * width + x1]
    var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
    for x in x0...x2 {
      for y in y0...y2 {
        if x == x1 && y == y1 { continue }
        if value == image[y * width + x] { zeroes += 1 }
        if zeroes > 2 { return true }
      }
    }
    return false
  }
}
