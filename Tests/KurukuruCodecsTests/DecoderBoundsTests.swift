import Foundation
@testable import KurukuruCodecs
import KurukuruCore
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// The decoders bound what a file claims before allocating for it: a small file whose header
/// claims a huge canvas or frame count is refused without the memory it claims.
final class DecoderBoundsTests: XCTestCase {
  /// Peak resident memory of this process so far, in bytes.
  static func peakResidentBytes() -> Int {
    var usage = rusage()
    getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
    return usage.ru_maxrss * 1024
  }

  /// Asserts `body` throws and raises the peak resident memory by less than 64 MiB.
  func assertRefusedWithoutAllocating(_ body: () throws -> Void, _ check: (Error) -> Void, line: UInt = #line) {
    let before = Self.peakResidentBytes()
    XCTAssertThrowsError(try body(), line: line) { check($0) }
    let grown = Self.peakResidentBytes() - before
    XCTAssertLessThan(grown, 64 << 20, "the peak memory grew by \(grown >> 20) MiB", line: line)
  }

  /// A GIF89a of `width`×`height` pixels with `frames` 1×1 images (each 14 bytes).
  static func gif(width: Int, height: Int, frames: Int) -> [UInt8] {
    var bytes = Array("GIF89a".utf8)
    bytes += [UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8), 0x80, 0, 0]
    bytes += [0, 0, 0, 255, 255, 255]  // 2-colour global table
    // Image descriptor at (0, 0), 1×1, then LZW: min code size 2, clear, index 1, end.
    let image: [UInt8] = [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x4C, 0x01, 0x00]
    bytes.reserveCapacity(bytes.count + image.count * frames + 1)
    for _ in 0..<frames { bytes += image }
    return bytes + [0x3B]
  }

  func testAGIFClaiming8192SquaredTimes100000FramesIsRefusedBeforeCompositing() throws {
    let bytes = Self.gif(width: 8192, height: 8192, frames: 100_000)
    XCTAssertEqual(try GIFDecoder.info(bytes).frames, 100_000)  // the file is well formed
    assertRefusedWithoutAllocating({ _ = try GIFDecoder.decode(bytes) }) {
      // 100,000 × 8192² × 4 bytes = 26.8 TB claimed.
      XCTAssertEqual(
        $0 as? GIFError, .tooMuchMemory(frames: 100_000, width: 8192, height: 8192, limitBytes: 1 << 30))
    }
  }

  func testAGIFWithMoreThan100000FramesIsRefused() throws {
    let bytes = Self.gif(width: 1, height: 1, frames: 100_001)
    assertRefusedWithoutAllocating({ _ = try GIFDecoder.info(bytes) }) {
      XCTAssertEqual($0 as? GIFError, .tooManyFrames(limit: 100_000))
    }
  }

  func testAGIFScreenOrFrameWiderThan8192IsRefused() throws {
    assertRefusedWithoutAllocating({ _ = try GIFDecoder.decode(Self.gif(width: 65535, height: 65535, frames: 1)) }) {
      XCTAssertEqual($0 as? GIFError, .tooLarge(place: "logical screen", width: 65535, height: 65535))
    }
  }

  /// A PNG signature and an IHDR claiming `width`×`height` RGBA, then nothing else.
  static func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
    func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    return [137, 80, 78, 71, 13, 10, 26, 10] + be(13) + Array("IHDR".utf8) + be(width) + be(height)
      + [8, 6, 0, 0, 0] + be(0)
  }

  func testAPNGClaimingAHugeCanvasIsRefusedBeforeAllocating() throws {
    for (w, h) in [(UInt32(8193), UInt32(8193)), (0x7FFF_FFFF, 0x7FFF_FFFF), (1, 100_000)] {
      assertRefusedWithoutAllocating({ _ = try PNG.decode(Self.pngHeader(width: w, height: h)) }) {
        XCTAssertEqual($0 as? PNGError, .tooLarge(width: Int(w), height: Int(h), limit: 8192))
      }
    }
  }

  /// giflib keeps a copy of every image descriptor and local colour table (SavedImages), grown
  /// by one realloc per frame; the streaming reader must keep it empty, so that walking a GIF
  /// holds no copies however many frames it has read (before: 20,000 copies, ~16 MB here, in
  /// quadratic time, which hung the decoder under the sanitizers).
  func testWalkingFramesHoldsNoMemoryPerFrame() throws {
    let table = [UInt8](repeating: 7, count: 256 * 3)
    // 1×1 images, each with a 256-colour local table (flags 0x87).
    let image: [UInt8] = [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0x87] + table + [0x02, 0x02, 0x4C, 0x01, 0x00]
    var bytes = Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0]
    for _ in 0..<20_000 { bytes += image }
    bytes.append(0x3B)
    let reader = try GIFReader(bytes)
    var held: [Int] = []
    try reader.read { index, _ in
      if index % 5_000 == 0 { held.append(reader.savedImageCount) }
    }
    XCTAssertEqual(held, [0, 0, 0, 0], "images whose copies giflib still holds, every 5,000 frames")
  }
}
