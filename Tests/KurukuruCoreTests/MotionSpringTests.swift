import XCTest

@testable import KurukuruCore

/// Springs against closed forms, a numerical integration, and the settling definition.
final class MotionSpringTests: XCTestCase {
  /// Integrates x″ = −k(x − 1) − c·x′ from x = 0, x′ = 0 with classical Runge–Kutta.
  private func integrate(_ spring: SpringCurve, until end: Double, step: Double = 1e-5) -> [Double:
    Double]
  {
    let k = pow(2 * Double.pi / spring.response, 2)
    let c = 4 * Double.pi * spring.dampingFraction / spring.response
    func accel(_ x: Double, _ v: Double) -> Double { -k * (x - 1) - c * v }
    var (x, v) = (0.0, 0.0)
    var results: [Double: Double] = [:]
    let steps = Int((end / step).rounded())
    for i in 1...steps {
      let (k1x, k1v) = (v, accel(x, v))
      let (k2x, k2v) = (v + step / 2 * k1v, accel(x + step / 2 * k1x, v + step / 2 * k1v))
      let (k3x, k3v) = (v + step / 2 * k2v, accel(x + step / 2 * k2x, v + step / 2 * k2v))
      let (k4x, k4v) = (v + step * k3v, accel(x + step * k3x, v + step * k3v))
      x += step / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
      v += step / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
      if i % 10_000 == 0 { results[Double(i / 10_000) / 10] = x }
    }
    return results
  }

  func testClosedFormsMatchNumericalIntegrationInEveryRegime() {
    for fraction in [0.3, 0.825, 1.0, 1.7] {
      let spring = SpringCurve(response: 0.55, dampingFraction: fraction)
      for (time, expected) in integrate(spring, until: 1.5) {
        XCTAssertEqual(
          spring.value(at: time), expected, accuracy: 1e-8, "ζ \(fraction) at \(time) s")
      }
    }
  }

  func testCriticallyDampedKnownValues() {
    // ω₀ = 2π: x(t) = 1 − e^(−2πt)(1 + 2πt).
    let spring = SpringCurve(response: 1, dampingFraction: 1)
    XCTAssertEqual(spring.value(at: 0), 0)
    XCTAssertEqual(spring.value(at: 0.25), 0.465_583_948_7, accuracy: 1e-7)
    XCTAssertEqual(spring.value(at: 0.5), 0.821_025_553_6, accuracy: 1e-7)
    XCTAssertEqual(spring.value(at: 1), 0.986_399_068_5, accuracy: 1e-7)
    XCTAssertEqual(spring.value(at: -1), 0)
  }

  func testUnderdampedOvershootsByTheKnownPeak() {
    // First peak at π/ω_d, 1 + e^(−ζπ/√(1−ζ²)) high.
    let spring = SpringCurve(response: 0.5, dampingFraction: 0.5)
    let wd = spring.angularFrequency * (1 - 0.25).squareRoot()
    let peak = spring.value(at: Double.pi / wd)
    XCTAssertEqual(peak, 1 + exp(-0.5 * Double.pi / 0.75.squareRoot()), accuracy: 1e-12)
    XCTAssertGreaterThan(peak, 1.16)
    XCTAssertEqual(spring.velocity(at: Double.pi / wd), 0, accuracy: 1e-9)
  }

  func testOverdampedNeverOvershoots() {
    let spring = SpringCurve(response: 0.4, dampingFraction: 2)
    var previous = 0.0
    for i in 1...400 {
      let x = spring.value(at: Double(i) / 100)
      XCTAssertGreaterThanOrEqual(x, previous)
      XCTAssertLessThan(x, 1)
      previous = x
    }
  }

  func testDurationBounceMapping() {
    // SwiftUI's documentation: Spring(duration: 0.5, bounce: 0.3) has stiffness 157.9, damping 17.6.
    let spring = SpringCurve(duration: 0.5, bounce: 0.3)
    XCTAssertEqual(spring.response, 0.5)
    XCTAssertEqual(spring.dampingFraction, 0.7, accuracy: 1e-12)
    XCTAssertEqual(pow(2 * Double.pi / spring.response, 2), 157.9, accuracy: 0.05)
    XCTAssertEqual(4 * Double.pi * spring.dampingFraction / spring.response, 17.6, accuracy: 0.05)
    XCTAssertEqual(SpringCurve(duration: 0.8, bounce: 0).dampingFraction, 1)
    XCTAssertEqual(SpringCurve(duration: 0.8, bounce: -0.5).dampingFraction, 2, accuracy: 1e-12)
  }

