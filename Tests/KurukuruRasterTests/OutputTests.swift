import Dispatch
import KurukuruCore
import XCTest

@testable import KurukuruRaster

final class OutputTests: XCTestCase {
  func testOutputIsStraightAlpha() throws {
    let frame = try render([fill(Shapes.rect(0, 0, 100, 100), red.multiplyingAlpha(0.5))])
    let p = frame[50, 50]
    XCTAssertEqual(p.r, 255)
    XCTAssertEqual(p.g, 0)
    XCTAssertEqual(p.b, 0)
    XCTAssertTrue(p.a == 127 || p.a == 128, "\(p)")
  }

  func testUnpremultiplyRoundsToNearest() {
    XCTAssertEqual(unpremultiply(64, alpha: 128), 128)  // (64·255 + 64) / 128 = 128
    XCTAssertEqual(unpremultiply(1, alpha: 3), 85)  // 255/3 = 85
    XCTAssertEqual(unpremultiply(2, alpha: 3), 170)
    XCTAssertEqual(unpremultiply(1, alpha: 2), 128)  // 127.5 rounds up
    XCTAssertEqual(unpremultiply(0, alpha: 0), 0)
    XCTAssertEqual(unpremultiply(200, alpha: 100), 255)  // clamped

    // One native-endian ARGB32 row: opaque, transparent, half-transparent.
    let row: [UInt32] = [0xFF10_2030, 0x0000_0000, 0x8040_2000]
    var out = [UInt8](repeating: 9, count: 12)
    row.withUnsafeBytes { data in
      out.withUnsafeMutableBufferPointer { convertRows(from: data.baseAddress!, stride: 12, width: 3, height: 1, into: $0.baseAddress!) }
    }
    XCTAssertEqual(out, [0x10, 0x20, 0x30, 255, 0, 0, 0, 0, 128, 64, 0, 128])
  }

  func testConversionOfRunsOfOpaqueAndClearPixelsMatchesThePixelFormula() {
    // Rows of 37 pixels (groups of 16 and 4 and a tail) in runs of opaque, clear and partial
    // pixels, converted in place and into another buffer, against the formula pixel by pixel.
    var state: UInt32 = 12345
    func next() -> UInt32 { state = state &* 1_664_525 &+ 1_013_904_223; return state >> 8 }
    let width = 37, height = 9
    var source: [UInt32] = []
    while source.count < width * height {
      let kind = next() % 3, run = Int(next() % 23) + 1
      for _ in 0..<run {
        let a: UInt32 = kind == 0 ? 255 : kind == 1 ? 0 : next() % 256
        let c = { a == 0 ? 0 : next() % (a + 1) }
        source.append(a << 24 | c() << 16 | c() << 8 | c())
      }
    }
    source = Array(source.prefix(width * height))
    let expected = source.flatMap { p -> [UInt8] in
      let a = p >> 24
      return [unpremultiply((p >> 16) & 255, alpha: a), unpremultiply((p >> 8) & 255, alpha: a),
              unpremultiply(p & 255, alpha: a), UInt8(a)]
    }
    var out = [UInt8](repeating: 7, count: width * height * 4)
    source.withUnsafeBytes { data in
      out.withUnsafeMutableBufferPointer {
        convertRows(from: data.baseAddress!, stride: width * 4, width: width, height: height, into: $0.baseAddress!)
      }
    }
    XCTAssertEqual(out, expected, "into another buffer")
    var inPlace = source.withUnsafeBytes { [UInt8]($0) }
    inPlace.withUnsafeMutableBufferPointer {
      convertRows(from: UnsafeRawPointer($0.baseAddress!), stride: width * 4, width: width, height: height,
                  into: $0.baseAddress!)
    }
    XCTAssertEqual(inPlace, expected, "in place")
  }

  func testScaleTwoDoublesPixelSizeAndMarkPositions() throws {
    let items = [fill(Shapes.rect(60, 20, 10, 10), red)]
    let one = try render(items, width: 100, height: 50)
    let two = try render(items, width: 100, height: 50, scale: 2)
    XCTAssertEqual(one.width, 100)
    XCTAssertEqual(one.height, 50)
    XCTAssertEqual(two.width, 200)
    XCTAssertEqual(two.height, 100)
    assertPixel(one, 65, 25, RGBA8(r: 255, g: 0, b: 0), tolerance: 0)
    assertPixel(two, 130, 50, RGBA8(r: 255, g: 0, b: 0), tolerance: 0)
    assertPixel(two, 139, 59, RGBA8(r: 255, g: 0, b: 0), tolerance: 0)
    assertClear(two, 141, 50)
    assertClear(two, 65, 25)
  }

  func testPixelSizeRoundsPointsTimesScale() {
    let canvas = list([], width: 40.2, height: 40.3)
    XCTAssertTrue(Rasterizer(scale: 2.5).pixelSize(of: canvas) == (101, 101))
    XCTAssertTrue(Rasterizer(scale: 1).pixelSize(of: canvas) == (40, 40))
  }

