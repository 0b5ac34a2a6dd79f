import KurukuruCore
import XCTest

@testable import KurukuruRaster

/// Frames that start with the same items as earlier ones start from a cached canvas
/// (`StaticPrefixes`): the bytes must be exactly those of drawing every item.
final class StaticPrefixesTests: XCTestCase {
  /// Frame `i` of a small animation: a half-transparent track in an opacity group and a static
  /// gradient bar under an arc turning 20° a frame.
  private func frame(_ i: Int, background: RGBAColor) -> DisplayList {
    let track = Layer(
      opacity: 0.5,
      items: [stroke(Shapes.circle(center: Point(x: 50, y: 50), radius: 35), .black, StrokeOptions(lineWidth: 9))])
    let bar = fill(
      Shapes.rect(10, 80, 80, 10),
      .linear(LinearGradientPaint(
        stops: [GradientStop(location: 0, color: red), GradientStop(location: 1, color: RGBAColor(red: 0, green: 0, blue: 1, alpha: 0.3))],
        start: Point(x: 10, y: 0), end: Point(x: 90, y: 0))))
    let turn = Transform.translation(x: -50, y: -50)
      .then(.rotation(degrees: Double(i) * 20))
      .then(.translation(x: 50, y: 50))
    let arc = stroke(
      Shapes.quarterArc(center: Point(x: 50, y: 50), radius: 35), RGBAColor(red: 0, green: 1, blue: 0, alpha: 0.8),
      StrokeOptions(lineWidth: 9, lineCap: .round), transform: turn)
    return list([.layer(track), bar, arc], background: background)
  }

  func testFramesDrawnOverACachedPrefixHaveTheBytesOfAFullDrawing() throws {
    for background in [RGBAColor.clear, RGBAColor(red: 1, green: 1, blue: 0.5, alpha: 0.4)] {
      for scale in [1.0, 1.5] {
        let rasterizer = Rasterizer(scale: scale)
        let prefixes = rasterizer.cache.prefixes
        // Each reference frame is drawn with an empty cache: no prefix can be used.
        let expected = try (0..<8).map { i -> Frame in
          prefixes.removeAll()
          return try rasterizer.render(frame(i, background: background))
        }
        XCTAssertEqual(prefixes.holding.entries, 0)
        prefixes.removeAll()
        for i in 0..<8 {
          XCTAssertEqual(try rasterizer.render(frame(i, background: background)), expected[i], "frame \(i)")
        }
        XCTAssertEqual(prefixes.holding.entries, 1, "the track and the bar are drawn once")
        // A list drawn again after itself: the whole frame is the prefix.
        prefixes.removeAll()
        for _ in 0..<3 {
          XCTAssertEqual(try rasterizer.render(frame(3, background: background)), expected[3])
        }
        XCTAssertEqual(prefixes.holding.entries, 1, "the whole list")
      }
    }
  }

  func testRemoveAllEmptiesTheCacheAndFramesStayTheSame() throws {
    let rasterizer = Rasterizer(scale: 1)
    let first = try (0..<4).map { try rasterizer.render(frame($0, background: .clear)) }
    XCTAssertEqual(rasterizer.cache.holding.prefixes, 1)
    rasterizer.cache.removeAll()
    XCTAssertEqual(rasterizer.cache.holding, .empty)
    XCTAssertEqual(try (0..<4).map { try rasterizer.render(frame($0, background: .clear)) }, first)
  }

  /// Items that stay for only two frames are never cached (drawing them into an entry would
  /// cost more than it saves); the frames are still exact.
  func testItemsStaticForTwoFramesAreNotCached() throws {
    let rasterizer = Rasterizer(scale: 1)
    let prefixes = rasterizer.cache.prefixes
    func pair(_ i: Int) -> DisplayList {
      let still = fill(Shapes.rect(Double(10 + 5 * (i / 2)), 10, 20, 20), red)
      let moving = fill(Shapes.rect(Double(10 + 3 * i), 60, 10, 10), blue)
      return list([still, moving])
    }
    let expected = try (0..<8).map { i -> Frame in
      prefixes.removeAll()
      return try rasterizer.render(pair(i))
    }
    prefixes.removeAll()
    for i in 0..<8 { XCTAssertEqual(try rasterizer.render(pair(i)), expected[i], "frame \(i)") }
    XCTAssertEqual(prefixes.holding.entries, 0)
  }

