import KurukuruCore
import KurukuruCompare
import XCTest

// MARK: - Sequences

final class SequenceCompareTests: XCTestCase {
  /// Four 8×8 frames, each a different flat gray, with 10 cs delays.
  private func sequence() -> [(frame: Frame, delay: Int?)] {
    (0..<4).map { i in
      let level = UInt8(40 * i + 20)
      return (Frame(width: 8, height: 8, fill: RGBA8(r: level, g: level, b: level)), 10)
    }
  }

  func testIdenticalSequences() throws {
    let result = try SequenceCompare.compare(sequence(), sequence())
    XCTAssertFalse(result.differs)
    XCTAssertEqual(result.totalMismatched, 0)
    XCTAssertEqual(result.frames.count, 4)
    XCTAssertEqual(result.summary, "identical: 4 frames")
  }

  func testOneChangedFrame() throws {
    var b = sequence()
    // Frame 2: a 3×2 block turns white.
    for y in 0..<2 { for x in 0..<3 { b[2].frame[x, y] = RGBA8(r: 255, g: 255, b: 255) } }
    var diffIndices: [Int] = []
    var diffOfFrame2: Frame?
    let result = try SequenceCompare.compare(sequence(), b) { index, diff in
      diffIndices.append(index)
      if index == 2 { diffOfFrame2 = diff }
    }
    XCTAssertTrue(result.differs)
    XCTAssertEqual(result.frames.map(\.mismatchedPixels), [0, 0, 6, 0])
    XCTAssertEqual(result.totalMismatched, 6)
    XCTAssertEqual(diffIndices, [0, 1, 2, 3])
    XCTAssertEqual(diffOfFrame2?[0, 0], RGBA8(r: 255, g: 0, b: 0))
    XCTAssertEqual(result.summary, "1 of 4 frames differ: 6 mismatched pixels")
  }

  func testChangedDelay() throws {
    var b = sequence()
    b[1].delay = 20
    let result = try SequenceCompare.compare(sequence(), b)
    XCTAssertTrue(result.differs)
    XCTAssertEqual(result.totalMismatched, 0)
    XCTAssertEqual(result.frames[1].delayA, 10)
    XCTAssertEqual(result.frames[1].delayB, 20)
    XCTAssertEqual(result.frames.map(\.delayDiffers), [false, true, false, false])
    XCTAssertEqual(result.summary, "1 of 4 frames differ: 0 mismatched pixels, delays differ at 1 frame")
  }

  func testMissingFrame() throws {
    let b = Array(sequence().prefix(3))
    let result = try SequenceCompare.compare(sequence(), b)
    XCTAssertTrue(result.differs)
    XCTAssertEqual(result.frameCountA, 4)
    XCTAssertEqual(result.frameCountB, 3)
    XCTAssertEqual(result.frames.count, 4)
    XCTAssertFalse(result.frames[3].presentInB)
    XCTAssertEqual(result.frames[3].mismatchedPixels, 64)
    XCTAssertEqual(result.frames[3].delayB, nil)
    XCTAssertEqual(result.summary, "1 of 4 frames differ: 64 mismatched pixels, frame counts 4 vs 3")
  }

  func testSizeMismatchIsReportedNotThrown() throws {
    var b = sequence()
    b[0].frame = Frame(width: 10, height: 8)
    var diffIndices: [Int] = []
    let result = try SequenceCompare.compare(sequence(), b) { index, _ in diffIndices.append(index) }
    XCTAssertTrue(result.sizeMismatch)
    XCTAssertTrue(result.frames[0].sizeMismatch)
    XCTAssertEqual(result.frames[0].mismatchedPixels, 80)
    XCTAssertEqual(diffIndices, [1, 2, 3])
    XCTAssertTrue(result.differs)
  }

  func testEmptySequences() throws {
    let result = try SequenceCompare.compare([], [])
    XCTAssertFalse(result.differs)
    XCTAssertEqual(result.summary, "identical: 0 frames")
  }
}
