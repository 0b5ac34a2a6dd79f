import Foundation
import KurukuruCore
import XCTest

@testable import KurukuruRaster

/// react-spinners' RingLoader (`react-spinners-ring.json`) against its CSS, computed here from
/// CSS Transforms' own matrices: each ring's `transform: rotateX(x) rotateY(y) rotateZ(z)` is the
/// product Rx·Ry·Rz of the spec's rotate matrices (the last function acts first), about the
/// ring's centre (`transform-origin: 50% 50%`), flattened orthographically (the ring's own
/// `perspective: 800px` reaches only its children). A pixel whose centre's 1-point
/// neighbourhood lies wholly on a ring's border (radius 0.5·size … 0.6·size of the ring's plane)
/// must have ink, and one whose neighbourhood meets neither ring must be empty; the
/// neighbourhood is mapped into each ring's plane by the inverse and bounded by its largest
/// stretch, so the classification is exact however thin a ring is seen.
final class RingLoaderProbeTests: XCTestCase {
  /// A 3 × 3 matrix, rows of column-vector form.
  typealias M3 = [[Double]]

  static func product(_ a: M3, _ b: M3) -> M3 {
    (0..<3).map { i in (0..<3).map { j in (0..<3).reduce(0) { $0 + a[i][$1] * b[$1][j] } } }
  }

  /// CSS Transforms 2, "Mathematical Description of Transform Functions": rotate3d(1, 0, 0, a),
  /// rotate3d(0, 1, 0, a), rotate3d(0, 0, 1, a) (x right, y down).
  static func rotateX(_ deg: Double) -> M3 {
    let a = deg * .pi / 180
    return [[1, 0, 0], [0, cos(a), -sin(a)], [0, sin(a), cos(a)]]
  }
  static func rotateY(_ deg: Double) -> M3 {
    let a = deg * .pi / 180
    return [[cos(a), 0, sin(a)], [0, 1, 0], [-sin(a), 0, cos(a)]]
  }
  static func rotateZ(_ deg: Double) -> M3 {
    let a = deg * .pi / 180
    return [[cos(a), -sin(a), 0], [sin(a), cos(a), 0], [0, 0, 1]]
  }

  /// The keyframes of RingLoader.tsx at progress p of the 2 s linear cycle: the three functions
  /// interpolate one by one from 0.
  static func transform(ring: Int, progress p: Double) -> M3 {
    let (x, y, z) = ring == 0 ? (180 * p, 360 * p, 360 * p) : (360 * p, 180 * p, 360 * p)
    return product(product(rotateX(x), rotateY(y)), rotateZ(z))
  }

  /// Probe results of `frames` against the CSS: (probes, failures).
  func probe(_ frames: [(t: Double, frame: Frame)], size: Double, scale: Double) -> (probes: Int, failures: Int) {
    let c = 0.6 * size
    var probes = 0, failures = 0
    for (t, frame) in frames {
      let p = (t / 2).truncatingRemainder(dividingBy: 1)
      // Each ring's flattened map, plane point − c ↦ screen point − c: the top-left 2 × 2 block.
      let inverses: [M3?] = (0..<2).map { ring in
        let m = Self.transform(ring: ring, progress: p)
        let det = m[0][0] * m[1][1] - m[0][1] * m[1][0]
        guard abs(det) > 1e-3 else { return nil }
        return [[m[1][1] / det, -m[0][1] / det], [-m[1][0] / det, m[0][0] / det]]
      }
      // The largest stretch of each inverse (its largest singular value): a screen disc of
      // radius ρ maps into a plane disc of radius ρ·stretch about the mapped centre.
      let stretch: [Double] = inverses.map { inv in
        guard let m = inv else { return .infinity }
        let a = m[0][0], b = m[0][1], c = m[1][0], d = m[1][1]
        let s = a * a + b * b + c * c + d * d, q = a * d - b * c
        return ((s + (s * s - 4 * q * q).squareRoot()) / 2).squareRoot()
      }
      // Where the disc of radius 1 pt about a screen point falls: 1 wholly on a ring's border,
      // 0 off both rings, nil otherwise (an edge, or a ring seen nearly edge-on: not probed).
      func state(_ sx: Double, _ sy: Double) -> Int? {
        var off = 0
        for (inv, k) in zip(inverses, stretch) {
          guard let inv else { return nil }
          let dx = sx - c, dy = sy - c
          let r = hypot(inv[0][0] * dx + inv[0][1] * dy, inv[1][0] * dx + inv[1][1] * dy)
          if r - k >= 0.5 * size && r + k <= 0.6 * size { return 1 }
          if r + k < 0.5 * size || r - k > 0.6 * size { off += 1 }
        }
        return off == 2 ? 0 : nil
      }
      for py in 0..<frame.height {
        for px in 0..<frame.width {
          let x = (Double(px) + 0.5) / scale, y = (Double(py) + 0.5) / scale
          guard let expected = state(x, y) else { continue }
          probes += 1
          let alpha = frame[px, py].a
          // One ring at opacity 0.4 is alpha 102; empty is 0.
          if expected == 1 ? alpha < 90 : alpha != 0 { failures += 1 }
        }
      }
    }
    return (probes, failures)
  }

  func frames(of scene: ResolvedScene, scale: Double) throws -> [(t: Double, frame: Frame)] {
    let rasterizer = Rasterizer(scale: scale)
    return try (0..<20).map { k in
      let t = 0.05 + Double(k) * 0.1
      return (t, try rasterizer.render(scene.displayList(at: t)))
    }
  }

  func testTheRingsFollowTheCSSMatrixProduct() throws {
    let scene = try bundledPreset("react-spinners-ring").scene()
    XCTAssertEqual(scene.timeline.period, 2, accuracy: 1e-12)
    let result = probe(try frames(of: scene, scale: 1), size: 60, scale: 1)
    XCTAssertGreaterThan(result.probes, 40_000)
    XCTAssertEqual(result.failures, 0, "of \(result.probes) probes")
  }

  /// The same rings written as three nested `rotation3DEffect`s (each flattened on its own)
  /// miss the tilted ellipses: the probes tell the two apart.
  func testNestedEffectsFailTheSameProbes() throws {
    let turn = { (axis: String, to: String) in
      #"{"rotation3DEffect": {"degrees": {"from": 0, "to": "\#(to)", "animation": "linear(duration: 2).repeatForever(autoreverses: false)"}, "axis": "\#(axis)", "perspective": 0}}"#
    }
    let text = #"""
      {"width": 72, "height": 72, "view": {"ZStack": {"content": [{"ForEach": {"range": 2, "as": "i", "content": [
        {"Circle": {}, "modifiers": [{"strokeBorder": {"paint": "black", "lineWidth": 6}}, {"frame": 72},
          \#(turn("z", "360")), \#(turn("y", "[360, 180][i]")), \#(turn("x", "[180, 360][i]")), {"opacity": 0.4}]}]}}]}}}
      """#
    let scene = try Preset(text: text, file: "nested.json").scene()
    let result = probe(try frames(of: scene, scale: 1), size: 60, scale: 1)
    XCTAssertGreaterThan(result.failures, 100, "of \(result.probes) probes")
  }
}
