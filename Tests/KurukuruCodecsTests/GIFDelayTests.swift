@testable import KurukuruCodecs
import XCTest

final class GIFDelayTests: XCTestCase {
  private func check(frames: Int, fps: Double, total: Int, file: StaticString = #filePath, line: UInt = #line) {
    let delays = GIFDelays.centiseconds(frameCount: frames, fps: fps)
    XCTAssertEqual(delays.count, frames, file: file, line: line)
    XCTAssertEqual(delays.reduce(0, +), total, file: file, line: line)
    XCTAssertTrue(delays.allSatisfy { $0 == 0 || $0 >= 2 }, "\(delays)", file: file, line: line)
    XCTAssertGreaterThan(delays[0], 0, file: file, line: line)
  }

  func testThirtyFPSCarriesTheRounding() {
    let delays = GIFDelays.centiseconds(frameCount: 6, fps: 30)
    XCTAssertEqual(delays, [3, 4, 3, 3, 4, 3])
    check(frames: 30, fps: 30, total: 100)
    check(frames: 45, fps: 30, total: 150)
  }

  func testTwentyFourAndFiftyFPS() {
    check(frames: 24, fps: 24, total: 100)
    XCTAssertEqual(Set(GIFDelays.centiseconds(frameCount: 24, fps: 24)), [4, 5])
    XCTAssertEqual(GIFDelays.centiseconds(frameCount: 50, fps: 50), [Int](repeating: 2, count: 50))
    XCTAssertEqual(GIFDelays.centiseconds(frameCount: 10, fps: 25), [Int](repeating: 4, count: 10))
  }

  func testAboveFiftyFPSDropsFramesButKeepsTheSpeed() {
    // 60 fps: slots of 1 cs are merged into the frame that starts their group (others get 0 =
    // dropped by the encoder), so one second still lasts 100 cs.
    let delays = GIFDelays.centiseconds(frameCount: 60, fps: 60)
    check(frames: 60, fps: 60, total: 100)
    XCTAssertTrue(delays.contains(0))
    XCTAssertEqual(Array(delays.prefix(6)), [2, 3, 0, 2, 3, 0])
    check(frames: 120, fps: 120, total: 100)
    XCTAssertEqual(GIFDelays.centiseconds(frameCount: 1, fps: 100), [2], "never under 2 cs")
    XCTAssertEqual(GIFDelays.centiseconds(frameCount: 0, fps: 30), [])
  }

  func testZeroDelayFramesAreDroppedByTheEncoder() throws {
    let frames = (0..<6).map { Synthetic.disc(size: 12, frame: $0, of: 6) }
    var requested: [Int] = []
    let delays = GIFDelays.centiseconds(frameCount: 6, fps: 60)  // [2, 3, 0, 2, 3, 0]
    let bytes = try GIFEncoder.encode(width: 12, height: 12, frameCount: 6, delays: delays, options: GIFOptions()) {
      requested += Array($0)
      return Array(frames[$0])
    }
    XCTAssertFalse(requested.contains(2) || requested.contains(5), "zero-delay frames are never rendered")
    let decoded = try GIFDecoder.decode(bytes)
    XCTAssertEqual(decoded.delays, [2, 3, 2, 3])
    XCTAssertEqual(decoded.frames.count, 4)
  }

  func testInvalidDelaysThrow() {
    let frame = Synthetic.disc(size: 8, frame: 0, of: 1)
    XCTAssertThrowsError(try GIFEncoder.encode([frame, frame], delays: [4, 1])) {
      XCTAssertEqual("\($0)", "gif: frame 1 has delay 1 cs; use 0 (drop the frame) or 2...65535")
    }
    XCTAssertThrowsError(try GIFEncoder.encode([frame], delays: [4, 4])) {
      XCTAssertEqual("\($0)", "gif: 2 delays given for 1 frames")
    }
    XCTAssertThrowsError(try GIFEncoder.encode([frame], delays: [0])) {
      XCTAssertEqual($0 as? GIFError, .input(.noFrames))
    }
  }
}
