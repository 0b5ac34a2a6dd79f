import Foundation
import XCTest

@testable import KurukuruCore

/// The loop: least common multiple, seams of an explicit duration, `"duration": "auto"`.
final class TimelineTests: XCTestCase {
  /// One circle per animation string, each animating its opacity 0 → 1.
  static func preset(_ animations: [String], extra: String = "") -> String {
    let views = animations.map {
      "{\"Circle\": {}, \"modifiers\": [{\"opacity\": {\"from\": 0, \"to\": 1, \"animation\": \"\($0)\"}}]}"
    }
    return presetText(view: "{\"ZStack\": {\"content\": [\(views.joined(separator: ", "))]}}", extra: extra)
  }

  static func forever(_ seconds: Double) -> String {
    "linear(duration: \(seconds)).repeatForever(autoreverses: false)"
  }

  // MARK: - Least common multiple

  /// The error quotes the least common multiple of *all* the cycles, not of those read before
  /// the running value first passed the limit (195.84 s for the first three), in whole seconds.
  func testLoopPeriodErrorQuotesTheMultipleOfEveryCycle() {
    let text = Self.preset([0.72, 1.02, 1.28, 1.42].map(Self.forever))
    XCTAssertEqual(
      presetError(text),
      "test.json: loop period 13905 s (least common multiple of the cycles 0.72 s, 1.02 s, 1.28 s, 1.42 s) exceeds 30 s; set \"duration\" in the preset to choose the loop (a number, or \"auto\" for the least visible seam)")
    XCTAssertEqual(try Timeline.leastCommonMultiple([0.72, 1.02, 1.28, 1.42], file: "x") ?? 0, 13_904.64, accuracy: 1e-6)
    XCTAssertEqual(try Timeline.leastCommonMultiple([0.5, 0.75], file: "x") ?? 0, 1.5, accuracy: 1e-12)
  }

  /// A multiple past a million seconds is not spelled out: cycles of 0.1234 s and 0.4321 s have
  /// 1234 × 4321 / 10⁴ = 533.2114 s as their multiple, and a third of 0.9877 s multiplies it
  /// by 9877 (5,266,529 s).
  func testAnAstronomicalLoopPeriodIsNotSpelledOut() {
    XCTAssertEqual(
      presetError(Self.preset([0.1234, 0.4321].map(Self.forever))),
      "test.json: loop period 533.21 s (least common multiple of the cycles 0.1234 s, 0.4321 s) exceeds 30 s; set \"duration\" in the preset to choose the loop (a number, or \"auto\" for the least visible seam)")
    XCTAssertEqual(
      presetError(Self.preset([0.1234, 0.4321, 0.9877].map(Self.forever))),
      "test.json: loop period over 1e6 s (least common multiple of the cycles 0.1234 s, 0.4321 s, 0.9877 s) exceeds 30 s; set \"duration\" in the preset to choose the loop (a number, or \"auto\" for the least visible seam)")
  }