  // MARK: - Settling

  /// max(|1 − x|, |x′|/ω₀): the quantity whose staying ≤ 0.001 defines settling.
  private func unsettledness(_ spring: SpringCurve, _ t: Double) -> Double {
    max(abs(1 - spring.value(at: t)), abs(spring.velocity(at: t)) / spring.angularFrequency)
  }

  private func assertSettlingDefinition(
    _ spring: SpringCurve, file: StaticString = #filePath, line: UInt = #line
  ) {
    let settle = spring.settlingDuration
    XCTAssertTrue(settle.isFinite, file: file, line: line)
    XCTAssertEqual(
      settle * 1000, (settle * 1000).rounded(), accuracy: 1e-6, "whole ms", file: file, line: line)
    // Stays settled afterwards (dense samples over several periods and well beyond).
    var worst = 0.0
    var t = settle
    while t < settle + 4 * spring.response {
      worst = max(worst, unsettledness(spring, t))
      t += spring.response / 20_000
    }
    XCTAssertLessThanOrEqual(worst, SpringCurve.settlingEpsilon * (1 + 1e-6), file: file, line: line)
    // And it is not yet settled within the millisecond before.
    var before = 0.0
    for i in 0..<1000 {
      before = max(before, unsettledness(spring, settle - 0.001 + Double(i) * 1e-6))
    }
    XCTAssertGreaterThan(before, SpringCurve.settlingEpsilon, file: file, line: line)
  }

  func testSettlingDurationFollowsItsDefinition() {
    for (response, fraction) in [
      (0.55, 0.825), (0.55, 1.0), (0.5, 0.7), (0.3, 0.15), (0.4, 2.5), (1.0, 0.999),
    ] {
      assertSettlingDefinition(SpringCurve(response: response, dampingFraction: fraction))
    }
  }

  func testLightlyDampedSettlingMatchesABruteForceScan() {
    let spring = SpringCurve(response: 0.3, dampingFraction: 0.05)
    assertSettlingDefinition(spring)
    // Last unsettled instant on a 20 µs grid, forward from 0 to an envelope bound.
    let w0 = spring.angularFrequency
    let bound = log(1 / (0.001 * (1 - 0.05 * 0.05).squareRoot())) / (0.05 * w0)
    var last = 0.0
    var t = 0.0
    while t < bound {
      if unsettledness(spring, t) > 0.001 { last = t }
      t += 2e-5
    }
    XCTAssertEqual(spring.settlingDuration, (last * 1000).rounded(.up) / 1000, accuracy: 0.0011)
  }

  func testSettlingDurationIsDeterministicAndKnownForPresets() {
    let a = SpringCurve(response: 0.55, dampingFraction: 0.825)
    let b = SpringCurve(response: 0.55, dampingFraction: 0.825)
    XCTAssertEqual(a.settlingDuration, b.settlingDuration)
    XCTAssertEqual(a, b)
    // A critically damped spring settles when e^(−ω₀t)(1 + ω₀t) = 0.001, i.e. ω₀t = 9.233413…,
    // t = 1.469543 s for ω₀ = 2π: 1.470 s once rounded up.
    let critical = SpringCurve(response: 1, dampingFraction: 1)
    XCTAssertEqual(critical.settlingDuration, 1.47)
    XCTAssertEqual(SpringCurve(response: 1, dampingFraction: 0).settlingDuration, .infinity)
  }

  func testVeryLightDampingStillComputesQuickly() {
    // Thousands of oscillations before settling: the half-period shortcut keeps this cheap.
    let spring = SpringCurve(response: 0.2, dampingFraction: 0.0005)
    XCTAssertTrue(spring.settlingDuration.isFinite)
    XCTAssertGreaterThan(spring.settlingDuration, 100)
    XCTAssertLessThanOrEqual(unsettledness(spring, spring.settlingDuration), 0.001)
    XCTAssertLessThanOrEqual(unsettledness(spring, spring.settlingDuration + 0.0123), 0.001)
  }
}
