import Foundation
import KurukuruCore
@testable import KurukuruCodecs
import XCTest

final class GIFPaletteTests: XCTestCase {
  /// A histogram of a smooth red ramp with `levels` distinct colours.
  private func ramp(_ levels: Int) -> ColorHistogram {
    var histogram = ColorHistogram()
    histogram.add((0..<levels).flatMap { v in [ColorKey](repeating: .rgb(UInt8(v), 40, 80), count: 1 + v % 3) })
    return histogram
  }

  func testFewColoursGiveAnExactPalette() {
    let palette = Quantizer.palette(for: ramp(200))
    XCTAssertTrue(palette.isExact)
    XCTAssertEqual(palette.colors.count, 200)
    XCTAssertEqual(palette.transparentIndex, 200)
    XCTAssertEqual(palette.tableSize, 256)
  }

  func testManyColoursAreQuantizedWithinTheLimit() {
    var histogram = ColorHistogram()
    var keys: [ColorKey] = []
    for r in stride(from: 0, to: 256, by: 8) {
      for g in stride(from: 0, to: 256, by: 16) { keys.append(.rgb(UInt8(r), UInt8(g), UInt8((r + g) & 0xFF))) }
    }
    histogram.add(keys)
    XCTAssertEqual(histogram.counts.count, 512)
    let palette = Quantizer.palette(for: histogram)
    XCTAssertFalse(palette.isExact)
    XCTAssertLessThanOrEqual(palette.colors.count, 255)
    XCTAssertEqual(Set(palette.colors).count, palette.colors.count, "no duplicate entries")
    XCTAssertEqual(Quantizer.palette(for: histogram), palette, "deterministic")
    // Every colour lands within a small distance of its palette entry.
    let search = NearestColor(colors: palette.colors)
    for key in keys {
      let d = search.nearestWithDistance(Int32(key.red), Int32(key.green), Int32(key.blue)).distance
      XCTAssertLessThanOrEqual(d, 3 * 16 * 16, "\(String(key, radix: 16))")
    }
    XCTAssertLessThanOrEqual(Quantizer.palette(for: histogram, maxColors: 16).colors.count, 16)
  }

  func testColourErrorTargetPicksFewerColours() {
    let exact = Quantizer.palette(for: ramp(200))
    let lossy = Quantizer.palette(for: ramp(200), maxError: 4)
    XCTAssertLessThan(lossy.colors.count, 64)
    XCTAssertGreaterThan(lossy.colors.count, 4)
    XCTAssertFalse(lossy.isExact)
    XCTAssertEqual(exact.colors.count, 200)
  }

  func testErrorTargetFillsThePowerOfTwoTable() {
    for target in [1.0, 2, 4, 8] {
      let palette = Quantizer.palette(for: ramp(200), maxError: target)
      XCTAssertEqual(palette.colors.count + 1, palette.tableSize, "target \(target): every table entry used")
    }
    XCTAssertEqual(Quantizer.palette(for: ramp(200), maxColors: 20, maxError: 1).colors.count, 20,
                   "the fill never exceeds maxColors")
  }

  func testTransparentPixelsCountAsExact() {
    // The same colours on a mostly transparent canvas: the error per pixel of the whole canvas is
    // smaller, so fewer colours reach the same target.
    var sparse = ramp(200)
    sparse.add([ColorKey](repeating: .transparent, count: 20_000))
    XCTAssertEqual(sparse.transparentCount, 20_000)
    XCTAssertEqual(sparse.counts.count, 200, "transparent pixels are not colours")
    let dense = Quantizer.palette(for: ramp(200), maxError: 2)
    let diluted = Quantizer.palette(for: sparse, maxError: 2)
    XCTAssertLessThan(diluted.colors.count, dense.colors.count)
  }

  func testFrameHistogramCountsLikeEveryFrameAdded() {
    var generator = SplitMix64(seed: 5)
    var full = ColorHistogram()
    var changes = FrameHistogram(count: 64)
    var frame = [ColorKey](repeating: .transparent, count: 64)
    for _ in 0..<30 {
      // A few pixels change each frame, among four colours and transparency.
      for _ in 0..<5 {
        let p = Int(generator.next() % 64)
        let choice = generator.next() % 5
        frame[p] = choice == 4 ? .transparent : [ColorKey.rgb(255, 0, 0), .rgb(0, 9, 0), .rgb(1, 2, 3), .rgb(7, 7, 7)][Int(choice)]
      }
      full.add(frame)
      changes.add(frame)
    }
    let counted = changes.finish()
    XCTAssertEqual(counted.counts, full.counts)
    XCTAssertEqual(counted.transparentCount, full.transparentCount)
    XCTAssertEqual(counted.counts.values.reduce(0, +) + counted.transparentCount, 30 * 64)
  }

