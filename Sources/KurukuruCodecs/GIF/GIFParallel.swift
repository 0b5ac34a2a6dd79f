import Dispatch
import Foundation

// MARK: - GIFParallel

/// Runs independent pieces of GIF encoding on several threads. Results are gathered by index,
/// so they do not depend on the number of threads or on scheduling.
enum GIFParallel {
  /// The results of `body(i)` for every `i` in `0..<count`, in order, computed on up to `threads`
  /// threads (each takes the next index not yet taken).
  /// - Parameters:
  ///   - count: The number of items (≥ 0).
  ///   - threads: The most threads used (≥ 1); 1 = on the calling thread only.
  ///   - body: Computes one item; called once per index, from any of the threads.
  /// - Returns: `body(0)`, `body(1)`, … in order.
  /// - Throws: The error of the lowest failing index (the other items may have run or not).
  static func map<T>(_ count: Int, threads: Int, _ body: (Int) throws -> T) throws -> [T] {
    let workers = max(1, min(threads, count))
    guard workers > 1 else { return try (0..<count).map(body) }
    var results = [Result<T, Error>?](repeating: nil, count: count)
    let lock = NSLock()
    var next = 0
    results.withUnsafeMutableBufferPointer { slots in
      // Each index is written by one worker only; the lock hands out the indices.
      let slots = slots
      DispatchQueue.concurrentPerform(iterations: workers) { _ in
        while true {
          lock.lock()
          let i = next
          next += 1
          lock.unlock()
          guard i < count else { return }
          slots[i] = Result { try body(i) }
        }
      }
    }
    return try results.map { result in
      guard let result else { throw GIFError.giflib(operation: "parallel encoding", code: 0) }
      return try result.get()
    }
  }
}
