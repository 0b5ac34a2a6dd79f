import Foundation
import XCTest

@testable import KurukuruCore

// MARK: - Ink bounds and canvas overflow

final class InkBoundsTests: XCTestCase {
  let red = RGBAColor(red: 1, green: 0, blue: 0)

  func list(_ items: [DisplayItem], size: Double = 64) -> DisplayList {
    DisplayList(size: Size(width: size, height: size), background: .clear, items: items)
  }

  func circle(center: Point, radius: Double) -> BezierPath {
    var path = BezierPath()
    PathBuilder.addArc(to: &path, center: center, radiusX: radius, radiusY: radius, startDegrees: 0, sweepDegrees: 360)
    path.close()
    return path
  }

  func assertRect(
    _ r: Rect?, _ x: Double, _ y: Double, _ w: Double, _ h: Double, accuracy: Double = 1e-4, _ message: String = "",
    line: UInt = #line
  ) {
    guard let r else { return XCTFail("no ink \(message)", line: line) }
    XCTAssertEqual(r.minX, x, accuracy: accuracy, "minX \(message)", line: line)
    XCTAssertEqual(r.minY, y, accuracy: accuracy, "minY \(message)", line: line)
    XCTAssertEqual(r.width, w, accuracy: accuracy, "width \(message)", line: line)
    XCTAssertEqual(r.height, h, accuracy: accuracy, "height \(message)", line: line)
  }

  func testCurvesAreMeasuredAtTheirExtremesNotTheirControlPoints() {
    let fill = Drawing(path: circle(center: Point(x: 32, y: 32), radius: 10), transform: .identity, style: .fill(evenOdd: false), paint: .color(red))
    assertRect(list([.drawing(fill)]).inkBounds, 22, 22, 20, 20)
    // A quarter arc from 3 to 6 o'clock, rotated 45° about the centre: its extremes are inside the arc.
    var arc = BezierPath()
    PathBuilder.addArc(to: &arc, center: .zero, radiusX: 10, radiusY: 10, startDegrees: 0, sweepDegrees: 90)
    let rotated = Drawing(path: arc, transform: Transform.rotation(degrees: 45).then(.translation(x: 32, y: 32)), style: .fill(evenOdd: false), paint: .color(red))
    let s = 10 / 2.squareRoot()
    assertRect(list([.drawing(rotated)]).inkBounds, 32 - s, 32 + s, 2 * s, 10 - s)
  }

  func testStrokesAddHalfTheirWidthScaledCapsAndMiterJoins() {
    let ring = Drawing(
      path: circle(center: .zero, radius: 10), transform: Transform.scale(x: 2, y: 2).then(.translation(x: 32, y: 32)),
      style: .stroke(StrokeOptions(lineWidth: 4)), paint: .color(red))
    assertRect(list([.drawing(ring)]).inkBounds, 8, 8, 48, 48, accuracy: 1e-3)  // radius 20 + 2·2
    // An open horizontal line: butt caps add nothing along it, square caps half the width.
    let line = BezierPath([.move(Point(x: 10, y: 30)), .line(Point(x: 50, y: 30))])
    let butt = Drawing(path: line, transform: .identity, style: .stroke(StrokeOptions(lineWidth: 6)), paint: .color(red))
    assertRect(list([.drawing(butt)]).inkBounds, 10, 27, 40, 6)
    var square = butt
    square.style = .stroke(StrokeOptions(lineWidth: 6, lineCap: .square))
    assertRect(list([.drawing(square)]).inkBounds, 7, 27, 46, 6)
    var round = butt
    round.style = .stroke(StrokeOptions(lineWidth: 6, lineCap: .round))
    assertRect(list([.drawing(round)]).inkBounds, 7, 27, 46, 6)
    // A closed triangle pointing up, 90° at the apex: the miter tip is w·√2 above it; bevelled, w/√2.
    let triangle = BezierPath([.move(Point(x: 22, y: 40)), .line(Point(x: 32, y: 30)), .line(Point(x: 42, y: 40)), .close])
    let miter = Drawing(path: triangle, transform: .identity, style: .stroke(StrokeOptions(lineWidth: 4)), paint: .color(red))
    XCTAssertEqual(list([.drawing(miter)]).inkBounds?.minY ?? 0, 30 - 2 * 2.squareRoot(), accuracy: 1e-9)
    var bevel = miter
    bevel.style = .stroke(StrokeOptions(lineWidth: 4, lineJoin: .bevel))
    XCTAssertEqual(list([.drawing(bevel)]).inkBounds?.minY ?? 0, 30 - 2 / 2.squareRoot(), accuracy: 1e-9)
    var limited = miter
    limited.style = .stroke(StrokeOptions(lineWidth: 4, miterLimit: 1.4))  // 1/sin(45°) ≈ 1.414 > 1.4: bevelled
    XCTAssertEqual(list([.drawing(limited)]).inkBounds?.minY ?? 0, 30 - 2 / 2.squareRoot(), accuracy: 1e-9)
  }

