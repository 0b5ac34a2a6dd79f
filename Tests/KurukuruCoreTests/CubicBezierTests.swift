import XCTest

@testable import KurukuruCore

/// The one cubic Bézier type: the rules each user of it relies on, from geometry.
final class CubicBezierTests: XCTestCase {
  /// A quarter of a unit circle (the usual 0.5523 handle), from 3 o'clock to 6 o'clock (y down).
  let quarter = CubicBezier(
    p0: Point(x: 1, y: 0), p1: Point(x: 1, y: 0.5522847498), p2: Point(x: 0.5522847498, y: 1), p3: Point(x: 0, y: 1))

  func testEndsAndMiddle() {
    XCTAssertEqual(quarter.point(at: 0), quarter.p0)
    XCTAssertEqual(quarter.point(at: 1), quarter.p3)
    let mid = quarter.point(at: 0.5)
    // The standard approximation passes through the circle at s = 1/2.
    XCTAssertEqual((mid.x * mid.x + mid.y * mid.y).squareRoot(), 1, accuracy: 1e-9)
    XCTAssertEqual(mid.x, mid.y, accuracy: 1e-12)
  }

  func testDerivativeIsTheTangentOfTheCurve() {
    let s = 0.3, h = 1e-6
    let numeric = (quarter.point(at: s + h) - quarter.point(at: s - h)) * (1 / (2 * h))
    let d = quarter.derivative(at: s)
    XCTAssertEqual(d.x, numeric.x, accuracy: 1e-6)
    XCTAssertEqual(d.y, numeric.y, accuracy: 1e-6)
    // At the start the tangent points straight down (along +y), 3·(p1 − p0).
    XCTAssertEqual(quarter.derivative(at: 0), Point(x: 0, y: 3 * 0.5522847498))
  }

  func testSplitAndSubsegmentFollowTheCurve() {
    let (left, right) = quarter.split(at: 0.25)
    XCTAssertEqual(left.p3, right.p0)
    XCTAssertEqual(left.point(at: 0.5).x, quarter.point(at: 0.125).x, accuracy: 1e-12)
    XCTAssertEqual(right.point(at: 0.5).y, quarter.point(at: 0.625).y, accuracy: 1e-12)
    let piece = quarter.subsegment(0.2, 0.6)
    XCTAssertEqual(piece.p0.x, quarter.point(at: 0.2).x, accuracy: 1e-12)
    XCTAssertEqual(piece.p3.y, quarter.point(at: 0.6).y, accuracy: 1e-12)
    XCTAssertEqual(piece.point(at: 0.5).x, quarter.point(at: 0.4).x, accuracy: 1e-12)
    XCTAssertEqual(quarter.reversed.point(at: 0.3).x, quarter.point(at: 0.7).x, accuracy: 1e-12)
  }

  func testExtremaOfEachCoordinate() {
    // y = 3s(1−s)·h for a hump of height h with flat ends: extreme at s = 1/2 only.
    let hump = CubicBezier(p0: .zero, p1: Point(x: 1, y: 1), p2: Point(x: 2, y: 1), p3: Point(x: 3, y: 0))
    XCTAssertEqual(hump.extrema(of: .y).count, 1)
    XCTAssertEqual(hump.extrema(of: .y)[0], 0.5, accuracy: 1e-12)
    XCTAssertEqual(hump.extrema(of: .x), [])
    // A quarter circle has no interior extreme in either coordinate; its ends are the extremes.
    XCTAssertEqual(quarter.extrema(of: .x), [])
    XCTAssertEqual(quarter.extremeParameters(), [0, 1])
  }

  func testParameterAtXSolvesTimingCurves() {
    let ease = UnitBezier(0.42, 0, 0.58, 1).curve
    for x in stride(from: 0.05, to: 1, by: 0.05) {
      let s = ease.parameter(atX: x)
      XCTAssertEqual(ease.point(at: s).x, x, accuracy: 1e-12)
      XCTAssertEqual(ease.parameterByBisection(atX: x), s, accuracy: 1e-9)
    }
    // easeInOut is symmetric: progress 1/2 at x = 1/2.
    XCTAssertEqual(ease.y(atParameter: ease.parameter(atX: 0.5)), 0.5, accuracy: 1e-12)
    XCTAssertEqual(ease.parameter(atX: -1), 0)
    XCTAssertEqual(ease.parameter(atX: 2), 1)
  }

  func testArcLengthOfALineAndOfAQuarterCircle() {
    let line = CubicBezier.line(from: Point(x: 1, y: 2), to: Point(x: 4, y: 6))
    XCTAssertEqual(line.arcLength(), 5, accuracy: 1e-12)
    XCTAssertEqual(line.arcLength(to: 0.4), 2, accuracy: 1e-12)
    XCTAssertEqual(line.parameter(atLength: 2.5), 0.5, accuracy: 1e-9)
    // The approximation is within 0.03 % of π/2.
    XCTAssertEqual(quarter.arcLength(), Double.pi / 2, accuracy: 5e-4)
    let half = quarter.parameter(atLength: quarter.arcLength() / 2)
    XCTAssertEqual(half, 0.5, accuracy: 1e-9)
  }
}
