import XCTest

@testable import KurukuruCore

final class ShapeAndTrimTests: XCTestCase {
  let rect = Rect(x: 0, y: 0, width: 100, height: 100)

  func endpoints(_ path: BezierPath) -> (Point?, Point?) {
    var first: Point?, last: Point?
    for e in path.elements {
      switch e {
      case .move(let p): if first == nil { first = p }; last = p
      case .line(let p), .cubic(_, _, let p): last = p
      case .close: break
      }
    }
    return (first, last)
  }

  func assertClose(_ a: Point?, _ b: Point, accuracy: Double = 1e-6, _ message: String = "", line: UInt = #line) {
    guard let a else { return XCTFail("no point " + message, line: line) }
    XCTAssertEqual(a.x, b.x, accuracy: accuracy, message, line: line)
    XCTAssertEqual(a.y, b.y, accuracy: accuracy, message, line: line)
  }

  func testCircleStartsAtThreeOClockAndRunsClockwiseOnScreen() {
    let path = ShapeKind.circle.path(in: rect, at: 0)
    assertClose(endpoints(path).0, Point(x: 100, y: 50))
    // A quarter of the way along is 6 o'clock (y down = clockwise on screen).
    let quarter = path.trimmed(from: 0, to: 0.25)
    assertClose(endpoints(quarter).0, Point(x: 100, y: 50))
    assertClose(endpoints(quarter).1, Point(x: 50, y: 100), accuracy: 1e-6)
  }

