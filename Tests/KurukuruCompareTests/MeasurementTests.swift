import Foundation
import KurukuruCore
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

    start = DispatchTime.now()
    let includeAA = PixelmatchOptions(threshold: 0.05, includeAA: true)
    for _ in 0..<repeats { XCTAssertEqual(try Pixelmatch.compare(a, b, options: includeAA), 41623) }
    let withoutAADetection = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    // End to end, as a command line tool would: read and decode both files, then compare.
    start = DispatchTime.now()
    for _ in 0..<repeats {
      let left = try Fixtures.frame("4a"), right = try Fixtures.frame("4b")
      XCTAssertEqual(try Pixelmatch.compare(left, right, options: options), 36049)
    }
    let endToEnd = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9 / Double(repeats)
    print(String(format: "pixelmatch 4a/4b end to end (read, decode both, compare): %.2f ms", endToEnd * 1000))

    print(String(format: "pixelmatch 4a/4b (%d×%d) ×%d: count %.1f Mpx/s, with diff %.1f Mpx/s, "
                 + "includeAA %.1f Mpx/s, identical %.1f Mpx/s",
                 a.width, a.height, repeats, megapixels / countOnly, megapixels / withDiff,
                 megapixels / withoutAADetection, megapixels / identical))
  }

  func testPNGEncodeTimingsOnLoaderLikeFrame() throws {
    for (name, frame) in [("gradient ring", loaderLikeFrame(side: 600)), ("flat dots", flatDotsFrame(side: 600)),
                          ("glow on black", glowFrame(side: 600))] {
      for filter in PNGFilter.allCases {
        let repeats = 5
        var size = 0
        let start = DispatchTime.now()
        for _ in 0..<repeats { size = try PNG.encode(frame, compressionLevel: 6, filter: filter).count }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9 / Double(repeats)
        print(String(format: "png 600×600 %@, filter %@, level 6: %.2f ms, %d bytes", name, "\(filter)", seconds * 1000, size))
      }
    }
    let frame = loaderLikeFrame(side: 600)
    for filter in [PNGFilter.none, .up, .adaptive] {
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

  /// Five flat orange dots of different sizes with anti-aliased edges on transparency.
  private func flatDotsFrame(side: Int) -> Frame {
    var frame = Frame(width: side, height: side)
    let c = Double(side) / 2
    for y in 0..<side {
      for x in 0..<side {
        var coverage = 0.0
        for k in 0..<5 {
          let angle = Double(k) * 1.1
          let ex = Double(x) + 0.5 - (c + cos(angle) * c * 0.8), ey = Double(y) + 0.5 - (c + sin(angle) * c * 0.8)
          coverage = max(coverage, max(0, min(1, 60 * (1 - Double(k) / 6) - (ex * ex + ey * ey).squareRoot())))
        }
        if coverage > 0 { frame[x, y] = RGBA8(r: 255, g: 149, b: 0, a: UInt8((coverage * 255).rounded())) }
      }
    }
    return frame
  }

  /// Opaque black with a thin coloured ring and a soft white glow around it.
  private func glowFrame(side: Int) -> Frame {
    var frame = Frame(width: side, height: side, fill: RGBA8(r: 0, g: 0, b: 0))
    let c = Double(side) / 2
    for y in 0..<side {
      for x in 0..<side {
        let dx = Double(x) + 0.5 - c, dy = Double(y) + 0.5 - c
        let d = abs((dx * dx + dy * dy).squareRoot() - c * 0.66)
        let glow = max(0, 1 - d / 12) * 0.6
        let ring = max(0, min(1, 4.5 - d))
        let quadrant = Int((atan2(dy, dx) + Double.pi) / (Double.pi / 2)) % 4
        let colors: [(Double, Double, Double)] = [(0, 0, 255), (255, 0, 0), (0, 255, 0), (255, 128, 0)]
        let (r, g, b) = colors[quadrant]
        let w = 255 * glow
        frame[x, y] = RGBA8(r: UInt8(min(255, w + (r - w) * ring)), g: UInt8(min(255, w + (g - w) * ring)),
                            b: UInt8(min(255, w + (b - w) * ring)))
      }
    }
    return frame
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
