import Foundation
import KurukuruCore
import XCTest

@testable import KurukuruLottie

/// CSS timing in the Lottie export: `steps()` as the animation's curve is exact (constant
/// between jumps, hold keyframes); as a keyframe segment's curve it has no Bézier form and is
/// sampled. Either way every frame a player shows matches the value.
final class LottieCSSTimingTests: XCTestCase {
  func testStepsAreExactOrSampledAndEveryFrameMatches() {
    for (curve, keyframeCurve, exact) in [
      (TimingCurve.steps(4, .jumpEnd), TimingCurve.linear, true), (.linear, .steps(3, .jumpStart), false),
    ] {
      let anim = AnimationSpec(curve: curve, duration: 1, repeatMode: .forever(autoreverses: false))
      let value = AnimatedValue.track(
        Track(values: [0, 90, 360], keyTimes: [0, 0.5, 1], curves: [keyframeCurve, keyframeCurve], animation: anim))
      let s = LottieTiming.scalar(value, period: 2, fps: 30)
      XCTAssertEqual(s.sampled, !exact, "\(curve), \(keyframeCurve)")
      for frame in 0..<60 {
        let expected = value.value(at: Double(frame) / 30)
        XCTAssertEqual(s.value(atFrame: Double(frame)), expected, accuracy: 360 * 0.005, "\(curve) frame \(frame)")
      }
    }
  }
}
