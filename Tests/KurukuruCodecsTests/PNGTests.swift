import KurukuruCore
import KurukuruCodecs
import XCTest

// MARK: - Round trips

final class PNGRoundTripTests: XCTestCase {
  func testRandomRGBARoundTripIsExactForEveryFilterAndLevel() throws {
    let frame = randomFrame(width: 37, height: 23, seed: 7)
    for filter in PNGFilter.allCases {
      for level in [0, 1, 6, 9] {
        let bytes = try PNG.encode(frame, compressionLevel: level, filter: filter)
        XCTAssertEqual(try PNG.decode(bytes), frame, "filter \(filter), level \(level)")
      }
    }
  }

  func testEncodingIsDeterministicAndHasNoColourChunks() throws {
    let frame = randomFrame(width: 16, height: 9, seed: 3)
    let first = try PNG.encode(frame)
    XCTAssertEqual(first, try PNG.encode(frame))
    // IHDR: RGBA (colour type 6), 8 bits, not interlaced.
    XCTAssertEqual(Array(first[0..<8]), [137, 80, 78, 71, 13, 10, 26, 10])
    XCTAssertEqual(Array(first[12..<16]), Array("IHDR".utf8))
    XCTAssertEqual(Array(first[24..<29]), [8, 6, 0, 0, 0])
    let types = chunkTypes(first)
    XCTAssertEqual(types.first, "IHDR")
    XCTAssertEqual(types.last, "IEND")
    for colourChunk in ["gAMA", "sRGB", "iCCP", "cHRM", "tIME"] {
      XCTAssertFalse(types.contains(colourChunk), colourChunk)
    }
  }

  func testHigherLevelIsNotLargerOnFlatImage() throws {
    let frame = Frame(width: 64, height: 64, fill: RGBA8(r: 10, g: 20, b: 30, a: 40))
    let stored = try PNG.encode(frame, compressionLevel: 0)
    let best = try PNG.encode(frame, compressionLevel: 9)
    XCTAssertGreaterThan(stored.count, 64 * 64 * 4)
    XCTAssertLessThan(best.count, 200)
    XCTAssertEqual(try PNG.decode(best), frame)
  }

  func testEncodeRejectsBadArguments() {
    let frame = Frame(width: 2, height: 2)
    XCTAssertThrowsError(try PNG.encode(frame, compressionLevel: 10)) {
      XCTAssertEqual($0 as? PNGError, .invalidCompressionLevel(10))
    }
    XCTAssertThrowsError(try PNG.encode(frame, compressionLevel: -1))
    XCTAssertThrowsError(try PNG.encode(Frame(width: 0, height: 5))) {
      XCTAssertEqual($0 as? PNGError, .emptyFrame(width: 0, height: 5))
    }
  }

  private func chunkTypes(_ bytes: [UInt8]) -> [String] {
    var types: [String] = []
    var offset = 8
    while offset + 8 <= bytes.count {
      let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      types.append(String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self))
      offset += 12 + length
    }
    return types
  }
}

// MARK: - Decoding every layout exactly

final class PNGDecodeLayoutTests: XCTestCase {
  func testPaletteWithTRNSExpandsToRGBAWithAlpha() throws {
    let palette: [UInt8] = [255, 0, 0, 0, 255, 0, 0, 0, 255]
    let bytes = PNGBuilder.file(
      width: 3, height: 1, bitDepth: 8, colorType: .palette,
      extraChunks: [("PLTE", palette), ("tRNS", [0, 128])], rows: [[0, 1, 2]])
    XCTAssertEqual(try PNG.decode(bytes).pixels, [255, 0, 0, 0, 0, 255, 0, 128, 0, 0, 255, 255])
  }

  func testTwoBitPaletteUnpacks() throws {
    let palette: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
    // Indices 3, 2, 1, 0, 1 packed two bits each: 0b11100100, 0b01000000.
    let bytes = PNGBuilder.file(
      width: 5, height: 1, bitDepth: 2, colorType: .palette, extraChunks: [("PLTE", palette)],
      rows: [[0b1110_0100, 0b0100_0000]])
    XCTAssertEqual(
      try PNG.decode(bytes).pixels,
      [10, 11, 12, 255, 7, 8, 9, 255, 4, 5, 6, 255, 1, 2, 3, 255, 4, 5, 6, 255])
  }

  func testGrayBecomesRGBAndGammaChunksAreIgnored() throws {
    // gAMA 1.0 (100000) and an sRGB chunk would change values if they were applied.
    let bytes = PNGBuilder.file(
      width: 4, height: 1, bitDepth: 8, colorType: .gray,
      extraChunks: [("gAMA", PNGBuilder.be32(100_000)), ("sRGB", [0])], rows: [[0, 64, 128, 255]])
    XCTAssertEqual(
      try PNG.decode(bytes).pixels, [0, 0, 0, 255, 64, 64, 64, 255, 128, 128, 128, 255, 255, 255, 255, 255])
  }

  func testOneBitGrayWithTRNS() throws {
    // tRNS gray value 1 (white in 1-bit) becomes transparent.
    let bytes = PNGBuilder.file(
      width: 3, height: 1, bitDepth: 1, colorType: .gray, extraChunks: [("tRNS", [0, 1])],
      rows: [[0b1010_0000]])
    XCTAssertEqual(try PNG.decode(bytes).pixels, [255, 255, 255, 0, 0, 0, 0, 255, 255, 255, 255, 0])
  }

