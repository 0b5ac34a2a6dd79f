import Foundation
import Kurukuru
import XCTest

/// The PNG-sequence writer (`FastPNGEncoder`s from a pool plus copies of repeated frames): exact pixels on
/// every bundled preset, identical frames in identical files, the same bytes for any jobs.
final class PNGSequenceFastTests: XCTestCase {
  func testEveryPresetsFirstFramesRoundTripExactly() throws {
    XCTAssertGreaterThanOrEqual(APNGRenderTests.presetNames.count, 17)
    for name in APNGRenderTests.presetNames {
      for scale in [1.0, 3.0] {
        let renderer = try Renderer(try RendererTests.preset(name), scale: scale, jobs: 2)
        for i in 0..<min(3, renderer.frameCount) {
          let frame = try renderer.frame(i)
          XCTAssertEqual(try PNG.decode(try PNG.encodeFast(frame)), frame, "\(name) @\(scale)x frame \(i)")
        }
      }
    }
  }

  /// A dot that moves right for 1 s and back (loop of 2 s at 10 fps): frame k and frame 20 − k
  /// show the same pixels, and the writer copies the first file written for the second.
  func testIdenticalFramesGiveIdenticalFilesForAnyJobs() throws {
    let preset = try Preset(
      text: """
        {"name": "bounce", "width": 20, "height": 20, "fps": 10, "view": {"Circle": {}, "modifiers": [
          {"frame": 10}, {"offset": {"x": {"from": -5, "to": 5, "animation": "linear(duration: 1).repeatForever(autoreverses: true)"}}}]}}
        """, file: "bounce.json")
    var outputs: [[[UInt8]]] = []
    for jobs in [1, 2, 4] {
      let dir = FileManager.default.temporaryDirectory.appendingPathComponent("kurukuru-pngseq-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: dir) }
      let renderer = try Renderer(preset, scale: 2, jobs: jobs)
      let summary = try renderer.write(.pngSequence(), to: dir.path)
      let files = try summary.files.map { name in
        [UInt8](try XCTUnwrap(FileManager.default.contents(atPath: dir.appendingPathComponent(name).path)))
      }
      let frames = try renderer.frames(0..<renderer.frameCount)
      var pairs = 0
      for i in frames.indices {
        XCTAssertEqual(try PNG.decode(files[i]), frames[i], "jobs \(jobs) frame \(i)")
        for j in frames.indices where j > i && frames[j] == frames[i] {
          XCTAssertEqual(files[j], files[i], "jobs \(jobs): frames \(i) and \(j)")
          pairs += 1
        }
      }
      XCTAssertGreaterThan(pairs, 0, "the bounce has repeated frames")
      XCTAssertEqual(summary.bytes, files.reduce(0) { $0 + $1.count })
      outputs.append(files)
    }
    XCTAssertEqual(outputs[0], outputs[1])
    XCTAssertEqual(outputs[0], outputs[2])
  }

  /// Bundled presets written as PNG sequences with 1 and 3 jobs: the same files, byte for byte,
  /// though each job's encoder saw other frames before.
  func testBundledPresetSequencesAreTheSameBytesAtOneAndThreeJobs() throws {
    for name in ["four-color-ring", "gradient-ring", "activity-indicator"] {
      var outputs: [[[UInt8]]] = []
      for jobs in [1, 3] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("kurukuru-pngjobs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let summary = try Renderer(try RendererTests.preset(name), scale: 2, jobs: jobs).write(.pngSequence(), to: dir.path)
        outputs.append(try summary.files.map { file in
          [UInt8](try XCTUnwrap(FileManager.default.contents(atPath: dir.appendingPathComponent(file).path)))
        })
      }
      XCTAssertGreaterThan(outputs[0].count, 10, name)
      XCTAssertTrue(outputs[0] == outputs[1], "\(name): jobs 1 and 3 write the same files")
    }
  }
}
