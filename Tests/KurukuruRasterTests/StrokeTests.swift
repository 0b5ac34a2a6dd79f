import KurukuruCore
import XCTest

@testable import KurukuruRaster

final class StrokeTests: XCTestCase {
  private let ink = RGBA8(r: 255, g: 0, b: 0)

  private func line(cap: LineCap) throws -> Frame {
    try render([stroke(Shapes.polyline([(30, 50), (70, 50)]), red, StrokeOptions(lineWidth: 10, lineCap: cap))])
  }

  func testButtCapsStopAtTheEndpoints() throws {
    let frame = try line(cap: .butt)
    assertPixel(frame, 31, 50, ink, tolerance: 0)
    assertClear(frame, 28, 50)
    assertPixel(frame, 68, 46, ink, tolerance: 0)
    assertClear(frame, 71, 50)
  }

  func testSquareCapsExtendByHalfTheWidthWithCorners() throws {
    let frame = try line(cap: .square)
    assertPixel(frame, 26, 50, ink, tolerance: 0)
    assertPixel(frame, 25, 45, ink, tolerance: 0)  // corner of the square cap
    assertClear(frame, 24, 50)
    assertPixel(frame, 74, 54, ink, tolerance: 0)
  }

  func testRoundCapsAreHalfDiscs() throws {
    let frame = try line(cap: .round)
    assertPixel(frame, 26, 50, ink, tolerance: 0)
    assertClear(frame, 25, 45)  // outside the half disc, inside a square cap
    assertClear(frame, 74, 54)
    assertClear(frame, 24, 50)
  }

  private func chevron(join: LineJoin) throws -> Frame {
    let path = Shapes.polyline([(20, 70), (50, 30), (80, 70)])
    return try render([stroke(path, red, StrokeOptions(lineWidth: 10, lineJoin: join))])
  }

  func testJoins() throws {
    // Outer corner at (50, 30): a miter reaches y ≈ 21.7, a round join y = 25, a bevel y = 27.
    let miter = try chevron(join: .miter)
    let round = try chevron(join: .round)
    let bevel = try chevron(join: .bevel)
    XCTAssertEqual(miter[50, 23].a, 255)
    assertClear(round, 50, 23)
    assertClear(bevel, 50, 23)
    XCTAssertGreaterThan(round[50, 25].a, 128)
    assertClear(bevel, 50, 25)
  }

  func testMiterLimitFallsBackToBevel() throws {
    // Miter length ratio here is 1 / sin(36.87°) ≈ 1.67: a limit of 1.5 bevels the corner.
    let path = Shapes.polyline([(20, 70), (50, 30), (80, 70)])
    let frame = try render([stroke(path, red, StrokeOptions(lineWidth: 10, lineJoin: .miter, miterLimit: 1.5))])
    assertClear(frame, 50, 23)
    assertClear(frame, 50, 25)
  }

  func testDashesAndPhase() throws {
    let path = Shapes.polyline([(10, 50), (90, 50)])
    let dashed = try render([stroke(path, red, StrokeOptions(lineWidth: 4, dash: [10, 10]))])
    assertPixel(dashed, 15, 50, ink, tolerance: 0)
    assertClear(dashed, 25, 50)
    assertPixel(dashed, 35, 50, ink, tolerance: 0)

    let shifted = try render([stroke(path, red, StrokeOptions(lineWidth: 4, dash: [10, 10], dashPhase: 10))])
    assertClear(shifted, 15, 50)
    assertPixel(shifted, 25, 50, ink, tolerance: 0)
  }

  func testZeroDashPatternStrokesSolid() throws {
    let path = Shapes.polyline([(10, 50), (90, 50)])
    let frame = try render([stroke(path, red, StrokeOptions(lineWidth: 4, dash: [0, 0]))])
    for x in stride(from: 12, to: 88, by: 5) { assertPixel(frame, x, 50, ink, tolerance: 0) }
  }
}
