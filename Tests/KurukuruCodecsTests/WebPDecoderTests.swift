import Foundation
import KurukuruCodecs
import KurukuruCore
import XCTest

/// The WebP decoder on good and malformed input: every failure is a `WebPError`, never a crash.
final class WebPDecoderTests: XCTestCase {
  /// A small animation: a dot moving across 6 frames of 16×12, with partial alpha.
  static func animation(frames count: Int = 6, quality: Double? = nil, threads: Int = 1) throws -> [UInt8] {
    let frames = (0..<count).map { k -> Frame in
      var f = Frame(width: 16, height: 12)
      for y in 3..<7 { for x in (k * 2)..<(k * 2 + 4) { f[x, y] = RGBA8(r: 200, g: UInt8(30 * k), b: 40, a: UInt8(60 + 30 * k)) } }
      return f
    }
    return try WebPEncoder.encode(TimedFrames(frames, frameDuration: Rational(1, 30)),
                                  options: WebPOptions(quality: quality, threads: threads)).bytes
  }

  func testRoundTripIsExactWithDurations() throws {
    let bytes = try Self.animation()
    let decoded = try WebPDecoder.decode(bytes)
    XCTAssertEqual(decoded.frames.count, 6)
    XCTAssertEqual(decoded.durations, [33, 34, 33, 33, 34, 33])
    XCTAssertEqual(decoded.frames[2][5, 4], RGBA8(r: 200, g: 60, b: 40, a: 120))
    XCTAssertEqual(decoded.frames[2][0, 0], RGBA8(r: 0, g: 0, b: 0, a: 0))
    XCTAssertEqual(try WebPDecoder.info(bytes).compression, "lossless")
  }

  func testLibwebpThreadsDoNotChangeBytes() throws {
    XCTAssertEqual(try Self.animation(threads: 1), try Self.animation(threads: 4))
    XCTAssertEqual(try Self.animation(quality: 50, threads: 1), try Self.animation(quality: 50, threads: 4))
  }

  func testEncoderRejectsBadInput() {
    XCTAssertThrowsError(try WebPEncoder.encode(width: 0, height: 4, durations: [10], frames: { _ in [] })) {
      XCTAssertEqual($0 as? WebPError, .input(.invalidCanvas(width: 0, height: 4, maxSide: 16383)))
    }
    XCTAssertThrowsError(try WebPEncoder.encode(width: 4, height: 4, durations: [0], frames: { _ in [] })) {
      XCTAssertEqual($0 as? WebPError, .input(.invalidDuration(frame: 0, value: 0, unit: .milliseconds, allowed: 1...16_777_215)))
      XCTAssertEqual("\($0)", "webp: frame 0 lasts 0 ms, outside 1...16777215 ms")
    }
    XCTAssertThrowsError(try WebPEncoder.encode(TimedFrames([Frame(width: 4, height: 4)]))) {
      XCTAssertEqual($0 as? WebPError, .input(.untimed))
    }
    XCTAssertThrowsError(try WebPEncoder.encode(width: 4, height: 4, durations: [10], frames: { _ in [Frame(width: 3, height: 4)] })) {
      XCTAssertEqual($0 as? WebPError, .input(.frameSizeMismatch(frame: 0, width: 3, height: 4, expectedWidth: 4, expectedHeight: 4)))
    }
  }

  // MARK: - Malformed

  func testNotWebPAndTruncated() throws {
    XCTAssertThrowsError(try WebPDecoder.decode(Array("GIF89a".utf8))) { XCTAssertEqual($0 as? WebPError, .notWebP) }
    let bytes = try Self.animation()
    for cut in [12, 20, 40, bytes.count / 2, bytes.count - 1] {
      XCTAssertThrowsError(try WebPDecoder.decode(Array(bytes.prefix(cut))), "cut at \(cut)") {
        XCTAssertNotNil($0 as? WebPError)
        XCTAssertTrue(String(describing: $0).hasPrefix("webp: "))
      }
    }
    XCTAssertThrowsError(try WebPDecoder.decode(Array(bytes.prefix(bytes.count - 1)))) {
      XCTAssertEqual($0 as? WebPError, .truncated)
    }
  }

  func testOversizedCanvasIsRejectedBeforeDecoding() throws {
    var bytes = try Self.animation()
    // VP8X canvas width-1 and height-1 (24 bits each) at offsets 24 and 27: 10000 × 10000.
    let side = 10000 - 1
    for offset in [24, 27] {
      bytes[offset] = UInt8(side & 0xFF); bytes[offset + 1] = UInt8(side >> 8 & 0xFF); bytes[offset + 2] = 0
    }
    XCTAssertThrowsError(try WebPDecoder.decode(bytes)) {
      XCTAssertEqual($0 as? WebPError, .tooLarge(width: 10000, height: 10000))
    }
  }

  /// Regression (scripts/fuzz, LeakSanitizer): a file the demuxer parses but a check refuses
  /// (here a 10000 × 10000 canvas) used to leak the demuxer, since a class whose init throws
  /// never runs `deinit`. 20,000 refusals must not grow the resident size by 4 MB (leaking,
  /// they grew the C heap by about 10 MB).
  func testRefusedFilesFreeTheDemuxer() throws {
    // AddressSanitizer keeps freed memory in quarantine, so the resident size grows anyway; its
    // LeakSanitizer is what the fuzz targets check with there.
    if ProcessInfo.processInfo.environment["ASAN_OPTIONS"] != nil {
      throw XCTSkip("resident size is not a leak measure under AddressSanitizer")
    }
    var bytes = try Self.animation()
    let side = 10000 - 1
    for offset in [24, 27] {
      bytes[offset] = UInt8(side & 0xFF); bytes[offset + 1] = UInt8(side >> 8 & 0xFF); bytes[offset + 2] = 0
    }
    for _ in 0..<500 { _ = try? WebPDecoder.info(bytes) }
    let before = Self.residentBytes()
    for _ in 0..<20_000 { _ = try? WebPDecoder.info(bytes) }
    let grown = Self.residentBytes() - before
    XCTAssertLessThan(grown, 4 << 20, "resident size grew by \(grown) bytes over 20,000 refused files")
  }

  /// This process's resident size in bytes (Linux `/proc/self/statm`; 0 elsewhere).
  static func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
  }

  func testMutatedFilesNeverCrashAndAlwaysThrowWebPError() throws {
    let original = try Self.animation()
    var generator = SplitMix64(seed: 42)
    var failures = 0
    for _ in 0..<300 {
      var bytes = original
      for _ in 0..<(1 + Int(generator.next() % 4)) {
        let i = Int(generator.next() % UInt64(bytes.count))
        bytes[i] = UInt8(truncatingIfNeeded: generator.next())
      }
      do {
        let decoded = try WebPDecoder.decode(bytes)
        XCTAssertFalse(decoded.frames.isEmpty)
        XCTAssertTrue(decoded.frames.allSatisfy { $0.pixels.count == decoded.width * decoded.height * 4 })
      } catch let error as WebPError {
        failures += 1
        XCTAssertTrue(error.description.hasPrefix("webp: "))
        XCTAssertFalse(error.description.contains("\n"))
      } catch {
        XCTFail("not a WebPError: \(error)")
      }
    }
    XCTAssertGreaterThan(failures, 0)
  }
}