  func testGrayAlpha() throws {
    let bytes = PNGBuilder.file(width: 2, height: 1, bitDepth: 8, colorType: .grayAlpha, rows: [[50, 128, 200, 0]])
    XCTAssertEqual(try PNG.decode(bytes).pixels, [50, 50, 50, 128, 200, 200, 200, 0])
  }

  func testSixteenBitRGBAScalesWithRounding() throws {
    // 0x1280 = 4736 → 4736 / 257 = 18.43 → 18; 0x12FF = 4863 → 18.92 → 19; 0xFFFF → 255; 0 → 0.
    let bytes = PNGBuilder.file(
      width: 1, height: 1, bitDepth: 16, colorType: .rgba, rows: [[0x12, 0x80, 0x12, 0xff, 0xff, 0xff, 0, 0]])
    XCTAssertEqual(try PNG.decode(bytes).pixels, [18, 19, 255, 0])
  }

  func testRGBGetsOpaqueAlpha() throws {
    let bytes = PNGBuilder.file(width: 2, height: 1, bitDepth: 8, colorType: .rgb, rows: [[1, 2, 3, 4, 5, 6]])
    XCTAssertEqual(try PNG.decode(bytes).pixels, [1, 2, 3, 255, 4, 5, 6, 255])
  }

  func testInterlacedImageIsDeinterlaced() throws {
    let expected = randomFrame(width: 11, height: 9, seed: 42)
    var rows: [[UInt8]] = []
    for (x0, y0, dx, dy) in PNGBuilder.adam7 {
      guard x0 < expected.width else { continue }
      for y in stride(from: y0, to: expected.height, by: dy) {
        var row: [UInt8] = []
        for x in stride(from: x0, to: expected.width, by: dx) {
          let p = expected[x, y]
          row += [p.r, p.g, p.b, p.a]
        }
        rows.append(row)
      }
    }
    let bytes = PNGBuilder.file(width: 11, height: 9, bitDepth: 8, colorType: .rgba, interlaced: true, rows: rows)
    XCTAssertEqual(try PNG.decode(bytes), expected)
  }
}

// MARK: - Errors

final class PNGDecodeErrorTests: XCTestCase {
  private var valid: [UInt8] = []

  override func setUpWithError() throws {
    valid = try PNG.encode(randomFrame(width: 20, height: 20, seed: 1), compressionLevel: 6)
  }

  func testNonPNGBytes() {
    for bytes in [[], [1, 2, 3], Array("GIF89a and some more bytes".utf8)] as [[UInt8]] {
      XCTAssertThrowsError(try PNG.decode(bytes)) { XCTAssertEqual($0 as? PNGError, .notPNG) }
    }
  }

  func testEveryTruncationThrows() {
    for length in stride(from: 8, to: valid.count, by: 7) {
      XCTAssertThrowsError(try PNG.decode(Array(valid[0..<length])), "length \(length)") { error in
        XCTAssertNotNil(error as? PNGError)
      }
    }
    XCTAssertThrowsError(try PNG.decode(Array(valid[0..<(valid.count - 4)]))) {
      XCTAssertEqual($0 as? PNGError, .truncated(byteCount: valid.count - 4))
    }
  }

  func testBadCRCIsCorrupt() {
    var bytes = valid
    bytes[29] ^= 0xff  // last byte of the IHDR CRC
    XCTAssertThrowsError(try PNG.decode(bytes)) { error in
      guard case .corrupt(let message)? = error as? PNGError else { return XCTFail("\(error)") }
      XCTAssertTrue(message.lowercased().contains("crc"), message)
    }
  }

  func testCorruptZlibDataThrows() {
    // Flip bytes inside the IDAT payload and fix up the CRC so that zlib is what fails.
    let bytes = PNGBuilder.file(
      width: 4, height: 4, bitDepth: 8, colorType: .gray, rows: Array(repeating: [1, 2, 3, 4], count: 4))
    var broken = Array(bytes[0..<33])  // signature + IHDR
    let idatStart = 33
    let length = bytes[idatStart..<idatStart + 4].reduce(0) { $0 << 8 | Int($1) }
    var payload = Array(bytes[idatStart + 8..<idatStart + 8 + length])
    payload[2] = 0x07  // invalid block type 3
    broken += PNGBuilder.chunk("IDAT", payload) + PNGBuilder.chunk("IEND", [])
    XCTAssertThrowsError(try PNG.decode(broken)) { error in
      guard case .corrupt? = error as? PNGError else { return XCTFail("\(error)") }
    }
  }

  func testTooLargeIsRejectedFromIHDR() {
    // Claims 9000×10 pixels but carries no data: must fail on the header, not allocate.
    var bytes: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
    bytes += PNGBuilder.chunk("IHDR", PNGBuilder.be32(9000) + PNGBuilder.be32(10) + [8, 6, 0, 0, 0])
    bytes += PNGBuilder.chunk("IEND", [])
    XCTAssertThrowsError(try PNG.decode(bytes)) {
      XCTAssertEqual($0 as? PNGError, .tooLarge(width: 9000, height: 10, limit: 8192))
    }
  }

  func testErrorMessagesAreLowerCaseAndNamePNG() {
    let errors: [PNGError] = [
      .notPNG, .truncated(byteCount: 3), .corrupt(message: "IDAT: CRC error"),
      .tooLarge(width: 9000, height: 1, limit: 8192), .invalidCompressionLevel(12),
    ]
    for error in errors {
      XCTAssertEqual(error.description, error.description.lowercased())
      XCTAssertTrue(error.description.hasPrefix("png: "))
    }
  }
}
