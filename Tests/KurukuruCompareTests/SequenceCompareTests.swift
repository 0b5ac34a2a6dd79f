import Foundation
import KurukuruCore
import KurukuruCompare
import XCTest

// MARK: - Sequences

final class SequenceCompareTests: XCTestCase {
  /// Four 8×8 frames, each a different flat gray.
  private func grays(_ count: Int = 4) -> [Frame] {
    (0..<count).map { i in
      let level = UInt8(40 * i + 20)
      return Frame(width: 8, height: 8, fill: RGBA8(r: level, g: level, b: level))
    }
  }

  /// `frames` with delays in centiseconds, as a GIF gives them; nil: without timing.
  private func sequence(_ frames: [Frame]? = nil, delays: [Int]? = [10, 10, 10, 10]) -> TimedFrames {
    let frames = frames ?? grays()
    guard let delays else { return TimedFrames(frames) }
    return TimedFrames(frames, durations: delays.map { Rational($0, 100) }, unit: Rational(1, 100))
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
    var frames = grays()
    // Frame 2: a 3×2 block turns white.
    for y in 0..<2 { for x in 0..<3 { frames[2][x, y] = RGBA8(r: 255, g: 255, b: 255) } }
    let b = sequence(frames)
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
    XCTAssertEqual(result.frames[2].time, 0.2)
    XCTAssertEqual(result.summary, "1 of 4 frames differ: 6 mismatched pixels (first: frame 2 vs 2 at 0.2 s)")
  }

  // MARK: - Timing

  /// A delay that changes on one side shows the other frames at other times: pixels differ where
  /// the two show different frames, and the totals differ.
  func testChangedDelayOnBothSidesDiffers() throws {
    let result = try SequenceCompare.compare(sequence(), sequence(delays: [10, 20, 10, 10]))
    XCTAssertTrue(result.differs)
    XCTAssertTrue(result.durationsDiffer)
    XCTAssertEqual(result.frames.map(\.frameA), [0, 1, 2, 3, nil])
    XCTAssertEqual(result.frames.map(\.frameB), [0, 1, 1, 2, 3])
    XCTAssertEqual(result.frames.map { $0.time.map { ($0 * 100).rounded() } }, [0, 10, 20, 30, 40])
    XCTAssertEqual(result.frames[1].durationA, 0.1)
    XCTAssertEqual(result.frames[1].durationB, 0.2)
    XCTAssertEqual(result.frames.map(\.mismatchedPixels), [0, 0, 64, 64, 64])
    XCTAssertTrue(result.summary.hasSuffix(", durations differ: 0.4 vs 0.5 s"), result.summary)
  }

  /// Timing on one side only (a GIF against a PNG folder): the folder is spread over the GIF's
  /// duration, and equal frames are identical.
  func testTimingOnOneSideOnlyIsNotADifference() throws {
    let result = try SequenceCompare.compare(sequence(), sequence(delays: nil))
    XCTAssertFalse(result.differs, result.summary)
    XCTAssertEqual(result.rule, .displayTime)
    XCTAssertEqual(result.frames.map(\.durationA), [0.1, 0.1, 0.1, 0.1])
    XCTAssertEqual(result.frames.map(\.durationB), [nil, nil, nil, nil])
    XCTAssertEqual(result.frames.map(\.time), [0, 0.1, 0.2, 0.3])
    XCTAssertEqual(result.durationB, nil)
  }

  // MARK: - Counts and sizes

