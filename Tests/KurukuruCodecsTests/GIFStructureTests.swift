import KurukuruCore
@testable import KurukuruCodecs
import XCTest

final class GIFStructureTests: XCTestCase {
  private let ink = RGBA8(r: 200, g: 30, b: 40)

  private func canvas(_ size: Int, dots: [(Int, Int)]) -> Frame {
    var frame = Frame(width: size, height: size)
    for (x, y) in dots { frame[x, y] = ink }
    return frame
  }

  /// The rectangles of the images stored in `bytes`.
  private func rects(_ bytes: [UInt8]) throws -> [PixelRect] {
    var rects: [PixelRect] = []
    try GIFReader(bytes).read { _, image in rects.append(image.rect) }
    return rects
  }

  /// `bytes` with its image records played twice, the second time over the canvas left by the
  /// first pass: what a decoder that does not clear the canvas between loops shows.
  private func playedTwice(_ bytes: [UInt8]) throws -> DecodedGIF {
    let tableSize = 3 << (Int(bytes[10] & 7) + 1)
    let start = 13 + tableSize + 19  // header, screen, table, NETSCAPE2.0 block
    XCTAssertEqual(Array(bytes[(13 + tableSize)..<(13 + tableSize + 3)]), [0x21, 0xFF, 0x0B])
    let body = Array(bytes[start..<(bytes.count - 1)])
    return try GIFDecoder.decode(Array(bytes[0..<start]) + body + body + [0x3B])
  }

  // MARK: - Header and loop

  func testHeaderAndLoopBlockBytes() throws {
    let frames = [canvas(4, dots: [(1, 1)]), canvas(4, dots: [(2, 2)])]
    let bytes = try GIFEncoder.encode(frames, delays: [5, 5], options: GIFOptions(loopCount: 3))
    XCTAssertEqual(Array(bytes[0..<6]), Array("GIF89a".utf8))
    XCTAssertEqual(Array(bytes[6..<10]), [4, 0, 4, 0], "logical screen 4×4")
    XCTAssertEqual(bytes[10] & 0x80, 0x80, "global colour table present")
    let tableSize = 3 << (Int(bytes[10] & 7) + 1)
    XCTAssertEqual(tableSize, 6, "one colour + the transparent slot")
    XCTAssertEqual(Int(bytes[11]), 1, "background index = transparent slot")
    let loop = Array(bytes[(13 + tableSize)..<(13 + tableSize + 19)])
    XCTAssertEqual(loop, [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01, 0x03, 0x00, 0x00])
    XCTAssertEqual(bytes[13 + tableSize + 19], 0x21, "graphics control block follows")
    XCTAssertEqual(bytes[13 + tableSize + 20], 0xF9)
    XCTAssertEqual(bytes.last, 0x3B)
  }

  func testLoopCountRoundTrip() throws {
    let frames = [canvas(4, dots: [(1, 1)]), canvas(4, dots: [(2, 2)])]
    for loop in [0, 3, 65535] {
      let bytes = try GIFEncoder.encode(frames, delays: [5, 5], options: GIFOptions(loopCount: loop))
      XCTAssertEqual(try GIFDecoder.decode(bytes).loopCount, loop)
      XCTAssertEqual(try GIFDecoder.info(bytes).loopCount, loop)
    }
    let once = try GIFEncoder.encode(frames, delays: [5, 5], options: GIFOptions(loopCount: nil))
    XCTAssertNil(try GIFDecoder.decode(once).loopCount)
    XCTAssertThrowsError(try GIFEncoder.encode(frames, delays: [5, 5], options: GIFOptions(loopCount: 70000))) {
      XCTAssertEqual("\($0)", "gif: loop count 70000 is outside 0...65535")
    }
  }

  func testInfoReadsWithoutCompositing() throws {
    let frames = (0..<5).map { Synthetic.disc(size: 20, frame: $0, of: 5) }
    let bytes = try GIFEncoder.encode(frames, delays: [3, 4, 3, 3, 4])
    let info = try GIFDecoder.info(bytes)
    XCTAssertEqual(info, GIFInfo(width: 20, height: 20, frames: 5, delays: [3, 4, 3, 3, 4], loopCount: 0))
  }

  // MARK: - Frame optimisation

