import Foundation
import KurukuruCore
import XCTest

@testable import KurukuruCodecs

/// `WebPAnimationWriter` encodes a frame's two candidates at once (so these tests also run under
/// the thread and address sanitizers); its files must be the bytes libwebp's own
/// `WebPAnimEncoder` writes with the same settings, which is the referee here. The bundled
/// presets are compared in `KurukuruRenderTests.WebPAnimationWriterPresetTests`.
final class WebPAnimationWriterTests: XCTestCase {
  /// Both writers on the same frames: (ours, libwebp's).
  func encodeBothWays(width: Int, height: Int, frames: [Frame], durations: [Int], threads: Int = 2,
                      loopCount: Int = 0) throws -> (ours: [UInt8], libwebp: [UInt8]) {
    let options = WebPOptions(loopCount: loopCount, threads: threads)
    let ours = try WebPEncoder.encode(width: width, height: height, durations: durations, options: options,
                                      libwebpAnimation: false) { Array(frames[$0]) }
    let libwebp = try WebPEncoder.encode(width: width, height: height, durations: durations, options: options,
                                         libwebpAnimation: true) { Array(frames[$0]) }
    return (ours.bytes, libwebp.bytes)
  }

  /// Small random animations that reach every branch: unchanged frames (merged), frames that
  /// only erase (no blending), odd offsets (snapped), changes at the canvas edges, fully
  /// transparent frames (the first one a 1×1 key frame), half-transparent colours, one thread.
  func testSameBytesAsWebPAnimEncoderOnRandomAnimations() throws {
    var random = SplitMix64(seed: 21)
    var merged = 0, erased = 0, compared = 0
    for trial in 0..<60 {
      let width = 1 + Int(random.next() % 23), height = 1 + Int(random.next() % 17)
      let count = 2 + Int(random.next() % 7)
      var frames: [Frame] = []
      var frame = Frame(width: width, height: height)
      for k in 0..<count {
        switch random.next() % 5 {
        case 0:
          if k > 0 { merged += 1 }  // unchanged
        case 1:
          frame = Frame(width: width, height: height)  // everything erased
          erased += 1
        default:
          // A few rectangles of random colours (some half transparent, some clear).
          for _ in 0..<(1 + Int(random.next() % 3)) {
            let x0 = Int(random.next() % UInt64(width)), y0 = Int(random.next() % UInt64(height))
            let x1 = min(width, x0 + 1 + Int(random.next() % 6)), y1 = min(height, y0 + 1 + Int(random.next() % 6))
            let alpha: UInt8 = [0, 128, 255, 255][Int(random.next() % 4)]
            let c = RGBA8(r: UInt8(random.next() % 256), g: UInt8(random.next() % 256), b: 90, a: alpha)
            for y in y0..<y1 { for x in x0..<x1 { frame[x, y] = alpha == 0 ? RGBA8(r: 0, g: 0, b: 0, a: 0) : c } }
          }
        }
        frames.append(frame)
      }
      let durations = (0..<count).map { _ in 10 + Int(random.next() % 90) }
      let threads = trial % 3 == 0 ? 1 : 2
      do {
        let (ours, libwebp) = try encodeBothWays(width: width, height: height, frames: frames, durations: durations,
                                                 threads: threads, loopCount: trial % 4)
        XCTAssertTrue(ours == libwebp, "trial \(trial): \(width)×\(height), \(count) frames: \(ours.count) vs \(libwebp.count) bytes")
        compared += 1
      } catch is WebPAnimationWriter.Unsupported {
        continue  // every frame equal: one frame in all (testOneFrameInAllFallsBackToLibwebp)
      }
    }
    XCTAssertGreaterThan(compared, 45, "most trials must be animations")
    XCTAssertGreaterThan(merged, 10, "unchanged frames must occur")
    XCTAssertGreaterThan(erased, 10, "erasing frames must occur")
  }

  func testOneFrameInAllFallsBackToLibwebp() throws {
    // Three equal frames merge into one: libwebp rewrites that as a still image.
    var frame = Frame(width: 8, height: 8)
    frame[3, 3] = RGBA8(r: 255, g: 0, b: 0, a: 255)
    let options = WebPOptions(threads: 2)
    XCTAssertThrowsError(try WebPEncoder.encode(width: 8, height: 8, durations: [40, 40, 40], options: options,
                                                libwebpAnimation: false) { _ in [frame, frame, frame] }) {
      XCTAssertTrue($0 is WebPAnimationWriter.Unsupported)
    }
    let viaPublic = try WebPEncoder.encode(width: 8, height: 8, durations: [40, 40, 40], options: options) { _ in
      [frame, frame, frame]
    }
    let libwebp = try WebPEncoder.encode(width: 8, height: 8, durations: [40, 40, 40], options: options,
                                         libwebpAnimation: true) { _ in [frame, frame, frame] }
    XCTAssertEqual(viaPublic.bytes, libwebp.bytes)
  }

