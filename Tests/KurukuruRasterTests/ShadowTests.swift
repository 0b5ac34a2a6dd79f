import KurukuruCore
import XCTest

@testable import KurukuruRaster

final class ShadowTests: XCTestCase {
  private func glowingDisc(
    center: Point = Point(x: 50, y: 50), color: RGBAColor = blue, radius: Double = 8, offset: Point = .zero,
    opacity: Double = 1, scale: Double = 1, cache: RasterCache = RasterCache()
  ) throws -> Frame {
    let disc = fill(Shapes.circle(center: center, radius: 10), .white)
    let layer = Layer(opacity: opacity, shadow: Shadow(color: color, radius: radius, offset: offset), items: [disc])
    return try render([.layer(layer)], scale: scale, cache: cache)
  }

  func testGlowAppearsOutsideTheShapeInTheShadowColourFadingWithDistance() throws {
    let frame = try glowingDisc()
    saveIfRequested(frame, "shadow-glow")
    assertPixel(frame, 50, 50, RGBA8(r: 255, g: 255, b: 255), tolerance: 0)  // content on top

    // Along the 3 o'clock ray: edge at x = 60, sigma = 4 pixels.
    var previous = 256
    for x in [61, 63, 65, 67, 69] {
      let p = frame[x, 50]
      XCTAssertGreaterThan(Int(p.a), 0, "x = \(x)")
      XCTAssertLessThan(Int(p.a), previous, "alpha decreases with distance at x = \(x)")
      XCTAssertEqual(p.b, 255, "tinted blue at x = \(x): \(p)")
      XCTAssertLessThanOrEqual(max(p.r, p.g), 2, "tinted blue at x = \(x): \(p)")
      previous = Int(p.a)
    }
    assertClear(frame, 77, 50)  // beyond 4 sigma
    XCTAssertEqual(frame[61, 50], frame[38, 50], "symmetric")
    XCTAssertEqual(frame[61, 50], frame[50, 61], "symmetric")
  }

  func testOffsetMovesTheShadow() throws {
    let frame = try glowingDisc(offset: Point(x: 10, y: 0))
    XCTAssertGreaterThan(frame[72, 50].a, 40)  // 2.5 pixels beyond the moved shadow's edge
    assertClear(frame, 27, 50)  // where the unmoved shadow would be
  }

  func testShadowOfContentOutsideTheCanvasIsNotClipped() throws {
    // The disc spans x = -25…-5, entirely off canvas; the offset brings its shadow in.
    let frame = try glowingDisc(center: Point(x: -15, y: 50), radius: 2, offset: Point(x: 20, y: 0))
    XCTAssertGreaterThan(frame[5, 50].a, 200)
    XCTAssertEqual(frame[5, 50].b, 255)
  }

  func testContentCrossingTheCanvasEdgeCastsItsWholeShadow() throws {
    // A disc half off the right edge glows below it exactly as the same disc inside the canvas.
    let crossing = try glowingDisc(center: Point(x: 105, y: 50))
    let inside = try glowingDisc(center: Point(x: 45, y: 50))
    XCTAssertGreaterThan(inside[39, 62].a, 20)
    XCTAssertEqual(crossing[99, 62], inside[39, 62])
    XCTAssertEqual(crossing[99, 38], inside[39, 38])
  }

  func testShadowAlphaIsMultipliedByColourAlphaAndLayerOpacity() throws {
    let full = try glowingDisc()[61, 50].a
    let halfColour = try glowingDisc(color: blue.multiplyingAlpha(0.5))[61, 50].a
    let halfLayer = try glowingDisc(opacity: 0.5)[61, 50].a
    XCTAssertGreaterThan(full, 60)
    XCTAssertEqual(Double(halfColour), Double(full) / 2, accuracy: 1.5)
    XCTAssertEqual(Double(halfLayer), Double(full) / 2, accuracy: 1.5)
  }

