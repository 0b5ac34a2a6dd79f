import Foundation
import Kurukuru
import KurukuruCore
import XCTest

@testable import KurukuruCodecs

/// `WebPAnimationWriter` must write the bytes libwebp's own `WebPAnimEncoder` writes with the same
/// settings on every bundled preset, lossless and lossy (random animations:
/// `KurukuruCodecsTests.WebPAnimationWriterTests`).
final class WebPAnimationWriterPresetTests: XCTestCase {
  func testSameBytesAsWebPAnimEncoderOnEveryBundledPreset() throws {
    for path in try WebPTests.presetPaths() {
      let renderer = try Renderer(try Preset.load(path: path), scale: 1)
      let frames = try renderer.frames(0..<renderer.frameCount)
      let timed = TimedFrames(width: renderer.width, height: renderer.height, timing: renderer.timedFrames.timing) {
        Array(frames[$0])
      }
      let options = WebPOptions(threads: 2)
      let ours = try WebPEncoder.encode(timed, options: options, libwebpAnimation: false).bytes
      let libwebp = try WebPEncoder.encode(timed, options: options, libwebpAnimation: true).bytes
      XCTAssertEqual(ours.count, libwebp.count, "\(path): size")
      XCTAssertTrue(ours == libwebp, "\(path): bytes")
    }
  }

  func testLossySameBytesAsWebPAnimEncoderOnEveryBundledPreset() throws {
    for path in try WebPTests.presetPaths() {
      let renderer = try Renderer(try Preset.load(path: path), scale: 1)
      let frames = try renderer.frames(0..<renderer.frameCount)
      let durations = WebPDelays.milliseconds(renderer.timedFrames.timing)
      let config = try WebPEncoder.config(quality: 80, threads: 1)
      let sinks: [AnimationSink] = [
        WebPAnimationWriter(width: renderer.width, height: renderer.height, loopCount: 0, config: config, parallel: true),
        try AnimEncoder(width: renderer.width, height: renderer.height, loopCount: 0, config: config),
      ]
      let files: [[UInt8]]
      do {
        files = try sinks.map { try $0.write(frames, durations: durations) }
      } catch is WebPAnimationWriter.Unsupported {
        continue  // a loop that merges into one frame at this quality: libwebp writes it
      }
      XCTAssertEqual(files[0].count, files[1].count, "\(path): size")
      XCTAssertTrue(files[0] == files[1], "\(path): bytes")
    }
  }
}

