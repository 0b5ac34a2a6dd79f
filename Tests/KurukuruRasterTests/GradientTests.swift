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
        XCTAssertTrue(frame[x, y].isClose(to: expected, tolerance: 10), "(\(x), \(y)): \(frame[x, y]) vs \(expected)")
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

  func testAngularSectorsCoverOneTurnInThinWedgesWithBoundariesAtStops() {
    let gradient = AngularGradientPaint(
      stops: redGreenBlueRed.map { GradientStop(location: $0.location, color: $0.color) },
      center: .zero, startAngle: -90, endAngle: 90)
    let sectors = AngularSectors(gradient)
    XCTAssertEqual(sectors.angles.first, -90)
    XCTAssertEqual(sectors.angles.last, 270)
    XCTAssertEqual(sectors.colors.count, sectors.angles.count - 1)
    for (a, b) in zip(sectors.angles, sectors.angles.dropFirst()) {
      XCTAssertGreaterThan(b, a)
      XCTAssertLessThanOrEqual(b - a, AngularSectors.maximumWedge + 1e-9)
    }
    // Stops at -90 + 180/3 and -90 + 360/3, the sweep's end at 90, the gap's middle at 180.
    for angle in [-30.0, 30, 90, 180] {
      XCTAssertTrue(sectors.angles.contains { abs($0 - angle) < 1e-9 }, "boundary at \(angle)°")
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