  func testBlurScalesWithTheScaleFactor() throws {
    let one = try glowingDisc()
    let two = try glowingDisc(scale: 2)
    // The same point in points, 4 points outside the edge.
    XCTAssertEqual(Double(one[64, 50].a), Double(two[128, 100].a), accuracy: 6)
  }

  func testZeroRadiusShadowIsAHardCopy() throws {
    let frame = try glowingDisc(radius: 0, offset: Point(x: 15, y: 0))
    assertPixel(frame, 72, 50, RGBA8(r: 0, g: 0, b: 255), tolerance: 0)
    assertClear(frame, 78, 50)
  }

  // MARK: - Kernel

  func testGaussianKernelIsNormalisedAndSymmetric() {
    for sigma in [0.3, 1, 2, 4.5, 12] {
      let kernel = GaussianKernel(sigma: sigma)
      XCTAssertEqual(kernel.radius, Int((3 * sigma).rounded(.up)))
      XCTAssertEqual(kernel.weights.reduce(0, +), 65536)
      XCTAssertEqual(kernel.weights, kernel.weights.reversed())
      XCTAssertEqual(kernel.weights.max(), kernel.weights[kernel.radius])
    }
    XCTAssertEqual(GaussianKernel(sigma: 0), GaussianKernel(sigma: -1))
    XCTAssertEqual(GaussianKernel(sigma: 0).weights, [65536])
  }

  func testBlurKeepsFlatAreasFlatAndSpreadsAnImpulse() {
    let width = 21, height = 21
    var argb = [UInt32](repeating: 0, count: width * height)
    argb[10 * width + 10] = 0xFF00_0000
    var mask = [UInt8](repeating: 7, count: width * height)
    let kernel = GaussianKernel(sigma: 2)
    argb.withUnsafeBytes { source in
      mask.withUnsafeMutableBufferPointer { out in
        _ = blurAlpha(
          argb: source.bindMemory(to: UInt8.self).baseAddress!, argbStride: width * 4, width: width, height: height,
          kernel: kernel, into: out.baseAddress!, maskStride: width)
      }
    }
    // 255 × (1 / (2π σ²)) ≈ 10 at the centre, falling off, zero beyond the radius.
    XCTAssertEqual(Double(mask[10 * width + 10]), 255 / (2 * Double.pi * 4), accuracy: 1)
    XCTAssertGreaterThan(mask[10 * width + 10], mask[10 * width + 12])
    XCTAssertEqual(mask[0], 0)
    XCTAssertEqual(mask[10 * width + 12], mask[12 * width + 10])

    let full = [UInt32](repeating: 0xFF00_0000, count: width * height)
    full.withUnsafeBytes { source in
      mask.withUnsafeMutableBufferPointer { out in
        _ = blurAlpha(
          argb: source.bindMemory(to: UInt8.self).baseAddress!, argbStride: width * 4, width: width, height: height,
          kernel: kernel, into: out.baseAddress!, maskStride: width)
      }
    }
    XCTAssertEqual(mask[10 * width + 10], 255)
  }

  /// The sparse blur computes the very sums of a dense separable convolution: compared with a
  /// straightforward reference on random sparse images, sigmas 0.5…50 px.
  func testSparseBlurEqualsTheDenseConvolution() {
    var rng = SplitMix64(seed: 0x676C_6F77)
    for (index, sigma) in [0.5, 1, 2.5, 6, 13, 50].enumerated() {
      let width = 40 + index * 9, height = 30 + index * 7
      var argb = [UInt32](repeating: 0, count: width * height)
      for _ in 0..<(width * height / 12) {
        let x = Int.random(in: 0..<width, using: &rng), y = Int.random(in: 0..<height, using: &rng)
        argb[y * width + x] = UInt32(Int.random(in: 0...255, using: &rng)) << 24
      }
      let kernel = GaussianKernel(sigma: sigma)
      var mask = [UInt8](repeating: 9, count: width * height)
      argb.withUnsafeBytes { source in
        mask.withUnsafeMutableBufferPointer { out in
          _ = blurAlpha(
            argb: source.bindMemory(to: UInt8.self).baseAddress!, argbStride: width * 4, width: width, height: height,
            kernel: kernel, into: out.baseAddress!, maskStride: width)
        }
      }
      XCTAssertEqual(mask, Self.denseBlur(argb, width: width, height: height, kernel: kernel), "sigma \(sigma)")
    }
  }

