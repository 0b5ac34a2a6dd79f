import CKurukuruFastPNG
import Foundation
import KurukuruCore
import KurukuruCodecs
import XCTest

// MARK: - PNG.encodeFast

/// `PNG.encodeFast` (the PNG-sequence writer): exact round trips through libpng on random frames
/// (libdeflate path), flat and few-colour frames (the pixel matcher), odd sizes and every level;
/// the same pixels always give the same bytes.
final class PNGFastEncoderTests: XCTestCase {
  func testRandomFramesRoundTripExactlyAtEveryLevel() throws {
    for (width, height, seed) in [(1, 1, 1), (37, 23, 7), (1, 40, 2), (300, 3, 9)] as [(Int, Int, UInt64)] {
      let frame = randomFrame(width: width, height: height, seed: seed)
      for level in 1...12 {
        XCTAssertEqual(try PNG.decode(try PNG.encodeFast(frame, level: level)), frame, "\(width)×\(height) level \(level)")
      }
    }
  }

  func testFlatFramesRoundTripExactlyAndAreSmall() throws {
    for fill in [RGBA8(r: 0, g: 0, b: 0, a: 0), RGBA8(r: 10, g: 20, b: 30, a: 40), RGBA8(r: 255, g: 255, b: 255, a: 255)] {
      for (width, height) in [(1, 1), (2, 1), (64, 64), (510, 510)] {
        let frame = Frame(width: width, height: height, fill: fill)
        let bytes = try PNG.encodeFast(frame)
        XCTAssertEqual(try PNG.decode(bytes), frame, "\(fill) \(width)×\(height)")
        XCTAssertLessThan(bytes.count, 200 + width * height / 50, "\(fill) \(width)×\(height)")
      }
    }
  }

  /// Mostly transparent with a few shapes and some noise: the pixel matcher's frames, including
  /// rows equal to the row above and a frame too wide for a match one row up (> 32 KiB a row).
  func testLoaderLikeFramesRoundTripExactly() throws {
    for (width, height) in [(170, 170), (8192, 3), (5, 300)] {
      var frame = Frame(width: width, height: height)
      var random = UInt64(width * 31 + height)
      for y in 0..<height {
        for x in 0..<width {
          random = random &* 6364136223846793005 &+ 1442695040888963407
          let inRing = (x / 7 + y / 5) % 3 == 0
          let noise = UInt8(truncatingIfNeeded: random >> 59)
          if inRing { frame[x, y] = RGBA8(r: 20, g: 200 &+ noise, b: 90, a: 255 &- noise) }
        }
        if y % 4 == 3 {
          for x in 0..<width { frame[x, y] = frame[x, y - 1] }
        }
      }
      let bytes = try PNG.encodeFast(frame)
      XCTAssertEqual(try PNG.decode(bytes), frame, "\(width)×\(height)")
    }
  }

  /// The length limit on random tables like a block's (286 literal/length codes at 15 bits, 30
  /// distance codes at 15, 19 code-length codes at 7), with frequencies spread over up to 2^24:
  /// every used symbol gets a code no longer than the limit, the code is complete (Kraft sum 1,
  /// as zlib requires of all but a one-code table), and unused symbols get none.
  func testHuffmanLengthsStayWithinTheLimitAndComplete() {
    var random: UInt64 = 12345
    func next() -> UInt64 {
      random = random &* 6364136223846793005 &+ 1442695040888963407
      return random >> 33
    }
    var limited = 0
    for t in 0..<3000 {
      let (n, limit) = [(286, 15), (30, 15), (19, 7)][t % 3]
      var freq = [UInt32](repeating: 0, count: n)
      for i in 0..<n where next() % 4 != 0 {
        freq[i] = UInt32(1 + pow(2, Double(next() % 1000) / 1000 * (limit == 7 ? 12 : 24)))
      }
      if freq.filter({ $0 > 0 }).count < 2 { freq[0] = 1; freq[1] = 1 }
      var lengths = [UInt8](repeating: 99, count: n)
      XCTAssertEqual(kk_fast_huffman_lengths(freq, Int32(n), Int32(limit), &lengths), 0)
      var kraft = 0.0
      for i in 0..<n {
        XCTAssertEqual(lengths[i] == 0, freq[i] == 0, "table \(t) symbol \(i)")
        XCTAssertLessThanOrEqual(Int(lengths[i]), limit, "table \(t) symbol \(i)")
        if lengths[i] > 0 { kraft += pow(2, -Double(lengths[i])) }
      }
      XCTAssertEqual(kraft, 1, accuracy: 1e-12, "table \(t)")
      if lengths.contains(UInt8(limit)) { limited += 1 }
    }
    XCTAssertGreaterThan(limited, 500, "many tables reach the limit")
    var lengths = [UInt8](repeating: 0, count: 3)
    XCTAssertEqual(kk_fast_huffman_lengths([1, 0, 0], 3, 15, &lengths), -1, "one used symbol")
    XCTAssertEqual(kk_fast_huffman_lengths([1, 1, 1], 3, 1, &lengths), -1, "three codes in one bit")
  }

