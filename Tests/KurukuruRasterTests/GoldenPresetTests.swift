import KurukuruCore
import KurukuruSnapshot
import XCTest

// MARK: - Golden frames of the seed presets

/// Each seed preset at scale 2, at t = 0, two times inside the first loop and one time in the
/// second loop (the snapshot API takes t modulo the loop period). References live in
/// `__Snapshots__/GoldenPresetTests/`; re-record with `KURUKURU_RECORD=all`.
final class GoldenPresetTests: XCTestCase {
  /// Period 1.2 s: 1.5 s is 0.3 s into the second loop.
  func testLoadingCircle() throws {
    try assertFrames(of: "Presets/loading-circle.json", at: [0, 0.3, 0.8, 1.5], scale: 2)
  }

  /// Period 1.5 s: 2.1 s is 0.6 s into the second loop.
  func testActivityIndicator() throws {
    try assertFrames(of: "Presets/activity-indicator.json", at: [0, 0.2, 0.75, 2.1], scale: 2)
  }

  /// Period 60 s: 75 s is a quarter into the second loop.
  func testCircleProgress() throws {
    try assertFrames(of: "Presets/circle-progress.json", at: [0, 20, 45, 75], scale: 2)
  }

  /// Period 1.9 s: 2.5 s is 0.6 s into the second loop.
  func testTimingCurveDot() throws {
    try assertFrames(of: "Presets/timing-curve-dot.json", at: [0, 0.5, 1.2, 2.5], scale: 2)
  }

  /// Period 1.5 s (the preset's own duration): 0.1 s draws the first arc, 0.6 s the third,
  /// 1.2 s the held ring, 1.85 s the second arc of the second loop.
  func testFourColorRing() throws {
    try assertFrames(of: "Presets/four-color-ring.json", at: [0, 0.1, 0.6, 1.2, 1.85], scale: 2)
  }

  /// NV circleStrokeSpin, period 1.7 s: the rotation child has no duration of its own, so it
  /// turns once per 1.7 s group (not in Core Animation's standalone 0.25 s). 2.2 s is 0.5 s into
  /// the second loop.
  func testCircleStrokeSpin() throws {
    try assertFrames(of: "Presets/circle-stroke-spin.json", at: [0.3, 0.9, 1.3, 2.2], scale: 2)
  }

  /// Settings reach the rendered frames: a red activity indicator has its own references.
  func testActivityIndicatorWithSettings() throws {
    try assertFrames(of: "Presets/activity-indicator.json", at: [0.4], scale: 1, settings: ["color": "red"])
  }
}