  /// Runs of equal alpha (added through the kernel's cumulative sums), single pixels, ink on the
  /// image's edges, several runs per row, a search region and a mask that is already clear: still
  /// exactly the dense convolution, for sigmas 0.1…100 px (shadow radii 0.5…50 points at
  /// scales 1…4, and a kernel whose centre weighs all 65536).
  func testRunsOfEqualAlphaBlurExactlyAsTheDenseConvolution() {
    // Seeded, so a failure is the same on every run.
    var rng = SplitMix64(seed: 0x6B75_7275)
    for (index, sigma) in [0.1, 0.25, 0.5, 1, 2, 3.5, 6, 13, 25, 50, 100].enumerated() {
      let width = 37 + index * 5, height = 29 + index * 3
      var argb = [UInt32](repeating: 0, count: width * height)
      for _ in 0..<(height / 2) {
        let y = Int.random(in: 0..<height, using: &rng)
        let start = Int.random(in: -4..<width, using: &rng), length = Int.random(in: 1...(width / 2), using: &rng)
        let alpha = UInt32([1, 64, 128, 254, 255].randomElement(using: &rng) ?? 255)
        // A run that starts left of the image may end there too: then it has no pixels.
        for x in max(0, start)..<max(0, min(width, start + length)) { argb[y * width + x] = alpha << 24 | 0x0010_2030 }
      }
      for _ in 0..<(width * height / 40) {
        let x = Int.random(in: 0..<width, using: &rng), y = Int.random(in: 0..<height, using: &rng)
        argb[y * width + x] = UInt32(Int.random(in: 0...255, using: &rng)) << 24
      }
      argb[0] = 0xFF00_0000
      argb[width * height - 1] = 0x8000_0000
      let kernel = GaussianKernel(sigma: sigma)
      let expected = Self.denseBlur(argb, width: width, height: height, kernel: kernel)
      for region in [nil, MaskBounds(minX: -3, minY: 0, maxX: width + 5, maxY: height - 1)] {
        var mask = [UInt8](repeating: 0, count: width * height)
        let reach = argb.withUnsafeBytes { source in
          mask.withUnsafeMutableBufferPointer { out in
            blurAlpha(
              argb: source.bindMemory(to: UInt8.self).baseAddress!, argbStride: width * 4, width: width,
              height: height, kernel: kernel, into: out.baseAddress!, maskStride: width, maskIsClear: true,
              inkRegion: region)
          }
        }
        XCTAssertEqual(mask, expected, "sigma \(sigma), region \(String(describing: region))")
        let reached = try? XCTUnwrap(reach)
        for y in 0..<height {
          for x in 0..<width where mask[y * width + x] != 0 {
            XCTAssert(reached.map { x >= $0.minX && x <= $0.maxX && y >= $0.minY && y <= $0.maxY } ?? false)
          }
        }
      }
    }
  }

  // MARK: - Cache