  func testSamePixelsGiveSameBytes() throws {
    let frame = randomFrame(width: 40, height: 30, seed: 5)
    let copy = Frame(width: frame.width, height: frame.height, pixels: frame.pixels)
    XCTAssertEqual(try PNG.encodeFast(frame), try PNG.encodeFast(copy))
    // Only IHDR, IDAT, IEND; RGBA 8-bit.
    let bytes = try PNG.encodeFast(frame)
    XCTAssertEqual(Array(bytes[0..<8]), [137, 80, 78, 71, 13, 10, 26, 10])
    XCTAssertEqual(Array(bytes[24..<29]), [8, 6, 0, 0, 0])
  }

  func testWrittenFramesAreReusedOnlyForEqualFrames() throws {
    let frame = randomFrame(width: 40, height: 30, seed: 7)
    let files = Locked<[String: [UInt8]]>([:])
    let reads = Locked(0)
    let written = PNGWrittenFrames { name in
      reads.withLock { $0 += 1 }
      return files.withLock { $0[name] }
    }
    let first = try PNG.encodeFast(frame, level: 4, reusing: written)
    XCTAssertEqual(first.bytes, try PNG.encodeFast(frame, level: 4))
    XCTAssertEqual(reads.withLock { $0 }, 0, "nothing written yet: nothing read")
    files.withLock { $0["a.png"] = first.bytes }
    written.add("a.png", key: first.key)

    // An equal frame: the file is read (once to check its CRC-32, once for its bytes) and its
    // bytes come back; a third equal frame reads it only once (the CRC-32 is remembered).
    let copy = Frame(width: frame.width, height: frame.height, pixels: frame.pixels)
    let again = try PNG.encodeFast(copy, level: 4, reusing: written)
    XCTAssertEqual(again.bytes, first.bytes)
    XCTAssertEqual(again.key, first.key)
    XCTAssertEqual(reads.withLock { $0 }, 2)
    XCTAssertEqual(try PNG.encodeFast(copy, level: 4, reusing: written).bytes, first.bytes)
    XCTAssertEqual(reads.withLock { $0 }, 3)

    // Frames that differ are encoded: one bit, a row repeated (filtered differently), the same
    // bytes in another shape.
    var changed = copy
    changed.pixels[1_000] ^= 1
    var repeated = copy
    for x in 0..<copy.width { repeated[x, 5] = repeated[x, 4] }
    let other = Frame(width: frame.height, height: frame.width, pixels: frame.pixels)
    for variant in [changed, repeated, other] {
      let result = try PNG.encodeFast(variant, level: 4, reusing: written)
      XCTAssertEqual(try PNG.decode(result.bytes), variant)
    }

    // The CRC-32 decides when Adler-32s agree: a file added under this frame's key whose rows
    // differ is not reused.
    files.withLock { $0["b.png"] = try? PNG.encodeFast(changed, level: 4) }
    let impostor = PNGWrittenFrames { name in files.withLock { $0[name] } }
    impostor.add("b.png", key: first.key)
    XCTAssertEqual(try PNG.encodeFast(copy, level: 4, reusing: impostor).bytes, first.bytes)
    XCTAssertNotEqual(try PNG.encodeFast(copy, level: 4, reusing: impostor).bytes, files.withLock { $0["b.png"] })
    // An unreadable or foreign file under the key is not reused either.
    let broken = PNGWrittenFrames { _ in [1, 2, 3] }
    broken.add("c.png", key: first.key)
    XCTAssertEqual(try PNG.encodeFast(copy, level: 4, reusing: broken).bytes, first.bytes)
  }

