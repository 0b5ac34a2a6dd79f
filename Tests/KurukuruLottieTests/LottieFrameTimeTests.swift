import Foundation
import KurukuruCore
import KurukuruLottie
import XCTest

// MARK: - Frame time

/// Frame `i` shows Lottie frame `ip + (i / fps) · fr`; binary rounding of `i / fps · fr` must not
/// move a whole frame onto the one before it.
final class LottieFrameTimeTests: XCTestCase {
  /// A 15 fps file whose square jumps (hold keyframes) between x = 5 and x = 25 on every whole
  /// frame. 123 / 15 · 15 is 122.99999999999999 in binary: unsnapped, frame 123 (and 212 others
  /// below 1,000 at 15 fps) would still show the keyframe before it.
  func testAHoldKeyframeShowsOnItsOwnWholeFrame() throws {
    let keyframes = (0...300).map { k in #"{"t": \#(k), "s": [\#(k % 2 == 0 ? 5 : 25), 10], "h": 1}"# }
    let json = """
      {"v": "5.7.0", "fr": 15, "ip": 0, "op": 300, "w": 40, "h": 20, "layers": [
        {"ty": 4, "ip": 0, "op": 300, "st": 0, "ks": {"p": {"a": 1, "k": [\(keyframes.joined(separator: ","))]}},
         "shapes": [{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [10, 10]}, "r": {"a": 0, "k": 0}},
                    {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}]}]}
      """
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("hold-\(UUID().uuidString).json")
    try Data(json.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let animation = try LottieAnimation.load(path: url.path)
    // Frame i at t = i / 15 shows keyframe i: the square's centre at x = 5 (even i) or 25 (odd
    // i), so its ink starts at x = 0 or x = 20.
    for i in 0..<300 {
      let ink = try XCTUnwrap(animation.displayList(at: Double(i) / 15).inkBounds, "frame \(i)")
      XCTAssertEqual(ink.origin.x, i % 2 == 0 ? 0 : 20, accuracy: 1e-9, "frame \(i)")
      XCTAssertEqual(ink.size.width, 10, accuracy: 1e-9, "frame \(i)")
    }
  }
}