  func testShadowsReachAsFarAsTheyShowAndInvisibleInkDoesNotCount() {
    let dot = Drawing(path: circle(center: Point(x: 32, y: 32), radius: 10), transform: .identity, style: .fill(evenOdd: false), paint: .color(red))
    let shadow = Shadow(color: RGBAColor(red: 0, green: 0, blue: 0, alpha: 1), radius: 4, offset: Point(x: 3, y: 0))
    let bounds = list([.layer(Layer(shadow: shadow, items: [.drawing(dot)]))]).inkBounds
    // σ = 2: an opaque edge's blur falls below half a level 2.88σ out.
    let reach = InkBox.shadowReach(radius: 4, alpha: 1)
    XCTAssertEqual(reach / 2, 2.88, accuracy: 0.01)
    XCTAssertEqual(bounds?.minX ?? 0, 22 + 3 - reach, accuracy: 1e-4)
    XCTAssertEqual(bounds?.maxX ?? 0, 42 + 3 + reach, accuracy: 1e-4)
    XCTAssertLessThan(InkBox.shadowReach(radius: 4, alpha: 0.1), reach, "a faint shadow shows less far")
    var clear = dot
    clear.paint = .color(.clear)
    XCTAssertNil(list([.drawing(clear)]).inkBounds)
    XCTAssertNil(list([.layer(Layer(opacity: 0, items: [.drawing(dot)]))]).inkBounds)
    XCTAssertNil(list([]).overflow())
  }

  /// A clip's or a mask's ink is its children's within the clip shape's or the mask's box; an
  /// inverted mask shows its children wherever the mask has no ink; a layer's blur widens its
  /// box as far as the blur changes a pixel (as a shadow's would).
  func testClipsMasksAndBlursMeasureWhatTheyLetThrough() {
    let square = Drawing(path: BezierPath([
      .move(Point(x: 10, y: 10)), .line(Point(x: 50, y: 10)), .line(Point(x: 50, y: 50)), .line(Point(x: 10, y: 50)), .close,
    ]), transform: .identity, style: .fill(evenOdd: false), paint: .color(red))
    let disc = Drawing(path: circle(center: Point(x: 45, y: 45), radius: 10), transform: .identity, style: .fill(evenOdd: false), paint: .color(red))
    let clip = ClipGroup(path: disc.path, transform: .identity, items: [.drawing(square)])
    assertRect(list([.clipped(clip)]).inkBounds, 35, 35, 15, 15)
    var turned = clip
    turned.transform = Transform.translation(x: -45, y: -45).then(.scale(x: 0.5, y: 0.5)).then(.translation(x: 20, y: 20))
    assertRect(list([.clipped(turned)]).inkBounds, 15, 15, 10, 10, accuracy: 1e-3)
    XCTAssertNil(list([.clipped(ClipGroup(path: BezierPath(), transform: .identity, items: [.drawing(square)]))]).inkBounds)
    XCTAssertNil(list([.clipped(ClipGroup(path: disc.path, transform: .translation(x: 100, y: 0), items: [.drawing(square)]))]).inkBounds, "disjoint")

    let masked = MaskGroup(source: .alpha, mask: [.drawing(disc)], items: [.drawing(square)])
    assertRect(list([.masked(masked)]).inkBounds, 35, 35, 15, 15)
    var luminance = masked
    luminance.source = .luminance
    assertRect(list([.masked(luminance)]).inkBounds, 35, 35, 15, 15)
    var inverted = masked
    inverted.inverted = true
    assertRect(list([.masked(inverted)]).inkBounds, 10, 10, 40, 40)
    inverted.mask = []
    assertRect(list([.masked(inverted)]).inkBounds, 10, 10, 40, 40, "an inverted empty mask shows everything")
    XCTAssertNil(list([.masked(MaskGroup(source: .alpha, mask: [], items: [.drawing(square)]))]).inkBounds)

    let reach = InkBox.shadowReach(radius: 4, alpha: 1)
    assertRect(list([.layer(Layer(items: [.drawing(square)], blur: 4))]).inkBounds, 10 - reach, 10 - reach, 40 + 2 * reach, 40 + 2 * reach)
    let faint = InkBox.shadowReach(radius: 4, alpha: 0.3)
    XCTAssertLessThan(faint, reach)
    assertRect(list([.layer(Layer(opacity: 0.3, items: [.drawing(square)], blur: 4))]).inkBounds, 10 - faint, 10 - faint, 40 + 2 * faint, 40 + 2 * faint)
    // The coarse box takes clips and masks as measured.
    XCTAssertEqual(list([.clipped(clip), .masked(inverted)]).coarseInkBox()?.rect, list([.clipped(clip), .masked(inverted)]).inkBounds)
  }

