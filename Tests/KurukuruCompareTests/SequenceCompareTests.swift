import Foundation
import KurukuruCore
import KurukuruCompare
import XCTest

// MARK: - Sequences

final class SequenceCompareTests: XCTestCase {
  /// Four 8×8 frames, each a different flat gray, with 10 cs delays.
  private func sequence(delays: [Int?] = [10, 10, 10, 10]) -> FrameList {
    FrameList(
      (0..<4).map { i in
        let level = UInt8(40 * i + 20)
        return Frame(width: 8, height: 8, fill: RGBA8(r: level, g: level, b: level))
      }, delays: delays)
  }

  func testIdenticalSequences() throws {
    let result = try SequenceCompare.compare(sequence(), sequence())
    XCTAssertFalse(result.differs)
    XCTAssertEqual(result.totalMismatched, 0)
    XCTAssertEqual(result.frames.count, 4)
    XCTAssertEqual(result.differingFrames, 0)
    XCTAssertEqual(result.summary, "identical: 4 frames, 0 mismatched pixels")
  }

  func testOneChangedFrame() throws {
    var b = sequence()
    // Frame 2: a 3×2 block turns white.
    for y in 0..<2 { for x in 0..<3 { b.frames[2][x, y] = RGBA8(r: 255, g: 255, b: 255) } }
    var diffIndices: [Int] = []
    var diffOfFrame2: Frame?
    let result = try SequenceCompare.compare(sequence(), b) { index, diff in
      diffIndices.append(index)
      if index == 2 { diffOfFrame2 = diff }
    }
    XCTAssertTrue(result.differs)
    XCTAssertEqual(result.frames.map(\.mismatchedPixels), [0, 0, 6, 0])
    XCTAssertEqual(result.totalMismatched, 6)
    XCTAssertEqual(diffIndices, [0, 1, 2, 3], "one worker calls the sink in order")
    XCTAssertEqual(diffOfFrame2?[0, 0], RGBA8(r: 255, g: 0, b: 0))
    XCTAssertEqual(result.summary, "1 of 4 frames differ: 6 mismatched pixels")
  }

  // MARK: - Delays

  /// Delays on both sides that differ are a difference.
  func testChangedDelayOnBothSidesDiffers() throws {
    let result = try SequenceCompare.compare(sequence(), sequence(delays: [10, 20, 10, 10]))
    XCTAssertTrue(result.differs)
    XCTAssertEqual(result.totalMismatched, 0)
    XCTAssertEqual(result.frames[1].delayA, 10)
    XCTAssertEqual(result.frames[1].delayB, 20)
    XCTAssertEqual(result.frames.map(\.delayDiffers), [false, true, false, false])
    XCTAssertEqual(
      result.summary, "1 of 4 frames differ: 0 mismatched pixels, delays differ at 1 frame (first: frame 1, 10 vs 20 cs)")
  }

  /// A delay on one side only (a GIF against a PNG folder) is not a difference.
  func testDelayOnOneSideOnlyIsNotADifference() throws {
    let result = try SequenceCompare.compare(sequence(), sequence(delays: []))
    XCTAssertFalse(result.differs)
    XCTAssertEqual(result.frames.map(\.delayA), [10, 10, 10, 10])
    XCTAssertEqual(result.frames.map(\.delayB), [nil, nil, nil, nil])
    XCTAssertEqual(result.frames.map(\.delayDiffers), [false, false, false, false])
    let partly = try SequenceCompare.compare(sequence(delays: [nil, 10, nil]), sequence())
    XCTAssertFalse(partly.differs, "positions without a delay on one side match any delay")
  }

  // MARK: - Counts and sizes

  func testMissingFrame() throws {
    var b = sequence()
    b.frames.removeLast()
    let result = try SequenceCompare.compare(sequence(), b)
    XCTAssertTrue(result.differs)
    XCTAssertEqual(result.frameCountA, 4)
    XCTAssertEqual(result.frameCountB, 3)
    XCTAssertEqual(result.frames.count, 4)
    XCTAssertFalse(result.frames[3].presentInB)
    XCTAssertEqual(result.frames[3].sizeA, FrameComparison.Size(width: 8, height: 8))
    XCTAssertEqual(result.frames[3].mismatchedPixels, 64)
    XCTAssertEqual(result.frames[3].delayB, nil, "a missing frame has no delay, even if one is listed")
    XCTAssertEqual(result.summary, "1 of 4 frames differ: 64 mismatched pixels, frame counts differ: 4 vs 3")
  }

  func testSizeMismatchIsReportedNotThrown() throws {
    var b = sequence()
    b.frames[0] = Frame(width: 10, height: 8)
    var diffIndices: [Int] = []
    let result = try SequenceCompare.compare(sequence(), b) { index, _ in diffIndices.append(index) }
    XCTAssertTrue(result.sizeMismatch)
    XCTAssertTrue(result.frames[0].sizeMismatch)
    XCTAssertEqual(result.frames[0].mismatchedPixels, 80, "every pixel of the larger frame")
    XCTAssertEqual(diffIndices, [1, 2, 3], "no diff for frames of different sizes")
    XCTAssertTrue(result.differs)
    XCTAssertEqual(
      result.summary,
      "1 of 4 frames differ: 80 mismatched pixels, frame sizes differ at 1 frame (first: frame 0, 8×8 vs 10×8)")
  }

