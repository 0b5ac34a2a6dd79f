import Foundation
import XCTest

@testable import KurukuruCore

/// `rotation3DEffect` with `turns` (composed into one projection) and an animated `axis`,
/// against matrices written here from CSS Transforms' rotate functions and SwiftUI's rule.
final class ComposedTurnsTests: XCTestCase {
  typealias M3 = [[Double]]

  static func product(_ a: M3, _ b: M3) -> M3 {
    (0..<3).map { i in (0..<3).map { j in (0..<3).reduce(0) { $0 + a[i][$1] * b[$1][j] } } }
  }

  /// CSS Transforms 2's rotate3d(x, y, z, a) matrix (its "Mathematical Description of Transform
  /// Functions", with sc = sin(a/2)·cos(a/2), sq = sin²(a/2), the axis normalised).
  static func rotate3d(_ x: Double, _ y: Double, _ z: Double, _ deg: Double) -> M3 {
    let n = (x * x + y * y + z * z).squareRoot()
    let (x, y, z) = (x / n, y / n, z / n)
    let h = deg * .pi / 360
    let sc = sin(h) * cos(h), sq = sin(h) * sin(h)
    return [
      [1 - 2 * (y * y + z * z) * sq, 2 * (x * y * sq - z * sc), 2 * (x * z * sq + y * sc)],
      [2 * (x * y * sq + z * sc), 1 - 2 * (x * x + z * z) * sq, 2 * (y * z * sq - x * sc)],
      [2 * (x * z * sq - y * sc), 2 * (y * z * sq + x * sc), 1 - 2 * (x * x + y * y) * sq],
    ]
  }

  /// The projected group of a one-view scene at `t`.
  func projection(_ text: String, at t: Double = 0) throws -> Projection {
    let items = try Preset(text: text, file: "t.json").scene().displayList(at: t).items
    guard items.count == 1, case .projected(let g) = items[0] else {
      XCTFail("expected one projected group, got \(items)")
      return .identity
    }
    return g.projection
  }

  /// The screen point of view point (x, y): q = R·((x, y, 0) − (anchor, anchorZ)), divided by
  /// W = 1 − q.z·perspective / max(w, h), plus the anchor and where the view sits on the canvas.
  func expected(_ r: M3, _ x: Double, _ y: Double, anchor: (Double, Double, Double), perspective: Double, side: Double, origin: (Double, Double)) -> Point {
    let v = [x - anchor.0, y - anchor.1, -anchor.2]
    let q = (0..<3).map { i in (0..<3).reduce(0) { $0 + r[i][$1] * v[$1] } }
    let w = 1 - q[2] * perspective / side
    return Point(x: q[0] / w + anchor.0 + origin.0, y: q[1] / w + anchor.1 + origin.1)
  }

