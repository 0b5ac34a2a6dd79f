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

  func testSamePixelsGiveSameBytesAndHashes() throws {
    let frame = randomFrame(width: 40, height: 30, seed: 5)
    let copy = Frame(width: frame.width, height: frame.height, pixels: frame.pixels)
    XCTAssertEqual(try PNG.encodeFast(frame), try PNG.encodeFast(copy))
    XCTAssertEqual(PNG.pixelHash(frame), PNG.pixelHash(copy))
    var changed = copy
    changed.pixels[17] ^= 1
    XCTAssertNotEqual(PNG.pixelHash(frame), PNG.pixelHash(changed))
    // Same bytes, other shape.
    let other = Frame(width: frame.height, height: frame.width, pixels: frame.pixels)
    XCTAssertNotEqual(PNG.pixelHash(frame), PNG.pixelHash(other))
    // Only IHDR, IDAT, IEND; RGBA 8-bit.
    let bytes = try PNG.encodeFast(frame)
    XCTAssertEqual(Array(bytes[0..<8]), [137, 80, 78, 71, 13, 10, 26, 10])
    XCTAssertEqual(Array(bytes[24..<29]), [8, 6, 0, 0, 0])
  }

  func testReusingAsksOnceWithTheFrameHashAndSkipsDeflating() throws {
    let frame = randomFrame(width: 40, height: 30, seed: 7)
    var asked: [UInt64] = []
    let first = try PNG.encodeFast(frame, level: 4) { hash in
      asked.append(hash)
      return nil
    }
    XCTAssertEqual(asked, [first.hash])
    XCTAssertEqual(first.bytes, try PNG.encodeFast(frame, level: 4))
    // The same pixels in another frame: same hash, and the earlier bytes are returned as they are.
    let copy = Frame(width: frame.width, height: frame.height, pixels: frame.pixels)
    let reused = try PNG.encodeFast(copy, level: 4) { hash in hash == first.hash ? [1, 2, 3] : nil }
    XCTAssertEqual(reused.bytes, [1, 2, 3])
    XCTAssertEqual(reused.hash, first.hash)
    // One bit changed, a row repeated (filtered differently), or the same bytes in another shape:
    // other hashes.
    var changed = copy
    changed.pixels[1_000] ^= 1
    var repeated = copy
    for x in 0..<copy.width { repeated[x, 5] = repeated[x, 4] }
    let other = Frame(width: frame.height, height: frame.width, pixels: frame.pixels)
    var hashes: Set<UInt64> = [first.hash]
    for variant in [changed, repeated, other] {
      let result = try PNG.encodeFast(variant, level: 4) { _ in nil }
      XCTAssertEqual(try PNG.decode(result.bytes), variant)
      hashes.insert(result.hash)
    }
    XCTAssertEqual(hashes.count, 4)
    // What the closure throws comes out.
    struct Stop: Error {}
    XCTAssertThrowsError(try PNG.encodeFast(frame) { _ in throw Stop() }) { XCTAssertTrue($0 is Stop) }
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
