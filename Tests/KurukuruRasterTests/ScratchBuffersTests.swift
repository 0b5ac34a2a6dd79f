import KurukuruCore
import XCTest

@testable import KurukuruRaster

final class ScratchBuffersTests: XCTestCase {
  func testReusedBufferIsZeroedAgain() {
    let pool = ScratchBuffers()
    let first = pool.take(bytes: 1000)
    first.pointer.initializeMemory(as: UInt8.self, repeating: 0xAB, count: 1000)
    pool.give(first)
    XCTAssertEqual(pool.holding.buffers, 1)
    let second = pool.take(bytes: 900)
    XCTAssertEqual(second.pointer, first.pointer, "the free buffer that fits is reused")
    let bytes = UnsafeRawBufferPointer(start: second.pointer, count: 900)
    XCTAssertTrue(bytes.allSatisfy { $0 == 0 })
    XCTAssertEqual(pool.holding.buffers, 0)
    pool.give(second)
  }

  func testSmallestFittingBufferIsChosenAndTooSmallOnesAreNot() {
    let pool = ScratchBuffers()
    let big = pool.take(bytes: 4000), small = pool.take(bytes: 1000)
    pool.give(big)
    pool.give(small)
    XCTAssertEqual(pool.take(bytes: 800).pointer, small.pointer)
    XCTAssertEqual(pool.take(bytes: 2000).pointer, big.pointer)
    XCTAssertEqual(pool.holding.buffers, 0)
  }

  func testRemoveAllFreesTheKeptBuffersOnly() {
    let pool = ScratchBuffers()
    let kept = pool.take(bytes: 1000), used = pool.take(bytes: 2000)
    pool.give(kept)
    XCTAssertEqual(pool.holding.buffers, 1)
    pool.removeAll()
    XCTAssertEqual(pool.holding.buffers, 0)
    XCTAssertEqual(pool.holding.bytes, 0)
    pool.give(used)  // taken before: kept as usual
    XCTAssertEqual(pool.holding.buffers, 1)
    XCTAssertEqual(pool.holding.bytes, 2000)
  }

  func testPoolKeepsWithinItsLimits() {
    let pool = ScratchBuffers(maximumBuffers: 2, maximumBytes: 10_000)
    let buffers = [3000, 4000, 5000, 20_000].map { pool.take(bytes: $0) }
    for b in buffers { pool.give(b) }
    let holding = pool.holding
    XCTAssertEqual(holding.buffers, 2)
    XCTAssertEqual(holding.bytes, 9000, "the two largest that fit: 5000 + 4000; 20000 is never kept")
  }

  func testGlowingLayersRenderTheSameBytesAfterOtherLayersUsedThePool() throws {
    func glowing(_ item: DisplayItem) -> DisplayItem {
      .layer(Layer(opacity: 1, shadow: Shadow(color: .black, radius: 4, offset: .zero), items: [item]))
    }
    let cache = RasterCache()
    let small = [glowing(fill(Shapes.rect(40, 40, 20, 20), red))]
    let before = try render(small, cache: cache)
    // A full-canvas layer leaves its pooled buffers full of ink …
    _ = try render([glowing(fill(Shapes.rect(0, 0, 100, 100), blue))], cache: cache)
    XCTAssertEqual(cache.scratch.holding.buffers, 2, "the layer's surface and mask went back to the cache's pool")
    // … which must not show through the next frame's layer.
    let after = try render(small, cache: cache)
    XCTAssertEqual(before, after)
    XCTAssertGreaterThan(before[50, 37].a, 0, "the shadow spreads past the square")
    XCTAssertEqual(before[5, 5].a, 0, "and not to the corners")
  }
}
