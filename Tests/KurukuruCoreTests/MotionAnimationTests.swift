import XCTest

@testable import KurukuruCore

/// AnimationSpec.progress: repeats, autoreverse, delays as phase offsets, end values.
final class MotionAnimationTests: XCTestCase {
  func testRepeatForeverWithoutAutoreverseUsesTheDelayAsAPhaseOffset() {
    let animation = AnimationSpec(
      curve: .linear, duration: 2, delay: 0.5, repeatMode: .forever(autoreverses: false))
    XCTAssertEqual(animation.cycle, 2)
    XCTAssertNil(animation.endTime)
    XCTAssertEqual(animation.progress(at: 0.5), 0)
    XCTAssertEqual(animation.progress(at: 1.5), 0.5)
    XCTAssertEqual(animation.progress(at: 2.0), 0.75)
    XCTAssertEqual(animation.progress(at: 2.5), 0, "a new pass starts each cycle")
    // Before the delay: the steady state, as with a negative CSS delay.
    XCTAssertEqual(animation.progress(at: 0), 0.75)
    XCTAssertEqual(animation.progress(at: 0.25), 0.875)
    XCTAssertEqual(animation.progress(at: -1), 0.25)
    XCTAssertEqual(animation.progress(at: 100.5), 0)
  }

  func testRepeatForeverWithAutoreverseMirrorsTheCurveInTime() {
    let curve = TimingCurve.easeIn
    let animation = AnimationSpec(curve: curve, duration: 1, repeatMode: .forever(autoreverses: true))
    XCTAssertEqual(animation.cycle, 2)
    XCTAssertEqual(animation.progress(at: 0), 0)
    XCTAssertEqual(animation.progress(at: 0.25), curve.progress(0.25))
    XCTAssertEqual(animation.progress(at: 1), 1)
    XCTAssertEqual(animation.progress(at: 1.25), curve.progress(0.75))
    XCTAssertEqual(animation.progress(at: 1.75), curve.progress(0.25))
    XCTAssertEqual(animation.progress(at: 2), 0)
    XCTAssertEqual(animation.progress(at: 3.25), curve.progress(0.75))
    // Negative delay: phase moved forward by 0.5 s.
    let shifted = AnimationSpec(
      curve: curve, duration: 1, delay: -0.5, repeatMode: .forever(autoreverses: true))
    XCTAssertEqual(shifted.progress(at: 0), curve.progress(0.5))
    XCTAssertEqual(shifted.progress(at: 1), curve.progress(0.5))
    XCTAssertEqual(shifted.progress(at: 0.75), curve.progress(0.75), accuracy: 1e-15)
  }

  func testOnceWithDelayHoldsItsEndValue() {
    let animation = AnimationSpec(curve: .easeInOut, duration: 1, delay: 0.5)
    XCTAssertNil(animation.cycle)
    XCTAssertEqual(animation.endTime, 1.5)
    XCTAssertEqual(animation.progress(at: 0), 0)
    XCTAssertEqual(animation.progress(at: 0.4), 0)
    XCTAssertEqual(animation.progress(at: 1.0), 0.5, accuracy: 1e-12)
    XCTAssertEqual(animation.progress(at: 1.5), 1)
    XCTAssertEqual(animation.progress(at: 9), 1)
    XCTAssertEqual(animation.progress(at: .infinity), 1)
    XCTAssertEqual(animation.progress(at: .nan), 0)
    XCTAssertEqual(AnimationSpec(curve: .linear, duration: 1, delay: .nan).progress(at: 1), 0)
  }

  func testRepeatCountAlternatesAndThenJumpsToTheEnd() {
    let animation = AnimationSpec(
      curve: .linear, duration: 1, delay: 1, repeatMode: .count(2, autoreverses: true))
    XCTAssertEqual(animation.endTime, 3)
    XCTAssertEqual(animation.progress(at: 0.5), 0)
    XCTAssertEqual(animation.progress(at: 1.25), 0.25)
    XCTAssertEqual(animation.progress(at: 2.25), 0.75, "second pass runs backwards")
    XCTAssertEqual(animation.progress(at: 2.9), 0.1, accuracy: 1e-12)
    XCTAssertEqual(animation.progress(at: 3), 1, "SwiftUI jumps to the model value at the end")
    let three = AnimationSpec(curve: .linear, duration: 0.5, repeatMode: .count(3, autoreverses: false))
    XCTAssertEqual(three.endTime, 1.5)
    XCTAssertEqual(three.progress(at: 0.25), 0.5)
    XCTAssertEqual(three.progress(at: 0.75), 0.5)
    XCTAssertEqual(three.progress(at: 1.25), 0.5)
    XCTAssertEqual(three.progress(at: 1.6), 1)
  }

  func testSpeedFromTheParserScalesDurationAndEarlierDelays() throws {
    let slowFirst = try AnimationParser.parse("linear(duration: 2).delay(1).speed(2)") {
      try XCTUnwrap(Double($0))
    }
    XCTAssertEqual(slowFirst.duration, 1)
    XCTAssertEqual(slowFirst.delay, 0.5)
    XCTAssertEqual(slowFirst.progress(at: 1), 0.5)
    let delayAfter = try AnimationParser.parse("linear(duration: 2).speed(2).delay(1)") {
      try XCTUnwrap(Double($0))
    }
    XCTAssertEqual(delayAfter.duration, 1)
    XCTAssertEqual(delayAfter.delay, 1)
    XCTAssertEqual(delayAfter.progress(at: 1.5), 0.5)
  }

  func testSeed001DotsRotateWithTheirOwnCurves() throws {
    // Dot i: timingCurve(0.5, 0.15 + i/5, 0.25, 1, duration: 1.5), repeating without autoreverse.
    for i in 0..<5 {
      let y = 0.15 + Double(i) / 5
      let animation = AnimationSpec(
        curve: .bezier(UnitBezier(0.5, y, 0.25, 1)), duration: 1.5,
        repeatMode: .forever(autoreverses: false))
      XCTAssertEqual(animation.progress(at: 0), 0)
      XCTAssertEqual(animation.progress(at: 1.5), 0)
      XCTAssertEqual(animation.progress(at: 1.499_999), 1, accuracy: 1e-5)
    }
  }
}