  func testIdenticalFramesMerge() throws {
    let a = canvas(6, dots: [(1, 1)]), b = canvas(6, dots: [(4, 4)])
    let bytes = try GIFEncoder.encode([a, a, b, b, b, a], delays: [3, 4, 5, 5, 5, 6])
    let decoded = try GIFDecoder.decode(bytes)
    XCTAssertEqual(decoded.delays, [7, 15, 6])
    assertFramesEqual(decoded.frames, [a, b, a])
  }

  func testMergedDelaysStayWithinTheFieldRange() throws {
    let a = canvas(4, dots: [(1, 1)])
    let decoded = try GIFDecoder.decode(try GIFEncoder.encode([a, a, a], delays: [40000, 40000, 40000]))
    XCTAssertEqual(decoded.delays, [40000, 40000, 40000])
    assertFramesEqual(decoded.frames, [a, a, a])
  }

  func testLaterFramesAreCroppedToTheChange() throws {
    let a = canvas(16, dots: [(3, 3), (12, 12)]), b = canvas(16, dots: [(3, 3), (12, 12), (7, 8)])
    XCTAssertEqual(try rects(try GIFEncoder.encode([a, b], delays: [5, 5])),
                   [PixelRect(x: 0, y: 0, width: 16, height: 16), PixelRect(x: 7, y: 8, width: 1, height: 1)])
  }

