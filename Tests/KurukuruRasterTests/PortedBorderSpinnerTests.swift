import Foundation
import KurukuruCore
import XCTest

@testable import KurukuruRaster

// MARK: - CSS border spinners, probed against CSS's rules

/// Chakra UI's Spinner, Bootstrap's spinner-border, Bulma's and Semantic UI's loaders are one
/// CSS idea: a round border-box whose border has transparent sides, turned by a linear `rotate`
/// keyframe. The expected ink is computed here from the CSS alone: equal-width sides meet on the
/// box's diagonals (CSS Backgrounds 3 §4.4), so each side owns the 90° of the ring around its
/// middle (top: 225°…315° clockwise from 3 o'clock, right: −45°…45°, bottom: 45°…135°, left:
/// 135°…225°); the element is turned by `turn · frac(t / duration)` degrees (Bulma's keyframe
/// ends at 359°, not 360°). Probed at the ring's middle radius, 72 angles × 24 instants, at 4
/// pixels per point; angles within 4° of a side boundary are skipped (anti-aliasing).
final class PortedBorderSpinnerTests: XCTestCase {
  struct Spinner {
    var name: String
    var size: Double, border: Double
    var coloured: Set<String>
    var duration: Double, turn: Double
    /// The alpha (0…255) of a still full ring under the turning one (Semantic UI's track), or 0.
    var track: Int = 0
  }

  static let spinners = [
    Spinner(name: "chakra-spinner", size: 24, border: 2, coloured: ["top", "right"], duration: 0.45, turn: 360),
    Spinner(name: "bootstrap-spinner-border", size: 32, border: 4, coloured: ["top", "left", "bottom"], duration: 0.75, turn: 360),
    Spinner(name: "bulma-loader", size: 16, border: 2, coloured: ["bottom", "left"], duration: 0.5, turn: 359),
    // rgba(0, 0, 0, .1): 0.1 × 255 = 25.5.
    Spinner(name: "semantic-ui-loader", size: 32, border: 2.8, coloured: ["top"], duration: 0.6, turn: 360, track: 26),
  ]

  /// The side that owns local angle `a` (degrees clockwise from 3 o'clock, y down), and how far
  /// `a` is from the nearest diagonal.
  static func side(at a: Double) -> (String, margin: Double) {
    let x = (a.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
    let m = (x + 315).truncatingRemainder(dividingBy: 90)  // distance past the last diagonal
    let sides = ["right", "bottom", "left", "top"]
    return (sides[Int(((x + 45) / 90).rounded(.down)) % 4], min(m, 90 - m))
  }

  func testRingsFollowTheCSSBorders() throws {
    let scale = 4.0
    for s in Self.spinners {
      let scene = try bundledPreset(s.name).scene()
      XCTAssertEqual(scene.timeline.period, s.duration, accuracy: 1e-9, s.name)
      var probed = 0
      for k in 0..<24 {
        let t = Double(k) * s.duration / 24
        let frame = try Rasterizer(scale: scale).render(scene.displayList(at: t))
        let turned = s.turn * (t / s.duration).truncatingRemainder(dividingBy: 1)
        let r = (s.size / 2 - s.border / 2) * scale, c = s.size / 2 * scale
        for j in 0..<72 {
          let phi = Double(j) * 5 + 2.5
          let (side, margin) = Self.side(at: phi - turned)
          guard margin > 4 else { continue }
          let x = c + r * cos(phi * .pi / 180), y = c + r * sin(phi * .pi / 180)
          let alpha = frame[Int(x), Int(y)].a
          let expected = s.coloured.contains(side) ? 255 : s.track
          XCTAssertEqual(Double(alpha), Double(expected), accuracy: 1, "\(s.name) t \(t) s, \(phi)° (\(side))")
          probed += 1
        }
      }
      XCTAssertGreaterThan(probed, 24 * 60, s.name)
    }
  }
}
