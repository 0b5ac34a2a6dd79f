import KurukuruCore
import XCTest

@testable import KurukuruRaster

final class GradientTests: XCTestCase {
  // MARK: - Angular

  private func angularDisc(start: Double, end: Double, stops: [GradientStop]) throws -> Frame {
    let center = Point(x: 50, y: 50)
    let gradient = AngularGradientPaint(stops: stops, center: center, startAngle: start, endAngle: end)
    return try render([fill(Shapes.circle(center: center, radius: 40), .angular(gradient))])
  }

  private let redGreenBlueRed = [
    GradientStop(location: 0, color: red), GradientStop(location: 1.0 / 3, color: green),
    GradientStop(location: 2.0 / 3, color: blue), GradientStop(location: 1, color: red),
  ]

  /// The canvas pixel at `radius` points from (50, 50) in direction `degrees` (clockwise from 3).
  private func polar(_ degrees: Double, _ radius: Double) -> Point {
    let r = degrees * Double.pi / 180
    return Point(x: 50 + radius * cos(r), y: 50 + radius * sin(r))
  }

  func testAngularGradientGoesClockwiseFromTwelveOClock() throws {
    let frame = try angularDisc(start: -90, end: 270, stops: redGreenBlueRed)
    saveIfRequested(frame, "angular-full-sweep")

    assertPixel(frame, 50, 20, RGBA8(r: 255, g: 0, b: 0), tolerance: 12)  // 12 o'clock
    XCTAssertTrue(pixel(frame, at: polar(30, 30)).isClose(to: RGBA8(r: 0, g: 255, b: 0), tolerance: 12))
    XCTAssertTrue(pixel(frame, at: polar(150, 30)).isClose(to: RGBA8(r: 0, g: 0, b: 255), tolerance: 12))
    // Half way from green to blue lies at 90° (6 o'clock), not at 9 o'clock.
    XCTAssertTrue(pixel(frame, at: polar(90, 30)).isClose(to: RGBA8(r: 0, g: 128, b: 128), tolerance: 12))
    XCTAssertTrue(pixel(frame, at: polar(210, 30)).isClose(to: RGBA8(r: 128, g: 0, b: 128), tolerance: 12))
  }

  func testFullSweepHasNoSeamAndNoHairlines() throws {
    let frame = try angularDisc(start: -90, end: 270, stops: redGreenBlueRed)
    // Just either side of 12 o'clock, all the way from near the centre to the rim.
    for y in 12..<46 {
      for x in [49, 50] {
        let p = frame[x, y]
        XCTAssertGreaterThanOrEqual(p.r, 240, "(\(x), \(y)) = \(p)")
        XCTAssertLessThanOrEqual(max(p.g, p.b), 15, "(\(x), \(y)) = \(p)")
      }
    }
    // Every pixel well inside the disc is opaque: no gap between wedges anywhere.
    for y in 0..<100 {
      for x in 0..<100 {
        let dx = Double(x) + 0.5 - 50, dy = Double(y) + 0.5 - 50
        if dx * dx + dy * dy < 38 * 38 { XCTAssertEqual(frame[x, y].a, 255, "(\(x), \(y))") }
      }
    }
  }

