import KurukuruCore
import XCTest

@testable import KurukuruCodecs

final class GIFDelayTests: XCTestCase {
  private func check(frames: Int, fps: Int, total: Int, file: StaticString = #filePath, line: UInt = #line) {
    let delays = GIFDelays.centiseconds(.fps(fps, count: frames))
    XCTAssertEqual(delays.count, frames, file: file, line: line)
    XCTAssertEqual(delays.reduce(0, +), total, file: file, line: line)
    XCTAssertTrue(delays.allSatisfy { $0 == 0 || $0 >= 2 }, "\(delays)", file: file, line: line)
    XCTAssertGreaterThan(delays[0], 0, file: file, line: line)
  }

  func testThirtyFPSCarriesTheRounding() {
    let delays = GIFDelays.centiseconds(.fps(30, count: 6))
    XCTAssertEqual(delays, [3, 4, 3, 3, 4, 3])
    check(frames: 30, fps: 30, total: 100)
    check(frames: 45, fps: 30, total: 150)
  }

  func testTwentyFourAndFiftyFPS() {
    check(frames: 24, fps: 24, total: 100)
    XCTAssertEqual(Set(GIFDelays.centiseconds(.fps(24, count: 24))), [4, 5])
    XCTAssertEqual(GIFDelays.centiseconds(.fps(50, count: 50)), [Int](repeating: 2, count: 50))
    XCTAssertEqual(GIFDelays.centiseconds(.fps(25, count: 10)), [Int](repeating: 4, count: 10))
  }

  func testAboveFiftyFPSDropsFramesButKeepsTheSpeed() {
    // 60 fps: slots of 1 cs are merged into the frame that starts their group (others get 0 =
    // dropped by the encoder), so one second still lasts 100 cs.
    let delays = GIFDelays.centiseconds(.fps(60, count: 60))
    check(frames: 60, fps: 60, total: 100)
    XCTAssertTrue(delays.contains(0))
    XCTAssertEqual(Array(delays.prefix(6)), [2, 3, 0, 2, 3, 0])
    check(frames: 120, fps: 120, total: 100)
    XCTAssertEqual(GIFDelays.centiseconds(.fps(100, count: 1)), [2], "never under 2 cs")
    XCTAssertEqual(GIFDelays.centiseconds(.fps(30, count: 0)), [])
    XCTAssertEqual(GIFDelays.centiseconds(.untimed(count: 3)), [], "no timing, no delays")
  }

  func testZeroDelayFramesAreDroppedByTheEncoder() throws {
    let frames = (0..<6).map { Synthetic.disc(size: 12, frame: $0, of: 6) }
    var requested: [Int] = []
    let timing = FrameTiming.fps(60, count: 6)  // [2, 3, 0, 2, 3, 0] cs
    let bytes = try GIFEncoder.encode(TimedFrames(width: 12, height: 12, timing: timing) {
      requested += Array($0)
      return Array(frames[$0])
    })
    XCTAssertFalse(requested.contains(2) || requested.contains(5), "zero-delay frames are never rendered")
    let decoded = try GIFDecoder.decode(bytes)
    XCTAssertEqual(decoded.delays, [2, 3, 2, 3])
    XCTAssertEqual(decoded.frames.count, 4)
  }

  /// Durations shorter than 2 cs are merged into the frame before instead of being refused; what
  /// GIF cannot store (over 65535 cs), untimed frames and no frames are input errors.
  func testInvalidTimingThrows() {
    let frame = Synthetic.disc(size: 8, frame: 0, of: 1)
    XCTAssertEqual(try GIFDecoder.decode(try GIFEncoder.encode([frame, frame], delays: [4, 1])).delays, [5])
    XCTAssertThrowsError(try GIFEncoder.encode(TimedFrames([frame], durations: [Rational(700, 1)]))) {
      XCTAssertEqual("\($0)", "gif: frame 0 lasts 70000 cs, outside 2...65535 cs")
    }
    XCTAssertThrowsError(try GIFEncoder.encode(TimedFrames([frame]))) {
      XCTAssertEqual($0 as? GIFError, .input(.untimed))
    }
    XCTAssertThrowsError(try GIFEncoder.encode(TimedFrames([]))) {
      XCTAssertEqual("\($0)", "gif: canvas 0×0 is outside 1...65535 pixels a side")
    }
    XCTAssertThrowsError(try GIFEncoder.encode(TimedFrames(width: 8, height: 8, timing: .fps(30, count: 0)) { _ in [] })) {
      XCTAssertEqual($0 as? GIFError, .input(.noFrames))
    }
  }
}