  func testARepeatedChangeReusesItsFileAndKeepsTheBytes() throws {
    // Three poses played back and forth (a swing): the changes repeat from the second cycle on.
    var random = SplitMix64(seed: 5)
    let poses = (0..<3).map { _ -> Frame in
      var f = Frame(width: 20, height: 14)
      for _ in 0..<6 {
        let x = Int(random.next() % 20), y = Int(random.next() % 14)
        f[x, y] = RGBA8(r: UInt8(random.next() % 256), g: 40, b: 200, a: [128, 255][Int(random.next() % 2)])
      }
      return f
    }
    let frames = (0..<12).map { poses[[0, 1, 2, 1][$0 % 4]] }
    let durations = [Int](repeating: 40, count: frames.count)
    let (ours, libwebp) = try encodeBothWays(width: 20, height: 14, frames: frames, durations: durations)
    XCTAssertEqual(ours, libwebp)
    let writer = WebPAnimationWriter(width: 20, height: 14, loopCount: 0,
                                   config: try WebPEncoder.config(quality: nil, threads: 1), parallel: false)
    XCTAssertEqual(try writer.write(frames, durations: durations), ours)
    XCTAssertGreaterThan(writer.reusedEncodings, 5, "the repeated swings must reuse their files")
  }

  // MARK: - Lossy

  /// Both sinks fed directly with the same frames and lossy configuration: (ours, libwebp's).
  static func writeBothWays(width: Int, height: Int, frames: [Frame], durations: [Int], quality: Double,
                            parallel: Bool = true) throws -> (ours: [UInt8], libwebp: [UInt8]) {
    let config = try WebPEncoder.config(quality: quality, threads: 1)
    let sinks: [AnimationSink] = [
      WebPAnimationWriter(width: width, height: height, loopCount: 0, config: config, parallel: parallel),
      try AnimEncoder(width: width, height: height, loopCount: 0, config: config),
    ]
    let bytes = try sinks.map { try $0.write(frames, durations: durations) }
    return (bytes[0], bytes[1])
  }

  /// Lossy frames: near-identical frames (merged within the quality's tolerance), opaque areas
  /// that change slightly (8×8 blocks flattened to transparent), half-transparent edges (no
  /// blending), qualities from 0 to 100.
  func testLossySameBytesAsWebPAnimEncoderOnRandomAnimations() throws {
    var random = SplitMix64(seed: 33)
    var compared = 0
    for trial in 0..<40 {
      let width = 16 + Int(random.next() % 33), height = 16 + Int(random.next() % 25)
      let count = 3 + Int(random.next() % 5)
      var frame = Frame(width: width, height: height)
      // An opaque backdrop over most of the canvas, so blocks can be flattened.
      for y in 0..<height { for x in 0..<(width - 3) { frame[x, y] = RGBA8(r: 40, g: 120, b: 200, a: 255) } }
      var frames: [Frame] = []
      for _ in 0..<count {
        switch random.next() % 4 {
        case 0, 1:
          // A tiny shift of every opaque colour (within the tolerance of most qualities) and two
          // opaque squares at opposite corners: the frame's rectangle spans the canvas, and the
          // 8×8 blocks between them can be flattened.
          for y in 0..<height { for x in 0..<width where frame[x, y].a == 255 {
            var p = frame[x, y]
            p.r = p.r &+ UInt8(random.next() % 3)
            frame[x, y] = p
          } }
          let c = RGBA8(r: UInt8(random.next() % 256), g: 250, b: 10, a: 255)
          for y in 0..<3 { for x in 0..<3 { frame[x, y] = c; frame[width - 6 + x, height - 3 + y] = c } }
        default:
          let x0 = Int(random.next() % UInt64(width)), y0 = Int(random.next() % UInt64(height))
          let x1 = min(width, x0 + 2 + Int(random.next() % 12)), y1 = min(height, y0 + 2 + Int(random.next() % 12))
          let c = RGBA8(r: UInt8(random.next() % 256), g: UInt8(random.next() % 256), b: 30,
                        a: [0, 100, 255, 255][Int(random.next() % 4)])
          for y in y0..<y1 { for x in x0..<x1 { frame[x, y] = c.a == 0 ? RGBA8(r: 0, g: 0, b: 0, a: 0) : c } }
        }
        frames.append(frame)
      }
      let quality = [0.0, 30, 50, 80, 95, 100][trial % 6]
      let durations = (0..<count).map { _ in 20 + Int(random.next() % 60) }
      do {
        let (ours, libwebp) = try Self.writeBothWays(width: width, height: height, frames: frames, durations: durations,
                                                     quality: quality, parallel: trial % 2 == 0)
        XCTAssertTrue(ours == libwebp, "trial \(trial) at quality \(quality): \(ours.count) vs \(libwebp.count) bytes")
        compared += 1
      } catch is WebPAnimationWriter.Unsupported {
        continue  // merged into one frame
      }
    }
    XCTAssertGreaterThan(compared, 30)
  }
}