  /// A layer rendered again is taken from the cache, with the very bytes of a fresh blur; a
  /// different blur or offset is never served another layer's mask.
  func testRepeatedLayersReuseTheirMaskWithIdenticalBytes() throws {
    let cache = RasterCache()
    let fresh = try glowingDisc(cache: cache)
    XCTAssertEqual(cache.masks.holding.masks, 1)
    let again = try glowingDisc(cache: cache)
    XCTAssertEqual(cache.masks.holding.masks, 1, "the second render is a hit")
    XCTAssertEqual(again, fresh)

    let softer = try glowingDisc(radius: 5, cache: cache)
    let moved = try glowingDisc(offset: Point(x: 3, y: 0), cache: cache)
    let bigger = try glowingDisc(scale: 2, cache: cache)
    XCTAssertEqual(cache.masks.holding.masks, 4)
    cache.removeAll()
    XCTAssertEqual(cache.masks.holding.masks, 0)
    XCTAssertEqual(try glowingDisc(radius: 5, cache: cache), softer)
    XCTAssertEqual(try glowingDisc(offset: Point(x: 3, y: 0), cache: cache), moved)
    XCTAssertEqual(try glowingDisc(scale: 2, cache: cache), bigger)
    XCTAssertNotEqual(softer, fresh)
  }

  func testMaskCacheKeepsItsLimits() {
    let cache = BlurredMasks(maximumEntries: 2, maximumBytes: 100)
    let mask = [UInt8](repeating: 7, count: 20 * 20)
    func key(_ sigma: Double) -> BlurredMasks.Key {
      BlurredMasks.Key(items: [], scale: 1, sigma: sigma, bounds: try! ShadowLayerBounds(
        target: (0, 0, 20, 20), shadow: ShadowPlan(color: blue, sigma: sigma, offsetX: 0, offsetY: 0), kernelRadius: 1))
    }
    mask.withUnsafeBufferPointer { m in
      cache.store(key(1), from: m.baseAddress!, stride: 20, reach: MaskBounds(minX: 0, minY: 0, maxX: 4, maxY: 4))
      cache.store(key(2), from: m.baseAddress!, stride: 20, reach: MaskBounds(minX: 0, minY: 0, maxX: 4, maxY: 4))
      cache.store(key(3), from: m.baseAddress!, stride: 20, reach: MaskBounds(minX: 0, minY: 0, maxX: 4, maxY: 4))
      cache.store(key(4), from: m.baseAddress!, stride: 20, reach: MaskBounds(minX: 0, minY: 0, maxX: 19, maxY: 19))
    }
    XCTAssertEqual(cache.holding.masks, 2)
    XCTAssertEqual(cache.holding.bytes, 50)
    var out = [UInt8](repeating: 0, count: 20 * 20)
    out.withUnsafeMutableBufferPointer { o in
      XCTAssertNil(cache.copy(key(1), into: o.baseAddress!, stride: 20), "evicted")
      XCTAssertNil(cache.copy(key(4), into: o.baseAddress!, stride: 20), "too large to keep")
      XCTAssertEqual(cache.copy(key(3), into: o.baseAddress!, stride: 20), MaskBounds(minX: 0, minY: 0, maxX: 4, maxY: 4))
    }
    XCTAssertEqual(out[4 * 20 + 4], 7)
    XCTAssertEqual(out[4 * 20 + 5], 0)
    XCTAssertEqual(out[5 * 20], 0)
  }

  /// The reference: every output of both passes, zeros outside the image.
  static func denseBlur(_ argb: [UInt32], width: Int, height: Int, kernel: GaussianKernel) -> [UInt8] {
    let r = kernel.radius
    var middle = [Int](repeating: 0, count: width * height)
    for y in 0..<height {
      for x in 0..<width {
        var sum = 0
        for k in -r...r where x + k >= 0 && x + k < width { sum += kernel.weights[k + r] * Int(argb[y * width + x + k] >> 24) }
        middle[y * width + x] = (sum + 128) >> 8
      }
    }
    var out = [UInt8](repeating: 0, count: width * height)
    for y in 0..<height {
      for x in 0..<width {
        var sum = 0
        for k in -r...r where y + k >= 0 && y + k < height { sum += kernel.weights[k + r] * middle[(y + k) * width + x] }
        out[y * width + x] = UInt8(min(255, (sum + (1 << 23)) >> 24))
      }
    }
    return out
  }
}
