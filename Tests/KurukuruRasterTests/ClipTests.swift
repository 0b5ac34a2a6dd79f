import Foundation
import KurukuruCore
import XCTest

@testable import KurukuruRaster

// MARK: - Clip groups

/// A clip group draws its children only inside its path: pixels stated from the geometry.
final class ClipTests: XCTestCase {
  let everything = fill(Shapes.rect(0, 0, 100, 100), red)

  func clipped(_ path: BezierPath, transform: Transform = .identity, evenOdd: Bool = false, _ items: [DisplayItem])
    -> DisplayItem
  {
    .clipped(ClipGroup(path: path, transform: transform, evenOdd: evenOdd, items: items))
  }

  /// A square clipped by a circle of radius 30.5 about (50, 50): opaque inside, clear outside,
  /// and the pixel the circle's rightmost point halves (x = 80.5) about half covered, as the
  /// circle's own fill covers it (Cairo's clips are antialiased with the same rasterizer).
  func testASquareClippedByACircleIsTheCircle() throws {
    let circle = Shapes.circle(center: Point(x: 50, y: 50), radius: 30.5)
    let frame = try render([clipped(circle, [everything])])
    saveIfRequested(frame, "clip-circle")
    assertPixel(frame, 50, 50, RGBA8(r: 255, g: 0, b: 0), tolerance: 0)
    assertPixel(frame, 79, 50, RGBA8(r: 255, g: 0, b: 0), tolerance: 0)
    assertPixel(frame, 50, 20, RGBA8(r: 255, g: 0, b: 0), tolerance: 0)
    for (x, y) in [(10, 10), (90, 90), (82, 50), (50, 17), (75, 75)] { assertClear(frame, x, y) }
    // The pixel [80, 81] × [50, 51]: the arc runs from x = 80.5 at its top to 80.484 at its
    // bottom (x ≈ 80.5 − t² / 61 at t below its top), so the circle covers 0.5 − 1 / 183 = 0.4945
    // of it; Cairo flattens curves to chords at most 0.1 px inside them, which covers less,
    // down to 0.4945 − 0.1.
    XCTAssertLessThanOrEqual(Double(frame[80, 50].a), 0.4945 * 255 + 1)
    XCTAssertGreaterThanOrEqual(Double(frame[80, 50].a), 0.3945 * 255 - 1)
    XCTAssertEqual(frame[80, 50].r, 255, "straight colour unchanged at the edge")
    let filled = try render([fill(circle, red)])
    var differing = 0
    for y in 0..<100 { for x in 0..<100 where abs(Int(frame[x, y].a) - Int(filled[x, y].a)) > 1 { differing += 1 } }
    XCTAssertEqual(differing, 0, "a clip covers as its path's fill does")
  }

  /// Straight clip edges halfway across a pixel cover half of it.
  func testAStraightClipEdgeHalfwayAcrossAPixelCoversHalfOfIt() throws {
    let frame = try render([clipped(Shapes.rect(10.5, 20, 50, 40.5), [everything])])
    for (x, y) in [(10, 40), (60, 40), (30, 60)] {
      XCTAssertEqual(Double(frame[x, y].a), 127.5, accuracy: 1, "(\(x), \(y))")
      XCTAssertEqual(frame[x, y].r, 255)
    }
    assertPixel(frame, 11, 40, RGBA8(r: 255, g: 0, b: 0), tolerance: 0)
    assertClear(frame, 9, 40)
    assertClear(frame, 61, 40)
    assertClear(frame, 30, 61)
    XCTAssertEqual(frame[30, 20].a, 255, "an edge on a pixel boundary is sharp")
    assertClear(frame, 30, 19)
  }

  /// Two concentric circles, even-odd: a ring (the hole shows nothing); non-zero with both
  /// running the same way: the whole disc.
  func testEvenOddClipOfTwoCirclesIsARing() throws {
    var ring = Shapes.circle(center: Point(x: 50, y: 50), radius: 30)
    ring.elements += Shapes.circle(center: Point(x: 50, y: 50), radius: 15).elements
    let evenOdd = try render([clipped(ring, evenOdd: true, [everything])])
    saveIfRequested(evenOdd, "clip-ring")
    assertClear(evenOdd, 50, 50)
    assertClear(evenOdd, 60, 50)  // 10 from the centre: in the hole
    assertPixel(evenOdd, 72, 50, RGBA8(r: 255, g: 0, b: 0), tolerance: 0)  // 22: in the ring
    assertPixel(evenOdd, 50, 27, RGBA8(r: 255, g: 0, b: 0), tolerance: 0)
    assertClear(evenOdd, 85, 50)
    let nonZero = try render([clipped(ring, [everything])])
    assertPixel(nonZero, 50, 50, RGBA8(r: 255, g: 0, b: 0), tolerance: 0)
    assertPixel(nonZero, 60, 50, RGBA8(r: 255, g: 0, b: 0), tolerance: 0)
    assertClear(nonZero, 85, 50)
  }

