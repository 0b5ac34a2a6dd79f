import KurukuruCore
import KurukuruSnapshot
import XCTest

// MARK: - Golden frames of ported library presets

/// A few ported presets, one per technique the ports rely on, at scale 2. References live in
/// `__Snapshots__/GoldenPortedPresetTests/`; re-record with `KURUKURU_RECORD=all` and look at
/// them against the original (the `source` of each preset names it).
final class GoldenPortedPresetTests: XCTestCase {
  /// Text under a turning quarter ring: at 0.15 s the quarter has turned 90° (from the top to
  /// the right), at 0.45 s 270°.
  func testFomanticTextLoader() throws {
    try assertFrames(of: "Presets/fomantic-text-loader.json", at: [0.15, 0.45], scale: 2)
  }

  /// Equal key times jump: the first halo appears at 130% at 45% of the 1.9 s pass (0.855 s).
  func testNVOrbit() throws {
    try assertFrames(of: "Presets/nv-orbit.json", at: [0.8, 0.9, 1.5], scale: 2)
  }

  /// Arc angles as keyframes over a constant turn: the head leads at 0.5 s, the tail catches up
  /// by 1.334 s, and 3.0 s is in the third cycle.
  func testMaterialCircular() throws {
    try assertFrames(of: "Presets/material-circular.json", at: [0, 0.5, 1.2, 3.0], scale: 2)
  }

  /// An animated stroke colour in linear light: 1.17 s is halfway through the blue → red fade
  /// (fast-out-slow-in), 2.5 s red fading to yellow.
  func testMaterialCircularFourColor() throws {
    try assertFrames(of: "Presets/material-circular-four-color.json", at: [1.17, 2.5], scale: 2)
  }

  /// `clipped` on the viewport: at 0.5 s rect2 spans the left half while rect1 still waits
  /// off-screen at x < 0; at 1.1 s the clip cuts rect2 where it leaves by the right edge; at
  /// 1.6 s rect1 is crossing and rect2 has gone.
  func testAndroidHorizontalIndeterminate() throws {
    try assertFrames(of: "Presets/android-horizontal-indeterminate.json", at: [0.5, 1.1, 1.6], scale: 2)
  }

  /// Animated fills in premultiplied sRGB: at 0.25 s the first dot is fading, the second at
  /// 20 % opacity, the third coming back.
  func testThreeDotsDotFlashing() throws {
    try assertFrames(of: "Presets/three-dots-dot-flashing.json", at: [0.25, 0.75], scale: 2)
  }

  /// Rotation, scale and offset keyframes from one CSS transform list per key.
  func testSpinKitWanderingCubes() throws {
    try assertFrames(of: "Presets/spinkit-wandering-cubes.json", at: [0.3, 1.0], scale: 2)
  }

  /// Key times that stop at 0.9 in the original hold the last value to the end of the pass.
  func testNVLineScalePulseOutRapid() throws {
    try assertFrames(of: "Presets/nv-line-scale-pulse-out-rapid.json", at: [0.4, 0.85], scale: 2)
  }

  /// A filled arc is closed by its chord: a circular segment, turned 60° at 0.1 s.
  func testNVSemiCircleSpin() throws {
    try assertFrames(of: "Presets/nv-semi-circle-spin.json", at: [0.1], scale: 2)
  }

  /// The iOS-style wheel, `steps(8, jump-end)` over a 1 s turn, holds each 45° step for 0.125 s:
  /// 0.1 s is step 0, 0.3 s step 2.
  func testIOSActivityIndicatorSteps() throws {
    try assertFrames(of: "Presets/ios-activity-indicator.json", at: [0.1, 0.3], scale: 2)
  }

  /// A `Polygon` under four `rotation3DEffect`s with perspective: at 0.3 s the first flip about
  /// x is past edge-on (the back face, apex down, squashed), at 1.1 s the second flip turns the
  /// upside-down triangle about y (its near edge longer).
  func testNVTriangleSkewSpin() throws {
    try assertFrames(of: "Presets/nv-triangle-skew-spin.json", at: [0.3, 1.1], scale: 2)
  }

  /// Composed 3-D turns (`rotation3DEffect` `turns`), flattened orthographically: at 0.3 s and
  /// 1.3 s both rings are tilted ellipses, crossing where their 0.4 opacities add up.
  func testReactSpinnersRing() throws {
    try assertFrames(of: "Presets/react-spinners-ring.json", at: [0.3, 1.3], scale: 2)
  }

  /// Keyframes only at 50 % with a `base` for 0 % and 100 %: at 0.7 s the outer rings are on
  /// their way back from 360° and 0.7, the inner ones still turning forwards.
  func testEpicSpinnersSemipolar() throws {
    try assertFrames(of: "Presets/epic-spinners-semipolar.json", at: [0.7], scale: 2)
  }

  /// The base opacity 0 at 0 % and 100 %: at 0.2 s the disc grows and fades in, at 0.6 s it is
  /// full-size and fading out.
  func testBootstrapSpinnerGrow() throws {
    try assertFrames(of: "Presets/bootstrap-spinner-grow.json", at: [0.2, 0.6], scale: 2)
  }
}
