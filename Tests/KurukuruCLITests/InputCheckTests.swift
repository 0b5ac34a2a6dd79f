import Foundation
import KurukuruCodecs
import XCTest

/// `info` and `compare` read what they are given as what it is, check all of it, and say what
/// they cannot do in one line.
final class InputCheckTests: XCTestCase {
  // MARK: - info

  func testInfoDecodesThePixelsOfAPNGAndWebPFiles() throws {
    let dir = try CLITest.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    for format in ["apng", "webp"] {
      XCTAssertEqual(try CLITest.run(["render", "ball-pulse", "--format", format, "--output", "good.\(format)"], in: dir).status, 0)
      var bytes = [UInt8](try Data(contentsOf: dir.appendingPathComponent("good.\(format)")))
      XCTAssertEqual(try CLITest.run(["info", "good.\(format)"], in: dir).status, 0)
      // Garbage in the middle of the image data, the container left valid (PNG chunk CRCs fixed).
      if format == "apng" { try Self.scrambleFirstChunk("IDAT", in: &bytes) } else { Self.scrambleWebP(&bytes) }
      try Data(bytes).write(to: dir.appendingPathComponent("bad.\(format)"))
      let compare = try CLITest.run(["compare", "bad.\(format)", "good.\(format)"], in: dir)
      XCTAssertEqual(compare.status, 2, "\(format): \(compare.stderr)")
      let info = try CLITest.run(["info", "bad.\(format)"], in: dir)
      XCTAssertEqual(info.status, 2, "\(format): \(info.stdout)")
      XCTAssertTrue(info.stderr.hasPrefix("bad.\(format): "), info.stderr)
      XCTAssertEqual(info.stderr.split(separator: "\n").count, 1, info.stderr)
    }
  }

  func testAFileNamedAsAnImageIsReadAsOneWhateverItHolds() throws {
    let dir = try CLITest.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Data([0x89, 0x50, 0x00, 0x01, 0xFF]).write(to: dir.appendingPathComponent("broken.apng"))
    let run = try CLITest.run(["info", "broken.apng"], in: dir)
    XCTAssertEqual(run.status, 2)
    XCTAssertEqual(run.stderr, "broken.apng: not a PNG, APNG, GIF or WebP file, nor a folder of PNG frames\n")
  }

  // MARK: - compare

  func testAFolderWhoseFrameNumbersHaveGapsIsAWarning() throws {
    let dir = try CLITest.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    XCTAssertEqual(try CLITest.run(["render", "ball-pulse", "--format", "png", "--output", "all"], in: dir).status, 0)
    let fm = FileManager.default
    for (folder, numbers) in [("gaps", [0, 1, 3, 7, 100]), ("fromOne", [1, 2, 3, 4, 5]), ("plain", [0, 1, 2, 3, 4])] {
      try fm.createDirectory(at: dir.appendingPathComponent(folder), withIntermediateDirectories: true)
      for (k, n) in numbers.enumerated() {
        try fm.copyItem(
          at: dir.appendingPathComponent("all/ball-pulse\(k).png"), to: dir.appendingPathComponent("\(folder)/f\(n).png"))
      }
    }
    let gaps = try CLITest.run(["compare", "gaps", "plain"], in: dir)
    XCTAssertEqual(gaps.status, 0, gaps.stderr)
    XCTAssertEqual(
      gaps.stderr,
      "gaps: warning: frame number 2 is missing (the numbers jump from 1 to 3); later frames are compared one place early\n")
    let fromOne = try CLITest.run(["compare", "plain", "fromOne"], in: dir)
    XCTAssertEqual(fromOne.stderr, "fromOne: warning: the frames are numbered from 1, not 0\n")
    XCTAssertEqual(try CLITest.run(["compare", "plain", "plain"], in: dir).stderr, "")
  }

  func testTwoAnimationsTooLargeToHoldAreRefusedFromTheirHeaders() throws {
    let dir = try CLITest.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    XCTAssertEqual(try CLITest.run(["render", "ball-pulse", "--format", "apng", "--output", "a.apng"], in: dir).status, 0)
    let a = dir.appendingPathComponent("a.apng").path
    // 72×72 px × 30 frames × 4 bytes = 622,080 bytes a side.
    XCTAssertEqual(try FrameSource.decodedBytes(atPath: a), 622_080)
    XCTAssertNoThrow(try FrameSource.openPair(a, a, limit: 2 * 622_080))
    XCTAssertThrowsError(try FrameSource.openPair(a, a, limit: 2 * 622_080 - 1)) { error in
      XCTAssertEqual(error as? FrameSourceError, .tooLarge(paths: [a, a], bytes: 1_244_160, limit: 1_244_159))
      XCTAssertTrue(String(describing: error).hasPrefix("\(a), \(a): the frames decode to 1 MiB together"), "\(error)")
    }
  }

  // MARK: - Corrupting files

  /// Overwrites the middle of the first `type` chunk's data with garbage and fixes its CRC.
  static func scrambleFirstChunk(_ type: String, in bytes: inout [UInt8]) throws {
    var offset = 8
    while offset + 12 <= bytes.count {
      let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
      if String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self) == type, length > 8 {
        let data = (offset + 8)..<(offset + 8 + length)
        for i in data.dropFirst(2).prefix(length / 2) { bytes[i] = UInt8(truncatingIfNeeded: i &* 151 &+ 7) }
        let crc = crc32(Array(bytes[(offset + 4)..<data.upperBound]))
        for k in 0..<4 { bytes[data.upperBound + k] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32(k))) }
        return
      }
      offset += 12 + length
    }
    XCTFail("no \(type) chunk")
  }

  /// Overwrites bytes of the first image's data of a WebP, past its headers.
  static func scrambleWebP(_ bytes: inout [UInt8]) {
    let start = bytes.count / 2
    for i in start..<min(bytes.count - 4, start + 64) { bytes[i] = UInt8(truncatingIfNeeded: i &* 97 &+ 13) }
  }

  /// CRC-32 as PNG computes it (ISO 3309).
  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }
    return ~crc
  }
}
