import Foundation
import KurukuruCore
import KurukuruRaster

// MARK: - FrameRenderer

/// Renders a scene's frames in parallel: frame `i` at `scene.timeline.time(ofFrame: i)`.
/// Results never depend on the number of jobs.
struct FrameRenderer: Sendable {
  let scene: ResolvedScene
  let rasterizer: Rasterizer
  /// Worker threads (≥ 1).
  let jobs: Int
  /// Called after every frame rendered, from the rendering thread (for progress lines).
  var onFrame: (@Sendable () -> Void)? = nil

  /// Frame `index` alone.
  func frame(_ index: Int) throws -> Frame {
    let f = try rasterizer.render(evaluate(scene, at: scene.timeline.time(ofFrame: index)))
    onFrame?()
    return f
  }

  /// Frames in `range`, rendered by up to `jobs` threads, returned in order.
  func frames(_ range: Range<Int>) throws -> [Frame] {
    var results = [Frame?](repeating: nil, count: range.count)
    let lock = NSLock()
    try forEach(range) { i, frame in
      lock.lock()
      results[i - range.lowerBound] = frame
      lock.unlock()
    }
    return results.compactMap { $0 }
  }

  /// Calls `body` for each frame of `range` on up to `jobs` threads, in no particular order;
  /// `body` must synchronise any shared state itself.
  func forEach(_ range: Range<Int>, _ body: (Int, Frame) throws -> Void) throws {
    try Parallel.forEach(range, workers: jobs) { i in try body(i, try frame(i)) }
  }
}
