import Foundation
import KurukuruCore
import XCTest

@testable import KurukuruRaster

// MARK: - Layer blur

/// A layer's blur convolves its own pixels (all four premultiplied channels) with the exact
/// separable Gaussian of shadows, σ = radius / 2 points.
final class LayerBlurTests: XCTestCase {
  /// A white square from 30.5 to 70.5 points, its edges halfway across pixels, blurred by `radius`.
  func blurredSquare(radius: Double = 8, color: RGBAColor = .white, scale: Double = 1, cache: RasterCache = RasterCache())
    throws -> Frame
  {
    let square = fill(Shapes.rect(30.5, 30.5, 40, 40), color)
    return try render([.layer(Layer(items: [square], blur: radius))], scale: scale, cache: cache)
  }

  /// Far from the edges (more than 3σ) the square stays opaque; at an edge the blur of a step
  /// is half the step (the Gaussian is symmetric), so the pixel the edge halves stays at 0.5;
  /// beyond 3σ outside nothing is left.
  func testABlurredSquareStaysOpaqueInsideAndFallsToHalfAtItsEdge() throws {
    let frame = try blurredSquare()  // σ = 4 px: the kernel reaches 12 px
    saveIfRequested(frame, "blur-square")
    XCTAssertEqual(frame[50, 50], RGBA8(r: 255, g: 255, b: 255))
    XCTAssertEqual(frame[43, 50].a, 255, "12.5 px inside the edge")
    for (x, y) in [(70, 50), (30, 50), (50, 70), (50, 30)] {
      XCTAssertEqual(Double(frame[x, y].a), 127.5, accuracy: 1, "edge pixel (\(x), \(y))")
    }
    // Symmetric about the edge: a(70 + k) + a(70 − k) = 255.
    for k in 1...10 {
      XCTAssertEqual(Int(frame[70 + k, 50].a) + Int(frame[70 - k, 50].a), 255, accuracy: 1, "k = \(k)")
      XCTAssertLessThan(frame[70 + k, 50].a, frame[70 + k - 1, 50].a, "falls outward at k = \(k)")
    }
    assertClear(frame, 83, 50)
    assertClear(frame, 90, 90)
    // A uniform colour keeps its straight colour wherever it shows, to the rounding of its
    // premultiplied bytes (half a level drawn, half a level blurred: 255 / α levels once divided
    // by alpha α).
    let red = try blurredSquare(color: RGBAColor(r8: 200, g8: 40, b8: 90))
    for x in 70...82 where red[x, 50].a >= 8 {
      let a = red[x, 50].a
      assertPixel(red, x, 50, RGBA8(r: 200, g: 40, b: 90, a: a), tolerance: 255 / Int(a) + 1)
    }
  }

  /// The blur is in points: at scale 2 the same list blurs by twice the pixels, so the profile
  /// across an edge, sampled at the same points, is the same.
  func testTheBlurIsTheSameInPointsAtEveryScale() throws {
    let one = try blurredSquare(scale: 1)
    let two = try blurredSquare(scale: 2)
    for x in 56...84 {
      // Pixel x at scale 1 covers the points pixels 2x and 2x + 1 cover at scale 2.
      let fine = (Double(two[2 * x, 100].a) + Double(two[2 * x + 1, 100].a)) / 2
      XCTAssertEqual(Double(one[x, 50].a), fine, accuracy: 3, "x = \(x) pt")
    }
    // At scale 2 the edge (70.5 pt = 141 px) is a pixel boundary: the pixels either side of it
    // average half.
    XCTAssertEqual((Double(two[140, 100].a) + Double(two[141, 100].a)) / 2, 127.5, accuracy: 1)
  }

  /// The blurred alpha is exactly the shadow mask the same content casts (the same kernel and
  /// the same arithmetic): a black hard-edged shadow 75 points away shows the same alphas.
  func testTheBlurredAlphaIsTheShadowMaskOfTheSameContent() throws {
    let disc = fill(Shapes.circle(center: Point(x: 25, y: 50), radius: 10), .white)
    let blurred = try render([.layer(Layer(items: [disc], blur: 6))], width: 150)
    let shadowed = try render(
      [.layer(Layer(shadow: Shadow(color: .black, radius: 6, offset: Point(x: 75, y: 0)), items: [disc]))], width: 150)
    for y in 30..<70 {
      for x in 0..<50 { XCTAssertEqual(blurred[x, y].a, shadowed[x + 75, y].a, "(\(x), \(y))") }
    }
  }

