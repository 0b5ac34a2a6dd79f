import XCTest

@testable import KurukuruCore

/// Hostile presets fail at load time with one short line naming the file and the place:
/// loops too short to time, geometry that overflows numbers, work beyond the limits, and names
/// megabytes long.
final class SafetyLimitsTests: XCTestCase {
  // MARK: - Loops too short to time

  func testALoopShorterThanTheMinimumNamesThePlaceThatSetIt() {
    let oneShot = presetText(view: """
      {"Circle": {}, "modifiers": [{"opacity": {"from": 0, "to": 1, "animation": "linear(duration: 1e-9)"}}]}
      """)
    XCTAssertEqual(
      presetError(oneShot),
      "test.json:4:86: the loop would last 1e-9 s, shorter than the 0.01 s minimum; lengthen the animation or set \"duration\" (at view.modifiers[0].opacity.animation)")
    // Of two repeating animations, the longer cycle sets the period (0.008 s, a multiple of 0.004 s).
    let cycles = presetText(view: """
      {"ZStack": {"content": [
        {"Circle": {}, "modifiers": [{"opacity": {"from": 0, "to": 1, "animation": "linear(duration: 0.002).repeatForever()"}}]},
        {"Circle": {}, "modifiers": [{"opacity": {"from": 0, "to": 1, "animation": "linear(duration: 0.008).repeatForever(autoreverses: false)"}}]}
      ]}}
      """)
    XCTAssertEqual(
      presetError(cycles),
      "test.json:6:78: the loop would last 0.008 s, shorter than the 0.01 s minimum; lengthen the animation or set \"duration\" (at view.ZStack.content[1].modifiers[0].opacity.animation)")
    XCTAssertEqual(
      presetError(presetText(view: #"{"Circle": {}}"#, extra: "\n  \"duration\": 1e-9,")),
      "test.json:4:15: duration must be in [0.01, 600] seconds, got 1e-9 (at duration)")
    XCTAssertEqual(
      presetError(presetText(view: #"{"Circle": {}}"#, extra: "\n  \"duration\": {\"auto\": 0.001},")),
      "test.json:4:24: the longest automatic loop must be in [0.01, 30] seconds, got 0.001 (at duration.auto)")
  }

  func testStillScenesAndLoopsFromTheMinimumOnStillLoad() throws {
    let still = try Preset(text: presetText(view: #"{"Circle": {}}"#), file: "t.json").scene()
    XCTAssertEqual(still.timeline.period, 0)
    XCTAssertEqual(still.timeline.frameCount, 1)
    let shortest = try Preset(text: presetText(view: """
      {"Circle": {}, "modifiers": [{"opacity": {"from": 0, "to": 1, "animation": "linear(duration: 0.01)"}}]}
      """), file: "t.json").scene()
    XCTAssertEqual(shortest.timeline.period, 0.01)
    XCTAssertEqual(shortest.timeline.frameCount, 1)
    // A nanosecond jump inside a loop the preset sets is no loop of its own.
    let jump = try Preset(text: presetText(view: """
      {"Circle": {}, "modifiers": [{"opacity": {"from": 0, "to": 1, "animation": "linear(duration: 1e-9)"}}]}
      """, extra: "\n  \"duration\": 1,"), file: "t.json").scene()
    XCTAssertEqual(jump.timeline.period, 1)
  }

  // MARK: - Geometry that overflows numbers

  /// The error for `modifier` on a Circle (one line of JSON, at line 4 of the preset).
  func modifierError(_ modifier: String) -> String? {
    presetError(presetText(view: #"{"Circle": {}, "modifiers": [{"fill": "red"}, "# + modifier + "]}"))
  }

  func testEveryKeyframeOfAnimatedGeometryIsBoundedAtItsPlace() {
    let animation = #""animation": "linear(duration: 1)""#
    XCTAssertEqual(
      modifierError(#"{"scaleEffect": {"from": 0, "to": 1e300, \#(animation)}}"#),
      "test.json:4:91: scale must be in −10000…10000, got 1e300 (at view.modifiers[1].scaleEffect.to)")
    XCTAssertEqual(
      modifierError(#"{"offset": {"x": {"values": [0, 20, -1e6, 0], \#(animation)}}}"#),
      "test.json:4:93: x must be in −100000…100000 points, got -1000000 (at view.modifiers[1].offset.x.values[2])")
    XCTAssertEqual(
      modifierError(#"{"shadow": {"radius": 2, "x": 1e308}}"#),
      "test.json:4:87: x must be in −100000…100000 points, got 1e308 (at view.modifiers[1].shadow.x)")
    XCTAssertEqual(
      modifierError(#"{"shadow": {"radius": {"from": 2, "to": 5000, \#(animation)}}}"#),
      "test.json:4:97: radius must be in 0…1000 points, got 5000 (at view.modifiers[1].shadow.radius.to)")
    XCTAssertEqual(
      modifierError(#"{"frame": {"width": {"from": 10, "to": -10, \#(animation)}}}"#),
      "test.json:4:96: size must be in 0…8192 points, got -10 (at view.modifiers[1].frame.width.to)")
    XCTAssertEqual(
      modifierError(#"{"rotationEffect": 1e300}"#),
      "test.json:4:76: angle must be in −1000000…1000000 degrees, got 1e300 (at view.modifiers[1].rotationEffect)")
    XCTAssertEqual(
      modifierError(#"{"scaleEffect": {"scale": 2, "anchor": [1e300, 0]}}"#),
      "test.json:4:96: a unit point is a fraction of the frame; x and y must be in −100…100, got [1e300, 0] (at view.modifiers[1].scaleEffect.anchor)")
    // Within the bounds, the same keyframes load.
    XCTAssertNil(modifierError(#"{"scaleEffect": {"from": 0, "to": 10000, \#(animation)}}"#))
    XCTAssertNil(modifierError(#"{"offset": {"x": {"values": [0, 20, -100000, 0], \#(animation)}}}"#))
  }

  func testRadiiMustNotBeNegative() {
    XCTAssertEqual(
      presetError(presetText(view: #"{"RoundedRectangle": {"cornerRadius": -5}}"#)),
      "test.json:4:49: cornerRadius must be in 0…100000 points, got -5 (at view.RoundedRectangle.cornerRadius)")
    XCTAssertEqual(
      modifierError(#"{"foregroundStyle": {"RadialGradient": {"colors": ["red", "blue"], "endRadius": -5}}}"#),
      "test.json:4:137: endRadius must be in 0…100000 points, got -5 (at view.modifiers[1].foregroundStyle.RadialGradient.endRadius)")
    let animatedCorner = #"{"RoundedRectangle": {"cornerRadius": {"from": 4, "to": -1, "animation": "linear(duration: 1)"}}}"#
    XCTAssertEqual(
      presetError(presetText(view: animatedCorner)),
      "test.json:4:67: cornerRadius must be in 0…100000 points, got -1 (at view.RoundedRectangle.cornerRadius.to)")
  }

  func testAnAnimatedPerspectiveFollowsTheConstantsRule() {
    func perspective(_ value: String) -> String? {
      modifierError(#"{"rotation3DEffect": {"degrees": 30, "axis": "y", "perspective": \#(value)}}"#)
    }
    XCTAssertEqual(
      perspective("1e6"),
      "test.json:4:122: perspective must be in 0…1000, got 1000000 (at view.modifiers[1].rotation3DEffect.perspective)")
    XCTAssertEqual(
      perspective(#"{"from": 0, "to": 1e6, "animation": "linear(duration: 1)"}"#),
      "test.json:4:140: perspective must be in 0…1000, got 1000000 (at view.modifiers[1].rotation3DEffect.perspective.to)")
    XCTAssertNil(perspective(#"{"from": 0, "to": 1000, "animation": "linear(duration: 1)"}"#))
  }

  func testPiIsAConstantNotAName() {
    let forEach = #"{"ZStack": {"content": [{"ForEach": {"range": 3, "as": "pi", "content": [{"Circle": {}}]}}]}}"#
    XCTAssertEqual(
      presetError(presetText(view: forEach)),
      "test.json:4:66: 'as' name 'pi' is a constant in expressions; choose another name (at view.ZStack.content[0].ForEach.as)")
    let parameter = presetText(view: #"{"Circle": {}}"#, extra: #"\#n  "parameters": {"pi": {"default": 3}},"#)
    XCTAssertEqual(
      presetError(parameter),
      "test.json:4:18: parameter name 'pi' is a constant in expressions; choose another name (at parameters.pi)")
  }

  // MARK: - Work bounded by the limits

  func testKeyframesAreCountedAfterExpandingForEachBeforeTheyAreRead() throws {
    // 9,999 views of 1,000 keyframes each: within every other limit, 10⁷ keyframes in all.
    let values = (0..<1000).map { String($0 % 2) }.joined(separator: ",")
    let heavy = presetText(view: """
      {"ZStack": {"content": [{"ForEach": {"range": 9999, "content": [{"Circle": {}, "modifiers": [
        {"opacity": {"values": [\(values)], "animation": "linear(duration: 1).repeatForever()"}}]}]}}]}}
      """)
    XCTAssertEqual(
      presetError(heavy),
      "test.json:5:26: more than 1000000 keyframe values after expanding ForEach (at view.ZStack.content[0].ForEach.content[0].modifiers[0].opacity.values)")
    // from/to count 2; the count is shared by every copy of the content.
    let pairs = presetText(view: """
      {"ZStack": {"content": [{"ForEach": {"range": 6, "content": [{"Circle": {}, "modifiers": [
        {"opacity": {"from": 0, "to": 1, "animation": "linear(duration: 1)"}}]}]}}]}}
      """)
    var limits = Limits()
    limits.maxKeyframes = 12
    XCTAssertNoThrow(try Preset(text: pairs, file: "t.json").scene(limits: limits))
    limits.maxKeyframes = 11
    XCTAssertThrowsError(try Preset(text: pairs, file: "t.json").scene(limits: limits)) {
      XCTAssertEqual(
        "\($0)",
        "t.json:5:15: more than 11 keyframe values after expanding ForEach (at view.ZStack.content[0].ForEach.content[0].modifiers[0].opacity)")
      XCTAssertEqual(($0 as? PresetError)?.kind, .limitExceeded)
    }
  }

  /// A track finds its segment by bisection: the segment the linear search found before, for
  /// key times with repeats and progress outside 0…1 or NaN.
  func testTheSegmentSearchFindsWhatTheLinearSearchFound() {
    var generator = SplitMix64(seed: 24)
    for _ in 0..<300 {
      let count = 2 + Int(generator.next() % 12)
      var keyTimes = (0..<count).map { _ in Double(generator.next() % 5) / 4 }.sorted()
      keyTimes[0] = 0
      keyTimes[count - 1] = 1
      let values = (0..<count).map { _ in Double(generator.next() % 100) }
      let track = Track(
        values: values, keyTimes: keyTimes, curves: [TimingCurve](repeating: .linear, count: count - 1),
        animation: AnimationSpec(curve: .linear, duration: 1))
      for t in [-0.5, 0, 0.125, 0.25, 0.5, 0.75, 0.999, 1, 1.5, .nan] {
        let p = track.animation.progress(at: t)
        var k = 0
        while k < values.count - 2, p >= keyTimes[k + 1] { k += 1 }
        let span = keyTimes[k + 1] - keyTimes[k]
        let f = span > 0 ? (p - keyTimes[k]) / span : 1
        let expected = values[k] + (values[k + 1] - values[k]) * f
        let actual = track.value(at: t)
        XCTAssertTrue(actual == expected || (actual.isNaN && expected.isNaN), "\(keyTimes) at \(t): \(actual) ≠ \(expected)")
      }
    }
  }

  // MARK: - Long names

  /// 40 `a`s and `…`: what a message shows of a long name.
  static let cut = String(repeating: "a", count: 40) + "…"

  func testMessagesQuoteOnlyAnExcerptOfLongText() {
    let long = String(repeating: "a", count: 100_000)
    let cut = Self.cut
    XCTAssertEqual(
      presetError(presetText(view: #"{"Circle": {}, "modifiers": [{"fill": "\#(long)"}]}"#)),
      "test.json:4:49: unknown colour '\(cut)' (at view.modifiers[0].fill)")
    XCTAssertEqual(
      presetError(presetText(view: #"{"Circle": {"\#(long)": 1}}"#)),
      "test.json:4:23: unknown key '\(cut)' (expected one of: ) (at view.Circle)")
    XCTAssertEqual(presetError(presetText(view: #"{"\#(long)": {}}"#)), "test.json:4:12: unknown view '\(cut)' (at view)")
    XCTAssertEqual(
      presetError(presetText(view: #"{"Circle": {}, "modifiers": [{"offset": {"x": "\#(long)"}}]}"#)),
      "test.json:4:58: unknown name '\(cut)' (at view.modifiers[0].offset.x)")
    XCTAssertEqual(
      presetError(presetText(view: #"{"Circle": {}, "modifiers": [{"opacity": {"from": 0, "to": 1, "animation": "\#(long)"}}]}"#)),
      "test.json:4:87: unknown animation '\(cut)' (at view.modifiers[0].opacity.animation)")
    XCTAssertEqual(
      presetError(presetText(view: #"{"Circle": {}}"#), settings: [long: "1"]),
      "test.json: setting '\(cut)': unknown parameter (this preset has no parameters)")
    let withParameter = presetText(view: #"{"Circle": {}}"#, extra: #"\#n  "parameters": {"size": {"default": 1}},"#)
    XCTAssertEqual(
      presetError(withParameter, settings: ["size": long]), "test.json: setting size=\(cut): 'size' takes a number")
    let longParameter = presetText(view: #"{"Circle": {}}"#, extra: #"\#n  "parameters": {"\#(long)": {"default": 1}},"#)
    XCTAssertEqual(
      presetError(longParameter, settings: ["x": "1"]), "test.json: setting 'x': unknown parameter (parameters: \(cut))")
  }

  func testSuggestionsSkipLongWordsButNotMeanings() {
    XCTAssertEqual(Suggestion.excerpt("blue"), "blue")
    XCTAssertEqual(Suggestion.excerpt(String(repeating: "a", count: 40)), String(repeating: "a", count: 40))
    XCTAssertEqual(Suggestion.excerpt(String(repeating: "a", count: 41)), Self.cut)
    XCTAssertEqual("x \(quoted: String(repeating: "a", count: 1000))", "x '\(Self.cut)'")
    XCTAssertEqual(Suggestion.closest(to: "bleu", in: ["blue", "red"]), "blue")
    XCTAssertEqual(Suggestion.closest(to: "strokelinejoin", in: ["lineJoin"]), "lineJoin", "meanings need no spelling")
    XCTAssertNil(Suggestion.closest(to: "blue" + String(repeating: "x", count: 1_000_000), in: ["blue", "red"]))
  }
}