  /// `turns` z 30°, y 40°, x 50° is CSS's `rotateX(50deg) rotateY(40deg) rotateZ(30deg)`:
  /// one product, one perspective divide, about an anchor off centre and in front of the view.
  func testTurnsMultiplyLikeACSSTransformList() throws {
    let text = presetText(view: #"""
      {"Rectangle": {}, "modifiers": [{"frame": {"width": 40, "height": 20}}, {"rotation3DEffect": {"turns": [
        {"degrees": 30, "axis": "z"}, {"degrees": 40, "axis": "y"}, {"degrees": 50, "axis": "x"}],
        "anchor": [0.25, 0.75], "anchorZ": 3, "perspective": 0.5}}]}
      """#)
    let p = try projection(text)
    let r = Self.product(Self.product(Self.rotate3d(1, 0, 0, 50), Self.rotate3d(0, 1, 0, 40)), Self.rotate3d(0, 0, 1, 30))
    for x in [0.0, 13, 40] {
      for y in [0.0, 7, 20] {
        let want = expected(r, x, y, anchor: (10, 15, 3), perspective: 0.5, side: 40, origin: (30, 40))
        guard let got = p.apply(Point(x: x, y: y)) else { return XCTFail("(\(x), \(y)) behind the viewer") }
        XCTAssertEqual(got.x, want.x, accuracy: 1e-9, "(\(x), \(y))")
        XCTAssertEqual(got.y, want.y, accuracy: 1e-9, "(\(x), \(y))")
      }
    }
    // Nested modifiers project each turn on its own: a different picture.
    let nested = presetText(view: #"""
      {"Rectangle": {}, "modifiers": [{"frame": {"width": 40, "height": 20}}, {"rotation3DEffect": {"degrees": 30, "axis": "z", "anchor": [0.25, 0.75], "anchorZ": 3, "perspective": 0.5}},
        {"rotation3DEffect": {"degrees": 40, "axis": "y", "anchor": [0.25, 0.75], "anchorZ": 3, "perspective": 0.5}},
        {"rotation3DEffect": {"degrees": 50, "axis": "x", "anchor": [0.25, 0.75], "anchorZ": 3, "perspective": 0.5}}]}
      """#)
    let q = try projection(nested)
    let corner = try XCTUnwrap(q.apply(Point(x: 40, y: 0))), want = expected(r, 40, 0, anchor: (10, 15, 3), perspective: 0.5, side: 40, origin: (30, 40))
    XCTAssertGreaterThan(hypot(corner.x - want.x, corner.y - want.y), 1)
  }

  /// One turn in `turns` is the `degrees`/`axis` spelling, exactly.
  func testOneTurnIsTheSingleSpelling() throws {
    let a = try projection(presetText(view: #"{"Rectangle": {}, "modifiers": [{"frame": 30}, {"rotation3DEffect": {"turns": [{"degrees": 37, "axis": [1, 2, 0]}]}}]}"#))
    let b = try projection(presetText(view: #"{"Rectangle": {}, "modifiers": [{"frame": 30}, {"rotation3DEffect": {"degrees": 37, "axis": [1, 2, 0]}}]}"#))
    XCTAssertEqual(a, b)
  }

  /// SwiftUI animates the axis's three components (`_Rotation3DEffect.animatableData`) and the
  /// turn normalises them: a quarter of the way from x to y the axis is (0.75, 0.25, 0). The
  /// axis alone sets the loop.
  func testTheAxisAnimatesComponentwise() throws {
    let text = presetText(view: #"""
      {"Rectangle": {}, "modifiers": [{"frame": 40}, {"rotation3DEffect": {"degrees": 60,
        "axis": {"from": "x", "to": [0, 1, 0], "animation": "linear(duration: 1).repeatForever(autoreverses: false)"}}}]}
      """#)
    XCTAssertEqual(try Preset(text: text, file: "t.json").scene().timeline.period, 1, accuracy: 1e-12)
    for (t, axis) in [(0.0, (1.0, 0.0)), (0.25, (0.75, 0.25)), (0.5, (0.5, 0.5)), (0.9, (0.1, 0.9))] {
      let p = try projection(text, at: t)
      let r = Self.rotate3d(axis.0, axis.1, 0, 60)
      for (x, y) in [(0.0, 0.0), (40.0, 10.0), (25.0, 40.0)] {
        let want = expected(r, x, y, anchor: (20, 20, 0), perspective: 1, side: 40, origin: (30, 30))
        let got = try XCTUnwrap(p.apply(Point(x: x, y: y)))
        XCTAssertEqual(got.x, want.x, accuracy: 1e-9, "t = \(t)")
        XCTAssertEqual(got.y, want.y, accuracy: 1e-9, "t = \(t)")
      }
    }
  }

  /// The bundled `kurukuru-precessing-tile`: a 36-point tile centred on a 64-point canvas, tilted
  /// 40° about an axis keyframed through eight compass directions in 1.6 s. Halfway through a
  /// segment the axis is the componentwise midpoint of its two keyframes, normalised by the turn:
  /// at 0.1 s (1, 0.5, 0), at 0.5 s (−0.5, 1, 0), at 1.5 s (1, −0.5, 0).
  func testThePrecessingTileTurnsAboutItsAnimatedAxis() throws {
    let text = try String(contentsOfFile: presetPath("kurukuru-precessing-tile"), encoding: .utf8)
    XCTAssertEqual(try Preset(text: text, file: "t.json").scene().timeline.period, 1.6, accuracy: 1e-12)
    for (t, axis) in [(0.1, (1.0, 0.5)), (0.5, (-0.5, 1.0)), (1.5, (1.0, -0.5)), (0.8, (-1.0, 0.0))] {
      let p = try projection(text, at: t)
      let r = Self.rotate3d(axis.0, axis.1, 0, 40)
      for (x, y) in [(0.0, 0.0), (36.0, 0.0), (36.0, 36.0), (0.0, 36.0)] {
        let want = expected(r, x, y, anchor: (18, 18, 0), perspective: 1, side: 36, origin: (14, 14))
        let got = try XCTUnwrap(p.apply(Point(x: x, y: y)))
        XCTAssertEqual(got.x, want.x, accuracy: 1e-9, "t = \(t)")
        XCTAssertEqual(got.y, want.y, accuracy: 1e-9, "t = \(t)")
      }
    }
  }

  /// The column of `needle` in `text`'s line `line` (1-based), as the error should name it.
  func column(of needle: String, in text: String, line: Int) -> Int {
    let l = text.components(separatedBy: "\n")[line - 1]
    return l.distance(from: l.startIndex, to: l.range(of: needle)!.lowerBound) + 1
  }

  func testMistakesAreOneLineNamingThePlace() {
    func view(_ modifier: String) -> String {
      presetText(view: "{\"Rectangle\": {}, \"modifiers\": [{\"frame\": 20}, {\"rotation3DEffect\": \(modifier)}]}")
    }
    let both = view(#"{"turns": [{"degrees": 30, "axis": "x"}], "degrees": 30}"#)
    XCTAssertEqual(
      presetError(both),
      "test.json:4:\(column(of: "30}}", in: both, line: 4)): use either 'turns' or 'degrees'/'axis', not both (at view.modifiers[1].rotation3DEffect)")
    let empty = view(#"{"turns": []}"#)
    XCTAssertEqual(
      presetError(empty),
      "test.json:4:\(column(of: "[]", in: empty, line: 4)): 'turns' needs 1 to 100 turns, got 0 (at view.modifiers[1].rotation3DEffect.turns)")
    let noAxis = view(#"{"turns": [{"degrees": 30, "axis": "x"}, {"degrees": 20}]}"#)
    XCTAssertEqual(
      presetError(noAxis),
      "test.json:4:\(column(of: "{\"degrees\": 20}", in: noAxis, line: 4)): a turn needs 'degrees' and 'axis', e.g. {\"degrees\": 30, \"axis\": \"x\"} (at view.modifiers[1].rotation3DEffect.turns[1])")
    let zero = view(#"{"degrees": 30, "axis": {"values": ["x", [0, 0, 0]], "animation": "linear(duration: 1)"}}"#)
    XCTAssertEqual(
      presetError(zero),
      "test.json:4:\(column(of: "[0, 0, 0]", in: zero, line: 4)): the axis must not be (0, 0, 0) (at view.modifiers[1].rotation3DEffect.axis.values[1])")
  }
}
