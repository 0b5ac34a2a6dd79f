import Foundation
import KurukuruCore
import KurukuruCodecs
import XCTest

// MARK: - kurukuru compare, end to end

/// Runs the built `kurukuru compare` on files written in a scratch folder and checks the exit
/// status, stdout, stderr and the files written.
final class CompareCommandTests: XCTestCase {
  private var scratch: CompareScratch?

  override func setUpWithError() throws { scratch = try CompareScratch() }
  override func tearDown() { scratch?.cleanUp() }

  private func dir() throws -> CompareScratch { try XCTUnwrap(scratch) }

  // MARK: - Images

  func testIdenticalPNGsExitZero() throws {
    let a = try dir().png("a.png", compareFrame(1)), b = try dir().png("b.png", compareFrame(1))
    let run = try CLITest.run(["compare", a, b])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertTrue(run.stdout.hasPrefix("identical"), run.stdout)
    XCTAssertEqual(run.stderr, "")
  }

  func testOneChangedPixelExitsOneWithTheCount() throws {
    var changed = compareFrame(1)
    setPixel(&changed, 20, 2, RGBA8(r: 0, g: 0, b: 0))
    let a = try dir().png("a.png", compareFrame(1)), b = try dir().png("b.png", changed)
    let run = try CLITest.run(["compare", a, b])
    XCTAssertEqual(run.status, 1)
    XCTAssertTrue(run.stdout.hasPrefix("1 mismatched pixel "), run.stdout)
    let json = try CLITest.run(["compare", a, b, "--json"])
    XCTAssertEqual(json.status, 1)
    let object = try parse(json.stdout)
    XCTAssertEqual(object["mismatchedPixels"] as? Int, 1)
    XCTAssertEqual(object["identical"] as? Bool, false)
    let frames = try XCTUnwrap(object["frames"] as? [[String: Any]])
    XCTAssertEqual(frames.count, 1)
    XCTAssertEqual(frames[0]["index"] as? Int, 0)
    XCTAssertEqual(frames[0]["mismatchedPixels"] as? Int, 1)
    XCTAssertTrue(frames[0]["delayA"] is NSNull)
  }

  /// A dark-gray pixel on white is below threshold 1 but above 0.1.
  func testThresholdOption() throws {
    var changed = compareFrame(1)
    setPixel(&changed, 20, 2, RGBA8(r: 200, g: 200, b: 200))
    let a = try dir().png("a.png", compareFrame(1)), b = try dir().png("b.png", changed)
    XCTAssertEqual(try CLITest.run(["compare", a, b]).status, 1)
    XCTAssertEqual(try CLITest.run(["compare", a, b, "--threshold", "0.5"]).status, 0)
    let bad = try CLITest.run(["compare", a, b, "--threshold", "2"])
    XCTAssertEqual(bad.status, 2)
    XCTAssertTrue(bad.stderr.contains("--threshold"), bad.stderr)
  }

  func testSizeMismatchExitsOneWithAMessage() throws {
    let a = try dir().png("a.png", compareFrame(1))
    let b = try dir().png("b.png", Frame(width: 20, height: 16, fill: RGBA8(r: 255, g: 255, b: 255)))
    let run = try CLITest.run(["compare", a, b])
    XCTAssertEqual(run.status, 1)
    XCTAssertTrue(run.stdout.contains("sizes differ"), run.stdout)
    XCTAssertTrue(run.stdout.contains("24×16") && run.stdout.contains("20×16"), run.stdout)
  }

  func testUnreadableInputExitsTwoNamingTheFile() throws {
    let a = try dir().png("a.png", compareFrame(1))
    let missing = try dir().path + "/missing.png"
    let run = try CLITest.run(["compare", a, missing])
    XCTAssertEqual(run.status, 2)
    XCTAssertTrue(run.stderr.contains(missing), run.stderr)
    XCTAssertEqual(run.stderr.split(separator: "\n").count, 1)
    XCTAssertEqual(run.stdout, "")

    let junk = try dir().path + "/junk.png"
    try Data([0x89, 0x50, 0x4E, 0x47, 0, 0, 0]).write(to: URL(fileURLWithPath: junk))
    let corrupt = try CLITest.run(["compare", junk, a])
    XCTAssertEqual(corrupt.status, 2)
    XCTAssertTrue(corrupt.stderr.hasPrefix(junk), corrupt.stderr)

    let usage = try CLITest.run(["compare", a])
    XCTAssertEqual(usage.status, 2)
    XCTAssertTrue(usage.stderr.contains("two inputs"), usage.stderr)
  }

