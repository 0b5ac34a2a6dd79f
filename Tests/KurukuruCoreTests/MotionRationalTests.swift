import XCTest

@testable import KurukuruCore

/// Exact loop-period arithmetic.
final class MotionRationalTests: XCTestCase {
  func testApproximation() {
    XCTAssertEqual(Rational(approximating: 1.2), Rational(6, 5))
    XCTAssertEqual(Rational(approximating: 1.9), Rational(19, 10))
    XCTAssertEqual(Rational(approximating: 0.35), Rational(7, 20))
    XCTAssertEqual(Rational(approximating: 1.0 / 3), Rational(1, 3))
    XCTAssertEqual(Rational(approximating: 0), Rational(0, 1))
    XCTAssertEqual(Rational(approximating: 60), Rational(60, 1))
    XCTAssertEqual(Rational(approximating: 0.25 * 3 + 1e-12), Rational(3, 4))
    XCTAssertEqual(Rational(approximating: 1.5 / 1.1), Rational(15, 11))
    // π's best fraction with denominator ≤ 10 000 (355/113) is 2.7e-7 away: none within 1e-9.
    XCTAssertNil(Rational(approximating: Double.pi))
    XCTAssertEqual(Rational(approximating: 355.0 / 113), Rational(355, 113))
    XCTAssertNil(Rational(approximating: 0.1234, maxDenominator: 100))
    XCTAssertNil(Rational(approximating: -1))
    XCTAssertNil(Rational(approximating: .nan))
    XCTAssertNil(Rational(approximating: .infinity))
  }

  func testApproximationFindsTheSmallestDenominatorLikeABruteForceSearch() {
    var state: UInt64 = 11
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 33
    }
    for _ in 0..<300 {
      let q = Int(next() % 2000) + 1
      let p = Int(next() % 20_000)
      let noise = (Double(next() % 1000) / 1000 - 0.5) * 1.6e-9
      let value = Double(p) / Double(q) + noise
      var expected: Rational?
      for d in 1...10_000 {
        let n = (value * Double(d)).rounded()
        if abs(n - value * Double(d)) <= 1e-9 * Double(d) {
          expected = Rational(Int(n), d)
          break
        }
      }
      XCTAssertEqual(Rational(approximating: value), expected, "value \(value)")
    }
  }

  func testReductionDescriptionAndOrder() {
    XCTAssertEqual(Rational(6, 4), Rational(3, 2))
    XCTAssertEqual(Rational(6, 4).numerator, 3)
    XCTAssertEqual(Rational(6, 4).denominator, 2)
    XCTAssertEqual(Rational(-6, -4), Rational(3, 2))
    XCTAssertEqual(Rational(0, 7), Rational(0, 1))
    XCTAssertEqual(Rational(57, 2).description, "57/2")
    XCTAssertEqual(Rational(12, 2).description, "6")
    XCTAssertEqual(Rational(57, 2).doubleValue, 28.5)
    XCTAssertLessThan(Rational(1, 3), Rational(1, 2))
    XCTAssertGreaterThan(Rational(Int.max, 3), Rational(Int.max - 1, 3))
    XCTAssertFalse(Rational(2, 4) < Rational(1, 2))
  }

  func testLeastCommonMultiple() throws {
    let a = try XCTUnwrap(Rational(approximating: 1.5))
    let b = try XCTUnwrap(Rational(approximating: 1.9))
    XCTAssertEqual(Rational.lcm(a, b), Rational(57, 2))
    XCTAssertEqual(Rational.lcm(a, b)?.doubleValue, 28.5)
    XCTAssertEqual(Rational.lcm(Rational(6, 5), Rational(3, 4)), Rational(6, 1))
    XCTAssertEqual(Rational.lcm(Rational(6, 5), Rational(6, 5)), Rational(6, 5))
    XCTAssertEqual(Rational.lcm(Rational(1, 4), Rational(1, 6)), Rational(1, 2))
    XCTAssertEqual(Rational.lcm(Rational(3, 2), Rational(1, 1)), Rational(3, 1))
    XCTAssertNil(Rational.lcm(Rational(Int.max, 1), Rational(Int.max - 1, 1)))
    XCTAssertNil(Rational.lcm(Rational(1 << 40, 3), Rational((1 << 40) - 1, 7)))
    XCTAssertNil(Rational.lcm(Rational(0, 1), Rational(3, 2)))
  }
}