  func testSmallChangesKeepThePreviousPaletteColour() {
    let palette = Palette(colors: [.rgb(100, 100, 100), .rgb(102, 101, 100), .rgb(200, 0, 0)], isExact: false)
    var mapper = CanvasMapper(palette: palette, dither: .none, width: 4, height: 1, tolerance: 6)
    mapper.map([.rgb(100, 100, 100), .rgb(100, 100, 100), .rgb(100, 100, 100), .rgb(200, 0, 0)])
    XCTAssertEqual(mapper.canvas, [0, 0, 0, 2])
    // Pixel 0 moves to exactly entry 1 but is within 2² + 1² = 5 ≤ 6 of entry 0: it stays; pixel 1
    // moves 3 levels away from entry 0 (9 > 6): it changes; pixel 2 turns transparent: always.
    mapper.map([.rgb(102, 101, 100), .rgb(103, 100, 100), .transparent, .rgb(200, 0, 0)])
    XCTAssertEqual(mapper.canvas, [0, 1, 3, 2])
    var exact = CanvasMapper(palette: palette, dither: .none, width: 4, height: 1)
    exact.map([.rgb(100, 100, 100), .rgb(100, 100, 100), .rgb(100, 100, 100), .rgb(200, 0, 0)])
    exact.map([.rgb(102, 101, 100), .rgb(103, 100, 100), .transparent, .rgb(200, 0, 0)])
    XCTAssertEqual(exact.canvas, [1, 1, 3, 2], "tolerance 0: always the nearest colour")
    XCTAssertEqual(GIFOptions.temporalTolerance(forColorError: 0), 0)
    XCTAssertEqual(GIFOptions.temporalTolerance(forColorError: GIFOptions.defaultColorError), 3, "54 dB: 12 × 0.51²")
    XCTAssertEqual(GIFOptions.temporalTolerance(forColorError: GIFOptions.defaultTransparentColorError), 19,
                   "46 dB: 12 × 1.28²")
  }

  func testPSNRTargetConversion() {
    XCTAssertEqual(GIFOptions.colorError(forPSNR: 20 * log10(255.0)), 1, accuracy: 1e-9)
    XCTAssertEqual(GIFOptions.colorError(forPSNR: 50), 0.806, accuracy: 0.001)
    XCTAssertNil(GIFOptions().maxColorError)
    XCTAssertEqual(GIFOptions().colorError(hasTransparency: false), GIFOptions.colorError(forPSNR: 54))
    XCTAssertEqual(GIFOptions().colorError(hasTransparency: true), GIFOptions.colorError(forPSNR: 46))
    XCTAssertEqual(GIFOptions(maxColorError: 2).colorError(hasTransparency: true), 2)
  }

  func testNearestColourMatchesBruteForce() {
    var generator = SplitMix64(seed: 3)
    let colors = (0..<40).map { _ in ColorKey(truncatingIfNeeded: generator.next()) & 0xFF_FFFF }
    let search = NearestColor(colors: colors)
    for _ in 0..<500 {
      let q = ColorKey(truncatingIfNeeded: generator.next()) & 0xFF_FFFF
      var best = Int.max, bestIndex = 0
      for (i, c) in colors.enumerated() {
        let d = (c.red - q.red) * (c.red - q.red) + (c.green - q.green) * (c.green - q.green)
          + (c.blue - q.blue) * (c.blue - q.blue)
        if d < best { best = d; bestIndex = i }
      }
      XCTAssertEqual(Int(search.nearest(Int32(q.red), Int32(q.green), Int32(q.blue))), bestIndex)
    }
  }

  func testBayerMatrixIsAPermutation() {
    XCTAssertEqual(PixelMapper.bayer.sorted(), (0..<64).map(Int32.init))
    XCTAssertEqual(Array(PixelMapper.bayer.prefix(2)), [0, 32])
  }

  func testOrderedDitherIsStableAndLeavesPaletteColoursAlone() {
    let palette = Palette(colors: [.rgb(0, 0, 0), .rgb(100, 100, 100), .rgb(200, 200, 200)], isExact: false)
    var mapper = PixelMapper(palette: palette, dither: .ordered)
    // A colour half-way between two entries is split between them by position …
    let between = (0..<8).flatMap { y in (0..<8).map { x in mapper.index(.rgb(50, 50, 50), x: x, y: y) } }
    XCTAssertEqual(Set(between), [0, 1])
    // … the same way every time (no flicker between frames) …
    let again = (0..<8).flatMap { y in (0..<8).map { x in mapper.index(.rgb(50, 50, 50), x: x, y: y) } }
    XCTAssertEqual(between, again)
    // … while palette colours and transparency are never dithered.
    for y in 0..<8 {
      for x in 0..<8 {
        XCTAssertEqual(mapper.index(.rgb(100, 100, 100), x: x, y: y), 1)
        XCTAssertEqual(mapper.index(.transparent, x: x, y: y), 3)
      }
    }
  }

  func testPaletteOptionsAreHonouredAndValidated() throws {
    let frames = (0..<6).map { Synthetic.arc(size: 32, frame: $0, of: 6) }
    let delays = [Int](repeating: 4, count: 6)
    let small = try GIFEncoder.encode(frames, delays: delays, options: GIFOptions(maxColors: 15))
    XCTAssertEqual(small[10] & 7, 3, "16-entry table: 15 colours + transparency")
    let full = try GIFEncoder.encode(frames, delays: delays)
    let lossy = try GIFEncoder.encode(frames, delays: delays, options: GIFOptions(maxColorError: 3))
    XCTAssertLessThan(lossy.count, full.count)
    XCTAssertThrowsError(try GIFEncoder.encode(frames, delays: delays, options: GIFOptions(maxColors: 1))) {
      XCTAssertEqual("\($0)", "gif: palette limit 1 is outside 2...255 colours")
    }
    XCTAssertThrowsError(try GIFEncoder.encode(frames, delays: delays, options: GIFOptions(maxColorError: -1))) {
      XCTAssertEqual("\($0)", "gif: colour error target -1.0 must be a finite number ≥ 0")
    }
    XCTAssertThrowsError(try GIFEncoder.encode(frames, delays: delays, options: GIFOptions(transparency: .matte(RGBA8(r: 255, g: 255, b: 255), threshold: 0)))) {
      XCTAssertEqual("\($0)", "gif: transparency threshold 0 is outside 1...255")
    }
  }
}
