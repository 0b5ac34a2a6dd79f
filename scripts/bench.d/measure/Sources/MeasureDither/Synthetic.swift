import Foundation
import KurukuruCore

// MARK: - Synthetic animations

/// Loader-like animations drawn with simple math (analytic anti-aliasing), the same frames the
/// codec tests draw (`Tests/KurukuruCodecsTests/GIFTestSupport.swift`).
enum Synthetic {
  /// Coverage (0…1) of a pixel by a shape whose signed distance is `d` pixels (negative inside).
  static func coverage(_ d: Double) -> Double { max(0, min(1, 0.5 - d)) }

  /// A straight-RGBA pixel of `color` (channels 0…1) at `alpha` (0…1); fully transparent black
  /// at alpha 0.
  static func pixel(_ color: (Double, Double, Double), _ alpha: Double) -> RGBA8 {
    func c(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
    let a = max(0, min(1, alpha))
    return a == 0 ? RGBA8(r: 0, g: 0, b: 0, a: 0) : RGBA8(r: c(color.0), g: c(color.1), b: c(color.2), a: c(a))
  }

  /// Frame `i` of `n` of a three-quarter ring with an angular gradient (blue → purple → pink),
  /// turning once a loop, on a `size`×`size` pixel canvas; transparent background unless
  /// `background` (channels 0…1) is given, then opaque.
  static func arc(size: Int, frame i: Int, of n: Int, background: (Double, Double, Double)? = nil) -> Frame {
    var frame = Frame(width: size, height: size)
    let s = Double(size)
    let c = s / 2, radius = s * 0.36, half = s * 0.06
    let rotation = 2 * Double.pi * Double(i) / Double(n)
    let span = 1.5 * Double.pi
    for y in 0..<size {
      for x in 0..<size {
        let dx = Double(x) + 0.5 - c, dy = Double(y) + 0.5 - c
        let dist = hypot(dx, dy)
        var theta = atan2(dy, dx) - rotation
        theta = theta.truncatingRemainder(dividingBy: 2 * Double.pi)
        if theta < 0 { theta += 2 * Double.pi }
        let ring = coverage(abs(dist - radius) - half)
        // Distance (pixels) outside the angular span, measured along the circle.
        let outside = theta <= span ? -min(theta, span - theta) * dist : min(theta - span, 2 * Double.pi - theta) * dist
        let a = ring * coverage(outside)
        let t = min(1, theta / span)
        let color = t < 0.5
          ? mix((0.0, 0.478, 1.0), (0.686, 0.322, 0.871), t * 2)
          : mix((0.686, 0.322, 0.871), (1.0, 0.176, 0.333), t * 2 - 1)
        if let bg = background {
          frame[x, y] = pixel(mix(bg, color, a), 1)
        } else {
          frame[x, y] = pixel(color, a)
        }
      }
    }
    return frame
  }

  /// Frame `i` of `n` of five orange dots orbiting on a 120×120 pixel transparent canvas, each
  /// smaller than the one before: an activity indicator with few colours (an exact palette).
  static func dots(frame i: Int, of n: Int) -> Frame {
    let size = 120
    var frame = Frame(width: size, height: size)
    for k in 0..<5 {
      let t = Double(i) / Double(n) + Double(k) * 0.07
      let angle = 2 * Double.pi * t - Double.pi / 2
      let cx = 60 + 40 * cos(angle), cy = 60 + 40 * sin(angle)
      let r = 10 * (1 - Double(k) / 6)
      for y in 0..<size {
        for x in 0..<size {
          let d = hypot(Double(x) + 0.5 - cx, Double(y) + 0.5 - cy) - r
          let a = coverage(d)
          guard a > 0 else { continue }
          let old = Double(frame[x, y].a) / 255
          frame[x, y] = pixel((1, 0.584, 0), a + old * (1 - a))
        }
      }
    }
    return frame
  }

  /// `a` + (`b` − `a`) · `t`, per channel.
  static func mix(_ a: (Double, Double, Double), _ b: (Double, Double, Double), _ t: Double) -> (Double, Double, Double) {
    (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t, a.2 + (b.2 - a.2) * t)
  }
}

// MARK: - Scores

enum Score {
  /// `frame` blended onto `matte` in floating point (the true-colour reference): RGB only, 0…255
  /// per channel, row by row.
  static func onMatte(_ frame: Frame, _ matte: RGBA8) -> [Double] {
    var out: [Double] = []
    out.reserveCapacity(frame.width * frame.height * 3)
    let m = [Double(matte.r), Double(matte.g), Double(matte.b)]
    for i in 0..<(frame.width * frame.height) {
      let a = Double(frame.pixels[i * 4 + 3]) / 255
      for ch in 0..<3 { out.append(Double(frame.pixels[i * 4 + ch]) * a + m[ch] * (1 - a)) }
    }
    return out
  }

  /// The PSNR (dB) between two RGB images of the same size given as doubles; 99 when equal.
  static func psnr(_ a: [Double], _ b: [Double]) -> Double {
    var sum = 0.0
    for i in a.indices { sum += (a[i] - b[i]) * (a[i] - b[i]) }
    let mse = sum / Double(a.count)
    return mse == 0 ? 99 : 10 * log10(255 * 255 / mse)
  }
}
