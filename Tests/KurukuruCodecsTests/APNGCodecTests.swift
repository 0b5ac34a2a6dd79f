import KurukuruCore
@testable import KurukuruCodecs
import XCTest

/// The APNG encoder and decoder on synthetic frames: exact round trips through every path
/// (palette, RGBA, SOURCE where OVER would not be exact, merged frames, re-rendering), delays,
/// and the decoder's compositing against the reference arithmetic.
final class APNGCodecTests: XCTestCase {
  // MARK: - Support

  /// `count` frames of a disc moving over a half-transparent band (so some changed pixels are
  /// partly transparent over partly transparent ones: OVER is not exact there).
  static func frames(size: Int = 32, count: Int = 8, colors: Bool = true) -> [Frame] {
    (0..<count).map { k in
      var f = Frame(width: size, height: size)
      for y in 0..<size {
        for x in 0..<size {
          if y >= size / 2 - 2 && y < size / 2 + 2 { f[x, y] = RGBA8(r: 10, g: 200, b: 30, a: 128) }
          let dx = Double(x) - Double(4 + k * 3), dy = Double(y) - Double(size / 2)
          let d = (dx * dx + dy * dy).squareRoot()
          if d < 6 {
            let a = UInt8(max(0, min(255, (6 - d) * 120)))
            let base = colors ? UInt8((x * 37 + y * 11 + k) % 256) : 200
            f[x, y] = RGBA8(r: base, g: 60, b: 255 &- base, a: a)
          }
        }
      }
      return f
    }
  }

  static func delays(_ n: Int) -> [APNGDelay] { [APNGDelay](repeating: APNGDelay(1, 30), count: n) }

  /// Expands decoded frames to one per input frame, following the merged delays.
  static func expand(_ decoded: DecodedAPNG, delays: [APNGDelay]) -> [Frame]? {
    var out: [Frame] = []
    var i = 0
    for (k, d) in decoded.delays.enumerated() {
      var covered = APNGDelay(0, 1)
      while covered.rational != d.rational {
        guard i < delays.count, let sum = covered.adding(delays[i]) else { return nil }
        covered = sum
        out.append(decoded.frames[k])
        i += 1
      }
    }
    return i == delays.count ? out : nil
  }

  /// IHDR's colour type of an encoded file.
  static func colorType(_ bytes: [UInt8]) -> UInt8 { bytes[25] }

  // MARK: - Round trips

  func testRGBARoundTripIsExactAndUsesSourceWhereOverIsNot() throws {
    let frames = Self.frames()
    let bytes = try APNGEncoder.encode(frames, delays: Self.delays(frames.count), options: APNGOptions(threads: 2))
    XCTAssertEqual(Self.colorType(bytes), 6, "more than 256 colours: RGBA")
    let decoded = try APNGDecoder.decode(bytes)
    XCTAssertEqual(decoded.frames, frames)
    XCTAssertEqual(decoded.loopCount, 0)
    XCTAssertEqual(decoded.delays, Self.delays(frames.count))
  }

  func testPaletteRoundTripIsExact() throws {
    let frames = Self.frames(colors: false)
    let bytes = try APNGEncoder.encode(frames, delays: Self.delays(frames.count))
    XCTAssertEqual(Self.colorType(bytes), 3, "few colours: palette")
    XCTAssertEqual(try APNGDecoder.decode(bytes).frames, frames)
    let rgba = try APNGEncoder.encode(frames, delays: Self.delays(frames.count), options: APNGOptions(allowPalette: false))
    XCTAssertEqual(Self.colorType(rgba), 6)
    XCTAssertEqual(try APNGDecoder.decode(rgba).frames, frames)
    XCTAssertLessThan(bytes.count, rgba.count)
  }

  func testLowBitDepthPalettesRoundTrip() throws {
    // With transparent black (always in the palette): 3 colours → 2 bits, 5 → 4, 17 → 8; rows of
    // an odd width are packed.
    for colors in [2, 4, 16] {
      let frames = (0..<5).map { k -> Frame in
        var f = Frame(width: 13, height: 7)
        for y in 0..<7 { for x in 0..<13 { f[x, y] = RGBA8(r: UInt8((x + y + k) % colors * 10), g: 0, b: 0, a: 255) } }
        return f
      }
      let bytes = try APNGEncoder.encode(frames, delays: Self.delays(5))
      XCTAssertEqual(Self.colorType(bytes), 3)
      XCTAssertEqual(bytes[24], colors == 2 ? 2 : colors == 4 ? 4 : 8, "bit depth")
      XCTAssertEqual(try APNGDecoder.decode(bytes).frames, frames, "\(colors) colours")
    }
  }

