import KurukuruCore
@testable import KurukuruCodecs
import XCTest

final class GIFRoundTripTests: XCTestCase {
  private let size = 48
  private let count = 12

  /// Encodes, decodes, and checks every decoded frame against the intended canvas and the
  /// true-colour frame on the matte.
  private func roundTrip(_ frames: [Frame], options: GIFOptions, minimumPSNR: Double = 35,
                         file: StaticString = #filePath, line: UInt = #line) throws -> (bytes: Int, minPSNR: Double) {
    let delays = [Int](repeating: 4, count: frames.count)
    let bytes = try GIFEncoder.encode(frames, delays: delays, options: options)
    let decoded = try GIFDecoder.decode(bytes)
    XCTAssertEqual(decoded.frames.count, frames.count, file: file, line: line)
    XCTAssertEqual(decoded.delays, delays, file: file, line: line)
    let expected = Reference.expected(frames, options: options)
    assertFramesEqual(decoded.frames, expected, "decoded vs intended canvas:", file: file, line: line)
    var worst = 99.0
    for (i, frame) in decoded.frames.enumerated() where i < frames.count {
      let matte = options.matte ?? RGBA8(r: 255, g: 255, b: 255)
      let psnr = Reference.psnr(Reference.onMatte(frame, matte), Reference.onMatte(frames[i], matte))
      worst = min(worst, psnr)
      XCTAssertGreaterThanOrEqual(psnr, minimumPSNR, "frame \(i)", file: file, line: line)
    }
    return (bytes.count, worst)
  }

  func testMovingDiscOnTransparentIsExact() throws {
    let frames = (0..<count).map { Synthetic.disc(size: size, frame: $0, of: count) }
    _ = try roundTrip(frames, options: GIFOptions())
    // Exact palette (no colour error allowed, so no fringe cut either): the decoded pixels are the
    // matted input itself.
    let exact = GIFOptions(maxColorError: 0)
    _ = try roundTrip(frames, options: exact)
    let decoded = try GIFDecoder.decode(try GIFEncoder.encode(frames, delays: [Int](repeating: 4, count: count), options: exact))
    for (i, frame) in frames.enumerated() {
      for y in 0..<size {
        for x in 0..<size {
          let p = frame[x, y]
          let want: RGBA8 = p.a < 8 ? RGBA8(r: 0, g: 0, b: 0, a: 0) : RGBA8(
            r: UInt8(Matting.blend(Int(p.r), Int(p.a), 255)),
            g: UInt8(Matting.blend(Int(p.g), Int(p.a), 255)),
            b: UInt8(Matting.blend(Int(p.b), Int(p.a), 255)))
          XCTAssertEqual(decoded.frames[i][x, y], want, "frame \(i) pixel (\(x), \(y))")
          if decoded.frames[i][x, y] != want { return }
        }
      }
    }
  }

  func testFaintFringeIsDroppedButTranslucentFillsStay() throws {
    let matte = (r: 255, g: 255, b: 255)
    let discs = (0..<count).map { Synthetic.disc(size: size, frame: $0, of: count) }
    // An anti-aliased edge is cut (at 128 like ffmpeg's alpha_threshold when the edge is a small
    // part of the canvas; this 48-pixel canvas is mostly edge, so lower).
    let cut = Matting.fringeThreshold(of: discs, matte: matte, base: 8, maxError: GIFOptions.defaultFringeError)
    XCTAssertGreaterThanOrEqual(cut, 64)
    XCTAssertEqual(Matting.fringeThreshold(of: discs, matte: matte, base: 8, maxError: 0), 8)
    // The same discs at 40% opacity: dropping them would lose the animation.
    let faded = discs.map { disc -> Frame in
      var frame = disc
      for i in stride(from: 3, to: frame.pixels.count, by: 4) { frame.pixels[i] = UInt8(Int(frame.pixels[i]) * 2 / 5) }
      return frame
    }
    XCTAssertLessThanOrEqual(
      Matting.fringeThreshold(of: faded, matte: matte, base: 8, maxError: GIFOptions.defaultFringeError), 64,
      "the fill (alpha 102) stays")
    // Encoded with the defaults, the disc's faint fringe is transparent.
    let decoded = try GIFDecoder.decode(try GIFEncoder.encode(discs, delays: [Int](repeating: 4, count: count)))
    for y in 0..<size {
      for x in 0..<size where discs[0][x, y].a < cut {
        XCTAssertEqual(decoded.frames[0][x, y].a, 0, "(\(x), \(y))")
      }
    }
  }