  func testTooLargeCanvasAndInvalidScaleThrow() {
    XCTAssertThrowsError(try Rasterizer().render(list([], width: 9000, height: 10))) { error in
      XCTAssertEqual(error as? RasterError, .canvasTooLarge(width: 9000, height: 10, limit: 8192, scale: 1))
      XCTAssertTrue("\(error)".contains("9000×10"))
    }
    XCTAssertThrowsError(try Rasterizer(scale: 3).render(list([], width: 3000, height: 10)))
    XCTAssertThrowsError(try Rasterizer(scale: 0).render(list([]))) { error in
      XCTAssertEqual(error as? RasterError, .invalidScale(0))
    }
    XCTAssertNoThrow(try Rasterizer(scale: 1).render(list([], width: 8192, height: 1)))
  }

  func testEmptyCanvasGivesAnEmptyFrame() throws {
    let frame = try Rasterizer().render(list([fill(Shapes.rect(0, 0, 10, 10), red)], width: 0, height: 10))
    XCTAssertEqual(frame.width, 0)
    XCTAssertEqual(frame.pixels.count, 0)
  }

  func testParallelRendersMatchASerialRender() throws {
    let center = Point(x: 50, y: 50)
    let gradient = AngularGradientPaint(
      stops: [GradientStop(location: 0, color: red), GradientStop(location: 1, color: blue)], center: center,
      startAngle: -90, endAngle: 270)
    let items: [DisplayItem] = [
      .layer(
        Layer(
          opacity: 0.8, shadow: Shadow(color: .black, radius: 6, offset: Point(x: 2, y: 3)),
          items: [fill(Shapes.circle(center: center, radius: 30), .angular(gradient))]))
    ]
    let rasterizer = Rasterizer(scale: 1.5)
    let reference = try rasterizer.render(list(items))
    let results = ResultBox(count: 8)
    DispatchQueue.concurrentPerform(iterations: 8) { i in
      results.set(i, try? rasterizer.render(list(items)))
    }
    for i in 0..<8 { XCTAssertEqual(results.get(i), reference, "render \(i)") }
  }
}

/// Thread-safe slots for results of concurrent renders.
private final class ResultBox: @unchecked Sendable {
  private var frames: [Frame?]
  private let lock = NSLock()
  init(count: Int) { frames = Array(repeating: nil, count: count) }
  func set(_ i: Int, _ frame: Frame?) { lock.lock(); frames[i] = frame; lock.unlock() }
  func get(_ i: Int) -> Frame? { lock.lock(); defer { lock.unlock() }; return frames[i] }
}

final class EdgeCaseTests: XCTestCase {
  func testDegenerateButValidInputsRender() throws {
    let square = Shapes.rect(10, 10, 80, 80)
    let one = [GradientStop(location: 0.3, color: green)]
    let redBlue = [GradientStop(location: 0, color: red), GradientStop(location: 1, color: blue)]
    let items: [DisplayItem] = [
      fill(square, .linear(LinearGradientPaint(stops: redBlue, start: Point(x: 50, y: 50), end: Point(x: 50, y: 50)))),
      fill(square, .radial(RadialGradientPaint(stops: redBlue, center: Point(x: 50, y: 50), startRadius: 0, endRadius: 0))),
      fill(Shapes.rect(10, 10, 40, 40), .angular(AngularGradientPaint(stops: one, center: .zero, startAngle: 10, endAngle: 10))),
      .layer(
        Layer(
          opacity: 1, shadow: Shadow(color: .black, radius: 200, offset: Point(x: 1e3, y: -1e3)),
          items: [fill(Shapes.rect(60, 60, 10, 10), red)])),
    ]
    let frame = try render(items)
    assertPixel(frame, 20, 20, RGBA8(r: 0, g: 255, b: 0), tolerance: 0)  // one stop: one colour
    XCTAssertEqual(frame[80, 80].a, 255)
    assertPixel(frame, 65, 65, RGBA8(r: 255, g: 0, b: 0), tolerance: 0)
  }

  func testShadowLayerLargerThanTheLimitThrows() {
    let layer = Layer(
      opacity: 1, shadow: Shadow(color: .black, radius: 2, offset: Point(x: 20_000, y: 0)),
      items: [fill(Shapes.rect(0, 0, 10, 10), red)])
    XCTAssertThrowsError(try render([.layer(layer)])) { error in
      guard case .layerTooLarge = error as? RasterError else { return XCTFail("\(error)") }
    }
    let blurry = Layer(
      opacity: 1, shadow: Shadow(color: .black, radius: 1e300, offset: .zero),
      items: [fill(Shapes.rect(0, 0, 10, 10), red)])
    XCTAssertThrowsError(try render([.layer(blurry)])) { error in
      guard case .layerTooLarge = error as? RasterError else { return XCTFail("\(error)") }
    }
  }
}