  func testGreyAndOpaqueAnimationsUseFewerChannelsAndRoundTrip() throws {
    // More than 256 colours each, so no palette: grey with alpha → 4, opaque grey → 0 (8-bit
    // grey), opaque colour → 2 (RGB); any non-grey or non-opaque pixel keeps RGBA.
    func frames(_ pixel: @escaping (Int, Int, Int) -> RGBA8) -> [Frame] {
      (0..<4).map { k in
        var f = Frame(width: 24, height: 24)
        for y in 0..<24 { for x in 0..<24 { f[x, y] = pixel(x, y, k) } }
        return f
      }
    }
    let cases: [(String, UInt8, [Frame])] = [
      ("grey + alpha", 4, frames { x, y, k in
        let v = UInt8((x * 11 + y * 3 + k) % 256)
        return (x + k) % 5 == 0 ? RGBA8(r: 0, g: 0, b: 0, a: 0) : RGBA8(r: v, g: v, b: v, a: UInt8(40 + (y * 9 + k) % 200))
      }),
      ("grey", 0, frames { x, y, k in
        let v = UInt8((x * 11 + y * 13 + k * 7) % 256)
        return RGBA8(r: v, g: v, b: v, a: 255)
      }),
      ("RGB", 2, frames { x, y, k in RGBA8(r: UInt8(x * 10), g: UInt8(y * 10), b: UInt8(k * 60), a: 255) }),
    ]
    for (label, colorType, frames) in cases {
      let bytes = try APNGEncoder.encode(frames, delays: Self.delays(frames.count), options: APNGOptions(threads: 2))
      XCTAssertEqual(Self.colorType(bytes), colorType, label)
      XCTAssertEqual(try APNGDecoder.decode(bytes).frames, frames, label)
      let rgba = try APNGEncoder.encode(frames, delays: Self.delays(frames.count), options: APNGOptions(allowPalette: false))
      XCTAssertEqual(Self.colorType(rgba), 6, label)
      XCTAssertLessThan(bytes.count, rgba.count, label)
    }
  }

  func testFramesReturningToAnEarlierStateUseDisposePreviousExactly() throws {
    // A fixed scene with a blob that appears on every other frame at a new place: after a blob
    // frame, restoring its region (dispose PREVIOUS) is the cheapest base for the next frame.
    var background = Frame(width: 40, height: 40)
    for y in 0..<40 { for x in 0..<40 { background[x, y] = RGBA8(r: UInt8(x * 6), g: UInt8(y * 6), b: 90, a: 255) } }
    let frames = (0..<8).map { k -> Frame in
      var f = background
      if k % 2 == 1 {
        for y in 10..<30 { for x in (k * 3)..<(k * 3 + 12) { f[x, y] = RGBA8(r: 250, g: UInt8(x * 5), b: 20, a: 160) } }
      }
      return f
    }
    let bytes = try APNGEncoder.encode(frames, delays: Self.delays(frames.count), options: APNGOptions(threads: 2))
    XCTAssertEqual(try APNGDecoder.decode(bytes).frames, frames)
    XCTAssertTrue(Self.disposeOps(bytes).contains(2), "dispose PREVIOUS used: \(Self.disposeOps(bytes))")
    XCTAssertEqual(bytes, try APNGEncoder.encode(frames, delays: Self.delays(frames.count), options: APNGOptions(threads: 1)))
  }

  /// Every fcTL's dispose op, in order.
  static func disposeOps(_ bytes: [UInt8]) -> [UInt8] {
    var ops: [UInt8] = []
    var pos = 8
    while pos + 8 <= bytes.count {
      let length = bytes[pos..<(pos + 4)].reduce(0) { $0 << 8 | Int($1) }
      if String(decoding: bytes[(pos + 4)..<(pos + 8)], as: UTF8.self) == "fcTL" { ops.append(bytes[pos + 8 + 24]) }
      pos += 12 + length
    }
    return ops
  }

  func testIdenticalFramesAreMergedKeepingTheTotalDuration() throws {
    var frames = Self.frames(count: 4)
    frames.insert(frames[1], at: 2)
    frames.insert(frames[1], at: 2)  // frames 1, 2, 3 are equal
    let delays = Self.delays(frames.count)
    let bytes = try APNGEncoder.encode(frames, delays: delays)
    let decoded = try APNGDecoder.decode(bytes)
    XCTAssertEqual(decoded.frames.count, 4)
    XCTAssertEqual(decoded.delays[1], APNGDelay(1, 10), "three thirtieths")
    XCTAssertEqual(Self.expand(decoded, delays: delays), frames)
    XCTAssertEqual(APNGDelay.total(decoded.delays), APNGDelay.total(delays))
    let unmerged = try APNGDecoder.decode(
      try APNGEncoder.encode(frames, delays: delays, options: APNGOptions(mergeIdenticalFrames: false)))
    XCTAssertEqual(unmerged.frames, frames)
  }

