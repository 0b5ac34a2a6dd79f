import Foundation
import KurukuruCore
import XCTest

@testable import KurukuruLottie

/// Timing conversion of the Lottie exporter: cubic timing curves become keyframe handles
/// exactly, repeats unroll over the loop, and what cannot be exact is sampled within 0.5 %.
final class LottieTimingTests: XCTestCase {
  // MARK: - Support

  /// `from → to` under `animation`.
  func value(_ from: Double, _ to: Double, _ animation: AnimationSpec) -> AnimatedValue {
    .track(Track(values: [from, to], keyTimes: [0, 1], curves: [.linear], animation: animation))
  }

  /// The largest difference between what a player shows and the value, as a fraction of its
  /// range, at 2,000 instants of the loop (not only frames).
  func playedError(_ scalar: LottieScalar, _ v: AnimatedValue, period: Double, fps: Double) -> Double {
    var lo = Double.infinity, hi = -Double.infinity, worst = 0.0
    let times = (0..<2000).map { period * Double($0) / 2000 }
    for t in times { lo = min(lo, v.value(at: t)); hi = max(hi, v.value(at: t)) }
    for t in times { worst = max(worst, abs(scalar.value(atFrame: t * fps) - v.value(at: t)) / max(hi - lo, 1e-12)) }
    return worst
  }

  // MARK: - Bézier handles

  func testNamedAndCustomCurvesBecomeTheirControlPoints() throws {
    let curves: [(TimingCurve, [Double])] = [
      (.easeIn, [0.42, 0, 1, 1]), (.easeOut, [0, 0, 0.58, 1]), (.easeInOut, [0.42, 0, 0.58, 1]),
      (.bezier(UnitBezier(0.1, 0.7, 0.9, 0.2)), [0.1, 0.7, 0.9, 0.2]),
    ]
    for (curve, handles) in curves {
      let anim = AnimationSpec(curve: curve, duration: 2, repeatMode: .forever(autoreverses: false))
      let s = LottieTiming.scalar(value(0, 360, anim), period: 2, fps: 30)
      XCTAssertFalse(s.sampled, "\(curve)")
      XCTAssertEqual(s.keyframes.count, 2, "\(curve)")
      let k = try XCTUnwrap(s.keyframes.first)
      XCTAssertEqual(k.frame, 0)
      XCTAssertEqual(k.value, 0)
      XCTAssertEqual([k.easeOut.x, k.easeOut.y, k.easeIn.x, k.easeIn.y], handles, "\(curve)")
      XCTAssertEqual(s.keyframes.last?.frame, 60)
      XCTAssertEqual(s.keyframes.last?.value, 360)
    }
  }

  func testLinearIsTheDiagonal() throws {
    let anim = AnimationSpec(curve: .linear, duration: 1, repeatMode: .forever(autoreverses: false))
    let k = try XCTUnwrap(LottieTiming.scalar(value(10, 20, anim), period: 1, fps: 30).keyframes.first)
    XCTAssertEqual(k.easeOut.x, k.easeOut.y, accuracy: 1e-6)
    XCTAssertEqual(k.easeIn.x, k.easeIn.y, accuracy: 1e-6)
  }

  func testAnAutoreversedPassMirrorsItsCurve() throws {
    // easeIn played backwards is easeOut: handles (1 − c1) and (1 − c0).
    let anim = AnimationSpec(curve: .easeIn, duration: 1, repeatMode: .forever(autoreverses: true))
    let s = LottieTiming.scalar(value(0, 1, anim), period: 2, fps: 30)
    XCTAssertFalse(s.sampled)
    XCTAssertEqual(s.keyframes.map(\.frame), [0, 30, 60])
    XCTAssertEqual(s.keyframes.map(\.value), [0, 1, 0])
    XCTAssertEqual(s.keyframes[1].easeOut, Point(x: 0, y: 0))
    XCTAssertEqual(s.keyframes[1].easeIn, Point(x: 0.58, y: 1))
    XCTAssertLessThan(playedError(s, value(0, 1, anim), period: 2, fps: 30), 1e-4)
  }

