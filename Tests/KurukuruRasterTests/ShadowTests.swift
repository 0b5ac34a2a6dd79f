import KurukuruCore
import XCTest

@testable import KurukuruRaster

final class ShadowTests: XCTestCase {
  private func glowingDisc(
    center: Point = Point(x: 50, y: 50), color: RGBAColor = blue, radius: Double = 8, offset: Point = .zero,
    opacity: Double = 1, scale: Double = 1
  ) throws -> Frame {
    let disc = fill(Shapes.circle(center: center, radius: 10), .white)
    let layer = Layer(opacity: opacity, shadow: Shadow(color: color, radius: radius, offset: offset), items: [disc])
    return try render([.layer(layer)], scale: scale)
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
    var rng = SystemRandomNumberGenerator()
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
