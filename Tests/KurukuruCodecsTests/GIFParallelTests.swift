import KurukuruCore
@testable import KurukuruCodecs
import XCTest

/// The encoder's output does not depend on how many threads it uses.
final class GIFParallelTests: XCTestCase {
  // MARK: - Helpers

  /// A disc moving on a transparent canvas, then an opaque arc (so the palette is not exact),
  /// with held frames, dropped frames (zero delays) and more frames than one batch holds.
  private func animation(size: Int) -> (frames: [Frame], delays: [Int]) {
    let count = 150
    var frames: [Frame] = []
    var delays: [Int] = []
    for i in 0..<count {
      switch i % 50 {
      case 0..<20: frames.append(Synthetic.disc(size: size, frame: i, of: 20))
      case 20..<25: frames.append(Synthetic.disc(size: size, frame: 0, of: 20))
      default: frames.append(Synthetic.arc(size: size, frame: i, of: 25, background: i % 3 == 0 ? nil : (1, 1, 1)))
      }
      delays.append(i % 17 == 5 ? 0 : 2 + i % 4)
    }
    return (frames, delays)
  }

  private func encode(_ frames: [Frame], delays: [Int], threads: Int, budget: Int = KeyCache.budget) throws -> [UInt8] {
    var options = GIFOptions()
    options.threads = threads
    return try GIFEncoder.encode(width: frames[0].width, height: frames[0].height, frameCount: frames.count,
                                 delays: delays, options: options, cacheBudget: budget) { Array(frames[$0]) }
  }

  // MARK: - Tests

  func testOneAndFourThreadsWriteTheSameBytes() throws {
    let (frames, delays) = animation(size: 20)
    let single = try encode(frames, delays: delays, threads: 1)
    let four = try encode(frames, delays: delays, threads: 4)
    XCTAssertEqual(four, single)
    // Also when pass 2 renders again instead of replaying the cached keys.
    XCTAssertEqual(try encode(frames, delays: delays, threads: 4, budget: 0), single)
    XCTAssertEqual(try encode(frames, delays: delays, threads: 3, budget: 2000), single)
    let shown = delays.filter { $0 > 0 }.count
    let decoded = try GIFDecoder.decode(four)
    XCTAssertGreaterThan(decoded.frames.count, 50)
    XCTAssertLessThan(decoded.frames.count, shown, "held frames are merged")
  }

  func testFrameStreamWritesWhatTheSequentialWriterWrites() throws {
    // Random indexed canvases: runs of colours and of the transparent index, so that frames are
    // cropped, cleared (disposal 2), merged and written with every pixel choice.
    var generator = SplitMix64(seed: 11)
    let width = 23, height = 17
    let palette = Palette(colors: [.rgb(255, 0, 0), .rgb(0, 255, 0), .rgb(0, 0, 255)], isExact: true)
    let t = palette.transparentIndex
    var canvas = [UInt8](repeating: t, count: width * height)
    var canvases: [[UInt8]] = []
    for i in 0..<90 {
      if i % 7 != 3 {
        for _ in 0..<(1 + Int(generator.next() % 4)) {
          let start = Int(generator.next() % UInt64(canvas.count))
          let length = Int(generator.next() % 40)
          let value = UInt8(generator.next() % 4)
          for p in start..<min(canvas.count, start + length) { canvas[p] = value }
        }
      }
      canvases.append(canvas)
    }
    let reference = try GIFWriter()
    try reference.putScreen(width: width, height: height, table: palette.rgbTable, background: Int(t))
    try reference.putLoop(count: 0)
    let header = try GIFWriter()
    try header.putScreen(width: width, height: height, table: palette.rgbTable, background: Int(t))
    try header.putLoop(count: 0)
    let headerBytes = try header.finish()
    var optimizer = FrameOptimizer(width: width, height: height, transparent: t, minCodeSize: 2)
    let put: (OptimizedFrame) throws -> Void = { frame in
      try reference.putFrame(disposal: frame.disposal, delay: frame.delay, transparentIndex: Int(t),
                             rect: frame.rect, pixels: frame.pixels)
    }
    var disposals: [Int] = []
    for canvas in canvases {
      try optimizer.add(canvas, delay: 3) { disposals.append($0.disposal); try put($0) }
    }
    try optimizer.finish { disposals.append($0.disposal); try put($0) }
    let expected = try reference.finish()
    XCTAssertTrue(disposals.contains(2) && disposals.contains(1))
    XCTAssertLessThan(disposals.count, canvases.count, "unchanged canvases are merged")
    for threads in [1, 2, 4] {
      var stream = FrameStream(palette: palette, width: width, height: height, threads: threads, header: headerBytes)
      for canvas in canvases { try stream.add(canvas, delay: 3) }
      XCTAssertEqual(try stream.finish(), expected, "\(threads) threads")
    }
  }

  func testThreadCountIsValidated() {
    var options = GIFOptions()
    options.threads = 0
    let frame = Synthetic.disc(size: 8, frame: 0, of: 1)
    XCTAssertThrowsError(try GIFEncoder.encode([frame], delays: [4], options: options)) {
      XCTAssertEqual("\($0)", "gif: thread count 0 must be at least 1")
    }
  }
}
