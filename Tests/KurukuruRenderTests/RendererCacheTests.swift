import Foundation
import Kurukuru
import XCTest

/// Every `Renderer` draws through a `RasterCache` of its own; the renderers made from it for a
/// format share it. What a cache holds never changes a byte.
final class RendererCacheTests: XCTestCase {
  // MARK: - Support

  /// circle-progress over 3 s (30 frames): a static track under a growing arc.
  static func circleProgress() throws -> ResolvedScene {
    try RendererTests.preset("circle-progress").scene(settings: ["seconds": "3"])
  }

  // MARK: - Ownership

  func testEachRendererOwnsItsCacheAndTheRenderersMadeFromItShareIt() throws {
    let scene = try Self.circleProgress()
    let a = try Renderer(scene, scale: 2), b = try Renderer(scene, scale: 2)
    XCTAssertFalse(a.rasterizer.cache === b.rasterizer.cache)
    let copy = a
    XCTAssertTrue(copy.rasterizer.cache === a.rasterizer.cache)
    let given = RasterCache()
    XCTAssertTrue(try Renderer(scene, cache: given).rasterizer.cache === given)

    // Re-timed for GIF (60 → 50 fps): the same cache.
    let fast = try Renderer(try RendererTests.dot(fps: 60))
    let prepared = try fast.prepared(for: GIFFormat())
    XCTAssertNotNil(prepared.note)
    XCTAssertTrue(prepared.renderer.rasterizer.cache === fast.rasterizer.cache)
    // An app bundle's other scales: the same cache.
    for r in try AppBundle.renderers(a, scales: [1, 1.5, 2, 3]) {
      XCTAssertTrue(r.rasterizer.cache === a.rasterizer.cache, "scale \(r.scale)")
    }
  }

  /// Two renderers of the same scene in one process: what one draws lands in its own cache only.
  func testTwoRenderersDoNotSeeEachOthersCache() throws {
    let scene = try Self.circleProgress()
    let a = try Renderer(scene, scale: 2, jobs: 2), b = try Renderer(scene, scale: 2, jobs: 2)
    let frames = try a.frames(0..<a.frameCount)
    let filled = a.rasterizer.cache.holding
    XCTAssertGreaterThan(filled.prefixes, 0, "the track is a cached canvas")
    XCTAssertEqual(b.rasterizer.cache.holding, .empty, "the other renderer's cache saw nothing")
    XCTAssertEqual(try b.frames(0..<b.frameCount), frames)
    XCTAssertEqual(b.rasterizer.cache.holding.prefixes, filled.prefixes)
    XCTAssertEqual(a.rasterizer.cache.holding, filled, "and drawing with it took nothing from the first")
  }

  // MARK: - Warm and fresh

  /// Every frame drawn by a renderer whose cache is warm (its loop drawn once already, on two
  /// threads) equals the frame drawn by a new renderer, whose cache is empty.
  func testFramesDrawnWithAWarmCacheEqualFramesDrawnWithAFreshOne() throws {
    let scenes = [(try Self.circleProgress(), 2.0), (try RendererTests.preset("four-color-ring").scene(), 1.0)]
    for (scene, scale) in scenes {
      let warm = try Renderer(scene, scale: scale, jobs: 2)
      _ = try warm.frames(0..<warm.frameCount)
      XCTAssertNotEqual(warm.rasterizer.cache.holding, .empty, scene.name)
      let again = try warm.frames(0..<warm.frameCount)
      for i in 0..<warm.frameCount {
        let fresh = try Renderer(scene, scale: scale, jobs: 1).frame(i)
        XCTAssertEqual(again[i], fresh, "\(scene.name) frame \(i)")
      }
    }
  }
}