  /// A clip inside a clip: only what both let through.
  func testNestedClipsIntersect() throws {
    let inner = clipped(Shapes.rect(40, 10, 40, 80), [everything])
    let frame = try render([clipped(Shapes.rect(20, 20, 40, 60), [inner])])
    XCTAssertEqual(inkCount(frame, x: 0..<100, y: 0..<100), 20 * 60, "x 40…60, y 20…80")
    assertPixel(frame, 50, 50, RGBA8(r: 255, g: 0, b: 0), tolerance: 0)
    assertClear(frame, 30, 50)
    assertClear(frame, 70, 50)
    assertClear(frame, 50, 15)
  }

  /// The clip path is mapped by its transform: a 40 pt square turned 45° about (50, 50) is a
  /// diamond with corners 28.28 pt out along the axes.
  func testAClipUnderATransformIsTransformed() throws {
    let square = Shapes.rect(-20, -20, 40, 40)
    let turn = Transform.rotation(degrees: 45).then(.translation(x: 50, y: 50))
    let frame = try render([clipped(square, transform: turn, [everything])])
    saveIfRequested(frame, "clip-diamond")
    assertPixel(frame, 75, 50, RGBA8(r: 255, g: 0, b: 0), tolerance: 0)  // |dx| + |dy| = 25.5 < 28.28
    assertPixel(frame, 50, 24, RGBA8(r: 255, g: 0, b: 0), tolerance: 0)
    assertClear(frame, 67, 67)  // inside the unturned square, outside the diamond (34 > 28.28)
    assertClear(frame, 32, 32)
    // The area: 40² pt², the edges antialiased.
    var coverage = 0.0
    for y in 0..<100 { for x in 0..<100 { coverage += Double(frame[x, y].a) / 255 } }
    XCTAssertEqual(coverage, 1600, accuracy: 1600 * 0.003)
    // At scale 2 the same clip covers the same points.
    let double = try render([clipped(square, transform: turn, [everything])], scale: 2)
    assertPixel(double, 150, 100, RGBA8(r: 255, g: 0, b: 0), tolerance: 0)
    assertClear(double, 134, 134)
  }

  /// Everything the children composite goes through the clip: a destination-in layer clears
  /// what is beneath only inside the clip, and a group or a shadowed layer stays inside it.
  func testCompositingInsideAClipStaysInsideIt() throws {
    let backdrop = fill(Shapes.rect(0, 0, 100, 100), green)
    let keep = DisplayItem.layer(Layer(items: [fill(Shapes.rect(10, 10, 10, 10), red)], blendMode: .destinationIn))
    let frame = try render([backdrop, clipped(Shapes.rect(0, 0, 50, 100), [keep])])
    assertPixel(frame, 15, 15, RGBA8(r: 0, g: 255, b: 0), tolerance: 0)  // inside the kept square
    assertClear(frame, 30, 50)  // inside the clip, outside the square: cleared
    assertPixel(frame, 75, 50, RGBA8(r: 0, g: 255, b: 0), tolerance: 0)  // outside the clip: as it was
    let glow = DisplayItem.layer(Layer(
      opacity: 0.5, shadow: Shadow(color: blue, radius: 6, offset: .zero), items: [fill(Shapes.rect(30, 30, 40, 40), red)]))
    let shadowed = try render([clipped(Shapes.rect(0, 0, 50, 100), [glow])])
    XCTAssertEqual(inkCount(shadowed, x: 50..<100, y: 0..<100), 0)
    XCTAssertGreaterThan(shadowed[25, 50].a, 0, "the shadow shows inside the clip")
  }

  /// A clip path that cannot be drawn (no commands, a singular transform) encloses nothing.
  func testAnEmptyOrFlatClipShowsNothing() throws {
    for item in [
      clipped(BezierPath(), [everything]),
      clipped(Shapes.rect(0, 0, 100, 100), transform: Transform(a: 1, b: 0, c: 0, d: 0, tx: 0, ty: 0), [everything]),
    ] {
      XCTAssertEqual(inkCount(try render([item]), x: 0..<100, y: 0..<100), 0)
    }
  }
}
