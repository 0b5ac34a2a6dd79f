import Foundation
import KurukuruCore
import XCTest

@testable import KurukuruLottie

/// One Lottie feature per test, drawn at one frame and probed inside and outside where the
/// specification puts the ink. Probes stay at least a pixel from every edge (pixel (x, y) is
/// sampled at its centre (x + ½, y + ½)). The canvas is 100 × 100 points unless stated.
final class LottieFeatureTests: XCTestCase {
  typealias J = LottieJSON

  /// A shape layer with a 10 × 10 red square centred on its origin, whose position moves
  /// linearly from x = 0 at frame 0 to x = 100 at frame 100 (so at frame f it is at x = f), at
  /// y = 50.
  static let movingSquare = J.shapeLayer(
    [J.rect(0, 0, 10, 10), J.red],
    ks: #"{"p": {"a": 1, "k": [{"t": 0, "s": [0, 50]}, {"t": 100, "s": [100, 50]}]}}"#)

  // MARK: - Time

  func testAPrecompositionsChildrenSeeTimeMinusStartOverStretch() throws {
    // st 10, sr 2: at frame 50 the children see (50 − 10) / 2 = 20, so the square is at x = 20.
    let asset = #"{"id": "comp", "layers": [\#(Self.movingSquare)]}"#
    let layer = #"{"ty": 0, "refId": "comp", "w": 100, "h": 100, "ks": {}, "ip": 0, "op": 1000, "st": 10, "sr": 2}"#
    let a = try lottie(J.document(op: 200, layers: [layer], assets: [asset]))
    let f = try render(a, frame: 50)
    assertRed(f, 20, 50, "child frame 20")
    assertClear(f, 50, 50, "not the parent's frame")
    assertClear(f, 40, 50, "not (t − st)")
    // At frame 8 the children see −1, before their layer's ip 0: nothing shows.
    let early = try render(a, frame: 8)
    XCTAssertTrue(early.pixels.allSatisfy { $0 == 0 }, "the child layer starts at its own frame 0")
    // The layer's w × h clips its children: 50 wide, the square at x = 70 (frame 150) is cut off.
    let narrow = layer.replacingOccurrences(of: #""w": 100"#, with: #""w": 50"#)
    let clipped = try lottie(J.document(op: 200, layers: [narrow], assets: [asset]))
    assertClear(try render(clipped, frame: 150), 70, 50, "outside the precomposition's 50 points")
    assertRed(try render(clipped, frame: 90), 40, 50, "inside them")
  }

  func testTimeRemappingGivesTheChildFrameInSeconds() throws {
    // tm goes 0 → 5 s over frames 0…100: at frame 50 it is 2.5 s, frame 2.5 · fr (10) = 25.
    let asset = #"{"id": "comp", "layers": [\#(Self.movingSquare)]}"#
    let layer = #"""
      {"ty": 0, "refId": "comp", "w": 100, "h": 100, "ks": {}, "ip": 0, "op": 1000, "st": 0,
       "tm": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 100, "s": [5]}]}}
      """#
    let f = try render(try lottie(J.document(op: 200, layers: [layer], assets: [asset])), frame: 50)
    assertRed(f, 25, 50)
    assertClear(f, 50, 50)
  }

  func testALayerShowsFromItsInPointUpToButNotAtItsOutPoint() throws {
    let a = try lottie(J.document(layers: [J.shapeLayer([J.rect(50, 50, 100, 100), J.red], ip: 5, op: 10)]))
    assertClear(try render(a, frame: 4.9), 50, 50, "before ip")
    assertRed(try render(a, frame: 5), 50, 50, "at ip")
    assertRed(try render(a, frame: 9.9), 50, 50, "before op")
    assertClear(try render(a, frame: 10), 50, 50, "at op")
  }

  func testHoldKeyframesKeepTheirValueUntilTheNextKeyframe() throws {
    let ks = #"{"o": {"a": 1, "k": [{"t": 0, "s": [0], "h": 1}, {"t": 10, "s": [100], "h": 1}, {"t": 15, "s": [40]}]}}"#
    let a = try lottie(J.document(layers: [J.shapeLayer([J.rect(50, 50, 100, 100), J.red], ks: ks)]))
    let o = a.model.layers[0].transform.opacity
    XCTAssertEqual(o.value(atFrame: 9.99), 0)
    XCTAssertEqual(o.value(atFrame: 10), 100)
    XCTAssertEqual(o.value(atFrame: 14.9), 100)
    XCTAssertEqual(o.value(atFrame: 15), 40)
    assertClear(try render(a, frame: 9), 50, 50)
    assertRed(try render(a, frame: 12), 50, 50)
  }

  func testEachDimensionEasesByItsOwnHandles() throws {
    // (0, 0) → (100, 100) over frames 0…10. x: handles (⅓, 0), (⅔, 0), whose curve has x = the
    // parameter, so at the middle y = 3·¼·½·0 + 3·½·¼·0 + ⅛ = ⅛: 12.5. y: handles on the
    // diagonal, linear: 50.
    let perDimension = #"""
      {"p": {"a": 1, "k": [
        {"t": 0, "s": [0, 0], "o": {"x": [0.333333333333, 0.2], "y": [0, 0.2]}, "i": {"x": [0.666666666667, 0.8], "y": [0, 0.8]}},
        {"t": 10, "s": [100, 100]}]}}
      """#
    let a = try lottie(J.document(layers: [J.shapeLayer([J.rect(0, 0, 10, 10), J.red], ks: perDimension)]))
    let p = a.model.layers[0].transform.positionPoint(atFrame: 5)
    XCTAssertEqual(p.x, 12.5, accuracy: 1e-6)
    XCTAssertEqual(p.y, 50, accuracy: 1e-6)
    let f = try render(a, frame: 5)
    assertRed(f, 12, 50)
    assertClear(f, 50, 50)
    // One number for x and y eases every dimension alike.
    let shared = #"""
      {"p": {"a": 1, "k": [
        {"t": 0, "s": [0, 0], "o": {"x": 0.333333333333, "y": 0}, "i": {"x": 0.666666666667, "y": 0}},
        {"t": 10, "s": [100, 100]}]}}
      """#
    let q = try lottie(J.document(layers: [J.shapeLayer([], ks: shared)])).model.layers[0].transform.positionPoint(atFrame: 5)
    XCTAssertEqual(q.x, 12.5, accuracy: 1e-6)
    XCTAssertEqual(q.y, 12.5, accuracy: 1e-6)
  }

  // MARK: - Layers

  func testAHiddenLayerIsNotDrawnButStillParents() throws {
    // The hidden parent (a blue canvas-sized square) moves its child's origin to (50, 50).
    let parent = J.shapeLayer(
      [J.rect(50, 50, 100, 100), J.fill(0, 0, 1)], ks: #"{"p": {"a": 0, "k": [50, 50]}}"#, extra: #""ind": 1, "hd": true"#)
    let child = J.shapeLayer([J.rect(0, 0, 10, 10), J.red], extra: #""ind": 2, "parent": 1"#)
    let f = try render(J.document(layers: [child, parent]))
    assertRed(f, 50, 50)
    assertClear(f, 10, 10, "the hidden parent's own square")
    assertClear(f, 90, 90)
  }

  func testAChildTakesItsParentsTransformButNotItsOpacity() throws {
    // A null parent at (40, 40), 50 % opaque, rotated 90°: the child's 20 × 6 bar along x
    // becomes 6 × 20 along y, fully opaque.
    let parent = #"{"ty": 3, "ind": 1, "ks": {"p": {"a": 0, "k": [40, 40]}, "o": {"a": 0, "k": 50}, "r": {"a": 0, "k": 90}}, "ip": 0, "op": 100}"#
    let child = J.shapeLayer([J.rect(0, 0, 20, 6), J.red], extra: #""ind": 2, "parent": 1"#)
    let f = try render(J.document(layers: [child, parent]))
    assertRed(f, 40, 48, "opacity is not inherited")
    assertClear(f, 48, 40, "the parent's rotation is")
  }

  func testLayerOpacityAppliesToTheLayerAsAWhole() throws {
    // Two overlapping squares filled separately, the layer at 50 %: the overlap is as
    // transparent as the rest (128), not 1 − ½·½ = 75 % (191).
    let shapes = [J.group([J.rect(40, 50, 40, 40), J.red]), J.group([J.rect(60, 50, 40, 40), J.red])]
    let f = try render(J.document(layers: [J.shapeLayer(shapes, ks: #"{"o": {"a": 0, "k": 50}}"#)]))
    assertPixel(f, 30, 50, (255, 0, 0, 128), tolerance: 1)
    assertPixel(f, 50, 50, (255, 0, 0, 128), tolerance: 1, "overlap")
  }

  // MARK: - Shapes

  func testRoundedRectangleCornersAreQuarterCircles() throws {
    // 40 × 40 at (50, 50): from 30 to 70, corners of radius 10 about (40, 40) and the like.
    let f = try render(J.document(layers: [J.shapeLayer([J.rect(50, 50, 40, 40, r: 10), J.red])]))
    assertRed(f, 50, 31, "top side")
    assertRed(f, 31, 50, "left side")
    assertRed(f, 34, 34, "inside the corner arc: its farthest corner 8.5 from the arc's centre")
    assertClear(f, 31, 31, "outside the arc: its nearest corner 11.3 from the arc's centre")
    assertClear(f, 68, 68)
    assertRed(f, 65, 65)
    // A radius past half the side is half the side: a circle of radius 20.
    let circle = try render(J.document(layers: [J.shapeLayer([J.rect(50, 50, 40, 40, r: 100), J.red])]))
    assertRed(circle, 50, 31)
    assertClear(circle, 33, 33, "23.3 from the centre")
  }

  func testEllipseFillsItsBoundingAxes() throws {
    // 60 × 30 at (50, 50): x from 20 to 80, y from 35 to 65.
    let el = #"{"ty": "el", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [60, 30]}}"#
    let f = try render(J.document(layers: [J.shapeLayer([el, J.red])]))
    assertRed(f, 78, 49)
    assertRed(f, 21, 49)
    assertRed(f, 49, 36)
    assertClear(f, 49, 33)
    // (75.5, 60.5): (25.5/30)² + (10.5/15)² = 1.21 > 1.
    assertClear(f, 75, 60)
  }

  func testPolygonAndStarPointsStartAtTwelveOClock() throws {
    func star(_ sy: Int, points: Int, rotation: Double, inner: Double = 0) -> String {
      #"""
      {"ty": "sr", "sy": \#(sy), "p": {"a": 0, "k": [50, 50]}, "pt": {"a": 0, "k": \#(points)}, "r": {"a": 0, "k": \#(rotation)},
       "or": {"a": 0, "k": 40}, "os": {"a": 0, "k": 0}, "ir": {"a": 0, "k": \#(inner)}, "is": {"a": 0, "k": 0}}
      """#
    }
    // A square polygon of radius 40 with its first point at 12 o'clock is the diamond
    // |x − 50| + |y − 50| ≤ 40.
    let diamond = try render(J.document(layers: [J.shapeLayer([star(2, points: 4, rotation: 0), J.red])]))
    assertRed(diamond, 50, 14, "near the top point (50, 10)")
    assertClear(diamond, 75, 25, "outside the diamond, inside a square")
    // Turned 45°: the square from 50 − 40/√2 = 21.7 to 78.3.
    let square = try render(J.document(layers: [J.shapeLayer([star(2, points: 4, rotation: 45), J.red])]))
    assertRed(square, 23, 23)
    assertClear(square, 50, 15)
    // A five-point star, radii 40 and 15: its first tip is (50, 10), its first inner vertex 15
    // from the centre at −54° (from +x, y down). At radius 25 in that direction a star has no
    // ink and a pentagon (edges 40 · cos 36° = 32.4 from the centre) has.
    let s = try render(J.document(layers: [J.shapeLayer([star(1, points: 5, rotation: 0, inner: 15), J.red])]))
    assertRed(s, 50, 20, "first tip")
    assertClear(s, 64, 29, "between two tips")
    let pentagon = try render(J.document(layers: [J.shapeLayer([star(2, points: 5, rotation: 0), J.red])]))
    assertRed(pentagon, 64, 29)
  }

  func testFillRuleNonZeroFillsANestedSquareAndEvenOddLeavesAHole() throws {
    let shapes = { (rule: Int) in [J.path(J.box(10, 10, 90, 90)), J.path(J.box(30, 30, 70, 70)), J.fill(1, 0, 0, rule: rule)] }
    let nonZero = try render(J.document(layers: [J.shapeLayer(shapes(1))]))
    let evenOdd = try render(J.document(layers: [J.shapeLayer(shapes(2))]))
    assertRed(nonZero, 50, 50)
    assertClear(evenOdd, 50, 50)
    assertRed(nonZero, 20, 50)
    assertRed(evenOdd, 20, 50)
  }

  // MARK: - Strokes

  func testStrokeWidthScalesWithTheGroupThatHoldsTheStroke() throws {
    // A vertical line at x = 20 from y = 10 to 40, in a group scaled 200 %: on the canvas x = 40
    // from 20 to 80. A 4-wide stroke in the same group is 8 wide on the canvas (36…44).
    let line = J.path(J.polygon([(20, 10), (20, 40)], closed: false))
    let scale = #""s": {"a": 0, "k": [200, 200]}"#
    let inside = try render(J.document(layers: [J.shapeLayer([J.group([line, J.stroke(1, 0, 0, width: 4)], tr: scale)])]))
    assertRed(inside, 37, 50)
    assertRed(inside, 42, 50)
    assertClear(inside, 45, 50)
    assertClear(inside, 34, 50)
    // The same stroke outside the scaled group is in the unscaled coordinates: 4 wide (38…42).
    let outside = try render(J.document(layers: [J.shapeLayer([J.group([line], tr: scale), J.stroke(1, 0, 0, width: 4)])]))
    assertRed(outside, 39, 50)
    assertClear(outside, 37, 50)
    assertClear(outside, 42, 50)
  }

  func testDashesAndTheirOffset() throws {
    // A line along y = 50 from x = 0 to 100, 10 wide, butt caps: dashes of 10 and gaps of 10.
    let line = J.path(J.polygon([(0, 50), (100, 50)], closed: false))
    func dashed(_ offset: Double?) throws -> Frame {
      var d = #"{"n": "d", "nm": "dash", "v": {"a": 0, "k": 10}}, {"n": "g", "nm": "gap", "v": {"a": 0, "k": 10}}"#
      if let offset { d += #", {"n": "o", "nm": "offset", "v": {"a": 0, "k": \#(offset)}}"# }
      return try render(J.document(layers: [J.shapeLayer([line, J.stroke(1, 0, 0, width: 10, extra: #""d": [\#(d)]"#)])]))
    }
    let plain = try dashed(nil)
    assertRed(plain, 5, 50)
    assertClear(plain, 15, 50)
    assertRed(plain, 25, 50)
    assertClear(plain, 95, 50)
    // Offset 5 starts 5 into the pattern: dashes on 0…5, 15…25, 35…45.
    let shifted = try dashed(5)
    assertRed(shifted, 2, 50)
    assertClear(shifted, 8, 50)
    assertRed(shifted, 20, 50)
    assertClear(shifted, 28, 50)
  }

  // MARK: - Gradients

  func testLinearGradientColourAtAProbe() throws {
    // Red at x = 0 to blue at x = 100: at x = 25.5 the mix is 74.5 % red, 25.5 % blue.
    let gf = #"""
      {"ty": "gf", "t": 1, "o": {"a": 0, "k": 100}, "s": {"a": 0, "k": [0, 50]}, "e": {"a": 0, "k": [100, 50]},
       "g": {"p": 2, "k": {"a": 0, "k": [0, 1, 0, 0, 1, 0, 0, 1]}}}
      """#
    let f = try render(J.document(layers: [J.shapeLayer([J.rect(50, 50, 100, 100), gf])]))
    assertPixel(f, 25, 50, (190, 0, 65, 255), tolerance: 3)
    assertPixel(f, 75, 10, (62, 0, 193, 255), tolerance: 3)
    // Opacity stops after the colour stops: red everywhere, alpha 1 → 0.
    let fading = #"""
      {"ty": "gf", "t": 1, "o": {"a": 0, "k": 100}, "s": {"a": 0, "k": [0, 50]}, "e": {"a": 0, "k": [100, 50]},
       "g": {"p": 2, "k": {"a": 0, "k": [0, 1, 0, 0, 1, 1, 0, 0, 0, 1, 1, 0]}}}
      """#
    let g = try render(J.document(layers: [J.shapeLayer([J.rect(50, 50, 100, 100), fading])]))
    assertPixel(g, 25, 50, (255, 0, 0, 190), tolerance: 3)
  }

  func testRadialGradientColourAtAProbe() throws {
    // White at the centre (50, 50) to black at radius 40 (the end point (90, 50)): the pixel
    // centred at (70.5, 50.5) is 20.5 away, 51.3 % of the way: 255 · 0.487 = 124.
    let gf = #"""
      {"ty": "gf", "t": 2, "o": {"a": 0, "k": 100}, "s": {"a": 0, "k": [50, 50]}, "e": {"a": 0, "k": [90, 50]},
       "h": {"a": 0, "k": 0}, "a": {"a": 0, "k": 0}, "g": {"p": 2, "k": {"a": 0, "k": [0, 1, 1, 1, 1, 0, 0, 0]}}}
      """#
    let f = try render(J.document(layers: [J.shapeLayer([J.rect(50, 50, 100, 100), gf])]))
    assertPixel(f, 70, 50, (124, 124, 124, 255), tolerance: 3)
    assertPixel(f, 50, 29, (124, 124, 124, 255), tolerance: 3, "the same distance upwards (50.5, 29.5)")
    assertPixel(f, 97, 50, (0, 0, 0, 255), tolerance: 1, "past the radius the last stop holds")
  }

  // MARK: - Trim paths

  /// Two horizontal lines, y = 25 and y = 75, from x = 0 to 100, trimmed by `trim` and stroked
  /// 10 wide with butt caps.
  func twoLines(_ trim: String) throws -> Frame {
    try render(J.document(layers: [J.shapeLayer([
      J.path(J.polygon([(0, 25), (100, 25)], closed: false)), J.path(J.polygon([(0, 75), (100, 75)], closed: false)),
      trim, J.stroke(1, 0, 0, width: 10),
    ])]))
  }

  static func trim(_ s: Double, _ e: Double, offset: Double = 0, mode: Int = 1) -> String {
    #"{"ty": "tm", "s": {"a": 0, "k": \#(s)}, "e": {"a": 0, "k": \#(e)}, "o": {"a": 0, "k": \#(offset)}, "m": \#(mode)}"#
  }

  func testTrimEachPathOnItsOwnOrAllInSequence() throws {
    // 0…50 %: each line keeps its left half (m 1); in sequence (m 2) the two lines are 200 long
    // together and the first 100 is the whole first line.
    let each = try twoLines(Self.trim(0, 50, mode: 1))
    assertRed(each, 25, 25)
    assertClear(each, 75, 25)
    assertRed(each, 25, 75)
    assertClear(each, 75, 75)
    let sequence = try twoLines(Self.trim(0, 50, mode: 2))
    assertRed(sequence, 25, 25)
    assertRed(sequence, 75, 25)
    assertClear(sequence, 25, 75)
    assertClear(sequence, 75, 75)
  }

  func testTrimOffsetIsInDegreesOfOneLength() throws {
    // 0…25 % shifted by 90° = ¼ of the length: 25…50 on each line.
    let quarter = try twoLines(Self.trim(0, 25, offset: 90))
    assertRed(quarter, 37, 25)
    assertClear(quarter, 12, 25)
    assertClear(quarter, 62, 25)
    // 450° is the same as 90°; −90° is ¾: 75…100.
    let again = try twoLines(Self.trim(0, 25, offset: 450))
    assertRed(again, 37, 75)
    assertClear(again, 12, 75)
    let back = try twoLines(Self.trim(0, 25, offset: -90))
    assertRed(back, 87, 25)
    assertClear(back, 37, 25)
  }

  func testTrimStartAfterEndIsSwapped() throws {
    let f = try twoLines(Self.trim(75, 25))
    assertRed(f, 50, 25)
    assertClear(f, 10, 25)
    assertClear(f, 90, 25)
  }

  // MARK: - Repeater

  func testRepeaterCopiesAndTheirOpacity() throws {
    // Three copies of a 10 × 10 square at x = 10, each 30 further right: x = 10, 40, 70, at
    // opacities 100 %, 75 %, 50 % (start 100 to end 50 across the copies). No fourth at 100.
    let rp = #"""
      {"ty": "rp", "c": {"a": 0, "k": 3}, "o": {"a": 0, "k": 0}, "m": 1,
       "tr": {"ty": "tr", "p": {"a": 0, "k": [30, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]},
              "r": {"a": 0, "k": 0}, "so": {"a": 0, "k": 100}, "eo": {"a": 0, "k": 50}}}
      """#
    let f = try render(J.document(w: 120, layers: [J.shapeLayer([J.rect(10, 50, 10, 10), J.red, rp])]))
    assertPixel(f, 10, 50, (255, 0, 0, 255), tolerance: 1)
    assertPixel(f, 40, 50, (255, 0, 0, 191), tolerance: 1)
    assertPixel(f, 70, 50, (255, 0, 0, 128), tolerance: 1)
    assertClear(f, 100, 50)
    assertClear(f, 25, 50)
  }

  // MARK: - Group opacity

  func testGroupOpacityAppliesToTheGroupsDrawingsAsOne() throws {
    // As for the layer: two separately filled overlapping squares in a group at 50 %.
    let shapes = [J.group([J.group([J.rect(40, 50, 40, 40), J.red]), J.group([J.rect(60, 50, 40, 40), J.red])], tr: #""o": {"a": 0, "k": 50}"#)]
    let f = try render(J.document(layers: [J.shapeLayer(shapes)]))
    assertPixel(f, 30, 50, (255, 0, 0, 128), tolerance: 1)
    assertPixel(f, 50, 50, (255, 0, 0, 128), tolerance: 1, "overlap")
    assertPixel(f, 70, 50, (255, 0, 0, 128), tolerance: 1)
  }

  // MARK: - Masks

  /// A red canvas-sized square through `masks` (JSON objects), probed at x = 20, 50 and 80.
  func masked(_ masks: [String]) throws -> [Bool] {
    let layer = J.shapeLayer([J.rect(50, 50, 100, 100), J.red], extra: #""hasMask": true, "masksProperties": [\#(masks.joined(separator: ", "))]"#)
    let f = try render(J.document(layers: [layer]))
    return [20, 50, 80].map { x in
      XCTAssertTrue(f[x, 50].a == 0 || f[x, 50].a == 255, "pixel (\(x), 50) is partly covered: \(f[x, 50])")
      return f[x, 50].a == 255
    }
  }

  static func mask(_ mode: String, _ x0: Double, _ x1: Double, inverted: Bool = false, opacity: Double = 100) -> String {
    #"{"mode": "\#(mode)", "inv": \#(inverted), "pt": {"a": 0, "k": \#(J.box(x0, 0, x1, 100))}, "o": {"a": 0, "k": \#(opacity)}}"#
  }

  func testMasksAddSubtractIntersectAndInvert() throws {
    // A covers x 0…60, B covers 40…100.
    let a = Self.mask("a", 0, 60)
    XCTAssertEqual(try masked([a]), [true, true, false], "add")
    XCTAssertEqual(try masked([a, Self.mask("a", 40, 100)]), [true, true, true], "add + add")
    XCTAssertEqual(try masked([a, Self.mask("s", 40, 100)]), [true, false, false], "add − subtract")
    XCTAssertEqual(try masked([a, Self.mask("i", 40, 100)]), [false, true, false], "add ∩ intersect")
    XCTAssertEqual(try masked([Self.mask("a", 0, 60, inverted: true)]), [false, false, true], "inverted add")
    XCTAssertEqual(try masked([Self.mask("s", 40, 100)]), [true, false, false], "a first subtract takes from everything")
    XCTAssertEqual(try masked([Self.mask("n", 40, 100)]), [true, true, true], "mode n does nothing")
  }

  func testMaskOpacityScalesTheLayer() throws {
    let layer = J.shapeLayer([J.rect(50, 50, 100, 100), J.red], extra: #""masksProperties": [\#(Self.mask("a", 0, 60, opacity: 50))]"#)
    let f = try render(J.document(layers: [layer]))
    assertPixel(f, 20, 50, (255, 0, 0, 128), tolerance: 1)
    assertClear(f, 80, 50)
  }

  // MARK: - Track mattes

  /// A red canvas-sized layer with track matte `tt` under a matte source (`td`) that is white
  /// from x 0 to 50, black from 50 to 75 and empty from 75 to 100, probed at x = 25, 62 and 87.
  func matted(_ tt: Int) throws -> (shown: [Bool], frame: Frame) {
    let source = J.shapeLayer(
      [J.group([J.rect(25, 50, 50, 100), J.fill(1, 1, 1)]), J.group([J.rect(62.5, 50, 25, 100), J.fill(0, 0, 0)])],
      extra: #""ind": 1, "td": 1"#)
    let content = J.shapeLayer([J.rect(50, 50, 100, 100), J.red], extra: #""ind": 2, "tt": \#(tt)"#)
    let f = try render(J.document(layers: [source, content]))
    let shown = [25, 62, 87].map { x -> Bool in
      let p = f[x, 50]
      XCTAssertTrue(p.a == 0 || (p.r == 255 && p.g == 0 && p.b == 0 && p.a == 255), "pixel (\(x), 50) is \(p), tt \(tt)")
      return p.a == 255
    }
    return (shown, f)
  }

  func testTrackMattesAlphaLumaAndInverted() throws {
    XCTAssertEqual(try matted(1).shown, [true, true, false], "alpha")
    XCTAssertEqual(try matted(2).shown, [false, false, true], "alpha inverted")
    XCTAssertEqual(try matted(3).shown, [true, false, false], "luma")
    XCTAssertEqual(try matted(4).shown, [false, true, true], "luma inverted")
  }

  func testAMatteSourceIsNotDrawnItself() throws {
    // A `td` layer over a layer without a matte: only the lower layer's blue shows.
    let source = J.shapeLayer([J.rect(50, 50, 100, 100), J.red], extra: #""td": 1"#)
    let plain = J.shapeLayer([J.rect(50, 50, 100, 100), J.fill(0, 0, 1)])
    let f = try render(J.document(layers: [source, plain]))
    assertPixel(f, 50, 50, (0, 0, 255, 255))
  }

  func testAMatteParentNamedByTpNeedNotBeTheLayerAbove() throws {
    // The matte (ind 7, left half) is two layers up; a blue layer sits between them.
    let source = J.shapeLayer([J.rect(25, 50, 50, 100), J.fill(1, 1, 1)], extra: #""ind": 7, "td": 1"#)
    let between = J.shapeLayer([J.rect(90, 90, 10, 10), J.fill(0, 0, 1)], extra: #""ind": 8"#)
    let content = J.shapeLayer([J.rect(50, 50, 100, 100), J.red], extra: #""ind": 9, "tt": 1, "tp": 7"#)
    let f = try render(J.document(layers: [source, between, content]))
    assertRed(f, 25, 50)
    assertClear(f, 75, 50)
    assertPixel(f, 90, 90, (0, 0, 255, 255))
  }
}
