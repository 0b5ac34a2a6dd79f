import Kurukuru
import XCTest

@testable import KurukuruRaster

final class GradientTests: XCTestCase {
  // MARK: - Angular

  private func angularDisc(start: Double, end: Double, stops: [GradientStop]) throws -> Frame {
    let center = Point(x: 50, y: 50)
    let gradient = AngularGradient(stops: stops, center: center, startAngle: start, endAngle: end)
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
    let gradient = AngularGradient(
      stops: [GradientStop(location: 0, color: red), GradientStop(location: 1, color: blue)], center: center,
      startAngle: 0, endAngle: 360)
    let ring = Drawing(
      path: Shapes.circle(center: center, radius: 30), transform: .identity,
      style: .stroke(StrokeStyle(lineWidth: 8)), paint: .angular(gradient))
    let frame = try render([.drawing(ring)])
    XCTAssertTrue(pixel(frame, at: polar(180, 30)).isClose(to: RGBA8(r: 128, g: 0, b: 128), tolerance: 12))
    XCTAssertTrue(pixel(frame, at: polar(90, 33)).isClose(to: RGBA8(r: 191, g: 0, b: 64), tolerance: 12))
    assertClear(frame, 50, 50)
  }

  func testAngularSectorsCoverOneTurnInThinWedgesWithBoundariesAtStops() {
    let gradient = AngularGradient(
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
    let gradient = LinearGradient(
      stops: [GradientStop(location: 0, color: red), GradientStop(location: 1, color: blue)],
      start: Point(x: 25, y: 0), end: Point(x: 75, y: 0))
    let frame = try render([fill(Shapes.rect(0, 0, 100, 100), .linear(gradient))])
    assertPixel(frame, 5, 50, RGBA8(r: 255, g: 0, b: 0), tolerance: 0)
    assertPixel(frame, 95, 50, RGBA8(r: 0, g: 0, b: 255), tolerance: 0)
    assertPixel(frame, 50, 50, RGBA8(r: 125, g: 0, b: 130), tolerance: 3)
    XCTAssertEqual(frame[50, 10], frame[50, 90], "constant across the gradient line")
  }

  func testRadialGradientRunsFromStartToEndRadius() throws {
    let gradient = RadialGradient(
      stops: [GradientStop(location: 0, color: .white), GradientStop(location: 1, color: .black)],
      center: Point(x: 50, y: 50), startRadius: 10, endRadius: 40)
    let frame = try render([fill(Shapes.rect(0, 0, 100, 100), .radial(gradient))])
    assertPixel(frame, 50, 50, RGBA8(r: 255, g: 255, b: 255), tolerance: 0)  // inside the start radius
    assertPixel(frame, 75, 50, RGBA8(r: 123, g: 123, b: 123), tolerance: 6)  // half way (radius 25.5)
    assertPixel(frame, 2, 2, RGBA8(r: 0, g: 0, b: 0), tolerance: 0)  // padded beyond the end
    XCTAssertEqual(frame[75, 50], frame[50, 75], "circular")
  }
}
