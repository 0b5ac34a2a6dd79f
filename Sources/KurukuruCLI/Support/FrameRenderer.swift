import Dispatch
import Foundation
import Kurukuru
import KurukuruRaster

// MARK: - FrameRenderer

/// Renders a scene's frames in parallel: frame `i` at `scene.timeline.time(ofFrame: i)`.
/// Results never depend on the number of jobs.
struct FrameRenderer: Sendable {
  let scene: Scene
  let rasterizer: Rasterizer
  /// Worker threads (≥ 1).
  let jobs: Int

  /// Frame `index` alone.
  func frame(_ index: Int) throws -> Frame {
    try rasterizer.render(evaluate(scene, at: scene.timeline.time(ofFrame: index)))
  }

  /// Frames in `range`, rendered by up to `jobs` threads, returned in order.
  func frames(_ range: Range<Int>) throws -> [Frame] {
    var results = [Frame?](repeating: nil, count: range.count)
    try forEach(range) { i, frame in results[i - range.lowerBound] = frame }
    return results.compactMap { $0 }
  }

  /// Calls `body` for each frame of `range` on worker threads; `body` runs under a lock so it
  /// may touch shared state, and must not depend on the order of calls.
  func forEach(_ range: Range<Int>, _ body: (Int, Frame) throws -> Void) throws {
    try forEachUnlocked(range) { i, frame, lock in
      lock.lock()
      defer { lock.unlock() }
      try body(i, frame)
    }
  }

  /// Like `forEach`, but `body` runs in parallel and takes the lock itself where needed.
  func forEachUnlocked(_ range: Range<Int>, _ body: (Int, Frame, NSLock) throws -> Void) throws {
    let lock = NSLock()
    try Parallel.forEach(range, workers: jobs) { i in try body(i, try frame(i), lock) }
  }
}