  func testRerenderingWhenTheCacheOverflowsGivesTheSameBytes() throws {
    let frames = Self.frames()
    let delays = Self.delays(frames.count)
    var calls = 0
    let cached = try APNGEncoder.encode(width: 32, height: 32, delays: delays, options: APNGOptions(), cacheBudget: 1 << 30) {
      calls += 1
      return Array(frames[$0])
    }
    XCTAssertEqual(calls, 1, "one chunk, rendered once")
    calls = 0
    let rerendered = try APNGEncoder.encode(width: 32, height: 32, delays: delays, options: APNGOptions(), cacheBudget: 0) {
      calls += 1
      return Array(frames[$0])
    }
    XCTAssertEqual(calls, 2)
    XCTAssertEqual(cached, rerendered)
  }

  func testBytesDoNotDependOnThreads() throws {
    let frames = Self.frames()
    let one = try APNGEncoder.encode(frames, delays: Self.delays(8), options: APNGOptions(threads: 1))
    let three = try APNGEncoder.encode(frames, delays: Self.delays(8), options: APNGOptions(threads: 3))
    XCTAssertEqual(one, three)
  }

  /// The zlib streams of the fdAT chunks, in order.
  private static func fdATStreams(_ bytes: [UInt8]) -> [[UInt8]] {
    var out: [[UInt8]] = []
    var i = 8
    while i + 8 <= bytes.count {
      let length = bytes[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) }
      if Array(bytes[(i + 4)..<(i + 8)]) == Array("fdAT".utf8) { out.append(Array(bytes[(i + 12)..<(i + 8 + length)])) }
      i += 12 + length
    }
    return out
  }

  func testFramesRepeatingEarlierOnesReuseTheirStreamsAndRoundTrip() throws {
    // A loop played five times over: frames 8… repeat frames 0…, so their winners repeat.
    let loop = Self.frames()
    let frames = (0..<40).map { loop[$0 % 8] }
    for threads in [1, 3] {
      let bytes = try APNGEncoder.encode(frames, delays: Self.delays(40), options: APNGOptions(threads: threads))
      XCTAssertEqual(try APNGDecoder.decode(bytes).frames, frames, "threads \(threads)")
      let streams = Self.fdATStreams(bytes)
      XCTAssertEqual(streams.count, 39)
      XCTAssertLessThan(Set(streams).count, streams.count, "some streams repeat")
      XCTAssertEqual(bytes, try APNGEncoder.encode(frames, delays: Self.delays(40), options: APNGOptions(threads: 1)))
    }
  }

  func testAnErrorWhileFramesAreCompressedInTheBackgroundIsThrown() {
    struct Failure: Error, Equatable {}
    let loop = Self.frames()
    var calls = 0
    // Pass 1 renders 0..<32 and 32..<40; pass 2 (the cache holds nothing) fails on its second
    // chunk, after 32 frames went to the compression lane.
    XCTAssertThrowsError(
      try APNGEncoder.encode(width: 32, height: 32, delays: Self.delays(40), options: APNGOptions(threads: 3), cacheBudget: 0) {
        calls += 1
        if calls == 4 { throw Failure() }
        return $0.map { loop[$0 % 8] }
      }
    ) { XCTAssertEqual($0 as? Failure, Failure()) }
    XCTAssertEqual(calls, 4)
  }

  func testZlibCompressionAlsoRoundTrips() throws {
    let frames = Self.frames()
    let bytes = try APNGEncoder.encode(frames, delays: Self.delays(8), options: APNGOptions(compression: .zlib(level: 9)))
    XCTAssertEqual(try APNGDecoder.decode(bytes).frames, frames)
  }

  func testFastCompressionWritesTheRankingStreamsExactly() throws {
    let frames = Self.frames()
    let fast = try APNGEncoder.encode(frames, delays: Self.delays(8), options: APNGOptions(compression: .fast, threads: 1))
    XCTAssertEqual(try APNGDecoder.decode(fast).frames, frames)
    XCTAssertEqual(fast, try APNGEncoder.encode(frames, delays: Self.delays(8), options: APNGOptions(compression: .fast, threads: 3)))
    let best = try APNGEncoder.encode(frames, delays: Self.delays(8))
    XCTAssertLessThanOrEqual(best.count, fast.count)
  }

  func testZopfliCompressionRoundTripsWhateverTheThreads() throws {
    let frames = Self.frames()
    let max = try APNGEncoder.encode(frames, delays: Self.delays(8), options: APNGOptions(compression: .max, threads: 1))
    XCTAssertEqual(try APNGDecoder.decode(max).frames, frames)
    XCTAssertEqual(max, try APNGEncoder.encode(frames, delays: Self.delays(8), options: APNGOptions(compression: .max, threads: 3)))
    XCTAssertThrowsError(try APNGEncoder.encode(frames, delays: Self.delays(8),
                                                options: APNGOptions(compression: .zopfli(iterations: 0)))) {
      XCTAssertEqual($0 as? APNGError, .compressionFailed("zopfli iterations 0"))
    }
  }

  func testEncoderRejectsBadInput() {
    XCTAssertThrowsError(try APNGEncoder.encode(TimedFrames(width: 2, height: 2, timing: .fps(30, count: 0)) { _ in [] })) {
      XCTAssertEqual($0 as? APNGError, .input(.noFrames))
    }
    let f = [Frame(width: 2, height: 2)]
    XCTAssertThrowsError(try APNGEncoder.encode(TimedFrames(f))) { XCTAssertEqual($0 as? APNGError, .input(.untimed)) }
    XCTAssertThrowsError(try APNGEncoder.encode(f, delays: [APNGDelay(1, 10)], options: APNGOptions(loopCount: 70000))) {
      XCTAssertEqual($0 as? APNGError, .input(.invalidLoopCount(70000)))
    }
    XCTAssertThrowsError(try APNGEncoder.encode(f + [Frame(width: 3, height: 2)], delays: Self.delays(2))) {
      XCTAssertEqual($0 as? APNGError, .input(.frameSizeMismatch(frame: 1, width: 3, height: 2, expectedWidth: 2, expectedHeight: 2)))
    }
  }

  // MARK: - Delays

  func testDelaysAreExactFractionsOfThePeriod() {
    XCTAssertEqual(APNGDelays.delays(.fps(30, count: 36)), [APNGDelay](repeating: APNGDelay(1, 30), count: 36))
    XCTAssertEqual(APNGDelays.delays(.fps(50, count: 60)), [APNGDelay](repeating: APNGDelay(1, 50), count: 60))
    XCTAssertEqual(APNGDelays.delays(.fps(7, count: 7)), [APNGDelay](repeating: APNGDelay(1, 7), count: 7))
    // A period that is no small fraction: milliseconds with the rounding carried.
    // 0.9999 s / 7 = 9999/70000: the denominator does not fit 16 bits.
    let odd = APNGDelays.delays(.uniform(count: 7, frameDuration: Rational(9999, 70000)))
    XCTAssertEqual(Set(odd.map(\.denominator)), [1000])
    XCTAssertEqual(odd.map(\.numerator), [143, 143, 143, 142, 143, 143, 143])
    XCTAssertEqual(odd.map(\.numerator).reduce(0, +), 1000)
    XCTAssertEqual(APNGDelay(1, 30).adding(APNGDelay(1, 30)), APNGDelay(1, 15))
    XCTAssertNil(APNGDelay(65535, 1).adding(APNGDelay(1, 1)))
  }

  // MARK: - Compositing

  func testOverMatchesTheReferenceIntegerArithmetic() {
    var canvas: [UInt8] = [200, 100, 50, 100]
    APNGDecoder.compose([10, 20, 30, 128], into: &canvas, canvasWidth: 1, x: 0, y: 0, width: 1, height: 1, over: true)
    // u = 128·255 = 32640, v = 127·100 = 12700, al = 45340.
    let u = 32640, v = 12700, al = u + v
    let r: Int = (10 * u + 200 * v) / al, g: Int = (20 * u + 100 * v) / al, b: Int = (30 * u + 50 * v) / al
    XCTAssertEqual(canvas, [UInt8(r), UInt8(g), UInt8(b), UInt8(al / 255)])
    var clear: [UInt8] = [1, 2, 3, 4]
    APNGDecoder.compose([9, 9, 9, 0], into: &clear, canvasWidth: 1, x: 0, y: 0, width: 1, height: 1, over: true)
    XCTAssertEqual(clear, [1, 2, 3, 4], "a transparent source leaves the canvas")
    var empty: [UInt8] = [1, 2, 3, 0]
    APNGDecoder.compose([9, 8, 7, 6], into: &empty, canvasWidth: 1, x: 0, y: 0, width: 1, height: 1, over: true)
    XCTAssertEqual(empty, [9, 8, 7, 6], "onto a transparent pixel the source is copied")
  }
}
