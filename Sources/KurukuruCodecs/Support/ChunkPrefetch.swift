import Foundation
import KurukuruCore

// MARK: - ChunkPrefetch

/// Streams frames to an encoder chunk by chunk, rendering the next chunk on a helper thread while
/// the encoder works on the current one, so that rendering and encoding overlap. The GIF, APNG
/// and WebP encoders all read their frames through it.
///
/// `frames` is called once per range, in order, never twice at once; `body` runs on the calling
/// thread, in order. At most two chunks are alive at a time (the one encoded and the one being
/// rendered), so memory stays bounded by the chunk size the encoder chooses.
package enum ChunkPrefetch {
  /// Calls `body` with each range of `ranges` and its frames, in order.
  /// - Parameters:
  ///   - ranges: frame ranges, in the order they are wanted.
  ///   - frames: renders a range (from a helper thread).
  ///   - body: consumes a range's frames (on the calling thread).
  /// - Throws: the first error of `frames` or `body`, in range order; never returns while the
  ///   helper may still be calling `frames`.
  package static func forEach(
    _ ranges: [Range<Int>], frames: (Range<Int>) throws -> [Frame], body: (Range<Int>, [Frame]) throws -> Void
  ) throws {
    guard let first = ranges.first else { return }
    try withoutActuallyEscaping(frames) { frames in
      /// One chunk rendered on the helper thread. The work (which holds `frames`) is dropped
      /// before `done` is signalled, so nothing keeps `frames` once every job is waited for.
      final class Job: @unchecked Sendable {
        let done = DispatchGroup()
        var work: (() throws -> [Frame])?
        var result: Result<[Frame], Error> = .success([])
        func run() {
          guard let work else { return }
          self.work = nil
          result = Result { try work() }
        }
      }
      func start(_ range: Range<Int>) -> Job {
        let job = Job()
        job.work = { try frames(range) }
        job.done.enter()
        Thread.detachNewThread {
          job.run()
          job.done.leave()
        }
        return job
      }
      var next: Job? = start(first)
      defer { next?.done.wait() }
      for (k, range) in ranges.enumerated() {
        guard let job = next else { break }
        job.done.wait()
        next = k + 1 < ranges.count ? start(ranges[k + 1]) : nil
        let rendered = try job.result.get()
        job.result = .success([])
        try body(range, rendered)
      }
    }
  }
}
