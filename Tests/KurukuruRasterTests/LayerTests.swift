import KurukuruCore
import XCTest

@testable import KurukuruRaster

final class LayerTests: XCTestCase {
  private let overlapping = [fill(Shapes.rect(10, 10, 50, 50), red), fill(Shapes.rect(40, 40, 50, 50), red)]

  func testGroupOpacityShowsTheOverlapOnce() throws {
    let frame = try render([.layer(Layer(opacity: 0.5, items: overlapping))])
    let single = frame[20, 20], overlap = frame[50, 50]
    XCTAssertEqual(single.r, 255)
    XCTAssertTrue(single.a == 127 || single.a == 128, "\(single)")
    XCTAssertEqual(overlap, single)
  }

  func testPerDrawingOpacityWouldShowTheOverlapTwice() throws {
    let halfRed = red.multiplyingAlpha(0.5)
    let frame = try render([fill(Shapes.rect(10, 10, 50, 50), halfRed), fill(Shapes.rect(40, 40, 50, 50), halfRed)])
    XCTAssertGreaterThan(frame[50, 50].a, 185)  // 1 - 0.5² = 0.75
  }

  func testZeroOpacityLayerDrawsNothingEvenItsShadow() throws {
    let shadow = Shadow(color: .black, radius: 4, offset: .zero)
    let frame = try render([.layer(Layer(opacity: 0, shadow: shadow, items: overlapping))])
    XCTAssertEqual(inkCount(frame, x: 0..<100, y: 0..<100), 0)
  }

  func testNestedLayersMultiplyOpacity() throws {
    let inner = DisplayItem.layer(Layer(opacity: 0.5, items: [fill(Shapes.rect(0, 0, 100, 100), red)]))
    let frame = try render([.layer(Layer(opacity: 0.5, items: [inner]))])
    XCTAssertTrue((63...65).contains(frame[50, 50].a), "\(frame[50, 50])")
    XCTAssertEqual(frame[50, 50].r, 255)
  }
}
