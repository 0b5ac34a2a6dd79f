import Foundation
import KurukuruCore
import XCTest

@testable import KurukuruLottie

/// The dialects real Lottie files are written in read to the same values: the old keyframe form
/// (bodymovin up to 5.4: an end value `e` on each keyframe and a last keyframe of only `t`) and
/// the current one, colours in 0…1 and 0…255, enum values written as floats, the old `closed`
/// flag on paths, split position, and 3-D arrays for 2-D properties. Expected values are worked
/// out from the specification in each test.
final class LottieDialectTests: XCTestCase {
  typealias J = LottieJSON

  /// Keyframe easing whose x handles are 1/3 and 2/3, so the curve's x is its parameter and its
  /// y at the middle of the segment is 3·¼·½·y₁ + 3·½·¼·y₂ + ⅛.
  static func ease(_ y1: Double, _ y2: Double) -> String {
    #""o": {"x": [0.333333333333], "y": [\#(y1)]}, "i": {"x": [0.666666666667], "y": [\#(y2)]}"#
  }

  /// A document whose one layer has opacity `o` (a property's JSON) and nothing to draw.
  func opacityDocument(_ o: String) -> String {
    J.document(layers: [J.shapeLayer([], ks: #"{"o": \#(o)}"#)])
  }

  // MARK: - Keyframes

  func testOldKeyframesWithEndValuesReadAsTheCurrentForm() throws {
    // 20 → 80 over frames 0…10 with y handles (0, 0): at frame 5 the change is ⅛, 20 + 60/8 = 27.5.
    // 80 → 40 over 10…20, linear handles (y = x): at 15, 60. From 20 on, the last value, 40.
    let old = opacityDocument(
      #"""
      {"a": 1, "k": [
        {"t": 0, "s": [20], "e": [80], \#(Self.ease(0, 0))},
        {"t": 10, "s": [80], "e": [40], \#(Self.ease(0.333333333333, 0.666666666667))},
        {"t": 20}]}
      """#)
    let current = opacityDocument(
      #"""
      {"a": 1, "k": [
        {"t": 0, "s": [20], \#(Self.ease(0, 0))},
        {"t": 10, "s": [80], \#(Self.ease(0.333333333333, 0.666666666667))},
        {"t": 20, "s": [40]}]}
      """#)
    for (name, text) in [("old", old), ("current", current)] {
      let o = try lottie(text).model.layers[0].transform.opacity
      for (frame, expected) in [(-5.0, 20.0), (0, 20), (5, 27.5), (10, 80), (15, 60), (20, 40), (30, 40)] {
        XCTAssertEqual(o.value(atFrame: frame), expected, accuracy: 1e-6, "\(name) form at frame \(frame)")
      }
    }
  }

  func testAnOldKeyframeWithoutStartTakesThePreviousEndEvenInTheMiddle() throws {
    // bodymovin 4 wrote `s` and `e` on every keyframe but the last; a middle keyframe without
    // `s` starts where the previous one ended (lottie-web: next.s ?? this.e).
    let text = opacityDocument(
      #"{"a": 1, "k": [{"t": 0, "s": [0], "e": [50]}, {"t": 10, "e": [100]}, {"t": 20}]}"#)
    let o = try lottie(text).model.layers[0].transform.opacity
    // No handles: linear. 0 → 50 over 0…10, 50 → 100 over 10…20.
    XCTAssertEqual(o.value(atFrame: 5), 25, accuracy: 1e-9)
    XCTAssertEqual(o.value(atFrame: 15), 75, accuracy: 1e-9)
    XCTAssertEqual(o.value(atFrame: 25), 100, accuracy: 1e-9)
  }

  func testOldPathKeyframesMorphAsTheCurrentForm() throws {
    // A square's right side moves from x = 60 to x = 80 over frames 0…10: at 5, x = 70.
    func shape(_ k: String) -> String {
      J.document(layers: [J.shapeLayer([#"{"ty": "sh", "ks": {"a": 1, "k": \#(k)}}"#, J.red])])
    }
    let a = J.box(20, 20, 60, 80), b = J.box(20, 20, 80, 80)
    let old = shape(#"[{"t": 0, "s": [\#(a)], "e": [\#(b)]}, {"t": 10}]"#)
    let current = shape(#"[{"t": 0, "s": [\#(a)]}, {"t": 10, "s": [\#(b)]}]"#)
    for (name, text) in [("old", old), ("current", current)] {
      let f = try render(text, frame: 5)
      assertRed(f, 68, 50, name)
      assertClear(f, 72, 50, name)
      assertRed(f, 21, 21, name)
    }
  }

  // MARK: - Colours

  func testColoursInZeroToOneAndZeroTo255DrawTheSame() throws {
    // (1, 0.5, 0) and (255, 127.5, 0) are both orange: 127.5 of 255 rounds to 127 or 128.
    for c in ["[1, 0.5, 0, 1]", "[255, 127.5, 0, 255]"] {
      let fill = #"{"ty": "fl", "c": {"a": 0, "k": \#(c)}, "o": {"a": 0, "k": 100}}"#
      let f = try render(J.document(layers: [J.shapeLayer([J.rect(50, 50, 100, 100), fill])]))
      assertPixel(f, 50, 50, (255, 128, 0, 255), tolerance: 1, c)
    }
  }

  func testAnAnimatedColourIn255IsScaledAtEveryKeyframe() throws {
    // Black → (255, 0, 0): one channel above 1 makes the whole property 0…255, so the first
    // keyframe stays black and frame 5 is (0.5, 0, 0).
    let text = J.document(layers: [J.shapeLayer([
      J.rect(50, 50, 100, 100),
      #"{"ty": "fl", "c": {"a": 1, "k": [{"t": 0, "s": [0, 0, 0, 255]}, {"t": 10, "s": [255, 0, 0, 255]}]}, "o": {"a": 0, "k": 100}}"#,
    ])])
    let fill = try XCTUnwrap(try lottie(text).model.layers[0].shapes.compactMap { s -> Lottie.Fill? in
      if case .fill(let f) = s { return f }
      return nil
    }.first)
    XCTAssertEqual(fill.color.value(atFrame: 0), [0, 0, 0])
    let mid = fill.color.value(atFrame: 5)
    XCTAssertEqual(mid[0], 0.5, accuracy: 1e-9)
    XCTAssertEqual(fill.color.value(atFrame: 10), [1, 0, 0])
  }

  // MARK: - Numbers where integers are meant

  func testEnumValuesWrittenAsFloatsReadAsTheirIntegers() throws {
    // A line from (20, 50) to (80, 50), 10 wide: a round cap (lc 2) reaches 5 past each end, a
    // butt cap (lc 1) stops at the end.
    func line(_ lc: String) -> String {
      J.document(layers: [#"""
        {"ty": 4.0, "ind": 1.0, "ks": {}, "ip": 0, "op": 100, "shapes": [
          \#(J.path(J.polygon([(20, 50), (80, 50)], closed: false))),
          {"ty": "st", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 10}, "lc": \#(lc), "lj": 2.0}]}
        """#])
    }
    let round = try render(line("2.0")), butt = try render(line("1.0"))
    assertRed(round, 83, 50, "round cap")
    assertClear(butt, 83, 50, "butt cap")
    assertRed(butt, 78, 50)
    // Fill rule 2.0 is even-odd: the inner square of two nested ones is a hole.
    let rings = J.document(layers: [J.shapeLayer([
      J.path(J.box(10, 10, 90, 90)), J.path(J.box(30, 30, 70, 70)),
      #"{"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}, "r": 2.0}"#,
    ])])
    let f = try render(rings)
    assertClear(f, 50, 50, "even-odd hole")
    assertRed(f, 20, 50)
    // Trim mode 2.0 trims the paths in sequence (see LottieFeatureTests for the geometry).
    let trimmed = try lottie(J.document(layers: [J.shapeLayer([
      J.path(J.polygon([(0, 50), (100, 50)], closed: false)),
      #"{"ty": "tm", "s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 50}, "o": {"a": 0, "k": 0}, "m": 2.0}"#,
    ])]))
    guard case .trim(let trim) = trimmed.model.layers[0].shapes[1] else { return XCTFail("not a trim") }
    XCTAssertEqual(trim.mode, .sequence)
    // A fraction where an integer is meant is an error that names the place.
    let error = lottieError(J.document(layers: [#"{"ty": 4.5, "ks": {}, "ip": 0, "op": 10, "shapes": []}"#]))
    XCTAssertEqual(error?.place, "layers[0].ty")
    XCTAssertEqual(error?.kind, .invalid)
  }

  // MARK: - Paths

  func testTheOldClosedFlagClosesAPathWithoutC() throws {
    // A U from (20, 20) down to (20, 80), across to (80, 80) and up to (80, 20), stroked 6 wide:
    // closed, the top edge from (80, 20) back to (20, 20) is drawn too.
    let u = #"{"v": [[20, 20], [20, 80], [80, 80], [80, 20]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}"#
    let uOpen = #"{"c": false, "v": [[20, 20], [20, 80], [80, 80], [80, 20]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}"#
    func document(_ path: String) -> String {
      J.document(layers: [J.shapeLayer([path, J.stroke(1, 0, 0, width: 6)])])
    }
    let cases: [(String, String, Bool)] = [
      ("closed flag", #"{"ty": "sh", "closed": true, "ks": {"a": 0, "k": \#(u)}}"#, true),
      ("no flag", #"{"ty": "sh", "ks": {"a": 0, "k": \#(u)}}"#, false),
      ("c wins over the flag", #"{"ty": "sh", "closed": true, "ks": {"a": 0, "k": \#(uOpen)}}"#, false),
      ("closed flag, old keyframes", #"{"ty": "sh", "closed": true, "ks": {"a": 1, "k": [{"t": 0, "s": [\#(u)], "e": [\#(u)]}, {"t": 10}]}}"#, true),
    ]
    for (name, path, closed) in cases {
      let f = try render(document(path), frame: 5)
      assertRed(f, 20, 50, name)
      if closed { assertRed(f, 50, 20, name) } else { assertClear(f, 50, 20, name) }
    }
  }

  // MARK: - Transforms

  func testSplitPositionMovesXAndYOnTheirOwn() throws {
    // x constant 30, y from 20 at frame 0 to 60 at frame 10 (linear): at 5 the layer's origin
    // is (30, 40), where a 10 × 10 square centred on it is drawn.
    let ks = #"""
      {"p": {"s": true, "x": {"a": 0, "k": 30}, "y": {"a": 1, "k": [{"t": 0, "s": [20]}, {"t": 10, "s": [60]}]}}}
      """#
    let text = J.document(layers: [J.shapeLayer([J.rect(0, 0, 10, 10), J.red], ks: ks)])
    let a = try lottie(text)
    let p = a.model.layers[0].transform.positionPoint(atFrame: 5)
    XCTAssertEqual(p.x, 30, accuracy: 1e-9)
    XCTAssertEqual(p.y, 40, accuracy: 1e-9)
    let f = try render(a, frame: 5)
    assertRed(f, 30, 40)
    assertClear(f, 30, 30)
    assertClear(f, 30, 50)
    // `"s": false` (or 0) is not split: `k` is read as a combined position.
    let combined = J.document(layers: [J.shapeLayer([J.rect(0, 0, 10, 10), J.red], ks: #"{"p": {"s": false, "a": 0, "k": [70, 70]}}"#)])
    assertRed(try render(combined), 70, 70)
  }

  func testThreeDimensionalArraysForTwoDimensionalPropertiesUseXAndY() throws {
    // Anchor (0, 0, 0), position (30, 60, 0), scale (200, 200, 100) %, a 10 × 10 × 0 rectangle
    // at (0, 0, 0): a 20 × 20 square centred at (30, 60), from (20, 50) to (40, 70).
    let ks = #"{"a": {"a": 0, "k": [0, 0, 0]}, "p": {"a": 0, "k": [30, 60, 0]}, "s": {"a": 0, "k": [200, 200, 100]}}"#
    let rect = #"{"ty": "rc", "p": {"a": 0, "k": [0, 0, 0]}, "s": {"a": 0, "k": [10, 10, 0]}, "r": {"a": 0, "k": 0}}"#
    let f = try render(J.document(layers: [J.shapeLayer([rect, J.red], ks: ks)]))
    assertRed(f, 21, 51)
    assertRed(f, 38, 68)
    assertClear(f, 18, 60)
    assertClear(f, 42, 60)
    assertClear(f, 30, 48)
    // An animated 3-D position: (0, 0, 0) → (100, 50, 7) over frames 0…10, at 5 (50, 25).
    let moving = J.document(layers: [J.shapeLayer([], ks: #"{"p": {"a": 1, "k": [{"t": 0, "s": [0, 0, 0]}, {"t": 10, "s": [100, 50, 7]}]}}"#)])
    let p = try lottie(moving).model.layers[0].transform.positionPoint(atFrame: 5)
    XCTAssertEqual(p.x, 50, accuracy: 1e-9)
    XCTAssertEqual(p.y, 25, accuracy: 1e-9)
  }
}

extension Lottie.Layer {
  /// The shape items of a shape layer (none for other layers).
  var shapes: [Lottie.Shape] {
    if case .shape(let s) = content { return s }
    return []
  }
}
