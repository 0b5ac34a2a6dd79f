import KurukuruCore
import XCTest

@testable import KurukuruRaster

/// A rasterizer's caches belong to its `RasterCache`: rasterizers with different caches never
/// see each other's entries or budgets, and what a cache holds never changes a byte.
final class RasterCacheTests: XCTestCase {
  // MARK: - Support

  /// Frame `i` of an animation on a `size`-point square: a static square whose corner depends on
  /// `variant` (so each variant has its own static prefix), a bar moving 3 points a frame and,
  /// with `glow`, a glowing disc drawn after the bar (static, but not part of the prefix, so its
  /// blurred mask is what the cache gives back).
  private func frame(_ i: Int, variant: Int = 0, size: Double = 100, glow: Bool = false) -> DisplayList {
    let still = fill(Shapes.rect(Double(10 + 7 * variant), 10, 40, 30), RGBAColor(red: 0.2, green: 0.4, blue: 1, alpha: 0.7))
    let moving = fill(Shapes.rect(Double(5 + 3 * i), 60, 12, 12), red)
    var items = [still, moving]
    if glow {
      let disc = fill(Shapes.circle(center: Point(x: 70, y: 30), radius: 10), .white)
      items.append(.layer(Layer(opacity: 1, shadow: Shadow(color: blue, radius: 6, offset: .zero), items: [disc])))
    }
    return list(items, width: size, height: size)
  }

  // MARK: - Separate caches

  func testEachRasterizerMadeWithoutACacheHasItsOwnAndCopiesShareIt() {
    let a = Rasterizer(scale: 1), b = Rasterizer(scale: 1)
    XCTAssertFalse(a.cache === b.cache)
    let copy = a
    XCTAssertTrue(copy.cache === a.cache)
    let shared = RasterCache()
    XCTAssertTrue(Rasterizer(scale: 2, cache: shared).cache === Rasterizer(scale: 1, cache: shared).cache)
  }

  /// One rasterizer's static-prefix cache filled to its byte budget (64 MiB: four 1024×1024
  /// canvases at 16 MiB each, of six drawn, the oldest two evicted) leaves another's entries,
  /// bytes and frames as they were.
  func testFillingOneCacheToItsBudgetLeavesAnotherUntouched() throws {
    let small = Rasterizer(scale: 1), large = Rasterizer(scale: 1)
    let expected = try (0..<5).map { try Rasterizer(scale: 1).render(frame($0)) }
    for i in 0..<3 { XCTAssertEqual(try small.render(frame(i)), expected[i]) }
    let before = small.cache.holding
    XCTAssertEqual(before.prefixes, 1)
    XCTAssertEqual(before.prefixBytes, 4 * 100 * 100 * 4, "two canvases and two working copies")

    for variant in 0..<6 {
      for i in 0..<3 { _ = try large.render(frame(i, variant: variant, size: 1024)) }
    }
    let full = large.cache.holding
    XCTAssertEqual(full.prefixBytes, large.cache.prefixBudget)
    XCTAssertEqual(full.prefixes, 4, "the oldest two variants were evicted")

    XCTAssertEqual(small.cache.holding, before, "the other cache lost nothing")
    for i in 3..<5 { XCTAssertEqual(try small.render(frame(i)), expected[i], "frame \(i)") }
    XCTAssertEqual(small.cache.holding.prefixes, 1, "still drawn from the same entry")
  }

  // MARK: - Warm and fresh

  /// Frames drawn through a warm cache (a static prefix and a blurred mask reused), on two
  /// threads at once, equal frames each drawn with a fresh cache.
  func testFramesDrawnWithAWarmCacheEqualFramesDrawnWithAFreshOne() throws {
    for scale in [1.0, 2.0] {
      let fresh = try (0..<10).map { try Rasterizer(scale: scale).render(frame($0, glow: true)) }
      let warm = Rasterizer(scale: scale)
      for i in 0..<4 { XCTAssertEqual(try warm.render(frame(i, glow: true)), fresh[i], "scale \(scale), frame \(i)") }
      let holding = warm.cache.holding
      XCTAssertEqual(holding.prefixes, 1, "the static square is a cached canvas")
      XCTAssertEqual(holding.masks, 1, "the glow is blurred once")
      XCTAssertGreaterThan(holding.scratchBuffers, 0, "the layer's buffers are kept for the next frame")
      let again = try Parallel.map(10, workers: 2) { try warm.render(frame($0, glow: true)) }
      XCTAssertEqual(again, fresh, "scale \(scale)")
      XCTAssertEqual(warm.cache.holding.prefixes, 1)
      XCTAssertEqual(warm.cache.holding.masks, 1)
    }
  }
}