  /// CSS `steps()` is exact: constant between its jumps, each jump a hold keyframe, so a player
  /// between frames never shows an angle between two steps (sampling would ramp over a frame).
  func testStepsBecomeHoldKeyframes() throws {
    let wheel = AnimationSpec(curve: .steps(8, .jumpEnd), duration: 1, repeatMode: .forever(autoreverses: false))
    let s = LottieTiming.scalar(value(0, 360, wheel), period: 1, fps: 40)
    XCTAssertFalse(s.sampled)
    XCTAssertEqual(s.keyframes.filter(\.hold).map(\.value), [0, 45, 90, 135, 180, 225, 270])
    XCTAssertEqual(s.keyframes.first { $0.value == 45 && !$0.hold }?.frame, 5, "45° from 0.125 s")
    XCTAssertEqual(playedError(s, value(0, 360, wheel), period: 1, fps: 40), 0, accuracy: 1e-9)
    // Autoreversed and jump-start: the backwards pass mirrors the steps in time.
    let both = AnimationSpec(curve: .steps(3, .jumpStart), duration: 0.6, repeatMode: .forever(autoreverses: true))
    let b = LottieTiming.scalar(value(0, 1, both), period: 1.2, fps: 30)
    XCTAssertFalse(b.sampled)
    XCTAssertLessThan(playedError(b, value(0, 1, both), period: 1.2, fps: 30), 0.005)
  }

  // MARK: - Unrolling

  func testAPhaseOffsetStartsKeyframesBeforeTheLoop() throws {
    // cycle 1 s (0.5 s each way), delay 0.25 s: a phase offset, so the pass that is half done at
    // t = 0 starts at −0.25 s (frame −7.5) and no pass is cut.
    let anim = AnimationSpec(curve: .easeInOut, duration: 0.5, delay: 0.25, repeatMode: .forever(autoreverses: true))
    let v = value(1, 0.3, anim)
    let s = LottieTiming.scalar(v, period: 1, fps: 30)
    XCTAssertFalse(s.sampled)
    XCTAssertEqual(s.keyframes.map(\.frame), [-22.5, -7.5, 7.5, 22.5, 37.5])
    XCTAssertEqual(s.keyframes.map(\.value), [1, 0.3, 1, 0.3, 1])
    XCTAssertLessThan(playedError(s, v, period: 1, fps: 30), 1e-4)
  }

  func testARestartingRepeatJumpsWithAHoldKeyframe() throws {
    // Two cycles of 0.5 s in a 1 s loop, not autoreversed: 0 → 360, jump back, 0 → 360.
    let anim = AnimationSpec(curve: .easeOut, duration: 0.5, repeatMode: .forever(autoreverses: false))
    let v = value(0, 360, anim)
    let s = LottieTiming.scalar(v, period: 1, fps: 30)
    XCTAssertFalse(s.sampled)
    let holds = s.keyframes.filter(\.hold)
    XCTAssertEqual(holds.count, 1)
    XCTAssertEqual(try XCTUnwrap(holds.first).frame, 15 - LottieTiming.jumpFrames, accuracy: 1e-4)
    XCTAssertEqual(s.value(atFrame: 15), 0)
    XCTAssertEqual(s.value(atFrame: 14.9), v.value(at: 14.9 / 30), accuracy: 1e-3)
    XCTAssertLessThan(playedError(s, v, period: 1, fps: 30), 0.005)
  }

  func testPausesCountsAndOneShotsUnroll() throws {
    var paused = AnimationSpec(curve: .easeOut, duration: 0.35, delay: 0.1, repeatMode: .forever(autoreverses: true))
    paused.pause = 0.2
    let counted = AnimationSpec(curve: .easeIn, duration: 0.2, delay: 0.1, repeatMode: .count(3, autoreverses: true))
    let once = AnimationSpec(curve: .linear, duration: 0.25, delay: 0.5)
    for (anim, period) in [(paused, 1.1), (counted, 1.0), (once, 1.0)] {
      let v = value(-2, 5, anim)
      let s = LottieTiming.scalar(v, period: period, fps: 30)
      XCTAssertFalse(s.sampled, "\(anim)")
      XCTAssertLessThan(playedError(s, v, period: period, fps: 30), 0.005, "\(anim)")
    }
  }

  func testKeyframeTracksSplitAtTheirKeyTimes() throws {
    // A linear track of keyframes with their own curve per segment (CSS-style) stays exact,
    // and so does a timing curve over linear keyframes (sub-curves of one Bézier).
    let perSegment = AnimatedValue.track(Track(
      values: [1, 0.3, 1], keyTimes: [0, 0.3, 1], curves: [.bezier(UnitBezier(0.2, 0.68, 0.18, 1.08)), .easeInOut],
      animation: AnimationSpec(curve: .linear, duration: 0.75, delay: 0.12, repeatMode: .forever(autoreverses: false))))
    let composed = AnimatedValue.track(Track(
      values: [0, 90, 310, 720], keyTimes: [0, 0.5, 0.675, 1], curves: [.linear, .linear, .linear],
      animation: AnimationSpec(curve: .easeIn, duration: 2, repeatMode: .forever(autoreverses: false))))
    for (v, period) in [(perSegment, 0.75), (composed, 2.0)] {
      let s = LottieTiming.scalar(v, period: period, fps: 30)
      XCTAssertFalse(s.sampled)
      XCTAssertLessThan(playedError(s, v, period: period, fps: 30), 1e-3)
    }
  }