  func testOverflowNamesTheWorstEdgeAndTolerance() throws {
    let dot = Drawing(path: circle(center: Point(x: 62, y: 32), radius: 5), transform: .identity, style: .fill(evenOdd: false), paint: .color(red))
    let o = try XCTUnwrap(list([.drawing(dot)]).overflow())
    XCTAssertEqual(o.amount, 3, accuracy: 1e-4)
    XCTAssertEqual(o.edge, .right)
    XCTAssertNil(list([.drawing(dot)]).overflow(tolerance: 3.01))
  }

  func testASceneReportsItsWorstFrame() throws {
    // A dot orbiting at radius 30 on a 64-point canvas (radius 5): it leaves by 3 pt at 3, 6, 9
    // and 12 o'clock; the loop is 2 s at 10 fps, so frame 0 (3 o'clock, right) is the first worst.
    let text = """
      { "width": 64, "height": 64, "fps": 10,
        "view": { "Circle": {}, "modifiers": [{ "fill": "red" }, { "frame": 10 }, { "offset": { "x": 30 } },
          { "rotationEffect": { "from": 0, "to": 360, "animation": "linear(duration: 2).repeatForever(autoreverses: false)" } }] } }
      """
    let scene = try Preset(text: text, file: "orbit.json").scene()
    let o = try XCTUnwrap(scene.canvasOverflow())
    XCTAssertEqual(o.amount, 3, accuracy: 1e-3)
    XCTAssertEqual(o.edge, .right)
    XCTAssertEqual(o.time, 0)
    XCTAssertEqual(o.description, "drawing leaves the 64×64 canvas by 3 pt (right) at t = 0 s")
    // At 1/8 of the turn (45°) the dot is at 32 + 21.2 ± 5: inside.
    XCTAssertNil(scene.canvasOverflow(at: [0.25]))
    let bottom = try XCTUnwrap(scene.canvasOverflow(at: [0.5]))
    XCTAssertEqual(bottom.edge, .bottom)
    XCTAssertEqual(
      CanvasOverflow(canvas: Size(width: 64, height: 48.5), amount: 3.456, edge: .left, time: 0.4166).description,
      "drawing leaves the 64×48.5 canvas by 3.46 pt (left) at t = 0.42 s")
  }

  // MARK: - The coarse box

