import Foundation
import XCTest

@testable import KurukuruCore

/// The one parallel loop: every index once, results in order, and the lowest failing index's
/// error whatever the number of threads.
final class ParallelTests: XCTestCase {
  struct Failure: Error, Equatable { var index: Int }

  func testEveryIndexRunsOnceAndMapKeepsOrder() throws {
    for workers in [1, 2, 3, 8] {
      let counts = Counter(size: 100)
      try Parallel.forEach(5..<105, workers: workers) { counts.add($0 - 5) }
      XCTAssertEqual(counts.values, [Int](repeating: 1, count: 100), "workers \(workers)")
      XCTAssertEqual(Parallel.map(50, workers: workers) { $0 * $0 }, (0..<50).map { $0 * $0 }, "workers \(workers)")
    }
    XCTAssertEqual(Parallel.map(0, workers: 4) { $0 }, [])
  }

  func testTheLowestFailingIndexIsReported() {
    for workers in [1, 2, 4, 16] {
      XCTAssertThrowsError(
        try Parallel.forEach(0..<200, workers: workers) { i in
          if i == 37 || i == 38 || i == 150 { throw Failure(index: i) }
        }
      ) { error in
        XCTAssertEqual(error as? Failure, Failure(index: 37), "workers \(workers)")
      }
      XCTAssertThrowsError(try Parallel.map(60, workers: workers) { i -> Int in
        if i >= 20 { throw Failure(index: i) }
        return i
      }) { error in
        XCTAssertEqual(error as? Failure, Failure(index: 20), "workers \(workers)")
      }
    }
  }

  /// Counts per index, from any thread.
  final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [Int]
    init(size: Int) { counts = [Int](repeating: 0, count: size) }
    func add(_ i: Int) { lock.lock(); counts[i] += 1; lock.unlock() }
    var values: [Int] { lock.lock(); defer { lock.unlock() }; return counts }
  }
}
