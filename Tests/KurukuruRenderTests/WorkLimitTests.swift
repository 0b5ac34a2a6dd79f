import Foundation
import Kurukuru
import XCTest

/// `Limits.maxWork`: a loop of more pixel-views (pixels × frames × views) than the limit is
/// refused when the renderer is created, before any frame is drawn, with the figures and the way
/// to raise it.
final class WorkLimitTests: XCTestCase {
  /// A 4096-point square dot whose loop is 400 s at 240 fps: 96,000 frames of one view.
  static func heavy() throws -> ResolvedScene {
    try Preset(
      text: """
        {"name": "heavy", "width": 4096, "height": 4096, "fps": 240, "duration": 400, "view": {"Circle": {}}}
        """, file: "heavy.json"
    ).scene()
  }

  func testALoopAboveTheLimitIsRefusedWithItsFigures() throws {
    let scene = try Self.heavy()
    XCTAssertEqual(scene.timeline.frameCount, 96_000)
    XCTAssertThrowsError(try Renderer(scene, scale: 1, jobs: 1)) { error in
      XCTAssertEqual(
        error as? RenderError,
        .tooMuchWork(scene: "heavy.json", width: 4096, height: 4096, frames: 96_000, views: 1, limit: 200_000_000_000))
      XCTAssertEqual(
        String(describing: error),
        "heavy.json: one loop is 1.61e+12 pixel-views (4096×4096 px × 96000 frames × 1 views), more than the limit of "
          + "2e+11; check the size, duration, fps and ForEach ranges, or raise the limit (Limits.maxWork)")
    }
  }

  func testTheWorkDependsOnTheScale() throws {
    // 1024² px × 96,000 frames ≈ 1.0×10¹¹: under the default limit at a quarter of the scale.
    let renderer = try Renderer(try Self.heavy(), scale: 0.25, jobs: 1)
    XCTAssertEqual(renderer.work, 1024 * 1024 * 96_000)
  }

  func testRaisingTheLimitAcceptsTheLoop() throws {
    var limits = Limits()
    limits.maxWork = 2_000_000_000_000
    let renderer = try Renderer(try Self.heavy(), scale: 1, jobs: 1, limits: limits)
    XCTAssertEqual(renderer.work, 4096 * 4096 * 96_000)
    XCTAssertEqual(renderer.limits, limits)
  }

  func testViewsCountAfterForEachAndContainersCount() throws {
    let scene = try Preset.load(path: RendererTests.root.appendingPathComponent("Presets/ball-spin-fade-loader.json").path)
      .scene()
    // ZStack { ForEach(0..<8) { Circle } }: the stack and eight circles.
    XCTAssertEqual(scene.viewCount, 9)
    var limits = Limits()
    limits.maxWork = 1
    XCTAssertThrowsError(try Renderer(scene, scale: 1, jobs: 1, limits: limits)) { error in
      guard case .tooMuchWork(_, 52, 52, let frames, 9, 1)? = error as? RenderError else {
        return XCTFail("expected tooMuchWork, got \(error)")
      }
      XCTAssertEqual(frames, scene.timeline.frameCount)
    }
  }
}