  // MARK: - Sampling

  func testSpringsAreSampledWithinHalfAPercent() throws {
    for (response, damping) in [(0.55, 1.0), (0.5, 0.3), (0.8, 0.6)] {
      let spring = SpringCurve(response: response, dampingFraction: damping)
      let anim = AnimationSpec(
        curve: .spring(spring), duration: spring.settlingDuration, repeatMode: .forever(autoreverses: true))
      let v = value(0, 100, anim)
      let period = 2 * spring.settlingDuration
      let s = LottieTiming.scalar(v, period: period, fps: 30)
      XCTAssertTrue(s.sampled)
      XCTAssertLessThan(playedError(s, v, period: period, fps: 30), LottieTiming.tolerance, "spring(\(response), \(damping))")
      XCTAssertLessThan(s.keyframes.count, Int(period * 400), "spring(\(response), \(damping)) keyframes")
    }
  }

  func testCheckingMeasuresWhatAPlayerShows() {
    // A linear ramp written as a constant is 100 % off; written exactly, 0 %.
    let anim = AnimationSpec(curve: .linear, duration: 1, repeatMode: .forever(autoreverses: false))
    let v = value(0, 10, anim)
    XCTAssertGreaterThan(LottieTiming.maxError(.constant(0), { v.value(at: $0) }, period: 1, fps: 30), 0.9)
    XCTAssertEqual(LottieTiming.maxError(LottieTiming.scalar(v, period: 1, fps: 30), { v.value(at: $0) }, period: 1, fps: 30), 0, accuracy: 1e-4)
  }

  func testSampledKeyframesKeepKinksBetweenFrames() throws {
    // A value that comes to rest at key time 0.41 (frame 12.3 at 30 fps) and leaves it at 0.7:
    // the kinks are breakpoints and stay keyframes, so the rest is played flat, not cut by a
    // line that is within the tolerance at the frames only.
    let track = Track(
      values: [0, 1000, 1000, 1030], keyTimes: [0, 0.41, 0.7, 1],
      curves: [.bezier(UnitBezier(0.4, 0, 0.2, 1)), .linear, .linear],
      animation: AnimationSpec(curve: .linear, duration: 1, repeatMode: .forever(autoreverses: false)))
    let v = AnimatedValue.track(track)
    let breaks = LottieTiming.breakpoints(v, period: 1)
    XCTAssertTrue(breaks.contains { abs($0 - 0.41) < 1e-9 }, "\(breaks)")
    XCTAssertTrue(breaks.contains { abs($0 - 0.7) < 1e-9 }, "\(breaks)")
    let s = LottieTiming.sampled({ v.value(at: $0) }, period: 1, fps: 30, breakpoints: breaks)
    XCTAssertTrue(s.keyframes.contains { $0.frame == 12.3 && $0.value == 1000 }, "\(s.keyframes)")
    for frame in stride(from: 12.3, through: 21, by: 0.1) {
      XCTAssertEqual(s.value(atFrame: frame), 1000, accuracy: 1e-9, "frame \(frame)")
    }
    // Under an eased animation the key time is crossed where the progress reaches it.
    var eased = track
    eased.animation = AnimationSpec(curve: .easeIn, duration: 1, repeatMode: .forever(autoreverses: false))
    let crossing = try XCTUnwrap(LottieTiming.breakpoints(.track(eased), period: 1).first { $0 > 0 && $0 < 1 })
    XCTAssertEqual(eased.animation.curve.progress(crossing), 0.41, accuracy: 1e-6)
  }

  func testASampledAngleIsWithinHalfAPercentOfATurn() {
    // A spring turning 10 turns: 0.5 % of its 3,600° range would allow 18°; as an angle
    // (span 360) the error stays within 1.8°.
    let spring = SpringCurve(response: 0.5, dampingFraction: 0.5)
    let v = value(0, 3600, AnimationSpec(curve: .spring(spring), duration: 2, repeatMode: .forever(autoreverses: true)))
    let loose = LottieTiming.scalar(v, period: 4, fps: 30)
    let angle = LottieTiming.scalar(v, period: 4, fps: 30, span: 360)
    XCTAssertTrue(angle.sampled)
    let error = LottieTiming.maxError(angle, { v.value(at: $0) }, period: 4, fps: 30, span: 360)
    XCTAssertLessThanOrEqual(error, LottieTiming.tolerance)
    XCTAssertGreaterThan(angle.keyframes.count, loose.keyframes.count)
  }
}
