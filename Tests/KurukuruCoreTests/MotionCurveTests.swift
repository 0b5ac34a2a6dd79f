import XCTest

@testable import KurukuruCore

/// UnitBezier and TimingCurve against an independent solver and known points.
final class MotionCurveTests: XCTestCase {
  // MARK: - Reference solver

  /// Bernstein form of one coordinate (independent of the Horner form in UnitBezier).
  private func bernstein(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
    let r = 1 - s
    return 3 * r * r * s * p1 + 3 * r * s * s * p2 + s * s * s
  }

  /// y for x by 200 bisection steps on the curve parameter.
  private func referenceY(_ c: (Double, Double, Double, Double), _ x: Double) -> Double {
    var lo = 0.0
    var hi = 1.0
    for _ in 0..<200 {
      let mid = (lo + hi) / 2
      if bernstein(c.0, c.2, mid) < x { lo = mid } else { hi = mid }
    }
    return bernstein(c.1, c.3, (lo + hi) / 2)
  }

  /// Deterministic pseudo-random fractions in 0…1.
  private func fractions(count: Int, seed: UInt64) -> [Double] {
    var state = seed
    return (0..<count).map { _ in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(state >> 11) / Double(1 << 53)
    }
  }

  // MARK: - UnitBezier

  func testMatchesBisectionSolverOnManyCurves() {
    let curves: [(Double, Double, Double, Double)] = [
      (0.2, 0.68, 0.18, 1.08),  // overshoots above 1
      (0.68, -0.55, 0.27, 1.55),  // back-in-out: below 0 and above 1
      (0.1, 0.7, 0.9, 0.2),  // seed 003
      (0.42, 0, 0.58, 1),  // easeInOut
      (0.5, 0.95, 0.25, 1),  // seed 001, dot 4
      (0, 0, 0.58, 1),  // easeOut: zero slope at s = 0
      (0, 1, 1, 0),  // vertical tangents at both ends
      (0.25, 0.1, 0.25, 1),  // Core Animation default
    ]
    let xs = (0...1000).map { Double($0) / 1000 } + fractions(count: 1000, seed: 7)
    for c in curves {
      let bezier = UnitBezier(c.0, c.1, c.2, c.3)
      var worst = 0.0
      for x in xs { worst = max(worst, abs(bezier.value(at: x) - referenceY(c, x))) }
      XCTAssertLessThanOrEqual(worst, 1e-7, "curve \(c)")
    }
  }

  func testOvershootCurvesLeaveTheUnitRange() {
    let back = UnitBezier(0.68, -0.55, 0.27, 1.55)
    let samples = (0...100).map { back.value(at: Double($0) / 100) }
    XCTAssertLessThan(samples.min() ?? 0, -0.05)
    XCTAssertGreaterThan(samples.max() ?? 0, 1.05)
  }

  func testKnownPoints() {
    let identity = UnitBezier(0, 0, 1, 1)
    for i in 0...100 {
      let x = Double(i) / 100
      XCTAssertEqual(identity.value(at: x), x, accuracy: 1e-12)
    }
    let easeInOut = UnitBezier(0.42, 0, 0.58, 1)
    XCTAssertEqual(easeInOut.value(at: 0.5), 0.5, accuracy: 1e-12)
    for x in fractions(count: 200, seed: 3) {
      XCTAssertEqual(easeInOut.value(at: 1 - x), 1 - easeInOut.value(at: x), accuracy: 1e-10)
    }
    // Endpoints are exact, and x is clamped.
    let seed = UnitBezier(0.1, 0.7, 0.9, 0.2)
    XCTAssertEqual(seed.value(at: 0), 0)
    XCTAssertEqual(seed.value(at: 1), 1)
    XCTAssertEqual(seed.value(at: -3), 0)
    XCTAssertEqual(seed.value(at: 7), 1)
    XCTAssertEqual(seed.value(at: .nan), 0)
  }

  func testControlPointXIsClamped() {
    let bezier = UnitBezier(-0.5, 0.2, 1.5, 0.8)
    XCTAssertEqual(bezier.c0x, 0)
    XCTAssertEqual(bezier.c1x, 1)
    XCTAssertEqual(bezier.c0y, 0.2)
    XCTAssertEqual(bezier, UnitBezier(0, 0.2, 1, 0.8))
  }

  func testEaseInIsBelowTheDiagonalAndEaseOutAbove() {
    for i in 1..<20 {
      let x = Double(i) / 20
      XCTAssertLessThan(TimingCurve.easeIn.progress(x), x)
      XCTAssertGreaterThan(TimingCurve.easeOut.progress(x), x)
    }
  }

  // MARK: - TimingCurve

  func testNamedCurvesHaveTheirControlPoints() {
    XCTAssertEqual(TimingCurve.easeIn, .bezier(UnitBezier(0.42, 0, 1, 1)))
    XCTAssertEqual(TimingCurve.easeOut, .bezier(UnitBezier(0, 0, 0.58, 1)))
    XCTAssertEqual(TimingCurve.easeInOut, .bezier(UnitBezier(0.42, 0, 0.58, 1)))
    XCTAssertEqual(TimingCurve.caDefault, .bezier(UnitBezier(0.25, 0.1, 0.25, 1)))
  }

  func testProgressOfEachKind() {
    XCTAssertEqual(TimingCurve.linear.progress(0.3), 0.3)
    XCTAssertEqual(TimingCurve.linear.progress(1.4), 1)
    XCTAssertEqual(TimingCurve.linear.progress(-0.2), 0)
    let c = (0.1, 0.7, 0.9, 0.2)
    XCTAssertEqual(
      TimingCurve.bezier(UnitBezier(c.0, c.1, c.2, c.3)).progress(0.37), referenceY(c, 0.37),
      accuracy: 1e-9)
    let spring = SpringCurve(response: 0.5, dampingFraction: 0.6)
    let curve = TimingCurve.spring(spring)
    XCTAssertEqual(curve.progress(0), 0)
    XCTAssertEqual(curve.progress(0.25), spring.value(at: 0.25 * spring.settlingDuration))
    let highest = (0...1000).map { curve.progress(Double($0) / 1000) }.max() ?? 0
    XCTAssertGreaterThan(highest, 1.09, "ζ = 0.6 overshoots by e^(−0.6π/0.8) ≈ 0.095")
    XCTAssertEqual(curve.progress(1), 1, "a pass ends exactly on its target")
    XCTAssertEqual(curve.progress(0.999_999), 1, accuracy: 0.001)
  }
}