  /// An encoder remembers the lines and symbols of the frames it encoded before and matches
  /// only the bands of lines that changed: a frame must still give the bytes a new encoder
  /// gives. The sequence changes single rows at band edges (a band's last row
  /// is read by the next band's matches), flips rows between the up and none filters (also where
  /// a row's pixels change but its filtered bytes do not), switches to
  /// libdeflate (noise) and back, changes size and back, and repeats frames.
  func testEarlierFramesOfTheSameEncoderDoNotChangeTheBytes() throws {
    let encoder = try FastPNGEncoder()
    var base = Frame(width: 60, height: 70)
    for y in 0..<base.height {
      for x in 0..<base.width where (x - 30) * (x - 30) + (y - 35) * (y - 35) < 600 {
        base[x, y] = RGBA8(r: 200, g: UInt8(x / 12 * 40), b: 40, a: UInt8(155 + y / 10 * 10))
      }
    }
    // The pixel matcher encodes it (libdeflate's levels would differ) and remembers its symbols.
    XCTAssertEqual(try encoder.encode(base, level: 1), try PNG.encodeFast(base, level: 12))
    func changing(_ frame: Frame, rows: [Int], seed: UInt8) -> Frame {
      var copy = frame
      for y in rows { copy[(y * 7 + Int(seed)) % copy.width, y] = RGBA8(r: seed, g: 1, b: 2, a: 3) }
      return copy
    }
    var equalRows = base  // rows 40 and 41 equal row 39: filtered up
    for x in 0..<base.width { equalRows[x, 40] = equalRows[x, 39]; equalRows[x, 41] = equalRows[x, 39] }
    var aboveChanged = equalRows  // row 39 changes: rows 40 and 41 no longer equal it, but 41 = 40
    aboveChanged[3, 39] = RGBA8(r: 9, g: 9, b: 9, a: 9)
    // Rows 39–41 go from X X Y to Y Y Y: row 40 keeps its zeros (filtered up) though its pixels
    // changed, and row 41, unchanged, now equals the row above.
    var fromXXY = base, toYYY = base
    for x in 0..<base.width {
      fromXXY[x, 39] = base[x, 30]
      fromXXY[x, 40] = base[x, 30]
      fromXXY[x, 41] = base[x, 35]
      for y in 39...41 { toYYY[x, y] = base[x, 35] }
    }
    XCTAssertNotEqual(fromXXY, toYYY)
    let sequence: [Frame] = [
      base, changing(base, rows: [15], seed: 1), changing(base, rows: [16], seed: 2),
      changing(base, rows: [31, 32, 69], seed: 3), changing(base, rows: [0], seed: 4), base,
      equalRows, aboveChanged, equalRows, randomFrame(width: 60, height: 70, seed: 11), base,
      Frame(width: 70, height: 60), changing(base, rows: [47], seed: 5), base, base,
      randomFrame(width: 60, height: 70, seed: 12), changing(base, rows: [48], seed: 6),
      fromXXY, toYYY, fromXXY,
    ]
    for (i, frame) in sequence.enumerated() {
      let bytes = try encoder.encode(frame)
      XCTAssertEqual(bytes, try FastPNGEncoder().encode(frame), "frame \(i)")
      XCTAssertEqual(try PNG.decode(bytes), frame, "frame \(i)")
    }
  }

  /// Encoders handed to threads by the pool: a loader's frames written on 1 and on 3 threads,
  /// in any order and by any encoder, are the same bytes as each frame from a new encoder.
  func testPooledEncodersOnOneAndThreeThreadsWriteTheSameBytes() throws {
    let frames = (0..<24).map { k -> Frame in
      var f = Frame(width: 90, height: 90)
      for y in 0..<90 {
        for x in 0..<90 where abs((x - 45) * (x - 45) + (y - 45) * (y - 45) - 900) < 120 && (x + k * 5) % 90 < 40 {
          f[x, y] = RGBA8(r: 30, g: UInt8(100 + k), b: 220, a: UInt8(128 + k * 5))
        }
      }
      return f
    }
    let fresh = try frames.map { try FastPNGEncoder().encode($0) }
    for threads in [1, 3] {
      let pool = FastPNGEncoderPool()
      let written = Locked<[Int: [UInt8]]>([:])
      DispatchQueue.concurrentPerform(iterations: threads) { worker in
        for i in stride(from: worker, to: frames.count, by: threads) {
          let bytes = try? pool.withEncoder { try $0.encode(frames[i]) }
          written.withLock { $0[i] = bytes }
        }
      }
      XCTAssertEqual((0..<frames.count).compactMap { i in written.withLock { $0[i] } }, fresh, "\(threads) threads")
    }
  }

  func testBadArgumentsThrow() {
    let frame = Frame(width: 2, height: 2)
    XCTAssertThrowsError(try PNG.encodeFast(frame, level: 0))
    XCTAssertThrowsError(try PNG.encodeFast(frame, level: 13))
    XCTAssertThrowsError(try PNG.encodeFast(Frame(width: 0, height: 3))) { error in
      XCTAssertEqual(error as? PNGError, .emptyFrame(width: 0, height: 3))
    }
  }
}

/// A value behind a lock, for closures called from the encoder.
private final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value
  init(_ value: Value) { self.value = value }
  func withLock<T>(_ body: (inout Value) -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}