  func testLZWCodesWidenWhenGiflibWidensThem() {
    // clear (4), 0, "00" (code 6), 0, end (5): the end code is 4 bits wide, since code 8 would be
    // next. Packed LSB first: 4 | 0 << 3 | 6 << 6 | 0 << 9 | 5 << 12 = 0x5184.
    XCTAssertEqual(LZW.compress([0, 0, 0, 0], minCodeSize: 2), [2, 2, 0x84, 0x51, 0])
    var generator = SplitMix64(seed: 9)
    let noise = (0..<2000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    let run = [UInt8](repeating: 7, count: 2000)
    XCTAssertLessThan(LZW.compress(run, minCodeSize: 8).count * 10, LZW.compress(noise, minCodeSize: 8).count)
    // Noise barely compresses: about 9 to 12 bits a pixel (codes widen as the table fills).
    XCTAssertGreaterThan(LZW.compress(noise, minCodeSize: 8).count * 8, 2000 * 9)
  }

  func testLZWTableIsAtMostHalfFull() {
    // A frame of n pixels adds at most n + 2 codes before the table would hold 4,096.
    for n in [0, 1, 30, 31, 100, 2_046, 2_047, 4_094, 4_095, 1_000_000] {
      let slots = 1 << LZW.tableBits(pixelCount: n)
      XCTAssertGreaterThanOrEqual(slots, 2 * min(n + 2, 4096), "\(n) pixels")
      XCTAssertLessThanOrEqual(slots, max(64, 4 * min(n + 2, 4096)), "\(n) pixels: not larger than needed")
      XCTAssertLessThanOrEqual(slots, 8192)
    }
  }

  func testFrameBytesEqualGiflibs() throws {
    // Every code size, noise and runs, and frames long enough to fill the table (clear codes).
    var generator = SplitMix64(seed: 4)
    for minCodeSize in 2...8 {
      // Sizes also span the table sizes (64 slots for 7×3, 4,096 for 45×45, 8,192 from 64×64).
      for (width, height) in [(1, 1), (7, 3), (200, 1), (45, 45), (64, 64), (301, 97)] {
        var pixels: [UInt8] = []
        while pixels.count < width * height {
          let value = UInt8(truncatingIfNeeded: generator.next()) & UInt8((1 << minCodeSize) - 1)
          let length = generator.next() % 3 == 0 ? Int(generator.next() % 50) : 1
          pixels += [UInt8](repeating: value, count: min(length, width * height - pixels.count))
        }
        let rect = PixelRect(x: 3, y: 2, width: width, height: height)
        let table = [(UInt8, UInt8, UInt8)](repeating: (9, 9, 9), count: 1 << minCodeSize)
        let reference = try GIFWriter()
        try reference.putScreen(width: width + 3, height: height + 2, table: table, background: 0)
        let start = try GIFWriter()
        try start.putScreen(width: width + 3, height: height + 2, table: table, background: 0)
        let headerCount = try start.finish().count - 1
        try reference.putFrame(disposal: 2, delay: 300, transparentIndex: 1, rect: rect, pixels: pixels)
        let expected = Array(try reference.finish().dropLast().dropFirst(headerCount))
        let ours = GIFWriter.frameBytes(disposal: 2, delay: 300, transparentIndex: 1, rect: rect, pixels: pixels,
                                        minCodeSize: minCodeSize)
        XCTAssertEqual(ours, expected, "code size \(minCodeSize), \(width)×\(height)")
      }
    }
  }

  func testUnchangedPixelsAreWrittenTheCheaperWay() throws {
    // The previous canvas has stripes of 1 and 3; the new one is all 1. Writing "keep" for the
    // unchanged 1s would alternate keep/1; writing them as 1 makes one long run.
    let width = 64, height = 8
    let striped = (0..<(width * height)).map { UInt8($0 % 2 == 0 ? 1 : 3) }
    let plain = [UInt8](repeating: 1, count: width * height)
    var optimizer = FrameOptimizer(width: width, height: height, transparent: 4, minCodeSize: 3)
    var written: [OptimizedFrame] = []
    try optimizer.add(striped, delay: 5) { written.append($0) }
    try optimizer.add(plain, delay: 5) { written.append($0) }
    try optimizer.finish { written.append($0) }
    XCTAssertEqual(written.count, 2)
    XCTAssertEqual(written[1].rect, PixelRect(x: 1, y: 0, width: width - 1, height: height), "cropped to the change")
    XCTAssertTrue(written[1].pixels.allSatisfy { $0 == 1 }, "one run of 1s, not keep/1 alternating")
    // With a change on every other pixel and nothing to gain, unchanged pixels stay "keep".
    let dotted = (0..<(width * height)).map { UInt8($0 % 2 == 0 ? 2 : 1) }
    var other = FrameOptimizer(width: width, height: height, transparent: 4, minCodeSize: 3)
    var frames: [OptimizedFrame] = []
    try other.add(plain, delay: 5) { frames.append($0) }
    try other.add(dotted, delay: 5) { frames.append($0) }
    try other.finish { frames.append($0) }
    XCTAssertFalse(frames[1].pixels.contains(1), "a tie keeps the transparent \"keep\" index")
    XCTAssertEqual(frames[1].pixels.filter { $0 == 2 }.count, width * height / 2)
  }

  func testInkTurningTransparentIsCleared() throws {
    // A dot that disappears on a transparent canvas, one that moves, and one that stays two
    // frames and then vanishes outside the previous frame's rectangle.
    let frames = [
      canvas(10, dots: [(1, 1), (8, 8)]),
      canvas(10, dots: [(8, 8), (2, 5)]),
      canvas(10, dots: [(3, 5)]),
      canvas(10, dots: []),
      canvas(10, dots: [(5, 5)]),
    ]
    let bytes = try GIFEncoder.encode(frames, delays: [4, 4, 4, 4, 4])
    let decoded = try GIFDecoder.decode(bytes)
    assertFramesEqual(decoded.frames, frames)
    XCTAssertEqual(decoded.frames[1][1, 1], RGBA8(r: 0, g: 0, b: 0, a: 0))
    XCTAssertEqual(decoded.frames[2][8, 8], RGBA8(r: 0, g: 0, b: 0, a: 0))
    // Replaying the frames over the last canvas (no clearing between loops) shows the same.
    let twice = try playedTwice(bytes)
    assertFramesEqual(twice.frames, frames + frames)
  }

  func testAnimationsSurviveDecodersThatDoNotClearBetweenLoops() throws {
    let frames = (0..<8).map { Synthetic.arc(size: 24, frame: $0, of: 8) }
    let bytes = try GIFEncoder.encode(frames, delays: [Int](repeating: 3, count: 8))
    let once = try GIFDecoder.decode(bytes)
    let twice = try playedTwice(bytes)
    assertFramesEqual(twice.frames, once.frames + once.frames)
  }

  // MARK: - Streaming

  func testFramesAreRenderedOnceWhenTheChangesFitTheCache() throws {
    let count = 40
    let size = 16
    let delays = [Int](repeating: 2, count: count)
    func encode(budget: Int) throws -> (bytes: [UInt8], ranges: [Range<Int>]) {
      var ranges: [Range<Int>] = []
      let bytes = try GIFEncoder.encode(width: size, height: size, frameCount: count, delays: delays,
                                        options: GIFOptions(), cacheBudget: budget) { range in
        ranges.append(range)
        return range.map { Synthetic.disc(size: size, frame: $0, of: count) }
      }
      return (bytes, ranges)
    }
    let chunk = FrameChunks.size(width: size, height: size)
    let cached = try encode(budget: KeyCache.budget)
    XCTAssertTrue(cached.ranges.allSatisfy { $0.count <= chunk && !$0.isEmpty })
    XCTAssertEqual(cached.ranges.flatMap { Array($0) }, Array(0..<count), "rendered once")
    // Without room for the changes, pass 2 asks again, in chunks, and writes the same bytes.
    let twice = try encode(budget: 1000)
    XCTAssertEqual(twice.ranges.flatMap { Array($0) }, Array(0..<count) + Array(0..<count))
    XCTAssertTrue(twice.ranges.allSatisfy { $0.count <= chunk && !$0.isEmpty })
    XCTAssertEqual(twice.bytes, cached.bytes)
    XCTAssertEqual(try encode(budget: 0).bytes, cached.bytes)
    XCTAssertEqual(try GIFDecoder.info(cached.bytes).frames, count)
  }

  func testProviderErrorsStopTheEncodingWhileTheNextChunkIsRendered() {
    struct Broken: Error, Equatable { let frame: Int }
    let size = 16
    let count = 3 * FrameChunks.size(width: size, height: size)
    for failing in [0, count / 2, count - 1] {
      var asked: [Range<Int>] = []
      XCTAssertThrowsError(try GIFEncoder.encode(width: size, height: size, frameCount: count,
                                                 delays: [Int](repeating: 2, count: count)) { range in
        asked.append(range)
        if range.contains(failing) { throw Broken(frame: failing) }
        return range.map { Synthetic.disc(size: size, frame: $0, of: count) }
      }) { XCTAssertEqual($0 as? Broken, Broken(frame: failing)) }
      XCTAssertEqual(asked.first?.lowerBound, 0)
      XCTAssertTrue(zip(asked, asked.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound }, "in order, one at a time")
    }
  }

  func testKeyCacheReplaysTheStoredFrames() throws {
    var cache = KeyCache(count: 4, budget: 1 << 20)
    let frames: [[ColorKey]] = [[1, 2, 3, .transparent], [1, 5, 3, .transparent], [7, 7, 7, 7], [7, 7, 7, 7]]
    for (i, keys) in frames.enumerated() { cache.store(keys, frame: 2 * i) }
    XCTAssertTrue(cache.isComplete)
    var replayed: [(Int, [ColorKey], [UInt32])] = []
    try cache.replay { replayed.append(($0, $1, $2)) }
    XCTAssertEqual(replayed.map(\.0), [0, 2, 4, 6])
    XCTAssertEqual(replayed.map(\.1), frames)
    XCTAssertEqual(replayed.map(\.2), [[0, 1, 2], [1], [0, 1, 2, 3], []], "the pixels that changed")
    var small = KeyCache(count: 4, budget: 100)
    for (i, keys) in frames.enumerated() { small.store(keys, frame: i) }
    XCTAssertFalse(small.isComplete, "over budget: the cache gives up")
  }

  func testProviderMistakesThrow() {
    let frame = Synthetic.disc(size: 8, frame: 0, of: 1)
    XCTAssertThrowsError(try GIFEncoder.encode(width: 8, height: 8, frameCount: 2, delays: [4, 4]) { _ in [frame] }) {
      XCTAssertEqual("\($0)", "gif: frames 0..<2 requested, 1 returned")
    }
    XCTAssertThrowsError(try GIFEncoder.encode(width: 9, height: 8, frameCount: 1, delays: [4]) { _ in [frame] }) {
      XCTAssertEqual("\($0)", "gif: frame 0 is 8×8, expected 9×8")
    }
    XCTAssertThrowsError(try GIFEncoder.encode(width: 0, height: 8, frameCount: 1, delays: [4]) { _ in [frame] }) {
      XCTAssertEqual("\($0)", "gif: canvas 0×8 is outside 1...65535 pixels a side")
    }
  }

  func testInternalFailuresAreNotReportedAsGiflibErrors() {
    let message = GIFError.internalInconsistency("a GIF writer was used after it was closed").description
    XCTAssertTrue(message.hasPrefix("gif: internal error"), message)
    XCTAssertFalse(message.contains("giflib"), message)
  }
}