  /// `"auto"` is never read as an expression: beside a parameter named `auto` it is an error
  /// at the duration, and `{"auto": s}` or a renamed parameter are the ways out.
  func testAutoBesideAParameterNamedAutoIsAnError() throws {
    let animations = [0.72, 1.02].map(Self.forever)
    let ambiguous = Self.preset(animations, extra: #"\#n  "parameters": {"auto": {"default": 2}}, "duration": "auto","#)
    XCTAssertEqual(
      presetError(ambiguous),
      #"test.json:4:55: "duration": "auto" is the automatic loop, but a parameter is also named 'auto'; rename the parameter, or write {"auto": 10} for the automatic loop (at duration)"#)
    let object = Self.preset(animations, extra: #"\#n  "parameters": {"auto": {"default": 2}}, "duration": {"auto": 4},"#)
    XCTAssertNil(presetError(object))
    let expression = Self.preset(animations, extra: #"\#n  "parameters": {"auto": {"default": 2}}, "duration": "auto * 1","#)
    XCTAssertEqual(try Preset(text: expression, file: "t.json").scene().timeline.period, 2)
  }

  // MARK: - Seams

  /// A duration that holds whole cycles is seamless and says nothing; one that cuts a cycle
  /// says which, and how far a value jumps at the wrap.
  func testExplicitDurationThatCutsACycleReportsTheSeam() throws {
    let whole = try Preset(text: Self.preset([Self.forever(0.5)], extra: "\n  \"duration\": 1.5,"), file: "t.json").scene()
    XCTAssertEqual(whole.timeline.seam, 0, accuracy: 1e-12)
    XCTAssertFalse(whole.timeline.notes.joined().contains("seam"))
    let cut = try Preset(text: Self.preset([Self.forever(0.5)], extra: "\n  \"duration\": 1.2,"), file: "t.json").scene()
    // 1.2 s is 2.4 cycles: at the wrap the opacity would be 0.4, and it jumps back to 0.
    XCTAssertEqual(cut.timeline.seam, 0.4, accuracy: 1e-9)
    XCTAssertEqual(
      cut.timeline.notes,
      ["the 1.2 s loop cuts the cycle 0.5 s; it is not seamless: at the wrap a value jumps by 40% of its range"])
  }

  /// Angles compare modulo 360°: a turn cut at 0.9 of a revolution jumps by 36°, a tenth.
  func testSeamOfARotationIsMeasuredRoundTheCircle() throws {
    let text = presetText(
      view: "{\"Circle\": {}, \"modifiers\": [{\"rotationEffect\": {\"from\": 0, \"to\": 360, \"animation\": \"\(Self.forever(1))\"}}]}",
      extra: "\n  \"duration\": 0.9,")
    let scene = try Preset(text: text, file: "t.json").scene()
    XCTAssertEqual(scene.timeline.seam, 0.1, accuracy: 1e-9)
  }

  // MARK: - Automatic duration

  /// With a common period within the maximum, `auto` is that period; otherwise the loop (in
  /// whole frames, at least the longest cycle) whose seam is smallest.
  func testAutoDurationPicksTheLeastVisibleSeam() throws {
    let exact = try Preset(text: Self.preset([Self.forever(0.5), Self.forever(0.75)], extra: "\n  \"duration\": \"auto\","), file: "t.json").scene()
    XCTAssertEqual(exact.timeline.period, 1.5, accuracy: 1e-12)
    XCTAssertEqual(exact.timeline.seam, 0)
    // 0.72 s and 1.02 s repeat together every 12.24 s; within 4 s at 25 fps the best loop is
    // 2.12 s: 0.04 s short of three 0.72 s cycles (the sawtooth jumps back 0.04/0.72 = 5.6% of
    // its range early) and 0.08 s past two 1.02 s cycles (a 7.8% jump); every other whole
    // number of frames from 1.04 s to 4 s does worse (2.08 s: 11.1%).
    let text = Self.preset([Self.forever(0.72), Self.forever(1.02)], extra: "\n  \"fps\": 25, \"duration\": {\"auto\": 4},")
    let scene = try Preset(text: text, file: "t.json").scene()
    let candidates = (26...100).map { Double($0) / 25 }
    let seams = candidates.map { Timeline.seam(scene.root, period: $0) }
    let best = try XCTUnwrap(seams.min())
    XCTAssertEqual(Timeline.seam(scene.root, period: scene.timeline.period), best, accuracy: Timeline.autoSeamSlack)
    XCTAssertLessThanOrEqual(scene.timeline.period, 4)
    XCTAssertGreaterThanOrEqual(scene.timeline.period, 1.02)
    XCTAssertEqual(scene.timeline.period, 2.12, accuracy: 1e-9)
    XCTAssertEqual(scene.timeline.seam, 0.08 / 1.02, accuracy: 1e-6)
    XCTAssertEqual(scene.timeline.frameCount, 53)
  }

  /// A cycle that is no fraction of a second (a spring at a random speed) stops the computed
  /// rule, which needs an exact multiple, but not `auto`, which searches.
  func testAutoDurationAcceptsCyclesThatAreNoFraction() throws {
    let spring = "default.speed(0.2 + 0.3 * random(2, 0)).repeatForever(autoreverses: false)"
    XCTAssertTrue(
      (presetError(Self.preset([spring, Self.forever(1)])) ?? "").contains("is not a usable fraction of a second"))
    let scene = try Preset(text: Self.preset([spring, Self.forever(1)], extra: "\n  \"fps\": 30, \"duration\": {\"auto\": 6},"), file: "t.json").scene()
    var cycles: [Double] = []
    Timeline.collect(scene.root) { if let c = $0.cycle { cycles.append(c) } }
    let cycle = try XCTUnwrap(cycles.max())
    XCTAssertGreaterThan(cycle, 1.5)
    XCTAssertGreaterThanOrEqual(scene.timeline.period, cycle - 1e-9)
    XCTAssertLessThanOrEqual(scene.timeline.period, 6 + 1e-9)
    let candidates = (Int((cycle * 30).rounded(.up))...180).map { Double($0) / 30 }
    let best = try XCTUnwrap(candidates.map { Timeline.seam(scene.root, period: $0) }.min())
    XCTAssertEqual(scene.timeline.seam, best, accuracy: Timeline.autoSeamSlack)
  }

  func testAutoDurationErrors() {
    XCTAssertEqual(
      presetError(Self.preset([Self.forever(1)], extra: "\n  \"duration\": {\"auto\": 40},")),
      "test.json:4:24: the longest automatic loop must be in [0.01, 30] seconds, got 40 (at duration.auto)")
    XCTAssertEqual(
      presetError(Self.preset([Self.forever(1)], extra: "\n  \"duration\": {\"max\": 4},")),
      "test.json:4:16: unknown key 'max' (expected one of: auto) (at duration)")
  }
}