  func testDiffPNGIsWritten() throws {
    var changed = compareFrame(1)
    setPixel(&changed, 20, 2, RGBA8(r: 0, g: 0, b: 0))
    let a = try dir().png("a.png", compareFrame(1)), b = try dir().png("b.png", changed)
    let out = try dir().path + "/out/diff.png"
    XCTAssertEqual(try CLITest.run(["compare", a, b, "--diff", out]).status, 1)
    let diff = try PNG.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: out))))
    XCTAssertEqual(diff.width, 24)
    XCTAssertEqual(diff[20, 2], RGBA8(r: 255, g: 0, b: 0), "the changed pixel is red")
    XCTAssertEqual(diff[0, 0].a, 255, "the rest is the faded first image")
    XCTAssertNotEqual(diff[0, 0], RGBA8(r: 255, g: 0, b: 0))
    let masked = try dir().path + "/out/mask.png"
    _ = try CLITest.run(["compare", a, b, "--diff", masked, "--diff-mask"])
    let mask = try PNG.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: masked))))
    XCTAssertEqual(mask[0, 0].a, 0, "a diff mask leaves matching pixels transparent")
  }

  // MARK: - Animations

  func testGIFWithOneChangedFrame() throws {
    let frames = (0..<4).map { compareFrame($0) }
    var changed = frames
    changed[2] = compareFrame(2, color: RGBA8(r: 200, g: 0, b: 0))
    let a = try dir().gif("a.gif", frames, delays: [4, 4, 4, 4])
    let b = try dir().gif("b.gif", changed, delays: [4, 4, 4, 4])
    XCTAssertEqual(try CLITest.run(["compare", a, a]).status, 0)
    let run = try CLITest.run(["compare", a, b, "--json"])
    XCTAssertEqual(run.status, 1)
    let object = try parse(run.stdout)
    let perFrame = try XCTUnwrap(object["frames"] as? [[String: Any]])
    XCTAssertEqual(perFrame.map { $0["mismatchedPixels"] as? Int }, [0, 0, 48, 0])
    XCTAssertEqual(perFrame.map { $0["delayA"] as? Int }, [4, 4, 4, 4])
    XCTAssertEqual(object["mismatchedPixels"] as? Int, 48)
    let text = try CLITest.run(["compare", a, b])
    XCTAssertTrue(text.stdout.hasPrefix("1 of 4 frames differ: 48 mismatched pixels"), text.stdout)
  }

  /// A longer delay on one side shows its next frames later: they differ where the two show
  /// different frames (found at the time), and the total durations differ.
  func testGIFWithAChangedDelay() throws {
    let frames = (0..<3).map { compareFrame($0) }
    let a = try dir().gif("a.gif", frames, delays: [4, 4, 4])
    let b = try dir().gif("b.gif", frames, delays: [4, 10, 4])
    let run = try CLITest.run(["compare", a, b, "--json"])
    XCTAssertEqual(run.status, 1)
    let object = try parse(run.stdout)
    XCTAssertEqual(object["durationsDiffer"] as? Bool, true)
    XCTAssertEqual(object["durationA"] as? Double, 0.12)
    XCTAssertEqual(object["durationB"] as? Double, 0.18)
    let perFrame = try XCTUnwrap(object["frames"] as? [[String: Any]])
    XCTAssertEqual(perFrame[1]["delayA"] as? Int, 4)
    XCTAssertEqual(perFrame[1]["delayB"] as? Int, 10)
    let first = try XCTUnwrap(perFrame.first { ($0["mismatchedPixels"] as? Int ?? 0) > 0 })
    XCTAssertEqual(first["frameA"] as? Int, 2)
    XCTAssertEqual(first["frameB"] as? Int, 1)
    XCTAssertEqual(first["time"] as? Double, 0.08)
    let text = try CLITest.run(["compare", a, b])
    XCTAssertTrue(text.stdout.contains("(first: frame 2 vs 1 at 0.08 s)"), text.stdout)
    XCTAssertTrue(text.stdout.hasSuffix("durations differ: 0.12 vs 0.18 s\n"), text.stdout)
  }

  func testGIFWithAMissingFrame() throws {
    let frames = (0..<4).map { compareFrame($0) }
    let a = try dir().gif("a.gif", frames, delays: [4, 4, 4, 4])
    let b = try dir().gif("b.gif", Array(frames.prefix(3)), delays: [4, 4, 4])
    let run = try CLITest.run(["compare", a, b])
    XCTAssertEqual(run.status, 1)
    XCTAssertTrue(run.stdout.contains("durations differ: 0.16 vs 0.12 s"), run.stdout)
    XCTAssertFalse(run.stdout.contains("frame counts differ"), "by display time the counts alone do not count")
    let object = try parse(try CLITest.run(["compare", a, b, "--json"]).stdout)
    XCTAssertEqual(object["frameCountA"] as? Int, 4)
    XCTAssertEqual(object["frameCountB"] as? Int, 3)
    let last = try XCTUnwrap((object["frames"] as? [[String: Any]])?.last)
    XCTAssertEqual(last["presentInB"] as? Bool, false)
    XCTAssertEqual(last["mismatchedPixels"] as? Int, 24 * 16)
  }

  /// Frames are ordered by number (2 before 10), and a folder compares with a GIF of the same
  /// frames; diffs go to a folder.
  func testFolderVsFolderAndFolderVsGIF() throws {
    let frames = (0..<11).map { compareFrame($0 % 6) }
    for (i, f) in frames.enumerated() {
      try dir().png("A/spin\(i).png", f)
      try dir().png("B/spin\(i)@2x.png", f)
    }
    let a = try dir().path + "/A", b = try dir().path + "/B"
    let same = try CLITest.run(["compare", a, b])
    XCTAssertEqual(same.status, 0, same.stdout + same.stderr)
    XCTAssertEqual(same.stdout, "identical: 11 frames, 0 mismatched pixels\n")
    let gif = try dir().gif("a.gif", frames, delays: Array(repeating: 4, count: 11))
    XCTAssertEqual(try CLITest.run(["compare", a, gif]).status, 0, "a folder has no delays to differ")

    try dir().png("B/spin10@2x.png", compareFrame(4, color: RGBA8(r: 0, g: 150, b: 0)))
    let diffs = try dir().path + "/diffs"
    let run = try CLITest.run(["compare", a, b, "--json", "--diff", diffs])
    XCTAssertEqual(run.status, 1)
    let perFrame = try XCTUnwrap(try parse(run.stdout)["frames"] as? [[String: Any]])
    XCTAssertEqual(perFrame.compactMap { $0["mismatchedPixels"] as? Int }.filter { $0 > 0 }.count, 1)
    XCTAssertEqual(perFrame[10]["mismatchedPixels"] as? Int, 48)
    let files = try FileManager.default.contentsOfDirectory(atPath: diffs).sorted()
    XCTAssertEqual(files.count, 11)
    XCTAssertTrue(files.contains("diff10.png"))
    let diff10 = try PNG.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: diffs + "/diff10.png"))))
    XCTAssertEqual(diff10[14, 6], RGBA8(r: 255, g: 0, b: 0))
  }

  // MARK: - Renders of one preset

  /// Renders `preset` with the built binary (extra arguments after it) into the scratch folder.
  private func render(_ preset: String, _ arguments: [String]) throws {
    let run = try CLITest.run(["render", preset] + arguments, in: URL(fileURLWithPath: try dir().path))
    XCTAssertEqual(run.status, 0, run.stderr)
  }

  /// The APNG and the WebP of a render equal its PNG folder (exit 0) though they merge
  /// identical frames; the GIF differs at most in its palette's pixels, never in frame counts or
  /// timing.
  func testEveryFormatOfARenderComparesByDisplayTimeWithItsPNGFolder() throws {
    for (preset, scale) in [("four-color-ring", "2"), ("activity-indicator", "1"), ("bars-fade", "1")] {
      try render(preset, ["--format", "png", "--scale", scale, "--output", "\(preset)-png"])
      for format in ["apng", "webp", "gif"] {
        try render(preset, ["--format", format, "--scale", scale, "--output", "\(preset).\(format)"])
      }
      let folder = try dir().path + "/\(preset)-png"
      for format in ["apng", "webp"] {
        let run = try CLITest.run(["compare", try dir().path + "/\(preset).\(format)", folder])
        XCTAssertEqual(run.status, 0, "\(preset).\(format): \(run.stdout)")
        XCTAssertTrue(run.stdout.hasPrefix("identical: "), run.stdout)
      }
      let gif = try CLITest.run(["compare", try dir().path + "/\(preset).gif", folder, "--json"])
      let object = try parse(gif.stdout)
      XCTAssertEqual(object["comparedBy"] as? String, "displayTime")
      XCTAssertEqual(object["durationsDiffer"] as? Bool, false, preset)
      let positions = try XCTUnwrap(object["frames"] as? [[String: Any]])
      XCTAssertTrue(positions.allSatisfy { $0["presentInA"] as? Bool == true && $0["presentInB"] as? Bool == true }, preset)
      XCTAssertTrue(positions.allSatisfy { $0["sizeMismatch"] as? Bool == false }, preset)
      let text = try CLITest.run(["compare", try dir().path + "/\(preset).gif", folder]).stdout
      XCTAssertFalse(text.contains("frame counts differ") || text.contains("durations differ"), text)
    }
  }

  /// A GIF of a 60 fps scene is re-timed to 50 fps (delays of 2 cs, 75 frames for 90): against
  /// the 60 fps PNG folder over the same 1.5 s it differs only in pixels, every folder frame is
  /// compared, in time order.
  func testGIFRetimedToFiftyFPSAgainstASixtyFPSFolder() throws {
    try render("activity-indicator", ["--format", "png", "--fps", "60", "--output", "p60"])
    try render("activity-indicator", ["--format", "gif", "--fps", "60", "--output", "a.gif"])
    let run = try CLITest.run(["compare", try dir().path + "/a.gif", try dir().path + "/p60", "--json"])
    let object = try parse(run.stdout)
    XCTAssertEqual(object["frameCountB"] as? Int, 90)
    XCTAssertEqual(object["durationA"] as? Double, 1.5)
    XCTAssertTrue(object["durationB"] is NSNull, "a folder has no timing")
    XCTAssertEqual(object["durationsDiffer"] as? Bool, false)
    let positions = try XCTUnwrap(object["frames"] as? [[String: Any]])
    XCTAssertEqual(Set(positions.compactMap { $0["frameB"] as? Int }), Set(0..<90))
    XCTAssertTrue(positions.allSatisfy { $0["presentInA"] as? Bool == true && $0["presentInB"] as? Bool == true })
    let times = positions.compactMap { $0["time"] as? Double }
    XCTAssertEqual(times.count, positions.count)
    XCTAssertEqual(times, times.sorted())
    let text = try CLITest.run(["compare", try dir().path + "/a.gif", try dir().path + "/p60"]).stdout
    XCTAssertFalse(text.contains("frame counts differ") || text.contains("durations differ"), text)
  }

  /// One changed frame of a PNG folder is found at that frame and its time, against the APNG
  /// that merged frames around it.
  func testOneChangedFolderFrameIsFoundAtItsFrameAndTime() throws {
    try render("four-color-ring", ["--format", "png", "--output", "png"])
    try render("four-color-ring", ["--format", "apng", "--output", "a.apng"])
    let file = try dir().path + "/png/four-color-ring10.png"
    var frame = try PNG.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: file))))
    for y in 0..<6 { for x in 0..<6 { setPixel(&frame, x, y, RGBA8(r: 255, g: 0, b: 255)) } }
    try Data(try PNG.encode(frame)).write(to: URL(fileURLWithPath: file))
    let run = try CLITest.run(["compare", try dir().path + "/a.apng", try dir().path + "/png", "--json"])
    XCTAssertEqual(run.status, 1)
    let positions = try XCTUnwrap(try parse(run.stdout)["frames"] as? [[String: Any]])
    let differing = positions.filter { ($0["mismatchedPixels"] as? Int ?? 0) > 0 }
    XCTAssertEqual(differing.count, 1)
    XCTAssertEqual(differing.first?["frameB"] as? Int, 10)
    XCTAssertEqual(differing.first?["mismatchedPixels"] as? Int, 36)
    XCTAssertEqual(try XCTUnwrap(differing.first?["time"] as? Double), 10.0 / 30, accuracy: 1e-9)
    let text = try CLITest.run(["compare", try dir().path + "/a.apng", try dir().path + "/png"]).stdout
    XCTAssertTrue(text.hasPrefix("1 of 45 frames differ: 36 mismatched pixels (first: frame "), text)
    XCTAssertTrue(text.contains(" vs 10 at 0.3333 s)"), text)
  }

  func testEmptyFolderIsUnreadable() throws {
    let empty = try dir().path + "/empty"
    try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
    let run = try CLITest.run(["compare", empty, empty])
    XCTAssertEqual(run.status, 2)
    XCTAssertTrue(run.stderr.contains(empty), run.stderr)
  }

  // MARK: - Helpers

  private func parse(_ text: String) throws -> [String: Any] {
    let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try XCTUnwrap(value as? [String: Any], text)
  }
}
