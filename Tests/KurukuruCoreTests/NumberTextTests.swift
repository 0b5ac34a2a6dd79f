import XCTest

@testable import KurukuruCore

/// The one rule for numbers as text: decimal notation in, short round-tripping text out.
final class NumberTextTests: XCTestCase {
  // MARK: - Reading

  func testDecimalNotationIsANumber() {
    let cases: [(String, Double)] = [
      ("2", 2), ("-2", -2), ("+2", 2), ("0.5", 0.5), (".5", 0.5), ("5.", 5), ("1e3", 1000), ("1E-3", 0.001),
      ("2.5e+2", 250), ("-0", 0), ("007", 7), ("1e-400", 0),
    ]
    for (text, value) in cases {
      XCTAssertEqual(NumberText.parse(text), value, text)
    }
  }

  func testHexadecimalInfinityNaNAndSpacesAreNot() {
    // Each of these but the last six is a number to Swift's `Double(_:)`.
    for text in [
      "0x2", "0x10", "0X1p3", "-0x1", "inf", "-inf", "infinity", "nan", "NaN", "1e999",
      "", " 2", "2 ", "1_000", "1e", "e5", ".", "-", "1.2.3", "１",
    ] {
      XCTAssertNil(NumberText.parse(text), text)
    }
  }

  // MARK: - Writing

  func testOrdinaryValuesAreShortAndExact() {
    let cases: [(Double, String)] = [
      (2, "2"), (-40, "-40"), (0.5, "0.5"), (1.5, "1.5"), (0.1, "0.1"), (-0.0, "0"), (0.0001, "0.0001"),
      (123456.789, "123456.789"), (1e14, "100000000000000"), (30.284301606922124, "30.284301606922124"),
    ]
    for (value, text) in cases {
      XCTAssertEqual(NumberText.format(value), text, "\(value)")
    }
  }

  func testVerySmallAndVeryLargeMagnitudesUseExponents() {
    let cases: [(Double, String)] = [
      (1e-9, "1e-9"), (-1.5e-7, "-1.5e-7"), (9.999e-5, "9.999e-5"), (1e15, "1e15"), (2e15, "2e15"), (1e300, "1e300"),
      (1.7976931348623157e308, "1.7976931348623157e308"), (5e-324, "5e-324"),
      (.nan, "nan"), (.infinity, "inf"), (-.infinity, "-inf"),
    ]
    for (value, text) in cases {
      XCTAssertEqual(NumberText.format(value), text, "\(value)")
    }
  }

  func testDecimalsRoundWithoutATrailingPointOrLosingSmallValues() {
    let cases: [(Double, Int, String)] = [
      (1.0 / 3, 6, "0.333333"), (2.0000001, 6, "2"), (1e-9, 6, "1e-9"), (1.234567891e-7, 6, "1.23457e-7"),
      (1e300, 6, "1e300"), (1.23456789e300, 6, "1.23457e300"), (30.284301606922124, 2, "30.28"), (29.999, 2, "30"),
      (7.066666666666666, 6, "7.066667"), (0.125, 2, "0.12"), (0.375, 2, "0.38"), (0.5, 0, "0"), (1.5, 0, "2"),
    ]
    for (value, decimals, text) in cases {
      XCTAssertEqual(NumberText.format(value, decimals: decimals), text, "\(value) to \(decimals)")
    }
  }

  /// Quotients lose the division's last-bit noise and nothing else: the frame rates of loops
  /// whose frame count is their period times a whole fps (nv-line-scale-party at --fps 100).
  func testTidyQuotientsAreTheExactRatesTheyStandFor() {
    XCTAssertNotEqual(138 / 1.38, 100.0, "the division itself is a unit in the last place off")
    XCTAssertEqual(NumberText.tidy(110 / 1.1), 100)
    XCTAssertEqual(NumberText.tidy(138 / 1.38), 100)
    XCTAssertEqual(NumberText.tidy(162 / 1.618), 162 / 1.618, "a rate that is not whole keeps every digit")
    XCTAssertEqual(NumberText.tidy(30.284301606922124), 30.284301606922124)
    XCTAssertEqual(NumberText.tidy(0.1 + 0.2), 0.3)
    XCTAssertEqual(NumberText.tidy(0), 0)
    XCTAssertTrue(NumberText.tidy(.infinity).isInfinite)
  }

  func testWhatIsWrittenReadsBackAsTheSameValue() {
    var generator = SplitMix64(seed: 7)
    for _ in 0..<2000 {
      let bits = generator.next()
      let value = Double(bitPattern: bits)
      guard value.isFinite else { continue }
      let text = NumberText.format(value)
      XCTAssertFalse(text.hasSuffix("."), text)
      XCTAssertEqual(NumberText.parse(text), value == 0 ? 0 : value, text)
    }
  }

  /// Messages print numbers through the same rule: no `0.` for a nanosecond and no 300 digits.
  func testMessagesUseTheRule() {
    XCTAssertEqual(fmt(1e-9), "1e-9")
    XCTAssertEqual(fmt(1e300), "1e300")
    XCTAssertEqual(fmt(0.333333333), "0.333333")
    XCTAssertEqual(fmt(8192), "8192")
  }
}