  /// A blurred layer with a shadow casts the shadow of its blurred pixels (blurred twice), with
  /// its opacity on both; a blend mode applies to the blurred layer.
  func testABlurredLayerCastsTheShadowOfItsBlurredPixels() throws {
    let square = fill(Shapes.rect(20, 40, 20, 20), .white)
    let shadow = Shadow(color: blue, radius: 4, offset: Point(x: 40, y: 0))
    let sharp = try render([.layer(Layer(shadow: shadow, items: [square]))])
    let soft = try render([.layer(Layer(shadow: shadow, items: [square], blur: 4))])
    // 7 px past the shadow's edge (x = 80): beyond the sharp shadow's 3σ = 6 px, within the
    // blurred one's reach.
    XCTAssertEqual(sharp[87, 50].a, 0)
    XCTAssertGreaterThan(soft[87, 50].a, 0)
    XCTAssertEqual(soft[87, 50].b, 255)
    let faded = try render([.layer(Layer(opacity: 0.5, shadow: shadow, items: [square], blur: 4))])
    XCTAssertEqual(Double(faded[70, 50].a), Double(soft[70, 50].a) / 2, accuracy: 1.5)
    XCTAssertEqual(Double(faded[30, 50].a), Double(soft[30, 50].a) / 2, accuracy: 1.5)
    // Multiplied onto red, the white blurred square leaves red where it is opaque.
    let backdrop = fill(Shapes.rect(0, 0, 100, 100), red)
    let multiplied = try render([backdrop, .layer(Layer(items: [square], blendMode: .multiply, blur: 4))])
    assertPixel(multiplied, 30, 50, RGBA8(r: 255, g: 0, b: 0), tolerance: 0)
  }

  /// The four-channel blur is the dense separable convolution of each channel, whatever the
  /// runs and spans it skips (random premultiplied images, sigmas 0.5…13 px).
  func testTheColourBlurEqualsTheDenseConvolutionOfEachChannel() {
    var rng = SplitMix64(seed: 0x626C_7572)
    for (index, sigma) in [0.5, 1, 2.5, 6, 13].enumerated() {
      let width = 41 + index * 7, height = 33 + index * 5
      var argb = [UInt32](repeating: 0, count: width * height)
      for _ in 0..<(height / 2) {
        let y = Int.random(in: 0..<height, using: &rng)
        let start = Int.random(in: 0..<width, using: &rng), length = Int.random(in: 1...(width / 2), using: &rng)
        let a = UInt32([64, 128, 255].randomElement(using: &rng) ?? 255)
        let pixel = a << 24 | (a * 3 / 4) << 16 | (a / 5) << 8 | a
        for x in start..<min(width, start + length) { argb[y * width + x] = pixel }
      }
      for _ in 0..<(width * height / 30) {
        let a = UInt32(Int.random(in: 1...255, using: &rng))
        let c = { UInt32(Int.random(in: 0...Int(a), using: &rng)) }
        argb[Int.random(in: 0..<(width * height), using: &rng)] = a << 24 | c() << 16 | c() << 8 | c()
      }
      let kernel = GaussianKernel(sigma: sigma)
      var out = [UInt32](repeating: 0, count: width * height)
      argb.withUnsafeBytes { source in
        out.withUnsafeMutableBytes { destination in
          _ = blurPremultiplied(
            argb: source.bindMemory(to: UInt8.self).baseAddress!, argbStride: width * 4, width: width, height: height,
            kernel: kernel, into: destination.bindMemory(to: UInt8.self).baseAddress!, outputStride: width * 4)
        }
      }
      for shift in [24, 16, 8, 0] {
        // The channel moved into the alpha byte, where the dense reference reads it.
        let channel = argb.map { ($0 >> UInt32(shift) & 0xFF) << 24 }
        let expected = ShadowTests.denseBlur(channel, width: width, height: height, kernel: kernel)
        XCTAssertEqual(out.map { UInt8($0 >> UInt32(shift) & 0xFF) }, expected, "sigma \(sigma), shift \(shift)")
      }
      XCTAssertTrue(out.allSatisfy { p in [16, 8, 0].allSatisfy { p >> $0 & 0xFF <= p >> 24 } }, "premultiplied")
    }
  }

  // MARK: - Bounds, limits and caches

