import KurukuruCore
@testable import KurukuruCodecs
import XCTest

/// Malformed APNG files: every one gives an `APNGError` (never a crash, never another error),
/// with a one-line message naming the chunk or frame.
final class APNGMalformedTests: XCTestCase {
  // MARK: - Support

  /// A chunk to assemble.
  struct Chunk {
    var type: String
    var data: [UInt8]
  }

  static func u32(_ v: Int) -> [UInt8] {
    let v = UInt32(truncatingIfNeeded: v)
    return [UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)]
  }

  static func file(_ chunks: [Chunk]) -> [UInt8] {
    var w = ChunkWriter()
    for c in chunks { w.chunk(c.type) { $0.bytes(c.data) } }
    return w.bytes
  }

  static func ihdr(_ w: Int, _ h: Int, depth: UInt8 = 8, colorType: UInt8 = 6, interlace: UInt8 = 0) -> Chunk {
    Chunk(type: "IHDR", data: u32(w) + u32(h) + [depth, colorType, 0, 0, interlace])
  }

  static func actl(_ frames: Int, plays: Int = 0) -> Chunk { Chunk(type: "acTL", data: u32(frames) + u32(plays)) }

  static func fctl(_ seq: Int, _ w: Int, _ h: Int, x: Int = 0, y: Int = 0, dispose: UInt8 = 0, blend: UInt8 = 0) -> Chunk {
    Chunk(type: "fcTL", data: u32(seq) + u32(w) + u32(h) + u32(x) + u32(y) + [0, 1, 0, 10, dispose, blend])
  }

  /// zlib data of `h` RGBA rows of `w` transparent pixels.
  static func image(_ w: Int, _ h: Int) throws -> [UInt8] {
    try Deflate.compress([UInt8](repeating: 0, count: h * (w * 4 + 1)), with: .zlib(level: 6))
  }

  static func idat(_ w: Int, _ h: Int) throws -> Chunk { Chunk(type: "IDAT", data: try image(w, h)) }
  static func fdat(_ seq: Int, _ w: Int, _ h: Int) throws -> Chunk { Chunk(type: "fdAT", data: u32(seq) + (try image(w, h))) }
  static let iend = Chunk(type: "IEND", data: [])

  /// A valid two-frame 4×4 APNG.
  static func valid() throws -> [Chunk] {
    [ihdr(4, 4), actl(2), fctl(0, 4, 4), try idat(4, 4), fctl(1, 2, 2, x: 1, y: 1), try fdat(2, 2, 2), iend]
  }

  func assertAPNGError(_ bytes: [UInt8], _ expected: APNGError? = nil, contains text: String? = nil,
                       file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertThrowsError(try APNGDecoder.decode(bytes), file: file, line: line) { error in
      guard let e = error as? APNGError else { return XCTFail("not an APNGError: \(error)", file: file, line: line) }
      if let expected { XCTAssertEqual(e, expected, file: file, line: line) }
      if let text { XCTAssertTrue(e.description.contains(text), e.description, file: file, line: line) }
      XCTAssertTrue(e.description.hasPrefix("apng: "), file: file, line: line)
      XCTAssertFalse(e.description.contains("\n"), file: file, line: line)
    }
  }

  // MARK: - Cases

  func testTheValidFileDecodes() throws {
    let decoded = try APNGDecoder.decode(Self.file(try Self.valid()))
    XCTAssertEqual(decoded.frames.count, 2)
    XCTAssertEqual(decoded.delays, [APNGDelay(1, 10), APNGDelay(1, 10)])
    XCTAssertTrue(APNGDecoder.isAnimated(Self.file(try Self.valid())))
  }

  func testTruncatedFilesFail() throws {
    let bytes = Self.file(try Self.valid())
    for n in [0, 4, 8, 12, 20, 33, 40, bytes.count / 2, bytes.count - 13, bytes.count - 1] {
      if n < 8 {
        assertAPNGError(Array(bytes.prefix(n)), .notPNG)
      } else {
        assertAPNGError(Array(bytes.prefix(n)), contains: "truncated")
      }
    }
  }

  func testBadCRCFails() throws {
    var bytes = Self.file(try Self.valid())
    bytes[8 + 8 + 13] ^= 1  // IHDR's CRC
    assertAPNGError(bytes, .badCRC(chunk: "IHDR", offset: 8))
  }

  func testBadFrameCountsFail() throws {
    var chunks = try Self.valid()
    chunks[1] = Self.actl(0)
    assertAPNGError(Self.file(chunks), .zeroFrames)
    chunks[1] = Self.actl(100_001)
    assertAPNGError(Self.file(chunks), .tooManyFrames(100_001))
    chunks[1] = Self.actl(3)
    assertAPNGError(Self.file(chunks), .frameCountDiffers(announced: 3, found: 2))
    chunks[1] = Self.actl(1)
    assertAPNGError(Self.file(chunks), .frameCountDiffers(announced: 1, found: 2))
  }

  func testFramesOutsideTheCanvasFail() throws {
    var chunks = try Self.valid()
    chunks[4] = Self.fctl(1, 2, 2, x: 3, y: 1)
    assertAPNGError(Self.file(chunks), .frameOutsideCanvas(frame: 1, x: 3, y: 1, width: 2, height: 2, canvasWidth: 4, canvasHeight: 4))
    chunks[4] = Self.fctl(1, 0, 2)
    assertAPNGError(Self.file(chunks), .badSize(place: "frame 1", width: 0, height: 2))
    chunks[4] = Self.fctl(1, 2, 2, x: Int(UInt32.max), y: 0)
    assertAPNGError(Self.file(chunks), contains: "outside the 4×4 canvas")
    chunks = try Self.valid()
    chunks[2] = Self.fctl(0, 2, 2)
    assertAPNGError(Self.file(chunks), contains: "frame 0 before IDAT must cover the whole")
  }

  func testHugeSizesFailBeforeAllocating() throws {
    var chunks = try Self.valid()
    chunks[0] = Self.ihdr(100_000, 4)
    assertAPNGError(Self.file(chunks), .badSize(place: "canvas", width: 100_000, height: 4))
    chunks[0] = Self.ihdr(8192, 8192)
    chunks[1] = Self.actl(100)
    assertAPNGError(Self.file(chunks), .tooMuchMemory(frames: 100, width: 8192, height: 8192))
  }

  func testSequenceErrorsFail() throws {
    var chunks = try Self.valid()
    chunks[5] = try Self.fdat(5, 2, 2)
    assertAPNGError(Self.file(chunks), contains: "sequence number 5, expected 2")
    chunks = try Self.valid()
    chunks[4] = Self.fctl(2, 2, 2, x: 1, y: 1)
    assertAPNGError(Self.file(chunks), .badSequence(chunk: "fcTL at byte \(8 + 25 + 20 + 38 + chunks[3].data.count + 12)", expected: 1, found: 2))
  }

  func testStructuralErrorsFail() throws {
    var chunks = try Self.valid()
    chunks.remove(at: 5)  // frame 1 without data
    assertAPNGError(Self.file(chunks), contains: "frame 1 has no image data")
    chunks = try Self.valid()
    chunks[3] = Chunk(type: "IDAT", data: [1, 2, 3])
    assertAPNGError(Self.file(chunks), contains: "frame 0 has corrupt image data")
    chunks = try Self.valid()
    chunks[0] = Self.ihdr(4, 4, interlace: 1)
    assertAPNGError(Self.file(chunks), .badHeader("interlaced images are not supported"))
    chunks[0] = Self.ihdr(4, 4, depth: 4, colorType: 6)
    assertAPNGError(Self.file(chunks), .badHeader("bit depth 4 is invalid for colour type 6"))
    chunks = try Self.valid()
    chunks[4] = Self.fctl(1, 2, 2, dispose: 3)
    assertAPNGError(Self.file(chunks), .badOp(frame: 1, field: "dispose_op", value: 3))
    chunks = try Self.valid()
    chunks.swapAt(0, 1)
    assertAPNGError(Self.file(chunks), .badChunk("the first chunk is acTL, not IHDR"))
  }

  func testMutatedFilesNeverCrash() throws {
    // A real encoder output (palette and RGBA frames, OVER and SOURCE), mutated 300 times: half
    // with the CRC left wrong, half with the chunk's CRC fixed so that the parser goes deeper.
    let frames = APNGCodecTests.frames(size: 12, count: 4)
    let original = try APNGEncoder.encode(frames, delays: APNGCodecTests.delays(4))
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ n: Int) -> Int {
      seed = seed &* 6364136223846793005 &+ 1442695040888963407
      return Int((seed >> 33) % UInt64(n))
    }
    var decoded = 0
    for k in 0..<300 {
      var bytes = original
      for _ in 0..<(1 + next(3)) { bytes[8 + next(bytes.count - 8)] = UInt8(next(256)) }
      if k % 2 == 1 { Self.fixCRCs(&bytes) }
      if k % 10 == 9 { bytes.removeLast(next(bytes.count / 2)) }
      do {
        _ = try APNGDecoder.info(bytes)
        _ = try APNGDecoder.decode(bytes)
        decoded += 1
      } catch is APNGError {
      } catch {
        XCTFail("mutation \(k): not an APNGError: \(error)")
      }
    }
    XCTAssertLessThan(decoded, 300, "some mutations must be caught")
  }

  /// Recomputes the CRC of every complete chunk (lengths as they are).
  static func fixCRCs(_ bytes: inout [UInt8]) {
    var pos = 8
    while pos + 12 <= bytes.count {
      let length = Int(APNGDecoder.be32(bytes, pos))
      guard length <= bytes.count, pos + 12 + length <= bytes.count else { return }
      let crc = bytes.withUnsafeBytes { Deflate.crc32(UnsafeRawBufferPointer(rebasing: $0[(pos + 4)..<(pos + 8 + length)])) }
      bytes.replaceSubrange((pos + 8 + length)..<(pos + 12 + length), with: u32(Int(crc)))
      pos += 12 + length
    }
  }
}