  func testEveryPixelOfTheRingFollowsTheGradientOfItsDirection() throws {
    let frame = try angularDisc(start: -90, end: 270, stops: redGreenBlueRed)
    let anchors: [(Double, Double, Double)] = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 0, 0)]
    var checked = 0
    for y in 0..<100 {
      for x in 0..<100 {
        let dx = Double(x) + 0.5 - 50, dy = Double(y) + 0.5 - 50
        let distance = (dx * dx + dy * dy).squareRoot()
        guard distance >= 20, distance <= 36 else { continue }
        // Location: the clockwise turn from 12 o'clock, as a fraction of a full turn.
        var degrees = atan2(dy, dx) * 180 / Double.pi + 90
        if degrees < 0 { degrees += 360 }
        let position = degrees / 120
        let i = min(Int(position), 2)
        let t = position - Double(i)
        let (a, b) = (anchors[i], anchors[i + 1])
        let expected = RGBA8(
          r: UInt8((a.0 + (b.0 - a.0) * t).rounded()), g: UInt8((a.1 + (b.1 - a.1) * t).rounded()),
          b: UInt8((a.2 + (b.2 - a.2) * t).rounded()), a: 255)
        // Painted per pixel: the colour of the pixel centre's own direction, to rounding.
        XCTAssertTrue(frame[x, y].isClose(to: expected, tolerance: 1), "(\(x), \(y)): \(frame[x, y]) vs \(expected)")
        checked += 1
      }
    }
    XCTAssertGreaterThan(checked, 2000)
  }

  func testOneColourGradientIsUniformWithoutHairlines() throws {
    // Any gap or overlap between wedges would show as a pixel of another colour or alpha.
    let center = Point(x: 50, y: 50)
    let stops = [GradientStop(location: 0, color: blue), GradientStop(location: 1, color: blue)]
    for (start, end) in [(0.0, 360.0), (-90, 45), (33.3, 33.3)] {
      let gradient = AngularGradientPaint(stops: stops, center: center, startAngle: start, endAngle: end)
      let frame = try Rasterizer(scale: 3).render(list([fill(Shapes.circle(center: center, radius: 40), .angular(gradient))]))
      var colours = Set<RGBA8>()
      for y in 0..<300 {
        for x in 0..<300 {
          let dx = Double(x) + 0.5 - 150, dy = Double(y) + 0.5 - 150
          if dx * dx + dy * dy < 115 * 115 { colours.insert(frame[x, y]) }
        }
      }
      XCTAssertEqual(colours, [RGBA8(r: 0, g: 0, b: 255)], "sweep \(start)…\(end)")
    }
  }

  func testPartialSweepTakesTheNearerEndsColourOutside() throws {
    let stops = [GradientStop(location: 0, color: red), GradientStop(location: 1, color: blue)]
    let frame = try angularDisc(start: 0, end: 90, stops: stops)
    saveIfRequested(frame, "angular-partial-sweep")

    XCTAssertTrue(pixel(frame, at: polar(45, 30)).isClose(to: RGBA8(r: 128, g: 0, b: 128), tolerance: 12))
    // The gap 90°…360° splits at 225°: before it the end colour (blue), after it the start (red).
    for degrees in [120.0, 180, 215] {
      XCTAssertTrue(pixel(frame, at: polar(degrees, 30)).isClose(to: RGBA8(r: 0, g: 0, b: 255), tolerance: 3), "\(degrees)°")
    }
    for degrees in [235.0, 270, 330] {
      XCTAssertTrue(pixel(frame, at: polar(degrees, 30)).isClose(to: RGBA8(r: 255, g: 0, b: 0), tolerance: 3), "\(degrees)°")
    }
  }

  func testAngularGradientOnAStrokedRing() throws {
    let center = Point(x: 50, y: 50)
    let gradient = AngularGradientPaint(
      stops: [GradientStop(location: 0, color: red), GradientStop(location: 1, color: blue)], center: center,
      startAngle: 0, endAngle: 360)
    let ring = Drawing(
      path: Shapes.circle(center: center, radius: 30), transform: .identity,
      style: .stroke(StrokeOptions(lineWidth: 8)), paint: .angular(gradient))
    let frame = try render([.drawing(ring)])
    XCTAssertTrue(pixel(frame, at: polar(180, 30)).isClose(to: RGBA8(r: 128, g: 0, b: 128), tolerance: 12))
    XCTAssertTrue(pixel(frame, at: polar(90, 33)).isClose(to: RGBA8(r: 191, g: 0, b: 64), tolerance: 12))
    assertClear(frame, 50, 50)
  }

  func testAngularSectorsCoverOneTurnWithBoundariesAtStops() {
    let gradient = AngularGradientPaint(
      stops: redGreenBlueRed.map { GradientStop(location: $0.location, color: $0.color) },
      center: .zero, startAngle: -90, endAngle: 90)
    let segments = AngularSectors(gradient).segments
    // Stops at -90 + 180/3 and -90 + 360/3, the sweep's end at 90, the gap's middle at 180.
    XCTAssertEqual(segments.map(\.from), [-90, -30, 30, 90, 180])
    XCTAssertEqual(segments.map(\.to), [-30, 30, 90, 180, 270])
    XCTAssertEqual(segments.map(\.start), [red, green, blue, red, red])
    XCTAssertEqual(segments.map(\.end), [green, blue, red, red, red])
  }

  /// Red at the start angle to blue a full turn later, as straight 8-bit colour: the colour of
  /// direction `degrees` (clockwise from 3 o'clock).
  private func redToBlue(at degrees: Double, start: Double) -> (color: RGBA8, offset: Double) {
    var offset = (degrees - start).truncatingRemainder(dividingBy: 360)
    if offset < 0 { offset += 360 }
    let t = offset / 360
    return (RGBA8(r: UInt8((255 * (1 - t)).rounded()), g: 0, b: UInt8((255 * t).rounded()), a: 255), offset)
  }

  /// Every pixel at least half covered by `drawing` (painted red → blue over a full turn from
  /// `start` about `center`, in local points) has the colour of its centre's direction in the
  /// drawing's local space, to one level (two after unpremultiplying half-covered pixels); pixels
  /// within half a degree of the seam are skipped. Returns how many pixels were checked.
  private func checkFollowsLocalDirection(
    _ drawing: Drawing, center: Point, start: Double, scale: Double, file: StaticString = #filePath, line: UInt = #line
  ) throws -> Int {
    let frame = try render([.drawing(drawing)], scale: scale)
    let t = drawing.transform.then(.scale(x: scale, y: scale))
    let det = t.determinant
    var checked = 0
    for y in 0..<frame.height {
      for x in 0..<frame.width where frame[x, y].a >= 128 {
        // The pixel centre in local points (the inverse of `t`).
        let px = Double(x) + 0.5 - t.tx, py = Double(y) + 0.5 - t.ty
        let lx = (t.d * px - t.c * py) / det, ly = (-t.b * px + t.a * py) / det
        let degrees = atan2(ly - center.y, lx - center.x) * 180 / Double.pi
        let (expected, offset) = redToBlue(at: degrees, start: start)
        guard offset > 0.5, offset < 359.5 else { continue }
        let tolerance = frame[x, y].a == 255 ? 1 : 2
        XCTAssertTrue(
          frame[x, y].isClose(to: RGBA8(r: expected.r, g: 0, b: expected.b, a: frame[x, y].a), tolerance: tolerance),
          "(\(x), \(y)) at \(degrees)°: \(frame[x, y]) vs \(expected)", file: file, line: line)
        checked += 1
      }
    }
    return checked
  }

  /// A stroke turned and squashed (non-uniform scale: the path's extents bound the ink) and the
  /// same under a rotation and uniform scale (the stroke's own extents do): every inked pixel,
  /// miter tips and square caps included, takes its own direction's colour, so the painted area
  /// covers all the ink (beyond it the edge pixels would repeat).
  func testAngularGradientFollowsLocalDirectionsUnderTransforms() throws {
    let center = Point(x: 0, y: 0)
    var square = BezierPath()
    square.move(to: Point(x: -12, y: -12))
    square.line(to: Point(x: 12, y: -12))
    square.line(to: Point(x: 12, y: 12))
    square.line(to: Point(x: -12, y: 10))
    let gradient = AngularGradientPaint(
      stops: [GradientStop(location: 0, color: red), GradientStop(location: 1, color: blue)], center: center,
      startAngle: 20, endAngle: 380)
    let style = DrawStyle.stroke(StrokeOptions(lineWidth: 6, lineCap: .square, lineJoin: .miter, miterLimit: 10))
    let transforms: [Transform] = [
      Transform.scale(x: 2, y: 0.8).then(.rotation(degrees: 30)).then(.translation(x: 50, y: 50)),
      Transform.rotation(degrees: -65).then(.scale(x: 1.5, y: 1.5)).then(.translation(x: 50, y: 50)),
    ]
    for transform in transforms {
      let drawing = Drawing(path: square, transform: transform, style: style, paint: .angular(gradient))
      for scale in [1.0, 2.5] {
        XCTAssertGreaterThan(try checkFollowsLocalDirection(drawing, center: center, start: 20, scale: scale), 500)
      }
    }
  }

  /// Like a non-finite transform or path (`Drawing.isDrawable`), an angle that is not a number
  /// draws nothing, and the drawings around it are untouched (presets reject such values first).
  func testNonFiniteStartAngleDrawsNothing() throws {
    let stops = [GradientStop(location: 0, color: red), GradientStop(location: 1, color: blue)]
    for start in [Double.nan, .infinity] {
      let gradient = AngularGradientPaint(stops: stops, center: Point(x: 50, y: 50), startAngle: start, endAngle: 360)
      let frame = try render([
        fill(Shapes.rect(0, 0, 20, 20), green),
        fill(Shapes.circle(center: Point(x: 50, y: 50), radius: 30), .angular(gradient)),
      ])
      assertClear(frame, 50, 50)
      assertClear(frame, 70, 50)
      assertPixel(frame, 10, 10, RGBA8(r: 0, g: 255, b: 0), tolerance: 0)
    }
  }

  // MARK: - Linear and radial

  func testLinearGradientInterpolatesAndPads() throws {
    let gradient = LinearGradientPaint(
      stops: [GradientStop(location: 0, color: red), GradientStop(location: 1, color: blue)],
      start: Point(x: 25, y: 0), end: Point(x: 75, y: 0))
    let frame = try render([fill(Shapes.rect(0, 0, 100, 100), .linear(gradient))])
    assertPixel(frame, 5, 50, RGBA8(r: 255, g: 0, b: 0), tolerance: 0)
    assertPixel(frame, 95, 50, RGBA8(r: 0, g: 0, b: 255), tolerance: 0)
    assertPixel(frame, 50, 50, RGBA8(r: 125, g: 0, b: 130), tolerance: 3)
    XCTAssertEqual(frame[50, 10], frame[50, 90], "constant across the gradient line")
  }

  func testRadialGradientRunsFromStartToEndRadius() throws {
    let gradient = RadialGradientPaint(
      stops: [GradientStop(location: 0, color: .white), GradientStop(location: 1, color: .black)],
      center: Point(x: 50, y: 50), startRadius: 10, endRadius: 40)
    let frame = try render([fill(Shapes.rect(0, 0, 100, 100), .radial(gradient))])
    assertPixel(frame, 50, 50, RGBA8(r: 255, g: 255, b: 255), tolerance: 0)  // inside the start radius
    assertPixel(frame, 75, 50, RGBA8(r: 123, g: 123, b: 123), tolerance: 6)  // half way (radius 25.5)
    assertPixel(frame, 2, 2, RGBA8(r: 0, g: 0, b: 0), tolerance: 0)  // padded beyond the end
    XCTAssertEqual(frame[75, 50], frame[50, 75], "circular")
  }
}
