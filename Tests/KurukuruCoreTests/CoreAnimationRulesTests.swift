import XCTest

@testable import KurukuruCore

/// Core Animation's own rules as presets write them: key times that stop before 1 (or start
/// after 0) hold the end values; with fewer curves than segments the last one repeats; a child's
/// `beginTime` inside a repeating group is a key-time range of the group's track.
final class CoreAnimationRulesTests: XCTestCase {
  /// The value of the first circle's opacity in a preset around one animated value.
  private func track(_ value: String) throws -> AnimatedValue {
    let text = presetText(view: "{\"Circle\": {}, \"modifiers\": [{\"opacity\": \(value)}]}")
    let scene = try Preset(text: text, file: "t.json").scene()
    guard case .opacity(let v) = scene.root.modifiers[0] else {
      XCTFail("no opacity")
      return .constant(0)
    }
    return v
  }

  /// NV ballScaleRippleMultiple: `keyTimes = [0, 0.7]` over 1.25 s — the value reaches its end
  /// at 0.875 s and holds it for the rest of the pass.
  func testKeyTimesStoppingBeforeOneHoldTheLastValue() throws {
    let v = try track("""
      {"values": [0, 1], "keyTimes": [0, 0.7], "animation": "linear(duration: 1.25).repeatForever(autoreverses: false)"}
      """)
    XCTAssertEqual(v.value(at: 0.4375), 0.5, accuracy: 1e-12, "half-way through 0…0.7 of the pass")
    XCTAssertEqual(v.value(at: 0.875), 1, accuracy: 1e-12)
    XCTAssertEqual(v.value(at: 1.1), 1, accuracy: 1e-12, "held, not extrapolated to 1.26")
    XCTAssertEqual(v.value(at: 1.25), 0, accuracy: 1e-12, "the next pass starts")
    // Starting after 0 holds the first value before.
    let late = try track("""
      {"values": [0.2, 1], "keyTimes": [0.5, 1], "animation": "linear(duration: 1).repeatForever(autoreverses: false)"}
      """)
    XCTAssertEqual(late.value(at: 0.25), 0.2, accuracy: 1e-12)
    XCTAssertEqual(late.value(at: 0.75), 0.6, accuracy: 1e-12)
  }

  /// NV orbit gives three segments two timing functions: the third segment takes the last one,
  /// as NV's device recording shows (Presets/README.md §8).
  func testFewerCurvesThanSegmentsRepeatTheLast() throws {
    let v = try track("""
      {"values": [0, 0, 1.3, 2], "keyTimes": [0, 0.45, 0.45, 1],
       "curves": ["linear", "timingCurve(0.19, 1, 0.22, 1)"],
       "animation": "linear(duration: 1).repeatForever(autoreverses: false)"}
      """)
    XCTAssertEqual(v.value(at: 0.2), 0, accuracy: 1e-12)
    let expo = TimingCurve.bezier(UnitBezier(0.19, 1, 0.22, 1))
    XCTAssertEqual(v.value(at: 0.725), 1.3 + 0.7 * expo.progress(0.5), accuracy: 1e-12, "eased half-way from 1.3 to 2")
    XCTAssertGreaterThan(v.value(at: 0.725), 1.9, "nearly full size at once, as recorded")
    XCTAssertEqual(
      try presetError(presetText(view: """
        {"Circle": {}, "modifiers": [{"opacity": {"values": [0, 1, 0], "curves": ["linear", "linear", "linear"], "animation": "linear"}}]}
        """)),
      "test.json:4:84: 'curves' has at most one curve per segment (2), got 3 (at view.modifiers[0].opacity.curves)")
    XCTAssertEqual(
      try presetError(presetText(view: """
        {"Circle": {}, "modifiers": [{"opacity": {"values": [0, 1], "keyTimes": [0.5, 0.2], "animation": "linear"}}]}
        """)),
      "test.json:4:83: 'keyTimes' must rise within 0…1 (from 0 to 1, or holding the first value before and the last after, as Core Animation does) (at view.modifiers[0].opacity.keyTimes)")
  }

  /// A group of 1.7 s repeating forever whose child starts at 0.5 s and runs 1.2 s — the
  /// recipe of Presets/README.md: key times [0.5/1.7, 1] on the group's track; before the
  /// child begins the value is the model value, here its `from`.
  func testChildBeginTimeInsideARepeatingGroup() throws {
    let v = try track("""
      {"values": [0, 1], "keyTimes": ["0.5 / 1.7", 1], "animation": "linear(duration: 1.7).repeatForever(autoreverses: false)"}
      """)
    XCTAssertEqual(v.value(at: 0.3), 0, accuracy: 1e-12)
    XCTAssertEqual(v.value(at: 1.1), 0.5, accuracy: 1e-12)
    XCTAssertEqual(v.value(at: 1.7 + 1.1), 0.5, accuracy: 1e-12, "the group repeats")
  }
}
