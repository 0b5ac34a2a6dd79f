import KurukuruCore
@testable import KurukuruCodecs
import XCTest

final class GIFDecoderTests: XCTestCase {
  private let red = RGBA8(r: 255, g: 0, b: 0)
  private let green = RGBA8(r: 0, g: 255, b: 0)
  private let blue = RGBA8(r: 0, g: 0, b: 255)
  private let white = RGBA8(r: 255, g: 255, b: 255)
  private let clear = RGBA8(r: 0, g: 0, b: 0, a: 0)

  private func message(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> String {
    do {
      _ = try GIFDecoder.decode(bytes)
      XCTFail("decoding should fail", file: file, line: line)
      return ""
    } catch {
      return "\(error)"
    }
  }

  /// A valid 4×4 file with one red frame.
  private func simple() -> [UInt8] {
    var gif = GIFBytes()
    gif.screen(width: 4, height: 4, global: [red, green, blue, white])
    gif.control(disposal: 1, delay: 7, transparent: nil)
    gif.image(x: 0, y: 0, width: 4, height: 4, indices: [UInt8](repeating: 0, count: 16))
    gif.trailer()
    return gif.bytes
  }

  // MARK: - Features our encoder never writes

  func testHandMadeFileDecodes() throws {
    let decoded = try GIFDecoder.decode(simple())
    XCTAssertEqual(decoded.frames, [Frame(width: 4, height: 4, fill: red)])
    XCTAssertEqual(decoded.delays, [7])
    XCTAssertNil(decoded.loopCount)
  }

  func testInterlacedImageWithLocalColourTable() throws {
    var gif = GIFBytes()
    gif.screen(width: 3, height: 10, global: [red, green])
    // Row r has colour index r % 4 in a local table of four colours.
    let indices = (0..<10).flatMap { r in [UInt8](repeating: UInt8(r % 4), count: 3) }
    gif.image(x: 0, y: 0, width: 3, height: 10, local: [white, blue, green, red], interlaced: true, indices: indices)
    gif.trailer()
    let frame = try XCTUnwrap(GIFDecoder.decode(gif.bytes).frames.first)
    let palette = [white, blue, green, red]
    for y in 0..<10 { XCTAssertEqual(frame[1, y], palette[y % 4], "row \(y)") }
  }

  func testDisposalMethods() throws {
    var gif = GIFBytes()
    gif.screen(width: 4, height: 4, global: [red, green, blue, white])
    gif.loop(0)
    gif.control(disposal: 1, delay: 5, transparent: nil)
    gif.image(x: 0, y: 0, width: 4, height: 4, indices: [UInt8](repeating: 0, count: 16))  // all red
    gif.control(disposal: 3, delay: 5, transparent: nil)
    gif.image(x: 1, y: 1, width: 2, height: 2, indices: [2, 2, 2, 2])  // blue square, then restore previous
    gif.control(disposal: 2, delay: 5, transparent: 3)
    gif.image(x: 0, y: 0, width: 2, height: 1, indices: [1, 3])  // green at (0,0); index 3 transparent
    gif.control(disposal: 1, delay: 5, transparent: 3)
    gif.image(x: 3, y: 3, width: 2, height: 2, indices: [1, 3, 3, 3])  // clipped to (3,3)
    gif.trailer()
    let decoded = try GIFDecoder.decode(gif.bytes)
    XCTAssertEqual(decoded.loopCount, 0)
    XCTAssertEqual(decoded.frames.count, 4)
    XCTAssertEqual(decoded.frames[1][1, 1], blue)
    XCTAssertEqual(decoded.frames[2][1, 1], red, "disposal 3 restored the red canvas")
    XCTAssertEqual(decoded.frames[2][0, 0], green)
    XCTAssertEqual(decoded.frames[2][1, 0], red, "transparent index keeps the canvas")
    XCTAssertEqual(decoded.frames[3][0, 0], clear, "disposal 2 cleared the rectangle")
    XCTAssertEqual(decoded.frames[3][1, 0], clear)
    XCTAssertEqual(decoded.frames[3][2, 0], red)
    XCTAssertEqual(decoded.frames[3][3, 3], green)
  }

  // MARK: - Malformed input

  func testNotAGIF() {
    XCTAssertEqual(message([]), "gif: not a gif file (no GIF87a/GIF89a signature)")
    XCTAssertEqual(message(Array("\u{89}PNG\r\n\u{1A}\n".utf8)), "gif: not a gif file (no GIF87a/GIF89a signature)")
    var generator = SplitMix64(seed: 7)
    let random = (0..<300).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    XCTAssertEqual(message(random), "gif: not a gif file (no GIF87a/GIF89a signature)")
  }

  func testRandomBytesAfterTheSignatureThrow() {
    var generator = SplitMix64(seed: 11)
    for _ in 0..<50 {
      let random = Array("GIF89a".utf8) + (0..<200).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
      XCTAssertThrowsError(try GIFDecoder.decode(random))
      XCTAssertThrowsError(try GIFDecoder.info(random))
    }
  }

  func testTruncatedFiles() throws {
    let frames = (0..<3).map { Synthetic.disc(size: 16, frame: $0, of: 3) }
    let bytes = try GIFEncoder.encode(frames, delays: [4, 4, 4])
    XCTAssertEqual(message(Array(bytes.prefix(9))), "gif: truncated data in the logical screen descriptor")
    XCTAssertTrue(message(Array(bytes.prefix(bytes.count / 2))).hasPrefix("gif: truncated data in "))
    XCTAssertEqual(message(Array(bytes.dropLast())), "gif: truncated data in the blocks after frame 2")
    // Every prefix fails cleanly (never a crash).
    for length in stride(from: 0, to: bytes.count, by: 7) {
      XCTAssertThrowsError(try GIFDecoder.decode(Array(bytes.prefix(length))))
    }
  }

  func testMutatedFilesNeverCrash() throws {
    // Byte flips anywhere in a small valid file: each decode either succeeds or throws a GIFError.
    let frames = (0..<3).map { Synthetic.disc(size: 12, frame: $0, of: 3) }
    let bytes = try GIFEncoder.encode(frames, delays: [4, 4, 4])
    var generator = SplitMix64(seed: 5)
    var failures = 0
    for _ in 0..<400 {
      var mutated = bytes
      for _ in 0..<(1 + Int(generator.next() % 3)) {
        let at = Int(generator.next() % UInt64(mutated.count))
        mutated[at] = UInt8(truncatingIfNeeded: generator.next())
      }
      do {
        let decoded = try GIFDecoder.decode(mutated)
        XCTAssertEqual(decoded.frames.count, decoded.delays.count)
      } catch {
        XCTAssertTrue(error is GIFError, "\(error)")
        failures += 1
      }
    }
    XCTAssertGreaterThan(failures, 0, "some mutations must be caught")
  }

  func testZeroAndHugeSizes() {
    var zero = GIFBytes()
    zero.screen(width: 4, height: 0, global: [red, green])
    zero.trailer()
    XCTAssertEqual(message(zero.bytes), "gif: logical screen 4×0 has a zero side")

    var huge = GIFBytes()
    huge.screen(width: 9000, height: 10, global: [red, green])
    huge.trailer()
    XCTAssertEqual(message(huge.bytes), "gif: logical screen 9000×10 is above 8192 pixels a side")

    var hugeFrame = GIFBytes()
    hugeFrame.screen(width: 10, height: 10, global: [red, green])
    hugeFrame.image(x: 0, y: 0, width: 60000, height: 60000, indices: [])
    XCTAssertEqual(message(hugeFrame.bytes), "gif: frame 0 60000×60000 is above 8192 pixels a side")
  }

  func testMemoryBoundIsCheckedBeforeDecoding() {
    var gif = GIFBytes()
    gif.screen(width: 8192, height: 8192, global: [red, green])
    for _ in 0..<5 { gif.image(x: 0, y: 0, width: 1, height: 1, indices: [0]) }
    gif.trailer()
    XCTAssertEqual(message(gif.bytes), "gif: 5 frames of 8192×8192 would need more than 1024 MiB")
    XCTAssertEqual(try GIFDecoder.info(gif.bytes).frames, 5, "info needs no canvas")
  }

  func testCorruptLZW() {
    var gif = GIFBytes()
    gif.screen(width: 4, height: 4, global: [red, green, blue, white])
    // Minimum code size 2: codes are 3 bits; clear = 4, end = 5. After a clear, code 7 refers to
    // a table entry that does not exist yet.
    gif.bytes += [0x2C, 0, 0, 0, 0, 4, 0, 4, 0, 0]
    gif.bytes += [2, 2, 0xFC, 0xFF, 0]  // codes: 4, 7, 7, 7, 7 …
    gif.trailer()
    XCTAssertEqual(message(gif.bytes), "gif: frame 0 has corrupt lzw image data")
  }

  func testFileWithoutImages() {
    var gif = GIFBytes()
    gif.screen(width: 4, height: 4, global: [red, green])
    gif.trailer()
    XCTAssertEqual(message(gif.bytes), "gif: the file holds no image")
  }

  func testMissingColourTable() {
    var gif = GIFBytes()
    gif.screen(width: 2, height: 2, global: nil)
    gif.image(x: 0, y: 0, width: 2, height: 2, indices: [0, 0, 0, 0])
    gif.trailer()
    XCTAssertEqual(message(gif.bytes), "gif: frame 0 has no colour table (neither local nor global)")
  }
}