  /// A random drawing: 1–3 subpaths of moves, lines, cubics and closes under a random affine
  /// transform (rotation, shear, scale 0.2–3), filled or stroked with any cap, join, miter limit
  /// and dash.
  func randomDrawing(_ random: inout SplitMix64) -> Drawing {
    func unit() -> Double { Double(random.next() % 1_000_001) / 1_000_000 }
    func point() -> Point { Point(x: unit() * 80 - 8, y: unit() * 80 - 8) }
    var elements: [PathElement] = []
    for _ in 0..<(1 + Int(random.next() % 3)) {
      elements.append(.move(point()))
      for _ in 0..<Int(random.next() % 4) {
        elements.append(random.next() % 2 == 0 ? .line(point()) : .cubic(point(), point(), point()))
      }
      if random.next() % 2 == 0 { elements.append(.close) }
    }
    let transform = Transform(a: unit() * 2.8 + 0.2, b: unit() - 0.5, c: unit() - 0.5, d: unit() * 2.8 + 0.2,
                              tx: unit() * 20 - 10, ty: unit() * 20 - 10)
      .then(.rotation(degrees: unit() * 360))
    let style: DrawStyle = random.next() % 3 == 0
      ? .fill(evenOdd: false)
      : .stroke(StrokeOptions(
        lineWidth: unit() * 12, lineCap: LineCap.allCases[Int(random.next() % 3)],
        lineJoin: LineJoin.allCases[Int(random.next() % 3)], miterLimit: 1 + unit() * 12,
        dash: random.next() % 4 == 0 ? [unit() * 6, unit() * 6] : []))
    return Drawing(path: BezierPath(elements), transform: transform, style: style, paint: .color(red))
  }

  func testTheCoarseBoxHoldsTheExactInkOfRandomDrawingsAndLayers() throws {
    var random = SplitMix64(seed: 7)
    for trial in 0..<2_000 {
      var items: [DisplayItem] = (0..<(1 + Int(random.next() % 3))).map { _ in .drawing(randomDrawing(&random)) }
      if trial % 3 == 0 {
        let shadow = Shadow(color: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.5), radius: Double(random.next() % 9),
                            offset: Point(x: Double(random.next() % 7) - 3, y: 2))
        items = [.layer(Layer(opacity: 0.8, shadow: shadow, items: items))]
      }
      let drawn = list(items)
      let coarse = try XCTUnwrap(drawn.coarseInkBox(), "trial \(trial)")
      guard let exact = drawn.inkBounds else {
        continue  // nothing visible: any coarse box is fine, the exact check answers nil
      }
      let slack = 1e-9 * max(1, abs(exact.minX), abs(exact.maxX), abs(exact.minY), abs(exact.maxY))
      XCTAssertLessThanOrEqual(coarse.minX, exact.minX + slack, "trial \(trial) left")
      XCTAssertLessThanOrEqual(coarse.minY, exact.minY + slack, "trial \(trial) top")
      XCTAssertGreaterThanOrEqual(coarse.maxX, exact.maxX - slack, "trial \(trial) right")
      XCTAssertGreaterThanOrEqual(coarse.maxY, exact.maxY - slack, "trial \(trial) bottom")
    }
  }

  func testOverflowWithTheCoarseBoxFirstAnswersAsTheExactBoxDoes() {
    // Canvases from well inside the ink to well around it, so that both answers occur.
    var random = SplitMix64(seed: 8)
    var overflowing = 0, inside = 0
    for trial in 0..<2_000 {
      let drawing = randomDrawing(&random)
      let side = 20 + Double(random.next() % 200)
      let drawn = list([.drawing(drawing)], size: side)
      let fast = drawn.overflow(tolerance: 0.5), exact = drawn.exactOverflow(tolerance: 0.5)
      XCTAssertEqual(fast?.amount, exact?.amount, "trial \(trial)")
      XCTAssertEqual(fast?.edge, exact?.edge, "trial \(trial)")
      if exact == nil { inside += 1 } else { overflowing += 1 }
    }
    XCTAssertGreaterThan(inside, 100, "the trials must include ink that stays inside")
    XCTAssertGreaterThan(overflowing, 100, "and ink that leaves")
  }

  func testAProjectedGroupHasNoCoarseBox() {
    let dot = Drawing(path: circle(center: Point(x: 32, y: 32), radius: 10), transform: .identity, style: .fill(evenOdd: false), paint: .color(red))
    let projected = DisplayItem.projected(ProjectedGroup(projection: .identity, items: [.drawing(dot)]))
    XCTAssertNil(list([projected]).coarseInkBox(), "a projection may put corners behind the viewer")
    XCTAssertNotNil(list([.drawing(dot)]).coarseInkBox())
  }
}

