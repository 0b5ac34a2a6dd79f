import KurukuruCore
import XCTest

@testable import KurukuruRaster

final class FillTests: XCTestCase {
  private var nested: BezierPath {
    // Two squares, both clockwise on screen.
    BezierPath(Shapes.rect(10, 10, 80, 80).elements + Shapes.rect(30, 30, 40, 40).elements)
  }

  func testNonZeroFillsNestedSameDirectionSubpaths() throws {
    let frame = try render([fill(nested, red)])
    assertPixel(frame, 50, 50, RGBA8(r: 255, g: 0, b: 0), tolerance: 0)
    assertPixel(frame, 20, 20, RGBA8(r: 255, g: 0, b: 0), tolerance: 0)
  }

  func testEvenOddLeavesAHole() throws {
    let frame = try render([fill(nested, red, evenOdd: true)])
    assertClear(frame, 50, 50)
    assertPixel(frame, 20, 20, RGBA8(r: 255, g: 0, b: 0), tolerance: 0)
  }

  func testBackgroundAndPaintingOrder() throws {
    let frame = try render(
      [fill(Shapes.rect(0, 0, 60, 60), red), fill(Shapes.rect(40, 40, 60, 60), blue)], background: .white)
    assertPixel(frame, 90, 10, RGBA8(r: 255, g: 255, b: 255), tolerance: 0)
    assertPixel(frame, 10, 10, RGBA8(r: 255, g: 0, b: 0), tolerance: 0)
    assertPixel(frame, 50, 50, RGBA8(r: 0, g: 0, b: 255), tolerance: 0)  // later on top
  }

  func testEmptyPathAndSingularTransformDrawNothing() throws {
    let frame = try render([
      fill(BezierPath(), red),
      fill(Shapes.rect(0, 0, 100, 100), red, transform: .scale(x: 0, y: 1)),
      stroke(BezierPath(), red, StrokeOptions(lineWidth: 4, lineCap: .round)),
    ])
    XCTAssertEqual(inkCount(frame, x: 0..<100, y: 0..<100), 0)
  }
}