  /// The offscreen surfaces of a blurred layer reach only the ink and the blur's reach: a small
  /// blurred dot on a 2000 × 2000 pixel canvas takes a few kilobytes of scratch buffers.
  func testBlurSurfacesAreBoundedByTheInk() throws {
    let cache = RasterCache()
    let dot = fill(Shapes.circle(center: Point(x: 500, y: 20), radius: 8), red)
    let frame = try render([.layer(Layer(items: [dot], blur: 4))], width: 1000, height: 1000, scale: 2, cache: cache)
    XCTAssertEqual(frame[1000, 40].r, 255)
    XCTAssertEqual(cache.holding.scratchBuffers, 2, "content and blurred")
    XCTAssertLessThan(cache.holding.scratchBytes, 128 << 10)
  }

  func testABlurTooLargeForTheLayerLimitThrows() {
    let layer = Layer(items: [fill(Shapes.rect(0, 0, 10, 10), red)], blur: 1e6)
    XCTAssertThrowsError(try render([.layer(layer)])) { error in
      guard case .layerTooLarge(_, _, let limit) = error as? RasterError else { return XCTFail("\(error)") }
      XCTAssertEqual(limit, Rasterizer.maximumLayerSide)
    }
    // A blur that is not a finite number is ignored.
    let square = fill(Shapes.rect(10, 10, 30, 30), red)
    for blur in [Double.nan, .infinity, -3] {
      XCTAssertEqual(try render([.layer(Layer(items: [square], blur: blur))]), try render([square]), "\(blur)")
    }
  }

  /// The shadow mask cache keys on the layer's own blur too: the same items with blurs whose
  /// kernels have the same radius (and so the same surface) are never served each other's mask.
  func testTheMaskCacheTellsLayerBlursApart() throws {
    let square = fill(Shapes.rect(30, 30, 30, 30), .white)
    let shadow = Shadow(color: blue, radius: 6, offset: Point(x: 8, y: 8))
    // σ = 2 and 1.9 px: kernels of radius 6 both.
    XCTAssertEqual(GaussianKernel.radius(sigma: 2), GaussianKernel.radius(sigma: 1.9))
    let first = Layer(shadow: shadow, items: [square], blur: 4)
    let second = Layer(shadow: shadow, items: [square], blur: 3.8)
    let cache = RasterCache()
    let warmFirst = try render([.layer(first)], cache: cache)
    let warmSecond = try render([.layer(second)], cache: cache)
    XCTAssertEqual(cache.masks.holding.masks, 2)
    XCTAssertEqual(warmSecond, try render([.layer(second)]))
    XCTAssertEqual(try render([.layer(first)], cache: cache), warmFirst)
    XCTAssertNotEqual(warmFirst, warmSecond)
  }

  /// Frames drawn over a cached static prefix holding clips, masks, blended and blurred layers
  /// are the bytes of a full drawing, also when a later destination-in layer clears the
  /// prefix's pixels.
  func testStaticPrefixesWithTheNewItemsDrawTheSameBytes() throws {
    let prefix: [DisplayItem] = [
      fill(Shapes.rect(0, 0, 100, 100), RGBAColor(r8: 40, g8: 60, b8: 200)),
      .clipped(ClipGroup(path: Shapes.circle(center: Point(x: 30, y: 30), radius: 20), transform: .identity, items: [fill(Shapes.rect(0, 0, 60, 60), red)])),
      .masked(MaskGroup(source: .luminance, inverted: true, mask: [fill(Shapes.rect(60, 0, 20, 100), .white)], items: [fill(Shapes.rect(50, 50, 50, 50), green)])),
      .layer(Layer(items: [fill(Shapes.circle(center: Point(x: 70, y: 30), radius: 15), .white)], blendMode: .difference)),
      .layer(Layer(items: [fill(Shapes.rect(10, 60, 30, 30), .white)], blur: 5)),
    ]
    let cache = RasterCache()
    for i in 0..<5 {
      let t = Double(i) * 9
      var moving: [DisplayItem] = [.layer(Layer(items: [fill(Shapes.circle(center: Point(x: 20 + t, y: 50), radius: 10), .white)], blendMode: .overlay))]
      if i % 2 == 1 {
        moving.append(.layer(Layer(items: [fill(Shapes.rect(t, 0, 60, 100), .black)], blendMode: .destinationIn)))
      }
      let list = DisplayList(size: Size(width: 100, height: 100), background: .clear, items: prefix + moving)
      let cached = try Rasterizer(cache: cache).render(list)
      XCTAssertEqual(cached, try Rasterizer().render(list), "frame \(i)")
    }
    XCTAssertEqual(cache.holding.prefixes, 1, "the prefix was cached and used")
  }
}
