import Foundation
import XCTest

/// `--max-work`: a loop of more pixel-views than the limit fails at once, before anything is
/// rendered or written: exit status 2 and one line for `render`, a failed preset for `batch`.
final class WorkLimitCommandTests: XCTestCase {
  /// 4096² points, 400 s at 240 fps, one view: 1.6×10¹² pixel-views, above the default 2×10¹¹.
  static let heavy = """
    {"name": "heavy", "width": 4096, "height": 4096, "fps": 240, "duration": 400, "view": {"Circle": {}}}
    """

  func testRenderRefusesAHeavyLoopInOneLineAndWritesNothing() throws {
    let dir = try CLITest.temporaryDirectory()
    let preset = try CLITest.write(Self.heavy, named: "heavy.json", in: dir)
    let r = try CLITest.run(["render", preset, "--output", "heavy.gif"], in: dir)
    XCTAssertEqual(r.status, 2)
    XCTAssertEqual(
      r.stderr,
      "\(preset): one loop is 1.61e+12 pixel-views (4096×4096 px × 96000 frames × 1 views), more than the limit of "
        + "2e+11; check the size, duration, fps and ForEach ranges, or raise the limit (Limits.maxWork); --max-work N raises it\n")
    XCTAssertEqual(r.stdout, "")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["heavy.json"])
  }

  func testMaxWorkLowersAndRaisesTheLimit() throws {
    let dir = try CLITest.temporaryDirectory()
    let low = try CLITest.run(["render", CLITest.preset("ball-pulse"), "--max-work", "1000", "--output", "a.gif"], in: dir)
    XCTAssertEqual(low.status, 2)
    XCTAssertTrue(low.stderr.contains("more than the limit of 1e+03"), low.stderr)
    XCTAssertEqual(low.stderr.filter { $0 == "\n" }.count, 1)
    XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("a.gif").path))

    let high = try CLITest.run(["render", CLITest.preset("ball-pulse"), "--max-work", "1e12", "--output", "b.gif"], in: dir)
    XCTAssertEqual(high.status, 0, high.stderr)
    XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("b.gif").path))

    let bad = try CLITest.run(["render", CLITest.preset("ball-pulse"), "--max-work", "0"], in: dir)
    XCTAssertEqual(bad.status, 2)
  }

  func testAFrameIsNotBoundByTheLoopsWork() throws {
    let dir = try CLITest.temporaryDirectory()
    let preset = try CLITest.write(
      Self.heavy.replacingOccurrences(of: "4096", with: "64"), named: "heavy.json", in: dir)
    let r = try CLITest.run(["frame", preset, "--time", "1", "--output", "f.png"], in: dir)
    XCTAssertEqual(r.status, 0, r.stderr)
  }

  func testBatchReportsTheHeavyPresetAsFailedAndRendersTheOthers() throws {
    let dir = try CLITest.temporaryDirectory()
    let input = dir.appendingPathComponent("in")
    try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
    _ = try CLITest.write(Self.heavy, named: "heavy.json", in: input)
    try FileManager.default.copyItem(atPath: CLITest.preset("ball-pulse"), toPath: input.appendingPathComponent("ball-pulse.json").path)
    let r = try CLITest.run(["batch", "in", "--output", "out", "--quiet"], in: dir)
    XCTAssertEqual(r.status, 1, r.stderr)
    // Batch plans GIF at its 50 fps cap first: 20,000 frames, still above the limit.
    XCTAssertTrue(r.stderr.contains("in/heavy.json: one loop is 3.36e+11 pixel-views (4096×4096 px × 20000 frames × 1 views)"), r.stderr)
    let out = dir.appendingPathComponent("out")
    XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent("ball-pulse.gif").path))
    XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("heavy.gif").path))
  }
}
