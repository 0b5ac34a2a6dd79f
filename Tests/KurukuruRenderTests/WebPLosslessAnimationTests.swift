import Foundation
import Kurukuru
import KurukuruCore
import XCTest

@testable import KurukuruCodecs

/// `LosslessAnimation` must write the bytes libwebp's own `WebPAnimEncoder` writes with the same
/// settings on every bundled preset (random animations: `KurukuruCodecsTests.LosslessAnimationTests`).
final class WebPLosslessAnimationTests: XCTestCase {
  func testSameBytesAsWebPAnimEncoderOnEveryBundledPreset() throws {
    for path in try WebPTests.presetPaths() {
      let renderer = try Renderer(try Preset.load(path: path), scale: 1)
      let frames = try renderer.frames(0..<renderer.frameCount)
      let durations = WebPDelays.milliseconds(frameCount: renderer.frameCount, fps: renderer.scene.timeline.fps)
      let options = WebPOptions(threads: 2)
      let ours = try WebPEncoder.encode(width: renderer.width, height: renderer.height, durations: durations,
                                        options: options, libwebpAnimation: false) { Array(frames[$0]) }.bytes
      let libwebp = try WebPEncoder.encode(width: renderer.width, height: renderer.height, durations: durations,
                                           options: options, libwebpAnimation: true) { Array(frames[$0]) }.bytes
      XCTAssertEqual(ours.count, libwebp.count, "\(path): size")
      XCTAssertTrue(ours == libwebp, "\(path): bytes")
    }
  }
}
