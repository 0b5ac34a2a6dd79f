import Foundation
import KurukuruCodecs
import XCTest

/// What `presets`, `info` and `render` print for people: names never cut, frame rates short,
/// frame counts that say what the file holds.
final class ListingTextTests: XCTestCase {
  /// 1.618 s at 30 fps is 48.54 frames: 49 frames at 30.284301606922… fps.
  private let long = """
    {"title": "Long", "width": 40, "height": 40, "fps": 30, "duration": 1.618,
     "view": {"Circle": {}, "modifiers": [{"opacity": {"from": 0, "to": 1, "animation": "linear(duration: 1.618)"}}]}}
    """
  /// Fades in over the first half second of a 1 s loop at 10 fps, then holds: frames 5…9 are
  /// the same picture.
  private let pause = """
    {"width": 8, "height": 8, "fps": 10, "duration": 1,
     "view": {"Circle": {}, "modifiers": [{"opacity": {"from": 0, "to": 1, "animation": "linear(duration: 0.5)"}}]}}
    """

  func testPresetsWidensTheNameColumnAndRoundsTheFrameRate() throws {
    let dir = try CLITest.temporaryDirectory()
    _ = try CLITest.write(long, named: "a-very-long-preset-name-for-listing.json", in: dir)
    _ = try CLITest.write(pause, named: "short.json", in: dir)
    let r = try CLITest.run(["presets", "--dir", dir.path])
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertEqual(
      r.stdout,
      """
      a-very-long-preset-name-for-listing 40×40     30.28 fps  1.618 s  49 frames  — Long
      short                               8×8       10 fps  1 s  10 frames

      """)
    let json = try CLITest.run(["presets", "--dir", dir.path, "--json"])
    XCTAssertTrue(json.stdout.contains("30.2843016069"), "--json keeps the exact rate: \(json.stdout)")
    let info = try CLITest.run(["info", dir.appendingPathComponent("a-very-long-preset-name-for-listing.json").path])
    XCTAssertTrue(info.stdout.contains("\nfps: 30.28\n"), info.stdout)
  }

  func testRenderSaysHowManyFramesTheFileHoldsAfterMerging() throws {
    let dir = try CLITest.temporaryDirectory()
    let preset = try CLITest.write(pause, named: "pause.json", in: dir)
    for (format, kind) in [("gif", "GIF"), ("apng", "APNG"), ("webp", "WebP")] {
      let out = dir.appendingPathComponent("pause.\(format)").path
      let r = try CLITest.run(["render", preset, "--format", format, "--output", out])
      XCTAssertEqual(r.status, 0, r.stderr)
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
      let stored: Int
      switch format {
      case "gif": stored = try GIFDecoder.info(bytes).frames
      case "apng": stored = try APNGDecoder.info(bytes).frames
      default: stored = try WebPDecoder.info(bytes).frames
      }
      XCTAssertEqual(stored, 6, "frames 5…9 merged into one: \(format)")
      XCTAssertEqual(r.stdout, "\(out): 10 frames (6 in the \(kind) after merging identical frames), 1 s, \(bytes.count) bytes\n")
    }
    // Nothing merged: one count.
    let out = dir.appendingPathComponent("dot.gif").path
    let r = try CLITest.run(["render", CLITest.preset("timing-curve-dot"), "--output", out])
    let size = try FileManager.default.attributesOfItem(atPath: out)[.size] as? Int
    XCTAssertEqual(r.stdout, "\(out): 57 frames, 1.9 s, \(size ?? -1) bytes\n")
  }
}
