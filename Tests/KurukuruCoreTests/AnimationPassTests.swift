import XCTest

@testable import KurukuruCore

/// An animation's passes, described once: sampling (`progress(at:)`) and unrolling
/// (`passes(from:to:)`) read the same rule.
final class AnimationPassTests: XCTestCase {
  func testAnAutoreversingForeverAnimationAlternatesFromItsPhaseOffset() throws {
    var spec = AnimationSpec(curve: .linear, duration: 1, delay: 0.25, repeatMode: .forever(autoreverses: true))
    spec.pause = 0.5
    // Passes of 1.5 s (0.5 s pause, then 1 s): forward from 0.25 − 3 = −2.75, backward from −1.25, …
    let passes = try XCTUnwrap(spec.passes(from: 0, to: 3))
    XCTAssertEqual(passes.map(\.start), [-2.75, -1.25, 0.25, 1.75])
    XCTAssertEqual(passes.map(\.backwards), [false, true, false, true])
    XCTAssertEqual(Set(passes.map(\.pause)), [0.5])
    // Sampling agrees with the passes: during a pass's pause it rests where the pass starts.
    XCTAssertEqual(spec.phase(at: 0.5), .during(offset: 0.25, backwards: false))
    XCTAssertEqual(spec.progress(at: 0.5), 0)
    XCTAssertEqual(spec.progress(at: 1.25), 0.5, accuracy: 1e-12)
    XCTAssertEqual(spec.progress(at: 2.0), 1, accuracy: 1e-12)  // backwards pass, in its pause
    XCTAssertEqual(spec.progress(at: 2.75), 0.5, accuracy: 1e-12)
  }

  func testAFiniteAnimationHoldsBeforeAndAfterItsPasses() throws {
    let spec = AnimationSpec(curve: .linear, duration: 2, delay: 1, repeatMode: .count(3, autoreverses: true))
    XCTAssertEqual(spec.phase(at: 0.5), .before)
    XCTAssertEqual(spec.progress(at: 0.5), 0)
    XCTAssertEqual(spec.phase(at: 7), .after)
    XCTAssertEqual(spec.progress(at: 7), 1)
    let passes = try XCTUnwrap(spec.passes(from: 0, to: 10))
    XCTAssertEqual(passes.map(\.start), [1, 3, 5])
    XCTAssertEqual(passes.map(\.backwards), [false, true, false])
    XCTAssertEqual(spec.endTime, 7)
    // Only the passes that begin before the end of the range.
    XCTAssertEqual(try XCTUnwrap(spec.passes(from: 0, to: 3)).count, 1)
  }

  func testTooManyPassesOrNoDurationGiveNoUnrolling() {
    let fast = AnimationSpec(curve: .linear, duration: 1e-6, repeatMode: .forever(autoreverses: false))
    XCTAssertNil(fast.passes(from: 0, to: 1, limit: 1000))
    XCTAssertNil(AnimationSpec(curve: .linear, duration: 0).passes(from: 0, to: 1))
    XCTAssertEqual(AnimationSpec(curve: .linear, duration: 0).phase(at: 0.5), .after)
  }

  func testTheTreeVisitorNamesAnglesAndLayout() throws {
    let preset = try Preset(
      text: """
        {"width": 40, "height": 40, "view": {"Circle": {}, "modifiers": [
          {"frame": {"width": {"from": 10, "to": 20, "animation": "linear(duration: 1).repeatForever()"}, "height": 20}},
          {"rotationEffect": {"from": 0, "to": 360, "animation": "linear(duration: 1).repeatForever(autoreverses: false)"}},
          {"opacity": 0.5}
        ]}}
        """, file: "t.json")
    var roles: [SceneView.ValueRole] = []
    try preset.scene().root.forEachAnimatedValue { _, role in roles.append(role) }
    XCTAssertEqual(roles, [.layout, .angle])
  }
}
