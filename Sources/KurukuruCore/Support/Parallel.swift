import Dispatch
import Foundation

// MARK: - Parallel

/// The one parallel loop of the pipeline: frames are rendered, GIF frames encoded, frames
/// compared and batch outputs produced through it, so scheduling and error reporting are settled
/// in one place.
///
/// Workers take the next index not yet taken, so indices start in increasing order. After a
/// failure no new index is started, and the error of the lowest failing index is rethrown: every
/// lower index had already started, so what is reported never depends on the number of threads.
package enum Parallel {
  /// Calls `body(i)` for every `i` in `range` on up to `workers` threads.
  /// - Parameters:
  ///   - range: the indices.
  ///   - workers: the most threads used (≥ 1); 1 runs on the calling thread only.
  ///   - body: called once per index from any thread; it must synchronise its own shared state.
  /// - Throws: the error of the lowest failing index.
  package static func forEach(_ range: Range<Int>, workers: Int, _ body: (Int) throws -> Void) throws {
    guard !range.isEmpty else { return }
    let threads = max(1, min(workers, range.count))
    if threads == 1 {
      for i in range { try body(i) }
      return
    }
    let lock = NSLock()
    var next = range.lowerBound
    var firstError: (index: Int, error: Error)?
    withoutActuallyEscaping(body) { body in
      DispatchQueue.concurrentPerform(iterations: threads) { _ in
        while true {
          lock.lock()
          let i = next
          let stop = firstError != nil || i >= range.upperBound
          if !stop { next += 1 }
          lock.unlock()
          if stop { return }
          do {
            try body(i)
          } catch {
            lock.lock()
            if firstError.map({ i < $0.index }) ?? true { firstError = (i, error) }
            lock.unlock()
          }
        }
      }
    }
    if let firstError { throw firstError.error }
  }

  /// The results of `body(i)` for every `i` in `0..<count`, in order, computed on up to
  /// `workers` threads.
  /// - Throws: the error of the lowest failing index.
  package static func map<T>(_ count: Int, workers: Int, _ body: (Int) throws -> T) throws -> [T] {
    var results = [T?](repeating: nil, count: count)
    try results.withUnsafeMutableBufferPointer { slots in
      // Each slot is written by the one worker that took its index.
      let slots = slots
      try forEach(0..<count, workers: workers) { i in slots[i] = try body(i) }
    }
    return results.map { result in
      guard let result else { preconditionFailure("Parallel.map: index left without a result") }
      return result
    }
  }

  /// `map(_:workers:_:)` for a body that cannot throw, so callers need no `try`.
  package static func map<T>(_ count: Int, workers: Int, _ body: (Int) -> T) -> [T] {
    do {
      return try map(count, workers: workers) { (i: Int) throws -> T in body(i) }
    } catch {
      preconditionFailure("Parallel.map: a body that cannot throw threw \(error)")
    }
  }
}