  func testGradientArcOnTransparentNeedsQuantizing() throws {
    let frames = (0..<count).map { Synthetic.arc(size: size, frame: $0, of: count) }
    var histogram = ColorHistogram()
    let matting = Matting(GIFOptions().transparency)
    for frame in frames { histogram.add(Reference.keys(of: frame, matting)) }
    XCTAssertGreaterThan(histogram.counts.count, 255, "the test must exercise the quantizer")
    _ = try roundTrip(frames, options: GIFOptions())
    _ = try roundTrip(frames, options: GIFOptions(dither: .ordered))
  }

  func testOpaqueArc() throws {
    let frames = (0..<count).map { Synthetic.arc(size: size, frame: $0, of: count, background: (0.1, 0.1, 0.12)) }
    _ = try roundTrip(frames, options: GIFOptions(transparency: .flatten(matte: RGBA8(r: 255, g: 255, b: 255))))
    let decoded = try GIFDecoder.decode(try GIFEncoder.encode(frames, delays: [Int](repeating: 4, count: count)))
    XCTAssertTrue(decoded.frames.allSatisfy { $0.pixels.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 } })
  }

  func testFlattenOntoMatte() throws {
    let frames = (0..<4).map { Synthetic.disc(size: 16, frame: $0, of: 4) }
    let matte = RGBA8(r: 10, g: 20, b: 30)
    let decoded = try GIFDecoder.decode(
      try GIFEncoder.encode(frames, delays: [5, 5, 5, 5], options: GIFOptions(transparency: .flatten(matte: matte))))
    XCTAssertEqual(decoded.frames[0][0, 0], matte, "transparent corners take the matte")
    XCTAssertEqual(decoded.frames.count, 4)
  }

  /// `.cut`: pixels at least half opaque keep their own colour, opaque; the others are
  /// transparent, whatever the matte; a shape fading through 128 appears at once.
  func testCutAlphaKeepsOwnColoursAndDropsTheRest() throws {
    func frame(_ alphas: [UInt8]) -> Frame {
      var pixels: [UInt8] = []
      for a in alphas { pixels += [200, 40, 10, a] }
      return Frame(width: alphas.count, height: 1, pixels: pixels)
    }
    let frames = [frame([0, 40, 127, 128, 200, 255]), frame([0, 90, 140, 128, 60, 255])]
    let options = GIFOptions(transparency: .cut, maxColorError: 0)
    let decoded = try GIFDecoder.decode(try GIFEncoder.encode(frames, delays: [5, 5], options: options))
    let red = RGBA8(r: 200, g: 40, b: 10), clear = RGBA8(r: 0, g: 0, b: 0, a: 0)
    XCTAssertEqual((0..<6).map { decoded.frames[0][$0, 0] }, [clear, clear, clear, red, red, red])
    XCTAssertEqual((0..<6).map { decoded.frames[1][$0, 0] }, [clear, clear, red, red, clear, red])

    // The same frames on the (blue) matte: kept edges are blended, not cut.
    let matted = try GIFDecoder.decode(try GIFEncoder.encode(
      frames, delays: [5, 5], options: GIFOptions(matte: RGBA8(r: 0, g: 0, b: 255), maxColorError: 0)))
    XCTAssertEqual(matted.frames[0][4, 0], RGBA8(r: 157, g: 31, b: 63), "200/255 of the colour over blue")
    XCTAssertNotEqual(matted.frames[0][1, 0], clear, "alpha 40 stays (above the threshold of 8)")

    // Without transparency (an opaque scene) the choice changes nothing.
    let opaque = [frame([255, 255, 255])]
    let white = RGBA8(r: 255, g: 255, b: 255)
    for transparency in [GIFTransparency.cut, .flatten(matte: white), .matte(white, threshold: 90)] {
      XCTAssertEqual(try GIFEncoder.encode(opaque, delays: [5], options: GIFOptions(transparency: transparency)),
                     try GIFEncoder.encode(opaque, delays: [5], options: GIFOptions()), "\(transparency)")
    }
    XCTAssertEqual(GIFTransparency.cut.forBackground(opaque: true), .flatten(matte: white))
    XCTAssertEqual(GIFTransparency.cut.forBackground(opaque: false), .cut)
  }

  func testEncodingIsDeterministic() throws {
    let frames = (0..<6).map { Synthetic.arc(size: 32, frame: $0, of: 6) }
    let a = try GIFEncoder.encode(frames, delays: [Int](repeating: 3, count: 6), options: GIFOptions(dither: .ordered))
    let b = try GIFEncoder.encode(frames, delays: [Int](repeating: 3, count: 6), options: GIFOptions(dither: .ordered))
    XCTAssertEqual(a, b)
  }
}
