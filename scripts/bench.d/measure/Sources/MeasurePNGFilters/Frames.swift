import Foundation
import KurukuruCore

// MARK: - Loader-like frames

/// Square test frames that look like rendered loaders, drawn with simple math.
enum LoaderFrames {
  /// A mostly transparent `side`×`side` pixel frame: an anti-aliased ring with a colour gradient
  /// and eight soft dots.
  static func gradientRing(side: Int) -> Frame {
    var frame = Frame(width: side, height: side)
    let c = Double(side) / 2
    for y in 0..<side {
      for x in 0..<side {
        let dx = Double(x) + 0.5 - c, dy = Double(y) + 0.5 - c
        let r = (dx * dx + dy * dy).squareRoot()
        let ring = max(0, min(1, 12 - abs(r - c * 0.7)))
        var dot = 0.0
        for k in 0..<8 {
          let angle = Double(k) * Double.pi / 4
          let ex = dx - cos(angle) * c * 0.4, ey = dy - sin(angle) * c * 0.4
          dot = max(dot, max(0, min(1, 18 - (ex * ex + ey * ey).squareRoot())))
        }
        let coverage = max(ring, dot)
        guard coverage > 0 else { continue }
        let hue = (atan2(dy, dx) + Double.pi) / (2 * Double.pi)
        frame[x, y] = RGBA8(r: UInt8(255 * hue), g: UInt8(122 + 100 * (1 - hue)), b: 255, a: UInt8((coverage * 255).rounded()))
      }
    }
    return frame
  }

  /// Five flat orange dots of different sizes with anti-aliased edges on a transparent
  /// `side`×`side` pixel frame.
  static func flatDots(side: Int) -> Frame {
    var frame = Frame(width: side, height: side)
    let c = Double(side) / 2
    for y in 0..<side {
      for x in 0..<side {
        var coverage = 0.0
        for k in 0..<5 {
          let angle = Double(k) * 1.1
          let ex = Double(x) + 0.5 - (c + cos(angle) * c * 0.8), ey = Double(y) + 0.5 - (c + sin(angle) * c * 0.8)
          coverage = max(coverage, max(0, min(1, 60 * (1 - Double(k) / 6) - (ex * ex + ey * ey).squareRoot())))
        }
        if coverage > 0 { frame[x, y] = RGBA8(r: 255, g: 149, b: 0, a: UInt8((coverage * 255).rounded())) }
      }
    }
    return frame
  }

  /// An opaque black `side`×`side` pixel frame with a thin ring in four colours and a soft
  /// white glow around it.
  static func glow(side: Int) -> Frame {
    var frame = Frame(width: side, height: side, fill: RGBA8(r: 0, g: 0, b: 0))
    let c = Double(side) / 2
    let colors: [(Double, Double, Double)] = [(0, 0, 255), (255, 0, 0), (0, 255, 0), (255, 128, 0)]
    for y in 0..<side {
      for x in 0..<side {
        let dx = Double(x) + 0.5 - c, dy = Double(y) + 0.5 - c
        let d = abs((dx * dx + dy * dy).squareRoot() - c * 0.66)
        let glow = max(0, 1 - d / 12) * 0.6
        let ring = max(0, min(1, 4.5 - d))
        let quadrant = Int((atan2(dy, dx) + Double.pi) / (Double.pi / 2)) % 4
        let (r, g, b) = colors[quadrant]
        let w = 255 * glow
        frame[x, y] = RGBA8(r: UInt8(min(255, w + (r - w) * ring)), g: UInt8(min(255, w + (g - w) * ring)),
                            b: UInt8(min(255, w + (b - w) * ring)))
      }
    }
    return frame
  }
}