  /// Without timing on either side, frame i meets frame i and frame counts count.
  func testMissingFrame() throws {
    let result = try SequenceCompare.compare(sequence(delays: nil), sequence(Array(grays().prefix(3)), delays: nil))
    XCTAssertTrue(result.differs)
    XCTAssertEqual(result.rule, .index)
    XCTAssertEqual(result.frameCountA, 4)
    XCTAssertEqual(result.frameCountB, 3)
    XCTAssertEqual(result.frames.count, 4)
    XCTAssertFalse(result.frames[3].presentInB)
    XCTAssertEqual(result.frames[3].sizeA, FrameComparison.Size(width: 8, height: 8))
    XCTAssertEqual(result.frames[3].mismatchedPixels, 64)
    XCTAssertEqual(result.frames[3].time, nil, "no times without timing")
    XCTAssertEqual(result.summary, "1 of 4 frames differ: 64 mismatched pixels, frame counts differ: 4 vs 3")

    // Timed: the shorter animation ends early, its last position is missing.
    let timed = try SequenceCompare.compare(sequence(), sequence(Array(grays().prefix(3)), delays: [10, 10, 10]))
    XCTAssertFalse(timed.frameCountsDiffer, "by display time counts alone are no difference")
    XCTAssertTrue(timed.durationsDiffer)
    XCTAssertEqual(timed.frames.last?.frameB, nil)
    XCTAssertEqual(
      timed.summary, "1 of 4 frames differ: 64 mismatched pixels (first: frame 3 vs – at 0.3 s), durations differ: 0.4 vs 0.3 s")
  }

  func testSizeMismatchIsReportedNotThrown() throws {
    var frames = grays()
    frames[0] = Frame(width: 10, height: 8)
    var diffIndices: [Int] = []
    let result = try SequenceCompare.compare(sequence(delays: nil), sequence(frames, delays: nil)) { index, _ in
      diffIndices.append(index)
    }
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
    let result = try SequenceCompare.compare(TimedFrames([]), TimedFrames([]))
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
    // Delays of 0, 1 and 2 cs: frames of no duration are never shown.
    let a = sequence((0..<13).map { noise(seed: $0, size: 16) }, delays: (0..<13).map { $0 % 3 })
    let b = sequence((0..<11).map { noise(seed: $0 * 7 % 5, size: 16) }, delays: (0..<11).map { 1 + $0 % 2 })
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
        XCTAssertEqual(diffs.keys.sorted(), result.frames.filter { $0.presentInA && $0.presentInB }.map(\.index))
        XCTAssertFalse(result.frames.contains { $0.frameA.map { $0 % 3 == 0 } ?? false }, "no frame of 0 cs")
        XCTAssertGreaterThan(result.totalMismatched, 0)
      }
    }
  }

  /// Frames are read position by position, when compared, not all up front; with N workers at
  /// most N positions are read at once.
  func testFramesAreReadOnDemand() throws {
    let a = CountingSequence(count: 20), b = CountingSequence(count: 20)
    var readsAtEachDiff: [Int] = []
    _ = try SequenceCompare.compare(a.frames, b.frames, workers: 1) { _, _ in readsAtEachDiff.append(a.reads) }
    XCTAssertEqual(readsAtEachDiff, Array(1...20), "position i is compared before position i + 1 is read")

    let c = CountingSequence(count: 20), d = CountingSequence(count: 20)
    let result = try SequenceCompare.compare(c.frames, d.frames, workers: 3)
    XCTAssertFalse(result.differs)
    XCTAssertEqual(c.reads, 20, "each frame read once")
    XCTAssertLessThanOrEqual(c.maxInFlight, 3)
  }

  /// A frame that cannot be read fails the comparison with the error of the lowest failing
  /// position, whatever the number of workers.
  func testLowestReadErrorIsThrown() {
    struct Unreadable: Error, Equatable { let index: Int }
    let failing = TimedFrames(width: 2, height: 2, timing: .untimed(count: 10)) { range in
      try range.map { index in
        if index >= 4 { throw Unreadable(index: index) }
        return Frame(width: 2, height: 2)
      }
    }
    for workers in [1, 4] {
      XCTAssertThrowsError(try SequenceCompare.compare(failing, failing, workers: workers)) {
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
private final class CountingSequence: @unchecked Sendable {
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

  /// The frames without timing, read through `frame(_:)`.
  var frames: TimedFrames {
    TimedFrames(width: 4, height: 4, timing: .untimed(count: count)) { range in try range.map { try self.frame($0) } }
  }
}
