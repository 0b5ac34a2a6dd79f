import KurukuruCore
import XCTest

@testable import KurukuruRaster

/// y grows downward and positive angles turn clockwise on screen (ARCHITECTURE.md §4).
final class OrientationTests: XCTestCase {
  func testQuarterArcFromThreeToSixOClockInksTheLowerRightQuadrant() throws {
    let arc = Shapes.quarterArc(center: Point(x: 50, y: 50), radius: 30)
    let frame = try render([stroke(arc, red, StrokeOptions(lineWidth: 6))])
    saveIfRequested(frame, "orientation-quarter-arc")

    // Middle of the arc, at 45° clockwise from 3 o'clock: (50 + 30 cos 45°, 50 + 30 sin 45°).
    assertPixel(frame, 71, 71, RGBA8(r: 255, g: 0, b: 0), tolerance: 0)
    XCTAssertGreaterThan(inkCount(frame, x: 50..<100, y: 50..<100), 200)
    XCTAssertEqual(inkCount(frame, x: 0..<100, y: 0..<50), 0, "no ink in the upper half")
    XCTAssertEqual(inkCount(frame, x: 0..<47, y: 0..<100), 0, "no ink on the left")
  }

  func testRotationByNinetyDegreesTurnsThreeOClockToSix() throws {
    let mark = Shapes.rect(30, -3, 10, 6)  // at 3 o'clock around the local origin
    let place = Transform.translation(x: 50, y: 50)
    let plain = try render([fill(mark, red, transform: place)])
    let turned = try render([fill(mark, red, transform: Transform.rotation(degrees: 90).then(place))])

    assertPixel(plain, 85, 50, RGBA8(r: 255, g: 0, b: 0), tolerance: 0)
    assertClear(plain, 50, 85)
    assertPixel(turned, 50, 85, RGBA8(r: 255, g: 0, b: 0), tolerance: 0)
    assertClear(turned, 85, 50)
    assertClear(turned, 50, 15)  // not counter-clockwise (12 o'clock)
  }

  func testTransformScalesStrokeWidth() throws {
    // A 2-point line scaled ×4 about the origin is 8 pixels thick.
    let line = Shapes.polyline([(5, 12), (20, 12)])
    let frame = try render([stroke(line, red, StrokeOptions(lineWidth: 2), transform: .scale(x: 4, y: 4))])
    for y in 44..<52 { XCTAssertEqual(frame[40, y].a, 255, "row \(y)") }
    assertClear(frame, 40, 43)
    assertClear(frame, 40, 52)
  }
}
