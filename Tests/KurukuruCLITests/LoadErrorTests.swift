import Foundation
import XCTest

/// Problems a preset can only show once it is resolved — a canvas that is no pixel or too many
/// at the scale asked for, a loop too short to time — are one line on stderr that names the
/// preset file, exit status 2, and nothing written.
final class LoadErrorTests: XCTestCase {
  /// Runs `arguments` in a fresh folder, expecting exit status 2, the one line `stderr` (which
  /// must start with `prefix`) and no file.
  func assertFails(
    _ arguments: [String], in dir: URL, prefix: String, stderr: String, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let r = try CLITest.run(arguments, in: dir)
    XCTAssertEqual(r.status, 2, "exit status", file: file, line: line)
    XCTAssertTrue(r.stderr.hasPrefix(prefix), r.stderr, file: file, line: line)
    XCTAssertEqual(r.stderr, stderr + "\n", file: file, line: line)
    XCTAssertEqual(r.stdout, "", file: file, line: line)
    let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { !$0.hasSuffix(".json") }
    XCTAssertEqual(left, [], "nothing written", file: file, line: line)
  }

  func testACanvasOfNoPixelNamesThePresetFile() throws {
    let dir = try CLITest.temporaryDirectory()
    let tiny = try CLITest.write(#"{"width": 0.4, "height": 0.4, "view": {"Circle": {}}}"#, named: "tiny.json", in: dir)
    let line = "\(tiny): scale 1 makes a 0×0 px canvas; each side must be 1…8192 px"
    try assertFails(["render", tiny, "--output", "out.gif"], in: dir, prefix: "\(tiny): scale 1 makes", stderr: line)
    try assertFails(["frame", tiny, "--time", "0", "--output", "out.png"], in: dir, prefix: "\(tiny): scale 1 makes", stderr: line)
    try assertFails(["debug", "time-render", tiny], in: dir, prefix: "\(tiny): scale 1 makes", stderr: line)
    // `info` describes the preset in points and draws nothing: it has no scale to refuse.
    let info = try CLITest.run(["info", tiny], in: dir)
    XCTAssertEqual(info.status, 0, info.stderr)
    XCTAssertTrue(info.stdout.contains("width: 0.4\n"), info.stdout)
  }

  func testACanvasTooLargeAtTheScaleNamesThePresetFile() throws {
    let dir = try CLITest.temporaryDirectory()
    let wide = try CLITest.write(#"{"width": 4097, "height": 10, "view": {"Circle": {}}}"#, named: "wide.json", in: dir)
    let line = "\(wide): scale 2 makes a 8194×20 px canvas; each side must be 1…8192 px"
    try assertFails(
      ["render", wide, "--scale", "2", "--output", "out.gif"], in: dir, prefix: "\(wide): scale 2 makes", stderr: line)
    try assertFails(
      ["frame", wide, "--scale", "2", "--time", "0", "--output", "out.png"], in: dir, prefix: "\(wide): scale 2 makes",
      stderr: line)
    // With several presets, the line names the one that fails.
    try assertFails(
      ["render", CLITest.preset("loading-circle"), wide, "--scale", "2", "--output", "out"], in: dir,
      prefix: "\(wide): scale 2 makes", stderr: line)
  }

  /// A loop of a nanosecond failed in WebP only, late ("frame 0 has duration 0 ms"); now every
  /// format refuses it at load, with the same line.
  func testEveryFormatRefusesALoopTooShortAlike() throws {
    let dir = try CLITest.temporaryDirectory()
    let short = try CLITest.write(
      #"{"width": 20, "height": 20, "view": {"Circle": {}, "modifiers": [{"opacity": {"from": 0, "to": 1, "animation": "linear(duration: 1e-9)"}}]}}"#,
      named: "short.json", in: dir)
    let line =
      "\(short):1:112: the loop would last 1e-9 s, shorter than the 0.01 s minimum; lengthen the animation or set \"duration\" (at view.modifiers[0].opacity.animation)"
    for format in ["gif", "png", "apng", "webp"] {
      try assertFails(
        ["render", short, "--format", format, "--output", "out"], in: dir, prefix: "\(short):1:112: the loop would last",
        stderr: line)
    }
    try assertFails(["info", short], in: dir, prefix: "\(short):1:112: the loop would last", stderr: line)
  }
}