  /// A canvas too large to cache is drawn straight into the frame and converted in place, even
  /// when its items stay.
  func testCanvasesTooLargeToCacheAreDrawnDirectly() throws {
    let cache = RasterCache()
    let items = [
      fill(Shapes.rect(100, 100, 200, 100), red),
      fill(Shapes.rect(600, 100, 200, 100), RGBAColor(red: 0, green: 0, blue: 1, alpha: 0.5)),
    ]
    var frame = try render(items, width: 1100, height: 1000, cache: cache)
    for _ in 0..<3 { XCTAssertEqual(try render(items, width: 1100, height: 1000, cache: cache), frame) }
    frame = try render(items, width: 1100, height: 1000, cache: cache)
    XCTAssertEqual(cache.prefixes.holding.entries, 0)
    assertPixel(frame, 150, 150, RGBA8(r: 255, g: 0, b: 0), tolerance: 0)
    assertPixel(frame, 650, 150, RGBA8(r: 0, g: 0, b: 255, a: 128), tolerance: 1)
    assertClear(frame, 50, 50)
    assertClear(frame, 1090, 990)
  }

  func testAPrefixIsNeverUsedOnAnotherCanvas() throws {
    let cache = RasterCache()
    let base = frame(0, background: .clear)
    for i in 0..<3 { _ = try Rasterizer(scale: 1, cache: cache).render(frame(i, background: .clear)) }
    XCTAssertEqual(cache.prefixes.holding.entries, 1)
    // Other scale, other background, other size: drawn in full, same bytes as with no cache.
    let others = [
      (Rasterizer(scale: 2, cache: cache), base),
      (Rasterizer(scale: 1, cache: cache), frame(0, background: .white)),
      (Rasterizer(scale: 1, cache: cache), DisplayList(size: Size(width: 120, height: 100), background: .clear, items: base.items)),
    ]
    for (rasterizer, list) in others {
      let cached = try rasterizer.render(list)
      XCTAssertEqual(cached, try Rasterizer(scale: rasterizer.scale).render(list))
    }
  }

  /// Converting in place, and converting a working copy of a prefix into a frame, give
  /// `convertRows` of the whole canvas, on random pixels (clear, opaque and partly transparent;
  /// some changed from the prefix; some blocks all clear; one row unchanged), for widths that are
  /// and are not multiples of 16 pixels.
  func testConvertingAgainstAPrefixEqualsConvertingEverything() throws {
    var random = SplitMix64(seed: 12)
    for width in [1, 16, 53, 64] {
      let height = 5
      let count = width * height * 4
      let canvas = StaticPrefixes.Canvas(width: width, height: height, scale: 1, background: .clear)
      func pixel() -> UInt32 {
        switch random.next() % 4 {
        case 0: return 0
        case 1: return 0xFF00_0000 | UInt32(truncatingIfNeeded: random.next() & 0xFF_FFFF)
        default:
          let a = UInt32(1 + random.next() % 254)
          let c = { UInt32(random.next() % UInt64(a + 1)) }
          return a << 24 | c() << 16 | c() << 8 | c()
        }
      }
      let prefixPixels = (0..<(width * height)).map { _ in pixel() }
      let entry = try StaticPrefixes.Entry(canvas: canvas, items: []) { data in
        UnsafeMutableRawPointer(data).copyMemory(from: prefixPixels, byteCount: count)
      }
      var framePixels = prefixPixels
      for i in framePixels.indices where random.next() % 5 == 0 { framePixels[i] = pixel() }
      // Clear runs, so that whole blocks are zero.
      for i in framePixels.indices where (i / 16) % 3 == 1 { framePixels[i] = 0 }
      for x in 0..<width { framePixels[2 * width + x] = prefixPixels[2 * width + x] }
      var expected = [UInt8](repeating: 0, count: count)
      var actual = [UInt8](repeating: 0, count: count)
      framePixels.withUnsafeBytes { source in
        expected.withUnsafeMutableBufferPointer { out in
          convertRows(from: source.baseAddress!, stride: width * 4, width: width, height: height, into: out.baseAddress!)
        }
        actual.withUnsafeMutableBytes { $0.copyMemory(from: source) }
      }
      var alone = actual
      alone.withUnsafeMutableBufferPointer { convertInPlace($0.baseAddress!, width: width, height: height) }
      XCTAssertEqual(alone, expected, "width \(width), in place")
      // Drawn on a working copy of the prefix: converted into the frame, the copy restored.
      let workspace = entry.takeWorkspace()
      actual = [UInt8](repeating: 0xAB, count: count)  // every byte must be written
      UnsafeMutableRawPointer(workspace).copyMemory(from: framePixels, byteCount: count)
      actual.withUnsafeMutableBufferPointer { convert(workspace, into: $0.baseAddress!, over: entry) }
      XCTAssertEqual(
        Array(UnsafeBufferPointer(start: workspace, count: count)),
        Array(UnsafeBufferPointer(start: entry.premultiplied, count: count)), "width \(width): copy restored")
      entry.giveWorkspace(workspace)
      XCTAssertEqual(actual, expected, "width \(width)")
    }
  }
}