  func testEmptySequences() throws {
    let result = try SequenceCompare.compare(FrameList([]), FrameList([]))
    XCTAssertFalse(result.differs)
    XCTAssertEqual(result.summary, "identical: 0 frames, 0 mismatched pixels")
  }

  func testInvalidOptionsAreThrown() {
    XCTAssertThrowsError(try SequenceCompare.compare(sequence(), sequence(), options: .init(threshold: 2))) {
      XCTAssertEqual($0 as? CompareError, .invalidOption(name: "threshold", value: 2, range: "0…1"))
    }
  }

  // MARK: - Parallel and streaming

  /// Any number of workers gives the same result and the same diff images.
  func testResultDoesNotDependOnWorkers() throws {
    let a = FrameList((0..<13).map { noise(seed: $0, size: 16) }, delays: (0..<13).map { $0 % 3 })
    let b = FrameList((0..<11).map { noise(seed: $0 * 7 % 5, size: 16) }, delays: (0..<11).map { $0 % 2 })
    var reference: SequenceComparison?
    var referenceDiffs: [Int: Frame] = [:]
    for workers in [1, 2, 3, 8] {
      let lock = NSLock()
      var diffs: [Int: Frame] = [:]
      let result = try SequenceCompare.compare(a, b, workers: workers) { index, image in
        lock.lock()
        defer { lock.unlock() }
        XCTAssertNil(diffs[index], "one call per position")
        diffs[index] = image
      }
      if let reference {
        XCTAssertEqual(result, reference, "workers: \(workers)")
        XCTAssertEqual(diffs, referenceDiffs, "workers: \(workers)")
      } else {
        reference = result
        referenceDiffs = diffs
        XCTAssertEqual(diffs.keys.sorted(), Array(0..<11))
        XCTAssertGreaterThan(result.totalMismatched, 0)
      }
    }
  }

  /// Frames are read position by position, when compared, not all up front; with N workers at
  /// most N positions are read at once.
  func testFramesAreReadOnDemand() throws {
    let a = CountingSequence(count: 20), b = CountingSequence(count: 20)
    var readsAtEachDiff: [Int] = []
    _ = try SequenceCompare.compare(a, b, workers: 1) { _, _ in readsAtEachDiff.append(a.reads) }
    XCTAssertEqual(readsAtEachDiff, Array(1...20), "position i is compared before position i + 1 is read")

    let c = CountingSequence(count: 20), d = CountingSequence(count: 20)
    let result = try SequenceCompare.compare(c, d, workers: 3)
    XCTAssertFalse(result.differs)
    XCTAssertEqual(c.reads, 20, "each frame read once")
    XCTAssertLessThanOrEqual(c.maxInFlight, 3)
  }

  /// A frame that cannot be read fails the comparison with the error of the lowest failing
  /// position, whatever the number of workers.
  func testLowestReadErrorIsThrown() {
    struct Unreadable: Error, Equatable { let index: Int }
    struct Failing: FrameSequence {
      var count: Int { 10 }
      func frame(_ index: Int) throws -> Frame {
        if index >= 4 { throw Unreadable(index: index) }
        return Frame(width: 2, height: 2)
      }
      func delay(_ index: Int) -> Int? { nil }
    }
    for workers in [1, 4] {
      XCTAssertThrowsError(try SequenceCompare.compare(Failing(), Failing(), workers: workers)) {
        XCTAssertEqual($0 as? Unreadable, Unreadable(index: 4), "workers: \(workers)")
      }
    }
  }

  // MARK: - Helpers

  /// A deterministic pseudo-random opaque frame.
  private func noise(seed: Int, size: Int) -> Frame {
    var state = UInt32(truncatingIfNeeded: seed &* 2_654_435_761 &+ 1)
    var frame = Frame(width: size, height: size)
    for i in 0..<(size * size) {
      state = state &* 1_664_525 &+ 1_013_904_223
      let v = UInt8(truncatingIfNeeded: state >> 24) & 0xC0
      frame.pixels[i * 4] = v
      frame.pixels[i * 4 + 1] = v
      frame.pixels[i * 4 + 2] = v
      frame.pixels[i * 4 + 3] = 255
    }
    return frame
  }
}

/// Flat frames made on request, counting reads and how many are being read at once.
private final class CountingSequence: FrameSequence {
  let count: Int
  private let lock = NSLock()
  private var inFlight = 0
  private(set) var reads = 0
  private(set) var maxInFlight = 0

  init(count: Int) { self.count = count }

  func frame(_ index: Int) throws -> Frame {
    lock.lock()
    reads += 1
    inFlight += 1
    maxInFlight = max(maxInFlight, inFlight)
    lock.unlock()
    usleep(2000)
    defer {
      lock.lock()
      inFlight -= 1
      lock.unlock()
    }
    return Frame(width: 4, height: 4, fill: RGBA8(r: 9, g: 9, b: 9))
  }

  func delay(_ index: Int) -> Int? { nil }
}
