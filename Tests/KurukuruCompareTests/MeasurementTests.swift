import Foundation
import Kurukuru
import KurukuruCodecs
import KurukuruCompare
import XCTest

// MARK: - Opt-in measurement

/// Prints throughput figures when `KURUKURU_MEASURE=1`; otherwise skipped. Asserts only counts,
/// never timings. Build in release for meaningful figures:
/// `KURUKURU_MEASURE=1 swift test -c release --filter MeasurementTests`.
final class MeasurementTests: XCTestCase {
  override func setUpWithError() throws {
    try XCTSkipUnless(ProcessInfo.processInfo.environment["KURUKURU_MEASURE"] == "1", "set KURUKURU_MEASURE=1")
  }

  func testPixelmatchThroughputOnFixture4() throws {
    let a = try Fixtures.frame("4a")
    let b = try Fixtures.frame("4b")
    let options = PixelmatchOptions(threshold: 0.05)
    let repeats = 40
    let megapixels = Double(a.width * a.height * repeats) / 1e6
    var diff = Frame(width: a.width, height: a.height)

    var start = DispatchTime.now()
    for _ in 0..<repeats { XCTAssertEqual(try Pixelmatch.compare(a, b, options: options), 36049) }
    let countOnly = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9

    start = DispatchTime.now()
    for _ in 0..<repeats { XCTAssertEqual(try Pixelmatch.compare(a, b, options: options, diff: &diff), 36049) }
    let withDiff = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9

    start = DispatchTime.now()
    for _ in 0..<repeats { XCTAssertEqual(try Pixelmatch.compare(a, a, options: options), 0) }
    let identical = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9

    print(String(format: "pixelmatch 4a/4b (%d×%d) ×%d: count %.1f Mpx/s, with diff %.1f Mpx/s, identical %.1f Mpx/s",
                 a.width, a.height, repeats, megapixels / countOnly, megapixels / withDiff, megapixels / identical))
  }

  func testPNGEncodeTimingsOnLoaderLikeFrame() throws {
    let frame = loaderLikeFrame(side: 600)
    for filter in PNGFilter.allCases {
      for level in [1, 6, 9] {
        let repeats = 5
        var size = 0
        let start = DispatchTime.now()
        for _ in 0..<repeats { size = try PNG.encode(frame, compressionLevel: level, filter: filter).count }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9 / Double(repeats)
        print(String(format: "png 600×600 loader, filter %@, level %d: %.2f ms, %d bytes",
                     "\(filter)", level, seconds * 1000, size))
      }
    }
    let decodeStart = DispatchTime.now()
    let bytes = try PNG.encode(frame)
    for _ in 0..<10 { XCTAssertEqual(try PNG.decode(bytes), frame) }
    let decode = Double(DispatchTime.now().uptimeNanoseconds - decodeStart.uptimeNanoseconds) / 1e9 / 10
    print(String(format: "png 600×600 loader decode: %.2f ms", decode * 1000))
  }

  /// A mostly transparent 600×600 frame: an anti-aliased ring with a colour gradient and
  /// eight soft dots, like a rendered loader.
  private func loaderLikeFrame(side: Int) -> Frame {
    var frame = Frame(width: side, height: side)
    let c = Double(side) / 2
    for y in 0..<side {
      for x in 0..<side {
        let dx = Double(x) + 0.5 - c, dy = Double(y) + 0.5 - c
        let r = (dx * dx + dy * dy).squareRoot()
        let ring = max(0, min(1, 12 - abs(r - c * 0.7)))
        var dot = 0.0
        for k in 0..<8 {
          let angle = Double(k) * Double.pi / 4
          let ex = dx - cos(angle) * c * 0.4, ey = dy - sin(angle) * c * 0.4
          dot = max(dot, max(0, min(1, 18 - (ex * ex + ey * ey).squareRoot())))
        }
        let coverage = max(ring, dot)
        guard coverage > 0 else { continue }
        let hue = (atan2(dy, dx) + Double.pi) / (2 * Double.pi)
        frame[x, y] = RGBA8(r: UInt8(255 * hue), g: UInt8(122 + 100 * (1 - hue)), b: 255, a: UInt8((coverage * 255).rounded()))
      }
    }
    return frame
  }
}
