import Foundation

// MARK: - CompressionLane

/// Compresses APNG frames in the background: the encoder hands each frame's filtered rows over
/// as soon as it has chosen them and goes on choosing the next frame while worker threads run
/// the final deflate (libdeflate 12 is most of an APNG encode's time), so neither core waits
/// for the other's batch to end.
///
/// Each stream depends only on its rows and the method, never on which thread or when, so the
/// file is the same bytes for any number of workers. At most `limit` frames wait (their rows
/// held in memory); `submit` blocks past that.
final class CompressionLane: @unchecked Sendable {
  private let condition = NSCondition()
  private let method: APNGCompression
  private let pool: DeflatePool
  private let limit: Int
  private var waiting: [(index: Int, data: [UInt8])] = []
  private var head = 0
  private var results: [Int: Result<[UInt8], Error>] = [:]
  private var closed = false
  private var running = 0

  /// Starts `workers` threads (≥ 1) compressing with `method`; `limit` frames may wait.
  init(workers: Int, method: APNGCompression, pool: DeflatePool, limit: Int) {
    self.method = method
    self.pool = pool
    self.limit = max(1, limit)
    running = max(1, workers)
    for _ in 0..<running {
      Thread.detachNewThread { [self] in work() }
    }
  }

  /// Queues frame `index`'s filtered rows; blocks while `limit` frames already wait.
  func submit(index: Int, data: [UInt8]) {
    condition.lock()
    while waiting.count - head >= limit { condition.wait() }
    waiting.append((index, data))
    condition.broadcast()
    condition.unlock()
  }

  /// Waits for every queued frame and returns the streams by frame index.
  /// - Throws: the compression error of the lowest failing index.
  func finish() throws -> [Int: [UInt8]] {
    condition.lock()
    closed = true
    condition.broadcast()
    while running > 0 { condition.wait() }
    let done = results
    results = [:]
    condition.unlock()
    var streams: [Int: [UInt8]] = [:]
    for index in done.keys.sorted() { streams[index] = try done[index]?.get() }
    return streams
  }

  /// Drops the frames still waiting and waits for the workers to stop (after an error; the
  /// lane is then empty). Safe to call after `finish`.
  func abandon() {
    condition.lock()
    closed = true
    for k in head..<waiting.count { waiting[k].data = [] }
    head = waiting.count
    condition.broadcast()
    while running > 0 { condition.wait() }
    results = [:]
    condition.unlock()
  }

  /// One worker: takes the oldest waiting frame until the lane is closed and empty.
  private func work() {
    condition.lock()
    while true {
      if head < waiting.count {
        let job = waiting[head]
        waiting[head].data = []
        head += 1
        if head > 64 && head * 2 > waiting.count {
          waiting.removeFirst(head)
          head = 0
        }
        condition.broadcast()
        condition.unlock()
        let result = Result { try Deflate.compress(job.data, with: method, pool: pool) }
        condition.lock()
        results[job.index] = result
      } else if closed {
        break
      } else {
        condition.wait()
      }
    }
    running -= 1
    condition.broadcast()
    condition.unlock()
  }
}