  /// A polygon's unit points scale to the frame; the path starts at the first point, runs in
  /// the given order and is closed, so trims follow the order of the points.
  func testPolygonRunsThroughItsUnitPointsInOrder() throws {
    let frame = Rect(x: 10, y: 20, width: 40, height: 80)
    let shape = ShapeKind.polygon(points: [UnitAnchor(x: 0.5, y: 0), UnitAnchor(x: 1, y: 1), UnitAnchor(x: 0, y: 1)])
    let path = shape.path(in: frame, at: 0)
    XCTAssertEqual(
      path.elements,
      [.move(Point(x: 30, y: 20)), .line(Point(x: 50, y: 100)), .line(Point(x: 10, y: 100)), .close])
    // Sides √(20² + 80²) ≈ 82.46 (twice) and 40: the first half of the length ends on the first side.
    let side = (20.0 * 20 + 80 * 80).squareRoot()
    let half = path.trimmed(from: 0, to: side / (2 * side + 40))
    assertClose(endpoints(half).1, Point(x: 50, y: 100), accuracy: 1e-6)
    // Reading it from a preset: names, arrays and objects are unit points.
    let text = presetText(view: #"{"Polygon": {"points": ["top", [1, 1], {"x": 0, "y": 1}]}}"#)
    let scene = try Preset(text: text, file: "t.json").scene()
    guard case .shape(let styled) = scene.root.kind else { return XCTFail("not a shape") }
    XCTAssertEqual(styled.shape, shape)
  }

  func testPolygonErrors() {
    func error(_ args: String) -> String { presetError(presetText(view: "{\"Polygon\": \(args)}")) ?? "no error" }
    XCTAssertEqual(
      error("{}"),
      "test.json:4:23: Polygon needs 'points': unit points of its frame, e.g. [[0.5, 0], [1, 1], [0, 1]] (at view.Polygon)")
    XCTAssertEqual(error(#"{"points": [[0, 0], [1, 1]]}"#), "test.json:4:34: a Polygon has 3…1000 points, got 2 (at view.Polygon.points)")
    XCTAssertEqual(
      error(#"{"points": [[0, 0], [1, 1], [0, 1, 2]]}"#), "test.json:4:51: a unit point is [x, y] (at view.Polygon.points[2])")
    XCTAssertEqual(
      error(#"{"points": [[0, 0], "topp", [0, 1]]}"#),
      "test.json:4:43: unknown unit point 'topp' — did you mean 'top'? (at view.Polygon.points[1])")
    XCTAssertEqual(
      error(#"{"points": [[0, 0], [1, 1], [0, 1000]]}"#),
      "test.json:4:51: a Polygon point is a unit point of the frame; x and y must be in −100…100 (at view.Polygon.points[2])")
    XCTAssertTrue(error(#"{"sides": 3}"#).contains("unknown key 'sides'"))
  }

  func testTrimCutsByArcLength() {
    // A 100-long line then a 100-long line: 0.25…0.75 is 50…150.
    var path = BezierPath()
    path.move(to: Point(x: 0, y: 0))
    path.line(to: Point(x: 100, y: 0))
    path.line(to: Point(x: 100, y: 100))
    let t = path.trimmed(from: 0.25, to: 0.75)
    XCTAssertEqual(t.elements, [.move(Point(x: 50, y: 0)), .line(Point(x: 100, y: 0)), .line(Point(x: 100, y: 50))])
    // Trimming a circle: the arc length of the piece is the fraction of the circumference.
    let circle = ShapeKind.circle.path(in: rect, at: 0)
    let piece = circle.trimmed(from: 0.1, to: 0.35)
    XCTAssertEqual(PathSegments(piece).totalLength, 0.25 * .pi * 100, accuracy: 1e-3)
    // A third of the way round from 3 o'clock is at 120°.
    let third = circle.trimmed(from: 0, to: 1.0 / 3)
    assertClose(endpoints(third).1, Point(x: 50 + 50 * cos(2 * .pi / 3), y: 50 + 50 * sin(2 * .pi / 3)), accuracy: 1e-3)
  }

  /// A cut segment is drawn in at most three pieces, cut at multiples of 1/8 of the segment, so
  /// that an end moving within one step keeps every piece behind it: the circle's eight 45°
  /// segments, trimmed to 0.36 and to 0.362 (both 7/8 into the third segment), share all but the
  /// last piece. The pieces stay on the circle, and an end within 1e-6 of a segment's end is
  /// not cut again.
  func testTrimPiecesRepeatBehindAMovingEnd() {
    let circle = ShapeKind.circle.path(in: rect, at: 0)
    let a = circle.trimmed(from: 0, to: 0.36), b = circle.trimmed(from: 0, to: 0.362)
    XCTAssertEqual(a.elements.count, 5, "move, two whole segments, the third in two pieces")
    XCTAssertEqual(Array(a.elements.dropLast()), Array(b.elements.dropLast()))
    XCTAssertNotEqual(a.elements.last, b.elements.last)
    for case .cubic(_, _, let p) in a.elements + b.elements {
      XCTAssertEqual((p - Point(x: 50, y: 50)).length, 50, accuracy: 1e-3, "\(p) on the circle")
    }
    XCTAssertEqual(PathSegments(a).totalLength, 0.36 * .pi * 100, accuracy: 1e-3)
    // 0.375 is the end of the third segment: a hair before it draws the same pieces as at it.
    XCTAssertEqual(circle.trimmed(from: 0, to: 0.375 - 1e-9).elements.count, circle.trimmed(from: 0, to: 0.375).elements.count)
  }

  /// Arcs are cut at fixed angles: every multiple of 45° and, next to an end off that grid, the
  /// nearest multiple of 45° / 8 inward; so a growing arc keeps all but its last piece, and
  /// circles and rounded corners keep their 45° segments.
  func testArcCutsSitAtFixedAngles() {
    XCTAssertEqual(PathBuilder.arcCuts(startDegrees: 0, sweepDegrees: 360), stride(from: 0.0, through: 360, by: 45).map { $0 })
    XCTAssertEqual(PathBuilder.arcCuts(startDegrees: -90, sweepDegrees: 90), [-90, -45, 0])
    XCTAssertEqual(PathBuilder.arcCuts(startDegrees: 0, sweepDegrees: 100), [0, 45, 90, 95.625, 100])
    XCTAssertEqual(PathBuilder.arcCuts(startDegrees: 0, sweepDegrees: 101), [0, 45, 90, 95.625, 101])
    XCTAssertEqual(PathBuilder.arcCuts(startDegrees: 10, sweepDegrees: 100), [10, 11.25, 45, 90, 106.875, 110])
    XCTAssertEqual(PathBuilder.arcCuts(startDegrees: 0, sweepDegrees: -100), [0, -45, -90, -95.625, -100])
    XCTAssertEqual(PathBuilder.arcCuts(startDegrees: 46, sweepDegrees: 2), [46, 48], "inside one 5.6° step: one piece")
    XCTAssertEqual(PathBuilder.arcCuts(startDegrees: 46, sweepDegrees: 10), [46, 50.625, 56])
    XCTAssertEqual(PathBuilder.arcCuts(startDegrees: 45 + 1e-7, sweepDegrees: 45), [45 + 1e-7, 90 + 1e-7])
    XCTAssertEqual(PathBuilder.arcCuts(startDegrees: 0, sweepDegrees: 0), [])
    // The arc still ends where it should, on the ellipse.
    var path = BezierPath()
    PathBuilder.addArc(to: &path, center: Point(x: 50, y: 50), radiusX: 50, radiusY: 50, startDegrees: 10, sweepDegrees: 100)
    assertClose(endpoints(path).1, Point(x: 50 + 50 * cos(110 * .pi / 180), y: 50 + 50 * sin(110 * .pi / 180)))
    XCTAssertEqual(PathSegments(path).totalLength, 100 * .pi / 180 * 50, accuracy: 1e-3)
  }

  func testTrimEdgeCases() {
    let circle = ShapeKind.circle.path(in: rect, at: 0)
    XCTAssertTrue(circle.trimmed(from: 0.3, to: 0.3).isEmpty, "an empty trim draws nothing")
    XCTAssertTrue(circle.trimmed(from: 0.6, to: 0.2).isEmpty)
    XCTAssertEqual(circle.trimmed(from: -1, to: 2), circle, "0…1 keeps the closed path")
    XCTAssertEqual(circle.trimmed(from: 0, to: 1).elements.last, .close)
    XCTAssertFalse(circle.trimmed(from: 0, to: 0.999).elements.contains(.close))
  }

  func testArcSweepFollowsCoreGraphics() {
    XCTAssertEqual(PathBuilder.arcSweep(start: 90, end: 0, clockwise: true), 270)
    XCTAssertEqual(PathBuilder.arcSweep(start: 4, end: 90, clockwise: true), 86)
    XCTAssertEqual(PathBuilder.arcSweep(start: 0, end: 90, clockwise: false), -270)
    XCTAssertEqual(PathBuilder.arcSweep(start: 0, end: 360, clockwise: true), 360)
    XCTAssertEqual(PathBuilder.arcSweep(start: 30, end: 30, clockwise: true), 0)
    XCTAssertEqual(PathBuilder.arcSweep(start: 810, end: 720, clockwise: true), 270)
  }

  func testArcPathRunsClockwiseOnScreen() {
    let arc = ShapeKind.arc(startAngle: .constant(0), endAngle: .constant(90), clockwise: true).path(in: rect, at: 0)
    assertClose(endpoints(arc).0, Point(x: 100, y: 50))
    assertClose(endpoints(arc).1, Point(x: 50, y: 100))
    // Mid-point of a cubic approximation stays on the circle.
    let mid = arc.trimmed(from: 0, to: 0.5)
    assertClose(endpoints(mid).1, Point(x: 50 + 50 * cos(.pi / 4), y: 50 + 50 * sin(.pi / 4)), accuracy: 1e-4)
  }

  func testRoundedRectangleAndCapsule() {
    let rr = ShapeKind.roundedRectangle(cornerRadius: .constant(10)).path(in: Rect(x: 0, y: 0, width: 100, height: 40), at: 0)
    XCTAssertEqual(PathSegments(rr).totalLength, 2 * (80 + 20) + 2 * .pi * 10, accuracy: 1e-3)
    let capsule = ShapeKind.capsule.path(in: Rect(x: 0, y: 0, width: 100, height: 40), at: 0)
    XCTAssertEqual(PathSegments(capsule).totalLength, 2 * 60 + 2 * .pi * 20, accuracy: 1e-3)
  }
}
