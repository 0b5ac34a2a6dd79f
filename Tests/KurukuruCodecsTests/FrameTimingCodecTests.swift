import KurukuruCore
import XCTest

@testable import KurukuruCodecs

// MARK: - Exact timing in each codec's unit

/// The frame provider's exact timing (`TimedFrames`, `FrameTiming`) as each codec turns it into
/// its own delays at its edge: GIF centiseconds and WebP milliseconds with the rounding carried,
/// APNG's fractions; what the files store decodes back to them.
final class FrameTimingCodecTests: XCTestCase {
  func testGIFCentisecondsAtThirtyFPSCarryTheRounding() throws {
    let timing = FrameTiming.uniform(count: 6, frameDuration: Rational(1, 30))
    XCTAssertEqual(GIFDelays.centiseconds(timing), [3, 4, 3, 3, 4, 3])
    let frames = (0..<6).map { Self.bar($0) }
    let decoded = try GIFDecoder.decode(try GIFEncoder.encode(TimedFrames(frames, frameDuration: Rational(1, 30))))
    XCTAssertEqual(decoded.delays, [3, 4, 3, 3, 4, 3])
  }

  func testAPNGKeepsExactFractions() throws {
    let timing = FrameTiming.uniform(count: 36, frameDuration: Rational(1, 30))
    XCTAssertEqual(APNGDelays.delays(timing), [APNGDelay](repeating: APNGDelay(1, 30), count: 36))
    let frames = (0..<6).map { Self.bar($0) }
    let decoded = try APNGDecoder.decode(try APNGEncoder.encode(TimedFrames(frames, frameDuration: Rational(1, 30))))
    XCTAssertEqual(decoded.delays, [APNGDelay](repeating: APNGDelay(1, 30), count: 6))
    XCTAssertEqual(APNGDelay.total(decoded.delays), 0.2, accuracy: 1e-15)
    // Own durations that fit fcTL are kept as they are.
    let own = FrameTiming.durations([Rational(1, 30), Rational(1, 15), Rational(3, 100)])
    XCTAssertEqual(APNGDelays.delays(own), [APNGDelay(1, 30), APNGDelay(1, 15), APNGDelay(3, 100)])
  }

  func testWebPMillisecondsCarryTheRounding() throws {
    let timing = FrameTiming.uniform(count: 6, frameDuration: Rational(1, 30))
    XCTAssertEqual(WebPDelays.milliseconds(timing), [33, 34, 33, 33, 34, 33])
    let frames = (0..<6).map { Self.bar($0) }
    let decoded = try WebPDecoder.decode(try WebPEncoder.encode(TimedFrames(frames, frameDuration: Rational(1, 30))).bytes)
    XCTAssertEqual(decoded.durations, [33, 34, 33, 33, 34, 33])
  }

  // MARK: - Helpers

  /// A 12 × 6 frame with a bar at column `i`, so that no two frames are equal (nothing merged).
  static func bar(_ i: Int) -> Frame {
    var f = Frame(width: 12, height: 6)
    for y in 0..<6 { f[i % 12, y] = RGBA8(r: 200, g: 40, b: 90) }
    return f
  }
}
