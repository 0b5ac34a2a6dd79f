import KurukuruCore
import KurukuruCodecs
import KurukuruCompare
import XCTest

// MARK: - pixelmatch's own cases

final class PixelmatchFixtureTests: XCTestCase {
  func testEveryCaseGivesTheExpectedCountAndDiffImage() throws {
    let cases = try Fixtures.cases()
    XCTAssertEqual(cases.count, 12)
    for testCase in cases {
      let name = "\(testCase.image1) vs \(testCase.image2) → \(testCase.diff)"
      let a = try Fixtures.frame(testCase.image1)
      let b = try Fixtures.frame(testCase.image2)
      let expected = try Fixtures.frame(testCase.diff)
      let (count, image) = try Pixelmatch.diff(a, b, options: testCase.options)
      XCTAssertEqual(count, testCase.mismatched, name)
      XCTAssertEqual(try Pixelmatch.compare(a, b, options: testCase.options), count, "\(name) without diff")
      XCTAssertEqual(image.width, expected.width, name)
      XCTAssertEqual(image.height, expected.height, name)
      let wrong = zip(stride(from: 0, to: image.pixels.count, by: 4), 0...).filter { offset, _ in
        image.pixels[offset..<offset + 4] != expected.pixels[offset..<offset + 4]
      }
      XCTAssertTrue(wrong.isEmpty, "\(name): \(wrong.count) diff pixels differ, first at pixel \(wrong.first?.1 ?? -1)")
    }
  }

  func testFixturesDecodeToTheirRawValues() throws {
    // FNV-1a of the RGBA bytes, computed by an independent decoder (zlib + unfiltering, no libpng).
    let expected: [(String, UInt64)] = [
      ("2a", 0xb856_f822_c68d_aa9f), ("4a", 0x91af_36aa_8229_cb00), ("4b", 0xbbb6_b90f_3c9c_a368),
      ("5a", 0xec2f_e8f4_2503_9545), ("7a", 0x536b_bd70_70cf_b411), ("8a", 0xb7ea_f1df_9c26_fda5),
    ]
    for (name, hash) in expected {
      XCTAssertEqual(fnv1a(try Fixtures.frame(name).pixels), hash, name)
    }
    let fiveA = try Fixtures.frame("5a")
    XCTAssertEqual(stride(from: 3, to: fiveA.pixels.count, by: 4).filter { fiveA.pixels[$0] == 128 }.count, 256)
  }
}

// MARK: - Behaviour

final class PixelmatchBehaviourTests: XCTestCase {
  private func pixel(_ values: [UInt8]) -> Frame { Frame(width: 1, height: 1, pixels: values) }

  func testSemiTransparentPixelOnCheckerboardOrWhite() throws {
    let a = pixel([0, 0, 0, 128])
    let b = pixel([127, 127, 127, 255])
    // Blended on white, 50% black is exactly gray 127.
    XCTAssertEqual(try Pixelmatch.compare(a, b, options: .init(checkerboard: false)), 0)
    XCTAssertEqual(try Pixelmatch.compare(a, b), 1)
  }

  func testIdenticalImagesGiveZeroAndAFadedGrayDiff() throws {
    let frame = try Fixtures.frame("1a")
    let (count, image) = try Pixelmatch.diff(frame, frame, options: .init(threshold: 0))
    XCTAssertEqual(count, 0)
    // White, opaque: 255 + (0 − 255) × 0.1 → 229.5 → 229 (truncated like a Uint8Array).
    let black = pixel([0, 0, 0, 255])
    XCTAssertEqual(try Pixelmatch.diff(black, black).image.pixels, [229, 229, 229, 255])
    XCTAssertTrue(stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 255 })
  }

  func testDiffMaskLeavesUntouchedPixelsAsTheyWere() throws {
    let a = Frame(width: 2, height: 1, pixels: [0, 0, 0, 255, 10, 10, 10, 255])
    let b = Frame(width: 2, height: 1, pixels: [255, 255, 255, 255, 10, 10, 10, 255])
    var diff = Frame(width: 2, height: 1, fill: RGBA8(r: 1, g: 2, b: 3, a: 4))
    let count = try Pixelmatch.compare(a, b, options: .init(diffMask: true), diff: &diff)
    XCTAssertEqual(count, 1)
    XCTAssertEqual(diff.pixels, [255, 0, 0, 255, 1, 2, 3, 4])
  }

  func testAlternativeColourMarksDarkerSecondImage() throws {
    let light = pixel([255, 255, 255, 255])
    let dark = pixel([0, 0, 0, 255])
    let options = PixelmatchOptions(diffColorAlt: RGBA8(r: 0, g: 255, b: 0))
    XCTAssertEqual(try Pixelmatch.diff(light, dark, options: options).image.pixels, [0, 255, 0, 255])
    XCTAssertEqual(try Pixelmatch.diff(dark, light, options: options).image.pixels, [255, 0, 0, 255])
  }

  func testIncludeAACountsAntialiasedPixels() throws {
    let a = try Fixtures.frame("1a")
    let b = try Fixtures.frame("1b")
    let withoutAA = try Pixelmatch.compare(a, b, options: .init(threshold: 0.05))
    let withAA = try Pixelmatch.compare(a, b, options: .init(threshold: 0.05, includeAA: true))
    XCTAssertEqual(withoutAA, 143)
    XCTAssertGreaterThan(withAA, withoutAA)
  }

  func testSizeMismatchAndBadOptionsThrow() {
    let a = Frame(width: 2, height: 2)
    let b = Frame(width: 2, height: 3)
    XCTAssertThrowsError(try Pixelmatch.compare(a, b)) {
      XCTAssertEqual($0 as? CompareError, .sizeMismatch(widthA: 2, heightA: 2, widthB: 2, heightB: 3))
    }
    var diff = Frame(width: 1, height: 1)
    XCTAssertThrowsError(try Pixelmatch.compare(a, a, diff: &diff))
    XCTAssertThrowsError(try Pixelmatch.compare(a, a, options: .init(threshold: 1.5))) {
      XCTAssertEqual($0 as? CompareError, .invalidOption(name: "threshold", value: 1.5, range: "0…1"))
    }
    XCTAssertThrowsError(try Pixelmatch.compare(a, a, options: .init(alpha: -0.1)))
    XCTAssertThrowsError(try Pixelmatch.compare(a, a, options: .init(threshold: .nan)))
  }

  func testEmptyFramesMatch() throws {
    XCTAssertEqual(try Pixelmatch.compare(Frame(width: 0, height: 0), Frame(width: 0, height: 0)), 0)
  }
}
