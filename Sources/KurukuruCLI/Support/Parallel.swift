import Dispatch
import Foundation

// MARK: - Parallel

enum Parallel {
  /// Calls `body(i)` for every `i` in `range` on up to `workers` threads (worker `w` takes
  /// `lowerBound + w`, then every `workers`-th index). After a failure the workers stop taking
  /// new indices, and the error of the lowest failing index is rethrown — so what is reported
  /// does not depend on the number of threads. `body` must synchronise its own shared state.
  static func forEach(_ range: Range<Int>, workers: Int, _ body: (Int) throws -> Void) throws {
    guard !range.isEmpty else { return }
    let lock = NSLock()
    var firstError: (index: Int, error: Error)?
    let threads = max(1, min(workers, range.count))
    withoutActuallyEscaping(body) { body in
      DispatchQueue.concurrentPerform(iterations: threads) { w in
        var i = range.lowerBound + w
        while i < range.upperBound {
          lock.lock()
          let stop = firstError != nil
          lock.unlock()
          if stop { return }
          do {
            try body(i)
          } catch {
            lock.lock()
            if firstError.map({ i < $0.index }) ?? true { firstError = (i, error) }
            lock.unlock()
            return
          }
          i += threads
        }
      }
    }
    if let firstError { throw firstError.error }
  }
}
